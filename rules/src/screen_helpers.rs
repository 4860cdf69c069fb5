//! What the screens ask a variant beyond its rules: the position editor's controls, the
//! counters and zones they draw, and the help's piece reach.

use super::editing::{StateControl, clamp_controls};
use super::outcome::Reason;
use super::position::Position;
use super::rules::{Rules, RulesExt};
use super::types::{Loc, LocSet, Piece, Side};

/// The screens' helpers: asked by the game's panels, board and position editor (and by
/// [`Variant::piece_diagram`] and [`Game::deciding_squares`], which the screens show), never by
/// the rules or the search. Every method has a default, so a variant without helpers (`impl
/// ScreenHelpers for X {}`) still shows its board, its legal destinations and the editor.
///
/// [`Variant::piece_diagram`]: super::variant::Variant::piece_diagram
/// [`Game::deciding_squares`]: super::game::Game::deciding_squares
pub trait ScreenHelpers: Rules {
    /// The parts of the rule state a player sets by hand in the position editor, with the
    /// values `pos`'s pieces allow.
    fn state_controls(&self, _pos: &Position) -> Vec<StateControl> {
        Vec::new()
    }

    /// Drops from `pos` what its pieces no longer allow (a castling right whose Rook has gone,
    /// a stale en passant square, …): what the editor does after every change of the board.
    fn settle(&self, pos: &mut Position) {
        clamp_controls(self, pos);
    }

    /// The variant's own counters for the players, as (label, value) pairs: pieces in reserve,
    /// move limits and the like.
    fn counters(&self, _pos: &Position) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Where the piece on `from` could move in `pos`, for the player's help: its legal
    /// destinations as if it were its side's turn (the opponent's piece too). A variant whose
    /// legal turns stop at an end it judges (American Chess) answers from movement alone.
    fn piece_reach(&self, pos: &Position, from: Loc) -> LocSet {
        let Some(piece) = pos.board.piece(from) else {
            return LocSet::EMPTY;
        };
        self.legal_turns(&pos.asked_for(piece.side))
            .iter()
            .filter(|t| t.from == from)
            .map(|t| t.to)
            .collect()
    }

    /// The squares that form a zone with a meaning of its own, for drawing (American Chess's
    /// Gauntlet).
    fn zone(&self) -> LocSet {
        LocSet::EMPTY
    }

    /// The pieces by which the variant judged `pos` over for `reason`, where it judges by pieces
    /// of its own choosing rather than by check or the Kings (American Chess: the Generals on
    /// the Gauntlet); `None` leaves the answer to [`Game::deciding_squares`].
    ///
    /// [`Game::deciding_squares`]: super::game::Game::deciding_squares
    fn judged_pieces(&self, _pos: &Position, _reason: Reason) -> Option<LocSet> {
        None
    }

    /// The piece `side` holds in reserve that a [`Removal::Reserve`] of its opponent takes, if
    /// any (Amphora's Guard).
    ///
    /// [`Removal::Reserve`]: super::turn::Removal::Reserve
    fn reserve_piece(&self, _side: Side) -> Option<Piece> {
        None
    }

    /// The checkmate of `mated`'s King in words of the variant's goal: a variant won by
    /// checkmate names it; one won by taking the King (Amphora) says the King cannot escape.
    fn mate_in_words(&self, mated: &str) -> String {
        format!("{mated}'s King is in check and cannot get out of it: checkmate.")
    }
}
