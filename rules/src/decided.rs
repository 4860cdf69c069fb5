//! What decided a finished game, as squares to mark on the board and in a sentence of the
//! variant's own terms: asked of the variant's own judgement (check, the Kings, the events of
//! the last turn, the outcome it gave), never worked out again here.

use super::event::Event;
use super::game::Game;
use super::outcome::{Reason, Verdict};
use super::rules::RulesExt;
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
            | Reason::InsufficientMaterial
            | Reason::NoPiecesLeft
            | Reason::BareKing
            | Reason::Extinction
            | Reason::GoalReached => LocSet::EMPTY,
        }
    }

    /// The side with fewer pieces on the board (the second player where they have as many).
    fn side_with_fewer_pieces(&self) -> Side {
        let board = &self.position().board;
        let count = |side: Side| board.pieces_of(side).count();
        if count(Side::White) < count(Side::Black) {
            Side::White
        } else {
            Side::Black
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

    /// Why the game ended, in a sentence of the variant's own terms, for the player told the
    /// result (`Black's King cannot escape capture.`, `White's slide left Black without a legal
    /// turn: in Amoeba that wins.`); `None` while it goes on. The words follow the outcome the
    /// variant gave (who won, and why) and the position it was given on, so a stalemate reads
    /// as a loss where the variant makes it one and as a draw where it is one.
    pub fn decided_in_words(&self) -> Option<String> {
        let outcome = self.outcome()?;
        let variant = self.variant();
        let data = variant.data();
        let winner = match outcome.verdict {
            Verdict::WhiteWins => Some(Side::White),
            Verdict::BlackWins => Some(Side::Black),
            Verdict::Draw => None,
        };
        let to_move = self.position().side;
        let loser = data.side_name(winner.map_or(to_move, Side::opponent));
        let won = winner.map_or("", |side| data.side_name(side));
        let stuck = data.side_name(to_move);
        let game = &data.name;
        Some(match (outcome.reason, winner) {
            (Reason::Checkmate, Some(side)) if side == to_move => {
                format!("{stuck} is checkmated, and in {game} that wins.")
            }
            (Reason::Checkmate, _) => variant.mate_in_words(loser),
            (Reason::Stalemate, None) => {
                format!("{stuck} has no legal turn but is not in check: stalemate, a draw.")
            }
            (Reason::Stalemate, Some(side)) if side == to_move => {
                format!("{stuck} has no legal turn, which ends the game: {won} wins.")
            }
            (Reason::Stalemate, Some(_)) => {
                format!("{stuck} has no legal turn left, and in {game} that loses.")
            }
            (Reason::StalemateBySlide, _) => {
                format!("{won}'s slide left {loser} without a legal turn: in {game} that wins.")
            }
            (Reason::KingCaptured, _) => format!("{won} has taken {loser}'s King."),
            (Reason::Gauntlet, Some(_)) => format!(
                "{won} alone has a General on the Gauntlet, the three centre files, after the \
                 full turn."
            ),
            (Reason::Gauntlet, None) => {
                "Neither side alone holds the Gauntlet after the full turn: a draw.".to_string()
            }
            (Reason::TurnLimit, _) => {
                "The turn limit is reached with both sides on the Gauntlet: a draw.".to_string()
            }
            (Reason::NoKings, Some(_)) => {
                format!("{loser} has no King left and can no longer get one.")
            }
            (Reason::NoKings, None) => "Neither side has a King left: a draw.".to_string(),
            (Reason::Resignation, _) => format!("{loser} resigned."),
            (Reason::Agreement, _) => "The players agreed a draw.".to_string(),
            (Reason::TimeForfeit, _) => format!("{loser}'s time ran out."),
            (Reason::Abandonment, _) => format!("{loser} left the game and did not come back."),
            (Reason::ThreefoldRepetition, _) => {
                "The same position came up for the third time: a draw.".to_string()
            }
            (Reason::FiftyMoveRule, _) => {
                "Fifty moves each without a capture or a Pawn move: a draw.".to_string()
            }
            (Reason::InsufficientMaterial, _) => {
                "Neither side has enough left to checkmate: a draw.".to_string()
            }
            (Reason::NoPiecesLeft | Reason::BareKing, _) => {
                let fewer = self.side_with_fewer_pieces();
                let name = data.side_name(fewer);
                match (outcome.reason, Some(fewer) == winner) {
                    (Reason::NoPiecesLeft, true) => {
                        format!("{name} has no pieces left, and in {game} that wins.")
                    }
                    (Reason::NoPiecesLeft, false) => format!("{name} has no pieces left."),
                    (_, wins) => format!(
                        "{name} has nothing left but its King, and in {game} that {}.",
                        if wins { "wins" } else { "loses" }
                    ),
                }
            }
            (Reason::Extinction, Some(_)) => {
                format!("{loser} has lost every piece of a kind it must keep.")
            }
            (Reason::Extinction, None) => {
                "Both sides have lost every piece of a kind they must keep: a draw.".to_string()
            }
            (Reason::GoalReached, Some(_)) => format!("{won} has reached the goal."),
            (Reason::GoalReached, None) => "Both sides reached the goal: a draw.".to_string(),
        })
    }
}
