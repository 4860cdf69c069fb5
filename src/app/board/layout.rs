//! Where the board lies in the world and what its entities are: the layout, the squares, hit
//! boxes and pieces as components, the colours besides the theme's, and the position shown.

use crate::app::shared::game::Viewing;
use crate::rules::{Game, Lines, Loc, Piece, Position, RulesExt};
use bevy::prelude::*;

/// The width of one square in world units.
pub const SQUARE: f32 = 64.0;

/// How high pieces are drawn.
pub const Z_PIECE: f32 = 2.0;

/// Where the board lies in the world: its size, lines and which way up.
#[derive(Resource, Clone, Copy, Debug)]
pub struct BoardLayout {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Squares, or Fanorona's points and lines.
    pub lines: Lines,
    /// Seen from the second player's side.
    pub flipped: bool,
}

impl BoardLayout {
    /// The layout of `game`'s board.
    pub fn of(game: &Game, flipped: bool) -> BoardLayout {
        let geometry = game.variant().geometry();
        BoardLayout {
            files: geometry.files(),
            ranks: geometry.ranks(),
            lines: geometry.lines(),
            flipped,
        }
    }

    /// The world position of the centre of `loc`.
    pub fn world(&self, loc: Loc) -> Vec2 {
        let mut file = f32::from(loc.file()) - (f32::from(self.files) - 1.0) / 2.0;
        let mut rank = f32::from(loc.rank()) - (f32::from(self.ranks) - 1.0) / 2.0;
        if self.flipped {
            file = -file;
            rank = -rank;
        }
        Vec2::new(file, rank) * SQUARE
    }

    /// The world size of the board with a margin for coordinates.
    pub fn extent(&self) -> Vec2 {
        Vec2::new(f32::from(self.files) + 1.2, f32::from(self.ranks) + 1.2) * SQUARE
    }
}

/// A square of the board as drawn (it moves when an Amoeba square slides).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    /// Where it is now.
    pub loc: Loc,
}

/// An invisible hit box over one location of the rectangle, square or gap: where clicks land.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The location it covers.
    pub loc: Loc,
}

/// A piece on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// What it is.
    pub piece: Piece,
}

/// Where a piece stands (absent while a captured piece vanishes).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPos(pub Loc);

/// A piece drawn where the turn in progress takes it.
#[derive(Component, Clone, Copy, Debug)]
pub struct Previewed;

/// A dragged piece to put back on its square once dropped, unless a turn moves it.
#[derive(Component, Clone, Copy, Debug)]
pub struct SnapBack;

/// An entity the 2D board spawned and despawns when it redraws: a square, a hit box, a piece,
/// decor or an effect. The 3D view's twins copy some of their components but not this one.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Board2d;

/// Fanorona's board under its lines and points (one wooden slab in 3D).
#[derive(Component, Clone, Copy, Debug)]
pub struct Plank;

/// Lines, points, coordinates and background: drawn once per board.
#[derive(Component, Clone, Copy, Debug)]
pub struct Decor;

/// A coordinate beside the board (a file's letter, a rank's number), standing where its
/// entity's transform puts it; egui paints it there in either view (`board::labels`).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct CoordinateLabel {
    /// What it reads.
    pub text: String,
    /// Its font size in the board's units (a square is `SQUARE` wide).
    pub size: f32,
    /// Its colour.
    pub colour: Color,
}

/// The position the board shows: a line of the analysis being stepped through, else the
/// record's position shown.
pub fn shown_position(game: &Game, viewing: &Viewing) -> Position {
    match viewing.line {
        Some(line) => line.position,
        None => viewing.record_position(game),
    }
}

/// The colours the board is drawn in besides its theme's squares.
pub struct Palette;

impl Palette {
    /// Fanorona's lines and points.
    pub const INK: Color = Color::srgb(0.30, 0.20, 0.12);
    /// Coordinates.
    pub const LABEL: Color = Color::srgb(0.85, 0.85, 0.85);
}
