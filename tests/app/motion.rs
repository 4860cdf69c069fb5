//! Motion on a manual clock: every kind of turn plays out on the timeline — it starts, it
//! moves, and it ends with every entity where the game says, none left behind, none missing —
//! and the app asks for frames exactly while something moves.

use crate::support::*;
use bevy::picking::pointer::PointerButton;
use bevy::window::RequestRedraw;
use oddboard::app::board::layout::Previewed;
use oddboard::app::board::layout::{BoardLayout, BoardPos, PieceView, Square};
use oddboard::app::motion::timeline::{Clips, Ephemeral, Timeline};
use oddboard::app::shared::turn_builder::{Choice, Part};
use oddboard::rules::{Kind, Piece, Side};

fn running(app: &App) -> bool {
    app.world().resource::<Timeline>().running()
}

fn redraws_asked(app: &App) -> usize {
    app.world()
        .resource::<Messages<RequestRedraw>>()
        .iter_current_update_messages()
        .count()
}

/// The poses of every clipped entity.
fn poses(app: &mut App) -> Vec<(Entity, Transform)> {
    let world = app.world_mut();
    let mut poses: Vec<(Entity, Transform)> = world
        .query_filtered::<(Entity, &Transform), With<Clips>>()
        .iter(world)
        .map(|(e, t)| (e, *t))
        .collect();
    poses.sort_by_key(|(e, _)| *e);
    poses
}

/// Sends the last click of a turn on `square`, then watches the turn play out: it starts on
/// the next frame, moves, asks for a frame every frame it runs, and ends settled.
fn play_out(app: &mut App, square: &str) {
    press_on(app, square, PointerButton::Primary);
    app.update();
    assert!(running(app), "the turn starts playing out");
    let first = poses(app);
    assert!(!first.is_empty(), "something moves");
    app.update();
    app.update();
    assert_ne!(poses(app), first, "and it progresses");
    let mut frames = 0;
    while running(app) {
        assert!(redraws_asked(app) > 0, "a frame is asked while it runs");
        app.update();
        frames += 1;
        assert!(frames < 200, "the timeline ends");
    }
    app.update();
    app.update();
    assert_eq!(redraws_asked(app), 0, "no frame is asked once all is still");
    assert_settled(app);
}

/// Every entity stands where the game says, at rest: nothing clipped, no effect left behind,
/// no piece missing or extra.
fn assert_settled(app: &mut App) {
    let layout = *app.world().resource::<BoardLayout>();
    let world = app.world_mut();
    assert_eq!(
        world.query::<&Clips>().iter(world).count(),
        0,
        "no clip left"
    );
    assert_eq!(
        world.query::<&Ephemeral>().iter(world).count(),
        0,
        "no vanished piece or effect left"
    );
    let drawn = world.query::<&PieceView>().iter(world).count();
    for (pos, transform, sprite) in world
        .query_filtered::<(&BoardPos, &Transform, &Sprite), With<PieceView>>()
        .iter(world)
    {
        let at = layout.world(pos.0);
        assert!(
            transform.translation.truncate().distance(at) < 0.01,
            "the piece on {} stands on it",
            pos.0
        );
        assert_eq!(transform.scale, Vec3::ONE, "at its size");
        assert_eq!(sprite.color.alpha(), 1.0, "fully drawn");
    }
    for (square, transform) in world.query::<(&Square, &Transform)>().iter(world) {
        let at = layout.world(square.loc);
        assert!(
            transform.translation.truncate().distance(at) < 0.01,
            "the square of {} lies there",
            square.loc
        );
    }
    assert_eq!(
        drawn,
        game(app).position().board.pieces().count(),
        "one entity per piece"
    );
    assert_view_matches_game(app);
}

#[test]
fn a_replacement_capture_plays_out_and_settles() {
    let mut app = app();
    start(
        &mut app,
        "chess",
        &[],
        Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"),
    );
    click(&mut app, "e4");
    play_out(&mut app, "d5");
    assert_eq!(game(&app).turn_texts(), ["e4d5"]);
}

#[test]
fn en_passant_plays_out_and_settles() {
    let mut app = app();
    start(
        &mut app,
        "chess",
        &[],
        Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
    );
    click(&mut app, "e5");
    play_out(&mut app, "d6");
    assert_eq!(game(&app).position().board.pieces().count(), 3);
}

#[test]
fn an_interception_plays_out_and_settles() {
    let mut app = app();
    start(
        &mut app,
        "amphora",
        &[],
        Some("*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1"),
    );
    click(&mut app, "e2");
    play_out(&mut app, "e3");
    assert_eq!(game(&app).turn_texts(), ["e2e3"]);
}

#[test]
fn telekinesis_plays_out_and_settles() {
    let mut app = app();
    start(
        &mut app,
        "amphora",
        &[],
        Some("*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w Gg 00 0 1"),
    );
    click(&mut app, "d7");
    click(&mut app, "d8");
    assert_eq!(question(&app), Some(Part::Removal));
    play_out(&mut app, "d4");
    assert_eq!(game(&app).turn_texts(), ["d7d8xd4"]);
}

#[test]
fn approach_and_withdrawal_play_out_and_settle() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    for (victim, text) in [("c2", "c5c3xc2"), ("c6", "c5c3xc6")] {
        let mut app = app();
        start(&mut app, "fanorona-chess", &[], Some(FEN));
        click(&mut app, "c5");
        click(&mut app, "c3");
        play_out(&mut app, victim);
        assert_eq!(game(&app).turn_texts(), [text]);
    }
}

#[test]
fn taking_ones_own_piece_plays_out_and_settles() {
    let mut app = app();
    start(
        &mut app,
        "pawns-to-kings",
        &[],
        Some("8/8/8/3np3/3S1p2/2N5/8/8 w 0 15"),
    );
    click(&mut app, "d4");
    play_out(&mut app, "c3");
    assert_eq!(game(&app).turn_texts(), ["d4c3"]);
}

#[test]
fn a_slide_of_an_empty_square_plays_out_and_settles() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    click(&mut app, "b2");
    click(&mut app, "b3");
    click(&mut app, "a3");
    play_out(&mut app, "a2");
    assert_eq!(game(&app).turn_texts(), ["b2b3,~a3a2"]);
}

#[test]
fn a_slide_carrying_a_piece_plays_out_and_settles() {
    let mut app = app();
    start(&mut app, "amoeba", &["occupied-slide"], None);
    let rook = piece_entity(&mut app, "b1");
    click(&mut app, "c1");
    click(&mut app, "b3");
    click(&mut app, "b1");
    play_out(&mut app, "a1");
    assert_eq!(game(&app).turn_texts(), ["c1b3,~b1a1"]);
    assert_eq!(
        piece_entity(&mut app, "a1"),
        rook,
        "the Rook rode its square"
    );
}

#[test]
fn a_promotion_plays_out_and_settles() {
    let mut app = app();
    start(
        &mut app,
        "chess",
        &[],
        Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"),
    );
    click(&mut app, "b7");
    click(&mut app, "b8");
    let pawn = piece_entity(&mut app, "b7");
    app.world_mut()
        .write_message(Command::Choose(Choice::Promotion(Some(Piece::new(
            Kind::Knight,
            Side::White,
        )))));
    app.update();
    assert!(running(&app), "the promotion plays out");
    settle(&mut app);
    assert_settled(&mut app);
    assert_eq!(
        piece_entity(&mut app, "b8"),
        pawn,
        "the Pawn itself became a Knight"
    );
}

#[test]
fn an_undo_plays_the_capture_backwards_and_settles() {
    let mut app = app();
    start(
        &mut app,
        "chess",
        &[],
        Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"),
    );
    click(&mut app, "e4");
    click(&mut app, "d5");
    let pawn = piece_entity(&mut app, "d5");
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert!(running(&app), "the undo plays out");
    settle(&mut app);
    assert_settled(&mut app);
    assert_eq!(
        piece_entity(&mut app, "e4"),
        pawn,
        "the same Pawn went back"
    );
    assert_eq!(shown_pieces(&mut app).len(), 4, "the taken Pawn is back");
}

#[test]
fn stepping_back_through_the_moves_plays_them_backwards() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    let pawn = piece_entity(&mut app, "e4");
    let squares = square_entities(&mut app);
    press(&mut app, KeyCode::ArrowLeft, false);
    assert_eq!(
        piece_entity(&mut app, "e2"),
        pawn,
        "animated back, not redrawn"
    );
    assert_eq!(square_entities(&mut app), squares);
    press(&mut app, KeyCode::ArrowRight, false);
    assert_eq!(piece_entity(&mut app, "e4"), pawn);
    assert_settled(&mut app);
}

#[test]
fn a_click_during_a_turn_completes_it_at_once() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    press_on(&mut app, "e4", PointerButton::Primary);
    app.update();
    assert!(running(&app));
    press_on(&mut app, "e7", PointerButton::Primary);
    app.update();
    assert!(!running(&app), "the click completed the turn's motion");
    assert_eq!(
        question(&app),
        Some(Part::To),
        "and then picked Black's Pawn"
    );
}

#[test]
fn the_turn_in_progress_stands_on_the_board_and_cancelling_puts_it_back() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    let layout = *app.world().resource::<BoardLayout>();
    let pawn = piece_entity(&mut app, "b2");
    click(&mut app, "b2");
    click(&mut app, "b3");
    assert_eq!(question(&app), Some(Part::Slide));
    let drawn_at = app
        .world()
        .get::<Transform>(pawn)
        .expect("drawn")
        .translation;
    let b3 = layout.world(oddboard::rules::Loc::parse("b3").expect("square"));
    assert!(
        drawn_at.truncate().distance(b3) < 0.01,
        "the Pawn stands on b3"
    );
    assert!(app.world().get::<Previewed>(pawn).is_some());
    press(&mut app, KeyCode::Escape, false);
    let back = app
        .world()
        .get::<Transform>(pawn)
        .expect("drawn")
        .translation;
    let b2 = layout.world(oddboard::rules::Loc::parse("b2").expect("square"));
    assert!(back.truncate().distance(b2) < 0.01, "cancelled: back on b2");
    assert_settled(&mut app);
}

#[test]
fn animation_off_stands_every_turn_at_once() {
    let mut app = app();
    start(
        &mut app,
        "chess",
        &[],
        Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"),
    );
    let off = oddboard::app::shared::settings::Settings {
        speed: oddboard::app::shared::settings::AnimationSpeed::Off,
        ..Default::default()
    };
    app.world_mut()
        .write_message(oddboard::app::shared::storage::Storage::Settings(off));
    settle(&mut app);
    click(&mut app, "e4");
    press_on(&mut app, "d5", PointerButton::Primary);
    app.update();
    app.update();
    assert!(!running(&app));
    assert_settled(&mut app);
}

#[test]
fn the_key_that_starts_an_undo_does_not_cut_it_short() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    key(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    key(&mut app, KeyCode::KeyZ, ButtonState::Pressed);
    app.update();
    app.update();
    app.update();
    assert!(running(&app), "Ctrl+Z's undo still plays out");
    settle(&mut app);
    assert_settled(&mut app);
}
