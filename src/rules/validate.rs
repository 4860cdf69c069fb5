//! What several variants check alike when a FEN is read, written once: each check names the bad
//! token (a side by the variant's own name, or a square) and why.

use super::board::Board;
use super::error::Error;
use super::position::Position;
use super::types::{Kind, Side};
use super::variant::{Basics, Rules};

impl Basics {
    /// Each side has exactly one King on `board`.
    pub fn one_king_each(&self, board: &Board) -> Result<(), Error> {
        match Side::BOTH
            .into_iter()
            .find(|&side| board.kings_of(side).len() != 1)
        {
            Some(side) => Err(Error::fen(
                self.data.side_name(side),
                "each side must have exactly one King",
            )),
            None => Ok(()),
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
            )),
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
        return Err(Error::fen(
            rules.data().side_name(waiting),
            "the side not to move is in check",
        ));
    }
    Ok(())
}
