//! The levels a player chooses from: the low ones weigh the better turns by a shallow search
//! and pick among them by chance, as a human might; the high ones search in earnest.

use super::rng::SplitMix64;
use super::{Engine, Found, Limits, default_threads, score_each};
use crate::game::Game;
use crate::turn::Turn;
use serde::{Deserialize, Serialize};
use std::borrow::BorrowMut;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How well the computer plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Level {
    /// Sees one turn ahead (and the captures after it) and often picks a lesser turn.
    Beginner,
    /// Sees two turns ahead and sometimes picks a slightly lesser turn.
    Casual,
    /// Searches about a second per turn, on every core, and plays the best turn it finds.
    Strong,
    /// Searches about five seconds per turn.
    Max,
}

/// How a level chooses its turn.
enum Plan {
    /// Scores every turn `depth` plies deep (within `time`), then picks among those within
    /// `margin` of the best, the likelier the better, by `exp(-shortfall / temperature)`.
    Sample {
        depth: u32,
        time: Duration,
        margin: i32,
        temperature: f64,
    },
    /// Plays the best turn an iterative-deepening search finds within `time`.
    Search { time: Duration },
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Max];

    /// The level's name in lower case, as the command line takes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Max => "max",
        }
    }

    /// The level named `text`, in any case.
    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text))
    }

    /// About the level's rating in orthodox chess, on the scale of Stockfish's `UCI_Elo`:
    /// casual and strong measured against it, beginner extrapolated from its score against
    /// Stockfish's lowest rating, max from strong and the longer time (docs/engine.md, "The
    /// levels").
    pub fn chess_rating(self) -> u32 {
        match self {
            Level::Beginner => 900,
            Level::Casual => 1200,
            Level::Strong => 2200,
            Level::Max => 2300,
        }
    }

    /// The strongest level rated at most `rating` in chess; the weakest where none is.
    pub fn for_rating(rating: u32) -> Level {
        Level::ALL
            .into_iter()
            .rev()
            .find(|level| level.chess_rating() <= rating)
            .unwrap_or(Level::Beginner)
    }

    fn plan(self) -> Plan {
        match self {
            Level::Beginner => Plan::Sample {
                depth: 1,
                time: Duration::from_millis(300),
                margin: 250,
                temperature: 60.0,
            },
            Level::Casual => Plan::Sample {
                depth: 2,
                time: Duration::from_millis(600),
                margin: 100,
                temperature: 25.0,
            },
            Level::Strong => Plan::Search {
                time: Duration::from_millis(1000),
            },
            Level::Max => Plan::Search {
                time: Duration::from_millis(5000),
            },
        }
    }
}

/// The turn the computer plays at `level` in `game`'s current position; None if the game is
/// over or there is no legal turn. Returns promptly (with the best turn found so far) once
/// `stop` is set. `seed` drives the low levels' human-like randomness.
pub fn think(game: &Game, level: Level, stop: &AtomicBool, seed: u64) -> Option<Turn> {
    think_with(game, level, &Limits::default(), stop, seed, |_| {})
}

/// As [`think`], within the limits of `cap` where they are tighter than the level's own, and
/// calling `report` after each iteration of the high levels' search. The only legal
/// turn, where there is just one, is played at once. The high levels search with an engine of
/// their own, made for this turn alone.
pub fn think_with(
    game: &Game,
    level: Level,
    cap: &Limits,
    stop: &AtomicBool,
    seed: u64,
    report: impl FnMut(&Found),
) -> Option<Turn> {
    choose(Engine::default, game, level, cap, stop, seed, report)
}

/// As [`think_with`], the high levels searching with the caller's `engine` (on every core, for
/// one line), whose table keeps what this search learns for the next: a game's turns one
/// after another, or one turn's searches. The low levels leave it untouched.
pub fn think_in(
    engine: &mut Engine,
    game: &Game,
    level: Level,
    cap: &Limits,
    stop: &AtomicBool,
    seed: u64,
    report: impl FnMut(&Found),
) -> Option<Turn> {
    choose(|| engine, game, level, cap, stop, seed, report)
}

/// [`think_in`] with the engine `engine` gives, asked for only by the levels that search.
fn choose<E: BorrowMut<Engine>>(
    engine: impl FnOnce() -> E,
    game: &Game,
    level: Level,
    cap: &Limits,
    stop: &AtomicBool,
    seed: u64,
    report: impl FnMut(&Found),
) -> Option<Turn> {
    match game.legal_turns()[..] {
        [] => return None,
        [only] => return Some(only),
        _ => {}
    }
    let within = |time| {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
        .capped(cap)
    };
    match level.plan() {
        Plan::Search { time } => {
            let mut engine = engine();
            let engine = engine.borrow_mut();
            engine.set_threads(default_threads());
            engine.set_lines(1);
            engine.search(game, &within(time), stop, report).best
        }
        Plan::Sample {
            depth,
            time,
            margin,
            temperature,
        } => {
            let scored = score_each(game, depth, &within(time), stop);
            sample(&scored, margin, temperature, seed)
        }
    }
}

/// One of the `scored` turns within `margin` of the best, drawn with weight
/// `exp(-shortfall / temperature)`.
fn sample(scored: &[(Turn, i32)], margin: i32, temperature: f64, seed: u64) -> Option<Turn> {
    let best = scored.iter().map(|(_, score)| *score).max()?;
    let weight = |score: i32| {
        let shortfall = best - score;
        if shortfall > margin {
            0.0
        } else {
            (-f64::from(shortfall) / temperature).exp()
        }
    };
    let total: f64 = scored.iter().map(|(_, score)| weight(*score)).sum();
    let mut left = SplitMix64::new(seed).unit() * total;
    for (turn, score) in scored {
        left -= weight(*score);
        if left <= 0.0 && weight(*score) > 0.0 {
            return Some(*turn);
        }
    }
    scored
        .iter()
        .find(|(_, score)| *score == best)
        .map(|(turn, _)| *turn)
}
