//! Games in and out as records (PGN-shaped, see the engine's `pgn` module): the game exported
//! to a record file in the data directory, and a record file dropped on the window opened as a
//! game. Either way the engine reads and writes the text; a record it refuses is explained in
//! one line and changes nothing.

use super::clock::Clocks;
use super::opponent::{Names, Players};
use super::persistence::{DataDir, Playing, Saved, write_text};
use super::session::{Command, Notice};
use crate::rules::{Game, PgnHeader, Side};
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Asks for the game to be written as a record file.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ExportRecord;

/// Where the last record was written, to tell the player.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Exported(pub Option<PathBuf>);

const RECORDS: &str = "records";

/// Registers exporting and opening records.
pub fn plugin(app: &mut App) {
    app.init_resource::<Exported>()
        .add_message::<ExportRecord>()
        .add_message::<FileDragAndDrop>()
        .add_systems(Update, (export, open_dropped));
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
        time_control: clocks
            .control
            .map(|c| format!("{}+{}", c.base.as_secs(), c.increment.as_secs())),
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

/// `<folder>/<id>-<n>.pgn` for the first `n` not yet taken.
fn free_name(folder: &Path, id: &str) -> PathBuf {
    (1..)
        .map(|n| folder.join(format!("{id}-{n}.pgn")))
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{id}.pgn")))
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
            Ok((game, _)) => {
                out.write_batch([
                    Command::Resume(game.record()),
                    Command::Players(Players::default()),
                    Command::Names(Names::default()),
                    Command::Clocks(Clocks::default()),
                ]);
            }
            Err(e) => notice.0 = Some(format!("{}: {e}", path_buf.display())),
        }
    }
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
    use super::civil_from_days;

    /// Known dates: the epoch, a leap day, and this project's era.
    #[test]
    fn days_since_the_epoch_become_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_416), (2025, 11, 24));
    }
}
