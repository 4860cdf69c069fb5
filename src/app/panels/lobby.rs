//! The lists the Join dialog shows of the server it is connected to: the player's games there
//! (whose turn, the time left, the most urgent first, each to put on the board), its tables
//! (each seated player with their rating), the finished games (the player's own and the
//! server's latest, each to open on the analysis board) and a variant's leaderboard.

use super::Catalogue;
use super::terms::{counted, rated_name, terms_label, turns, variant_name};
use crate::app::online::link::{Games, Link, OnlineAction};
use crate::app::shared::clocks::face;
use crate::net::protocol::{FinishedGame, PlayingGame, TableInfo};
use crate::rules::Side;
use bevy::prelude::*;
use bevy_egui::egui;
use std::time::Duration;

/// The colour of a game waiting for the player's turn.
pub(super) const YOUR_TURN: egui::Color32 = egui::Color32::LIGHT_GREEN;

/// The player's unfinished games on the server, in the server's order (the most urgent
/// first), each with whose turn it is, the time left and a button putting it on the board.
pub(super) fn your_games(
    ui: &mut egui::Ui,
    games: Option<&Games>,
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    ui.add_space(6.0);
    ui.strong("Your games");
    let Some(games) = games else {
        ui.label("Asking the server…");
        return;
    };
    if games.playing.is_empty() {
        ui.label("None: open a table or join one.");
        return;
    }
    let since = games.received.elapsed();
    egui::Grid::new("your games").striped(true).show(ui, |ui| {
        for game in &games.playing {
            let them = game.you.opponent().index();
            let opponent = &game.names[them];
            ui.label(if opponent.is_empty() {
                "waiting for an opponent".to_string()
            } else {
                format!("against {}", rated_name(opponent, game.ratings[them]))
            });
            ui.label(terms_label(catalogue, &game.terms));
            let whose = whose_turn(game, since);
            if game.your_turn() {
                ui.colored_label(YOUR_TURN, whose);
            } else {
                ui.label(whose);
            }
            ui.label(turns(game.plies));
            if ui
                .button("Open")
                .on_hover_text("Put this game on the board")
                .clicked()
            {
                out.write(OnlineAction::open(game));
            }
            ui.end_row();
        }
    });
    let least = games
        .playing
        .iter()
        .filter_map(|game| game.left)
        .min()
        .map(|left| left.saturating_sub(since));
    if let Some(least) = least {
        ui.ctx().request_repaint_after(repaint_after(least));
    }
}

/// Whose turn it is in `game`, with the time left on the running clock `since` the list came:
/// `your turn, 2d 23h left`.
fn whose_turn(game: &PlayingGame, since: Duration) -> String {
    let whose = if game.your_turn() {
        "your turn".to_string()
    } else {
        format!("{}'s turn", game.names[game.to_move.index()])
    };
    match game.left {
        Some(left) => format!("{whose}, {} left", face(left.saturating_sub(since))),
        None => whose,
    }
}

/// How soon a clock face showing `left` changes: within a second under an hour, else within
/// a minute.
fn repaint_after(left: Duration) -> Duration {
    if left < Duration::from_secs(3600) {
        Duration::from_secs(1)
    } else {
        Duration::from_secs(60)
    }
}

/// The server's tables under their heading, each seated player with their rating, each table
/// with Join (or Rejoin) and Watch.
pub(super) fn tables(
    ui: &mut egui::Ui,
    tables: &[TableInfo],
    name: &str,
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    ui.add_space(6.0);
    ui.strong(match tables.len() {
        0 => "Tables".to_string(),
        1 => "1 table".to_string(),
        n => format!("{n} tables"),
    });
    if tables.is_empty() {
        ui.label("None yet: press Refresh in a moment.");
        return;
    }
    egui::Grid::new("tables").striped(true).show(ui, |ui| {
        for table in tables {
            let data = catalogue.data(&table.terms.variant);
            ui.label(terms_label(catalogue, &table.terms));
            let seats: Vec<String> = Side::BOTH
                .iter()
                .map(|&side| {
                    let who = &table.names[side.index()];
                    let side_name = data.map_or("?", |d| d.side_name(side));
                    if who.is_empty() {
                        format!("{side_name}: free")
                    } else {
                        format!(
                            "{side_name}: {}",
                            rated_name(who, table.ratings[side.index()])
                        )
                    }
                })
                .collect();
            ui.label(seats.join(", "));
            let free = table.names.iter().any(String::is_empty);
            ui.label(progress(table.finished, free, table.plies));
            let mine = table.names.iter().any(|n| n == name);
            if !table.finished
                && (free || mine)
                && ui.button(if mine { "Rejoin" } else { "Join" }).clicked()
            {
                out.write(OnlineAction::Join {
                    table: table.table,
                    name: name.to_string(),
                });
            }
            if ui.button("Watch").clicked() {
                out.write(OnlineAction::Watch(table.table));
            }
            ui.end_row();
        }
    });
}

/// How far a listed table's game has gone: finished, waiting for an opponent, or the turns
/// played.
fn progress(finished: bool, free_seat: bool, plies: u32) -> String {
    match (finished, free_seat, plies) {
        (true, ..) => "finished".to_string(),
        (false, true, _) => "waiting for an opponent".to_string(),
        (false, false, 0) => "just begun".to_string(),
        (false, false, n) => format!("{} played", turns(n)),
    }
}

/// The finished games listed: the player's own, then the server's latest.
pub(super) fn finished_games(
    ui: &mut egui::Ui,
    games: Option<&Games>,
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    let yours = games.map(|g| g.finished.as_slice());
    let latest = games.map(|g| g.latest.as_slice());
    finished_list(ui, "Your finished games", yours, catalogue, out);
    finished_list(ui, "Latest on this server", latest, catalogue, out);
}

/// A list of finished games under its heading (`None`: not answered yet), each with a button
/// opening it on the analysis board.
fn finished_list(
    ui: &mut egui::Ui,
    heading: &str,
    games: Option<&[FinishedGame]>,
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    ui.add_space(6.0);
    ui.strong(heading);
    let Some(games) = games else {
        ui.label("Asking the server…");
        return;
    };
    if games.is_empty() {
        ui.label("None yet.");
        return;
    }
    egui::Grid::new(heading).striped(true).show(ui, |ui| {
        for game in games {
            ui.label(format!("{} – {}", game.names[0], game.names[1]));
            ui.label(terms_label(catalogue, &game.terms));
            ui.label(&game.result);
            ui.label(turns(game.plies));
            if ui
                .button("Analyse")
                .on_hover_text("Open this game on the analysis board")
                .clicked()
            {
                out.write(OnlineAction::Analyse(game.pgn.clone()));
            }
            ui.end_row();
        }
    });
}

/// A variant's leaderboard, the variant picked from a list (`picked`; at first `first`): the
/// rank, name, rating (`?` while provisional) and rated games of each line. Picking a variant
/// asks the server for its leaderboard.
pub(super) fn leaderboard(
    ui: &mut egui::Ui,
    link: &Link,
    catalogue: &Catalogue,
    picked: &mut Option<String>,
    first: &str,
    out: &mut MessageWriter<OnlineAction>,
) {
    ui.add_space(6.0);
    let mut wanted = picked.clone().unwrap_or_else(|| first.to_string());
    ui.horizontal(|ui| {
        ui.strong("Leaderboard");
        egui::ComboBox::from_id_salt("leaderboard variant")
            .selected_text(variant_name(catalogue, &wanted).to_string())
            .show_ui(ui, |ui| {
                for data in catalogue.built_ins() {
                    ui.selectable_value(&mut wanted, data.id.clone(), &data.name);
                }
            });
    });
    if link.leaderboard_asked.as_ref() != Some(&wanted) {
        out.write(OnlineAction::Leaderboard(wanted.clone()));
    }
    let shown = link
        .leaderboard
        .as_ref()
        .filter(|board| board.variant == wanted);
    match shown {
        None => {
            ui.label("Asking the server…");
        }
        Some(board) if board.rows.is_empty() => {
            ui.label(format!(
                "No rated games of {} yet.",
                variant_name(catalogue, &wanted)
            ));
        }
        Some(board) => {
            egui::Grid::new("leaderboard").striped(true).show(ui, |ui| {
                for (rank, row) in board.rows.iter().enumerate() {
                    ui.label(format!("{}.", rank + 1));
                    ui.label(&row.name);
                    ui.monospace(row.rating.to_string());
                    ui.label(counted(row.games, "game"));
                    ui.end_row();
                }
            });
        }
    }
    *picked = Some(wanted);
}

#[cfg(test)]
mod tests {
    use super::{progress, whose_turn};
    use crate::app::shared::clocks::TimeControl;
    use crate::net::protocol::{PlayingGame, Terms};
    use crate::rules::Side;
    use std::time::Duration;

    #[test]
    fn a_listed_table_counts_its_turns_in_words() {
        assert_eq!(progress(false, true, 0), "waiting for an opponent");
        assert_eq!(progress(false, false, 0), "just begun");
        assert_eq!(progress(false, false, 1), "1 turn played");
        assert_eq!(progress(false, false, 2), "2 turns played");
        assert_eq!(progress(true, false, 9), "finished");
    }

    #[test]
    fn a_game_of_yours_says_whose_turn_and_the_time_left_since_it_was_listed() {
        let mut game = PlayingGame {
            table: 12,
            terms: Terms {
                variant: "chess".into(),
                options: Vec::new(),
                clock: Some(TimeControl::days(3)),
                rated: true,
                file: None,
            },
            names: ["Ana".into(), "Bob".into()],
            ratings: [None, None],
            you: Side::White,
            to_move: Side::White,
            left: Some(Duration::from_secs(3 * 86_400)),
            plies: 4,
        };
        let hour = Duration::from_secs(3600);
        assert_eq!(whose_turn(&game, hour), "your turn, 2d 23h left");
        game.to_move = Side::Black;
        game.left = None;
        assert_eq!(whose_turn(&game, hour), "Bob's turn");
    }
}
