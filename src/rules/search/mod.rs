//! The computer opponent: an iterative-deepening search over whole turns for every variant,
//! judged by each variant's piece values and own terms, and the levels that players choose.

mod eval;
mod level;
mod order;
mod rng;
mod score;
mod tree;
mod tt;

pub use level::{Level, think, think_with};
pub use rng::SplitMix64;
pub use score::Score;

use super::game::Game;
use super::turn::Turn;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tree::{Halt, MAX_PLY, Tree};

/// The deepest iteration a search starts.
pub const MAX_DEPTH: u32 = (MAX_PLY / 2) as u32;

/// When a search stops, besides its caller's flag: whichever limit comes first. No limit at
/// all searches to [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The time to think.
    pub time: Option<Duration>,
    /// The most nodes to search.
    pub nodes: Option<u64>,
}

impl Limits {
    /// These limits, each cut to the one `cap` gives where that is given and tighter.
    pub fn capped(self, cap: &Limits) -> Limits {
        fn tighter<T: Ord>(own: Option<T>, cap: Option<T>) -> Option<T> {
            match (own, cap) {
                (Some(own), Some(cap)) => Some(own.min(cap)),
                (own, cap) => own.or(cap),
            }
        }
        Limits {
            depth: tighter(self.depth, cap.depth),
            time: tighter(self.time, cap.time),
            nodes: tighter(self.nodes, cap.nodes),
        }
    }
}

/// What a search found: reported after each iteration, and returned at the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The turn to play; `None` only when there is no legal turn.
    pub best: Option<Turn>,
    /// The score of the position for the side to move.
    pub score: Score,
    /// The depth of the last iteration completed, in plies (0: none was).
    pub depth: u32,
    /// Nodes searched, quiescence included.
    pub nodes: u64,
    /// The time taken.
    pub elapsed: Duration,
    /// The principal variation: the best turn, then the expected replies.
    pub pv: Vec<Turn>,
}

impl Found {
    /// Nodes searched per second.
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// Searches `game`'s current position by iterative deepening within `limits`, calling `report`
/// after each completed iteration. Once `stop` is set it returns at once with the best turn
/// found so far (the first ordered legal turn if no iteration has completed).
pub fn search(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    mut report: impl FnMut(&Found),
) -> Found {
    let started = Instant::now();
    let mut tree = Tree::new(game, halt(limits, stop, started));
    let root = *game.position();
    let last = game.turns().last();
    let mut found = Found {
        best: tree.ordered_turns(&root).first().copied(),
        ..Found::default()
    };
    let deepest = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut depth = 1;
    while found.best.is_some() && depth <= deepest && !stopped(stop) {
        let (score, best) = tree.root(&root, last, depth as i32);
        if let Some(turn) = best {
            if found.pv.first() != Some(&turn) {
                found.pv = vec![turn];
            }
            found.best = Some(turn);
        }
        if tree.halted() {
            break;
        }
        found.score = Score(score);
        found.depth = depth;
        found.pv = tree.principal_variation(&root, depth as usize);
        found.nodes = tree.nodes;
        found.elapsed = started.elapsed();
        report(&found);
        let half_time_gone = limits.time.is_some_and(|t| found.elapsed * 2 > t);
        if found.score.is_decided() || half_time_gone {
            break;
        }
        depth += 1;
    }
    found.nodes = tree.nodes;
    found.elapsed = started.elapsed();
    found
}

/// Each legal turn of `game`'s position with its exact score for the mover, searched `depth`
/// plies deep, as far as `limits` and `stop` allow (turns searched first are the likelier
/// best). Halted before any, it is the first ordered turn alone, scored 0; empty only when
/// there is no legal turn.
fn score_each(game: &Game, depth: u32, limits: &Limits, stop: &AtomicBool) -> Vec<(Turn, i32)> {
    let mut tree = Tree::new(game, halt(limits, stop, Instant::now()));
    let root = *game.position();
    let ordered = tree.ordered_turns(&root);
    let mut scored = Vec::with_capacity(ordered.len());
    for turn in &ordered {
        match tree.score_turn(&root, turn, depth.max(1) as i32) {
            Some(score) => scored.push((*turn, score)),
            None => break,
        }
    }
    if scored.is_empty() {
        scored.extend(ordered.first().map(|turn| (*turn, 0)));
    }
    scored
}

fn halt<'a>(limits: &Limits, stop: &'a AtomicBool, started: Instant) -> Halt<'a> {
    Halt {
        stop,
        deadline: limits.time.map(|t| started + t),
        nodes: limits.nodes,
    }
}

fn stopped(stop: &AtomicBool) -> bool {
    stop.load(std::sync::atomic::Ordering::Relaxed)
}
