//! Amoeba's judgement beyond material: the King's shelter, the Pawns' progress and the minor
//! pieces' centrality.

use super::super::terms;
use super::Amoeba;
use crate::position::Position;
use crate::types::Kind;

impl Amoeba {
    /// The judgement's terms besides material (see
    /// [`SearchHints::positional`](crate::search_hints::SearchHints::positional)), for the first
    /// player.
    #[inline(always)]
    pub(super) fn shelter_and_placement(&self, pos: &Position) -> i32 {
        let geometry = &self.basics.geometry;
        let board = &pos.board;
        terms::sum_for_white(board, |loc, piece| match piece.kind {
            Kind::King => terms::neighbours(geometry, board, loc)
                .map(|(_, next)| {
                    if board.is_side(next, piece.side) {
                        14
                    } else {
                        8
                    }
                })
                .sum(),
            Kind::Pawn => 5 * terms::progress(geometry, loc, piece.side),
            Kind::Knight | Kind::Bishop => 4 * terms::centrality(geometry, loc),
            _ => 0,
        })
    }
}
