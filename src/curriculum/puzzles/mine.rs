//! Mining puzzles from the engine's own games: self-play in which the computer searches a fixed
//! number of nodes per turn and now and then plays a random turn (so games differ and contain
//! blunders to punish), every position of which is proven or rejected. Everything is driven by
//! the seed and node counts, never the clock, so the same arguments mine the same set.

use super::classify::{Proven, classify};
use super::set::{Goal, Puzzle, PuzzleSet};
use crate::rules::{Game, Limits, Position, RulesExt, SplitMix64, Turn, Variant, search};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// How to mine: how many puzzles, from which seed, and how the games are played.
#[derive(Clone, Debug)]
pub struct Mining {
    /// The puzzles wanted, half of each goal where the games allow.
    pub count: usize,
    /// The seed of the games' random turns.
    pub seed: u64,
    /// The most games to play before giving up on the count.
    pub games: u32,
    /// The nodes the computer searches per turn.
    pub nodes: u64,
    /// The chance of a random turn instead of the searched one.
    pub random: f64,
    /// The longest game, in turns.
    pub plies: usize,
    /// The most nodes the prover spends looking for a win in 2 in one position.
    pub budget: u64,
}

impl Default for Mining {
    fn default() -> Mining {
        Mining {
            count: 40,
            seed: 1,
            games: 500,
            nodes: 2_000,
            random: 0.25,
            plies: 160,
            budget: 20_000,
        }
    }
}

/// A puzzle found, before it is numbered.
struct Mined {
    fen: String,
    proven: Proven,
}

/// Mines `mining.count` puzzles of `variant` (built with its options), reporting each game and
/// find through `progress`. Half the count is sought of each goal; if win-in-2 runs short
/// within `mining.games` games, win-in-1 fills the count. The set is sorted by goal, then
/// difficulty.
pub fn mine(variant: &Arc<Variant>, mining: &Mining, mut progress: impl FnMut(&str)) -> PuzzleSet {
    let halves = [mining.count.div_ceil(2), mining.count / 2];
    let quota = [mining.count, halves[1]];
    let mut found: [Vec<Mined>; 2] = [Vec::new(), Vec::new()];
    let mut seen = HashSet::new();
    let mut rng = SplitMix64::new(mining.seed);
    for number in 1..=mining.games {
        let positions = self_play(variant, mining, &mut rng);
        let plies = positions.len();
        for pos in positions {
            let sought: Vec<Goal> = Goal::ALL
                .into_iter()
                .filter(|goal| found[goal_index(*goal)].len() < quota[goal_index(*goal)])
                .collect();
            if sought.is_empty() || !seen.insert(variant.search_key(&pos)) {
                continue;
            }
            let fen = variant.fen(&pos);
            let Ok(game) = Game::from_fen(Arc::clone(variant), &fen) else {
                continue;
            };
            if let Some(proven) = classify(&game, &sought, mining.budget) {
                progress(&format!("{} {fen}", proven.goal.text()));
                found[goal_index(proven.goal)].push(Mined { fen, proven });
            }
        }
        progress(&format!(
            "game {number}: {plies} turns; found {} win-in-1, {} win-in-2",
            found[0].len(),
            found[1].len()
        ));
        if found[0].len() >= halves[0] && found[1].len() >= halves[1] {
            break;
        }
    }
    numbered(variant, found, mining.count)
}

/// The index of `goal` in per-goal arrays.
fn goal_index(goal: Goal) -> usize {
    match goal {
        Goal::WinIn1 => 0,
        Goal::WinIn2 => 1,
    }
}

/// The positions of one game of self-play from the variant's start, before each turn.
fn self_play(variant: &Arc<Variant>, mining: &Mining, rng: &mut SplitMix64) -> Vec<Position> {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(mining.nodes),
        ..Limits::default()
    };
    let mut game = Game::new(Arc::clone(variant));
    let mut positions = Vec::new();
    while game.outcome().is_none() && game.turns().len() < mining.plies {
        positions.push(*game.position());
        let legal = game.legal_turns();
        let turn: Option<Turn> = if rng.unit() < mining.random {
            legal.get(rng.below(legal.len().max(1))).copied()
        } else {
            search(&game, &limits, &stop, |_| {}).best
        };
        if turn.is_none_or(|turn| game.play(&turn).is_err()) {
            break;
        }
    }
    positions
}

/// The set of the `found` puzzles: at most `count`, as even between the goals as they allow,
/// sorted by goal and then difficulty and numbered in that order.
fn numbered(variant: &Variant, found: [Vec<Mined>; 2], count: usize) -> PuzzleSet {
    let [mut one, mut two] = found;
    let keep_two = count - one.len().min(count.div_ceil(2));
    two.truncate(keep_two);
    one.truncate(count - two.len());
    let mut mined: Vec<Mined> = one.into_iter().chain(two).collect();
    mined.sort_by_key(|m| (m.proven.goal, m.proven.difficulty));
    let width = mined.len().to_string().len().max(2);
    let puzzles = mined
        .into_iter()
        .enumerate()
        .map(|(index, m)| Puzzle {
            variant: variant.id().to_string(),
            id: format!("{}-{:0width$}", variant.id(), index + 1),
            options: variant.options().names().to_vec(),
            fen: m.fen,
            goal: m.proven.goal,
            line: m.proven.line.iter().map(|t| variant.turn_text(t)).collect(),
        })
        .collect();
    PuzzleSet {
        variant: variant.id().to_string(),
        puzzles,
    }
}
