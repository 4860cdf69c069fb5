//! The computer opponent: who plays each side, and the computer's turns. When the side to move
//! is the computer's, its search runs on the async compute pool (the window never waits for it);
//! the turn it finds is played through the session like a person's, once the board is still.
//! Anything that changes the game meanwhile (an undo, a new game) stops the search and drops its
//! answer. The Hint asks the same search for the side to move and sends its turn to
//! the board (`HintFound`), which draws it as an arrow. Every search uses one engine, kept for
//! the whole game ([`OpponentEngine`]), so each turn starts from what the last one learned.

use crate::app::motion::timeline::Timeline;
use crate::app::shared::game::{ActiveGame, Hint, Online, Studying, Viewing};
use crate::app::shared::messages::{Command, ComputerRequest, HintFound};
use crate::app::shared::players::Players;
use crate::app::shared::screen::Frame;
use crate::app::shared::settings::Settings;
use crate::rules::{Engine, Game, Level, Limits, Position, Side, Turn, think_in};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Watching the computer play itself: whether it is paused, and how many turns it may still
/// play while paused (the watcher's steps).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Watch {
    /// The computer waits before each of its turns.
    pub paused: bool,
    /// Turns it may play before waiting again.
    pub steps: u32,
}

/// What a search in flight is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Purpose {
    /// The computer's own turn: played when found.
    Play,
    /// A hint for the person to move: drawn as an arrow.
    Hint,
}

/// A search in flight: the position it searches, what for, its stop flag (set: its answer is
/// dropped), and where its answer is put (before the window is woken: a task's own result may
/// not be ready the moment the woken window looks, and then nothing would wake it again).
struct Search {
    position: Position,
    plies: usize,
    purpose: Purpose,
    stop: Arc<AtomicBool>,
    answer: Arc<OnceLock<Option<Turn>>>,
}

impl Search {
    /// Whether it was stopped, its answer to be dropped.
    fn dropped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The search in flight, if any: one at a time, as they share the engine. A stopped search
/// stays here until its answer comes back (promptly), so the next one never waits for the
/// engine.
#[derive(Resource, Default)]
pub struct Thinking(Option<Search>);

impl Thinking {
    /// The side the computer is thinking for, if it is thinking about its own turn.
    pub fn side(&self) -> Option<Side> {
        self.0
            .as_ref()
            .filter(|s| s.purpose == Purpose::Play && !s.dropped())
            .map(|s| s.position.side)
    }

    /// Whether a hint is being worked out.
    pub fn hinting(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Hint && !s.dropped())
    }

    /// Stops the search in flight: its answer, when it comes, is dropped.
    fn cancel(&self) {
        if let Some(search) = &self.0 {
            search.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The computer's engine, kept for the whole game: each search (its turns, the hints) starts
/// from the table the last one left. It is made by the first search, at the size the settings
/// give, resized by the first search after they change, and emptied by the first after a game
/// is started, loaded or set up. Only the search in flight locks it.
#[derive(Resource, Default)]
pub struct OpponentEngine {
    shared: Arc<Mutex<Option<Engine>>>,
    /// A game was started since the last search: the next forgets what the engine learned.
    new_game: bool,
}

impl OpponentEngine {
    /// The size of the engine's table, in MiB: `None` before its first search or while a
    /// search holds it.
    pub fn hash_mib(&self) -> Option<usize> {
        self.shared.try_lock().ok()?.as_ref().map(Engine::hash_mib)
    }
}

/// The kept engine in `slot`, readied for a search with a table of `hash_mib` MiB: made anew
/// (the old one's memory freed first) where there is none of that size, else emptied for a
/// `new_game`.
fn ready(slot: &mut Option<Engine>, hash_mib: usize, new_game: bool) -> &mut Engine {
    match slot {
        Some(engine) if engine.hash_mib() == hash_mib => {
            if new_game {
                engine.clear();
            }
        }
        _ => *slot = None,
    }
    slot.get_or_insert_with(|| Engine::new(hash_mib))
}

/// Limits that stand in for every level's own way of thinking: a plain search to a fixed depth
/// or number of nodes, the same work on any machine however loaded (the headless tests use it).
/// `None`, as in the game: each level thinks as it does for players.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchLimits(pub Option<Limits>);

/// The level a hint is worked out at.
const HINT_LEVEL: Level = Level::Strong;

/// Registers the opponent.
pub fn plugin(app: &mut App) {
    app.init_resource::<Watch>()
        .init_resource::<Thinking>()
        .init_resource::<SearchLimits>()
        .init_resource::<OpponentEngine>()
        .add_systems(
            Update,
            (
                note_new_game,
                drop_stale.run_if(resource_exists::<ActiveGame>),
                watch_and_hint,
                start_thinking.run_if(resource_exists::<ActiveGame>),
                take_answer.run_if(resource_exists::<ActiveGame>),
            )
                .chain()
                .in_set(Frame::Sync),
        );
}

/// Whether a search still fits the game: same position, same number of turns.
fn current(search: &Search, game: &Game) -> bool {
    search.plies == game.turns().len() && search.position == *game.position()
}

/// A game started, loaded or set up: the engine forgets the last game at its next search.
fn note_new_game(mut commands: MessageReader<Command>, mut engine: ResMut<OpponentEngine>) {
    let started = commands.read().any(|command| {
        matches!(
            command,
            Command::Start { .. } | Command::Resume(_) | Command::Rematch
        )
    });
    if started {
        engine.new_game = true;
    }
}

/// A change to the game (an undo, a new game, a turn played by hand) stops the search about the
/// position that was.
fn drop_stale(game: Res<ActiveGame>, thinking: Res<Thinking>) {
    if thinking
        .0
        .as_ref()
        .is_some_and(|search| !current(search, &game.0))
    {
        thinking.cancel();
    }
}

/// The watcher's pause and step, and hints: a hint's search starts when one is asked and
/// nothing else is being searched (once a stopped search has answered, if one is finishing).
/// A lesson or a puzzle gives its own hints, not the computer's.
fn watch_and_hint(
    mut requests: MessageReader<ComputerRequest>,
    game: Option<Res<ActiveGame>>,
    (viewing, studying, online): (Res<Viewing>, Res<Studying>, Option<Res<Online>>),
    mut watch: ResMut<Watch>,
    mut waiting: Local<bool>,
    mut searcher: Searcher,
) {
    let mut hint = std::mem::take(&mut *waiting);
    for request in requests.read() {
        match request {
            ComputerRequest::Pause(paused) => {
                watch.set_if_neq(Watch {
                    paused: *paused,
                    steps: 0,
                });
            }
            ComputerRequest::Step => watch.steps += 1,
            ComputerRequest::Hint => hint = true,
        }
    }
    let helped = !studying.0 && online.is_none();
    let Some(game) = game.filter(|_| hint && viewing.is_live() && helped) else {
        return;
    };
    if game.0.outcome().is_some() {
        return;
    }
    match &searcher.thinking.0 {
        None => searcher.start(&game.0, HINT_LEVEL, Purpose::Hint),
        Some(search) if search.dropped() => *waiting = true,
        Some(_) => {}
    }
}

/// Starts the computer's search when the side to move is the computer's, the game goes on, the
/// live position is shown and the watcher has not paused.
fn start_thinking(
    game: Res<ActiveGame>,
    players: Res<Players>,
    mut watch: ResMut<Watch>,
    viewing: Res<Viewing>,
    mut searcher: Searcher,
) {
    let game = &game.0;
    let held = watch.paused && watch.steps == 0;
    if searcher.thinking.0.is_some() || held || !viewing.is_live() || game.outcome().is_some() {
        return;
    }
    if let Some(level) = players.computer(game.position().side) {
        if watch.paused {
            watch.steps -= 1;
        }
        searcher.start(game, level, Purpose::Play);
    }
}

/// What starting a search takes: the slot for the search in flight, the tests' limits, the
/// kept engine and the settings that size it, and the window to wake.
#[derive(SystemParam)]
struct Searcher<'w> {
    thinking: ResMut<'w, Thinking>,
    limits: Res<'w, SearchLimits>,
    engine: ResMut<'w, OpponentEngine>,
    settings: Res<'w, Settings>,
    proxy: Option<Res<'w, EventLoopProxyWrapper>>,
}

impl Searcher<'_> {
    /// Starts a search of `game`'s position at `level` (or within the tests' limits, where they
    /// are set) on the async compute pool, with the kept engine; when it ends it wakes the
    /// window (a reactive window would otherwise sleep until the next input). Only called with
    /// no search in flight, so the engine is free.
    fn start(&mut self, game: &Game, level: Level, purpose: Purpose) {
        let stop = Arc::new(AtomicBool::new(false));
        let answer = Arc::new(OnceLock::new());
        let searched = game.clone();
        let (flag, slot) = (Arc::clone(&stop), Arc::clone(&answer));
        let waker = self.proxy.as_deref().map(|p| (**p).clone());
        let seed = searched.position().hash() ^ searched.turns().len() as u64;
        let limits = self.limits.0;
        let engine = Arc::clone(&self.engine.shared);
        let hash_mib = self.settings.engine_hash_mib();
        let new_game = std::mem::take(&mut self.engine.new_game);
        AsyncComputeTaskPool::get()
            .spawn(async move {
                let found = {
                    let mut kept = engine.lock().unwrap_or_else(PoisonError::into_inner);
                    let engine = ready(&mut kept, hash_mib, new_game);
                    match limits {
                        Some(limits) => {
                            engine.set_threads(1);
                            engine.set_lines(1);
                            engine.search(&searched, &limits, &flag, |_| {}).best
                        }
                        None => think_in(
                            engine,
                            &searched,
                            level,
                            &Limits::default(),
                            &flag,
                            seed,
                            |_| {},
                        ),
                    }
                };
                let _ = slot.set(found);
                if let Some(waker) = waker {
                    let _ = waker.send_event(WinitUserEvent::WakeUp);
                }
            })
            .detach();
        self.thinking.0 = Some(Search {
            position: *game.position(),
            plies: game.turns().len(),
            purpose,
            stop,
            answer,
        });
    }
}

/// Where a hint is named in words for the panel ("Hint: Nf3"), beside its arrow.
#[derive(SystemParam)]
struct HintNaming<'w> {
    game: Res<'w, ActiveGame>,
    hint: ResMut<'w, Hint>,
}

/// Takes the search's answer once it is ready: the computer's turn is played as soon as the
/// board is still; a hint is drawn as an arrow and named in the panel; a stopped search's is
/// dropped. Each asks for one more frame, in which the turn is applied or the next search
/// starts (the window woke for this frame alone).
fn take_answer(
    mut thinking: ResMut<Thinking>,
    timeline: Res<Timeline>,
    mut out: MessageWriter<Command>,
    mut hints: MessageWriter<HintFound>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut named: HintNaming,
) {
    let Some(search) = thinking.0.as_ref() else {
        return;
    };
    let dropped = search.dropped();
    if search.purpose == Purpose::Play && !dropped && timeline.running() {
        return;
    }
    let Some(answer) = search.answer.get().copied() else {
        return;
    };
    let purpose = search.purpose;
    thinking.0 = None;
    redraw.write(RequestRedraw);
    let Some(turn) = answer.filter(|_| !dropped) else {
        return;
    };
    match purpose {
        Purpose::Play => {
            out.write(Command::Play(turn));
        }
        Purpose::Hint => {
            hints.write(HintFound(turn));
            let game = &named.game.0;
            let text = game.variant().readable_turn(game.position(), &turn);
            named.hint.0 = Some(format!("Hint: {text}"));
        }
    }
}
