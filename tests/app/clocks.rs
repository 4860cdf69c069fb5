//! Clocks on the manual clock of a headless app: no clock runs before each side has played a
//! turn, then the side to move's time runs down, the increment follows each turn, leaving for the menu stops the clocks, the flag falling ends
//! the game, and the clocks are saved with it.

use crate::support::*;
use oddboard::app::shared::clocks::{Clocks, TimeControl};
use oddboard::app::shared::screen::Screen;
use oddboard::app::storage::saves::Autosave;
use oddboard::rules::{Reason, Side, Verdict};
use std::time::Duration;

fn clocks(app: &App) -> Clocks {
    *app.world().resource::<Clocks>()
}

fn with_clock(app: &mut App, base: Duration, increment: Duration) {
    start(app, "chess", &[], None);
    command(
        app,
        Command::Clocks(Clocks::new(Some(TimeControl {
            base,
            increment,
            per_turn: false,
        }))),
    );
}

/// Plays a turn by clicking its two squares.
fn play(app: &mut App, from: &str, to: &str) {
    click(app, from);
    click(app, to);
}

#[test]
fn no_clock_runs_before_each_side_has_played_its_first_turn() {
    let mut app = app();
    with_clock(&mut app, Duration::from_secs(60), Duration::ZERO);
    settle(&mut app);
    click(&mut app, "e2");
    assert_eq!(clocks(&app).left(Side::White), Duration::from_secs(60));
    click(&mut app, "e4");
    settle(&mut app);
    assert_eq!(clocks(&app).left(Side::Black), Duration::from_secs(60));
    play(&mut app, "e7", "e5");
    assert_eq!(clocks(&app).left(Side::Black), Duration::from_secs(60));
    settle(&mut app);
    assert!(
        clocks(&app).left(Side::White) < Duration::from_secs(60),
        "White's clock runs from its second turn on"
    );
}

#[test]
fn the_flag_falling_ends_the_game_on_time() {
    let mut app = app();
    with_clock(&mut app, Duration::from_secs(1), Duration::ZERO);
    play(&mut app, "e2", "e4");
    play(&mut app, "e7", "e5");
    for _ in 0..30 {
        app.update();
    }
    let outcome = game(&app).outcome().expect("over on time");
    assert_eq!(outcome.reason, Reason::TimeForfeit);
    assert_eq!(outcome.verdict, Verdict::BlackWins, "White was to move");
    assert_eq!(clocks(&app).left(Side::White), Duration::ZERO);
    assert_eq!(clocks(&app).left(Side::Black), Duration::from_secs(1));
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
}

#[test]
fn only_the_side_to_move_runs_and_each_turn_earns_the_increment() {
    let mut app = app();
    with_clock(&mut app, Duration::from_secs(60), Duration::from_secs(2));
    play(&mut app, "g1", "f3");
    play(&mut app, "g8", "f6");
    let black = clocks(&app).left(Side::Black);
    click(&mut app, "e2");
    let before = clocks(&app).left(Side::White);
    assert!(before < Duration::from_secs(62), "White's clock runs");
    assert_eq!(clocks(&app).left(Side::Black), black);
    click(&mut app, "e4");
    let after = clocks(&app);
    assert!(
        after.left(Side::White) > before,
        "two seconds earned outweigh the frame the turn took: {:?} then {:?}",
        before,
        after.left(Side::White)
    );
    assert!(after.left(Side::Black) < black, "Black's runs now");
    let white = after.left(Side::White);
    settle(&mut app);
    assert_eq!(
        clocks(&app).left(Side::White),
        white,
        "White's stands still"
    );
}

#[test]
fn the_clocks_stop_in_the_menu_and_are_saved_with_the_game() {
    let dir = temp_dir("clocks");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    command(
        &mut app,
        Command::Clocks(Clocks::new(Some(TimeControl::minutes(5, 3)))),
    );
    click(&mut app, "e2");
    click(&mut app, "e4");
    let saved = app
        .world()
        .resource::<Autosave>()
        .0
        .clone()
        .expect("autosaved");
    assert_eq!(saved.clocks.control, Some(TimeControl::minutes(5, 3)));
    command(&mut app, Command::Menu);
    let in_menu = clocks(&app);
    settle(&mut app);
    assert_eq!(clocks(&app), in_menu, "nothing runs under the menu");
}
