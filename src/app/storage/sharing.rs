//! Games in and out as text: the game exported as a record (PGN-shaped, see the engine's `pgn`
//! module) to a file in the data directory or copied to the clipboard, the position copied as
//! FEN, and a record file dropped on the window, or a record or FEN pasted, opened as a game.
//! Either way the engine reads and writes the text; text it refuses is explained in one line and
//! changes nothing.

use crate::app::shared::clocks::{Clocks, TimeControl};
use crate::app::shared::game::Notice;
use crate::app::shared::messages::Command;
use crate::app::shared::players::{Names, Players};
use crate::app::shared::screen::{Frame, InGame};
use crate::app::storage::saves::{DataDir, Playing, Saved, write_text};
use crate::rules::{Game, PgnHeader, RulesExt, Side, Variant, ids};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::EguiClipboard;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Asks for the game to be written as a record file.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ExportRecord;

/// Where the last record was written, to tell the player.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Exported(pub Option<PathBuf>);

/// What of the game to put on the clipboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyGame {
    /// The whole game, as a record.
    Record,
    /// The live position, as FEN.
    Fen,
}

/// What was last put on the clipboard, and the text, to confirm it to the player.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Copied(pub Option<(CopyGame, String)>);

/// Text pasted to be opened as a game: a record, or a FEN, read first as a position of the
/// variant chosen (with its options), then of each other variant.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Paste {
    /// The text pasted.
    pub text: String,
    /// The variant a FEN is read in first.
    pub variant: String,
    /// That variant's options.
    pub options: Vec<String>,
}

/// The system clipboard, where there is one (not in headless apps).
#[derive(SystemParam)]
pub struct Clipboard<'w> {
    clipboard: Option<ResMut<'w, EguiClipboard>>,
}

impl Clipboard<'_> {
    /// The clipboard's text, if it holds any.
    pub fn text(&mut self) -> Option<String> {
        self.clipboard.as_mut().and_then(|c| c.get_text())
    }

    /// Puts `text` on the clipboard.
    fn set(&mut self, text: &str) {
        if let Some(clipboard) = self.clipboard.as_mut() {
            clipboard.set_text(text);
        }
    }
}

const RECORDS: &str = "records";

/// Registers exporting, copying and opening records and positions.
pub fn plugin(app: &mut App) {
    app.init_resource::<Exported>()
        .init_resource::<Copied>()
        .add_message::<ExportRecord>()
        .add_message::<CopyGame>()
        .add_message::<Paste>()
        .add_message::<FileDragAndDrop>()
        .add_systems(
            Update,
            (export, copy, open_pasted, open_dropped).in_set(Frame::Apply),
        )
        .add_systems(OnEnter(InGame), forget_the_last_game);
}

/// A game coming on the board starts without the last one's "exported to" and "copied".
fn forget_the_last_game(mut exported: ResMut<Exported>, mut copied: ResMut<Copied>) {
    exported.set_if_neq(Exported(None));
    copied.set_if_neq(Copied(None));
}

/// The header of `saved`'s record: the event, `date`, the players by the names typed in the menu
/// (or who played), the time control in seconds (`300+3`).
pub fn header(game: &Game, saved: &Saved, date: String) -> PgnHeader {
    let sides = &game.variant().data().sides;
    let name = |side: Side| saved.names.of(side, &saved.players, &sides[side.index()]);
    let clocks = &saved.clocks;
    PgnHeader {
        event: Some("Oddboard game".into()),
        date: Some(date),
        white: Some(name(Side::White)),
        black: Some(name(Side::Black)),
        time_control: clocks.control.map(TimeControl::pgn),
        ..PgnHeader::default()
    }
}

fn export(
    mut asked: MessageReader<ExportRecord>,
    playing: Playing,
    dir: Res<DataDir>,
    mut exported: ResMut<Exported>,
    mut notice: ResMut<Notice>,
) {
    if asked.read().count() == 0 {
        return;
    }
    let written = playing
        .saved()
        .ok_or_else(|| "there is no game to export".to_string())
        .and_then(|saved| export_saved(&dir, &saved, today()));
    match written {
        Ok(path) => exported.0 = Some(path),
        Err(e) => notice.0 = Some(e),
    }
}

/// Writes the record of `saved` into the data directory's records folder; where it went.
pub fn export_saved(dir: &DataDir, saved: &Saved, date: String) -> Result<PathBuf, String> {
    let game = Game::from_record(&saved.game).map_err(|e| e.to_string())?;
    let folder = dir
        .file(RECORDS)
        .ok_or_else(|| "there is no data directory to export to".to_string())?;
    let path = free_name(&folder, game.variant().id());
    let text = game.to_pgn(&header(&game, saved, date));
    write_text(&path, &text).map(|()| path)
}

/// `<folder>/<id>-<n>.pgn` for the first `n` not yet taken; a variant file's id (its path)
/// gives its file's name without the extension.
fn free_name(folder: &Path, id: &str) -> PathBuf {
    let id = Path::new(id)
        .file_stem()
        .map_or_else(|| id.into(), |stem| stem.to_string_lossy());
    (1..)
        .map(|n| folder.join(format!("{id}-{n}.pgn")))
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{id}.pgn")))
}

/// Puts the game's record, or its live position's FEN, on the clipboard.
fn copy(
    mut asked: MessageReader<CopyGame>,
    playing: Playing,
    mut clipboard: Clipboard,
    mut copied: ResMut<Copied>,
    mut notice: ResMut<Notice>,
) {
    for &what in asked.read() {
        let text = playing
            .saved()
            .ok_or_else(|| "there is no game to copy".to_string())
            .and_then(|saved| {
                let game = Game::from_record(&saved.game).map_err(|e| e.to_string())?;
                Ok(match what {
                    CopyGame::Record => game.to_pgn(&header(&game, &saved, today())),
                    CopyGame::Fen => game.variant().fen(game.position()),
                })
            });
        match text {
            Ok(text) => {
                clipboard.set(&text);
                copied.0 = Some((what, text));
            }
            Err(e) => notice.0 = Some(e),
        }
    }
}

/// Reads pasted text as a game: a record (it begins with a tag pair), or orthodox chess move
/// text alone (it begins with a move number, and may end without a result), else a
/// FEN of the variant `preferred` (with `options`), else of orthodox chess (the FEN most often
/// copied from elsewhere), else of the first other variant that takes it. The error says why
/// the text is neither, in the preferred variant's terms.
pub fn read_pasted(text: &str, preferred: &str, options: &[String]) -> Result<Game, String> {
    let text = text.trim();
    let first = text.split_whitespace().next().unwrap_or_default();
    if first.is_empty() {
        return Err("the clipboard holds no text".into());
    }
    if first.starts_with('[') {
        return Game::from_pgn(text)
            .map(|(game, _)| game)
            .map_err(|e| format!("pasted record: {e}"));
    }
    if first.ends_with('.') && first.trim_end_matches('.').parse::<u32>().is_ok() {
        return Game::from_move_text(text).map_err(|e| format!("pasted moves: {e}"));
    }
    let as_fen = |id: &str, options: &[String]| {
        Variant::load(id, options)
            .map_err(|e| e.to_string())
            .and_then(|v| Game::from_fen(Arc::new(v), text).map_err(|e| e.to_string()))
    };
    as_fen(preferred, options).or_else(|refused| {
        std::iter::once("chess")
            .chain(ids())
            .filter(|id| *id != preferred)
            .find_map(|id| as_fen(id, &[]).ok())
            .ok_or_else(|| format!("pasted text is no record, nor a FEN of {preferred}: {refused}"))
    })
}

/// Pasted text opens as a game between two people, without clocks.
fn open_pasted(
    mut pasted: MessageReader<Paste>,
    mut out: MessageWriter<Command>,
    mut notice: ResMut<Notice>,
) {
    for paste in pasted.read() {
        match read_pasted(&paste.text, &paste.variant, &paste.options) {
            Ok(game) => open(&mut out, &game),
            Err(e) => notice.0 = Some(e),
        }
    }
}

/// A record file dropped on the window opens as a game between two people, without clocks.
fn open_dropped(
    mut dropped: MessageReader<FileDragAndDrop>,
    mut out: MessageWriter<Command>,
    mut notice: ResMut<Notice>,
) {
    for drop in dropped.read() {
        let FileDragAndDrop::DroppedFile { path_buf, .. } = drop else {
            continue;
        };
        let read = std::fs::read_to_string(path_buf)
            .map_err(|e| e.to_string())
            .and_then(|text| Game::from_pgn(&text).map_err(|e| e.to_string()));
        match read {
            Ok((game, _)) => open(&mut out, &game),
            Err(e) => notice.0 = Some(format!("{}: {e}", path_buf.display())),
        }
    }
}

/// Opens `game` (read from outside) between two people, without clocks.
fn open(out: &mut MessageWriter<Command>, game: &Game) {
    out.write_batch([
        Command::Resume(game.record()),
        Command::Players(Players::default()),
        Command::Names(Names::default()),
        Command::Clocks(Clocks::default()),
    ]);
}

/// Today's date as a record writes it, `YYYY.MM.DD` (UTC).
fn today() -> String {
    date_of(SystemTime::now())
}

/// A moment's date as a record writes it, `YYYY.MM.DD` (UTC).
pub fn date_of(moment: SystemTime) -> String {
    let days = moment
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The calendar date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::{civil_from_days, free_name};
    use std::path::Path;

    /// A variant file's game is exported among the records under its file's name, never beside
    /// the variant file its id (a path) names.
    #[test]
    fn a_variant_file_s_record_is_named_after_the_file() {
        let folder = Path::new("/nowhere/records");
        assert_eq!(
            free_name(folder, "/games/variants/chess.ron"),
            folder.join("chess-1.pgn")
        );
        assert_eq!(
            free_name(folder, "fanorona-chess"),
            folder.join("fanorona-chess-1.pgn")
        );
    }

    /// Known dates: the epoch, a leap day, and this project's era.
    #[test]
    fn days_since_the_epoch_become_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_416), (2025, 11, 24));
    }
}
