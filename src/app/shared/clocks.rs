//! Time controls and the game's clocks as plain data: what a new game is given and a save
//! keeps. The session's timekeeping runs them.

use crate::rules::{Game, Side};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A time control: each side's time at the start, and the time added after each of its turns;
/// or, for a correspondence game, the time each turn may take.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each side's time at the start (a correspondence game's: the time for one turn).
    pub base: Duration,
    /// Added to a side's time after each of its turns.
    pub increment: Duration,
    /// Whether it is a correspondence control: after each of its turns a side's time is set
    /// back to `base`, whatever was left.
    #[serde(default)]
    pub per_turn: bool,
}

impl TimeControl {
    /// A control of `minutes` and `increment` seconds, as written `5+3`.
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
            per_turn: false,
        }
    }

    /// A correspondence control: `days` for each turn.
    pub const fn days(days: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(days * DAY.as_secs()),
            increment: Duration::ZERO,
            per_turn: true,
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

    /// The correspondence controls offered for a game online.
    pub const CORRESPONDENCE: [TimeControl; 4] = [
        TimeControl::days(1),
        TimeControl::days(2),
        TimeControl::days(3),
        TimeControl::days(7),
    ];

    /// As players write it: `5+3` (minutes, then seconds added per turn), or `2 days a turn`.
    pub fn label(self) -> String {
        if self.per_turn {
            let days = self.base.as_secs() / DAY.as_secs();
            let unit = if days == 1 { "day" } else { "days" };
            format!("{days} {unit} a turn")
        } else {
            format!("{}+{}", self.base.as_secs() / 60, self.increment.as_secs())
        }
    }

    /// As a record's `TimeControl` tag writes it, in seconds: `300+3`, or `1/86400` (one turn
    /// in each period of a day) for a correspondence control.
    pub fn pgn(self) -> String {
        if self.per_turn {
            format!("1/{}", self.base.as_secs())
        } else {
            format!("{}+{}", self.base.as_secs(), self.increment.as_secs())
        }
    }
}

/// A day, the unit of correspondence controls.
pub const DAY: Duration = Duration::from_secs(24 * 60 * 60);

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

    /// `side` has played a turn: it gets its increment, or under a correspondence control its
    /// whole time for a turn again.
    pub fn turn_played(&mut self, side: Side) {
        let Some(control) = self.control else {
            return;
        };
        let left = &mut self.left[side.index()];
        *left = if control.per_turn {
            control.base
        } else {
            left.saturating_add(control.increment)
        };
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

/// A clock's face for `left`: `2d 23h` from a day, `5:04:09` from an hour, `4:09` under it,
/// and `0:09.4` (tenths) under [`TENTHS_UNDER`].
pub fn face(left: Duration) -> String {
    let seconds = left.as_secs();
    let (days, hours, minutes) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60);
    if days > 0 {
        format!("{days}d {hours}h")
    } else if seconds >= 3600 {
        format!("{}:{minutes:02}:{:02}", seconds / 3600, seconds % 60)
    } else if left < TENTHS_UNDER {
        format!("0:{:04.1}", left.as_secs_f32())
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}
