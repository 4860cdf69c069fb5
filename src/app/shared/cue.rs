//! Cues: the moments of a turn worth a sound, sent as the board plays them out.

use bevy::prelude::*;

/// A moment of a turn as the board shows it, for sound (and any other feedback).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece moved (or was placed).
    Move,
    /// A piece was captured.
    Capture,
    /// An Amoeba square slid.
    Slide,
    /// A piece was promoted.
    Promotion,
    /// The side to move is in check.
    Check,
    /// The game ended.
    GameOver,
}
