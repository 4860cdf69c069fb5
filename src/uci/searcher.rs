//! The search thread: one `go` at a time runs on its own thread, so commands are still read
//! (`isready` answered, `stop` obeyed) while it thinks. The thread writes its `info` lines and
//! its `bestmove` (after `stop` only, for `go infinite`) and hands the engine, with its
//! transposition table, back for the next search.

use super::info;
use super::output::Out;
use crate::rules::{Engine, Game, Level, Limits, think_with};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// The search thread's stack: as large as the main thread's, where the command line searches.
const STACK_BYTES: usize = 8 << 20;

/// One search to run.
pub struct Job {
    /// The game whose current position is searched.
    pub game: Game,
    /// When to stop.
    pub limits: Limits,
    /// Give the best move only once told to stop, even if the search ends before.
    pub infinite: bool,
    /// Play as this level does, with this seed for its chance, rather than at full strength.
    pub level: Option<(Level, u64)>,
    /// The transposition table's size, in MiB.
    pub hash_mib: usize,
    /// The best lines to report.
    pub lines: usize,
    /// The threads to search with.
    pub threads: usize,
}

/// A search running on its thread.
struct Running {
    /// Set to stop the search.
    stop: Arc<AtomicBool>,
    /// Set by the search once it has chosen its move, just before it writes `bestmove`: from
    /// then on the GUI may send the next `go`, and the thread is as good as done (a thread
    /// that failed is done without it).
    chosen: Arc<AtomicBool>,
    thread: JoinHandle<Engine>,
}

/// The engine between searches, or the search that has it.
pub struct Searcher {
    /// The engine, while no search has it (`None` also before the first search).
    engine: Option<Engine>,
    /// The size of the kept engine's table, in MiB.
    hash_mib: usize,
    /// Whether the table is to be emptied before the next search (a new game).
    new_game: bool,
    running: Option<Running>,
    out: Out,
}

impl Searcher {
    /// No search yet; the engine is made for the first.
    pub fn new(out: Out) -> Searcher {
        Searcher {
            engine: None,
            hash_mib: 0,
            new_game: false,
            running: None,
            out,
        }
    }

    /// Starts `job` on its own thread; refused while another search runs.
    pub fn start(&mut self, job: Job) -> Result<(), String> {
        if self
            .running
            .as_ref()
            .is_some_and(|r| !r.chosen.load(Ordering::Acquire) && !r.thread.is_finished())
        {
            return Err("go: already searching (send stop first)".into());
        }
        self.join();
        let kept = self.engine.take();
        let resize = self.hash_mib != job.hash_mib;
        let clear = std::mem::take(&mut self.new_game);
        self.hash_mib = job.hash_mib;
        let stop = Arc::new(AtomicBool::new(false));
        let chosen = Arc::new(AtomicBool::new(false));
        let thread = {
            let (stop, chosen, out) = (Arc::clone(&stop), Arc::clone(&chosen), self.out.clone());
            std::thread::Builder::new()
                .name("uci-search".into())
                .stack_size(STACK_BYTES)
                .spawn(move || {
                    let engine = prepared(kept, &job, resize, clear);
                    think(engine, &job, &stop, &chosen, &out)
                })
                .map_err(|e| format!("go: cannot start the search thread: {e}"))?
        };
        self.running = Some(Running {
            stop,
            chosen,
            thread,
        });
        Ok(())
    }

    /// Stops the search, if one runs, once it has written its `bestmove`.
    pub fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Release);
            running.thread.thread().unpark();
        }
        self.join();
    }

    /// Empties the table before the next search: what it learned belongs to another game.
    pub fn new_game(&mut self) {
        self.new_game = true;
    }

    /// Waits for the search thread and takes its engine back (none if it failed).
    fn join(&mut self) {
        if let Some(running) = self.running.take() {
            self.engine = running.thread.join().ok();
        }
    }
}

/// The engine for `job`, made ready on the search thread (a large table takes a while to
/// allocate or empty, and `isready` is answered meanwhile): the one `kept` from the last
/// search, its table resized to the job's or emptied for a new game, or else a new one.
fn prepared(kept: Option<Engine>, job: &Job, resize: bool, clear: bool) -> Engine {
    let mut engine = match kept {
        Some(mut engine) => {
            if resize {
                engine.set_hash(job.hash_mib);
            } else if clear {
                engine.clear();
            }
            engine
        }
        None => Engine::new(job.hash_mib),
    };
    engine.set_lines(job.lines);
    engine.set_threads(job.threads);
    engine
}

/// The search thread's work: search (or play as a level), writing each iteration's lines, then
/// the best move (for an infinite search, once `stop` is set), setting `chosen` just before.
fn think(
    mut engine: Engine,
    job: &Job,
    stop: &AtomicBool,
    chosen: &AtomicBool,
    out: &Out,
) -> Engine {
    let variant = job.game.variant();
    let report = |found: &_| {
        for line in info::iteration(variant, found, job.lines > 1) {
            out.line(&line);
        }
    };
    // A level plays nothing in a game the rules call drawn (repetition, the fifty-move rule, a
    // dead position) while turns are legal; a GUI judges those draws itself and may play on,
    // so there the full search, which plays on, chooses.
    let by_level = job
        .level
        .and_then(|(level, seed)| think_with(&job.game, level, &job.limits, stop, seed, report));
    let best = by_level.or_else(|| engine.search(&job.game, &job.limits, stop, report).best);
    while job.infinite && !stop.load(Ordering::Acquire) {
        std::thread::park();
    }
    chosen.store(true, Ordering::Release);
    out.line(&info::bestmove(variant, best.as_ref()));
    engine
}
