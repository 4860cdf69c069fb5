//! Time controls and the game's clocks as plain data: what a new game is given and a save
//! keeps. The session's timekeeping runs them.

use crate::rules::{Game, Side};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A time control: each side's time at the start, and the time added after each of its turns.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a side's time after each of its turns.
    pub increment: Duration,
}

impl TimeControl {
    /// A control of `minutes` and `increment` seconds, as written `5+3`.
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
        }
    }

    /// The controls offered for a new game (none first).
    pub const PRESETS: [Option<TimeControl>; 6] = [
        None,
        Some(TimeControl::minutes(3, 2)),
        Some(TimeControl::minutes(5, 3)),
        Some(TimeControl::minutes(10, 5)),
        Some(TimeControl::minutes(15, 10)),
        Some(TimeControl::minutes(30, 0)),
    ];

    /// As players write it: `5+3` (minutes, then seconds added per turn).
    pub fn label(self) -> String {
        format!("{}+{}", self.base.as_secs() / 60, self.increment.as_secs())
    }
}

/// The game's clocks: its time control, if any, and each side's time left.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Clocks {
    /// The time control; `None` for a game without clocks.
    pub control: Option<TimeControl>,
    /// Each side's time left, first player first.
    pub left: [Duration; 2],
}

impl Clocks {
    /// Fresh clocks for `control`: each side has the whole base time.
    pub fn new(control: Option<TimeControl>) -> Clocks {
        let base = control.map_or(Duration::ZERO, |c| c.base);
        Clocks {
            control,
            left: [base; 2],
        }
    }

    /// `side`'s time left.
    pub fn left(&self, side: Side) -> Duration {
        self.left[side.index()]
    }

    /// The side whose clock runs in `game`: the side to move, once both sides have played a
    /// turn (as on lichess, no time is lost finding the pieces before one's first turn); none
    /// without a clock or once the game is over.
    pub fn running(&self, game: &Game) -> Option<Side> {
        let started = game.turns().len() >= 2;
        (self.control.is_some() && started && game.outcome().is_none())
            .then(|| game.position().side)
    }
}

/// Under this much time left a clock shows tenths of a second.
pub const TENTHS_UNDER: Duration = Duration::from_secs(10);
