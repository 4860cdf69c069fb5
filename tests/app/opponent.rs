//! Playing the computer: it answers the person's turn while frames keep coming, an undo takes
//! back the pair, a hint is drawn as an arrow, the watcher pauses and steps it, and saved games
//! keep who played. The computer searches to a fixed depth here, not for a time: the same work
//! on any machine, however loaded, and no test watches the clock.

use crate::support::*;
use oddboard::app::board::sketch::Sketches;
use oddboard::app::session::opponent::{OpponentEngine, SearchLimits, Thinking};
use oddboard::app::shared::messages::ComputerRequest;
use oddboard::app::shared::players::{Player, Players};
use oddboard::app::shared::settings::Settings;
use oddboard::app::shared::storage::Storage;
use oddboard::app::storage::saves::Autosave;
use oddboard::rules::{Level, Limits, Side};

const COMPUTER_PLAYS_BLACK: Players = Players([Player::Person, Player::Computer(Level::Beginner)]);

/// A headless app whose computer searches one ply deep, whatever its level.
fn shallow_app() -> App {
    let mut app = app();
    app.insert_resource(SearchLimits(Some(Limits {
        depth: Some(1),
        ..Limits::default()
    })));
    app
}

/// Sends a request to the computer and runs frames until things settle.
fn request(app: &mut App, request: ComputerRequest) {
    app.world_mut().write_message(request);
    settle(app);
}

/// Runs frames until the computer has no search in flight, then until the board is still.
fn until_idle(app: &mut App) {
    run_until(app, "the computer's search to end", |app| {
        let thinking = app.world().resource::<Thinking>();
        thinking.side().is_none() && !thinking.hinting()
    });
    settle(app);
}

/// Starts chess with the computer as Black, plays e2–e4 by clicks and waits for its answer.
fn play_e4_against_the_computer(app: &mut App) {
    start(app, "chess", &[], None);
    command(app, Command::Players(COMPUTER_PLAYS_BLACK));
    click(app, "e2");
    click(app, "e4");
    until_idle(app);
    assert_eq!(game(app).turns().len(), 2, "the computer answered");
}

#[test]
fn the_computer_answers_a_persons_turn_and_undo_takes_back_the_pair() {
    let mut app = shallow_app();
    play_e4_against_the_computer(&mut app);
    assert_eq!(
        game(&app).position().side,
        Side::White,
        "the person's turn again"
    );
    assert_view_matches_game(&mut app);
    command(&mut app, Command::Undo);
    assert!(game(&app).turns().is_empty(), "both turns taken back");
    assert_view_matches_game(&mut app);
}

#[test]
fn the_computer_plays_first_when_it_has_the_first_side() {
    let mut app = shallow_app();
    start(&mut app, "american-chess", &[], None);
    command(
        &mut app,
        Command::Players(Players([Player::Computer(Level::Beginner), Player::Person])),
    );
    until_idle(&mut app);
    assert_eq!(game(&app).turns().len(), 1);
    assert_view_matches_game(&mut app);
}

#[test]
fn a_hint_is_drawn_as_an_arrow_of_a_legal_turn() {
    let mut app = shallow_app();
    start(&mut app, "fanorona-chess", &[], None);
    request(&mut app, ComputerRequest::Hint);
    until_idle(&mut app);
    let arrows = app.world().resource::<Sketches>().arrows.clone();
    assert_eq!(arrows.len(), 1, "one arrow");
    let (from, to) = arrows[0];
    assert!(
        game(&app)
            .legal_turns()
            .iter()
            .any(|t| t.from == from && t.to == to),
        "a legal turn"
    );
    assert!(game(&app).turns().is_empty(), "a hint plays nothing");
}

#[test]
fn a_paused_computer_waits_and_steps_one_turn_at_a_time() {
    let mut app = shallow_app();
    start(&mut app, "amoeba", &[], None);
    request(&mut app, ComputerRequest::Pause(true));
    command(
        &mut app,
        Command::Players(Players([Player::Computer(Level::Beginner); 2])),
    );
    until_idle(&mut app);
    assert!(game(&app).turns().is_empty(), "paused");
    request(&mut app, ComputerRequest::Step);
    until_idle(&mut app);
    assert_eq!(game(&app).turns().len(), 1, "one step, one turn");
    until_idle(&mut app);
    assert_eq!(game(&app).turns().len(), 1, "then it waits again");
}

/// The size of the computer's kept engine's table, in MiB, once no search holds it.
fn engine_mib(app: &App) -> Option<usize> {
    app.world().resource::<OpponentEngine>().hash_mib()
}

#[test]
fn the_engine_memory_setting_sizes_the_computers_engine() {
    let mut app = shallow_app();
    assert_eq!(
        engine_mib(&app),
        None,
        "no engine before the computer thinks"
    );
    play_e4_against_the_computer(&mut app);
    let default = Settings::default().engine_memory_mib;
    assert_eq!(engine_mib(&app), Some(default));
    let smaller = Settings {
        engine_memory_mib: 16,
        ..app.world().resource::<Settings>().clone()
    };
    app.world_mut().write_message(Storage::Settings(smaller));
    settle(&mut app);
    assert_eq!(
        engine_mib(&app),
        Some(default),
        "resized by the next search"
    );
    request(&mut app, ComputerRequest::Hint);
    until_idle(&mut app);
    assert_eq!(engine_mib(&app), Some(16), "the hint searched with it");
    click(&mut app, "d2");
    click(&mut app, "d4");
    until_idle(&mut app);
    assert_eq!(game(&app).turns().len(), 4, "the computer answered again");
    assert_eq!(engine_mib(&app), Some(16));
}

#[test]
fn who_played_is_saved_and_continued() {
    let dir = temp_dir("players");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    command(&mut app, Command::Players(COMPUTER_PLAYS_BLACK));
    let saved = app
        .world()
        .resource::<Autosave>()
        .0
        .clone()
        .expect("autosaved");
    assert_eq!(saved.players, COMPUTER_PLAYS_BLACK);
    let mut later = app_with_data(&dir);
    let offered = later
        .world()
        .resource::<Autosave>()
        .0
        .clone()
        .expect("offered");
    assert_eq!(offered.players, COMPUTER_PLAYS_BLACK);
    later.world_mut().write_message_batch(offered.resume());
    settle(&mut later);
    assert_eq!(*later.world().resource::<Players>(), COMPUTER_PLAYS_BLACK);
}
