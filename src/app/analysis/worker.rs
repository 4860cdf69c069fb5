//! The analysis's own thread: it keeps an [`Engine`] (and so its table) while the analysis is
//! on, and searches each position it is handed until it is stopped or its limits are reached;
//! then it waits, using no CPU, for the next. What it finds is put where the window takes it
//! from, and the window is woken, once per report. Dropping the [`Worker`] stops the search
//! and ends the thread.

use super::eval::ShownLine;
use crate::net::client::Wake;
use crate::rules::{Engine, Game, Limits, Outcome, Turn};
use bevy::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};

/// How many lines the analysis shows.
pub const LINES: usize = 3;
/// The most nodes the search for the threat takes (it runs before the lines).
const THREAT_NODES: u64 = 60_000;

/// How many of the analysis's threads are running (the live analysis and a game's review).
#[derive(Resource, Clone, Default, Debug)]
pub struct Threads(Arc<AtomicUsize>);

impl Threads {
    /// The number of threads running now.
    pub fn running(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }

    /// Counts a thread about to start; the count goes down when the guard is dropped, as the
    /// thread ends.
    pub(super) fn starting(&self) -> Alive {
        self.0.fetch_add(1, Ordering::SeqCst);
        Alive(Arc::clone(&self.0))
    }
}

/// Held by a running thread: counted in [`Threads`] until dropped.
pub(super) struct Alive(Arc<AtomicUsize>);

impl Drop for Alive {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What the opponent would play if it were its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Threat {
    /// Its best line, from the position with the turn passed.
    Line(ShownLine),
    /// There is none to show, and why.
    None(&'static str),
}

/// What the engine has said of the position it was last handed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// The best lines, best first.
    pub lines: Vec<ShownLine>,
    /// The depth of the last iteration the lines come from, in plies.
    pub depth: u32,
    /// Nodes searched for them.
    pub nodes: u64,
    /// The threat, once searched.
    pub threat: Option<Threat>,
    /// How the game ended, when the position is a finished game's (nothing is searched).
    pub over: Option<Outcome>,
}

/// The findings of one position, numbered so that a report on a position no longer analysed
/// is told apart.
#[derive(Default)]
struct Inbox {
    job: u64,
    findings: Findings,
    fresh: bool,
}

/// A position to analyse: the game up to the record's ply `ply`, then the turns of `line`,
/// with a table of `hash_mib` MiB.
struct Job {
    number: u64,
    game: Game,
    ply: usize,
    line: Vec<Turn>,
    limits: Limits,
    hash_mib: usize,
    stop: Arc<AtomicBool>,
}

/// The window's end of the analysis thread.
pub struct Worker {
    jobs: Sender<Job>,
    stop: Arc<AtomicBool>,
    inbox: Arc<Mutex<Inbox>>,
    job: u64,
}

impl Worker {
    /// Starts the thread, which wakes the window with `wake` whenever it reports.
    pub fn spawn(wake: Wake, threads: &Threads) -> Worker {
        let (jobs, queue) = channel();
        let inbox = Arc::new(Mutex::new(Inbox::default()));
        let alive = threads.starting();
        let posted = Arc::clone(&inbox);
        let spawned = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || run(&queue, &posted, &wake, alive));
        if let Err(e) = spawned {
            error!("analysis: the thread could not start: {e}");
        }
        Worker {
            jobs,
            stop: Arc::new(AtomicBool::new(false)),
            inbox,
            job: 0,
        }
    }

    /// Stops the search in progress and analyses instead `game`'s position after `ply` turns
    /// and then the turns of `line` (a line of the analysis shown from it), within `limits`,
    /// with a table of `hash_mib` MiB (the one kept since the last position where its size is
    /// the same).
    pub fn analyse(
        &mut self,
        game: Game,
        (ply, line): (usize, &[Turn]),
        limits: Limits,
        hash_mib: usize,
    ) {
        self.stop.store(true, Ordering::Relaxed);
        self.stop = Arc::new(AtomicBool::new(false));
        self.job += 1;
        let _ = self.jobs.send(Job {
            number: self.job,
            game,
            ply,
            line: line.to_vec(),
            limits,
            hash_mib,
            stop: Arc::clone(&self.stop),
        });
    }

    /// The findings on the position last handed over, if the thread has reported anything new
    /// since the last look.
    pub fn news(&self) -> Option<Findings> {
        let mut inbox = self.inbox.lock().unwrap_or_else(PoisonError::into_inner);
        if inbox.job != self.job || !inbox.fresh {
            return None;
        }
        inbox.fresh = false;
        Some(inbox.findings.clone())
    }
}

impl Drop for Worker {
    /// Stops the search; the thread ends as it finds no more positions to analyse.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The thread: each position handed over in turn (the latest, where several wait), until the
/// window's end is dropped.
fn run(queue: &Receiver<Job>, inbox: &Mutex<Inbox>, wake: &Wake, _alive: Alive) {
    let mut kept: Option<Engine> = None;
    while let Ok(mut job) = queue.recv() {
        while let Ok(newer) = queue.try_recv() {
            job = newer;
        }
        if kept.as_ref().is_some_and(|e| e.hash_mib() != job.hash_mib) {
            kept = None;
        }
        let engine = kept.get_or_insert_with(|| Engine::new(job.hash_mib));
        let mut post = |change: &dyn Fn(&mut Findings)| {
            if job.stop.load(Ordering::Relaxed) {
                return;
            }
            let mut inbox = inbox.lock().unwrap_or_else(PoisonError::into_inner);
            if inbox.job != job.number {
                *inbox = Inbox {
                    job: job.number,
                    ..Inbox::default()
                };
            }
            change(&mut inbox.findings);
            inbox.fresh = true;
            drop(inbox);
            wake();
        };
        analyse(engine, &job, &mut post);
    }
}

/// Where the thread puts a change to the findings (and wakes the window).
type Post<'a> = dyn FnMut(&dyn Fn(&mut Findings)) + 'a;

/// Analyses one position: the threat first (a short search), then the best lines, reported
/// after every iteration.
fn analyse(engine: &mut Engine, job: &Job, post: &mut Post) {
    let Some(game) = game_at(&job.game, job.ply).and_then(|game| along(game, &job.line)) else {
        return;
    };
    if let Some(outcome) = game.outcome() {
        post(&|findings| findings.over = Some(outcome));
        return;
    }
    let threat = threat(engine, &game, job);
    post(&|findings| findings.threat = Some(threat.clone()));
    engine.set_lines(LINES);
    engine.search(&game, &job.limits, &job.stop, |found| {
        let lines: Vec<ShownLine> = found
            .lines
            .iter()
            .map(|line| ShownLine::of(&game, line.score, &line.pv))
            .collect();
        post(&|findings| {
            findings.lines = lines.clone();
            findings.depth = found.depth;
            findings.nodes = found.nodes;
        });
    });
}

/// `game` as it stood after `ply` turns, with its history (for repetitions) and without an end
/// the players decided (a resigned position can still be analysed).
pub(super) fn game_at(game: &Game, ply: usize) -> Option<Game> {
    let mut record = game.record();
    record.turns.truncate(ply);
    record.redo.clear();
    record.ending = None;
    Game::from_record(&record).ok()
}

/// `game` after the turns of `line` are played in it (none if one is not legal).
fn along(mut game: Game, line: &[Turn]) -> Option<Game> {
    for turn in line {
        game.play(turn).ok()?;
    }
    Some(game)
}

/// What the opponent would play if the side to move passed: a search of the position with
/// the turn passed.
fn threat(engine: &mut Engine, game: &Game, job: &Job) -> Threat {
    let variant = game.variant();
    let Some(passed) = variant.null_move(game.position()) else {
        return Threat::None("none: the side to move is in check");
    };
    let Some(passed) = Game::from_fen(Arc::clone(variant), &variant.fen(&passed))
        .ok()
        .filter(|passed| passed.outcome().is_none())
    else {
        return Threat::None("none: the opponent could not move");
    };
    engine.set_lines(1);
    let cap = Limits {
        nodes: Some(THREAT_NODES),
        ..Limits::default()
    };
    let found = engine.search(&passed, &job.limits.capped(&cap), &job.stop, |_| {});
    if found.pv.is_empty() {
        return Threat::None("none found");
    }
    Threat::Line(ShownLine::of(&passed, found.score, &found.pv))
}
