//! The game-over banner: the result and its reason over the top of the board until a click or
//! Escape puts it away; the side panel keeps saying it.

use super::result_text;
use crate::app::shared::game::Banner;
use crate::rules::Game;
use bevy_egui::egui;

/// Draws the banner, while it is up and the game is over, centred `board_centre` points from
/// the middle of the window (over the board, not the side panel).
pub(super) fn show(ctx: &egui::Context, game: &Game, board_centre: f32, banner: &mut Banner) {
    let Some(outcome) = game.outcome().filter(|_| banner.0) else {
        return;
    };
    egui::Area::new("game-over".into())
        .anchor(egui::Align2::CENTER_TOP, [board_centre, 8.0])
        .show(ctx, |ui| {
            let frame = egui::Frame::popup(ui.style()).fill(egui::Color32::from_black_alpha(200));
            let shown = frame.show(ui, |ui| {
                ui.heading(
                    egui::RichText::new(result_text(game, outcome)).color(egui::Color32::GOLD),
                );
                ui.small("Click to look at the final position.");
            });
            if shown.response.interact(egui::Sense::click()).clicked() {
                banner.0 = false;
            }
        });
}
