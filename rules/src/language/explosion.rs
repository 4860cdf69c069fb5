//! Explosions, as in atomic chess: a move that captures also blows up the capturing piece and
//! the pieces around the square its move ended on, save the kinds the file spares. A royal
//! piece blown up is taken like any other; a turn may not blow up its mover's own.

use super::compile::{Lang, bad};
use super::moves::oriented;
use super::notation::{self, Atom, Travel};
use super::play::Moved;
use super::schema::{CaptureMode, ExplosionSpec};
use crate::board::Board;
use crate::error::Error;
use crate::event::{Capture, Recorder};
use crate::geometry::Geometry;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Kind, LOC_COUNT, Loc, LocSet, Piece, Side};

/// An explosion, resolved.
#[derive(Clone, Debug)]
pub struct Explosion {
    /// Per side and square (`side * LOC_COUNT + square`), the squares around it on the board
    /// that a capture of that side's piece ending there reaches (the file's leaps, the second
    /// player's turned half a circle).
    around: Vec<LocSet>,
    /// The kinds left standing around.
    spares: Vec<Kind>,
}

impl Explosion {
    /// Resolves `spec` of the file named `file`, played on `geometry`, whose capture modes are
    /// `modes`, with its `spares` read as the file's kinds.
    pub fn new(
        file: &str,
        geometry: &Geometry,
        spec: &ExplosionSpec,
        modes: &[CaptureMode],
        spares: Vec<Kind>,
    ) -> Result<Explosion, Error> {
        let field = "capture: explosion";
        if modes.is_empty() {
            return Err(bad(file, field, "nothing captures, so nothing explodes"));
        }
        let atoms = notation::parse(&spec.around)
            .map_err(|e| bad(file, &format!("{field}: around"), e.0))?;
        if !atoms.iter().all(is_plain_leap) {
            return Err(bad(
                file,
                &format!("{field}: around"),
                format!(
                    "'{}' is not a plain leap: the squares around are leaps only, with directions",
                    spec.around
                ),
            ));
        }
        let leaps: Vec<(i8, i8)> = atoms.into_iter().flat_map(|a| a.leaps).collect();
        let mut around = vec![LocSet::EMPTY; 2 * LOC_COUNT];
        for side in Side::BOTH {
            for at in geometry.inside() {
                around[side.index() * LOC_COUNT + at.index()] = leaps
                    .iter()
                    .filter_map(|&leap| {
                        let (df, dr) = oriented(leap, side);
                        at.offset(df, dr).filter(|l| geometry.contains(*l))
                    })
                    .collect();
            }
        }
        Ok(Explosion { around, spares })
    }

    /// Whether it can blow up a piece of one of `kinds` standing around (one it does not spare).
    pub fn reaches_any(&self, kinds: &[Kind]) -> bool {
        kinds.iter().any(|k| !self.spares.contains(k))
    }
}

/// Whether `atom` is a leap with at most direction modifiers: one step of a pattern.
fn is_plain_leap(atom: &Atom) -> bool {
    let modified = atom.lame
        || atom.along_lines
        || atom.hop
        || atom.en_passant
        || atom.once
        || atom.not_in_check
        || atom.from_region.is_some();
    atom.travel == Travel::Leap && atom.moves && atom.captures && !modified
}

impl Lang {
    /// The squares an explosion clears on `board` when a piece of `side`, capturing, ended its
    /// move on `at`: `at` itself and each square around holding a piece of a kind not spared.
    /// Empty where captures do not explode.
    pub fn blast(&self, board: &Board, at: Loc, side: Side) -> LocSet {
        let Some(explosion) = &self.explosion else {
            return LocSet::EMPTY;
        };
        let mut around = explosion.around[side.index() * LOC_COUNT + at.index()] & board.occupied();
        for &kind in &explosion.spares {
            for by in Side::BOTH {
                around &= !board.locs_of(Piece::new(kind, by));
            }
        }
        around.with(at)
    }

    /// Blows up what the move of `moved`, which captured, leaves around `at`, where its piece
    /// now stands (the capturing piece included).
    pub fn explode(&self, moved: &mut Moved, at: Loc, rec: &mut impl Recorder) {
        for near in self.blast(&moved.pos.board, at, moved.piece.side) {
            self.capture(moved, near, Capture::Explosion, rec);
        }
    }

    /// Whether the capture of `turn`, a possible turn of `pos`, leaves every royal piece of its
    /// mover standing: the explosion on its landing square (if captures explode) reaches none.
    pub fn blast_spares_mover(&self, pos: &Position, turn: &Turn) -> bool {
        if self.explosion.is_none() {
            return true;
        }
        let mut board = pos.board;
        board.move_piece(turn.from, turn.to);
        let royal = |at: Loc| {
            board
                .piece(at)
                .is_some_and(|p: Piece| p.side == pos.side && self.piece(p.kind).royal)
        };
        !self.blast(&board, turn.to, pos.side).into_iter().any(royal)
    }

    /// Whether the turn from `before` to `next` lost a royal piece of its mover (blown up).
    pub fn lost_own_royal(&self, before: &Position, next: &Position) -> bool {
        let mover = before.side;
        self.royal_count(&next.board, mover) < self.royal_count(&before.board, mover)
    }
}
