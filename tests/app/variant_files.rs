//! Variant files in the window: found in the shipped folder and the player's, listed after the
//! built-in variants (a broken one kept with its error), started and played by clicks as a
//! built-in is, saved and continued by their path, set up in the editor.

use crate::support::*;
use oddboard::app::editor::setup::{Brush, EditorAction};
use oddboard::app::shared::turn_builder::{Choice, Part};
use oddboard::app::storage::saves::Autosave;
use oddboard::app::storage::variant_files::VariantFiles;
use oddboard::rules::{Kind, Loc, Piece, RulesExt, Side};
use std::fs;
use std::path::Path;

/// The shipped orthodox chess written as a variant file.
fn shipped_chess() -> String {
    format!("{}/variants/chess.ron", env!("CARGO_MANIFEST_DIR"))
}

/// The variant files `app` found: each path, with the variant's name or the error reading it.
fn found(app: &App) -> Vec<(String, Result<String, String>)> {
    app.world()
        .resource::<VariantFiles>()
        .0
        .iter()
        .map(|file| {
            let loaded = file.loaded.as_ref().map(|v| v.data().name.clone());
            (file.path.clone(), loaded.map_err(Clone::clone))
        })
        .collect()
}

#[test]
fn the_shipped_files_come_first_then_the_players_own_each_read_once() {
    let dir = temp_dir("variant-files-listed");
    fs::create_dir(dir.join("variants")).expect("a folder");
    fs::copy(shipped_chess(), dir.join("variants/chess.ron")).expect("copied");
    fs::write(dir.join("variants/broken.ron"), "(name: \"Broken\"").expect("written");
    fs::write(dir.join("variants/notes.txt"), "not a variant").expect("written");
    let app = app_with_data(&dir);
    let found = found(&app);
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let (first, own) = found.split_at(found.len() - 2);
    assert!(
        first.iter().any(|(path, _)| *path == shipped_chess()),
        "{first:?}"
    );
    for (path, loaded) in first {
        assert!(Path::new(path).starts_with(&shipped), "{path}");
        assert!(loaded.is_ok(), "{path}: {loaded:?}");
    }
    assert_eq!(own[0].0, dir.join("variants/broken.ron").to_string_lossy());
    let why = own[0].1.as_ref().expect_err("a broken file is refused");
    assert!(!why.is_empty() && !why.contains('\n'), "one line: {why}");
    assert_eq!(own[1].0, dir.join("variants/chess.ron").to_string_lossy());
    assert!(own[1].1.is_ok(), "{:?}", own[1].1);
}

#[test]
fn a_variant_file_starts_and_plays_a_turn_by_clicks() {
    let mut app = app();
    command(
        &mut app,
        Command::Start {
            variant: shipped_chess(),
            options: Vec::new(),
        },
    );
    assert_eq!(game(&app).variant().id(), shipped_chess());
    assert_eq!(shown_pieces(&mut app).len(), 32);
    click(&mut app, "e2");
    assert_eq!(question(&app), Some(Part::To));
    click(&mut app, "e4");
    assert_eq!(game(&app).turn_texts(), ["e2e4"]);
    assert_view_matches_game(&mut app);
    click_move_animated(&mut app, "e7", "e5");
    assert_eq!(game(&app).turn_texts(), ["e2e4", "e7e5"]);
}

/// The kind of the game's piece named `name`: a variant file's pieces take the engine's kinds
/// as slots, so a Knight need not be `Kind::Knight`.
fn piece_named(app: &App, name: &str) -> Kind {
    let data = game(app).variant().data();
    data.pieces
        .iter()
        .find(|piece| piece.name == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .kind
}

#[test]
fn a_variant_file_asks_the_promotion_as_a_built_in_does() {
    const FEN: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut app = app();
    start(&mut app, &shipped_chess(), &[], Some(FEN));
    click(&mut app, "b7");
    click(&mut app, "b8");
    assert_eq!(question(&app), Some(Part::Promotion));
    let knight = piece_named(&app, "Knight");
    choose(
        &mut app,
        Choice::Promotion(Some(Piece::new(knight, Side::White))),
    );
    assert_eq!(game(&app).turn_texts(), ["b7b8=N"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn a_variant_file_game_is_autosaved_and_continued_by_its_path() {
    let dir = temp_dir("variant-file-autosave");
    let mut app = app_with_data(&dir);
    start(&mut app, &shipped_chess(), &[], None);
    click(&mut app, "g1");
    click(&mut app, "f3");
    let mut next = app_with_data(&dir);
    let saved = next
        .world()
        .resource::<Autosave>()
        .0
        .clone()
        .expect("offered as Continue");
    assert_eq!(saved.game.variant, shipped_chess());
    for command in saved.resume() {
        next.world_mut().write_message(command);
    }
    settle(&mut next);
    assert_eq!(game(&next).variant().id(), shipped_chess());
    assert_eq!(game(&next).turn_texts(), ["g1f3"]);
    assert_view_matches_game(&mut next);
}

#[test]
fn a_variant_file_s_position_is_set_up_in_the_editor_and_played() {
    let mut app = app();
    for action in [
        EditorAction::Open {
            variant: shipped_chess(),
            options: Vec::new(),
        },
        EditorAction::Brush(Brush::Erase),
        EditorAction::Click(Loc::parse("d2").expect("a square")),
        EditorAction::Start,
    ] {
        app.world_mut().write_message(action);
        settle(&mut app);
    }
    assert_eq!(game(&app).variant().id(), shipped_chess());
    assert_eq!(
        fen(&app),
        "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1"
    );
    click(&mut app, "d1");
    click(&mut app, "d6");
    assert_eq!(game(&app).turn_texts(), ["d1d6"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn a_variant_file_of_12_files_and_10_ranks_is_drawn_and_played() {
    let big = format!(
        "{}/rules/tests/data/variants/big-chess.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut app = app();
    start(&mut app, &big, &[], None);
    assert_eq!(shown_pieces(&mut app).len(), 48);
    let world = app.world_mut();
    let labels: Vec<String> = world
        .query::<&oddboard::app::board::layout::CoordinateLabel>()
        .iter(world)
        .map(|label| label.text.clone())
        .collect();
    assert_eq!(labels.len(), 12 + 10, "{labels:?}");
    for text in ["a", "l", "1", "9", "10"] {
        assert!(labels.iter().any(|l| l == text), "{text} in {labels:?}");
    }
    click(&mut app, "l2");
    click(&mut app, "l4");
    click_move_animated(&mut app, "b10", "c8");
    assert_eq!(game(&app).turn_texts(), ["l2l4", "b10c8"]);
    assert_view_matches_game(&mut app);
    assert_eq!(
        shown_pieces(&mut app).get(&Loc::parse("l4").expect("a square")),
        Some(&Piece::new(piece_named(&app, "Pawn"), Side::White))
    );
}
