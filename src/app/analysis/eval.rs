//! Evaluations as the analysis board shows them: from the first player's side (positive when
//! White, or the variant's first player, is better, as other programs show them), in pawns or as
//! a forced end; and a line of the engine's turns in the move list's notation.

use crate::rules::{Game, Outcome, Score, Side, Turn, Verdict};

/// How far from even an evaluation counts on the graph and when judging a turn, in hundredths
/// of a pawn: a decided game counts as this much, and larger judgements are cut to it.
pub const BOUND: i32 = 1000;

/// An evaluation from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Hundredths of a pawn, positive when the first player is better.
    Pawns(i32),
    /// A game the engine sees decided: who wins, in how many of its full moves (0: won now).
    Decided {
        /// The side that wins.
        winner: Side,
        /// Its full moves to the end.
        moves: i32,
    },
}

impl Eval {
    /// The evaluation a search's `score` for `mover` (the side to move) gives.
    pub fn of(score: Score, mover: Side) -> Eval {
        match score.moves_to_end() {
            Some(moves) => Eval::Decided {
                winner: if score.0 > 0 { mover } else { mover.opponent() },
                moves: moves.abs(),
            },
            None => Eval::Pawns(from_first_player(mover, score.0)),
        }
    }

    /// The evaluation of a finished game: its winner's, or even for a draw.
    pub fn of_outcome(outcome: Outcome) -> Eval {
        match outcome.verdict {
            Verdict::WhiteWins => Eval::won_now(Side::White),
            Verdict::BlackWins => Eval::won_now(Side::Black),
            Verdict::Draw => Eval::Pawns(0),
        }
    }

    fn won_now(winner: Side) -> Eval {
        Eval::Decided { winner, moves: 0 }
    }

    /// Hundredths of a pawn for the first player, within [`BOUND`].
    pub fn bounded(self) -> i32 {
        match self {
            Eval::Pawns(cp) => cp.clamp(-BOUND, BOUND),
            Eval::Decided { winner, .. } => from_first_player(winner, BOUND),
        }
    }

    /// Hundredths of a pawn for `side`, within [`BOUND`].
    pub fn for_side(self, side: Side) -> i32 {
        from_first_player(side, self.bounded())
    }

    /// The first player's share of the evaluation bar, 0 to 1 (a half when even), on the
    /// curve lichess uses from pawns to winning chances.
    pub fn first_player_share(self) -> f32 {
        let pawns = match self {
            Eval::Pawns(cp) => cp as f32,
            Eval::Decided { winner, .. } => from_first_player(winner, 100_000) as f32,
        };
        1.0 / (1.0 + (-0.003_682_08 * pawns).exp())
    }

    /// `+0.35`, `-1.20`; `#3` when the first player mates (or wins) in 3, `#-3` when the second
    /// does; `1-0` or `0-1` for a game won now.
    pub fn text(self) -> String {
        match self {
            Eval::Pawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Eval::Decided { winner, moves: 0 } => match winner {
                Side::White => "1-0".into(),
                Side::Black => "0-1".into(),
            },
            Eval::Decided { winner, moves } => match winner {
                Side::White => format!("#{moves}"),
                Side::Black => format!("#-{moves}"),
            },
        }
    }
}

/// `value`, for `side`, as the first player sees it.
fn from_first_player(side: Side, value: i32) -> i32 {
    match side {
        Side::White => value,
        Side::Black => -value,
    }
}

/// A line of the engine's: its evaluation, its turns from the position analysed, and each
/// turn in the move list's notation, numbered as the move list numbers them (`1. e4`, `e5`;
/// `1… e5` when the second player's turn comes first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownLine {
    /// The evaluation of the position at the end of the line.
    pub eval: Eval,
    /// The turns, from the position analysed.
    pub turns: Vec<Turn>,
    /// Each turn's text, numbered.
    pub moves: Vec<String>,
}

impl ShownLine {
    /// The line `turns` from `game`'s position, scored `score` for the side to move.
    pub fn of(game: &Game, score: Score, turns: &[Turn]) -> ShownLine {
        let variant = game.variant();
        let mut pos = *game.position();
        let mut moves = Vec::with_capacity(turns.len());
        for (i, turn) in turns.iter().enumerate() {
            let text = variant.readable_turn(&pos, turn);
            moves.push(match (pos.side, i) {
                (Side::White, _) => format!("{}. {text}", pos.fullmove),
                (Side::Black, 0) => format!("{}… {text}", pos.fullmove),
                (Side::Black, _) => text,
            });
            pos = variant.play_unchecked(&pos, turn);
        }
        ShownLine {
            eval: Eval::of(score, game.position().side),
            turns: turns.to_vec(),
            moves,
        }
    }

    /// The line's first turn.
    pub fn first(&self) -> Option<Turn> {
        self.turns.first().copied()
    }
}
