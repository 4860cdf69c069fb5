//! The safety of a side's one King against pieces that capture by replacement: which enemies
//! check it, where a reply to check may go, and which of its pieces are pinned along which
//! lines. With these, only the King's own moves (and the rare turn that removes a piece off its
//! landing square) need testing one by one.

use super::board::Board;
use super::reach::Reach;
use super::types::{Dir, Loc, LocSet, Side};

/// A King's checks and pins, found once per position.
#[derive(Clone, Copy, Debug)]
pub struct KingSafety {
    checkers: LocSet,
    /// Where a piece other than the King may go: everywhere out of check, else onto the
    /// checker or between it and the King, and nowhere in double check.
    block: LocSet,
    pinned: LocSet,
    /// Per direction from the King: the squares from beside it up to a pinning slider.
    lines: [LocSet; 8],
}

impl KingSafety {
    /// The checks and pins against `side`'s King on `king`.
    #[inline(always)]
    pub fn find(reach: &Reach, board: &Board, king: Loc, side: Side) -> KingSafety {
        let enemies = board.occupied_by(side.opponent());
        let blockers = board.blockers();
        let mut checkers: LocSet = (reach.jumped_from(king) & enemies)
            .into_iter()
            .filter(|at| reach.jumps_onto(board, *at, king))
            .collect();
        let mut block = checkers;
        let mut pinned = LocSet::EMPTY;
        let mut lines = [LocSet::EMPTY; 8];
        for dir in Dir::ALL {
            if !reach.ray(king, dir).intersects(enemies) {
                continue;
            }
            let Some(near) = reach.nearest(king, dir, blockers) else {
                continue;
            };
            if board.is_side(near, side) {
                if let Some(far) = reach.nearest(near, dir, blockers)
                    && enemies.contains(far)
                    && reach.slides_onto(board, far, dir)
                {
                    pinned |= near.bit();
                    lines[dir.index()] = reach.up_to(king, dir, far);
                }
            } else if enemies.contains(near) && reach.slides_onto(board, near, dir) {
                checkers |= near.bit();
                block |= reach.up_to(king, dir, near);
            }
        }
        block = match checkers.len() {
            0 => !LocSet::EMPTY,
            1 => block,
            _ => LocSet::EMPTY,
        };
        KingSafety {
            checkers,
            block,
            pinned,
            lines,
        }
    }

    /// Whether the King is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// Whether two pieces check the King at once: then only the King may move.
    #[inline]
    pub fn double_check(&self) -> bool {
        self.checkers.len() > 1
    }

    /// The King's pieces pinned to it.
    #[inline]
    pub fn pinned(&self) -> LocSet {
        self.pinned
    }

    /// Where a piece other than the King, standing on `from`, may move without leaving its King
    /// attacked (a capture off its landing square aside).
    #[inline]
    pub fn allowed(&self, from: Loc) -> LocSet {
        if !self.pinned.contains(from) {
            return self.block;
        }
        self.lines
            .iter()
            .find(|line| line.contains(from))
            .map_or(LocSet::EMPTY, |line| *line & self.block)
    }
}
