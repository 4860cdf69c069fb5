//! Attacks by pieces that capture the way they move (by replacement): whether a square is
//! attacked, and which pieces are pinned to their King. Variants whose pieces capture so
//! (orthodox chess, and the others that capture by landing) judge check with these.

use super::board::Board;
use super::geometry::{Geometry, LeapTable};
use super::movement::Movement;
use super::types::{Dir, Loc, LocSet, Piece, Side};

/// Whether a piece of `by` could capture on `target` by replacement, each piece capturing as
/// `capture(piece)` says, leaping along `leaps`. Leaps are assumed symmetric (a leap from A to B
/// means one from B to A).
pub fn is_attacked(
    geometry: &Geometry,
    leaps: &[LeapTable],
    board: &Board,
    target: Loc,
    by: Side,
    capture: impl Fn(Piece) -> Movement,
) -> bool {
    for dir in Dir::ALL {
        let back = dir.opposite();
        let mut at = target;
        let mut near = true;
        while let Some(next) = geometry.neighbour(at, dir) {
            if board.is_hole(next) {
                break;
            }
            if let Some(piece) = board.piece(next) {
                if piece.side == by {
                    let m = capture(piece);
                    if m.slides.contains(back) || (near && m.steps.contains(back)) {
                        return true;
                    }
                }
                break;
            }
            near = false;
            at = next;
        }
    }
    leaps.iter().enumerate().any(|(i, table)| {
        table.targets(target).iter().any(|&from| {
            board
                .piece(from)
                .is_some_and(|p| p.side == by && capture(p).leaps & (1 << i) != 0)
        })
    })
}

/// The pieces of one side pinned to its King: each may only move along the line between its
/// King and the enemy slider behind it (capturing that slider included).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pins {
    pinned: LocSet,
    /// Per direction from the King: the squares from beside the King up to the pinning slider,
    /// when a pin lies that way.
    lines: [LocSet; 8],
}

impl Pins {
    /// The pins against `side`'s King on `king`, by sliders of the other side capturing as
    /// `capture(piece)` says.
    pub fn find(
        geometry: &Geometry,
        board: &Board,
        king: Loc,
        side: Side,
        capture: impl Fn(Piece) -> Movement,
    ) -> Pins {
        let mut pins = Pins::default();
        for dir in Dir::ALL {
            let mut line = LocSet::EMPTY;
            let mut own: Option<Loc> = None;
            for at in geometry.ray(king, dir) {
                if board.is_hole(at) {
                    break;
                }
                line |= at.bit();
                let Some(piece) = board.piece(at) else {
                    continue;
                };
                match own {
                    None if piece.side == side => own = Some(at),
                    Some(pinned) if piece.side != side => {
                        if capture(piece).slides.contains(dir.opposite()) {
                            pins.pinned |= pinned.bit();
                            pins.lines[dir.index()] = line;
                        }
                        break;
                    }
                    _ => break,
                }
            }
        }
        pins
    }

    /// The pinned pieces' locations.
    #[inline]
    pub fn pinned(&self) -> LocSet {
        self.pinned
    }

    /// Whether moving the piece on `from` to `to` keeps its King shielded from every pin.
    #[inline]
    pub fn allows(&self, from: Loc, to: Loc) -> bool {
        !self.pinned.contains(from)
            || self
                .lines
                .iter()
                .any(|line| line.contains(from) && line.contains(to))
    }
}
