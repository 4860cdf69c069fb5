//! The saved games as the menu lists them, and managing them: each listed with its variant,
//! players, date, moves and result; renamed (never over another), deleted, exported.

use crate::support::*;
use oddboard::app::shared::game::Notice;
use oddboard::app::shared::storage::Storage;
use oddboard::app::storage::library::{SaveAction, SaveList};
use std::fs;

/// A data directory holding one saved Pawns-to-Kings game named `mysave`, with the menu open.
fn saved_and_back_in_the_menu(name: &str) -> (App, TestDir) {
    let dir = temp_dir(name);
    let mut app = app_with_data(&dir);
    start(&mut app, "pawns-to-kings", &[], None);
    click(&mut app, "a1");
    click(&mut app, "b3");
    app.world_mut().write_message(Storage::Save {
        name: "mysave".into(),
        replace: false,
    });
    settle(&mut app);
    command(&mut app, Command::Menu);
    (app, dir)
}

fn list(app: &App) -> SaveList {
    app.world().resource::<SaveList>().clone()
}

fn act(app: &mut App, action: SaveAction) {
    app.world_mut().write_message(action);
    settle(app);
}

#[test]
fn a_saved_game_is_listed_with_its_variant_moves_and_state() {
    let (app, _) = saved_and_back_in_the_menu("list");
    let entries = list(&app).0;
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry.name, "mysave");
    assert_eq!(entry.variant, "pawns-to-kings");
    assert_eq!(entry.moves, 1);
    assert_eq!(entry.result, None);
    assert_eq!(entry.date.len(), "2026.11.24".len());
}

#[test]
fn a_save_is_renamed_but_never_over_another() {
    let (mut app, dir) = saved_and_back_in_the_menu("rename");
    act(
        &mut app,
        SaveAction::Rename {
            from: "mysave".into(),
            to: "opening".into(),
        },
    );
    assert_eq!(list(&app).0[0].name, "opening");
    fs::copy(dir.join("saves/opening.ron"), dir.join("saves/other.ron")).expect("copy");
    act(
        &mut app,
        SaveAction::Rename {
            from: "opening".into(),
            to: "other".into(),
        },
    );
    let notice = app.world().resource::<Notice>().0.clone().expect("refused");
    assert!(notice.contains("exists"), "{notice}");
    assert_eq!(list(&app).0.len(), 2, "both kept");
}

#[test]
fn a_save_is_deleted() {
    let (mut app, dir) = saved_and_back_in_the_menu("delete");
    act(&mut app, SaveAction::Delete("mysave".into()));
    assert!(list(&app).0.is_empty());
    assert!(!dir.join("saves/mysave.ron").exists());
}

#[test]
fn a_save_is_exported_as_a_record() {
    let (mut app, dir) = saved_and_back_in_the_menu("export-save");
    act(&mut app, SaveAction::Export("mysave".into()));
    let record = fs::read_to_string(dir.join("records/pawns-to-kings-1.pgn")).expect("written");
    assert!(record.contains("[Variant \"pawns-to-kings\"]"), "{record}");
    assert!(record.contains("1. a1b3 *"), "{record}");
}
