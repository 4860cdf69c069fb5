//! The real transport on 127.0.0.1: a server on a free port writing records into a directory of
//! its own, clients connected to it (each as an identity of its own unless told whose), and
//! waits for what they receive (each within a deadline: a wait that is not met panics saying
//! what was awaited).

use crate::wait::{PATIENCE, wait_for};
use oddboard::net::client::{Connection, NetEvent};
use oddboard::net::identity::Identity;
use oddboard::net::protocol::{ClientMsg, ServerMsg, TableId, TableState, Terms};
use oddboard::net::server::{Hosted, LogTo, ServerSettings};
use oddboard::rules::{Game, Side};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tempfile::TempDir;

/// Fool's mate: the second player mates on its second turn.
pub const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

/// A server on 127.0.0.1 and the directory it writes its records into (removed with it).
pub struct Server {
    /// The running server (stopped when dropped).
    pub hosted: Hosted,
    /// Its records directory.
    pub records: TempDir,
}

impl Server {
    /// A server listening on a free port of 127.0.0.1.
    pub fn start() -> Server {
        let records = TempDir::new().expect("a temporary records directory");
        let hosted = Hosted::start(ServerSettings {
            bind: "127.0.0.1:0".parse().expect("an address"),
            records: Some(records.path().to_path_buf()),
            data: None,
            log: LogTo::Bevy,
        })
        .expect("the server starts");
        Server { hosted, records }
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.hosted.address
    }

    /// A new client of a new identity, once the server has let it in.
    pub fn connect(&self) -> Connection {
        self.connect_as(&person())
    }

    /// A new client of `identity`, once the server has let it in.
    pub fn connect_as(&self, identity: &Arc<Identity>) -> Connection {
        let connection = Connection::open(self.address(), identity.clone(), Arc::new(|| {}))
            .expect("the connection opens");
        until(&connection, "the server to let the client in", |event| {
            (*event == NetEvent::Connected).then_some(())
        });
        connection
    }

    /// Every entry of the records directory, sorted, once there are `count` of them.
    pub fn records_written(&self, count: usize) -> Vec<PathBuf> {
        let directory = self.records.path();
        wait_for(
            &format!("{count} records in {directory:?}"),
            PATIENCE,
            || {
                let mut entries: Vec<PathBuf> = std::fs::read_dir(directory)
                    .expect("the records directory reads")
                    .map(|entry| entry.expect("a directory entry").path())
                    .collect();
                entries.sort();
                (entries.len() >= count).then_some(entries)
            },
        )
    }

    /// Two players seated at a new table of `terms`: `first` opens it as the first player,
    /// `second` joins it. Returns once both have seen the table full.
    pub fn seat_two(&self, terms: &Terms, [first, second]: [&str; 2]) -> Table {
        let people = [person(), person()];
        let white = self.connect_as(&people[0]);
        white.send(ClientMsg::Open {
            name: first.into(),
            terms: terms.clone(),
            side: Some(Side::White),
        });
        let table = state(&white, "the opened table", |s| s.you == Some(Side::White)).table;
        let black = self.connect_as(&people[1]);
        black.send(ClientMsg::Join {
            name: second.into(),
            table,
        });
        for player in [&white, &black] {
            state(player, "both seats taken", |s| {
                s.names.iter().all(|n| !n.is_empty())
            });
        }
        Table {
            table,
            players: [white, black],
            people,
        }
    }
}

/// A new person: an identity of their own.
pub fn person() -> Arc<Identity> {
    Arc::new(Identity::generate().expect("an identity"))
}

/// A table and its two players' connections, first player first.
pub struct Table {
    /// The table's number.
    pub table: TableId,
    /// The players, first player first.
    pub players: [Connection; 2],
    /// Their identities, first player first.
    pub people: [Arc<Identity>; 2],
}

impl Table {
    /// The player of `side`.
    pub fn player(&self, side: Side) -> &Connection {
        &self.players[side.index()]
    }

    /// Plays `turns` in order from turn `from_ply`, each sent by the side to move once the
    /// previous one shows in both players' states; returns the last state each player
    /// received, first player first.
    pub fn play(&self, from_ply: u32, turns: &[&str]) -> [TableState; 2] {
        let mut last = [None, None];
        for (ply, text) in (from_ply..).zip(turns) {
            let mover = if ply % 2 == 0 {
                Side::White
            } else {
                Side::Black
            };
            self.player(mover).send(ClientMsg::Turn {
                table: self.table,
                ply,
                text: (*text).to_string(),
            });
            for side in Side::BOTH {
                let seen = state(
                    self.player(side),
                    &format!("turn {ply} ({text}) played"),
                    |s| s.record.turns.len() > ply as usize,
                );
                assert_eq!(
                    seen.record.turns[ply as usize], *text,
                    "turn {ply} as played"
                );
                last[side.index()] = Some(seen);
            }
        }
        last.map(|state| state.expect("at least one turn"))
    }
}

/// Orthodox chess without options or clocks.
pub fn chess() -> Terms {
    terms("chess")
}

/// The variant `variant` without options or clocks.
pub fn terms(variant: &str) -> Terms {
    Terms {
        variant: variant.into(),
        options: Vec::new(),
        clock: None,
        rated: false,
        file: None,
    }
}

/// Reads `connection` (skipping what `pick` does not want) until `pick` returns something;
/// panics naming `what` if it does not within [`PATIENCE`], or if the connection ends first
/// without `pick` having wanted that.
pub fn until<T>(
    connection: &Connection,
    what: &str,
    mut pick: impl FnMut(&NetEvent) -> Option<T>,
) -> T {
    wait_for(what, PATIENCE, || {
        while let Some(event) = connection.next() {
            if let Some(found) = pick(&event) {
                return Some(found);
            }
            if let NetEvent::Closed(why) = event {
                panic!("waiting for {what}, the connection closed: {why}");
            }
        }
        None
    })
}

/// The first table state received that `wanted` accepts (named `what` if it never comes);
/// `wanted` sees each state received until then, in order.
pub fn state(
    connection: &Connection,
    what: &str,
    mut wanted: impl FnMut(&TableState) -> bool,
) -> TableState {
    until(connection, what, |event| match event {
        NetEvent::Message(ServerMsg::State(s)) if wanted(s) => Some((**s).clone()),
        _ => None,
    })
}

/// The next refusal received (with the reason why).
pub fn refusal(connection: &Connection, what: &str) -> String {
    until(connection, what, |event| match event {
        NetEvent::Message(ServerMsg::Refused(why)) => Some(why.clone()),
        _ => None,
    })
}

/// Reads the record at `path`: the replayed game and its result as `0-1 checkmate` reads.
pub fn replay(path: &std::path::Path) -> (Game, String) {
    let text = std::fs::read_to_string(path).expect("the record reads");
    let (game, _) = Game::from_pgn(&text).unwrap_or_else(|e| panic!("{path:?} replays: {e}"));
    let result = game
        .outcome()
        .unwrap_or_else(|| panic!("{path:?} has a result"))
        .to_string();
    (game, result)
}

/// A fixed-seed xorshift64 generator: the same bytes on every run, no crate needed.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `bound`.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// `length` random bytes.
    pub fn bytes(&mut self, length: usize) -> Vec<u8> {
        (0..length).map(|_| self.next() as u8).collect()
    }
}
