//! Headless tests of the game's systems: `MinimalPlugins` plus the game's own plugins, no
//! window. Each plays a whole turn through the same pointer events a click produces, then
//! checks both the `Game` resource and the board's entities.

#![cfg(feature = "game")]

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use oddboard::app::board::{BoardPos, Cell, PieceView};
use oddboard::app::session::{ActiveGame, Builder, Command};
use oddboard::app::turn_builder::{Choice, Part};
use oddboard::rules::{Game, GameRecord, Kind, Loc, Piece, Side, Variant};
use std::collections::HashMap;
use std::time::Duration;

/// A headless app with the game's plugins.
fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
        .add_plugins(oddboard::app::game_plugins);
    app.update();
    app
}

/// Starts `variant` from `fen` (the start when `None`).
fn start(app: &mut App, variant: &str, options: &[&str], fen: Option<&str>) {
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

/// Runs frames until animations are over.
fn settle(app: &mut App) {
    for _ in 0..5 {
        app.update();
    }
}

/// Clicks the location `square` as the pointer would: a `Pointer<Click>` on its cell.
fn click(app: &mut App, square: &str) {
    let loc = Loc::parse(square).expect("a square");
    let world = app.world_mut();
    let cell = world
        .query::<(Entity, &Cell)>()
        .iter(world)
        .find(|(_, c)| c.loc == loc)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no cell on {square}"));
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 800,
            height: 600,
        },
        position: Vec2::ZERO,
    };
    let event = Click {
        button: PointerButton::Primary,
        hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
        duration: Duration::from_millis(80),
        count: 1,
    };
    world.trigger(Pointer::new(PointerId::Mouse, location, event, cell));
    settle(app);
}

/// Answers the turn builder's question from the panel.
fn choose(app: &mut App, choice: Choice) {
    app.world_mut().write_message(Command::Choose(choice));
    settle(app);
}

fn game(app: &App) -> &Game {
    &app.world().resource::<ActiveGame>().0
}

fn question(app: &App) -> Option<Part> {
    app.world().resource::<Builder>().0.question()
}

/// The pieces the board's entities show, by square.
fn shown_pieces(app: &mut App) -> HashMap<Loc, Piece> {
    let world = app.world_mut();
    world
        .query::<(&PieceView, &BoardPos)>()
        .iter(world)
        .map(|(view, pos)| (pos.0, view.piece))
        .collect()
}

/// Asserts that the entities show exactly the game's position.
fn assert_view_matches_game(app: &mut App) {
    let expected: HashMap<Loc, Piece> = game(app).position().board.pieces().collect();
    assert_eq!(shown_pieces(app), expected);
}

fn fen(app: &App) -> String {
    let game = game(app);
    game.variant().fen(game.position())
}

#[test]
fn chess_pawn_move_by_two_clicks() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    assert_eq!(shown_pieces(&mut app).len(), 32);
    click(&mut app, "e2");
    assert_eq!(question(&app), Some(Part::To));
    click(&mut app, "e4");
    assert_eq!(
        fen(&app),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(
        shown_pieces(&mut app).get(&Loc::parse("e4").unwrap()),
        Some(&Piece::new(Kind::Pawn, Side::White))
    );
    assert_view_matches_game(&mut app);
}

#[test]
fn clicking_another_own_piece_picks_it_instead() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "g1");
    click(&mut app, "f3");
    assert_eq!(game(&app).turn_texts(), ["g1f3"]);
}

#[test]
fn fanorona_asks_approach_or_withdrawal() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(FEN));
    click(&mut app, "c5");
    click(&mut app, "c3");
    assert_eq!(question(&app), Some(Part::Removal));
    click(&mut app, "c2");
    assert_eq!(game(&app).turn_texts(), ["c5c3xc2"]);
    let pieces = shown_pieces(&mut app);
    assert_eq!(
        pieces.len(),
        4,
        "the Knight on c2 is gone, the Pawn on c6 stays"
    );
    assert!(!pieces.contains_key(&Loc::parse("c2").unwrap()));
    assert_view_matches_game(&mut app);
}

#[test]
fn fanorona_withdrawal_chosen_on_the_board() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(FEN));
    click(&mut app, "c5");
    click(&mut app, "c3");
    click(&mut app, "c6");
    assert_eq!(game(&app).turn_texts(), ["c5c3xc6"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn escape_cancels_the_turn_in_progress() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    app.world_mut().write_message(Command::CancelTurn);
    settle(&mut app);
    assert_eq!(question(&app), Some(Part::From));
    click(&mut app, "e4");
    assert!(game(&app).turns().is_empty(), "e4 is no piece of White's");
}

#[test]
fn undo_redraws_the_board() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    app.world_mut().write_message(Command::Undo);
    settle(&mut app);
    assert!(game(&app).turns().is_empty());
    assert_view_matches_game(&mut app);
}

#[test]
fn promotion_is_chosen_in_the_panel() {
    const FEN: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "b7");
    click(&mut app, "b8");
    assert_eq!(question(&app), Some(Part::Promotion));
    choose(
        &mut app,
        Choice::Promotion(Some(Piece::new(Kind::Knight, Side::White))),
    );
    assert_eq!(game(&app).turn_texts(), ["b7b8=N"]);
    assert_view_matches_game(&mut app);
}

/// The squares the board's entities draw.
fn shown_squares(app: &mut App) -> Vec<Loc> {
    let world = app.world_mut();
    let mut squares: Vec<Loc> = world
        .query::<&oddboard::app::board::Square>()
        .iter(world)
        .map(|s| s.loc)
        .collect();
    squares.sort();
    squares
}

#[test]
fn amphora_guard_placement_then_telekinesis_choice() {
    const FEN: &str = "*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w G+g 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    assert_eq!(question(&app), Some(Part::Placement));
    click(&mut app, "c1");
    assert_eq!(question(&app), Some(Part::From));
    click(&mut app, "d7");
    click(&mut app, "d8");
    assert_eq!(
        question(&app),
        Some(Part::Removal),
        "remove the Pawn on d4, or nothing"
    );
    click(&mut app, "d4");
    assert_eq!(game(&app).turn_texts(), ["G@c1,d7d8xd4"]);
    let pieces = shown_pieces(&mut app);
    assert_eq!(
        pieces.get(&Loc::parse("c1").unwrap()),
        Some(&Piece::new(Kind::Guard, Side::White))
    );
    assert!(!pieces.contains_key(&Loc::parse("d4").unwrap()));
    assert_view_matches_game(&mut app);
}

#[test]
fn amphora_telekinesis_declined_from_the_panel() {
    const FEN: &str = "*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w Gg 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    click(&mut app, "d7");
    click(&mut app, "d8");
    choose(&mut app, Choice::Removal(None));
    assert_eq!(game(&app).turn_texts(), ["d7d8"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn amoeba_move_then_slide() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    assert_eq!(shown_squares(&mut app).len(), 38);
    click(&mut app, "b2");
    click(&mut app, "b3");
    assert_eq!(question(&app), Some(Part::Slide));
    click(&mut app, "a3");
    click(&mut app, "a2");
    assert_eq!(game(&app).turn_texts(), ["b2b3,~a3a2"]);
    let squares = shown_squares(&mut app);
    assert_eq!(squares.len(), 38);
    assert!(squares.contains(&Loc::parse("a2").unwrap()));
    assert!(!squares.contains(&Loc::parse("a3").unwrap()));
    assert_view_matches_game(&mut app);
}

#[test]
fn amoeba_move_without_slide() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    click(&mut app, "b2");
    click(&mut app, "b3");
    choose(&mut app, Choice::Slide(None));
    assert_eq!(game(&app).turn_texts(), ["b2b3"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn every_variant_plays_a_turn_by_clicks() {
    for (variant, from, to) in [
        ("double-fanorona-chess", "e2", "e4"),
        ("american-chess", "a4", "a5"),
        ("pawns-to-kings", "a2", "b3"),
        ("fanorona-chess", "c1", "a2"),
    ] {
        let mut app = app();
        start(&mut app, variant, &[], None);
        click(&mut app, from);
        click(&mut app, to);
        assert_eq!(
            game(&app).turn_texts(),
            [format!("{from}{to}")],
            "{variant}"
        );
        assert_view_matches_game(&mut app);
    }
}

/// A headless app whose data directory is `dir`.
fn app_with_data(dir: &std::path::Path) -> App {
    let mut app = App::new();
    app.insert_resource(oddboard::app::persistence::DataDir(Some(dir.to_path_buf())))
        .add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
        .add_plugins(oddboard::app::game_plugins);
    app.update();
    app
}

/// A fresh, empty directory for one test's files.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("oddboard-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn every_turn_is_autosaved_and_offered_next_time() {
    let dir = temp_dir("autosave");
    let mut app = app_with_data(&dir);
    start(&mut app, "fanorona-chess", &[], None);
    click(&mut app, "c1");
    click(&mut app, "a2");
    let file = dir.join("autosave.ron");
    let text = std::fs::read_to_string(&file).expect("autosave written");
    assert!(text.contains("c1a2"), "{text}");
    assert!(
        !dir.join("autosave.ron.tmp").exists(),
        "written through a temporary file"
    );
    let next = app_with_data(&dir);
    let record = next
        .world()
        .resource::<oddboard::app::persistence::Autosave>()
        .0
        .clone()
        .expect("offered as Continue");
    assert_eq!(record.turns, ["c1a2"]);
}

#[test]
fn a_corrupt_autosave_is_reported_and_never_written_over() {
    let dir = temp_dir("corrupt");
    let file = dir.join("autosave.ron");
    std::fs::write(&file, "(variant: \"chess\", turns: [oops").expect("write");
    let mut app = app_with_data(&dir);
    let notice = app
        .world()
        .resource::<oddboard::app::session::Notice>()
        .0
        .clone();
    assert!(
        notice.is_some_and(|n| n.contains("autosave.ron")),
        "the player is told"
    );
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert_eq!(game(&app).turn_texts(), ["e2e4"], "the game goes on");
    let text = std::fs::read_to_string(&file).expect("still there");
    assert_eq!(text, "(variant: \"chess\", turns: [oops", "left untouched");
}

#[test]
fn a_foreign_saved_game_is_refused_with_a_reason() {
    let dir = temp_dir("foreign");
    let record = "(variant: \"chess\", options: [], start: \"8/8/8/8/8/8/8/8 w - - 0 1\", turns: [], redo: [], ending: None)";
    std::fs::write(dir.join("autosave.ron"), record).expect("write");
    let app = app_with_data(&dir);
    let notice = app
        .world()
        .resource::<oddboard::app::session::Notice>()
        .0
        .clone();
    assert!(
        notice.is_some_and(|n| n.contains("King")),
        "names what is wrong"
    );
    assert!(
        app.world()
            .resource::<oddboard::app::persistence::Autosave>()
            .0
            .is_none()
    );
}

#[test]
fn a_capture_with_promotion_keeps_the_view_in_step() {
    const FEN: &str = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "a7");
    click(&mut app, "b8");
    choose(
        &mut app,
        Choice::Promotion(Some(Piece::new(Kind::Queen, Side::White))),
    );
    assert_eq!(game(&app).turn_texts(), ["a7b8=Q"]);
    assert_eq!(
        shown_pieces(&mut app).get(&Loc::parse("b8").unwrap()),
        Some(&Piece::new(Kind::Queen, Side::White))
    );
    assert_view_matches_game(&mut app);
}
