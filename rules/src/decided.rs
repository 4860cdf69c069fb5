//! What decided a finished game, as squares to mark on the board: asked of the variant's own
//! judgement (check, the Kings, the events of the last turn), never worked out again here.

use super::event::Event;
use super::game::Game;
use super::outcome::Reason;
use super::types::{Kind, LocSet, Side};

impl Game {
    /// The squares that decided the game, to mark on the board:
    /// - checkmate: the checked King(s) and the pieces giving check;
    /// - stalemate (by a slide or not): the stalemated side's King(s);
    /// - a King captured: where it was taken, by the last turn;
    /// - an end the variant judges by pieces of its own choosing (American Chess's Gauntlet,
    ///   its turn limit and its stalemate): those pieces;
    /// - no Kings: the Kings left on the board, all the loser's (the winner has none).
    ///
    /// Empty while the game goes on, and for the ends no piece decides: resignation, agreement,
    /// repetition, the fifty-move rule and insufficient material.
    pub fn deciding_squares(&self) -> LocSet {
        let Some(outcome) = self.outcome() else {
            return LocSet::EMPTY;
        };
        let variant = self.variant();
        let pos = self.position();
        if let Some(pieces) = variant.judged_pieces(pos, outcome.reason) {
            return pieces;
        }
        match outcome.reason {
            Reason::Checkmate => variant.checked_kings(pos) | variant.checkers(pos),
            Reason::Stalemate | Reason::StalemateBySlide => pos.board.kings_of(pos.side),
            Reason::KingCaptured => self.kings_taken_last(),
            Reason::NoKings => pos.board.kings_of(Side::White) | pos.board.kings_of(Side::Black),
            Reason::Gauntlet
            | Reason::TurnLimit
            | Reason::Resignation
            | Reason::Agreement
            | Reason::TimeForfeit
            | Reason::Abandonment
            | Reason::ThreefoldRepetition
            | Reason::FiftyMoveRule
            | Reason::InsufficientMaterial => LocSet::EMPTY,
        }
    }

    /// Where the last turn took a King, as its events tell; empty before any turn.
    fn kings_taken_last(&self) -> LocSet {
        let Some(turn) = self.turns().last() else {
            return LocSet::EMPTY;
        };
        let Some(before) = self.position_at(self.turns().len() - 1) else {
            return LocSet::EMPTY;
        };
        let mut events = Vec::new();
        self.variant().play_recorded(before, turn, &mut events);
        events
            .iter()
            .filter_map(|event| match event {
                Event::Captured { piece, at, .. } if piece.kind == Kind::King => Some(*at),
                _ => None,
            })
            .collect()
    }
}
