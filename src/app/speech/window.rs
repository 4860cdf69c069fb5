//! Puts the board's grid into the window's accessibility tree each frame a screen reader
//! listens, each location at the rectangle where the camera in use (2D or 3D) shows it.

use super::tree::{BoardSpeech, board_grid};
use crate::app::board::camera::BoardCamera;
use crate::app::board::layout::{BoardLayout, SQUARE, shown_position};
use crate::app::shared::game::{ActiveGame, Viewing};
use crate::app::shared::screen::InGame;
use crate::app::view3d::TableCamera;
use crate::app::view3d::mirror::{TwinKind, pose_of};
use bevy::a11y::AccessibilityRequested;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Registers the grid.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        grid.run_if(in_state(InGame))
            .run_if(resource_exists::<ActiveGame>.and_eager(resource_exists::<BoardLayout>))
            .run_if(|listening: Res<AccessibilityRequested>| listening.get()),
    );
}

/// The cameras the board may be seen through.
#[derive(SystemParam)]
struct Cameras<'w, 's> {
    flat: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<BoardCamera>>,
    table: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<TableCamera>>,
}

impl Cameras<'_, '_> {
    /// Where on the screen (logical pixels) the point `world` of the 2D board is seen.
    fn screen(&self, layout: &BoardLayout, world: Vec2) -> Option<Vec2> {
        if let Ok((camera, view)) = self.table.single()
            && camera.is_active
        {
            let flat = Transform::from_translation(world.extend(0.0));
            let place = pose_of(TwinKind::Hit, &flat, Vec2::ZERO, layout.flipped).translation;
            return camera.world_to_viewport(view, place).ok();
        }
        let (camera, view) = self.flat.single().ok()?;
        camera.world_to_viewport(view, world.extend(0.0)).ok()
    }
}

fn grid(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    viewing: Res<Viewing>,
    layout: Res<BoardLayout>,
    cameras: Cameras,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    let place = |loc| {
        let centre = layout.world(loc);
        let corner = |dx: f32, dy: f32| {
            let at = cameras.screen(&layout, centre + Vec2::new(dx, dy) * SQUARE / 2.0)?;
            Some(egui::pos2(at.x, at.y) / zoom)
        };
        Some(egui::Rect::from_two_pos(
            corner(-1.0, 1.0)?,
            corner(1.0, -1.0)?,
        ))
    };
    let pos = shown_position(&game.0, &viewing);
    let board = BoardSpeech::of(&game.0, &pos, layout.flipped, place);
    let mut ui = egui::Ui::new(
        ctx.clone(),
        "board for screen readers".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    board_grid(&mut ui, &board);
    Ok(())
}
