//! Legality where captures explode but are otherwise by landing alone (see
//! [`Lang::blast_judged`]), judged on the board alone: a turn is legal where it blows up no
//! royal piece of its mover and either takes the opponent's last one (where that ends the game)
//! or leaves none of its mover's royal pieces exposed, the opponent able to capture onto one's
//! square by a move whose explosion spares the opponent's own royal pieces. A capture onto a
//! square is found backwards from it (`attack`), so a turn costs a few lookups rather than the
//! opponent's moves; and a quiet turn (a move to an empty square, taking nothing) only empties
//! its piece's square and fills another with a piece of its mover, so one test with the square
//! emptied clears all of a piece's quiet turns.

use super::compile::Lang;
use crate::board::Board;
use crate::event::Discard;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Loc, LocSet, Piece, Side};

impl Lang {
    /// The squares of `side`'s royal pieces on `board`.
    fn royal_squares(&self, board: &Board, side: Side) -> LocSet {
        self.royals.iter().fold(LocSet::EMPTY, |set, k| {
            set | board.locs_of(Piece::new(*k, side))
        })
    }

    /// Whether a piece of `by` on `board` could take `side`'s royal piece on `at` by capturing
    /// onto it, with an explosion that spares `by`'s royal pieces, were the squares that end a
    /// line `stops`: none where the explosion around `at` reaches one of them, and never by a
    /// royal piece (it would land in the explosion).
    fn blast_takes(&self, board: &Board, at: Loc, by: Side, stops: LocSet) -> bool {
        let theirs = self.royal_squares(board, by);
        if self.blast(board, at, by).intersects(theirs) {
            return false;
        }
        if self.royals.iter().any(|k| self.capturing_kinds.contains(k)) {
            return !(self.attackers(board, at, by, stops) & !theirs).is_empty();
        }
        self.attacked_through(board, at, by, stops)
    }

    /// Whether some royal piece of `side` on `board` could be taken by the opponent (see
    /// [`Lang::blast_takes`]; `stops`: the squares that end a line).
    fn royals_exposed(&self, board: &Board, side: Side, stops: LocSet) -> bool {
        self.royal_squares(board, side)
            .iter()
            .any(|at| self.blast_takes(board, at, side.opponent(), stops))
    }

    /// Whether `turn`, a possible turn of `pos`, keeps its mover's royal pieces, as
    /// [`Lang::keeps_royals`] on the position after it, asked of the board after its move and
    /// explosion.
    fn blast_keeps_royals(&self, pos: &Position, turn: &Turn) -> bool {
        let side = pos.side;
        let board = self.play_move(pos, turn, &mut Discard).pos.board;
        if self.royal_count(&board, side) < self.royal_count(&pos.board, side) {
            return false;
        }
        if self.ends_on_royal_taken() && !self.has_royal(&board, side.opponent()) {
            return true;
        }
        !self.royals_exposed(&board, side, board.blockers())
    }

    /// Whether `turn`, a possible turn of `pos`, only moves a piece that is not royal to an
    /// empty square, taking nothing (no en passant, castling or placement) and promoting to no
    /// enemy piece, where no turn makes a royal piece: it leaves every royal piece where it
    /// stands.
    fn blast_quiet(&self, pos: &Position, turn: &Turn) -> bool {
        !self.makes_own_royals
            && self.is_quiet(pos, turn)
            && pos.state.en_passant != Some(turn.to)
            && self.castle_of(pos, turn).is_none()
    }
}

/// Judges the turns of one position where [`Lang::blast_judged`], remembering for the piece
/// last asked about whether its quiet turns are all safe (a position's turns come a piece at a
/// time).
pub struct BlastJudge {
    /// Whether the opponent has no royal piece left, where that ends the game: every turn is
    /// legal that keeps the mover's.
    opponent_gone: bool,
    vacated: Option<(Loc, bool)>,
}

impl BlastJudge {
    /// The judge of the turns of `pos`.
    pub fn new(lang: &Lang, pos: &Position) -> BlastJudge {
        BlastJudge {
            opponent_gone: lang.ends_on_royal_taken()
                && !lang.has_royal(&pos.board, pos.side.opponent()),
            vacated: None,
        }
    }

    /// Whether `turn`, a possible turn of `pos`, keeps its mover's royal pieces.
    pub fn keeps_royals(&mut self, lang: &Lang, pos: &Position, turn: &Turn) -> bool {
        if !lang.blast_quiet(pos, turn) {
            return lang.blast_keeps_royals(pos, turn);
        }
        if self.opponent_gone {
            return true;
        }
        let (board, side) = (&pos.board, pos.side);
        let stops = board.blockers().without(turn.from);
        let safe = match self.vacated {
            Some((from, safe)) if from == turn.from => safe,
            _ => {
                let safe = !lang.royals_exposed(board, side, stops);
                self.vacated = Some((turn.from, safe));
                safe
            }
        };
        safe || !lang.royals_exposed(board, side, stops.with(turn.to))
    }
}
