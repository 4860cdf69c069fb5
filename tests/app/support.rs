//! What every headless test needs: an app with the game's plugins, starting a game, clicking
//! a square as the pointer does, and reading what the board shows.

use crate::wait::{PATIENCE, wait_for};
use bevy::camera::NormalizedRenderTarget;
pub use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::picking::backend::HitData;
use bevy::picking::pointer::{Location, PointerButton, PointerId};
pub use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use oddboard::app::board::layout::{BoardPos, Cell, PieceView, Square};
use oddboard::app::board::markers::Marker;
pub use oddboard::app::shared::game::{ActiveGame, Builder};
pub use oddboard::app::shared::messages::Command;
use oddboard::app::shared::turn_builder::{Choice, Part};
use oddboard::app::storage::saves::DataDir;
use oddboard::rules::{Game, GameRecord, Loc, Piece, Variant};
use std::collections::HashMap;
use std::time::Duration;

/// A headless app with the game's plugins, saving nothing.
pub fn app() -> App {
    app_from(DataDir(None))
}

/// A headless app with the game's plugins whose data directory is `dir`.
pub fn app_with_data(dir: &std::path::Path) -> App {
    app_from(DataDir(Some(dir.to_path_buf())))
}

fn app_from(dir: DataDir) -> App {
    let mut app = App::new();
    app.insert_resource(dir)
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
        .add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
        .add_plugins(oddboard::app::game_plugins);
    app.update();
    app
}

/// How much time each frame of a test app advances: a manual clock, so animations take the same
/// number of frames every run.
pub const FRAME: Duration = Duration::from_millis(50);

/// Starts `variant` from `fen` (the start when `None`).
pub fn start(app: &mut App, variant: &str, options: &[&str], fen: Option<&str>) {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let loaded = Variant::load(variant, &options).expect("variant loads");
    let start = fen.map_or_else(|| loaded.fen(loaded.start()), str::to_string);
    app.world_mut().write_message(Command::Resume(GameRecord {
        variant: variant.into(),
        options,
        start,
        turns: Vec::new(),
        redo: Vec::new(),
        ending: None,
    }));
    settle(app);
}

/// Runs frames until animations are over (a second of the manual clock).
pub fn settle(app: &mut App) {
    for _ in 0..20 {
        app.update();
    }
}

/// Runs frames until `done` holds, for what another thread brings (a search, a server); panics
/// naming `what` once [`PATIENCE`] has passed without it.
pub fn run_until(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    wait_for(what, PATIENCE, || {
        app.update();
        done(app).then_some(())
    });
}

/// The entity of the invisible cell over `square`, where the pointer's events land.
pub fn cell(app: &mut App, square: &str) -> Entity {
    let loc = Loc::parse(square).expect("a square");
    let world = app.world_mut();
    world
        .query::<(Entity, &Cell)>()
        .iter(world)
        .find(|(_, c)| c.loc == loc)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no cell on {square}"))
}

/// Sends a pointer event to the cell over `square`, as bevy_picking does, and runs no frame.
pub fn pointer_event<E: std::fmt::Debug + Clone + Reflect>(app: &mut App, square: &str, event: E)
where
    Pointer<E>: Event + for<'a> bevy::ecs::event::Event<Trigger<'a>: Default>,
{
    let target = cell(app, square);
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 800,
            height: 600,
        },
        position: Vec2::ZERO,
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location, event, target));
}

/// A hit on nothing in particular, for pointer events.
pub fn hit() -> HitData {
    HitData::new(Entity::PLACEHOLDER, 0.0, None, None)
}

/// Clicks `square` with `button` as the pointer would: the press, the release and the click on
/// its cell.
pub fn click_with(app: &mut App, square: &str, button: PointerButton) {
    press_on(app, square, button);
    settle(app);
}

/// Sends the click on `square` (the button going down and up over it, then the click) and runs
/// no frame: what follows is for the caller to watch.
pub fn press_on(app: &mut App, square: &str, button: PointerButton) {
    button_down(app, square, button);
    button_up(app, square, button);
    let event = Click {
        button,
        hit: hit(),
        duration: Duration::from_millis(80),
        count: 1,
    };
    pointer_event(app, square, event);
}

/// The pointer's `button` goes down over `square`.
pub fn button_down(app: &mut App, square: &str, button: PointerButton) {
    let event = Press {
        button,
        hit: hit(),
        count: 1,
    };
    pointer_event(app, square, event);
}

/// The pointer's `button` comes up over `square`.
pub fn button_up(app: &mut App, square: &str, button: PointerButton) {
    pointer_event(app, square, Release { button, hit: hit() });
}

/// Drags with the right button from `from` to `to`, as a player drawing an arrow does.
pub fn right_drag(app: &mut App, from: &str, to: &str) {
    button_down(app, from, PointerButton::Secondary);
    app.update();
    button_up(app, to, PointerButton::Secondary);
    settle(app);
}

/// Clicks the location `square` with the primary button.
pub fn click(app: &mut App, square: &str) {
    click_with(app, square, PointerButton::Primary);
}

/// Drags the piece on `from` with the primary button and drops it on `to`, as the pointer does.
pub fn drag(app: &mut App, from: &str, to: &str) {
    button_down(app, from, PointerButton::Primary);
    app.update();
    let start = DragStart {
        button: PointerButton::Primary,
        hit: hit(),
    };
    pointer_event(app, from, start);
    app.update();
    let dropped = cell(app, from);
    let drop = DragDrop {
        button: PointerButton::Primary,
        dropped,
        hit: hit(),
    };
    pointer_event(app, to, drop);
    let end = DragEnd {
        button: PointerButton::Primary,
        distance: Vec2::new(0.0, 64.0),
    };
    pointer_event(app, from, end);
    settle(app);
}

/// Sends one keyboard message, as a window does.
pub fn key(app: &mut App, key_code: KeyCode, state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

/// Presses and releases `key_code` on the keyboard (with Control held when `ctrl`), through
/// the same keyboard messages a window sends.
pub fn press(app: &mut App, key_code: KeyCode, ctrl: bool) {
    if ctrl {
        key(app, KeyCode::ControlLeft, ButtonState::Pressed);
    }
    key(app, key_code, ButtonState::Pressed);
    app.update();
    key(app, key_code, ButtonState::Released);
    if ctrl {
        key(app, KeyCode::ControlLeft, ButtonState::Released);
    }
    settle(app);
}

/// Sends a command from the panel and lets the frames run.
pub fn command(app: &mut App, command: Command) {
    app.world_mut().write_message(command);
    settle(app);
}

/// Every entity the board draws for a square, by location: a redraw replaces them all.
pub fn square_entities(app: &mut App) -> HashMap<Loc, Entity> {
    let world = app.world_mut();
    world
        .query::<(Entity, &Square)>()
        .iter(world)
        .map(|(e, s)| (s.loc, e))
        .collect()
}

/// The entity drawing the piece on `square`.
pub fn piece_entity(app: &mut App, square: &str) -> Entity {
    let loc = Loc::parse(square).expect("a square");
    let world = app.world_mut();
    world
        .query::<(Entity, &BoardPos)>()
        .iter(world)
        .find(|(_, pos)| pos.0 == loc)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no piece drawn on {square}"))
}

/// Plays `from` → `to` by clicks and checks the view followed by animation alone: the piece
/// that moved is the same entity on its new square, and no square was redrawn.
pub fn click_move_animated(app: &mut App, from: &str, to: &str) {
    let mover = piece_entity(app, from);
    let squares = square_entities(app);
    click(app, from);
    click(app, to);
    assert_eq!(
        piece_entity(app, to),
        mover,
        "the piece glided, not redrawn"
    );
    assert_eq!(square_entities(app), squares, "no redraw of the board");
    assert_view_matches_game(app);
}

/// Answers the turn builder's question from the panel.
pub fn choose(app: &mut App, choice: Choice) {
    app.world_mut().write_message(Command::Choose(choice));
    settle(app);
}

pub fn game(app: &App) -> &Game {
    &app.world().resource::<ActiveGame>().0
}

pub fn question(app: &App) -> Option<Part> {
    app.world().resource::<Builder>().0.question()
}

/// The pieces the board's entities show, by square.
pub fn shown_pieces(app: &mut App) -> HashMap<Loc, Piece> {
    let world = app.world_mut();
    world
        .query::<(&PieceView, &BoardPos)>()
        .iter(world)
        .map(|(view, pos)| (pos.0, view.piece))
        .collect()
}

/// Asserts that the entities show exactly the position shown: the game's live one, or the
/// earlier one being looked at.
pub fn assert_view_matches_game(app: &mut App) {
    let viewing = *app
        .world()
        .resource::<oddboard::app::shared::game::Viewing>();
    let shown = oddboard::app::board::layout::shown_position(game(app), &viewing);
    let expected: HashMap<Loc, Piece> = shown.board.pieces().collect();
    assert_eq!(shown_pieces(app), expected);
}

pub fn fen(app: &App) -> String {
    let game = game(app);
    game.variant().fen(game.position())
}

/// The squares the board's entities draw, sorted.
pub fn shown_squares(app: &mut App) -> Vec<Loc> {
    let world = app.world_mut();
    let mut squares: Vec<Loc> = world
        .query::<&Square>()
        .iter(world)
        .map(|s| s.loc)
        .collect();
    squares.sort();
    squares
}

/// A directory of one test's files, removed with everything in it when the test is done.
pub struct TestDir(std::path::PathBuf);

impl std::ops::Deref for TestDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty directory for one test's files.
pub fn temp_dir(name: &str) -> TestDir {
    let dir = std::env::temp_dir().join(format!("oddboard-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    TestDir(dir)
}

/// The squares marked with `marker`.
pub fn marked(app: &mut App, marker: Marker) -> std::collections::HashSet<Loc> {
    let layout = *app
        .world()
        .resource::<oddboard::app::board::layout::BoardLayout>();
    let world = app.world_mut();
    let spots: Vec<Vec2> = world
        .query::<(&Marker, &Transform)>()
        .iter(world)
        .filter(|(m, _)| **m == marker)
        .map(|(_, t)| t.translation.truncate())
        .collect();
    (0..i32::from(layout.ranks))
        .flat_map(|rank| (0..i32::from(layout.files)).filter_map(move |file| Loc::new(file, rank)))
        .filter(|loc| spots.iter().any(|s| s.distance(layout.world(*loc)) < 1.0))
        .collect()
}

/// Every variant's start FEN with each third character dropped, and replaced, in turn: the
/// malformed texts a player might paste or type, with the variant each was written for.
pub fn mutated_start_fens() -> Vec<(&'static str, String)> {
    let mut mutated = Vec::new();
    for id in oddboard::rules::ids() {
        let variant = Variant::load(id, &[]).expect("loads");
        let chars: Vec<char> = variant.fen(variant.start()).chars().collect();
        for i in (0..chars.len()).step_by(3) {
            let mut dropped = chars.clone();
            dropped.remove(i);
            let mut replaced = chars.clone();
            replaced[i] = if chars[i] == '/' { '9' } else { '/' };
            mutated.extend([dropped, replaced].map(|text| (id, text.into_iter().collect())));
        }
    }
    mutated
}
