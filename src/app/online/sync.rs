//! The board kept in step with the server: each state the server sends is compared with the
//! game on the board. One turn more is played through the session (with its motion); the
//! board's own turn not yet in the state is kept (and sent again after a lost connection);
//! anything else (a first look, a takeback, an end decided by the players or the clock, a
//! refusal) puts the server's game on the board whole. A turn played here is sent for the
//! server to decide. While a lost connection is made again the board lets no one move. The
//! lobby's lists are kept as they come; the server's word that it is the player's turn in
//! another game is kept as a notice (and heard), and the player's games asked for again.

use super::link::{Games, Leaderboard, Link, Phase, Reconnecting, TurnNotice};
use super::servers::ServerReached;
use crate::app::shared::clocks::Clocks;
use crate::app::shared::cue::Cue;
use crate::app::shared::game::{ActiveGame, Flipped, Online};
use crate::app::shared::messages::Command;
use crate::app::shared::players::{Names, Player, Players};
use crate::net::client::NetEvent;
use crate::net::protocol::{ClientMsg, ServerMsg, TableState};
use crate::rules::{Game, Side, Turn};
use bevy::prelude::*;
use std::time::Instant;

/// What reading the server's messages changes besides the link: the session's commands, the
/// board's orientation, the `Online` resource, the sounds, and the servers remembered.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Board<'w, 's> {
    game: Option<Res<'w, ActiveGame>>,
    flipped: ResMut<'w, Flipped>,
    commands: Commands<'w, 's>,
    out: MessageWriter<'w, Command>,
    cues: MessageWriter<'w, Cue>,
    reached: MessageWriter<'w, ServerReached>,
}

/// Reads what the connection brought.
pub fn receive(mut link: ResMut<Link>, mut board: Board) {
    let mut events = Vec::new();
    if let Some(connection) = &link.connection {
        while let Some(event) = connection.next() {
            events.push(event);
        }
    }
    if events.is_empty() {
        return;
    }
    for event in events {
        match event {
            NetEvent::Connected => connected(&mut link, &mut board),
            NetEvent::Reconnecting { why, attempt, wait } => {
                link.reconnecting = Some(Reconnecting::Waiting {
                    why,
                    attempt,
                    at: Instant::now() + wait,
                });
            }
            NetEvent::Message(message) => take(&mut link, message, &mut board),
            NetEvent::Closed(why) => {
                link.trouble = Some(why);
                link.connection = None;
                link.reconnecting = None;
                link.phase = Phase::Off;
            }
        }
    }
    if let Some(online) = online(&link) {
        board.commands.insert_resource(online);
    }
}

/// The connection is up: the first requests are asked; after a lost connection, the seat (the
/// table watched, the lists) is asked for again. A server joined (not this window's own) is
/// remembered the first time.
fn connected(link: &mut Link, board: &mut Board) {
    let requests = if !link.first_requests.is_empty() {
        std::mem::take(&mut link.first_requests)
    } else if link.reconnecting.is_some() {
        link.comeback()
    } else {
        Vec::new()
    };
    if link.reconnecting.is_some() {
        link.reconnecting = Some(Reconnecting::Rejoining);
    }
    if link.phase == Phase::Connecting {
        link.phase = Phase::Lobby;
        if let Some(connection) = link.connection.as_ref().filter(|_| link.hosted.is_none()) {
            board.reached.write(ServerReached {
                address: connection.address,
                name: link.name.clone(),
            });
        }
    }
    for request in requests {
        link.send(request);
    }
}

/// Takes in a message from the server.
fn take(link: &mut Link, message: ServerMsg, board: &mut Board) {
    match message {
        ServerMsg::Tables(tables) => {
            link.tables = tables;
            if link.table.is_none() {
                link.reconnecting = None;
            }
        }
        ServerMsg::Games {
            playing,
            finished,
            latest,
        } => {
            link.your_turns.retain(|notice| {
                playing
                    .iter()
                    .any(|game| game.table == notice.game.table && game.your_turn())
            });
            link.games = Some(Games {
                playing,
                finished,
                latest,
                received: Instant::now(),
            });
        }
        ServerMsg::Leaderboard { variant, rows } => {
            link.leaderboard = Some(Leaderboard { variant, rows });
        }
        ServerMsg::YourTurn { game, opponent } => {
            link.your_turns
                .retain(|notice| notice.game.table != game.table);
            link.your_turns.push(TurnNotice { game, opponent });
            link.send(ClientMsg::Games);
            board.cues.write(Cue::YourTurn);
        }
        ServerMsg::State(state) => take_state(link, super::received::localised(*state), board),
        ServerMsg::Refused(why) => {
            if let Some(state) = &link.table {
                board.out.write(Command::Resume(state.record.clone()));
            }
            link.sent = None;
            if link.reconnecting == Some(Reconnecting::Rejoining) {
                link.reconnecting = None;
            }
            link.trouble = Some(format!("Not accepted: {why}."));
        }
        ServerMsg::Unseated { table, why } => {
            if link.table_id() == Some(table) {
                link.sent = None;
                link.trouble = Some(format!(
                    "You no longer play this game: {why}. You are watching it."
                ));
            }
        }
        ServerMsg::Closed { table, why } => {
            if link.table_id() == Some(table) {
                link.sent = None;
                link.trouble = Some(format!("The server closed this table: {why}."));
            }
        }
        // The connection ends on this (and says why as it closes).
        ServerMsg::Denied(why) => link.trouble = Some(why),
        // The connection answers these itself, before it says it is connected.
        ServerMsg::Challenge(_) | ServerMsg::Welcome(_) => {}
    }
}

/// Brings the board and the link in step with the table's state: the board's turn the server
/// lost with a dropped connection is sent again.
fn take_state(link: &mut Link, state: TableState, board: &mut Board) {
    let first = link.table_id() != Some(state.table);
    let local = board.game.as_deref().map(|g| &g.0).filter(|_| !first);
    let rejoined = link.reconnecting.take().is_some();
    let (commands, ahead) = commands_for(&state, local);
    board.out.write_batch(commands);
    if first {
        board.flipped.0 = state.you == Some(Side::Black);
    }
    if !ahead || rejoined {
        link.sent = None;
    }
    link.your_turns
        .retain(|notice| notice.game.table != state.table);
    link.phase = Phase::Seated;
    link.table = Some(state);
    link.received = Some(Instant::now());
}

/// The `Online` resource the link stands for, at a table: nobody moves while its seats are
/// not both taken or while a lost connection is made again.
fn online(link: &Link) -> Option<Online> {
    link.table.as_ref().map(|state| Online {
        you: state.you,
        seated: state.names.iter().all(|n| !n.is_empty()),
        connected: link.reconnecting.is_none(),
    })
}

/// What brings the board from `local` (none: nothing of this table shown yet) to the server's
/// `state`: the one turn more, played; or the whole game put on the board; and the names and
/// clocks. With whether the board is a turn of its own ahead of the state (kept).
fn commands_for(state: &TableState, local: Option<&Game>) -> (Vec<Command>, bool) {
    let mut commands = Vec::new();
    let step = local.map(|game| step(game, state));
    match step {
        Some(Step::Same | Step::Ahead) => {}
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
    (commands, matches!(step, Some(Step::Ahead)))
}

/// How the board's game differs from the server's.
enum Step {
    /// Not at all.
    Same,
    /// By one turn the server has: play it.
    Play(Turn),
    /// By one turn of this window's side the server does not have yet: keep it.
    Ahead,
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
    let mover = game.position_at(theirs.len()).map(|before| before.side);
    if ours.len() == theirs.len() + 1
        && ours.starts_with(theirs)
        && state.record.ending.is_none()
        && mover.is_some_and(|side| state.you == Some(side))
    {
        return Step::Ahead;
    }
    Step::Replace
}

/// Sends a turn played on this board to the server, once (never while a lost connection is
/// made again: the state that comes once it is back says whether to send it again).
pub fn send_own_turn(game: Res<ActiveGame>, mut link: ResMut<Link>) {
    let Some(state) = link.table.as_ref().filter(|_| link.reconnecting.is_none()) else {
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

#[cfg(test)]
mod tests {
    use super::{Step, step};
    use crate::net::identity::PlayerId;
    use crate::net::protocol::{TableState, Terms};
    use crate::net::table::{Role, Table};
    use crate::rules::{Game, Side, Variant};
    use std::sync::Arc;
    use std::time::Duration;

    /// A chess game with `turns` played.
    fn chess(turns: &[&str]) -> Game {
        let variant = Arc::new(Variant::load("chess", &[]).expect("chess loads"));
        let mut game = Game::new(variant);
        for turn in turns {
            game.play_text(turn).expect("a legal turn");
        }
        game
    }

    /// A chess table where `turns` were played, as `role` sees it.
    fn seen(turns: &[&str], role: Role) -> TableState {
        let terms = Terms {
            variant: "chess".into(),
            options: Vec::new(),
            clock: None,
            rated: false,
            file: None,
        };
        let mut table = Table::new(1, terms, chess(&[]), Duration::ZERO);
        for side in Side::BOTH {
            let key = side.index() as u8 + 1;
            table.sit(
                key.into(),
                (PlayerId([key; 32]), format!("p{key}")),
                None,
                side,
            );
        }
        for (ply, turn) in turns.iter().enumerate() {
            let side = Side::BOTH[ply % 2];
            table
                .play(side, ply as u32, turn, Duration::ZERO)
                .expect("a legal turn");
        }
        table.state_for(role, Duration::ZERO)
    }

    /// The board's own turn the server does not have yet is kept; the opponent's turn more is
    /// played; a board ahead by a turn that is not its own is replaced.
    #[test]
    fn the_board_keeps_its_own_turn_the_state_lacks_and_plays_the_servers() {
        let white = Role::Player(Side::White);
        let played = chess(&["e2e4"]);
        assert!(matches!(step(&played, &seen(&[], white)), Step::Ahead));
        assert!(matches!(
            step(&played, &seen(&[], Role::Player(Side::Black))),
            Step::Replace
        ));
        assert!(matches!(
            step(&played, &seen(&[], Role::Spectator)),
            Step::Replace
        ));
        assert!(matches!(step(&played, &seen(&["e2e4"], white)), Step::Same));
        assert!(matches!(
            step(&played, &seen(&["e2e4", "e7e5"], white)),
            Step::Play(_)
        ));
    }
}
