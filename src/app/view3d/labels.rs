//! The board's coordinates in the 3D view: the 2D board's own labels, each painted at the point
//! of the table where its 3D place is seen, in its colour (egui's zoom, the interface size,
//! makes them larger with the panels).

use super::mirror::{TwinKind, pose_of};
use super::rig::TableCamera;
use crate::app::board::labels::{LabelSize, paint_seen};
use crate::app::board::layout::{BoardLayout, CoordinateLabel};
use crate::app::shared::settings::{BoardView, Settings};
use bevy::prelude::*;
use bevy_egui::EguiContexts;

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
    let Ok(camera) = camera.single() else {
        return Ok(());
    };
    let placed = labels.iter().map(|(label, transform)| {
        let pose = pose_of(TwinKind::Flat, transform, Vec2::ZERO, layout.flipped);
        (label, pose.translation)
    });
    paint_seen(
        &mut contexts,
        camera,
        placed,
        LabelSize::Points(LABEL_POINTS),
    )
}
