//! Pawns-to-Kings' judgement beyond material: the burden of a King and the promoters' progress.

use super::super::terms;
use super::{PawnsToKings, promoter_count};
use crate::bits::bit_instructions;
use crate::position::Position;
use crate::types::{Kind, Piece, Side};

impl PawnsToKings {
    /// The judgement's terms besides material (see
    /// [`SearchHints::positional`](crate::search_hints::SearchHints::positional)), for the first
    /// player.
    #[inline(always)]
    pub(super) fn burden_and_progress(&self, pos: &Position) -> i32 {
        let geometry = &self.basics.geometry;
        let board = &pos.board;
        bit_instructions!({
            let mut sum = 0;
            for side in Side::BOTH {
                let held = board.kings_of(side).len() as i32;
                let kings = if held == 0 {
                    240 / (1 + promoter_count(board, side.opponent()) as i32)
                } else {
                    -120 * held
                };
                let promoters = board.locs_of(Piece::new(Kind::Pawn, side))
                    | board.locs_of(Piece::new(Kind::Blacksmith, side));
                let ahead = 4 * terms::progress_of(geometry, promoters, side);
                sum += terms::for_white(side, kings + ahead);
            }
            sum
        })
    }
}
