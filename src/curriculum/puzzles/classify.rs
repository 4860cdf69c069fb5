//! Whether a position makes a puzzle: its goal, proven exact and unique by piece move, its
//! solution line and its difficulty.

use super::prove::{forces_win_within, piece_move, proof_nodes, winning_turns};
use super::set::Goal;
use crate::rules::{Game, Turn};

/// A position proven to be a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proven {
    /// The goal: the fewest solver turns that force the win.
    pub goal: Goal,
    /// The solution line, the opponent's replies included, ending at the solver's win.
    pub line: Vec<Turn>,
    /// The nodes the prover searches to find the win (see [`proof_nodes`]): the set's order
    /// within a goal, easier first.
    pub difficulty: u64,
}

/// The puzzle `game`'s current position makes for the side to move, if any: a win within one
/// turn, or else within two, whose winning first turns all share one piece move. `goals` are
/// the goals sought; a position won in one turn is never a win-in-2 puzzle. `budget` bounds the
/// nodes spent looking for a win in 2 (see [`forces_win_within`]); a win found is then proven
/// unique in full.
pub fn classify(game: &Game, goals: &[Goal], budget: u64) -> Option<Proven> {
    let in_one = winning_turns(game, 1);
    let (goal, winning) = if in_one.is_empty() {
        (Goal::WinIn2, win_in_two(game, goals, budget))
    } else {
        (Goal::WinIn1, in_one)
    };
    let first = *winning.first()?;
    let unique = winning.iter().all(|t| piece_move(t) == piece_move(&first));
    if !unique || !goals.contains(&goal) {
        return None;
    }
    let first = first_by_text(game, &winning);
    Some(Proven {
        goal,
        line: solution_line(game, goal, first),
        difficulty: proof_nodes(game, goal.solver_turns()),
    })
}

/// The winning first turns of a win in 2, if it is sought and found within `budget` nodes;
/// else none.
fn win_in_two(game: &Game, goals: &[Goal], budget: u64) -> Vec<Turn> {
    let sought = goals.contains(&Goal::WinIn2);
    if sought && forces_win_within(game, 2, budget) == Some(true) {
        winning_turns(game, 2)
    } else {
        Vec::new()
    }
}

/// Of `turns` (not empty), the one whose canonical text sorts first.
fn first_by_text(game: &Game, turns: &[Turn]) -> Turn {
    let variant = game.variant();
    *turns
        .iter()
        .min_by_key(|t| variant.turn_text(t))
        .unwrap_or_else(|| unreachable!("a puzzle has a winning turn"))
}

/// The solution line of `goal` from `game` starting with the winning `first` turn, played on
/// a [`Game`] so that it ends exactly where [`Game::outcome`] first gives the solver's win.
/// The solver plays a winning turn (the first by canonical text); the opponent a stubborn
/// defence: a reply after which the game goes on where there is one, leaving the solver the
/// fewest winning turns.
fn solution_line(game: &Game, goal: Goal, first: Turn) -> Vec<Turn> {
    let solver = game.position().side;
    let mut line = game.clone();
    let mut left = goal.solver_turns();
    let mut turn = first;
    loop {
        if line.position().side == solver {
            left -= 1;
        }
        if line.play(&turn).is_err() || line.outcome().is_some() {
            break;
        }
        turn = if line.position().side == solver {
            first_by_text(&line, &winning_turns(&line, left))
        } else {
            stubborn_reply(&line, left)
        };
    }
    line.turns()[game.turns().len()..].to_vec()
}

/// The opponent's most stubborn reply in `game`, the solver having `left` turns to win: one
/// after which the game goes on, then the fewest winning turns for the solver, then the first
/// by canonical text.
fn stubborn_reply(game: &Game, left: u32) -> Turn {
    let variant = game.variant();
    game.legal_turns()
        .into_iter()
        .min_by_key(|reply| {
            let mut after = game.clone();
            let decided = after.play(reply).is_err() || after.outcome().is_some();
            let answers = if decided {
                0
            } else {
                winning_turns(&after, left).len()
            };
            (decided, answers, variant.turn_text(reply))
        })
        .unwrap_or_else(|| unreachable!("the game goes on, so the opponent has a reply"))
}
