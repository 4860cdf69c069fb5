//! The static judgement of a position: material counted with the variant's piece values, plus
//! the variant's own terms (its goal, its pieces' placement).

use crate::position::Position;
use crate::rules::RulesExt;
use crate::turn::Turn;
use crate::types::{Kind, LocSet, Piece, Side};
use crate::variant::Variant;

/// A variant's piece values, read once from its data, and the judgement built on them.
pub(super) struct Evaluator {
    values: [i32; Kind::COUNT],
}

impl Evaluator {
    /// The evaluator of `variant`, with the values its data gives its pieces.
    pub(super) fn new(variant: &Variant) -> Evaluator {
        let mut values = [0; Kind::COUNT];
        for piece in &variant.data().pieces {
            values[piece.kind.index()] = piece.value;
        }
        Evaluator { values }
    }

    /// What each kind of piece is worth, by [`Kind::index`].
    pub(super) fn values(&self) -> &[i32; Kind::COUNT] {
        &self.values
    }

    /// What a piece of `kind` is worth.
    #[inline]
    pub(super) fn value(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }

    /// The material on the board, for the first player: each kind's value times how many more
    /// of it the first player has (the board keeps the counts).
    fn material(&self, pos: &Position) -> i32 {
        Kind::ALL
            .into_iter()
            .map(|kind| {
                let count = |side| pos.board.count(Piece::new(kind, side)) as i32;
                self.value(kind) * (count(Side::White) - count(Side::Black))
            })
            .sum()
    }

    /// The value of the material of `side` that left the board between `before` and `after`
    /// (however it was taken: replacement, interception, approach, telekinesis; a piece carried
    /// by a sliding square is not taken).
    pub(super) fn taken(&self, before: &Position, after: &Position, side: Side) -> i32 {
        let worth = |pos: &Position, locs: LocSet| -> i32 {
            locs.iter()
                .filter_map(|loc| pos.board.piece(loc))
                .map(|piece| self.value(piece.kind))
                .sum()
        };
        let (was, is) = (
            before.board.occupied_by(side),
            after.board.occupied_by(side),
        );
        worth(before, was & !is) - worth(after, is & !was)
    }

    /// What `turn` of `pos` adds to its side's material by promoting: the promoted piece's
    /// worth less the mover's (none for a turn that does not promote, or promotes to nothing
    /// worth more). The board is read only for a turn that promotes: the quiescence search asks
    /// this of every capture it plays.
    pub(super) fn promotion_gain(&self, pos: &Position, turn: &Turn) -> i32 {
        let Some(promoted) = turn.promotion.filter(|p| p.side == pos.side) else {
            return 0;
        };
        let mover = pos.board.piece(turn.from).map_or(0, |p| self.value(p.kind));
        (self.value(promoted.kind) - mover).max(0)
    }

    /// How good `pos` looks for the side to move, in hundredths of a Pawn.
    pub(super) fn evaluate(&self, variant: &Variant, pos: &Position) -> i32 {
        let white = variant
            .judgement(pos)
            .unwrap_or_else(|| self.material(pos) + variant.positional(pos));
        match pos.side {
            Side::White => white,
            Side::Black => -white,
        }
    }
}

/// How many static judgements a [`Judged`] remembers (a power of two).
const JUDGED_SLOTS: usize = 1 << 16;

/// The static judgements one search thread has made, by the position's search key: a
/// direct-mapped cache, since the same position is judged again at each iteration and in
/// the quiescence search. A slot holds a key and its judgement; an empty slot has key 0,
/// which no position is given but with odds of one in 2⁶⁴.
pub(super) struct Judged {
    slots: Vec<(u64, i32)>,
}

impl Judged {
    /// An empty cache.
    pub(super) fn new() -> Judged {
        Judged {
            slots: vec![(0, 0); JUDGED_SLOTS],
        }
    }

    /// The judgement of `pos`, whose search key is `key`, for the side to move: remembered,
    /// or made by `eval` and remembered.
    pub(super) fn judge(
        &mut self,
        eval: &Evaluator,
        variant: &Variant,
        pos: &Position,
        key: u64,
    ) -> i32 {
        let slot = &mut self.slots[key as usize & (JUDGED_SLOTS - 1)];
        if slot.0 != key {
            *slot = (key, eval.evaluate(variant, pos));
        }
        slot.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Along a game, a judgement read from the cache is the one the evaluator makes, whether
    /// the position is judged for the first time or again.
    #[test]
    fn a_remembered_judgement_is_the_judgement() {
        let variant = Variant::load("chess", &[]).expect("chess loads");
        let (eval, mut judged) = (Evaluator::new(&variant), Judged::new());
        let mut pos = *variant.start();
        for ply in 0..40 {
            let key = variant.search_key(&pos);
            for _ in 0..2 {
                assert_eq!(
                    judged.judge(&eval, &variant, &pos, key),
                    eval.evaluate(&variant, &pos),
                    "{}",
                    variant.fen(&pos)
                );
            }
            let turns = variant.legal_turns(&pos);
            let Some(turn) = turns.get(ply * 7 % turns.len().max(1)) else {
                break;
            };
            pos = variant.play_unchecked(&pos, turn);
        }
    }
}
