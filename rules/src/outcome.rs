//! How a game ended: who won, and why.

use super::types::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The result: `1-0`, `0-1` or `1/2-1/2`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Verdict {
    /// The first player won (`1-0`).
    WhiteWins,
    /// The second player won (`0-1`).
    BlackWins,
    /// A draw (`1/2-1/2`).
    Draw,
}

impl Verdict {
    /// A win for `side`.
    pub fn win_for(side: Side) -> Verdict {
        match side {
            Side::White => Verdict::WhiteWins,
            Side::Black => Verdict::BlackWins,
        }
    }

    /// The result as written: `1-0`, `0-1` or `1/2-1/2`.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::WhiteWins => "1-0",
            Verdict::BlackWins => "0-1",
            Verdict::Draw => "1/2-1/2",
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Reason {
    /// No legal turn while in check.
    Checkmate,
    /// No legal turn while not in check.
    Stalemate,
    /// The same position for the third time.
    ThreefoldRepetition,
    /// 100 half-moves without a capture or pawn move.
    FiftyMoveRule,
    /// Neither side can ever checkmate (orthodox chess).
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed.
    Agreement,
    /// A player's clock ran out.
    TimeForfeit,
    /// Amphora: the side to move has no King left.
    KingCaptured,
    /// Amoeba: stalemated by the opponent's slide.
    StalemateBySlide,
    /// American Chess: judged by who holds the Gauntlet.
    Gauntlet,
    /// American Chess: both hold the Gauntlet after 50 full turns.
    TurnLimit,
    /// Pawns-to-Kings: a side without a King facing no enemy Pawn or Blacksmith.
    NoKings,
    /// A player left a game over the network and did not come back: the opponent claimed it.
    Abandonment,
    /// A side has no pieces left (Antichess: it wins; Horde: it loses).
    NoPiecesLeft,
    /// A side has nothing left but its King (Shatranj: it loses; Losers: it wins).
    BareKing,
    /// A side has lost every piece of a kind it must keep (Extinction chess).
    Extinction,
    /// A piece reached the region the game is won on (King of the Hill, Racing Kings).
    GoalReached,
}

impl Reason {
    /// Every reason, in the order declared.
    pub const ALL: [Reason; 18] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::ThreefoldRepetition,
        Reason::FiftyMoveRule,
        Reason::InsufficientMaterial,
        Reason::Resignation,
        Reason::Agreement,
        Reason::TimeForfeit,
        Reason::KingCaptured,
        Reason::StalemateBySlide,
        Reason::Gauntlet,
        Reason::TurnLimit,
        Reason::NoKings,
        Reason::Abandonment,
        Reason::NoPiecesLeft,
        Reason::BareKing,
        Reason::Extinction,
        Reason::GoalReached,
    ];

    /// The reason written as `text` (see [`Reason::text`]), if any.
    pub fn parse(text: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.text() == text)
    }

    /// The reason as written after the result, in lower case.
    pub fn text(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::FiftyMoveRule => "fifty-move rule",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::TimeForfeit => "time forfeit",
            Reason::KingCaptured => "king captured",
            Reason::StalemateBySlide => "stalemate by slide",
            Reason::Gauntlet => "gauntlet",
            Reason::TurnLimit => "turn limit",
            Reason::NoKings => "no kings",
            Reason::Abandonment => "abandonment",
            Reason::NoPiecesLeft => "no pieces left",
            Reason::BareKing => "bare king",
            Reason::Extinction => "extinction",
            Reason::GoalReached => "goal reached",
        }
    }
}

/// A finished game's result and reason, written like `0-1 checkmate`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won.
    pub verdict: Verdict,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// `side` wins for `reason`.
    pub fn win(side: Side, reason: Reason) -> Outcome {
        Outcome {
            verdict: Verdict::win_for(side),
            reason,
        }
    }

    /// A draw for `reason`.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            verdict: Verdict::Draw,
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.verdict.text(), self.reason.text())
    }
}
