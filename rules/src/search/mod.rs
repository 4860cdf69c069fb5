//! The computer opponent: an iterative-deepening search over whole turns for every variant,
//! judged by each variant's piece values and own terms, and the levels that players choose.

mod eval;
mod frontier;
mod level;
mod order;
mod rng;
mod score;
mod tree;
mod tt;

pub use level::{Level, think, think_in, think_with};
pub use rng::SplitMix64;
pub use score::Score;

use super::game::Game;
use super::position::Position;
use super::turn::Turn;
use frontier::{Finished, Frontier};
use score::INFINITE;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};
use std::time::{Duration, Instant};
use tree::{Halt, MAX_PLY, Tree};
use tt::Table;

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

/// One line of analysis: a turn of the root, its score and the turns expected to follow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The score of the position after the line's first turn, for the side to move at the root.
    pub score: Score,
    /// The line's first turn, then the expected replies.
    pub pv: Vec<Turn>,
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
    /// Nodes searched by every thread, quiescence included.
    pub nodes: u64,
    /// The time taken.
    pub elapsed: Duration,
    /// The principal variation: the best turn, then the expected replies.
    pub pv: Vec<Turn>,
    /// The best lines, best first, as many as [`Engine::set_lines`] asks (fewer where the
    /// position has fewer legal turns); the first is `score` and `pv`.
    pub lines: Vec<Line>,
}

impl Found {
    /// Nodes searched per second.
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// The transposition table's size when none is chosen, in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// The largest transposition table the engine's callers offer (UCI's `Hash`, `bestmove
/// --hash`, the game's setting), in MiB.
pub const MAX_HASH_MIB: usize = 1024;

/// The most threads a search runs.
pub const MAX_THREADS: usize = 64;

/// How many threads a search uses when its caller does not say: one per core the machine
/// offers (at most [`MAX_THREADS`]).
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(MAX_THREADS)
}

/// The most lines a search reports.
pub const MAX_LINES: usize = 16;

/// A search engine kept from one search to the next: its transposition table (so the next
/// search of a game starts from what the last one learned), and how many lines and threads it
/// searches with.
pub struct Engine {
    table: Table,
    hash_mib: usize,
    lines: usize,
    threads: usize,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(DEFAULT_HASH_MIB)
    }
}

impl Engine {
    /// An engine with a table of about `hash_mib` MiB, one line and one thread.
    pub fn new(hash_mib: usize) -> Engine {
        Engine {
            table: Table::new(hash_mib),
            hash_mib,
            lines: 1,
            threads: 1,
        }
    }

    /// Replaces the table with an empty one of about `hash_mib` MiB.
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.table = Table::new(hash_mib);
        self.hash_mib = hash_mib;
    }

    /// The table's size asked for, in MiB.
    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// Searches for the best `lines` lines (1 to [`MAX_LINES`]) rather than the best alone.
    pub fn set_lines(&mut self, lines: usize) {
        self.lines = lines.clamp(1, MAX_LINES);
    }

    /// Searches with `threads` threads (1 to [`MAX_THREADS`]) sharing the table: the extra
    /// ones search the same position a ply apart and fill the table for the first.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches `game`'s current position by iterative deepening within `limits`, calling
    /// `report` after each completed iteration. Once `stop` is set it returns at once with the
    /// best turn found so far (the first ordered legal turn if no iteration has completed).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        report: impl FnMut(&Found),
    ) -> Found {
        self.table.next_search();
        let started = Instant::now();
        let done = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let table = &self.table;
        let deepest = deepest(limits);
        let frontier = Frontier::default();
        std::thread::scope(|scope| {
            for helper in 1..self.threads {
                let (done, helper_nodes, frontier) = (&done, &helper_nodes, &frontier);
                scope.spawn(move || {
                    let halt = Halt {
                        tally: Some(helper_nodes),
                        ..halt(&Limits::default(), done, started)
                    };
                    let mut tree = Tree::new(game, table, halt);
                    help(&mut tree, game, frontier, 1 + (helper % 2) as u32, deepest);
                });
            }
            let found = deepen(
                game,
                table,
                self.lines,
                limits,
                stop,
                started,
                (&helper_nodes, &frontier),
                report,
            );
            done.store(true, Atomic::Relaxed);
            found
        })
    }
}

/// Iterations from this depth on search the best line in a window around the last
/// iteration's score first.
const ASPIRATION_DEPTH: u32 = 5;

/// The first window's half-width, in hundredths of a Pawn; it doubles on each failure.
const ASPIRATION_WINDOW: i32 = 25;

/// The best line's score and first turn at `depth`, searched in a narrow window around
/// `previous` (the last iteration's score) that widens on the side the score falls outside
/// until the score falls within it. Halted, the turn is one that failed high (better than the
/// window) or none, never one of a search that failed low.
fn aspirate(
    tree: &mut Tree,
    root: &Position,
    last: Option<&Turn>,
    depth: i32,
    previous: Score,
) -> (i32, Option<Turn>) {
    let full = (-INFINITE, INFINITE);
    if previous.is_decided() {
        return tree.root(root, last, depth, &[], full);
    }
    let mut delta = ASPIRATION_WINDOW;
    let (mut low, mut high) = (previous.0 - delta, previous.0 + delta);
    loop {
        let (score, best) = tree.root(root, last, depth, &[], (low, high));
        if score <= low && low > -INFINITE {
            if tree.halted() {
                return (score, None);
            }
            high = (low + high) / 2;
            low = (low - delta).max(-INFINITE);
        } else if score >= high && high < INFINITE {
            if tree.halted() {
                return (score, best);
            }
            high = (high + delta).min(INFINITE);
        } else {
            return (score, best);
        }
        delta *= 2;
    }
}

/// Searches `game`'s current position with a fresh [`Engine`] of one line and one thread: see
/// [`Engine::search`].
pub fn search(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    report: impl FnMut(&Found),
) -> Found {
    Engine::default().search(game, limits, stop, report)
}

/// The main thread's iterative deepening: each iteration searches the best `lines` lines in
/// turn, each excluding the first turns of those before it. With one line, an iteration a
/// helper thread has already finished is taken as it is (see [`Frontier`]), and so is a deeper
/// one a helper finished before the search stopped.
#[allow(clippy::too_many_arguments)]
fn deepen(
    game: &Game,
    table: &Table,
    lines: usize,
    limits: &Limits,
    stop: &AtomicBool,
    started: Instant,
    (helper_nodes, frontier): (&AtomicU64, &Frontier),
    mut report: impl FnMut(&Found),
) -> Found {
    let mut tree = Tree::new(game, table, halt(limits, stop, started));
    let first = tree.ordered_turns(game.position()).first().copied();
    let lines = lines.min(game.legal_turns().len().max(1));
    let mut found = Found {
        best: first,
        ..Found::default()
    };
    let deepest = deepest(limits);
    let mut depth = 1;
    while found.best.is_some() && depth <= deepest && !stopped(stop) {
        if lines == 1
            && let Some(finished) = frontier.deeper_than(depth - 1)
        {
            adopt(&mut tree, game, &mut found, finished);
        } else if iterate(&mut tree, game, lines, depth, &mut found) {
            if let Some(best) = found.best {
                frontier.offer(Finished {
                    depth,
                    best,
                    score: found.score,
                });
            }
        } else {
            break;
        }
        found.nodes = tree.nodes + helper_nodes.load(Atomic::Relaxed);
        found.elapsed = started.elapsed();
        report(&found);
        if found.score.is_decided() {
            break;
        }
        depth = found.depth + 1;
    }
    if lines == 1
        && let Some(finished) = frontier.deeper_than(found.depth)
    {
        adopt(&mut tree, game, &mut found, finished);
    }
    found.nodes = tree.nodes + helper_nodes.load(Atomic::Relaxed);
    found.elapsed = started.elapsed();
    found
}

/// The main thread's iteration `depth` plies deep: the best `lines` lines in turn, each
/// excluding the first turns of those before it, written into `found`. False where the search
/// halted first (`found.best` may then have moved to a turn that beat the window).
fn iterate(tree: &mut Tree, game: &Game, lines: usize, depth: u32, found: &mut Found) -> bool {
    let root = *game.position();
    let last = game.turns().last();
    let mut searched: Vec<Line> = Vec::with_capacity(lines);
    let mut excluded: Vec<Turn> = Vec::with_capacity(lines);
    while searched.len() < lines {
        let (score, best) = if excluded.is_empty() && depth >= ASPIRATION_DEPTH {
            aspirate(tree, &root, last, depth as i32, found.score)
        } else {
            let full = (-INFINITE, INFINITE);
            tree.root(&root, last, depth as i32, &excluded, full)
        };
        let Some(turn) = best else { break };
        if excluded.is_empty() {
            found.best = Some(turn);
        }
        if tree.halted() {
            break;
        }
        let mut pv = vec![turn];
        let child = game.variant().play_unchecked(&root, &turn);
        pv.extend(tree.principal_variation(&child, depth as usize - 1));
        searched.push(Line {
            score: Score(score),
            pv,
        });
        excluded.push(turn);
    }
    if tree.halted() {
        return false;
    }
    searched.sort_by_key(|line| std::cmp::Reverse(line.score));
    found.best = searched.first().and_then(|line| line.pv.first().copied());
    found.score = searched.first().map_or(Score(0), |line| line.score);
    found.pv = searched
        .first()
        .map(|line| line.pv.clone())
        .unwrap_or_default();
    found.lines = searched;
    found.depth = depth;
    true
}

/// Takes a helper thread's `finished` iteration as the main thread's result, its line read
/// from the table.
fn adopt(tree: &mut Tree, game: &Game, found: &mut Found, finished: Finished) {
    let child = game
        .variant()
        .play_unchecked(game.position(), &finished.best);
    let mut pv = vec![finished.best];
    pv.extend(tree.principal_variation(&child, finished.depth as usize - 1));
    found.best = Some(finished.best);
    found.score = finished.score;
    found.depth = finished.depth;
    found.lines = vec![Line {
        score: finished.score,
        pv: pv.clone(),
    }];
    found.pv = pv;
}

/// A helper thread's iterative deepening, from `depth` on: each iteration in a window around
/// the last one's score (see [`aspirate`]), offered to the `frontier` when finished; the next
/// one deeper than any thread has finished.
fn help(tree: &mut Tree, game: &Game, frontier: &Frontier, mut depth: u32, deepest: u32) {
    let root = *game.position();
    let last = game.turns().last();
    let mut score = Score(0);
    while depth <= deepest && !tree.halted() {
        let (value, best) = if depth >= ASPIRATION_DEPTH {
            aspirate(tree, &root, last, depth as i32, score)
        } else {
            tree.root(&root, last, depth as i32, &[], (-INFINITE, INFINITE))
        };
        if tree.halted() {
            break;
        }
        score = Score(value);
        if let Some(best) = best {
            frontier.offer(Finished { depth, best, score });
        }
        depth = frontier.next(depth);
    }
}

/// Each legal turn of `game`'s position with its exact score for the mover, searched `depth`
/// plies deep, as far as `limits` and `stop` allow (turns searched first are the likelier
/// best). Halted before any, it is the first ordered turn alone, scored 0; empty only when
/// there is no legal turn.
fn score_each(game: &Game, depth: u32, limits: &Limits, stop: &AtomicBool) -> Vec<(Turn, i32)> {
    let table = Table::new(DEFAULT_HASH_MIB);
    let mut tree = Tree::new(game, &table, halt(limits, stop, Instant::now()));
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

/// The deepest iteration `limits` allow, helpers' included: a search to a depth leaves no
/// deeper results in the table.
fn deepest(limits: &Limits) -> u32 {
    limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
}

fn halt<'a>(limits: &Limits, stop: &'a AtomicBool, started: Instant) -> Halt<'a> {
    Halt {
        stop,
        deadline: limits.time.map(|t| started + t),
        nodes: limits.nodes,
        tally: None,
    }
}

fn stopped(stop: &AtomicBool) -> bool {
    stop.load(Atomic::Relaxed)
}
