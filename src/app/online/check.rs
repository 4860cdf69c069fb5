//! The check at start (the setting "check my servers at start", off by default): each server
//! the player has joined, and no other, is asked for the player's games on a connection of its
//! own, as the player's identity and with little patience; the menu then says on which servers
//! it is their turn. Nothing waits for it: each connection runs on its own thread, and a
//! system looks at them every frame.

use super::link::{Link, waker};
use super::servers::{KnownServer, KnownServers};
use crate::app::shared::settings::Settings;
use crate::app::storage::saves::DataDir;
use crate::net::client::{Connection, NetEvent, Patience};
use crate::net::protocol::{ClientMsg, ServerMsg};
use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use std::time::{Duration, Instant};

/// How long a checked server may take to let the player in.
pub const CHECK_CONNECT: Duration = Duration::from_secs(3);

/// How long a checked server may take to answer, all told, before it is given up.
pub const CHECK_ANSWER: Duration = Duration::from_secs(20);

/// Where the check of one server stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Asked, not answered yet.
    Checking,
    /// Answered: in this many games it is the player's turn.
    YourTurn(usize),
    /// Not answered, and why, in a player's words.
    Unreachable(String),
}

/// The check of one server.
pub struct ServerCheck {
    /// The server.
    pub server: KnownServer,
    /// Where its check stands.
    pub checked: Checked,
    /// The connection asking it, until it answers or is given up.
    connection: Option<Connection>,
    /// When it was asked.
    began: Instant,
}

/// The checks of the player's servers made at start (none with the setting off).
#[derive(Resource, Default)]
pub struct ServerChecks(pub Vec<ServerCheck>);

/// With the setting on, starts checking each server the player has joined.
pub fn begin(
    settings: Res<Settings>,
    known: Res<KnownServers>,
    dir: Res<DataDir>,
    mut link: ResMut<Link>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut checks: ResMut<ServerChecks>,
) {
    if !settings.check_servers || known.servers.is_empty() {
        return;
    }
    let identity = link.load_identity(&dir);
    let patience = Patience {
        connect: CHECK_CONNECT,
        keep_trying: Duration::ZERO,
    };
    checks.0 = known
        .servers
        .iter()
        .map(|server| {
            let opened = identity.clone().and_then(|identity| {
                let wake = waker(proxy.as_deref());
                Connection::open_with(server.address, identity, patience, wake)
            });
            let (checked, connection) = match opened {
                Ok(connection) => (Checked::Checking, Some(connection)),
                Err(why) => (Checked::Unreachable(why), None),
            };
            ServerCheck {
                server: server.clone(),
                checked,
                connection,
                began: Instant::now(),
            }
        })
        .collect();
}

/// Looks at each check under way: once connected it asks the player's games, and counts
/// those where it is the player's turn; a connection that closes, or a server that has not
/// answered within [`CHECK_ANSWER`], is given up. A finished check's connection is closed.
pub fn poll(mut checks: ResMut<ServerChecks>) {
    for check in &mut checks.0 {
        let Some(connection) = &check.connection else {
            continue;
        };
        while let Some(event) = connection.next() {
            match event {
                NetEvent::Connected => connection.send(ClientMsg::Games),
                NetEvent::Message(ServerMsg::Games { playing, .. }) => {
                    let turns = playing.iter().filter(|game| game.your_turn()).count();
                    check.checked = Checked::YourTurn(turns);
                }
                NetEvent::Closed(why) => check.checked = Checked::Unreachable(why),
                NetEvent::Message(_) | NetEvent::Reconnecting { .. } => {}
            }
        }
        if check.checked == Checked::Checking && check.began.elapsed() > CHECK_ANSWER {
            let address = check.server.address;
            check.checked = Checked::Unreachable(format!("{address} did not answer in time"));
        }
        if check.checked != Checked::Checking {
            close(check.connection.take());
        }
    }
}

/// Closes a connection on a thread of its own (closing waits for its thread to stop).
fn close(connection: Option<Connection>) {
    if let Some(connection) = connection {
        std::thread::spawn(move || drop(connection));
    }
}
