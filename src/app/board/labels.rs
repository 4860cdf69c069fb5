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

/// Paints each coordinate where the board camera sees it, as large as it is on the board.
fn paint_labels(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    labels: Query<(&CoordinateLabel, &Transform)>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    if settings.view != BoardView::TwoD || labels.is_empty() {
        return Ok(());
    }
    let Ok(camera) = camera.single() else {
        return Ok(());
    };
    let placed = labels.iter().map(|(label, t)| (label, t.translation));
    paint_seen(&mut contexts, camera, placed, LabelSize::OnTheBoard)
}

/// How large a painted coordinate is.
#[derive(Clone, Copy, Debug)]
pub enum LabelSize {
    /// As large as the camera sees its size on the board.
    OnTheBoard,
    /// This many of egui's points, however far the camera is.
    Points(f32),
}

/// Paints each of `labels` (a coordinate and its place in the world) where `camera` sees
/// that place, as large as `size` says.
pub fn paint_seen<'a>(
    contexts: &mut EguiContexts,
    (camera, view): (&Camera, &GlobalTransform),
    labels: impl IntoIterator<Item = (&'a CoordinateLabel, Vec3)>,
    size: LabelSize,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The camera's viewport is in logical pixels; egui paints in points, zoom times larger.
    let zoom = ctx.zoom_factor();
    for (label, place) in labels {
        let Ok(at) = camera.world_to_viewport(view, place) else {
            continue;
        };
        let points = match size {
            LabelSize::Points(points) => points,
            LabelSize::OnTheBoard => {
                match camera.world_to_viewport(view, place + Vec3::Y * label.size) {
                    Ok(top) => at.distance(top) / zoom,
                    Err(_) => continue,
                }
            }
        };
        let [r, g, b, _] = label.colour.to_srgba().to_u8_array();
        painter.text(
            egui::pos2(at.x / zoom, at.y / zoom),
            egui::Align2::CENTER_CENTER,
            &label.text,
            egui::FontId::proportional(points),
            egui::Color32::from_rgb(r, g, b),
        );
    }
    Ok(())
}
