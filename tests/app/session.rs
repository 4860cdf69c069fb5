//! The session: screens change only when they differ, the board is never torn down under a
//! running animation, resources change only on a real change, and a misclick keeps the turn.

use crate::support::*;
use oddboard::app::board::layout::Square;
use oddboard::app::motion::timeline::Clips;
use oddboard::app::shared::game::{Flipped, Hint};
use oddboard::app::shared::pointer::TextEntry;
use oddboard::app::shared::screen::Screen;
use oddboard::app::shared::settings::{BoardTheme, Settings};
use oddboard::app::shared::storage::Storage;
use oddboard::app::shared::turn_builder::{Choice, Part};

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn redo_glides_the_turn_again_without_rebuilding_the_board() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    command(&mut app, Command::Undo);
    let pawn = piece_entity(&mut app, "e2");
    let squares = square_entities(&mut app);
    app.world_mut().write_message(Command::Redo);
    app.update();
    app.update();
    assert_eq!(piece_entity(&mut app, "e4"), pawn, "the same Pawn moves");
    assert!(
        app.world().get::<Clips>(pawn).is_some(),
        "and is gliding, not cut off"
    );
    assert_eq!(square_entities(&mut app), squares, "the board stays");
    assert_eq!(screen(&app), Screen::Playing);
}

#[test]
fn the_mating_move_is_not_cut_off_by_the_game_over_screen() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    for (from, to) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let queen = piece_entity(&mut app, "d8");
    let squares = square_entities(&mut app);
    click(&mut app, "d8");
    app.world_mut()
        .write_message(oddboard::app::shared::messages::SquareClicked(
            oddboard::rules::Loc::parse("h4").expect("square"),
        ));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(piece_entity(&mut app, "h4"), queen);
    assert!(app.world().get::<Clips>(queen).is_some(), "still gliding");
    assert_eq!(square_entities(&mut app), squares, "the board stays");
}

#[test]
fn resigning_and_undoing_keep_the_board_entities() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click_move_animated(&mut app, "e2", "e4");
    let squares = square_entities(&mut app);
    command(&mut app, Command::Resign);
    command(&mut app, Command::Confirm);
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(game(&app).outcome().is_some());
    assert_eq!(
        square_entities(&mut app),
        squares,
        "no teardown on resigning"
    );
    command(&mut app, Command::Undo);
    assert_eq!(
        screen(&app),
        Screen::Playing,
        "the resignation is taken back"
    );
    assert!(game(&app).outcome().is_none());
}

#[test]
fn the_board_is_not_rebuilt_under_the_menu() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    command(&mut app, Command::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(square_entities(&mut app).is_empty(), "the board left");
    let edited = Settings {
        show_coordinates: false,
        ..Settings::default()
    };
    app.world_mut().write_message(Storage::Settings(edited));
    settle(&mut app);
    assert!(
        square_entities(&mut app).is_empty(),
        "a change of settings in the menu draws no board"
    );
}

#[test]
fn settings_given_unchanged_are_not_marked_changed() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let squares = square_entities(&mut app);
    app.world_mut()
        .write_message(Storage::Settings(Settings::default()));
    settle(&mut app);
    assert_eq!(
        square_entities(&mut app),
        squares,
        "the same settings redraw nothing"
    );
}

#[test]
fn shortcuts_stand_aside_while_a_text_box_has_the_keyboard() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    app.world_mut().insert_resource(TextEntry(true));
    press(&mut app, KeyCode::KeyF, false);
    press(&mut app, KeyCode::ArrowLeft, false);
    press(&mut app, KeyCode::KeyZ, true);
    assert!(!app.world().resource::<Flipped>().0, "F typed, no flip");
    assert_eq!(game(&app).turn_texts(), ["e2e4"], "no undo");
    assert_eq!(
        app.world()
            .resource::<oddboard::app::shared::game::Viewing>()
            .ply,
        None,
        "no browsing"
    );
    app.world_mut().insert_resource(TextEntry(false));
    press(&mut app, KeyCode::KeyF, false);
    assert!(app.world().resource::<Flipped>().0, "F flips again");
}

#[test]
fn a_misclick_while_choosing_a_slide_keeps_the_turn() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    click(&mut app, "b2");
    click(&mut app, "b3");
    assert_eq!(question(&app), Some(Part::Slide));
    let candidates = app.world().resource::<Builder>().0.candidates().len();
    click(&mut app, "e1");
    assert_eq!(
        question(&app),
        Some(Part::Slide),
        "still choosing the slide"
    );
    assert_eq!(
        app.world().resource::<Builder>().0.candidates().len(),
        candidates
    );
    assert!(
        app.world().resource::<Hint>().0.is_some(),
        "the miss is explained"
    );
    click(&mut app, "a3");
    click(&mut app, "a2");
    assert_eq!(game(&app).turn_texts(), ["b2b3,~a3a2"]);
    assert!(app.world().resource::<Hint>().0.is_none());
}

#[test]
fn a_misclick_while_choosing_a_removal_keeps_the_turn() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(FEN));
    click(&mut app, "c5");
    click(&mut app, "c3");
    assert_eq!(question(&app), Some(Part::Removal));
    click(&mut app, "e1");
    assert_eq!(question(&app), Some(Part::Removal), "the turn is kept");
    choose(&mut app, Choice::Removal(None));
    assert_eq!(question(&app), Some(Part::Removal), "not a choice here");
    click(&mut app, "c2");
    assert_eq!(game(&app).turn_texts(), ["c5c3xc2"]);
}

/// The game panel's Settings tab sends the same request as the menu's: during a game the
/// change applies at once (the board repaints in the new theme, the marks follow the new
/// choice), the game goes on untouched, and the settings are kept for the next start.
#[test]
fn settings_changed_during_a_game_apply_at_once_and_are_kept() {
    let dir = temp_dir("settings-in-game");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    let before = fen(&app);
    let edited = Settings {
        theme: BoardTheme::Slate,
        show_legal_moves: false,
        ..Settings::default()
    };
    app.world_mut()
        .write_message(Storage::Settings(edited.clone()));
    settle(&mut app);
    assert_eq!(*app.world().resource::<Settings>(), edited);
    assert_eq!(fen(&app), before, "the game goes on untouched");
    let world = app.world_mut();
    let colours: Vec<Color> = world
        .query::<(&Square, &Sprite)>()
        .iter(world)
        .map(|(_, sprite)| sprite.color)
        .collect();
    assert!(
        colours
            .iter()
            .all(|c| BoardTheme::Slate.squares().contains(c)),
        "the board is repainted in slate"
    );
    let next = app_with_data(&dir);
    assert_eq!(*next.world().resource::<Settings>(), edited, "kept");
}
