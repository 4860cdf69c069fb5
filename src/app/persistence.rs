//! Saved games and settings, as RON files in the player's data directory, always written
//! atomically (a temporary file, then a rename). A file that cannot be read is reported and left
//! as it is; the game goes on.

use super::session::{ActiveGame, Command, Notice, TurnPlayed};
use super::settings::Settings;
use crate::rules::{Game, GameRecord};
use bevy::prelude::*;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

const AUTOSAVE: &str = "autosave.ron";
const SETTINGS: &str = "settings.ron";
const SAVES: &str = "saves";

/// Where the files live; `None` when no data directory can be found (nothing is saved then).
#[derive(Resource, Clone, Debug, Default)]
pub struct DataDir(pub Option<PathBuf>);

impl DataDir {
    /// The player's data directory for Oddboard: `$ODDBOARD_DATA_DIR` if set, else the
    /// platform's usual place (`$XDG_DATA_HOME/oddboard`, `~/.local/share/oddboard`,
    /// `%APPDATA%\oddboard`, `~/Library/Application Support/oddboard`).
    pub fn from_environment() -> DataDir {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let dir = var("ODDBOARD_DATA_DIR").or_else(|| {
            if cfg!(target_os = "windows") {
                var("APPDATA").map(|d| d.join("oddboard"))
            } else if cfg!(target_os = "macos") {
                var("HOME").map(|h| h.join("Library/Application Support/oddboard"))
            } else {
                var("XDG_DATA_HOME")
                    .map(|d| d.join("oddboard"))
                    .or_else(|| var("HOME").map(|h| h.join(".local/share/oddboard")))
            }
        });
        DataDir(dir)
    }

    fn file(&self, name: &str) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join(name))
    }

    fn save_path(&self, name: &str) -> Option<PathBuf> {
        self.0
            .as_ref()
            .map(|d| d.join(SAVES).join(format!("{name}.ron")))
    }
}

/// The game saved when the app last stopped, offered as "Continue".
#[derive(Resource, Clone, Debug, Default)]
pub struct Autosave(pub Option<GameRecord>);

/// Files found unreadable at start-up: reported, and never written over, so nothing the player
/// had is lost.
#[derive(Resource, Clone, Debug, Default)]
pub struct Protected(pub Vec<PathBuf>);

impl Protected {
    /// Writes `value` to `path` unless the path is protected.
    fn write<T: serde::Serialize>(&self, path: &Path, value: &T) -> Result<(), String> {
        if self.0.iter().any(|p| p == path) {
            return Err(format!(
                "{} could not be read, so it is left as it is and not written over",
                path.display()
            ));
        }
        write_ron(path, value)
    }
}

/// A request to the persistence layer.
#[derive(Message, Clone, Debug)]
pub enum Storage {
    /// Save the game under a name.
    Save(String),
    /// Load the game saved under a name.
    Load(String),
    /// Write the settings.
    WriteSettings,
}

/// Registers loading at start-up, autosave after every turn, and named saves.
pub fn plugin(app: &mut App) {
    app.init_resource::<DataDir>()
        .init_resource::<Autosave>()
        .init_resource::<Protected>()
        .init_resource::<Settings>()
        .add_message::<Storage>()
        .add_systems(Startup, load_at_start)
        .add_systems(
            Update,
            (
                autosave.run_if(
                    on_message::<TurnPlayed>.or_eager(resource_exists_and_changed::<ActiveGame>),
                ),
                storage,
            ),
        );
}

fn load_at_start(
    dir: Res<DataDir>,
    mut settings: ResMut<Settings>,
    mut autosave: ResMut<Autosave>,
    mut protected: ResMut<Protected>,
    mut notice: ResMut<Notice>,
) {
    if let Some(path) = dir.file(SETTINGS).filter(|p| p.exists()) {
        match read_ron::<Settings>(&path) {
            Ok(read) => *settings = read,
            Err(e) => {
                notice.0 = Some(e);
                protected.0.push(path);
            }
        }
    }
    if let Some(path) = dir.file(AUTOSAVE).filter(|p| p.exists()) {
        match read_ron::<GameRecord>(&path).and_then(|record| {
            Game::from_record(&record)
                .map(|_| record)
                .map_err(|e| format!("{}: {e}", path.display()))
        }) {
            Ok(record) => autosave.0 = Some(record),
            Err(e) => {
                notice.0 = Some(e);
                protected.0.push(path);
            }
        }
    }
}

/// Saves the game in progress after every change, and offers it as "Continue" in the menu.
fn autosave(
    game: Option<Res<ActiveGame>>,
    dir: Res<DataDir>,
    protected: Res<Protected>,
    mut offered: ResMut<Autosave>,
    mut notice: ResMut<Notice>,
    mut warned: Local<bool>,
) {
    let Some(game) = game else {
        return;
    };
    let record = game.0.record();
    offered.0 = Some(record.clone());
    let Some(path) = dir.file(AUTOSAVE) else {
        return;
    };
    if let Err(e) = protected.write(&path, &record)
        && !*warned
    {
        notice.0 = Some(e);
        *warned = true;
    }
}

fn storage(
    mut requests: MessageReader<Storage>,
    dir: Res<DataDir>,
    game: Option<Res<ActiveGame>>,
    settings: Res<Settings>,
    protected: Res<Protected>,
    mut notice: ResMut<Notice>,
    mut out: MessageWriter<Command>,
) {
    for request in requests.read() {
        let result = match request {
            Storage::Save(name) => match (&game, dir.save_path(name)) {
                (Some(game), Some(path)) if valid_name(name) => write_ron(&path, &game.0.record()),
                (_, _) if !valid_name(name) => Err(format!("'{name}' is not a usable save name")),
                _ => Err("there is no game or no data directory to save to".into()),
            },
            Storage::Load(name) => dir
                .save_path(name)
                .ok_or_else(|| "no data directory".to_string())
                .and_then(|path| read_ron::<GameRecord>(&path))
                .map(|record| {
                    out.write(Command::Resume(record));
                }),
            Storage::WriteSettings => match dir.file(SETTINGS) {
                Some(path) => protected.write(&path, &*settings),
                None => Ok(()),
            },
        };
        if let Err(e) = result {
            notice.0 = Some(e);
        }
    }
}

/// The names of the saved games, sorted.
pub fn saved_games(dir: &DataDir) -> Vec<String> {
    let Some(saves) = dir.0.as_ref().map(|d| d.join(SAVES)) else {
        return Vec::new();
    };
    let mut names: Vec<String> = fs::read_dir(saves)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            (path.extension()? == "ron").then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    names.sort();
    names
}

/// A save name is letters, digits, spaces, `-` and `_`, at most 64 of them.
pub fn valid_name(name: &str) -> bool {
    !name.trim().is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
}

/// Reads a RON file; the error names the file and what is wrong, in one line.
pub fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    ron::from_str(&text).map_err(|e| {
        format!(
            "{}: line {}, column {}: {}",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })
}

/// Writes a value as RON: to a temporary file beside the target, flushed, then renamed over
/// it, so a crash never leaves a half-written file.
pub fn write_ron<T: serde::Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| fail(&e))?;
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|e| fail(&e))?;
    }
    let temp = path.with_extension("ron.tmp");
    let mut file = fs::File::create(&temp).map_err(|e| fail(&e))?;
    file.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
    file.sync_all().map_err(|e| fail(&e))?;
    fs::rename(&temp, path).map_err(|e| fail(&e))
}
