//! Cues: the moments worth a sound, sent as the board plays a turn out (and when the server
//! says it is the player's turn in another game).

use crate::rules::Capture;
use bevy::prelude::*;

/// A moment of a turn as the board shows it, or news of another game, for sound (and any other
/// feedback).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece moved (or was placed).
    Move,
    /// A piece was captured, this way (each way has its own sound, as its own effect).
    Capture(Capture),
    /// An Amoeba square slid.
    Slide,
    /// A piece was promoted.
    Promotion,
    /// The side to move is in check.
    Check,
    /// The game ended.
    GameOver,
    /// It is the player's turn in another of their games on the server.
    YourTurn,
    /// A running clock passed one of its last ten seconds.
    ClockWarning,
}
