//! Search scores: hundredths of a Pawn for the side to move, or a game decided some plies away.

use std::fmt;

/// A score for the side to move: positive is good for it. Games decided by the rules score
/// beyond every judgement of material and placement, sooner ends further from zero.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub struct Score(pub i32);

/// The score of a game the side to move has won now; a win `n` plies away scores `WIN - n`.
pub(super) const WIN: i32 = 30_000;

/// Beyond every score: the bounds of a full window.
pub(super) const INFINITE: i32 = 31_000;

/// Scores at least this far from zero are decided games.
pub(super) const DECIDED: i32 = WIN - 1_000;

impl Score {
    /// Whether the score is a decided game (won or lost), rather than a judgement.
    pub fn is_decided(self) -> bool {
        self.0.abs() >= DECIDED
    }

    /// For a decided game, the side to move's full moves to the end: positive when it wins,
    /// negative when it loses.
    pub fn moves_to_end(self) -> Option<i32> {
        self.is_decided().then(|| {
            let plies = WIN - self.0.abs();
            let moves = (plies + 1) / 2;
            if self.0 > 0 { moves } else { -moves }
        })
    }
}

/// `score` as kept in the transposition table: a decided game counted from the node at `ply`
/// rather than from the root, so the entry holds wherever the position recurs.
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    shift(score, ply as i32)
}

/// The score a table entry gives at `ply`: the inverse of [`to_table`].
pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    shift(score, -(ply as i32))
}

fn shift(score: i32, plies: i32) -> i32 {
    if score >= DECIDED {
        score + plies
    } else if score <= -DECIDED {
        score - plies
    } else {
        score
    }
}

/// `cp 35` for a judgement, `win 3` or `loss 2` (full moves) for a decided game.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.moves_to_end() {
            Some(moves) if moves > 0 => write!(f, "win {moves}"),
            Some(moves) => write!(f, "loss {}", -moves),
            None => write!(f, "cp {}", self.0),
        }
    }
}
