//! The rules in the side panel: the variant's summary and each piece with a diagram of its
//! moves, as the engine draws them.

use crate::rules::{Game, Piece, Side, Variant};
use bevy_egui::egui;

pub(super) fn rules_help(ui: &mut egui::Ui, game: &Game) {
    let variant = game.variant();
    egui::CollapsingHeader::new("Rules").show(ui, |ui| {
        ui.label(&variant.data().summary);
        ui.add_space(6.0);
        for piece in variant.data().pieces_in(variant.options()) {
            ui.horizontal(|ui| {
                movement_diagram(ui, variant, Piece::new(piece.kind, Side::White));
                ui.vertical(|ui| {
                    ui.label(egui::RichText::new(&piece.name).strong());
                    ui.small(&piece.moves);
                });
            });
        }
    });
}

/// A small board showing where `piece` can move, as the engine's own diagram has it.
fn movement_diagram(ui: &mut egui::Ui, variant: &Variant, piece: Piece) {
    let geometry = variant.geometry();
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let cell = 9.0;
    let size = egui::vec2(f32::from(files) * cell, f32::from(ranks) * cell);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let Some(diagram) = variant.piece_diagram(piece) else {
        return;
    };
    let painter = ui.painter();
    for rank in 0..ranks {
        for file in 0..files {
            let Some(loc) = geometry.loc(file.into(), rank.into()) else {
                continue;
            };
            let min =
                rect.min + egui::vec2(f32::from(file) * cell, f32::from(ranks - 1 - rank) * cell);
            let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
            let colour = if loc == diagram.at {
                egui::Color32::from_rgb(40, 140, 60)
            } else if diagram.reach.contains(loc) {
                egui::Color32::from_rgb(90, 130, 220)
            } else if diagram.position.board.is_hole(loc) {
                egui::Color32::TRANSPARENT
            } else if loc.is_light() {
                egui::Color32::from_rgb(220, 200, 170)
            } else {
                egui::Color32::from_rgb(150, 120, 90)
            };
            painter.rect_filled(square.shrink(0.5), 0.0, colour);
        }
    }
}
