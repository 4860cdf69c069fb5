//! A file variant's generic judgement, from its data alone: a value for each piece the file
//! gives none, from how far it moves on an empty board, and the pieces' mobility in a position.
//! Both count the squares a piece reaches by the rays its atoms already have (no turn is
//! generated), so the judgement stays cheap.
//!
//! A piece's value, where the file gives none, is its mobility `m` (the squares it reaches by
//! its moves and captures on the empty board of the file's shape, averaged over the squares it
//! may stand on) scaled between an orthodox Knight's `mN` and a Queen's `mQ` on that board:
//! `value = 300 + 600 × (m − mN) / (mQ − mN)`, so a piece that moves like a Knight is worth
//! 300 and one that moves like a Queen 900 (on 8×8 a Rook 600, a Bishop 420, a chess Pawn
//! about 210); never less than [`LEAST_VALUE`]. On a board where a Queen reaches less than a
//! square more than a Knight, `value = 100 + 50 × m`. A royal piece without a value stays at 0:
//! losing it ends the game, which the search sees by itself.

use super::compile::{Lang, PieceRule};
use super::moves::oriented;
use super::notation::{self, Atom, Travel};
use super::rays::Rays;
use crate::board::Board;
use crate::position::Position;
use crate::types::{Kind, Loc, LocSet, Piece, Side};

/// What each square a piece other than a royal one or a pawn reaches adds to its side's judgement, in hundredths of
/// a Pawn.
const MOBILITY_WEIGHT: i32 = 4;

/// The least value a piece is given from its mobility.
const LEAST_VALUE: i32 = 50;

/// A piece's atoms as the reach counts them: each with the region its `@` names and its rays.
#[derive(Clone, Copy)]
struct Movement<'a> {
    atoms: &'a [Atom],
    zones: &'a [Option<usize>],
    rays: &'a [Rays],
}

impl<'a> Movement<'a> {
    /// The movement of a piece of the file.
    fn of(rule: &'a PieceRule) -> Movement<'a> {
        Movement {
            atoms: &rule.atoms,
            zones: &rule.atom_zones,
            rays: &rule.rays,
        }
    }
}

impl Lang {
    /// Gives each kind in `unvalued` (the file's pieces without a `value`) its value from its
    /// mobility on the empty board (see the module's doc comment).
    pub(super) fn value_by_mobility(&mut self, unvalued: &[Kind]) {
        let empty = self.empty_board();
        let reference = |moves: &str| -> f64 {
            let atoms = notation::parse(moves).expect("a reference piece's notation reads");
            let rays: Vec<Rays> = atoms
                .iter()
                .map(|a| Rays::new(&self.basics.geometry, a))
                .collect();
            let zones = vec![None; atoms.len()];
            let movement = Movement {
                atoms: &atoms,
                zones: &zones,
                rays: &rays,
            };
            self.empty_mobility(&empty, movement, None)
        };
        let (knight, queen) = (reference("N"), reference("Q"));
        for kind in unvalued {
            let rule = self.piece(*kind);
            if rule.royal {
                continue;
            }
            let m = self.empty_mobility(&empty, Movement::of(rule), rule.never_in);
            let value = if queen - knight >= 1.0 {
                300.0 + 600.0 * (m - knight) / (queen - knight)
            } else {
                100.0 + 50.0 * m
            };
            let value = (value.round() as i32).max(LEAST_VALUE);
            if let Some(piece) = self.basics.data.pieces.iter_mut().find(|p| p.kind == *kind) {
                piece.value = value;
            }
        }
    }

    /// The board of the file's shape without pieces: its outline's holes only.
    fn empty_board(&self) -> Board {
        let mut board = Board::empty();
        if let crate::fen::Holes::Outline(squares) = self.holes {
            for loc in self.basics.geometry.inside().iter() {
                if !squares.contains(loc) {
                    board.make_hole(loc);
                }
            }
        }
        board
    }

    /// The squares a first player's piece with `movement` reaches on the empty `board`,
    /// averaged over the squares it may stand on (all but holes and its `never_in` region).
    fn empty_mobility(&self, board: &Board, movement: Movement, never_in: Option<usize>) -> f64 {
        let standing: Vec<Loc> = self
            .basics
            .geometry
            .inside()
            .iter()
            .filter(|l| !board.is_hole(*l))
            .filter(|l| never_in.is_none_or(|z| !self.in_zone(z, Side::White, *l, board)))
            .collect();
        if standing.is_empty() {
            return 0.0;
        }
        let total: usize = standing
            .iter()
            .map(|from| {
                self.squares_reached(board, *from, Side::White, movement)
                    .len()
            })
            .sum();
        total as f64 / standing.len() as f64
    }

    /// The squares `side`'s piece on `from` with `movement` reaches on `board`: each atom's
    /// (open from there) up to and including the first piece or hole in its way, its own
    /// pieces' squares and holes left out.
    fn squares_reached(&self, board: &Board, from: Loc, side: Side, movement: Movement) -> LocSet {
        let stops = board.blockers();
        let mut reach = LocSet::EMPTY;
        let atoms = movement.atoms.iter().zip(movement.zones).zip(movement.rays);
        for ((atom, zone), rays) in atoms {
            if atom.en_passant || zone.is_some_and(|z| !self.in_zone(z, side, from, board)) {
                continue;
            }
            reach |= match atom.travel {
                Travel::Leap if atom.along_lines => self
                    .paths
                    .from(from)
                    .iter()
                    .filter(|(_, via, to)| {
                        let delta = (
                            to.file() as i8 - from.file() as i8,
                            to.rank() as i8 - from.rank() as i8,
                        );
                        !board.is_hole(*via)
                            && atom.leaps.iter().any(|l| oriented(*l, side) == delta)
                    })
                    .fold(LocSet::EMPTY, |set, (_, _, to)| set.with(*to)),
                _ => self.atom_reach(atom, rays, side, from, stops),
            };
        }
        reach & !board.holes() & !board.occupied_by(side)
    }

    /// The pieces' mobility in `pos`, for the first player: [`MOBILITY_WEIGHT`] for each square
    /// a piece of the first player reaches, less the same for the second player's; royal
    /// pieces and pawns (pieces marked `pawn`) are left out, whose few steps say little.
    pub(super) fn mobility(&self, pos: &Position) -> i32 {
        let board = &pos.board;
        let mut squares = [0i32; 2];
        for &kind in &self.kinds {
            let rule = self.piece(kind);
            if rule.royal || rule.pawn {
                continue;
            }
            let movement = Movement::of(rule);
            for side in Side::BOTH {
                for from in board.locs_of(Piece::new(kind, side)).iter() {
                    squares[side.index()] +=
                        self.squares_reached(board, from, side, movement).len() as i32;
                }
            }
        }
        MOBILITY_WEIGHT * (squares[0] - squares[1])
    }
}
