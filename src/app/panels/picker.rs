//! The promotion picker on the board, as on lichess: at the promotion square, a column of the
//! pieces it may become, in their own pictures, growing from that square towards the board's
//! middle; a click on one chooses it, and the board's own cancel (Escape, right click) drops
//! the turn. When the board has the keyboard, the first choice takes it: the arrows or Tab go
//! along the column and Space or Enter choose.

use super::Pictures;
use crate::app::art::pieces::PieceArt;
use crate::app::board::camera::BoardCamera;
use crate::app::board::layout::{BoardLayout, SQUARE};
use crate::app::shared::game::{ActiveGame, Builder, Viewing};
use crate::app::shared::messages::Command;
use crate::app::shared::pointer::BoardCursor;
use crate::app::shared::screen::InGame;
use crate::app::shared::turn_builder::PromotionOffer;
use crate::rules::RulesExt;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Registers the picker.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        picker
            .run_if(in_state(InGame))
            .run_if(resource_exists::<ActiveGame>.and_eager(resource_exists::<BoardLayout>)),
    );
}

/// What the picker needs: the game and turn, the board's place on screen, the pictures.
#[derive(SystemParam)]
struct PickerSource<'w, 's> {
    game: Res<'w, ActiveGame>,
    builder: Res<'w, Builder>,
    viewing: Res<'w, Viewing>,
    layout: Res<'w, BoardLayout>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<BoardCamera>>,
    art: Res<'w, PieceArt>,
    cursor: Res<'w, BoardCursor>,
}

fn picker(
    mut contexts: EguiContexts,
    source: PickerSource,
    mut out: MessageWriter<Command>,
) -> Result {
    let PickerSource {
        game,
        builder,
        viewing,
        layout,
        camera,
        art,
        cursor,
    } = source;
    let Ok((camera, view)) = camera.single() else {
        return Ok(());
    };
    let Some(offer) = builder.0.promotion_offer().filter(|_| viewing.is_live()) else {
        return Ok(());
    };
    let game = &game.0;
    let centre = layout.world(offer.at);
    let corner = |dx: f32, dy: f32| {
        camera
            .world_to_viewport(
                view,
                (centre + Vec2::new(dx, dy) * SQUARE / 2.0).extend(0.0),
            )
            .ok()
    };
    let (Some(top_left), Some(bottom_right)) = (corner(-1.0, 1.0), corner(1.0, -1.0)) else {
        return Ok(());
    };
    let downwards = centre.y >= 0.0;
    let pictures = Pictures::of(&mut contexts, game, &art);
    let mover = builder
        .0
        .candidates()
        .first()
        .and_then(|turn| game.position().board.piece(turn.from));
    let ctx = contexts.ctx_mut()?;
    let mut keyboard_here = cursor.shown && ctx.memory(|memory| memory.focused().is_none());
    // The camera's viewport is in logical pixels; egui lays out in points, zoom times larger.
    let zoom = ctx.zoom_factor();
    let size = (bottom_right.x - top_left.x).abs() / zoom;
    let (anchor, at) = if downwards {
        (egui::Align2::LEFT_TOP, top_left)
    } else {
        (
            egui::Align2::LEFT_BOTTOM,
            Vec2::new(top_left.x, bottom_right.y),
        )
    };
    egui::Area::new("promotion".into())
        .order(egui::Order::Foreground)
        .pivot(anchor)
        .fixed_pos(egui::pos2(at.x / zoom, at.y / zoom))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .inner_margin(2.0)
                .show(ui, |ui| {
                    ui.spacing_mut().item_spacing.y = 2.0;
                    for option in &offer.options {
                        let Some(piece) = PromotionOffer::piece(option).or(mover) else {
                            continue;
                        };
                        let Some(image) = pictures.image(piece, size * 0.8) else {
                            continue;
                        };
                        let name = game
                            .variant()
                            .data()
                            .piece(piece.kind)
                            .map_or_else(String::new, |p| p.name.clone());
                        let side = game.variant().data().side_name(piece.side);
                        let named = format!("{side} {name}");
                        let button = ui.add(egui::Button::image(image)).on_hover_text(&named);
                        button.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &named)
                        });
                        if std::mem::take(&mut keyboard_here) {
                            button.request_focus();
                        }
                        if button.clicked() {
                            out.write(Command::Choose(*option));
                        }
                    }
                });
        });
    Ok(())
}
