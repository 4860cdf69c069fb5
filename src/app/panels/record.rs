//! The record of the game in the side panel: the pieces each side has lost, and the moves,
//! numbered, each a button to look at its position.

use super::Pictures;
use crate::app::session::record::{Tally, move_rows, result_line};
use crate::app::shared::game::Viewing;
use crate::app::shared::messages::Command;
use crate::rules::{Game, Side};
use bevy::prelude::*;
use bevy_egui::egui;

/// The moves in readable text, numbered, each a button that shows the position after it; the
/// result at the end.
pub(super) fn move_list(
    ui: &mut egui::Ui,
    game: &Game,
    viewing: &Viewing,
    out: &mut MessageWriter<Command>,
) {
    ui.label(egui::RichText::new("Moves").strong());
    let live = game.turns().len();
    let shown = viewing.ply.unwrap_or(live);
    egui::Grid::new("moves").striped(true).show(ui, |ui| {
        for row in move_rows(game) {
            ui.label(format!("{}.", row.number));
            for (column, turn) in row.turns.iter().enumerate() {
                match turn {
                    Some((ply, text)) if ui.selectable_label(shown == *ply, text).clicked() => {
                        out.write(Command::View((*ply < live).then_some(*ply)));
                    }
                    None if column == 0 => {
                        ui.label("…");
                    }
                    _ => {}
                }
            }
            ui.end_row();
        }
    });
    if let Some(line) = result_line(game) {
        ui.label(egui::RichText::new(line).strong());
    }
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
            ui.label(format!("{} lost ", game.variant().data().side_name(side)));
            for piece in lost {
                if let Some(image) = pictures.image(piece, 20.0) {
                    ui.add(image);
                }
            }
        });
    }
}
