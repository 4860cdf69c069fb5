//! The engine's own account of what a turn did, in order, so the game can animate it without
//! re-deriving a rule.

use super::types::{Loc, Piece};
use serde::{Deserialize, Serialize};

/// How a piece was captured (as a lesson's task names it, too).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Deserialize, Serialize)]
pub enum Capture {
    /// The mover landed on it.
    Replacement,
    /// Orthodox en passant: the pawn passed by was taken.
    EnPassant,
    /// Amphora: caught diagonally between the mover and a friendly piece.
    Interception,
    /// Amphora: removed from afar on entering the far rank.
    Telekinesis,
    /// Fanorona: the mover stopped next to it, moving towards it.
    Approach,
    /// Fanorona: the mover moved directly away from it.
    Withdrawal,
    /// Blown up by a capture next to it, or as the capturing piece (a file's explosion).
    Explosion,
}

impl Capture {
    /// How the capture is said after the square taken (`by withdrawal`, `en passant`).
    pub fn words(self) -> &'static str {
        match self {
            Capture::Replacement => "by replacement",
            Capture::EnPassant => "en passant",
            Capture::Interception => "by interception",
            Capture::Telekinesis => "by telekinesis",
            Capture::Approach => "by approach",
            Capture::Withdrawal => "by withdrawal",
            Capture::Explosion => "in an explosion",
        }
    }
}

/// One thing that happened during a turn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A piece was put on the board from reserve.
    Placed {
        /// The piece placed.
        piece: Piece,
        /// Where.
        at: Loc,
    },
    /// A piece moved along `path` (start first, destination last, points passed between).
    Moved {
        /// The piece that moved, as it was before any promotion.
        piece: Piece,
        /// Every point it passed, from start to destination.
        path: Vec<Loc>,
    },
    /// A piece left the board.
    Captured {
        /// The piece captured.
        piece: Piece,
        /// Where it stood.
        at: Loc,
        /// How it was captured.
        how: Capture,
    },
    /// A piece in reserve was removed (Amphora's `x@`).
    RemovedFromReserve {
        /// The piece removed.
        piece: Piece,
    },
    /// A piece changed into another.
    Promoted {
        /// Where it stands.
        at: Loc,
        /// What it was.
        from: Piece,
        /// What it became.
        to: Piece,
    },
    /// A square (with anything on it) slid to a neighbouring location.
    Slid {
        /// Where the square was.
        from: Loc,
        /// Where it is now.
        to: Loc,
    },
}

/// Where the events of a turn go while it is played: a list for the game, nowhere for perft.
pub trait Recorder {
    /// Notes one event; `event` is only called if the event is kept.
    fn record(&mut self, event: impl FnOnce() -> Event);
}

impl Recorder for Vec<Event> {
    fn record(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}

/// A recorder that keeps nothing: playing through it costs nothing extra.
pub struct Discard;

impl Recorder for Discard {
    #[inline]
    fn record(&mut self, _event: impl FnOnce() -> Event) {}
}
