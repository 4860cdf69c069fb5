//! The record of the game in the side panel, drawn from the session's score sheet: the pieces
//! each side has lost, and the moves, numbered, each a button to look at its position.

use super::Pictures;
use crate::app::analysis::panel::severity_colour;
use crate::app::analysis::review::Review;
use crate::app::session::score_sheet::{Tally, move_rows, result_line};
use crate::app::shared::game::Viewing;
use crate::app::shared::messages::Command;
use crate::rules::{Game, RulesExt, Side};
use bevy::prelude::*;
use bevy_egui::egui;

/// The moves in readable text, numbered, each a button that shows the position after it, the
/// review's mistakes marked (`?`, `??`, in colour, the engine's turn on hover); the result at
/// the end.
pub(super) fn move_list(
    ui: &mut egui::Ui,
    game: &Game,
    viewing: &Viewing,
    review: &Review,
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
                    Some((ply, text)) if marked_turn(ui, review, *ply, text, shown).clicked() => {
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

/// The button of the turn `ply` of the move list, marked if the review found it a mistake.
fn marked_turn(
    ui: &mut egui::Ui,
    review: &Review,
    ply: usize,
    text: &str,
    shown: usize,
) -> egui::Response {
    let Some(mark) = review.mark(ply) else {
        return ui.selectable_label(shown == ply, text);
    };
    let label = egui::RichText::new(format!("{text}{}", mark.severity.sign()))
        .color(severity_colour(mark.severity));
    ui.selectable_label(shown == ply, label)
        .on_hover_text(format!(
            "Lost {:.1} pawns; the engine preferred {}",
            f64::from(mark.loss) / 100.0,
            mark.better
        ))
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
