//! Game records shaped like PGN: tag pairs, then the numbered moves and the result. Orthodox
//! chess is written in SAN, so other chess software reads it; every other variant in the
//! canonical move text of NOTATION.md. Reading is strict: every turn is played and checked.

mod read;
mod scan;
mod write;

use super::outcome::Outcome;
use super::variant::Variant;

/// What a record tells about a game besides its variant, start and moves; `None` where
/// unknown (written `?`, the date `????.??.??`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnHeader {
    /// The event (`Event`).
    pub event: Option<String>,
    /// The date, `YYYY.MM.DD` with `?` for unknown digits (`Date`).
    pub date: Option<String>,
    /// The first player's name (`White`).
    pub white: Option<String>,
    /// The second player's name (`Black`).
    pub black: Option<String>,
    /// The time control (`TimeControl`), written only when known.
    pub time_control: Option<String>,
    /// Each player's rating before the game, first player first (`WhiteElo`, `BlackElo`),
    /// written only when known.
    pub elo: [Option<i32>; 2],
    /// Each player's rating change from the game, first player first (`WhiteRatingDiff`,
    /// `BlackRatingDiff`, as lichess writes them), written only when known.
    pub rating_diff: [Option<i32>; 2],
}

/// How an unknown event or player is written.
const UNKNOWN: &str = "?";

/// How an unknown date is written.
const UNKNOWN_DATE: &str = "????.??.??";

/// The result of a game still going on.
const ONGOING: &str = "*";

/// The result as written at the end of the moves and in the `Result` tag.
fn result_text(outcome: Option<Outcome>) -> &'static str {
    outcome.map_or(ONGOING, |o| o.verdict.text())
}

/// Whether the variant's moves are written in SAN (orthodox chess) rather than canonical text.
fn writes_san(variant: &Variant) -> bool {
    variant.id() == "chess"
}
