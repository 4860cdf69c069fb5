//! A board drawn in a panel (the menu's previews, the editor's board, the rules' diagrams) as
//! the game draws it: the variant's own board — squares in the theme's colours with its zone
//! tinted, Fanorona's lines and points, gaps left open — its pieces, marks and coordinates.

use super::Pictures;
use crate::app::shared::settings::BoardTheme;
use crate::rules::{Dir, Lines, Loc, LocSet, Position, RulesExt, Variant};
use bevy::prelude::*;
use bevy_egui::egui;

/// The square a diagram is about.
const AT: egui::Color32 = egui::Color32::from_rgb(120, 180, 90);
/// Where the piece of a diagram may go.
const REACH: egui::Color32 = egui::Color32::from_rgba_premultiplied(20, 70, 30, 150);
/// Fanorona's lines and points.
const INK: egui::Color32 = egui::Color32::from_rgb(77, 51, 31);
/// Coordinates beside the board.
const LABEL: egui::Color32 = egui::Color32::from_rgb(200, 200, 200);
/// The room coordinates take beside the board, in cells.
const MARGIN: f32 = 0.4;

/// One board to draw: what stands on it, how large, in which theme, with which marks.
pub struct BoardPicture<'a> {
    variant: &'a Variant,
    position: &'a Position,
    pictures: &'a Pictures,
    cell: f32,
    theme: BoardTheme,
    at: Option<Loc>,
    reach: LocSet,
    coordinates: bool,
}

impl<'a> BoardPicture<'a> {
    /// `position` on `variant`'s board, `cell` points a square, in `theme`, without marks.
    pub fn new(
        variant: &'a Variant,
        position: &'a Position,
        pictures: &'a Pictures,
        cell: f32,
        theme: BoardTheme,
    ) -> BoardPicture<'a> {
        BoardPicture {
            variant,
            position,
            pictures,
            cell,
            theme,
            at: None,
            reach: LocSet::EMPTY,
            coordinates: false,
        }
    }

    /// With `at` highlighted and a dot (or a ring, on a piece) on each square of `reach`.
    pub fn marked(mut self, at: Loc, reach: LocSet) -> BoardPicture<'a> {
        self.at = Some(at);
        self.reach = reach;
        self
    }

    /// With the files' letters under the board and the ranks' numbers beside it.
    pub fn with_coordinates(mut self) -> BoardPicture<'a> {
        self.coordinates = true;
        self
    }

    /// The points a board of `variant` takes with `cell`-point squares, coordinates left out.
    pub fn size_of(variant: &Variant, cell: f32) -> egui::Vec2 {
        let geometry = variant.geometry();
        egui::vec2(f32::from(geometry.files()), f32::from(geometry.ranks())) * cell
    }

    /// Draws the board; the response clicks on the whole picture.
    pub fn show(&self, ui: &mut egui::Ui) -> egui::Response {
        let margin = if self.coordinates {
            MARGIN * self.cell
        } else {
            0.0
        };
        let board = Self::size_of(self.variant, self.cell);
        let (rect, response) =
            ui.allocate_exact_size(board + egui::vec2(margin, margin), egui::Sense::click());
        let board_rect = egui::Rect::from_min_size(rect.min + egui::vec2(margin, 0.0), board);
        if self.variant.geometry().lines() == Lines::Alquerque {
            self.draw_lines(ui, board_rect);
        }
        for loc in self.variant.geometry().inside().iter() {
            self.draw_location(ui, board_rect, loc);
        }
        if self.coordinates {
            self.draw_coordinates(ui, board_rect);
        }
        response
    }

    /// The location under the pointer of a click on the picture `response` answered, if any.
    pub fn clicked_loc(&self, response: &egui::Response) -> Option<Loc> {
        let pointer = response
            .interact_pointer_pos()
            .filter(|_| response.clicked())?;
        let margin = if self.coordinates { MARGIN } else { 0.0 };
        let offset = (pointer - response.rect.min) / self.cell;
        let ranks = i32::from(self.variant.geometry().ranks());
        let file = (offset.x - margin).floor() as i32;
        let rank = ranks - 1 - offset.y.floor() as i32;
        self.variant.geometry().loc(file, rank)
    }

    /// The cell of `loc` within the board's rectangle.
    fn cell_rect(&self, board: egui::Rect, loc: Loc) -> egui::Rect {
        let ranks = f32::from(self.variant.geometry().ranks());
        let min = board.min
            + egui::vec2(
                f32::from(loc.file()) * self.cell,
                (ranks - 1.0 - f32::from(loc.rank())) * self.cell,
            );
        egui::Rect::from_min_size(min, egui::vec2(self.cell, self.cell))
    }

    /// Fanorona's plank with the lines between its points and the points.
    fn draw_lines(&self, ui: &egui::Ui, board: egui::Rect) {
        let painter = ui.painter();
        painter.rect_filled(board, 2.0, colour(self.theme.plank()));
        let geometry = self.variant.geometry();
        let stroke = egui::Stroke::new((self.cell * 0.04).max(1.0), INK);
        for loc in self.variant.geometry().inside().iter() {
            let centre = self.cell_rect(board, loc).center();
            for dir in [Dir::N, Dir::E, Dir::NE, Dir::NW] {
                if let Some(to) = geometry.neighbour(loc, dir) {
                    painter.line_segment([centre, self.cell_rect(board, to).center()], stroke);
                }
            }
            painter.circle_filled(centre, (self.cell * 0.08).max(1.5), INK);
        }
    }

    /// One location: its square (none on a gap or a point of lines), its piece and its mark.
    fn draw_location(&self, ui: &egui::Ui, board: egui::Rect, loc: Loc) {
        if self.position.board.is_hole(loc) {
            return;
        }
        let square = self.cell_rect(board, loc);
        let painter = ui.painter();
        let lines = self.variant.geometry().lines() == Lines::Alquerque;
        if Some(loc) == self.at {
            painter.rect_filled(square, 0.0, AT);
        } else if !lines {
            let in_zone = self.variant.zone().contains(loc);
            let fill = colour(self.theme.square(loc.is_light(), in_zone));
            painter.rect_filled(square, 0.0, fill);
        }
        let standing = self.position.board.piece(loc);
        if let Some(image) = standing.and_then(|p| self.pictures.image(p, self.cell)) {
            image.paint_at(ui, square);
        }
        if self.reach.contains(loc) {
            if standing.is_some() {
                let stroke = egui::Stroke::new(self.cell * 0.1, REACH);
                painter.circle_stroke(square.center(), self.cell * 0.43, stroke);
            } else {
                painter.circle_filled(square.center(), self.cell * 0.16, REACH);
            }
        }
    }

    /// The files' letters under the board, the ranks' numbers left of it.
    fn draw_coordinates(&self, ui: &egui::Ui, board: egui::Rect) {
        let painter = ui.painter();
        let font = egui::FontId::proportional(self.cell * 0.28);
        let geometry = self.variant.geometry();
        for file in 0..geometry.files() {
            let x = board.min.x + (f32::from(file) + 0.5) * self.cell;
            let at = egui::pos2(x, board.max.y + MARGIN * self.cell * 0.5);
            let letter = char::from(b'a' + file).to_string();
            painter.text(at, egui::Align2::CENTER_CENTER, letter, font.clone(), LABEL);
        }
        for rank in 0..geometry.ranks() {
            let y = board.max.y - (f32::from(rank) + 0.5) * self.cell;
            let at = egui::pos2(board.min.x - MARGIN * self.cell * 0.5, y);
            let number = (rank + 1).to_string();
            painter.text(at, egui::Align2::CENTER_CENTER, number, font.clone(), LABEL);
        }
    }
}

/// A Bevy colour as egui paints it.
fn colour(color: Color) -> egui::Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}
