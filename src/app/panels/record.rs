//! The record of the game in the side panel: the pieces each side has lost, and the moves,
//! numbered, each a button to look at its position.

use super::Pictures;
use crate::app::session::{Command, Viewing};
use crate::app::tally::Tally;
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

/// The pieces each side has lost by the position shown (`shown` turns in), in pictures.
pub(super) fn captured(
    ui: &mut egui::Ui,
    game: &Game,
    tally: &Tally,
    shown: usize,
    pictures: &Pictures,
) {
    for side in Side::BOTH {
        let lost = tally.lost(side, shown);
        if lost.is_empty() {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            ui.label(format!(
                "{} lost ",
                game.variant().data().sides[side.index()]
            ));
            for piece in lost {
                if let Some(image) = pictures.image(piece, 20.0) {
                    ui.add(image);
                }
            }
        });
    }
}
