//! Playing by keyboard alone: Tab gives the board a cursor, on a piece of the side to move, the
//! arrows move it over the board's locations, Space and Enter pick and drop (and a turn played
//! leaves no stale piece help on its square); `/` opens the move box, whose typed turn narrows
//! the turn being built until one is left; every turn and cursor move is said aloud.

use crate::support::*;
use bevy::input::keyboard::{Key, KeyboardInput};
use oddboard::app::shared::messages::Command;
use oddboard::app::shared::pointer::{BoardCursor, Hovered, MoveEntry};
use oddboard::app::shared::speech::Spoken;
use oddboard::app::shared::turn_builder::Part;
use oddboard::rules::{Loc, Turn, Typed};

fn cursor(app: &App) -> BoardCursor {
    *app.world().resource::<BoardCursor>()
}

fn at(square: &str) -> Option<Loc> {
    Some(Loc::parse(square).expect("a square"))
}

fn spoken(app: &App) -> String {
    app.world().resource::<Spoken>().0.clone()
}

/// Types `text` into the move box's reading as the box does, and sends what it names.
fn typed(app: &mut App, text: &str) {
    let game = game(app).clone();
    let among = app.world().resource::<Builder>().0.candidates().to_vec();
    let turns: Vec<Turn> = match game.variant().read_typed(game.position(), &among, text) {
        Typed::Turn(turn) => vec![turn],
        Typed::Candidates(turns) => turns,
        Typed::Refused(why) => panic!("{text}: {why}"),
    };
    command(app, Command::Narrow(turns));
}

#[test]
fn tab_shows_the_cursor_and_the_arrows_move_it_over_the_board() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    assert!(!cursor(&app).shown, "no cursor until Tab");
    press(&mut app, KeyCode::Tab, false);
    assert_eq!(
        cursor(&app),
        BoardCursor {
            shown: true,
            at: at("e1")
        },
        "on the King of the side to move"
    );
    press(&mut app, KeyCode::ArrowUp, false);
    press(&mut app, KeyCode::ArrowLeft, false);
    press(&mut app, KeyCode::ArrowRight, false);
    assert_eq!(cursor(&app).at, at("e2"));
    assert_eq!(spoken(&app), "e2, White Pawn");
    press(&mut app, KeyCode::ArrowDown, false);
    press(&mut app, KeyCode::ArrowDown, false);
    assert_eq!(cursor(&app).at, at("e1"), "the board's edge stops it");
    press(&mut app, KeyCode::Tab, false);
    assert!(!cursor(&app).shown, "Tab again hands the keyboard on");
}

#[test]
fn space_picks_and_enter_drops_as_clicks_do() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    press(&mut app, KeyCode::Tab, false);
    press(&mut app, KeyCode::ArrowUp, false);
    press(&mut app, KeyCode::Space, false);
    assert_eq!(question(&app), Some(Part::To), "e2's Pawn is picked");
    press(&mut app, KeyCode::ArrowUp, false);
    press(&mut app, KeyCode::ArrowUp, false);
    press(&mut app, KeyCode::Enter, false);
    assert_eq!(
        fen(&app),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(spoken(&app), "White Pawn e2 to e4");
}

/// Plays `turns` (pairs of squares) by clicks.
fn clicked(app: &mut App, turns: &[(&str, &str)]) {
    for (from, to) in turns {
        click(app, from);
        click(app, to);
    }
}

#[test]
fn the_cursor_starts_on_the_piece_the_side_to_move_moved_last_else_its_king() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    clicked(&mut app, &[("e2", "e4")]);
    press(&mut app, KeyCode::Tab, false);
    assert_eq!(
        cursor(&app).at,
        at("e8"),
        "Black to move, nothing moved yet"
    );
    press(&mut app, KeyCode::ArrowLeft, false);
    assert_eq!(cursor(&app).at, at("d8"));
    press(&mut app, KeyCode::Tab, false);
    press(&mut app, KeyCode::Tab, false);
    assert_eq!(cursor(&app).at, at("d8"), "back from the panel, it is kept");
    press(&mut app, KeyCode::Tab, false);
    clicked(&mut app, &[("d7", "d5"), ("g1", "f3")]);
    press(&mut app, KeyCode::Tab, false);
    assert_eq!(cursor(&app).at, at("d5"), "Black's Pawn moved last");
    press(&mut app, KeyCode::Tab, false);
    clicked(&mut app, &[("c7", "c6"), ("e4", "d5"), ("c6", "d5")]);
    press(&mut app, KeyCode::Tab, false);
    assert_eq!(
        cursor(&app).at,
        at("e1"),
        "White's Pawn that moved last is taken: its King"
    );
}

#[test]
fn a_turn_played_with_the_cursor_leaves_no_stale_line_about_its_square() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    clicked(&mut app, &[("e2", "e4")]);
    press(&mut app, KeyCode::Tab, false);
    let hovered = |app: &App| app.world().resource::<Hovered>().0;
    press(&mut app, KeyCode::ArrowLeft, false);
    press(&mut app, KeyCode::ArrowDown, false);
    assert_eq!(hovered(&app), at("d7"), "the piece help follows the cursor");
    press(&mut app, KeyCode::Space, false);
    press(&mut app, KeyCode::ArrowDown, false);
    press(&mut app, KeyCode::ArrowDown, false);
    press(&mut app, KeyCode::Enter, false);
    assert_eq!(game(&app).turns().len(), 2, "d7-d5 played");
    assert_eq!(
        hovered(&app),
        None,
        "nothing said of the Pawn that has just moved (not \"could not move\")"
    );
    press(&mut app, KeyCode::ArrowUp, false);
    assert_eq!(
        hovered(&app),
        at("d6"),
        "the help comes back as the cursor moves"
    );
}

#[test]
fn on_a_turned_board_the_arrows_still_point_along_the_screen() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    command(&mut app, Command::Flip);
    press(&mut app, KeyCode::Tab, false);
    assert_eq!(cursor(&app).at, at("e1"), "now at the top of the screen");
    press(&mut app, KeyCode::ArrowDown, false);
    assert_eq!(cursor(&app).at, at("e2"), "down the screen is up the ranks");
    press(&mut app, KeyCode::ArrowRight, false);
    assert_eq!(
        cursor(&app).at,
        at("d2"),
        "right on the screen is towards the a-file"
    );
}

#[test]
fn without_the_cursor_the_arrows_still_step_through_the_moves() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    press(&mut app, KeyCode::ArrowLeft, false);
    let viewing = *app
        .world()
        .resource::<oddboard::app::shared::game::Viewing>();
    assert_eq!(viewing.ply, Some(0));
}

/// Sends the key that types `text` (pressed and released), as a window does.
fn type_key(app: &mut App, key_code: KeyCode, text: &str) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: Key::Character(text.into()),
            state,
            text: Some(text.into()),
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
}

#[test]
fn slash_opens_the_move_box_and_what_follows_is_its_text_not_shortcuts() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    // All in one frame, before the box could take the keyboard: F would flip the board.
    type_key(&mut app, KeyCode::Slash, "/");
    type_key(&mut app, KeyCode::KeyN, "N");
    type_key(&mut app, KeyCode::KeyF, "f");
    type_key(&mut app, KeyCode::Digit3, "3");
    settle(&mut app);
    let entry = app.world().resource::<MoveEntry>().clone();
    assert_eq!(
        entry,
        MoveEntry {
            open: true,
            early: "Nf3".into()
        }
    );
    assert!(
        !app.world()
            .resource::<oddboard::app::shared::game::Flipped>()
            .0
    );
    press(&mut app, KeyCode::Escape, false);
    assert!(
        !app.world().resource::<MoveEntry>().open,
        "Escape closes it"
    );
}

#[test]
fn a_typed_turn_is_played_and_said() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    typed(&mut app, "Nf3");
    assert_eq!(
        fen(&app),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    );
    assert_eq!(spoken(&app), "White Knight g1 to f3");
}

#[test]
fn a_turn_typed_in_part_waits_for_the_rest_on_the_board() {
    // Fanorona Chess, Yellow (the first player) to move: the Rook going c5 to c3 withdraws from c6's Pawn and
    // approaches c2's, so "Rc3" leaves open which it takes; "xc2" then plays it.
    let fen_before = "4k/5/5/2p2/2R2/5/5/2p2/K4 w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(fen_before));
    typed(&mut app, "Rc3");
    assert_eq!(
        fen(&app),
        fen_before,
        "nothing is played while a part is open"
    );
    assert_eq!(question(&app), Some(Part::Removal));
    typed(&mut app, "xc2");
    assert_eq!(fen(&app), "4k/5/5/2p2/5/5/2R2/5/K4 b - - 0 1");
    assert_eq!(spoken(&app), "Yellow Rook c5 to c3, takes c2 by approach");
}

#[test]
fn the_cursor_passes_over_the_locations_outside_amphoras_jug() {
    // Amphora's first rank runs b1–f1, its second only c2–e2.
    let mut app = app();
    start(&mut app, "amphora", &[], None);
    press(&mut app, KeyCode::Tab, false);
    assert_eq!(cursor(&app).at, at("d1"));
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowLeft, false);
    }
    assert_eq!(
        cursor(&app).at,
        at("b1"),
        "a1 is outside the jug: b1 is the edge"
    );
    press(&mut app, KeyCode::ArrowUp, false);
    assert_eq!(
        cursor(&app).at,
        at("b3"),
        "b2 is outside the jug: up goes on to b3"
    );
}
