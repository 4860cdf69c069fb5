//! What the manual (docs/playing.md) promises a player: drag and drop, the keyboard shortcuts, right-click to
//! cancel, browsing the move list, redo, resign and draw and game over, the moves of the piece
//! under the pointer, and the board turning to the player to move.

use crate::support::*;
use bevy::camera::NormalizedRenderTarget;
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use oddboard::app::board::markers::Marker;
use oddboard::app::board::sketch::{SketchMark, Sketches};
use oddboard::app::shared::game::{Flipped, Hint, Pending, Viewing};
use oddboard::app::shared::screen::Screen;
use oddboard::app::shared::settings::Settings;
use oddboard::app::shared::storage::Storage;
use oddboard::app::shared::turn_builder::Part;
use oddboard::rules::{Loc, Verdict};
use std::collections::HashSet;

const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";

fn viewing(app: &App) -> Option<usize> {
    app.world().resource::<Viewing>().ply
}

fn e4_e5(app: &mut App) {
    click(app, "e2");
    click(app, "e4");
    click(app, "e7");
    click(app, "e5");
    assert_eq!(fen(app), AFTER_E4_E5);
}

/// As on lichess, the button going down is the click: a press picks the Pawn and a press on
/// its target plays it, with no release seen (bevy_picking loses the release when the pointer
/// arrives, presses and releases within one frame).
#[test]
fn a_press_picks_a_piece_and_a_press_on_its_target_plays_it() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    button_down(&mut app, "e2", PointerButton::Primary);
    settle(&mut app);
    assert_eq!(question(&app), Some(Part::To));
    button_down(&mut app, "e4", PointerButton::Primary);
    settle(&mut app);
    assert_eq!(game(&app).turn_texts(), ["e2e4"]);
}

#[test]
fn a_piece_dragged_and_dropped_moves_and_keeps_its_entity() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let knight = piece_entity(&mut app, "g1");
    drag(&mut app, "g1", "f3");
    assert_eq!(game(&app).turn_texts(), ["g1f3"]);
    assert_eq!(piece_entity(&mut app, "f3"), knight);
    assert_view_matches_game(&mut app);
}

#[test]
fn a_piece_dropped_where_it_cannot_go_goes_back() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    drag(&mut app, "g1", "g3");
    assert!(game(&app).turns().is_empty());
    let knight = piece_entity(&mut app, "g1");
    let at = app
        .world()
        .get::<Transform>(knight)
        .expect("drawn")
        .translation;
    let layout = *app
        .world()
        .resource::<oddboard::app::board::layout::BoardLayout>();
    assert_eq!(
        at.truncate(),
        layout.world(Loc::parse("g1").expect("square"))
    );
}

#[test]
fn right_click_cancels_the_turn_in_progress() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    assert_eq!(question(&app), Some(Part::To));
    click_with(&mut app, "h5", PointerButton::Secondary);
    assert_eq!(question(&app), Some(Part::From));
}

#[test]
fn escape_cancels_the_turn_in_progress() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    press(&mut app, KeyCode::Escape, false);
    assert_eq!(question(&app), Some(Part::From));
    click(&mut app, "e4");
    assert!(game(&app).turns().is_empty(), "e4 is no piece of White's");
}

#[test]
fn ctrl_z_undoes_and_ctrl_y_redoes() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    e4_e5(&mut app);
    press(&mut app, KeyCode::KeyZ, true);
    assert_eq!(game(&app).turn_texts(), ["e2e4"]);
    assert_view_matches_game(&mut app);
    press(&mut app, KeyCode::KeyY, true);
    assert_eq!(fen(&app), AFTER_E4_E5);
    assert_view_matches_game(&mut app);
}

#[test]
fn f_flips_the_board() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    press(&mut app, KeyCode::KeyF, false);
    assert!(app.world().resource::<Flipped>().0);
    let layout = *app
        .world()
        .resource::<oddboard::app::board::layout::BoardLayout>();
    let e1 = layout.world(Loc::parse("e1").expect("square"));
    assert!(e1.y > 0.0, "the first rank is drawn at the top");
}

#[test]
fn the_arrows_home_and_end_browse_the_moves() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    e4_e5(&mut app);
    press(&mut app, KeyCode::ArrowLeft, false);
    assert_eq!(viewing(&app), Some(1));
    let after_e4: HashSet<Loc> = game(&app)
        .position_at(1)
        .expect("ply 1")
        .board
        .pieces()
        .map(|(at, _)| at)
        .collect();
    let shown: HashSet<Loc> = shown_pieces(&mut app).into_keys().collect();
    assert_eq!(shown, after_e4, "the board shows the position after 1.e4");
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert_eq!(
        game(&app).turns().len(),
        2,
        "no turn is played while looking back"
    );
    press(&mut app, KeyCode::Home, false);
    assert_eq!(viewing(&app), Some(0));
    press(&mut app, KeyCode::ArrowRight, false);
    assert_eq!(viewing(&app), Some(1));
    press(&mut app, KeyCode::End, false);
    assert_eq!(viewing(&app), None);
    assert_view_matches_game(&mut app);
}

#[test]
fn a_move_in_the_list_shows_its_position() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    e4_e5(&mut app);
    command(&mut app, Command::View(Some(1)));
    assert_eq!(viewing(&app), Some(1));
    assert_eq!(shown_pieces(&mut app).len(), 32);
    assert!(
        !shown_pieces(&mut app).contains_key(&Loc::parse("e5").expect("square")),
        "Black's Pawn is still on e7 after 1.e4"
    );
    command(&mut app, Command::View(None));
    assert_view_matches_game(&mut app);
}

#[test]
fn checkmate_ends_the_game_on_the_board() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    for (from, to) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let outcome = game(&app).outcome().expect("mate");
    assert_eq!(outcome.verdict, Verdict::BlackWins);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
    assert_view_matches_game(&mut app);
    click(&mut app, "e2");
    assert_eq!(question(&app), Some(Part::From), "nothing more to play");
}

#[test]
fn resigning_asks_to_confirm_naming_the_side_and_gives_the_game_to_the_other() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    command(&mut app, Command::Resign);
    assert!(
        game(&app).outcome().is_none(),
        "nothing happens before confirming"
    );
    let asked = app.world().resource::<Pending>().0.expect("asked");
    assert_eq!(asked.question(game(&app)), "Resign the game for White?");
    command(&mut app, Command::Confirm);
    let outcome = game(&app).outcome().expect("over");
    assert_eq!(outcome.verdict, Verdict::BlackWins, "White resigned");
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
}

#[test]
fn a_draw_by_agreement_is_confirmed_then_ends_the_game() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    e4_e5(&mut app);
    command(&mut app, Command::AgreeDraw);
    assert!(game(&app).outcome().is_none(), "asked first");
    command(&mut app, Command::Confirm);
    assert_eq!(game(&app).outcome().expect("over").verdict, Verdict::Draw);
    command(&mut app, Command::Resign);
    command(&mut app, Command::Confirm);
    assert_eq!(
        game(&app).outcome().expect("over").verdict,
        Verdict::Draw,
        "a finished game cannot be resigned"
    );
}

#[test]
fn a_resignation_asked_then_dropped_by_a_click_or_cancel_does_nothing() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    command(&mut app, Command::Resign);
    click(&mut app, "e2");
    command(&mut app, Command::Confirm);
    assert!(
        game(&app).outcome().is_none(),
        "the click dropped the question"
    );
    command(&mut app, Command::AgreeDraw);
    command(&mut app, Command::CancelTurn);
    command(&mut app, Command::Confirm);
    assert!(
        game(&app).outcome().is_none(),
        "cancel dropped the question"
    );
}

#[test]
fn a_quick_ctrl_z_chord_in_one_frame_undoes_and_ctrl_y_redoes() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    e4_e5(&mut app);
    for key_code in [KeyCode::KeyZ, KeyCode::KeyY] {
        key(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
        key(&mut app, key_code, ButtonState::Pressed);
        key(&mut app, key_code, ButtonState::Released);
        key(&mut app, KeyCode::ControlLeft, ButtonState::Released);
        settle(&mut app);
        let played = game(&app).turns().len();
        assert_eq!(played, if key_code == KeyCode::KeyZ { 1 } else { 2 });
    }
    press(&mut app, KeyCode::KeyZ, false);
    assert_eq!(game(&app).turns().len(), 2, "Z alone does nothing");
}

#[test]
fn clicking_the_opponents_piece_says_whose_move_it_is() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e7");
    assert_eq!(hint(&app).as_deref(), Some("White to move."));
    click(&mut app, "e2");
    assert_eq!(hint(&app), None, "a good click clears the hint");
    click(&mut app, "e7");
    assert_eq!(hint(&app).as_deref(), Some("White to move."));
}

#[test]
fn clicking_a_piece_without_a_move_says_so() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "a1");
    assert_eq!(
        hint(&app).as_deref(),
        Some("The Rook on a1 has no legal move.")
    );
}

#[test]
fn a_refused_piece_shakes_and_comes_to_rest_on_its_square() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let pawn = piece_entity(&mut app, "e7");
    app.world_mut()
        .write_message(oddboard::app::shared::messages::SquareClicked(sq("e7")));
    app.update();
    app.update();
    app.update();
    let layout = *app
        .world()
        .resource::<oddboard::app::board::layout::BoardLayout>();
    let at = app
        .world()
        .get::<Transform>(pawn)
        .expect("drawn")
        .translation;
    assert_ne!(at.truncate(), layout.world(sq("e7")), "shaking");
    settle(&mut app);
    let at = app
        .world()
        .get::<Transform>(pawn)
        .expect("drawn")
        .translation;
    assert_eq!(at.truncate(), layout.world(sq("e7")), "at rest");
}

#[test]
fn clicking_the_board_while_looking_back_says_how_to_return() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    e4_e5(&mut app);
    command(&mut app, Command::View(Some(0)));
    click(&mut app, "d2");
    assert!(hint(&app).expect("explained").contains("earlier position"));
    assert_eq!(question(&app), Some(Part::From), "nothing picked");
}

fn hint(app: &App) -> Option<String> {
    app.world().resource::<Hint>().0.clone()
}

fn sq(square: &str) -> Loc {
    Loc::parse(square).expect("square")
}

#[test]
fn pointing_at_a_piece_marks_where_it_can_go() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let over = Over { hit: hit() };
    pointer_event(&mut app, "g1", over);
    settle(&mut app);
    let squares: HashSet<Loc> = ["f3", "h3"]
        .iter()
        .map(|s| Loc::parse(s).expect("square"))
        .collect();
    assert_eq!(marked(&mut app, Marker::Reach), squares);
    let out = Out { hit: hit() };
    pointer_event(&mut app, "g1", out);
    settle(&mut app);
    assert!(marked(&mut app, Marker::Reach).is_empty());
}

#[test]
fn the_board_turns_to_the_player_to_move_when_asked() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let auto = Settings {
        auto_flip: true,
        ..Settings::default()
    };
    app.world_mut().write_message(Storage::Settings(auto));
    settle(&mut app);
    click(&mut app, "e2");
    click(&mut app, "e4");
    settle(&mut app);
    assert!(app.world().resource::<Flipped>().0, "Black to move: turned");
    click(&mut app, "e7");
    click(&mut app, "e5");
    settle(&mut app);
    assert!(!app.world().resource::<Flipped>().0, "White to move again");
}

#[test]
fn a_right_click_rings_a_square_and_a_second_one_wipes_the_ring() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click_with(&mut app, "e4", PointerButton::Secondary);
    assert_eq!(sketches(&app).rings, [sq("e4")]);
    assert_eq!(sketch_marks(&mut app), 1);
    click_with(&mut app, "e4", PointerButton::Secondary);
    assert!(sketches(&app).rings.is_empty());
    assert_eq!(sketch_marks(&mut app), 0);
}

#[test]
fn a_right_drag_draws_an_arrow_and_a_left_click_wipes_every_sketch() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    right_drag(&mut app, "g1", "f3");
    click_with(&mut app, "d5", PointerButton::Secondary);
    assert_eq!(sketches(&app).arrows, [(sq("g1"), sq("f3"))]);
    assert_eq!(sketch_marks(&mut app), 3, "a shaft, a head and a ring");
    click(&mut app, "a4");
    assert_eq!(sketches(&app), Sketches::default());
    assert_eq!(sketch_marks(&mut app), 0);
}

#[test]
fn a_right_click_during_a_turn_cancels_it_and_draws_nothing() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click_with(&mut app, "e4", PointerButton::Secondary);
    assert_eq!(question(&app), Some(Part::From));
    assert!(sketches(&app).rings.is_empty());
}

#[test]
fn a_turn_played_wipes_the_sketches() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    right_drag(&mut app, "e2", "e4");
    assert_eq!(sketches(&app).arrows.len(), 1);
    drag(&mut app, "e2", "e4");
    assert_eq!(sketches(&app), Sketches::default());
}

#[test]
fn a_right_click_rings_its_square_though_the_pointer_is_over_other_things_too() {
    // The window reports a press to every entity under the pointer (the square, a piece, the
    // board's background); only the square's counts.
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let elsewhere = app.world_mut().spawn_empty().id();
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 800,
            height: 600,
        },
        position: Vec2::ZERO,
    };
    button_down(&mut app, "e4", PointerButton::Secondary);
    let press = Press {
        button: PointerButton::Secondary,
        hit: hit(),
        count: 1,
    };
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        location.clone(),
        press,
        elsewhere,
    ));
    button_up(&mut app, "e4", PointerButton::Secondary);
    let release = Release {
        button: PointerButton::Secondary,
        hit: hit(),
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location, release, elsewhere));
    settle(&mut app);
    assert_eq!(sketches(&app).rings, [sq("e4")]);
}

fn sketches(app: &App) -> Sketches {
    app.world().resource::<Sketches>().clone()
}

fn sketch_marks(app: &mut App) -> usize {
    let world = app.world_mut();
    world.query::<&SketchMark>().iter(world).count()
}

#[test]
fn looking_back_drops_the_hint_of_the_live_position() {
    // Amphora: after d7-d8 the player is asked which piece to take; a click elsewhere is
    // explained, and the explanation goes once an earlier position is shown.
    const FEN: &str = "*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w Gg 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    click(&mut app, "d7");
    click(&mut app, "d8");
    click(&mut app, "a4");
    assert!(hint(&app).is_some(), "the misclick is explained");
    command(&mut app, Command::View(Some(0)));
    assert_eq!(hint(&app), None);
}
