//! Network play's panels: the Host and Join dialogs over the menu (a table opened from either
//! is rated or casual, with a clock or days a turn; the Join dialog shows the server's lists),
//! and the online part of the game panel (the table, its players' ratings, the addresses to
//! give, the opponent away, a lost connection being made again, offers, chat, and the player's
//! turn come in another game).

use super::Catalogue;
use super::lobby::{YOUR_TURN, finished_games, leaderboard, tables, your_games};
use super::terms::{options_text, rated_name, terms_label, variant_name};
use crate::app::online::link::{Link, OnlineAction, Phase, TurnNotice};
use crate::app::online::servers::KnownServer;
use crate::app::shared::clocks::TimeControl;
use crate::app::shared::messages::Command;
use crate::cli::DEFAULT_PORT;
use crate::net::protocol::{CLAIM_AFTER, MAX_TEXT, Offer, TableState, Terms};
use crate::rules::{Game, RulesExt, Side};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// How far below the window's top the dialogs stand (at most: 30 % of a short window's
/// height): a dialog grows downwards (a status line, the lists), so nothing above moves under
/// the pointer.
const DIALOG_TOP: f32 = 240.0;

/// The room kept free between a dialog and the window's edges: its lists scroll in what is
/// left of the window (less twice as much across, for the dialog's frame and scroll bar), and
/// the Join dialog showing a server's lists reaches down to it.
const DIALOG_MARGIN: f32 = 24.0;

/// The least height the lists scroll in, however little room the window leaves.
const LEAST_LIST: f32 = 32.0;

/// Registers the dialogs' state (the menu draws them, over itself); a dialog closes when its
/// game begins, so the menu is clean when the player comes back to it.
pub(super) fn plugin(app: &mut App) {
    use crate::app::shared::screen::Screen;
    app.init_resource::<Dialog>()
        .add_systems(OnEnter(Screen::Playing), close_dialog)
        .add_systems(OnEnter(Screen::GameOver), close_dialog);
}

/// Closes the open dialog.
fn close_dialog(mut dialog: ResMut<Dialog>) {
    dialog.open = None;
}

/// Which dialog is open, and what has been typed in it.
#[derive(Resource)]
pub struct Dialog {
    /// The dialog open, if any.
    pub open: Option<Kind>,
    name: String,
    port: String,
    address: String,
    /// Why the address typed could not be used, since Connect was last pressed.
    address_error: Option<String>,
    side: Option<Side>,
    everywhere: bool,
    /// The game chosen in the menu, which a table opened from a dialog offers.
    pub game: Option<ChosenGame>,
    /// The clock of a table opened from a dialog (at first the menu's).
    clock: Option<TimeControl>,
    /// Whether a table opened from a dialog is rated.
    rated: bool,
    /// The variant whose leaderboard the Join dialog shows (at first the menu's).
    leaderboard: Option<String>,
    /// A server to connect to as soon as the Join dialog is drawn.
    connect_to: Option<SocketAddr>,
    /// The chat line being typed in a game.
    pub chat: String,
}

/// A variant with its options (sorted), as chosen in the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenGame {
    /// The variant id.
    pub variant: String,
    /// The option names, sorted.
    pub options: Vec<String>,
}

impl Dialog {
    /// The terms of a table opened from a dialog: the game chosen in the menu, with the clock
    /// and rating chosen in the dialog.
    fn terms(&self) -> Option<Terms> {
        self.game.as_ref().map(|game| Terms {
            variant: game.variant.clone(),
            options: game.options.clone(),
            clock: self.clock,
            rated: self.rated,
            file: None,
        })
    }

    /// Opens the Join dialog connecting to `server`, under the name used there.
    pub fn join(&mut self, server: &KnownServer) {
        self.open = Some(Kind::Join);
        self.address = server.address.to_string();
        self.address_error = None;
        self.name.clone_from(&server.name);
        self.connect_to = Some(server.address);
    }
}

impl Default for Dialog {
    fn default() -> Dialog {
        Dialog {
            open: None,
            name: String::new(),
            port: DEFAULT_PORT.to_string(),
            address: format!("127.0.0.1:{DEFAULT_PORT}"),
            address_error: None,
            side: Some(Side::White),
            everywhere: true,
            game: None,
            clock: None,
            rated: false,
            leaderboard: None,
            connect_to: None,
            chat: String::new(),
        }
    }
}

/// The two dialogs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Host a game.
    Host,
    /// Join a game.
    Join,
}

/// The menu's Host or Join button, opening its dialog (a table opened from it has the menu's
/// `clock` at first). A variant file is offered like a built-in variant: its text travels with
/// the table's terms.
pub(super) fn menu_button(
    ui: &mut egui::Ui,
    kind: Kind,
    dialog: &mut Dialog,
    clock: Option<TimeControl>,
) {
    let (text, about) = match kind {
        Kind::Host => (
            "Host a game…",
            "Play someone on another computer: they join at your address",
        ),
        Kind::Join => (
            "Join a game…",
            "Join or watch a game at another computer's address",
        ),
    };
    let button = ui.button(text).on_hover_text(about);
    if button.clicked() {
        dialog.open = Some(kind);
        dialog.clock = clock;
    }
}

/// The Host or Join dialog, if one is open, over the menu.
pub(super) fn dialogs(
    mut contexts: EguiContexts,
    mut dialog: ResMut<Dialog>,
    link: Res<Link>,
    catalogue: Res<Catalogue>,
    mut out: MessageWriter<OnlineAction>,
) -> Result {
    let Some(kind) = dialog.open else {
        return Ok(());
    };
    if let Some(address) = dialog.connect_to.take() {
        out.write(OnlineAction::Connect {
            name: name_of(&dialog),
            address,
        });
    }
    let ctx = contexts.ctx_mut()?;
    let title = match kind {
        Kind::Host => "Host a game",
        Kind::Join => "Join a game",
    };
    let mut open = true;
    let screen = ctx.content_rect();
    let top = DIALOG_TOP.min(screen.height() * 0.3);
    let lobby = kind == Kind::Join && matches!(link.phase, Phase::Lobby | Phase::Seated);
    let least_height = if lobby {
        screen.height() - top - DIALOG_MARGIN
    } else {
        0.0
    };
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_TOP, [0.0, top])
        .max_width(screen.width() - 2.0 * DIALOG_MARGIN)
        .min_height(least_height)
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Your name:");
                ui.add(egui::TextEdit::singleline(&mut dialog.name).char_limit(40));
            });
            match kind {
                Kind::Host => host_form(ui, &mut dialog, &link, &catalogue, &mut out),
                Kind::Join => join_form(ui, &mut dialog, &link, &catalogue, &mut out),
            }
        });
    if !open {
        dialog.open = None;
        if link.phase != Phase::Off {
            out.write(OnlineAction::Leave);
        }
    }
    Ok(())
}

/// The name typed, or a stand-in.
fn name_of(dialog: &Dialog) -> String {
    let name = dialog.name.trim();
    if name.is_empty() {
        "Player".to_string()
    } else {
        name.chars().take(MAX_TEXT).collect()
    }
}

/// The host's choices: the game is the one chosen in the menu.
fn host_form(
    ui: &mut egui::Ui,
    dialog: &mut Dialog,
    link: &Link,
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    let Some(terms) = table_choices(ui, dialog, catalogue) else {
        return;
    };
    ui.horizontal(|ui| {
        ui.label("Port:");
        ui.add(egui::TextEdit::singleline(&mut dialog.port).desired_width(60.0));
    });
    ui.checkbox(
        &mut dialog.everywhere,
        "Let other computers join (listen on every network)",
    );
    let port = dialog.port.trim().parse::<u16>();
    let host = ui.add_enabled(port.is_ok(), egui::Button::new("Host"));
    let port_error = port
        .is_err()
        .then(|| format!("'{}' is not a port (0 to 65535)", dialog.port.trim()));
    link_status(ui, link, port_error.as_deref());
    if let Ok(port) = port
        && host.clicked()
    {
        out.write(OnlineAction::Host {
            name: name_of(dialog),
            terms,
            side: dialog.side,
            port,
            everywhere: dialog.everywhere,
        });
    }
}

/// The address to join, a line saying how joining goes, then the server's tables.
fn join_form(
    ui: &mut egui::Ui,
    dialog: &mut Dialog,
    link: &Link,
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    ui.horizontal(|ui| {
        ui.label("Address:");
        ui.add(egui::TextEdit::singleline(&mut dialog.address).hint_text("host:port"));
        if ui.button("Connect").clicked() {
            match server_address(&dialog.address) {
                Ok(address) => {
                    dialog.address_error = None;
                    out.write(OnlineAction::Connect {
                        name: name_of(dialog),
                        address,
                    });
                }
                Err(why) => dialog.address_error = Some(why),
            }
        }
    });
    link_status(ui, link, dialog.address_error.as_deref());
    if matches!(link.phase, Phase::Lobby | Phase::Seated) {
        if ui
            .button("Refresh")
            .on_hover_text("Ask the server for its lists again")
            .clicked()
        {
            out.write(OnlineAction::Refresh);
        }
        let screen = ui.ctx().content_rect();
        let room = screen.bottom() - ui.cursor().top() - DIALOG_MARGIN;
        egui::ScrollArea::both()
            .max_height(room.max(LEAST_LIST))
            .min_scrolled_width(screen.width() - 4.0 * DIALOG_MARGIN)
            .show(ui, |ui| {
                let live = link.reconnecting.is_none();
                ui.add_enabled_ui(live, |ui| {
                    your_games(ui, link.games.as_ref(), catalogue, out);
                    new_table(ui, dialog, catalogue, out);
                    tables(ui, &link.tables, &name_of(dialog), catalogue, out);
                });
                if let Some(first) = dialog.game.as_ref().map(|g| g.variant.clone()) {
                    leaderboard(ui, link, catalogue, &mut dialog.leaderboard, &first, out);
                }
                finished_games(ui, link.games.as_ref(), catalogue, out);
            });
    }
}

/// A new game on the server connected to: the choices of its table, then either a seat where
/// someone waits for the same game (or a table of its own to wait at), or a table opened.
fn new_table(
    ui: &mut egui::Ui,
    dialog: &mut Dialog,
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    ui.add_space(6.0);
    ui.strong("A new game");
    let Some(terms) = table_choices(ui, dialog, catalogue) else {
        return;
    };
    ui.horizontal(|ui| {
        if ui
            .button("Find an opponent")
            .on_hover_text("Sit down with someone waiting for this game, or wait for one")
            .clicked()
        {
            out.write(OnlineAction::Seek {
                name: name_of(dialog),
                terms: terms.clone(),
            });
        }
        if ui
            .button("Open a table")
            .on_hover_text("Open a table of your own for anyone to join")
            .clicked()
        {
            out.write(OnlineAction::Open {
                name: name_of(dialog),
                terms,
                side: dialog.side,
            });
        }
    });
}

/// The choices of a table opened from a dialog, under the game chosen in the menu: rated or
/// casual, the clock (or days a turn) and the side taken. Its terms, once a game is chosen.
fn table_choices(ui: &mut egui::Ui, dialog: &mut Dialog, catalogue: &Catalogue) -> Option<Terms> {
    let game = dialog.game.clone()?;
    let data = catalogue.data(&game.variant);
    ui.label(format!(
        "{}{} (chosen in the menu)",
        variant_name(catalogue, &game.variant),
        options_text(&game.options)
    ));
    ui.horizontal(|ui| {
        ui.label("Game:");
        ui.selectable_value(&mut dialog.rated, false, "casual")
            .on_hover_text("The result changes no rating");
        ui.selectable_value(&mut dialog.rated, true, "rated")
            .on_hover_text("The result changes both players' ratings in this variant");
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Clock:");
        for control in TimeControl::PRESETS {
            let label = control.map_or_else(|| "none".to_string(), TimeControl::label);
            ui.selectable_value(&mut dialog.clock, control, label);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Correspondence:");
        for control in TimeControl::CORRESPONDENCE {
            ui.selectable_value(&mut dialog.clock, Some(control), control.label())
                .on_hover_text("Each turn may take this long: the game goes on over days");
        }
    });
    ui.horizontal(|ui| {
        ui.label("You play:");
        for side in Side::BOTH {
            let name = data.map_or("?", |d| d.side_name(side));
            ui.selectable_value(&mut dialog.side, Some(side), name);
        }
        ui.selectable_value(&mut dialog.side, None, "at random");
    });
    dialog.terms()
}

/// A dialog's status line for the link: what was typed wrong (`typed`), else a lost
/// connection being made again, else what went wrong, else how joining goes.
fn link_status(ui: &mut egui::Ui, link: &Link, typed: Option<&str>) {
    let line = status_of(link, typed, Instant::now(), ui.visuals().text_color());
    if link.reconnecting.is_some() {
        ui.ctx().request_repaint_after(Duration::from_millis(250));
    }
    status_line(
        ui,
        line.as_ref().map(|(text, colour)| (text.as_str(), *colour)),
    );
}

/// What a dialog's status line says of the link at `now`, and in which colour (`plain` for
/// how joining goes).
fn status_of(
    link: &Link,
    typed: Option<&str>,
    now: Instant,
    plain: egui::Color32,
) -> Option<(String, egui::Color32)> {
    if let Some(typed) = typed {
        return Some((typed.to_string(), TROUBLE));
    }
    if let Some(reconnecting) = &link.reconnecting {
        return Some((reconnecting.status(now), WAITING));
    }
    if let Some(trouble) = &link.trouble {
        return Some((trouble.clone(), TROUBLE));
    }
    link.connection.as_ref().map(|connection| {
        let going = if link.phase == Phase::Connecting {
            format!("Connecting to {}…", connection.address)
        } else {
            format!("Connected to {}.", connection.address)
        };
        (going, plain)
    })
}

/// The colour of something that waits and will pass (a player away, a connection being made
/// again).
const WAITING: egui::Color32 = egui::Color32::LIGHT_YELLOW;

/// The colour of what went wrong.
const TROUBLE: egui::Color32 = egui::Color32::LIGHT_RED;

/// How many lines a dialog's status line keeps room for: a longer message is cut short there,
/// the whole of it shown on hover.
const STATUS_ROWS: usize = 2;

/// A dialog's status line, `text` in its colour or nothing, in room kept for [`STATUS_ROWS`]
/// lines: the controls below stay where they are when a message comes, goes or grows.
fn status_line(ui: &mut egui::Ui, text: Option<(&str, egui::Color32)>) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let row = ui.fonts_mut(|fonts| fonts.row_height(&font));
    let room = egui::vec2(ui.available_width(), row * STATUS_ROWS as f32);
    let (rect, _) = ui.allocate_exact_size(room, egui::Sense::hover());
    let Some((text, colour)) = text else {
        return;
    };
    let mut job = egui::text::LayoutJob::simple(text.to_owned(), font, colour, rect.width());
    job.wrap.max_rows = STATUS_ROWS;
    let mut inside = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    inside.add(egui::Label::new(job).wrap()).on_hover_text(text);
}

/// An address as typed, with the default port when none is given.
fn server_address(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    let with_port = if text.contains(':') {
        text.to_string()
    } else {
        format!("{text}:{DEFAULT_PORT}")
    };
    crate::cli::server_address(&with_port)
}

/// The online part of the game panel, in place of the buttons of a game at this computer.
pub(super) fn game_section(
    ui: &mut egui::Ui,
    game: &Game,
    link: &Link,
    catalogue: &Catalogue,
    dialog: &mut Dialog,
    out: &mut MessageWriter<OnlineAction>,
    session: &mut MessageWriter<Command>,
) {
    let Some(state) = &link.table else {
        return;
    };
    let data = game.variant().data();
    let over = game.outcome().is_some();
    ui.label(egui::RichText::new(seat_line(state, |s| data.side_name(s))).strong());
    ui.weak(terms_label(catalogue, &state.terms));
    your_turn_elsewhere(ui, &link.your_turns, catalogue, out);
    let addresses = link.host_addresses();
    if state.names.iter().any(String::is_empty) && !addresses.is_empty() {
        ui.label("Give the other player one of these addresses:");
        for address in addresses {
            ui.monospace(address.to_string());
        }
    }
    if let Some(reconnecting) = &link.reconnecting {
        ui.colored_label(WAITING, reconnecting.status(Instant::now()));
        ui.ctx().request_repaint_after(Duration::from_millis(250));
    }
    let live = link.reconnecting.is_none();
    let since = link.received.map_or(Duration::ZERO, |at| at.elapsed());
    for side in Side::BOTH {
        if let Some(away) = state.away[side.index()].filter(|_| !over && live) {
            let away = away + since;
            let mut text = format!(
                "{} is away ({}); the game waits.",
                state.names[side.index()],
                minutes(away)
            );
            let correspondence = state.terms.clock.is_some_and(|c| c.per_turn);
            if state.you == Some(side.opponent()) && !state.may_claim && !correspondence {
                let left = CLAIM_AFTER.saturating_sub(away);
                text.push_str(&format!(" You may claim the win in {}.", minutes(left)));
            }
            ui.colored_label(WAITING, text);
            ui.ctx().request_repaint_after(Duration::from_secs(1));
        }
    }
    if state.may_claim && !over {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(live, egui::Button::new("Claim the win"))
                .clicked()
            {
                out.write(OnlineAction::Claim);
            }
            ui.label("or keep waiting");
        });
    }
    ui.add_enabled_ui(live, |ui| offers(ui, state, out));
    if let Some(trouble) = &link.trouble {
        ui.colored_label(TROUBLE, trouble);
    }
    let seated = state.names.iter().all(|n| !n.is_empty());
    ui.horizontal_wrapped(|ui| {
        if state.you.is_some() && seated && !over {
            if ui.add_enabled(live, egui::Button::new("Resign")).clicked() {
                out.write(OnlineAction::Resign);
            }
            if ui
                .add_enabled(live, egui::Button::new("Offer a draw"))
                .clicked()
            {
                out.write(OnlineAction::Offer(Offer::Draw));
            }
            if ui
                .add_enabled(
                    live && !game.turns().is_empty(),
                    egui::Button::new("Ask to take back"),
                )
                .clicked()
            {
                out.write(OnlineAction::Offer(Offer::Takeback));
            }
        }
        if ui.button("Flip (F)").clicked() {
            session.write(Command::Flip);
        }
        if ui.button("Leave").clicked() {
            out.write(OnlineAction::Leave);
        }
    });
    ui.add_enabled_ui(live, |ui| chat(ui, state, dialog, out));
}

/// The player's other games where it became their turn, each with a button putting it on the
/// board (leaving this one).
fn your_turn_elsewhere(
    ui: &mut egui::Ui,
    notices: &[TurnNotice],
    catalogue: &Catalogue,
    out: &mut MessageWriter<OnlineAction>,
) {
    for notice in notices {
        let game = &notice.game;
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(
                YOUR_TURN,
                format!(
                    "Your turn against {} in {} (table {})",
                    notice.opponent,
                    variant_name(catalogue, &game.terms.variant),
                    game.table
                ),
            );
            if ui
                .button("Open")
                .on_hover_text("Put that game on the board, leaving this one")
                .clicked()
            {
                out.write(OnlineAction::open(game));
            }
        });
    }
}

/// Who plays whom, as this window sees it, each player with their rating.
fn seat_line<'a>(state: &TableState, side_name: impl Fn(Side) -> &'a str) -> String {
    let name = |side: Side| state.names[side.index()].as_str();
    let rated = |side: Side| rated_name(name(side), state.ratings[side.index()]);
    let player = |side: Side| format!("{} ({})", rated(side), side_name(side));
    let waiting = Side::BOTH.into_iter().find(|&side| name(side).is_empty());
    match (state.you, waiting) {
        (Some(you), Some(_)) => format!(
            "Online: you ({}) play {}, waiting for an opponent",
            rated(you),
            side_name(you)
        ),
        (Some(you), None) => format!(
            "Online: you ({}) play {} against {}",
            rated(you),
            side_name(you),
            rated(you.opponent())
        ),
        (None, Some(free)) => format!(
            "Watching: {}, waiting for an opponent",
            player(free.opponent())
        ),
        (None, None) => format!(
            "Watching: {} against {}",
            player(Side::White),
            player(Side::Black)
        ),
    }
}

/// The offer waiting, with Accept and Decline for the one it is made to; the last answer.
fn offers(ui: &mut egui::Ui, state: &TableState, out: &mut MessageWriter<OnlineAction>) {
    let what = |offer: Offer| match offer {
        Offer::Draw => "a draw",
        Offer::Takeback => "to take back",
    };
    if let Some((by, offer)) = state.offer {
        if state.you == Some(by.opponent()) {
            ui.label(format!("{} asks {}.", state.names[by.index()], what(offer)));
            ui.horizontal(|ui| {
                if ui.button("Accept").clicked() {
                    out.write(OnlineAction::Answer(true));
                }
                if ui.button("Decline").clicked() {
                    out.write(OnlineAction::Answer(false));
                }
            });
        } else {
            ui.label(format!(
                "{} asked {}: waiting for the answer.",
                state.names[by.index()],
                what(offer)
            ));
        }
    } else if let Some((offer, accepted)) = state.answered {
        let verdict = if accepted { "accepted" } else { "declined" };
        ui.label(format!("The request for {} was {verdict}.", what(offer)));
    }
}

/// The table's chat: the last lines and a line to type.
fn chat(
    ui: &mut egui::Ui,
    state: &TableState,
    dialog: &mut Dialog,
    out: &mut MessageWriter<OnlineAction>,
) {
    for line in state.chat.iter().rev().take(4).rev() {
        ui.label(format!("{}: {}", line.from, line.text));
    }
    ui.horizontal(|ui| {
        let typed = ui.add(
            egui::TextEdit::singleline(&mut dialog.chat)
                .char_limit(MAX_TEXT)
                .hint_text("Say something")
                .desired_width(200.0),
        );
        let entered = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Send").clicked() || entered) && !dialog.chat.trim().is_empty() {
            out.write(OnlineAction::Chat(std::mem::take(&mut dialog.chat)));
        }
    });
}

/// A duration as minutes and seconds, `1:05`.
fn minutes(duration: Duration) -> String {
    let seconds = duration.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::{TROUBLE, WAITING, seat_line, status_line, status_of};
    use crate::app::online::link::{Link, Phase, Reconnecting};
    use crate::net::identity::PlayerId;
    use crate::net::protocol::{TableState, Terms};
    use crate::net::table::{Role, Table};
    use crate::rules::{Game, Side, Variant};
    use bevy_egui::egui;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    /// A chess table with `names` seated (an empty name: the seat is free), as `role` sees it.
    fn seen(names: [&str; 2], role: Role) -> TableState {
        let terms = Terms {
            variant: "chess".into(),
            options: Vec::new(),
            clock: None,
            rated: false,
            file: None,
        };
        let variant = Arc::new(Variant::load("chess", &[]).expect("chess loads"));
        let mut table = Table::new(1, terms, Game::new(variant), Duration::ZERO);
        for (side, name) in Side::BOTH.into_iter().zip(names) {
            if !name.is_empty() {
                let player = PlayerId([side.index() as u8; 32]);
                table.sit(side.index() as u64 + 1, (player, name.into()), None, side);
            }
        }
        table.state_for(role, Duration::ZERO)
    }

    /// The side names of chess.
    fn chess_side(side: Side) -> &'static str {
        match side {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// Each player is named with their rating (`?` while provisional, as every new player's
    /// is).
    #[test]
    fn a_player_alone_at_the_table_waits_for_an_opponent() {
        let line = |names, role| seat_line(&seen(names, role), chess_side);
        let white = Role::Player(Side::White);
        assert_eq!(
            line(["ann", ""], white),
            "Online: you (ann 1500?) play White, waiting for an opponent"
        );
        assert_eq!(
            line(["ann", "bo"], white),
            "Online: you (ann 1500?) play White against bo 1500?"
        );
        assert_eq!(
            line(["", "bo"], Role::Spectator),
            "Watching: bo 1500? (Black), waiting for an opponent"
        );
        assert_eq!(
            line(["ann", "bo"], Role::Spectator),
            "Watching: ann 1500? (White) against bo 1500? (Black)"
        );
    }

    /// The controls under a dialog's status line stay where they are whatever it says:
    /// nothing, a short message, or one too long for the lines it keeps room for.
    #[test]
    fn a_status_line_keeps_the_controls_below_it_in_place() {
        let ctx = egui::Context::default();
        let below = |text: Option<&str>| {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(1280.0, 800.0),
                )),
                ..Default::default()
            };
            let mut at = egui::Rect::NOTHING;
            let _ = ctx.run_ui(input, |ui| {
                egui::Panel::right("dialog")
                    .exact_size(320.0)
                    .show(ui, |ui| {
                        status_line(ui, text.map(|t| (t, TROUBLE)));
                        at = ui.button("Host").rect;
                    });
            });
            at
        };
        let long = "Nothing answers at 10.0.0.9:5725: is the host's game open, and its port \
                    forwarded? "
            .repeat(4);
        let resting = below(None);
        assert_eq!(below(Some("'x' is not a port (0 to 65535)")), resting);
        assert_eq!(below(Some(&long)), resting);
    }

    /// A refusal that comes in the lobby (before any table) is the dialog's status, in the
    /// trouble colour; a connection being made again says so over it, and what was typed wrong
    /// comes first of all.
    #[test]
    fn the_dialog_says_what_the_server_refused_and_a_connection_made_again() {
        let plain = egui::Color32::WHITE;
        let now = Instant::now();
        let mut link = Link {
            phase: Phase::Lobby,
            trouble: Some(
                "Not accepted: the name ann belongs to another player on this server.".into(),
            ),
            ..Link::default()
        };
        let refused = status_of(&link, None, now, plain).expect("a status");
        assert_eq!(refused.1, TROUBLE);
        assert!(
            refused.0.contains("belongs to another player"),
            "{}",
            refused.0
        );
        link.reconnecting = Some(Reconnecting::Waiting {
            why: "nothing answers at 10.0.0.9:5725 yet".into(),
            attempt: 3,
            at: now + Duration::from_millis(3_200),
        });
        assert_eq!(
            status_of(&link, None, now, plain),
            Some((
                "Nothing answers at 10.0.0.9:5725 yet. Connecting again in 4 s (try 3)…".into(),
                WAITING
            ))
        );
        let typed = status_of(&link, Some("'x' is not a port"), now, plain);
        assert_eq!(typed, Some(("'x' is not a port".into(), TROUBLE)));
    }
}
