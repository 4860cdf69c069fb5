//! The board's coordinates in the 2D view: each label painted by egui where the board camera
//! sees its place, as large as its size on the board. egui draws every other text of the game
//! too, so the game carries one text system, not a second one in Bevy.

use crate::app::board::camera::BoardCamera;
use crate::app::board::layout::CoordinateLabel;
use crate::app::shared::settings::{BoardView, Settings};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Registers the painting of the coordinates in the 2D view.
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, paint_labels);
}

/// Paints each coordinate where the board camera sees it, its size on the board turned into
/// egui's points (logical pixels divided by egui's zoom, the interface size).
fn paint_labels(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    labels: Query<(&CoordinateLabel, &Transform)>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    if settings.view != BoardView::TwoD || labels.is_empty() {
        return Ok(());
    }
    let Ok((camera, view)) = camera.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let zoom = ctx.zoom_factor();
    for (label, transform) in &labels {
        let place = transform.translation;
        let (Ok(at), Ok(top)) = (
            camera.world_to_viewport(view, place),
            camera.world_to_viewport(view, place + Vec3::Y * label.size),
        ) else {
            continue;
        };
        paint_label(&painter, at / zoom, label, at.distance(top) / zoom);
    }
    Ok(())
}

/// Paints `label` centred on `at` (in egui's points), its font `size` points high.
pub fn paint_label(painter: &egui::Painter, at: Vec2, label: &CoordinateLabel, size: f32) {
    let [r, g, b, _] = label.colour.to_srgba().to_u8_array();
    painter.text(
        egui::pos2(at.x, at.y),
        egui::Align2::CENTER_CENTER,
        &label.text,
        egui::FontId::proportional(size),
        egui::Color32::from_rgb(r, g, b),
    );
}
