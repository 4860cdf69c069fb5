//! The board kept in step with the server: each state the server sends is compared with the
//! game on the board. One turn more is played through the session (with its motion); anything
//! else (a first look, a takeback, an end decided by the players or the clock, a refusal)
//! puts the server's game on the board whole. A turn played here is sent for the server to
//! decide.

use super::link::{Link, Phase};
use crate::app::shared::clocks::Clocks;
use crate::app::shared::game::{ActiveGame, Flipped, Online};
use crate::app::shared::messages::Command;
use crate::app::shared::players::{Names, Player, Players};
use crate::net::client::NetEvent;
use crate::net::protocol::{ClientMsg, ServerMsg, TableState};
use crate::rules::{Game, Side, Turn};
use bevy::prelude::*;

/// Reads what the connection brought.
pub fn receive(
    mut link: ResMut<Link>,
    game: Option<Res<ActiveGame>>,
    mut flipped: ResMut<Flipped>,
    mut commands: Commands,
    mut out: MessageWriter<Command>,
) {
    let mut events = Vec::new();
    if let Some(connection) = &link.connection {
        while let Some(event) = connection.next() {
            events.push(event);
        }
    }
    for event in events {
        match event {
            NetEvent::Connected => {
                if let Some(first) = link.first_request.take() {
                    link.send(first);
                }
                link.phase = Phase::Lobby;
            }
            NetEvent::Message(ServerMsg::Tables(tables)) => link.tables = tables,
            NetEvent::Message(ServerMsg::State(state)) => {
                let first = link.table_id() != Some(state.table);
                let local = game.as_deref().map(|g| &g.0).filter(|_| !first);
                for command in commands_for(&state, local) {
                    out.write(command);
                }
                if first {
                    flipped.0 = state.you == Some(Side::Black);
                }
                commands.insert_resource(Online {
                    you: state.you,
                    seated: state.names.iter().all(|n| !n.is_empty()),
                });
                link.sent = None;
                link.phase = Phase::Seated;
                link.table = Some(*state);
                link.received = Some(std::time::Instant::now());
            }
            NetEvent::Message(ServerMsg::Refused(why)) => {
                if let Some(state) = &link.table {
                    out.write(Command::Resume(state.record.clone()));
                }
                link.sent = None;
                link.trouble = Some(format!("Not accepted: {why}."));
            }
            NetEvent::Message(ServerMsg::Unseated { table, why }) => {
                if link.table_id() == Some(table) {
                    link.sent = None;
                    link.trouble = Some(format!(
                        "You no longer play this game: {why}. You are watching it."
                    ));
                }
            }
            NetEvent::Message(ServerMsg::Closed { table, why }) => {
                if link.table_id() == Some(table) {
                    link.sent = None;
                    link.trouble = Some(format!("The server closed this table: {why}."));
                }
            }
            NetEvent::Closed(why) => {
                link.trouble = Some(why);
                link.connection = None;
                link.phase = Phase::Off;
            }
        }
    }
}

/// What brings the board from `local` (none: nothing of this table shown yet) to the server's
/// `state`: the one turn more, played; or the whole game put on the board; and the names and
/// clocks.
fn commands_for(state: &TableState, local: Option<&Game>) -> Vec<Command> {
    let mut commands = Vec::new();
    match local.map(|game| step(game, state)) {
        Some(Step::Same) => {}
        Some(Step::Play(turn)) => commands.push(Command::Play(turn)),
        Some(Step::Replace) | None => {
            commands.push(Command::Resume(state.record.clone()));
            commands.push(Command::Players(Players([Player::Person; 2])));
        }
    }
    commands.push(Command::Names(Names(state.names.clone())));
    commands.push(Command::Clocks(Clocks {
        control: state.terms.clock,
        left: state.clocks.left,
    }));
    commands
}

/// How the board's game differs from the server's.
enum Step {
    /// Not at all.
    Same,
    /// By one turn the server has: play it.
    Play(Turn),
    /// Otherwise: replace it.
    Replace,
}

/// How `game` differs from `state`'s game.
fn step(game: &Game, state: &TableState) -> Step {
    let ours = game.turn_texts();
    let theirs = &state.record.turns;
    let same_end = game.record().ending == state.record.ending;
    if ours == *theirs && same_end {
        return Step::Same;
    }
    if theirs.len() == ours.len() + 1 && theirs.starts_with(&ours) && state.record.ending.is_none()
    {
        let text = &theirs[ours.len()];
        let variant = game.variant();
        if let Ok(turn) = variant.parse_turn(game.position(), text) {
            return Step::Play(turn);
        }
    }
    Step::Replace
}

/// Sends a turn played on this board to the server, once.
pub fn send_own_turn(game: Res<ActiveGame>, mut link: ResMut<Link>) {
    let Some(state) = link.table.as_ref() else {
        return;
    };
    let played = game.0.turns().len();
    let known = state.record.turns.len();
    let ply = known as u32;
    if played != known + 1 || link.sent == Some(ply) || state.you.is_none() {
        return;
    }
    let table = state.table;
    let text = game.0.turn_texts()[known].clone();
    link.send(ClientMsg::Turn { table, ply, text });
    link.sent = Some(ply);
}
