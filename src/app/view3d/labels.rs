//! The board's coordinates in the 3D view: the 2D board's own labels, each painted beside the
//! panels at the point of the table where its 3D place is seen, in the theme's coordinate colour
//! (egui's zoom, the interface size, makes them larger with the panels).

use super::mirror::{TwinKind, pose_of};
use super::rig::TableCamera;
use crate::app::board::layout::{BoardLayout, Decor};
use crate::app::board::spawn::label_colour;
use crate::app::shared::settings::{BoardView, Settings};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Paints each coordinate label where the 3D camera sees its place on the table.
pub fn paint_labels(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    labels: Query<(&Text2d, &Transform), With<Decor>>,
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
    let [r, g, b, _] = label_colour(settings.theme).to_srgba().to_u8_array();
    // The camera's viewport is in logical pixels; egui paints in points, zoom times larger.
    let zoom = ctx.zoom_factor();
    for (text, transform) in &labels {
        let place = pose_of(TwinKind::Flat, transform, Vec2::ZERO, layout.flipped).translation;
        if let Ok(at) = camera.world_to_viewport(view, place) {
            painter.text(
                egui::pos2(at.x / zoom, at.y / zoom),
                egui::Align2::CENTER_CENTER,
                &text.0,
                egui::FontId::proportional(15.0),
                egui::Color32::from_rgb(r, g, b),
            );
        }
    }
    Ok(())
}
