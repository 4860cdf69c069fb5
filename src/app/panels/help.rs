//! The rules in the side panel: the variant's summary and each piece with a diagram of its
//! moves, as the engine draws them; a click on a diagram opens it large.

use super::Pictures;
use crate::rules::{Game, Loc, LocSet, Piece, PieceDiagram, Position, Side, Variant};
use bevy::prelude::*;
use bevy_egui::egui;

/// The piece whose diagram is open large, if any.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Enlarged(pub Option<Piece>);

/// The widest a cell of a diagram in the panel is drawn, in points.
const PANEL_CELL: f32 = 22.0;
/// The width a diagram in the panel may take, in points.
const PANEL_DIAGRAM_WIDTH: f32 = 260.0;
/// A cell of a diagram opened large, in points.
const LARGE_CELL: f32 = 46.0;

const LIGHT: egui::Color32 = egui::Color32::from_rgb(230, 214, 182);
const DARK: egui::Color32 = egui::Color32::from_rgb(170, 132, 98);
const AT: egui::Color32 = egui::Color32::from_rgb(120, 180, 90);
const REACH: egui::Color32 = egui::Color32::from_rgba_premultiplied(20, 70, 30, 150);

/// The summary and every piece of the variant, each with its diagram.
pub(super) fn rules_help(
    ui: &mut egui::Ui,
    game: &Game,
    pictures: &Pictures,
    enlarged: &mut Enlarged,
) {
    let variant = game.variant();
    egui::CollapsingHeader::new("Rules").show(ui, |ui| {
        ui.label(&variant.data().summary);
        ui.add_space(6.0);
        let files = f32::from(variant.geometry().files());
        let cell = PANEL_CELL.min(PANEL_DIAGRAM_WIDTH / files);
        for data in variant.data().pieces_in(variant.options()) {
            let piece = Piece::new(data.kind, Side::White);
            ui.label(egui::RichText::new(&data.name).strong());
            let clicked = diagram(ui, variant, piece, pictures, cell)
                .on_hover_text("Click to see it large")
                .clicked();
            if clicked {
                enlarged.0 = Some(piece);
            }
            ui.label(&data.moves);
            ui.add_space(8.0);
        }
    });
}

/// The diagram open large, in a window of its own until closed.
pub(super) fn show_enlarged(
    ctx: &egui::Context,
    game: &Game,
    pictures: &Pictures,
    enlarged: &mut Enlarged,
) {
    let Some(piece) = enlarged.0 else {
        return;
    };
    let variant = game.variant();
    let Some(data) = variant.data().piece(piece.kind) else {
        enlarged.0 = None;
        return;
    };
    let mut open = true;
    egui::Window::new(format!("How the {} moves", data.name))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            diagram(ui, variant, piece, pictures, LARGE_CELL);
            ui.set_max_width(f32::from(variant.geometry().files()) * LARGE_CELL);
            ui.label(&data.moves);
        });
    if !open {
        enlarged.0 = None;
    }
}

/// A board showing where `piece` can move, as the engine's own diagram has it: the piece (and
/// any other the diagram needs) in its picture, a dot where it may go, a ring where it takes.
fn diagram(
    ui: &mut egui::Ui,
    variant: &Variant,
    piece: Piece,
    pictures: &Pictures,
    cell: f32,
) -> egui::Response {
    match variant.piece_diagram(piece) {
        Some(PieceDiagram {
            position,
            at,
            reach,
        }) => board_picture(ui, variant, &position, pictures, cell, Some(at), reach),
        None => ui.allocate_response(egui::Vec2::ZERO, egui::Sense::click()),
    }
}

/// A small picture of `position` on `variant`'s board, `cell` points a square, with `at`
/// highlighted and a dot (or a ring, on a piece) on each square of `reach`.
pub fn board_picture(
    ui: &mut egui::Ui,
    variant: &Variant,
    position: &Position,
    pictures: &Pictures,
    cell: f32,
    at: Option<Loc>,
    reach: LocSet,
) -> egui::Response {
    let geometry = variant.geometry();
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let size = egui::vec2(f32::from(files) * cell, f32::from(ranks) * cell);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter();
    for rank in 0..ranks {
        for file in 0..files {
            let Some(loc) = geometry.loc(file.into(), rank.into()) else {
                continue;
            };
            if position.board.is_hole(loc) {
                continue;
            }
            let min =
                rect.min + egui::vec2(f32::from(file) * cell, f32::from(ranks - 1 - rank) * cell);
            let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
            let colour = if Some(loc) == at {
                AT
            } else if loc.is_light() {
                LIGHT
            } else {
                DARK
            };
            painter.rect_filled(square, 0.0, colour);
            let standing = position.board.piece(loc);
            if let Some(image) = standing.and_then(|p| pictures.image(p, cell)) {
                image.paint_at(ui, square);
            }
            if reach.contains(loc) {
                if standing.is_some() {
                    let stroke = egui::Stroke::new(cell * 0.1, REACH);
                    painter.circle_stroke(square.center(), cell * 0.43, stroke);
                } else {
                    painter.circle_filled(square.center(), cell * 0.16, REACH);
                }
            }
        }
    }
    response
}
