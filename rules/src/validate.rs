//! What several variants check alike when a FEN is read, written once: each check names the bad
//! token (a side by the variant's own name, or a square) and why.

use super::board::Board;
use super::error::Error;
use super::position::Position;
use super::rules::{Basics, Rules, RulesExt};
use super::types::{Kind, Piece, Side};

impl Basics {
    /// Each side has exactly one King on `board`.
    pub fn one_king_each(&self, board: &Board) -> Result<(), Error> {
        for side in Side::BOTH {
            let kings = board.kings_of(side).len();
            if kings != 1 {
                let error = Error::fen(
                    self.data.side_name(side),
                    "each side must have exactly one King",
                );
                return Err(error.advising(self.king_count_advice(side, kings)));
            }
        }
        Ok(())
    }

    /// What a player does about `side` having `kings` Kings where it may have only one.
    pub fn king_count_advice(&self, side: Side, kings: usize) -> String {
        let king = self.data.piece_words(Piece::new(Kind::King, side));
        if kings == 0 {
            format!("Put the {king} on the board.")
        } else {
            format!("Take off all but one {king}.")
        }
    }

    /// No Pawn stands on the first or last rank of `board`.
    pub fn no_pawn_on_end_ranks(&self, board: &Board) -> Result<(), Error> {
        let last = self.geometry.ranks() - 1;
        match board
            .pieces()
            .find(|(loc, p)| p.kind == Kind::Pawn && (loc.rank() == 0 || loc.rank() == last))
        {
            Some((loc, _)) => Err(Error::fen(
                loc.to_string(),
                format!("a Pawn may not stand on rank 1 or {}", last + 1),
            )
            .advising(format!(
                "Move the Pawn on {loc}: Pawns never stand on the first or last rank."
            ))),
            None => Ok(()),
        }
    }
}

/// The side not to move in `pos` is not in check, as the variant's own
/// [`Rules::in_check`] judges it with the sides swapped.
pub(crate) fn waiting_side_not_in_check(
    rules: &(impl Rules + ?Sized),
    pos: &Position,
) -> Result<(), Error> {
    let waiting = pos.side.opponent();
    let asked = Position {
        side: waiting,
        ..*pos
    };
    if rules.in_check(&asked) {
        let data = rules.data();
        let (waiting_name, mover) = (data.side_name(waiting), data.side_name(pos.side));
        return Err(
            Error::fen(waiting_name, "the side not to move is in check").advising(format!(
                "{waiting_name} is in check with {mover} to move: give {waiting_name} the move, \
                 or take the check away."
            )),
        );
    }
    Ok(())
}
