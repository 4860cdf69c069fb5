//! The board's coordinates in the 3D view: the 2D board's own labels, each painted at the point
//! of the table where its 3D place is seen, in its colour (egui's zoom, the interface size,
//! makes them larger with the panels).

use super::mirror::{TwinKind, pose_of};
use super::rig::TableCamera;
use crate::app::board::labels::paint_label;
use crate::app::board::layout::{BoardLayout, CoordinateLabel};
use crate::app::shared::settings::{BoardView, Settings};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The coordinates' font size in the 3D view, in egui's points.
const LABEL_POINTS: f32 = 15.0;

/// Paints each coordinate label where the 3D camera sees its place on the table.
pub fn paint_labels(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    labels: Query<(&CoordinateLabel, &Transform)>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
) -> Result {
    if settings.view != BoardView::ThreeD {
        return Ok(());
    }
    let Ok((camera, view)) = camera.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The camera's viewport is in logical pixels; egui paints in points, zoom times larger.
    let zoom = ctx.zoom_factor();
    for (label, transform) in &labels {
        let place = pose_of(TwinKind::Flat, transform, Vec2::ZERO, layout.flipped).translation;
        if let Ok(at) = camera.world_to_viewport(view, place) {
            paint_label(&painter, at / zoom, label, LABEL_POINTS);
        }
    }
    Ok(())
}
