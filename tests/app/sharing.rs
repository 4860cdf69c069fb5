//! Records in and out of the game: the game exported as a record file in the data directory
//! (it reads back to the same game), a record file dropped on the window opens, and a bad one
//! is explained without changing the game.

use crate::support::*;
use bevy::window::FileDragAndDrop;
use oddboard::app::shared::game::Notice;
use oddboard::app::storage::sharing::{Copied, CopyGame, ExportRecord, Exported, Paste};
use oddboard::rules::Game;
use std::fs;

fn drop_file(app: &mut App, path: &std::path::Path) {
    app.world_mut().write_message(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: path.to_path_buf(),
    });
    settle(app);
}

/// Asks for the record, as the panel's button does: where it was written, and its text.
fn export(app: &mut App) -> (std::path::PathBuf, String) {
    app.world_mut().write_message(ExportRecord);
    settle(app);
    let path = app
        .world()
        .resource::<Exported>()
        .0
        .clone()
        .expect("exported");
    let text = fs::read_to_string(&path).expect("written");
    (path, text)
}

#[test]
fn the_game_is_exported_as_a_record_that_reads_back_to_it() {
    let dir = temp_dir("export");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let (path, text) = export(&mut app);
    assert!(path.starts_with(dir.join("records")), "{}", path.display());
    assert!(text.contains("1. e4 e5 2. Nf3 *"), "{text}");
    assert!(text.contains("[White \"White (person)\"]"), "{text}");
    let (read, _) = Game::from_pgn(&text).expect("reads back");
    assert_eq!(read.turn_texts(), game(&app).turn_texts());
}

#[test]
fn a_record_dropped_on_the_window_opens_as_the_game() {
    let dir = temp_dir("drop");
    let record = dir.join("mate.pgn");
    fs::write(
        &record,
        "[Event \"?\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    )
    .expect("write");
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    drop_file(&mut app, &record);
    assert_eq!(game(&app).variant().id(), "chess");
    assert_eq!(game(&app).turn_texts(), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(game(&app).outcome().is_some(), "the mate stands");
    assert_view_matches_game(&mut app);
}

#[test]
fn a_bad_record_dropped_is_explained_and_changes_nothing() {
    let dir = temp_dir("drop-bad");
    let record = dir.join("bad.pgn");
    fs::write(&record, "[Result \"*\"]\n\n1. e2e5 *\n").expect("write");
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    drop_file(&mut app, &record);
    assert_eq!(game(&app).variant().id(), "amoeba", "the game is kept");
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .expect("explained");
    assert!(notice.contains("bad.pgn"), "{notice}");
    assert!(notice.contains("'e2e5'"), "{notice}");
    assert!(!notice.contains('\n'), "one line: {notice}");
}

#[test]
fn the_record_names_the_players_as_typed_in_the_menu() {
    let dir = temp_dir("export-names");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    command(
        &mut app,
        Command::Names(oddboard::app::shared::players::Names([
            "Ann".into(),
            "  ".into(),
        ])),
    );
    let (_, text) = export(&mut app);
    assert!(text.contains("[White \"Ann\"]"), "{text}");
    assert!(
        text.contains("[Black \"Black (person)\"]"),
        "no name typed: {text}"
    );
    let saved = app
        .world()
        .resource::<oddboard::app::storage::saves::Autosave>()
        .0
        .clone()
        .expect("autosaved");
    assert_eq!(saved.names.0[0], "Ann", "kept with the game");
}

fn paste(app: &mut App, text: &str, variant: &str) {
    app.world_mut().write_message(Paste {
        text: text.into(),
        variant: variant.into(),
        options: Vec::new(),
    });
    settle(app);
}

fn notice(app: &App) -> Option<String> {
    app.world().resource::<Notice>().0.clone()
}

fn copied(app: &mut App, what: CopyGame) -> String {
    app.world_mut().write_message(what);
    settle(app);
    let (kind, text) = app.world().resource::<Copied>().0.clone().expect("copied");
    assert_eq!(kind, what);
    text
}

#[test]
fn the_record_and_the_fen_are_copied_and_paste_back_to_the_same_game() {
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], None);
    for (from, to) in [("c2", "c3"), ("c7", "c6")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let played = game(&app).turn_texts();
    let fen = game(&app).variant().fen(game(&app).position());
    let record = copied(&mut app, CopyGame::Record);
    assert_eq!(copied(&mut app, CopyGame::Fen), fen);

    start(&mut app, "chess", &[], None);
    paste(&mut app, &record, "chess");
    assert_eq!(notice(&app), None);
    assert_eq!(game(&app).variant().id(), "fanorona-chess");
    assert_eq!(game(&app).turn_texts(), played);
    assert_view_matches_game(&mut app);

    start(&mut app, "chess", &[], None);
    paste(&mut app, &fen, "fanorona-chess");
    assert_eq!(game(&app).variant().id(), "fanorona-chess");
    assert_eq!(game(&app).variant().fen(game(&app).position()), fen);
    assert!(game(&app).turns().is_empty(), "a FEN opens a position");
}

#[test]
fn a_pasted_record_of_moves_alone_opens_as_chess() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    paste(
        &mut app,
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#",
        "amoeba",
    );
    assert_eq!(notice(&app), None);
    assert_eq!(game(&app).variant().id(), "chess");
    assert!(game(&app).outcome().is_some(), "Scholar's mate stands");
}

#[test]
fn a_chess_fen_pasted_with_another_variant_chosen_opens_as_chess() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    paste(&mut app, fen, "amphora");
    assert_eq!(notice(&app), None);
    assert_eq!(game(&app).variant().id(), "chess");
    assert_eq!(game(&app).variant().fen(game(&app).position()), fen);
}

#[test]
fn bad_pasted_text_is_explained_in_one_line_and_changes_nothing() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    let start_fen = game(&app).variant().fen(game(&app).position());
    for (text, named) in [
        ("1. e4 e5 2. Ke3 *", "'Ke3'"),
        ("[Variant \"chess\"]\n\n1. e2e5 *", "'e2e5'"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "'x'",
        ),
        ("   ", "no text"),
    ] {
        paste(&mut app, text, "chess");
        let notice = notice(&app).expect("explained");
        assert!(notice.contains(named), "{text:?}: {notice}");
        assert!(!notice.contains('\n'), "one line: {notice}");
        assert_eq!(game(&app).variant().id(), "amoeba", "the game is kept");
        assert_eq!(game(&app).variant().fen(game(&app).position()), start_fen);
    }
}

/// Every variant's start FEN, each third character dropped or replaced in turn, pasted:
/// nothing panics, and each refusal is one line.
#[test]
fn mutated_fens_pasted_never_panic() {
    for (id, text) in mutated_start_fens() {
        if let Err(e) = oddboard::app::storage::sharing::read_pasted(&text, id, &[]) {
            assert!(!e.contains('\n'), "{id} {text}: {e}");
        }
    }
}
