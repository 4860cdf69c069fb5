//! The record of the game in the side panel: the moves, numbered, each a button to look at
//! its position.

use crate::app::session::{Command, Viewing};
use crate::rules::{Game, Side};
use bevy::prelude::*;
use bevy_egui::egui;

pub(super) fn move_list(
    ui: &mut egui::Ui,
    game: &Game,
    viewing: &Viewing,
    out: &mut MessageWriter<Command>,
) {
    ui.label(egui::RichText::new("Moves").strong());
    let texts = game.turn_texts();
    let first_side = game.position_at(0).map_or(Side::White, |p| p.side);
    let first_number = game.position_at(0).map_or(1, |p| p.fullmove);
    let shown = viewing.ply.unwrap_or(texts.len());
    egui::Grid::new("moves").striped(true).show(ui, |ui| {
        let offset = usize::from(first_side == Side::Black);
        let mut ply = 0;
        let mut row = 0;
        while ply < texts.len() {
            ui.label(format!("{}.", first_number as usize + row));
            for column in 0..2 {
                if row == 0 && column < offset {
                    ui.label("…");
                    continue;
                }
                if let Some(text) = texts.get(ply) {
                    if ui.selectable_label(shown == ply + 1, text).clicked() {
                        let target = ply + 1;
                        out.write(Command::View((target < texts.len()).then_some(target)));
                    }
                    ply += 1;
                }
            }
            ui.end_row();
            row += 1;
        }
    });
}
