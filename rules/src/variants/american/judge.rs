//! American Chess's judgement beyond material: the Gauntlet held, the Generals near it, the
//! Soldiers' progress and the other pieces' mobility.

use super::super::terms;
use super::{American, GAUNTLET_FILES, TURN_LIMIT};
use crate::board::Board;
use crate::position::Position;
use crate::types::{Kind, Loc, Piece, Side};

/// What a piece other than a Missile or a Soldier gains in the judgement for each square it
/// may move to.
const MOBILITY: i32 = 2;

impl American {
    /// The judgement's terms besides material (see
    /// [`SearchHints::positional`](crate::search_hints::SearchHints::positional)).
    #[inline(always)]
    pub(super) fn placement(&self, pos: &Position) -> i32 {
        let geometry = &self.basics.geometry;
        let board = &pos.board;
        let mut holds = [false; 2];
        let placed = terms::sum_for_white(board, |loc, piece| match piece.kind {
            Kind::Queen => {
                holds[piece.side.index()] |= self.gauntlet.contains(loc);
                let files_away = GAUNTLET_FILES
                    .iter()
                    .map(|f| (i32::from(loc.file()) - i32::from(*f)).abs())
                    .min()
                    .unwrap_or_default();
                (30 - 15 * files_away).max(0) + self.mobility(board, loc, piece)
            }
            Kind::Soldier => 4 * terms::progress(geometry, loc, piece.side),
            Kind::Missile => 0,
            _ => self.mobility(board, loc, piece),
        });
        let urgency = 1 + pos.fullmove.min(TURN_LIMIT) as i32 / 10;
        let held: i32 = Side::BOTH
            .into_iter()
            .filter(|side| holds[side.index()])
            .map(|side| terms::for_white(side, 100 * urgency))
            .sum();
        held + placed
    }

    /// What a piece gains by the squares it may move to: [`MOBILITY`] a square.
    #[inline(always)]
    fn mobility(&self, board: &Board, loc: Loc, piece: Piece) -> i32 {
        MOBILITY * self.destinations(board, loc, piece).len() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// The judgement of `fen` beyond material, for Blue.
    fn placement(fen: &str) -> i32 {
        let variant = Variant::load("american-chess", &[]).expect("the variant loads");
        let pos = variant.parse_fen(fen).expect("a position");
        variant.positional(&pos)
    }

    /// An Armor Brigade free on a5 (16 squares to go to) is judged better than the same one
    /// shut in on a1 by its own Soldiers on a2 and b1 (none), by [`MOBILITY`] a square; nothing
    /// else on the board moves differently.
    #[test]
    fn a_free_piece_is_judged_better_than_a_shut_in_one() {
        let free = placement("5q5/11/11/11/R10/11/11/P10/1P3Q5 w 10");
        let shut_in = placement("5q5/11/11/11/11/11/11/P10/RP3Q5 w 10");
        assert_eq!(free - shut_in, 16 * MOBILITY);
    }
}
