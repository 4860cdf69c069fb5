//! Saved games and settings, as RON files in the player's data directory. Every write goes to a
//! uniquely named temporary file beside the target, is synced, renamed over the target and the
//! directory synced, so a crash leaves the old file or the new one, never half of one. A file
//! that cannot be read is moved aside under a name that says so, the player is told, and saving
//! goes on.

use crate::app::shared::clocks::Clocks;
use crate::app::shared::game::{ActiveGame, Notice, Studying};
use crate::app::shared::messages::Command;
use crate::app::shared::players::{Names, Players};
use crate::app::shared::screen::Frame;
use crate::app::shared::settings::Settings;
use crate::app::shared::storage::Storage;
use crate::rules::{Game, GameRecord};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

const AUTOSAVE: &str = "autosave.ron";
const SETTINGS: &str = "settings.ron";
const SAVES: &str = "saves";

/// The format of saved games this build writes. It reads this one and every earlier one:
/// format 0 is the bare game record that saves held before formats were numbered; format 1 has
/// no players (both sides were people); format 2 has the players, their names and the clocks.
pub const SAVE_FORMAT: u32 = 2;

/// A saved game as written to disk: its format, the game, and who played each side.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGame {
    format: u32,
    game: GameRecord,
    #[serde(default)]
    players: Players,
    #[serde(default)]
    clocks: Clocks,
    #[serde(default)]
    names: Names,
}

/// A saved game as the game uses it: the record and who played each side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The game's record.
    pub game: GameRecord,
    /// Who played each side.
    pub players: Players,
    /// The clocks as they stood.
    pub clocks: Clocks,
    /// The players' names.
    pub names: Names,
}

impl Saved {
    /// The commands that take the game up again: the game, who plays it, its clocks.
    pub fn resume(&self) -> [Command; 4] {
        [
            Command::Resume(self.game.clone()),
            Command::Players(self.players),
            Command::Names(self.names.clone()),
            Command::Clocks(self.clocks),
        ]
    }
}

/// The format of a saved game, read before anything else in it (format 0 has none).
#[derive(Deserialize)]
struct SavedFormat {
    #[serde(default)]
    format: u32,
}

/// Where the files live; `None` when no data directory can be found (nothing is saved then).
#[derive(Resource, Clone, Debug, Default)]
pub struct DataDir(pub Option<PathBuf>);

impl DataDir {
    /// The player's data directory for Oddboard: `$ODDBOARD_DATA_DIR` if set, else the
    /// platform's usual place (`~/.local/share/oddboard` on Linux).
    pub fn from_environment() -> DataDir {
        let dir = std::env::var_os("ODDBOARD_DATA_DIR")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| {
                directories::ProjectDirs::from("", "", "oddboard")
                    .map(|dirs| dirs.data_dir().to_path_buf())
            });
        DataDir(dir)
    }

    /// The file or folder `name` in the data directory, if there is one.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join(name))
    }

    /// Where the game saved under `name` is kept, if there is a data directory.
    pub fn save_path(&self, name: &str) -> Option<PathBuf> {
        self.0
            .as_ref()
            .map(|d| d.join(SAVES).join(format!("{name}.ron")))
    }
}

/// The game saved when the app last stopped, offered as "Continue".
#[derive(Resource, Clone, Debug, Default)]
pub struct Autosave(pub Option<Saved>);

/// A named save that would replace an existing one, waiting for the player's yes.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplaceAsked(pub Option<String>);

/// Registers loading at start-up, autosave after every change to the game, named saves and
/// settings.
pub fn plugin(app: &mut App) {
    app.init_resource::<DataDir>()
        .init_resource::<Autosave>()
        .init_resource::<ReplaceAsked>()
        .init_resource::<SavedAs>()
        .add_systems(Startup, load_at_start)
        .add_systems(
            Update,
            (
                autosave
                    .run_if(
                        resource_exists_and_changed::<ActiveGame>
                            .or_eager(resource_changed::<Players>)
                            .or_eager(resource_changed::<Names>),
                    )
                    .in_set(Frame::Sync),
                storage.in_set(Frame::Apply),
            ),
        );
}

fn load_at_start(
    dir: Res<DataDir>,
    mut settings: ResMut<Settings>,
    mut autosave: ResMut<Autosave>,
    mut notice: ResMut<Notice>,
) {
    let mut problems = Vec::new();
    if let Some(path) = dir.file(SETTINGS).filter(|p| p.exists()) {
        match read_ron::<Settings>(&path) {
            Ok(read) => *settings = read,
            Err(e) => problems.push(set_aside(&path, &e)),
        }
    }
    if let Some(path) = dir.file(AUTOSAVE).filter(|p| p.exists()) {
        match read_game(&path) {
            Ok(saved) => autosave.0 = Some(saved),
            Err(e) => problems.push(set_aside(&path, &e)),
        }
    }
    if !problems.is_empty() {
        notice.0 = Some(problems.join("\n"));
    }
}

/// Moves an unreadable file out of the way, keeping it under a name that says why, and returns
/// what to tell the player.
pub fn set_aside(path: &Path, why: &str) -> String {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let kept = (1..)
        .map(|n| path.with_file_name(format!("{name}.unreadable-{n}")))
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| path.with_file_name(format!("{name}.unreadable")));
    match fs::rename(path, &kept) {
        Ok(()) => format!(
            "{why}\nThe file is kept as {}; a new {name} is written from now on.",
            kept.display()
        ),
        Err(e) => format!("{why}\nIt could not be moved aside either ({e})."),
    }
}

/// Saves the game after every change to it (a turn, an undo, a resignation), and offers it as
/// "Continue" in the menu. A lesson or a puzzle is not saved: the game in progress stays. A game
/// another window of the player's autosaved since this one last did is not written over: it is
/// kept among the named saves first, and the player told.
fn autosave(
    playing: Playing,
    dir: Res<DataDir>,
    studying: Res<Studying>,
    mut offered: ResMut<Autosave>,
    mut notice: ResMut<Notice>,
) {
    let Some(saved) = playing.saved().filter(|_| !studying.0) else {
        return;
    };
    if let Some(path) = dir.file(AUTOSAVE) {
        let theirs = read_game(&path)
            .ok()
            .filter(|theirs| offered.0.as_ref() != Some(theirs));
        let kept = theirs.map(|theirs| keep_among_saves(&dir, &theirs));
        let written = match kept {
            Some(Err(e)) => Err(format!(
                "{e}\nThe game was not autosaved, so as not to lose it."
            )),
            Some(Ok(told)) => write_game(&path, &saved).map(|()| Some(told)),
            None => write_game(&path, &saved).map(|()| None),
        };
        match written {
            Ok(Some(told)) | Err(told) => notice.0 = Some(told),
            Ok(None) => {}
        }
    }
    offered.0 = Some(saved);
}

/// The name a game another window autosaved is kept under, with the first number no saved
/// game has after it.
const ELSEWHERE: &str = "From another window";

/// Keeps `theirs` (a game another window autosaved) as a named save: what to tell the player.
fn keep_among_saves(dir: &DataDir, theirs: &Saved) -> Result<String, String> {
    let taken = saved_games(dir);
    let name = (1..)
        .map(|n| format!("{ELSEWHERE} {n}"))
        .find(|name| !taken.contains(name))
        .unwrap_or_else(|| ELSEWHERE.to_string());
    let path = dir
        .save_path(&name)
        .ok_or_else(|| "no data directory".to_string())?;
    write_game(&path, theirs)?;
    Ok(format!(
        "Another Oddboard window's game was kept as the saved game \"{name}\"."
    ))
}

/// The game being played, who plays it and its clocks: what a save holds.
#[derive(SystemParam)]
pub struct Playing<'w> {
    game: Option<Res<'w, ActiveGame>>,
    players: Res<'w, Players>,
    clocks: Res<'w, Clocks>,
    names: Res<'w, Names>,
}

impl Playing<'_> {
    /// The game as saved, if there is one.
    pub fn saved(&self) -> Option<Saved> {
        self.game.as_ref().map(|game| Saved {
            game: game.0.record(),
            players: *self.players,
            clocks: *self.clocks,
            names: self.names.clone(),
        })
    }
}

/// What the save box is told back: a name to confirm replacing, or the name just saved under.
#[derive(SystemParam)]
struct SaveAnswers<'w> {
    replace_asked: ResMut<'w, ReplaceAsked>,
    saved_as: ResMut<'w, SavedAs>,
}

/// The name the game was last saved under from the save box, to confirm it to the player.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct SavedAs(pub Option<String>);

fn storage(
    mut requests: MessageReader<Storage>,
    dir: Res<DataDir>,
    playing: Playing,
    mut settings: ResMut<Settings>,
    mut answers: SaveAnswers,
    mut notice: ResMut<Notice>,
    mut out: MessageWriter<Command>,
) {
    for request in requests.read() {
        let result = match request {
            Storage::Save { name, replace } => {
                answers.replace_asked.set_if_neq(ReplaceAsked(None));
                answers.saved_as.set_if_neq(SavedAs(None));
                match (playing.saved(), dir.save_path(name)) {
                    _ if !valid_name(name) => Err(format!("'{name}' is not a usable save name")),
                    (Some(_), Some(path)) if path.exists() && !replace => {
                        answers.replace_asked.0 = Some(name.clone());
                        Ok(())
                    }
                    (Some(saved), Some(path)) => write_game(&path, &saved).map(|()| {
                        answers.saved_as.0 = Some(name.clone());
                    }),
                    _ => Err("there is no game or no data directory to save to".into()),
                }
            }
            Storage::Load(name) => dir
                .save_path(name)
                .ok_or_else(|| "no data directory".to_string())
                .and_then(|path| read_game(&path))
                .map(|saved| {
                    out.write_batch(saved.resume());
                }),
            Storage::Settings(new) => {
                settings.set_if_neq(new.clone());
                match dir.file(SETTINGS) {
                    Some(path) => write_ron(&path, new),
                    None => Ok(()),
                }
            }
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

/// Reads a saved game of any format up to [`SAVE_FORMAT`] and checks that it replays; the
/// error names the file and what is wrong, in one line.
pub fn read_game(path: &Path) -> Result<Saved, String> {
    let text = read_text(path)?;
    let saved = match parse_ron::<SavedFormat>(path, &text)?.format {
        0 => Saved {
            game: parse_ron::<GameRecord>(path, &text)?,
            players: Players::default(),
            clocks: Clocks::default(),
            names: Names::default(),
        },
        1..=SAVE_FORMAT => {
            let read = parse_ron::<SavedGame>(path, &text)?;
            Saved {
                game: read.game,
                players: read.players,
                clocks: read.clocks,
                names: read.names,
            }
        }
        newer => {
            return Err(format!(
                "{}: saved by a newer Oddboard (save format {newer}; this one reads up to {SAVE_FORMAT})",
                path.display()
            ));
        }
    };
    Game::from_record(&saved.game)
        .map(|_| saved)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a game in the current save format.
pub fn write_game(path: &Path, saved: &Saved) -> Result<(), String> {
    write_ron(
        path,
        &SavedGame {
            format: SAVE_FORMAT,
            game: saved.game.clone(),
            players: saved.players,
            clocks: saved.clocks,
            names: saved.names.clone(),
        },
    )
}

/// Reads a RON file; the error names the file and what is wrong, in one line.
pub fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    parse_ron(path, &read_text(path)?)
}

fn read_text(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses `text`, read from `path`; the error names the file, line and column.
fn parse_ron<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, String> {
    ron::from_str(text).map_err(|e| {
        format!(
            "{}: line {}, column {}: {}",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })
}

/// Writes a value as RON atomically: a uniquely named temporary file beside the target
/// (removed again on any error), synced, renamed over the target, then the directory synced.
pub fn write_ron<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    write_text(path, &text)
}

/// Writes `text` to `path` atomically: a temporary file beside it, synced, renamed over it, the
/// directory synced. The error names the file, in one line.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    let mut temp = tempfile::Builder::new()
        .prefix(".oddboard-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| fail(&e))?;
    temp.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
    temp.as_file().sync_all().map_err(|e| fail(&e))?;
    temp.persist(path).map_err(|e| fail(&e.error))?;
    sync_dir(dir).map_err(|e| fail(&e))
}

/// Makes a rename in `dir` durable.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

/// Makes a rename in `dir` durable (the platform does it with the rename).
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}
