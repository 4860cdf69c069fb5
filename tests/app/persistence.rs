//! Saved games and settings: autosave, Continue, named saves, formats, unreadable files.

use crate::support::*;
use oddboard::app::shared::game::Notice;
use oddboard::app::shared::settings::{AnimationSpeed, BoardTheme, Settings};
use oddboard::app::shared::storage::Storage;
use oddboard::app::storage::saves::{Autosave, ReplaceAsked, SAVE_FORMAT};
use std::fs;
use std::path::Path;

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn offered(app: &App) -> Option<oddboard::rules::GameRecord> {
    app.world()
        .resource::<Autosave>()
        .0
        .clone()
        .map(|saved| saved.game)
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("a directory")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_turn_is_autosaved_and_offered_next_time() {
    let dir = temp_dir("autosave");
    let mut app = app_with_data(&dir);
    start(&mut app, "fanorona-chess", &[], None);
    click(&mut app, "c1");
    click(&mut app, "a2");
    let text = fs::read_to_string(dir.join("autosave.ron")).expect("autosave written");
    assert!(text.contains("c1a2"), "{text}");
    assert_eq!(listing(&dir), ["autosave.ron"], "no temporary file left");
    let next = app_with_data(&dir);
    let record = offered(&next).expect("offered as Continue");
    assert_eq!(record.turns, ["c1a2"]);
}

#[test]
fn two_windows_at_once_never_write_over_each_others_game() {
    let dir = temp_dir("two-windows-games");
    let mut first = app_with_data(&dir);
    let mut second = app_with_data(&dir);
    start(&mut first, "chess", &[], None);
    click(&mut first, "e2");
    click(&mut first, "e4");
    start(&mut second, "fanorona-chess", &[], None);
    click(&mut second, "c1");
    click(&mut second, "a2");
    let saves = dir.join("saves");
    let kept = fs::read_to_string(saves.join("From another window 1.ron")).expect("kept");
    assert!(kept.contains("e2e4"), "{kept}");
    assert!(
        notice(&second).contains("\"From another window 1\""),
        "{}",
        notice(&second)
    );

    // The first window plays on: the second's game is kept in turn.
    click(&mut first, "e7");
    click(&mut first, "e5");
    let kept = fs::read_to_string(saves.join("From another window 2.ron")).expect("kept");
    assert!(kept.contains("c1a2"), "{kept}");
    let text = fs::read_to_string(dir.join("autosave.ron")).expect("autosave");
    assert!(text.contains("e7e5"), "{text}");

    // A window alone keeps writing over its own game, and nothing more is kept.
    click(&mut first, "g1");
    click(&mut first, "f3");
    assert_eq!(
        listing(&saves),
        ["From another window 1.ron", "From another window 2.ron"]
    );
}

#[test]
fn picking_a_piece_saves_nothing_only_a_turn_does() {
    let dir = temp_dir("no-save-on-click");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    let file = dir.join("autosave.ron");
    fs::remove_file(&file).expect("the new game was saved");
    click(&mut app, "e2");
    assert!(
        !file.exists(),
        "a click that only picks a piece writes nothing"
    );
    click(&mut app, "e4");
    assert!(file.exists(), "the turn is saved");
    fs::remove_file(&file).expect("remove");
    command(&mut app, Command::Redo);
    assert!(
        !file.exists(),
        "nothing to redo: nothing changed, nothing written"
    );
    command(&mut app, Command::Undo);
    assert!(file.exists(), "the undo is saved");
}

#[test]
fn saves_carry_their_format() {
    let dir = temp_dir("format");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    let text = fs::read_to_string(dir.join("autosave.ron")).expect("written");
    assert!(
        text.contains(&format!("format: {SAVE_FORMAT}")),
        "format first: {text}"
    );
}

#[test]
fn a_save_from_before_formats_were_numbered_still_loads() {
    let dir = temp_dir("format-0");
    let record = "(variant: \"chess\", options: [], start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", turns: [\"e2e4\"], redo: [], ending: None)";
    fs::write(dir.join("autosave.ron"), record).expect("write");
    let app = app_with_data(&dir);
    assert_eq!(notice(&app), "");
    assert_eq!(offered(&app).expect("read").turns, ["e2e4"]);
}

#[test]
fn a_save_from_a_newer_format_is_refused_and_kept() {
    let dir = temp_dir("format-99");
    let text = "(format: 99, game: (variant: \"chess\", clocks: (white: 300)))";
    fs::write(dir.join("autosave.ron"), text).expect("write");
    let app = app_with_data(&dir);
    assert!(notice(&app).contains("newer Oddboard"), "{}", notice(&app));
    assert!(offered(&app).is_none());
    let kept = fs::read_to_string(dir.join("autosave.ron.unreadable-1")).expect("kept");
    assert_eq!(kept, text);
}

#[test]
fn a_corrupt_autosave_is_kept_aside_and_autosaving_goes_on() {
    let dir = temp_dir("corrupt");
    let file = dir.join("autosave.ron");
    fs::write(&file, "(variant: \"chess\", turns: [oops").expect("write");
    let mut app = app_with_data(&dir);
    let told = notice(&app);
    assert!(told.contains("autosave.ron"), "the player is told: {told}");
    assert!(
        told.contains("autosave.ron.unreadable-1"),
        "and where it is kept: {told}"
    );
    let kept = fs::read_to_string(dir.join("autosave.ron.unreadable-1")).expect("kept");
    assert_eq!(kept, "(variant: \"chess\", turns: [oops", "nothing lost");
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    let text = fs::read_to_string(&file).expect("autosaving goes on");
    assert!(text.contains("e2e4"), "{text}");
}

#[test]
fn a_foreign_saved_game_is_refused_with_a_reason() {
    let dir = temp_dir("foreign");
    let record = "(variant: \"chess\", options: [], start: \"8/8/8/8/8/8/8/8 w - - 0 1\", turns: [], redo: [], ending: None)";
    fs::write(dir.join("autosave.ron"), record).expect("write");
    let app = app_with_data(&dir);
    assert!(notice(&app).contains("King"), "names what is wrong");
    assert!(offered(&app).is_none());
}

#[test]
fn a_corrupt_settings_file_is_kept_aside_and_defaults_used() {
    let dir = temp_dir("settings");
    fs::write(dir.join("settings.ron"), "(speed: Quick)").expect("write");
    let mut app = app_with_data(&dir);
    assert!(notice(&app).contains("settings.ron"), "{}", notice(&app));
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    let edited = Settings {
        auto_flip: true,
        ..Settings::default()
    };
    app.world_mut()
        .write_message(Storage::Settings(edited.clone()));
    settle(&mut app);
    assert_eq!(*app.world().resource::<Settings>(), edited);
    let next = app_with_data(&dir);
    assert_eq!(*next.world().resource::<Settings>(), edited, "kept");
    assert!(dir.join("settings.ron.unreadable-1").exists());
}

/// A settings file written before a setting existed loads, the new setting at its default.
#[test]
fn an_older_settings_file_loads_with_the_new_settings_at_their_defaults() {
    let dir = temp_dir("older-settings");
    fs::write(
        dir.join("settings.ron"),
        "(speed: Fast, show_legal_moves: false, theme: Slate)",
    )
    .expect("write");
    let app = app_with_data(&dir);
    assert_eq!(notice(&app), "", "no complaint");
    let expected = Settings {
        speed: AnimationSpeed::Fast,
        show_legal_moves: false,
        theme: BoardTheme::Slate,
        ..Settings::default()
    };
    assert_eq!(*app.world().resource::<Settings>(), expected);
    assert_eq!(expected.engine_hash_mib(), 64);
}

fn save(app: &mut App, name: &str, replace: bool) {
    app.world_mut().write_message(Storage::Save {
        name: name.into(),
        replace,
    });
    settle(app);
}

#[test]
fn a_named_save_loads_the_game_back() {
    let dir = temp_dir("named");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    save(&mut app, "opening", false);
    start(&mut app, "amoeba", &[], None);
    app.world_mut()
        .write_message(Storage::Load("opening".into()));
    settle(&mut app);
    assert_eq!(game(&app).variant().id(), "chess");
    assert_eq!(game(&app).turn_texts(), ["e2e4"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn a_named_save_asks_before_replacing_another() {
    let dir = temp_dir("replace");
    let mut app = app_with_data(&dir);
    start(&mut app, "chess", &[], None);
    save(&mut app, "mine", false);
    let file = dir.join("saves").join("mine.ron");
    let first = fs::read_to_string(&file).expect("saved");
    click(&mut app, "e2");
    click(&mut app, "e4");
    save(&mut app, "mine", false);
    assert_eq!(
        fs::read_to_string(&file).expect("kept"),
        first,
        "not replaced"
    );
    assert_eq!(
        *app.world().resource::<ReplaceAsked>(),
        ReplaceAsked(Some("mine".into())),
        "the player is asked"
    );
    save(&mut app, "mine", true);
    assert!(fs::read_to_string(&file).expect("saved").contains("e2e4"));
    assert_eq!(*app.world().resource::<ReplaceAsked>(), ReplaceAsked(None));
}

#[test]
fn a_save_of_format_one_loads_with_people_on_both_sides() {
    let dir = temp_dir("format-1");
    let text = "(format: 1, game: (variant: \"chess\", options: [], start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", turns: [\"e2e4\"], redo: [], ending: None))";
    fs::write(dir.join("autosave.ron"), text).expect("write");
    let app = app_with_data(&dir);
    assert_eq!(notice(&app), "");
    let saved = app.world().resource::<Autosave>().0.clone().expect("read");
    assert_eq!(saved.game.turns, ["e2e4"]);
    assert_eq!(
        saved.players,
        oddboard::app::shared::players::Players::default()
    );
}

/// A saved game with every third character dropped, doubled or replaced in turn, and cut
/// short at every tenth: reading never panics, and a refusal names the file on one line.
#[test]
fn mutated_save_files_never_panic_and_name_the_file() {
    use oddboard::app::storage::saves::{read_game, write_game};
    let dir = temp_dir("mutated-saves");
    let mut app = app_with_data(&dir);
    start(&mut app, "american-chess", &[], None);
    click(&mut app, "d2");
    click(&mut app, "d3");
    let saved = app
        .world()
        .resource::<Autosave>()
        .0
        .clone()
        .expect("autosaved");
    let original = dir.join("original.ron");
    write_game(&original, &saved).expect("written");
    let text = fs::read_to_string(&original).expect("read");
    let chars: Vec<char> = text.chars().collect();
    let path = dir.join("mutated.ron");
    let mut refused = 0;
    for i in (0..chars.len()).step_by(3) {
        let mut dropped = chars.clone();
        dropped.remove(i);
        let mut doubled = chars.clone();
        doubled.insert(i, chars[i]);
        let mut replaced = chars.clone();
        replaced[i] = if chars[i] == '"' { 'x' } else { '"' };
        let cut = chars[..i].to_vec();
        let mutants = [dropped, doubled, replaced];
        let mutants = mutants.iter().chain((i % 10 == 0).then_some(&cut));
        for mutant in mutants {
            fs::write(&path, mutant.iter().collect::<String>()).expect("write");
            if let Err(e) = read_game(&path) {
                refused += 1;
                assert!(e.contains("mutated.ron"), "names the file: {e}");
                assert!(!e.contains('\n'), "one line: {e}");
            }
        }
    }
    assert!(
        refused > chars.len() / 2,
        "most mutations are refused: {refused}"
    );
}
