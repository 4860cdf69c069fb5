//! Ratings on a server: every name's Glicko-2 rating in each variant, with lichess's
//! parameters. The maths is the `skillratings` crate's; this module gives it its parameters,
//! keeps the deviation within lichess's bounds (the crate has none), says when a rating is
//! provisional and how far apart two seekers may be to be paired.

use super::identity::PlayerId;
use crate::rules::{Outcome, Verdict};
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::fmt;
use std::time::Duration;

/// A new player's rating.
pub const START: f64 = 1500.0;

/// A new player's deviation, and the most a deviation may be.
pub const START_DEVIATION: f64 = 500.0;

/// The least a deviation may be: a rating never becomes certain.
pub const DEVIATION_FLOOR: f64 = 45.0;

/// A new player's volatility.
pub const START_VOLATILITY: f64 = 0.09;

/// Glicko-2's system constant: how fast volatility may change.
pub const TAU: f64 = 0.75;

/// A rating whose deviation is this or more is provisional (shown with `?`).
pub const PROVISIONAL_FROM: f64 = 110.0;

/// A rated game counts once this many turns have been played (an earlier end, as a flag
/// falling before both players moved, changes no rating).
pub const RATED_FROM_TURNS: usize = 2;

/// How far apart two seekers' ratings may be for them to be paired at once.
pub const PAIRING_RANGE: f64 = 100.0;

/// The pairing range widens by [`PAIRING_RANGE`] for every this long the seeker has waited...
pub const PAIRING_WIDENS_EVERY: Duration = Duration::from_secs(5);

/// ...and after this long any two seekers are paired.
pub const PAIRING_ANYONE_AFTER: Duration = Duration::from_secs(30);

/// A player's rating in one variant: Glicko-2's three numbers and how many rated games made
/// it.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// How uncertain it is (its deviation).
    pub deviation: f64,
    /// How erratic the player's results are (its volatility).
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
            games: 0,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional.
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_FROM
    }

    /// The rating as players see it.
    pub fn shown(&self) -> ShownRating {
        ShownRating {
            rating: whole(self.rating),
            provisional: self.is_provisional(),
        }
    }

    /// As the crate takes it.
    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// After a game, from what the crate made of it: the deviation kept within
    /// [`DEVIATION_FLOOR`] and [`START_DEVIATION`].
    fn after(self, rated: Glicko2Rating) -> Rating {
        Rating {
            rating: rated.rating,
            deviation: rated.deviation.clamp(DEVIATION_FLOOR, START_DEVIATION),
            volatility: rated.volatility,
            games: self.games.saturating_add(1),
        }
    }
}

/// A rating as players see it: a whole number, and whether it is provisional.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ShownRating {
    /// The rating, rounded.
    pub rating: i32,
    /// Whether it is provisional.
    pub provisional: bool,
}

impl fmt::Display for ShownRating {
    /// `1500?` while provisional, else `1620`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.provisional { "?" } else { "" };
        write!(f, "{}{mark}", self.rating)
    }
}

/// The Glicko-2 parameters: lichess's tau; the crate's convergence tolerance.
fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// The first and second players' ratings after a game between them that ended in `outcome`.
pub fn rate(first: Rating, second: Rating, outcome: Outcome) -> [Rating; 2] {
    let result = match outcome.verdict {
        Verdict::WhiteWins => Outcomes::WIN,
        Verdict::BlackWins => Outcomes::LOSS,
        Verdict::Draw => Outcomes::DRAW,
    };
    let (one, two) = glicko2(&first.glicko(), &second.glicko(), &result, &config());
    [first.after(one), second.after(two)]
}

/// A rating rounded to a whole number, as shown and as a record's `WhiteElo` writes it.
pub fn whole(rating: f64) -> i32 {
    // A rating is a few thousand at most: the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    let rounded = rating.round() as i32;
    rounded
}

/// How far apart two seekers' ratings may be once the one who has waited longer has waited
/// `waited`: [`PAIRING_RANGE`], widening by as much again every [`PAIRING_WIDENS_EVERY`];
/// without limit after [`PAIRING_ANYONE_AFTER`].
pub fn pairing_range(waited: Duration) -> f64 {
    if waited >= PAIRING_ANYONE_AFTER {
        return f64::INFINITY;
    }
    let steps = waited.as_millis() / PAIRING_WIDENS_EVERY.as_millis();
    // At most a handful of steps before PAIRING_ANYONE_AFTER: exact in an f64.
    #[allow(clippy::cast_precision_loss)]
    let steps = steps as f64;
    PAIRING_RANGE * (1.0 + steps)
}

/// One player's rating change from a finished rated game, kept with the game and applied by
/// the store in the same write.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RatingChange {
    /// The name's compared form ([`super::names::name_key`]): ratings belong to names.
    pub key: String,
    /// The name as its player typed it.
    pub name: String,
    /// The identity the name belongs to.
    pub player: PlayerId,
    /// The variant.
    pub variant: String,
    /// The rating when the game ended, before it counted.
    pub before: Rating,
    /// The rating it counted for.
    pub after: Rating,
}

impl RatingChange {
    /// The change as a record's `WhiteRatingDiff` writes it: the shown rating after, less the
    /// shown rating before.
    pub fn difference(&self) -> i32 {
        whole(self.after.rating) - whole(self.before.rating)
    }
}

/// The leaderboard's order: established ratings before provisional ones, each highest first.
pub fn leaderboard_order(a: &Rating, b: &Rating) -> std::cmp::Ordering {
    a.is_provisional()
        .cmp(&b.is_provisional())
        .then(b.rating.total_cmp(&a.rating))
}

/// A line of a variant's leaderboard.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LeaderboardRow {
    /// The name.
    pub name: String,
    /// The rating.
    pub rating: ShownRating,
    /// Rated games played.
    pub games: u32,
}
