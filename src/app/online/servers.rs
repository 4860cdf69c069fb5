//! The servers this player has joined, remembered in the data directory (`servers.ron`): each
//! address with the name used there, written (atomically) once a connection to it succeeded.
//! The check at start asks these servers, and no other, for the player's games.

use crate::app::shared::game::Notice;
use crate::app::storage::saves::{DataDir, read_ron, set_aside, write_ron};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

/// The file the servers are remembered in, in the data directory.
pub const SERVERS_FILE: &str = "servers.ron";

/// A server the player has joined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownServer {
    /// Its address.
    pub address: SocketAddr,
    /// The name the player used there last.
    pub name: String,
}

/// The servers the player has joined, the first joined first. Fields missing from an older
/// file take their defaults.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KnownServers {
    /// The servers.
    pub servers: Vec<KnownServer>,
}

impl KnownServers {
    /// Notes that `server` was joined: a new address is added, a known one takes the name used
    /// now. Whether anything changed.
    pub fn note(&mut self, server: KnownServer) -> bool {
        match self
            .servers
            .iter_mut()
            .find(|s| s.address == server.address)
        {
            Some(known) if *known == server => false,
            Some(known) => {
                *known = server;
                true
            }
            None => {
                self.servers.push(server);
                true
            }
        }
    }

    /// Adds the servers of `other` (as another window wrote them since this one read the
    /// file) that are not known here; a server known to both keeps this window's name.
    pub fn merge(&mut self, other: &KnownServers) {
        for server in &other.servers {
            if self.servers.iter().all(|s| s.address != server.address) {
                self.servers.push(server.clone());
            }
        }
    }
}

/// A connection to a server (not this window's own) succeeded: it is remembered.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ServerReached {
    /// The server's address.
    pub address: SocketAddr,
    /// The name the player connected as.
    pub name: String,
}

/// Reads the servers remembered in the data directory; a file that cannot be read is set
/// aside and the player told.
pub fn load(dir: Res<DataDir>, mut known: ResMut<KnownServers>, mut notice: ResMut<Notice>) {
    let Some(path) = dir.file(SERVERS_FILE).filter(|p| p.exists()) else {
        return;
    };
    match read_ron::<KnownServers>(&path) {
        Ok(read) => *known = read,
        Err(why) => notice.0 = Some(set_aside(&path, &why)),
    }
}

/// Remembers each server reached, writing the file again when that changed it (with the
/// servers another window of the player's remembered meanwhile).
pub fn remember(
    mut reached: MessageReader<ServerReached>,
    dir: Res<DataDir>,
    mut known: ResMut<KnownServers>,
    mut notice: ResMut<Notice>,
) {
    let mut changed = false;
    for server in reached.read() {
        changed |= known.note(KnownServer {
            address: server.address,
            name: server.name.clone(),
        });
    }
    let Some(path) = dir.file(SERVERS_FILE).filter(|_| changed) else {
        return;
    };
    if let Ok(written) = read_ron::<KnownServers>(&path) {
        known.merge(&written);
    }
    if let Err(why) = write_ron(&path, &*known) {
        notice.0 = Some(format!(
            "The servers you joined cannot be remembered: {why}"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::{KnownServer, KnownServers};

    fn server(address: &str, name: &str) -> KnownServer {
        KnownServer {
            address: address.parse().expect("an address"),
            name: name.into(),
        }
    }

    #[test]
    fn a_server_joined_again_keeps_its_place_and_takes_the_name_used_now() {
        let mut known = KnownServers::default();
        assert!(known.note(server("10.0.0.1:5725", "ann")));
        assert!(known.note(server("10.0.0.2:5725", "ann")));
        assert!(!known.note(server("10.0.0.1:5725", "ann")), "nothing new");
        assert!(known.note(server("10.0.0.1:5725", "Ann B")));
        assert_eq!(
            known.servers,
            [
                server("10.0.0.1:5725", "Ann B"),
                server("10.0.0.2:5725", "ann")
            ]
        );
    }

    #[test]
    fn servers_another_window_remembered_are_kept_beside_this_ones() {
        let mut here = KnownServers::default();
        here.note(server("10.0.0.1:5725", "ann"));
        let mut there = KnownServers::default();
        there.note(server("10.0.0.2:5725", "ann"));
        there.note(server("10.0.0.1:5725", "other name"));
        here.merge(&there);
        assert_eq!(
            here.servers,
            [
                server("10.0.0.1:5725", "ann"),
                server("10.0.0.2:5725", "ann")
            ]
        );
    }

    #[test]
    fn the_file_keeps_each_address_and_name() {
        let mut known = KnownServers::default();
        known.note(server("[::1]:5725", "ann"));
        let text = ron::to_string(&known).expect("written");
        assert!(text.contains("[::1]:5725"), "{text}");
        assert_eq!(ron::from_str::<KnownServers>(&text), Ok(known));
        assert_eq!(
            ron::from_str::<KnownServers>("()"),
            Ok(KnownServers::default()),
            "an empty file"
        );
    }
}
