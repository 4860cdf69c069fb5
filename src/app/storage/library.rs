//! The saved games as the menu lists them — each with its variant, players, date, moves played
//! and result — and what can be done with one besides opening it: rename, delete, export as a
//! record. The list is read again when the menu opens and after every change to it.

use crate::app::shared::game::Notice;
use crate::app::shared::players::Players;
use crate::app::shared::screen::{Frame, Screen};
use crate::app::storage::saves::{DataDir, Saved, read_game, saved_games, valid_name};
use crate::app::storage::sharing::{date_of, export_saved};
use crate::rules::Game;
use bevy::prelude::*;
use std::fs;

/// One saved game, as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// The name it was saved under.
    pub name: String,
    /// The variant's id.
    pub variant: String,
    /// Who played each side.
    pub players: Players,
    /// The date it was last saved, `YYYY.MM.DD`.
    pub date: String,
    /// How many turns were played.
    pub moves: usize,
    /// How it ended (`1-0 checkmate`), or `None` while it goes on.
    pub result: Option<String>,
}

/// Every saved game that reads, sorted by name.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct SaveList(pub Vec<SaveEntry>);

/// Something to do with a saved game.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveAction {
    /// Gives the save another name (refused if the name is taken or unusable).
    Rename {
        /// Its name now.
        from: String,
        /// Its new name.
        to: String,
    },
    /// Deletes the save (the menu asks first).
    Delete(String),
    /// Writes the save as a record file into the records folder.
    Export(String),
}

/// Registers the list and its actions.
pub fn plugin(app: &mut App) {
    app.init_resource::<SaveList>()
        .add_message::<SaveAction>()
        .add_systems(OnEnter(Screen::Menu), refresh)
        .add_systems(
            Update,
            (manage, refresh.run_if(on_message::<SaveAction>))
                .chain()
                .run_if(in_state(Screen::Menu))
                .in_set(Frame::Apply),
        );
}

/// Reads the list again.
fn refresh(dir: Res<DataDir>, mut list: ResMut<SaveList>) {
    list.set_if_neq(SaveList(entries(&dir)));
}

/// The saved games that read, with what the menu shows of each.
fn entries(dir: &DataDir) -> Vec<SaveEntry> {
    saved_games(dir)
        .into_iter()
        .filter_map(|name| {
            let path = dir.save_path(&name)?;
            let Saved { game, players, .. } = read_game(&path).ok()?;
            let replayed = Game::from_record(&game).ok()?;
            let modified = fs::metadata(&path).and_then(|m| m.modified()).ok()?;
            Some(SaveEntry {
                name,
                variant: game.variant,
                players,
                date: date_of(modified),
                moves: replayed.turns().len(),
                result: replayed.outcome().map(|o| o.to_string()),
            })
        })
        .collect()
}

fn manage(mut actions: MessageReader<SaveAction>, dir: Res<DataDir>, mut notice: ResMut<Notice>) {
    for action in actions.read() {
        let result = match action {
            SaveAction::Rename { from, to } => rename(&dir, from, to.trim()),
            SaveAction::Delete(name) => dir
                .save_path(name)
                .ok_or_else(|| "no data directory".to_string())
                .and_then(|path| {
                    fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))
                }),
            SaveAction::Export(name) => dir
                .save_path(name)
                .ok_or_else(|| "no data directory".to_string())
                .and_then(|path| read_game(&path))
                .and_then(|saved| export_saved(&dir, &saved, date_of(std::time::SystemTime::now())))
                .map(|path| {
                    notice.0 = Some(format!("'{name}' exported to {}", path.display()));
                }),
        };
        if let Err(e) = result {
            notice.0 = Some(e);
        }
    }
}

/// Renames the save `from` to `to`, never over another save.
fn rename(dir: &DataDir, from: &str, to: &str) -> Result<(), String> {
    if !valid_name(to) {
        return Err(format!("'{to}' is not a usable save name"));
    }
    let (Some(old), Some(new)) = (dir.save_path(from), dir.save_path(to)) else {
        return Err("no data directory".into());
    };
    if new.exists() {
        return Err(format!("a saved game named '{to}' exists already"));
    }
    fs::rename(&old, &new).map_err(|e| format!("{}: {e}", old.display()))
}
