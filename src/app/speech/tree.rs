//! The board as AccessKit sees it, built into egui's tree (which, with bevy_egui's AccessKit
//! support, is the window's tree): a grid named after the variant, a cell for every location
//! of the board labelled with what stands there, placed where the board draws it; and the
//! announcement, a live region that screen readers read out whenever it changes.

use crate::rules::{Game, Loc, Position, RulesExt};
use bevy_egui::egui;
use egui::accesskit::{Live, Role};

/// One location of the board for the tree: where it is in the grid and on the screen, and
/// what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct CellSpeech {
    /// The location.
    pub loc: Loc,
    /// Its row in the grid, from the top of the screen.
    pub row: usize,
    /// Its column, from the left of the screen.
    pub column: usize,
    /// Where the board draws it, in egui's points.
    pub rect: egui::Rect,
    /// What a screen reader says of it: `e4, White Knight`.
    pub label: String,
}

/// The board for the tree: its name and its locations.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpeech {
    /// The grid's name: `Board, Amoeba, White to move`.
    pub name: String,
    /// The rows and columns of the grid.
    pub size: (usize, usize),
    /// Every location of the board.
    pub cells: Vec<CellSpeech>,
}

impl BoardSpeech {
    /// The board of `game` in position `pos`, seen from the second player's side when
    /// `flipped`, each location drawn at the rectangle `place` gives it (when it is on screen).
    pub fn of(
        game: &Game,
        pos: &Position,
        flipped: bool,
        place: impl Fn(Loc) -> Option<egui::Rect>,
    ) -> BoardSpeech {
        let variant = game.variant();
        let geometry = variant.geometry();
        let (files, ranks) = (usize::from(geometry.files()), usize::from(geometry.ranks()));
        let cells = geometry
            .inside()
            .iter()
            .filter_map(|loc| {
                let (file, rank) = (usize::from(loc.file()), usize::from(loc.rank()));
                let (row, column) = if flipped {
                    (rank, files - 1 - file)
                } else {
                    (ranks - 1 - rank, file)
                };
                Some(CellSpeech {
                    loc,
                    row,
                    column,
                    rect: place(loc)?,
                    label: variant.spoken_square(pos, loc),
                })
            })
            .collect();
        BoardSpeech {
            name: format!(
                "Board, {}: {}",
                variant.data().name,
                variant.spoken_to_move(pos)
            ),
            size: (ranks, files),
            cells,
        }
    }
}

/// Adds the board's grid to `ui`'s part of the tree. Nothing is drawn and nothing takes the
/// pointer: the cells only sense hovering, so clicks still reach the board under them.
pub fn board_grid(ui: &mut egui::Ui, board: &BoardSpeech) {
    let ctx = ui.ctx().clone();
    let grid = ui.id().with("board grid");
    ui.scope_builder(egui::UiBuilder::new().id(grid), |ui| {
        ctx.accesskit_node_builder(ui.unique_id(), |node| {
            node.set_role(Role::Grid);
            node.set_label(board.name.clone());
            node.set_row_count(board.size.0);
            node.set_column_count(board.size.1);
        });
        for cell in &board.cells {
            let response = ui.interact(cell.rect, grid.with(cell.loc), egui::Sense::hover());
            ctx.accesskit_node_builder(response.id, |node| {
                node.set_role(Role::GridCell);
                node.set_label(cell.label.clone());
                node.set_row_index(cell.row);
                node.set_column_index(cell.column);
            });
        }
    });
}

/// Shows `text`, the newest announcement, as a live region: a screen reader reads it out
/// whenever it changes.
pub fn live_region(ui: &mut egui::Ui, text: &str) {
    let response = ui.label(egui::RichText::new(text).italics());
    ui.ctx().accesskit_node_builder(response.id, |node| {
        node.set_live(Live::Polite);
    });
}
