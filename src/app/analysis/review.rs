//! A game's review: every position of the game evaluated in the background at a fixed budget
//! (after a game, for a finished record opened, and for the game so far on request), for the
//! evaluation graph; and the turns that lost most for the side that played them, with the turn
//! the engine preferred, for the move list.

use super::Offered;
use super::eval::{Eval, ShownLine};
use super::worker::{Alive, Threads, game_at};
use crate::app::online::link::waker;
use crate::app::shared::game::ActiveGame;
use crate::app::shared::messages::AnalysisRequest;
use crate::app::shared::screen::{Frame, Screen};
use crate::app::shared::settings::Settings;
use crate::net::client::Wake;
use crate::rules::{Engine, Game, Limits, Side, Turn};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// A turn that lost at least this much for its side (hundredths of a pawn) is a mistake.
pub const MISTAKE: i32 = 150;
/// A turn that lost at least this much is a blunder.
pub const BLUNDER: i32 = 300;

/// One position of the game, evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// Its evaluation.
    pub eval: Eval,
    /// The side to move in it.
    pub mover: Side,
    /// The engine's turn in it, if the game went on from it.
    pub best: Option<ShownLine>,
}

/// How bad a turn was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// It lost at least [`MISTAKE`].
    Mistake,
    /// It lost at least [`BLUNDER`].
    Blunder,
}

impl Severity {
    /// The sign written after the turn: `?` or `??`.
    pub fn sign(self) -> &'static str {
        match self {
            Severity::Mistake => "?",
            Severity::Blunder => "??",
        }
    }
}

/// A turn of the game marked as a mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// How bad it was.
    pub severity: Severity,
    /// How much it lost for the side that played it, in hundredths of a pawn.
    pub loss: i32,
    /// The turn the engine preferred, in the move list's notation.
    pub better: String,
}

/// The review of the game on the board: which game, and the positions evaluated so far.
#[derive(Resource, Default)]
pub struct Review {
    /// The game reviewed: its start and its turns.
    of: Option<(String, Vec<Turn>)>,
    /// Each position evaluated so far, from the start.
    pub points: Vec<Point>,
    worker: Option<ReviewWorker>,
}

impl Review {
    /// Whether the review is of `game` as it stands (every turn of it).
    pub fn covers(&self, game: &Game) -> bool {
        self.of == Some(key(game))
    }

    /// Whether positions are still being evaluated.
    pub fn running(&self) -> bool {
        self.worker.is_some()
    }

    /// How many turns the game reviewed has.
    pub fn turns(&self) -> usize {
        self.of.as_ref().map_or(0, |(_, turns)| turns.len())
    }

    /// The mark of the game's turn `ply` (counted from 1, as the move list counts), if it lost
    /// enough to be one and the engine preferred another turn.
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        let before = self.points.get(ply.checked_sub(1)?)?;
        let after = self.points.get(ply)?;
        let played = self.of.as_ref()?.1.get(ply - 1)?;
        let better = before
            .best
            .as_ref()
            .filter(|b| b.first() != Some(*played))?;
        let loss = before.eval.for_side(before.mover) - after.eval.for_side(before.mover);
        let severity = match loss {
            loss if loss >= BLUNDER => Severity::Blunder,
            loss if loss >= MISTAKE => Severity::Mistake,
            _ => return None,
        };
        Some(Mark {
            severity,
            loss,
            better: better.moves.first().cloned().unwrap_or_default(),
        })
    }
}

/// What tells a game apart for its review: its variant, options and start, and its turns.
fn key(game: &Game) -> (String, Vec<Turn>) {
    let record = game.record();
    let start = format!("{} {:?} {}", record.variant, record.options, record.start);
    (start, game.turns().to_vec())
}

/// How much work each position of a review gets: a fixed number of nodes, so a review takes
/// the same work on any machine.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReviewLimits(pub Limits);

impl Default for ReviewLimits {
    fn default() -> ReviewLimits {
        ReviewLimits(Limits {
            nodes: Some(40_000),
            ..Limits::default()
        })
    }
}

/// The window's end of a review's thread: dropping it stops the thread.
struct ReviewWorker {
    stop: Arc<AtomicBool>,
    points: Arc<Mutex<Vec<Point>>>,
}

impl Drop for ReviewWorker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Registers the review.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>()
        .init_resource::<ReviewLimits>()
        .add_systems(
            Update,
            (start_review, take_points).chain().in_set(Frame::Sync),
        );
}

/// Starts a review when asked, or by itself once the game on the board is finished; drops
/// one that no longer fits the game (another game, a turn taken back) or where the analysis is
/// not offered.
fn start_review(
    mut requests: MessageReader<AnalysisRequest>,
    mut review: ResMut<Review>,
    game: Option<Res<ActiveGame>>,
    screen: Res<State<Screen>>,
    offered: Offered,
    (limits, threads, settings): (Res<ReviewLimits>, Res<Threads>, Res<Settings>),
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let asked = requests
        .read()
        .filter(|r| **r == AnalysisRequest::Review)
        .count()
        > 0;
    let Some(game) = game.filter(|_| offered.now()) else {
        if review.of.is_some() {
            *review = Review::default();
        }
        return;
    };
    let game = &game.0;
    let finished = *screen.get() == Screen::GameOver;
    if review.covers(game) {
        return;
    }
    let prefix = review
        .of
        .as_ref()
        .is_some_and(|(start, turns)| *start == key(game).0 && game.turns().starts_with(turns));
    if asked || finished {
        let wake = waker(proxy.as_deref());
        let hash_mib = settings.engine_hash_mib();
        let worker = spawn(game.clone(), limits.0, hash_mib, wake, &threads);
        *review = Review {
            of: Some(key(game)),
            points: Vec::new(),
            worker: Some(worker),
        };
    } else if review.of.is_some() && !prefix {
        *review = Review::default();
    }
}

/// Takes the positions evaluated since the last look, and asks for the frame that shows them.
fn take_points(mut review: ResMut<Review>, mut redraw: MessageWriter<RequestRedraw>) {
    let Some(worker) = &review.worker else {
        return;
    };
    let (points, done) = {
        let points = worker.points.lock().unwrap_or_else(PoisonError::into_inner);
        if points.len() == review.points.len() {
            return;
        }
        (points.clone(), points.len() > review.turns())
    };
    review.points = points;
    if done {
        review.worker = None;
    }
    redraw.write(RequestRedraw);
}

/// Starts a thread evaluating every position of `game` within `limits`, with a table of
/// `hash_mib` MiB, waking the window after each.
fn spawn(
    game: Game,
    limits: Limits,
    hash_mib: usize,
    wake: Wake,
    threads: &Threads,
) -> ReviewWorker {
    let stop = Arc::new(AtomicBool::new(false));
    let points = Arc::new(Mutex::new(Vec::new()));
    let alive = threads.starting();
    let (flag, found) = (Arc::clone(&stop), Arc::clone(&points));
    let spawned = std::thread::Builder::new()
        .name("review".into())
        .spawn(move || evaluate(&game, &limits, hash_mib, &flag, &found, &wake, alive));
    if let Err(e) = spawned {
        error!("review: the thread could not start: {e}");
    }
    ReviewWorker { stop, points }
}

/// Evaluates each position of `game` from the start, with a table of `hash_mib` MiB; the last,
/// if the rules ended the game there, is its result.
fn evaluate(
    game: &Game,
    limits: &Limits,
    hash_mib: usize,
    stop: &AtomicBool,
    points: &Mutex<Vec<Point>>,
    wake: &Wake,
    _alive: Alive,
) {
    let Some(mut replay) = game_at(game, 0) else {
        return;
    };
    let mut engine = Engine::new(hash_mib);
    let turns = game.turns();
    for ply in 0..=turns.len() {
        let mover = replay.position().side;
        let over = replay.outcome().filter(|_| ply == turns.len());
        let point = match over {
            Some(outcome) => Point {
                eval: Eval::of_outcome(outcome),
                mover,
                best: None,
            },
            None => {
                let found = engine.search(&replay, limits, stop, |_| {});
                Point {
                    eval: Eval::of(found.score, mover),
                    mover,
                    best: found
                        .best
                        .map(|best| ShownLine::of(&replay, found.score, &[best])),
                }
            }
        };
        if stop.load(Ordering::Relaxed) {
            return;
        }
        points
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(point);
        wake();
        if let Some(turn) = turns.get(ply)
            && replay.play(turn).is_err()
        {
            return;
        }
    }
}
