//! A lobby on a virtual clock, the clients' messages, and what the lobby sent each client.

use oddboard::app::shared::clocks::TimeControl;
use oddboard::net::lobby::{ClientKey, Effect, Lobby};
use oddboard::net::protocol::{ClientMsg, ServerMsg, TableId, TableInfo, TableState, Terms};
use oddboard::rules::Side;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The first player in most tests.
pub const ALICE: ClientKey = 1;
/// The second player in most tests.
pub const BOB: ClientKey = 2;
/// A spectator, or a third player.
pub const CAROL: ClientKey = 3;

/// Fool's mate: the second player mates on its second turn.
pub const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

/// The calendar moment a test lobby's time zero stands for: noon (UTC) on 24 November 2025.
pub fn started() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(20_416 * 86_400 + 12 * 3_600)
}

/// A lobby and the time on its virtual clock.
pub struct Server {
    /// The lobby under test.
    pub lobby: Lobby,
    /// The time given to the lobby.
    pub now: Duration,
}

impl Server {
    /// An empty lobby at time zero with clients `clients` connected.
    pub fn with(clients: &[ClientKey]) -> Server {
        let mut server = Server {
            lobby: Lobby::new(7, started()),
            now: Duration::ZERO,
        };
        for &client in clients {
            server.lobby.connected(client, "127.0.0.1:9", server.now);
        }
        server
    }

    /// `client` sends `message`.
    pub fn send(&mut self, client: ClientKey, message: ClientMsg) -> Vec<Effect> {
        self.lobby.receive(client, Ok(message), self.now)
    }

    /// The virtual clock runs on by `seconds`; the server ticks.
    pub fn wait(&mut self, seconds: u64) -> Vec<Effect> {
        self.now += Duration::from_secs(seconds);
        self.lobby.tick(self.now)
    }

    /// `client`'s connection drops.
    pub fn drop_client(&mut self, client: ClientKey) -> Vec<Effect> {
        self.lobby.disconnected(client, self.now)
    }

    /// `client` connects.
    pub fn connect(&mut self, client: ClientKey) -> Vec<Effect> {
        self.lobby.connected(client, "127.0.0.1:9", self.now)
    }

    /// Alice opens a table on `terms` as the first player and Bob joins it: its number.
    pub fn seated(&mut self, terms: Terms) -> TableId {
        let opened = self.send(ALICE, open("alice", terms, Some(Side::White)));
        let table = last_state(&opened, ALICE).table;
        self.send(BOB, join("bob", table));
        table
    }

    /// The players play `turns` at `table` in order from turn `from` (each by the side to
    /// move: Alice first): what the last turn caused.
    pub fn play(&mut self, table: TableId, from: u32, turns: &[&str]) -> Vec<Effect> {
        let mut effects = Vec::new();
        for (ply, text) in (from..).zip(turns) {
            let mover = if ply % 2 == 0 { ALICE } else { BOB };
            effects = self.send(mover, turn(table, ply, text));
            assert!(refusals(&effects, mover).is_empty(), "{text}: {effects:?}");
        }
        effects
    }

    /// The table as a newcomer watching it sees it now (it then stops watching).
    pub fn look(&mut self, table: TableId) -> TableState {
        const LOOKER: ClientKey = 99;
        self.connect(LOOKER);
        let state = last_state(&self.send(LOOKER, ClientMsg::Watch { table }), LOOKER);
        self.drop_client(LOOKER);
        state
    }
}

/// Orthodox chess without a clock.
pub fn chess() -> Terms {
    Terms {
        variant: "chess".into(),
        options: Vec::new(),
        clock: None,
    }
}

/// Orthodox chess at 3 minutes plus 2 seconds a turn.
pub fn blitz() -> Terms {
    Terms {
        clock: Some(TimeControl::minutes(3, 2)),
        ..chess()
    }
}

/// Open a table.
pub fn open(name: &str, terms: Terms, side: Option<Side>) -> ClientMsg {
    ClientMsg::Open {
        name: name.into(),
        terms,
        side,
    }
}

/// Seek a game.
pub fn seek(name: &str, terms: Terms) -> ClientMsg {
    ClientMsg::Seek {
        name: name.into(),
        terms,
    }
}

/// Join a table.
pub fn join(name: &str, table: TableId) -> ClientMsg {
    ClientMsg::Join {
        name: name.into(),
        table,
    }
}

/// Play a turn.
pub fn turn(table: TableId, ply: u32, text: &str) -> ClientMsg {
    ClientMsg::Turn {
        table,
        ply,
        text: text.into(),
    }
}

/// The messages sent to `client`, in order.
fn sent(effects: &[Effect], client: ClientKey) -> impl Iterator<Item = &ServerMsg> {
    effects.iter().filter_map(move |effect| match effect {
        Effect::Send(to, message) if *to == client => Some(message),
        _ => None,
    })
}

/// The table states sent to `client`, in order.
pub fn states(effects: &[Effect], client: ClientKey) -> Vec<TableState> {
    sent(effects, client)
        .filter_map(|message| match message {
            ServerMsg::State(state) => Some(*state.clone()),
            _ => None,
        })
        .collect()
}

/// The last table state sent to `client` (there must be one).
pub fn last_state(effects: &[Effect], client: ClientKey) -> TableState {
    let state = states(effects, client).pop();
    state.unwrap_or_else(|| panic!("no state sent to client {client}: {effects:?}"))
}

/// The lists sent to `client`, in order.
pub fn lists(effects: &[Effect], client: ClientKey) -> Vec<Vec<TableInfo>> {
    sent(effects, client)
        .filter_map(|message| match message {
            ServerMsg::Tables(tables) => Some(tables.clone()),
            _ => None,
        })
        .collect()
}

/// Why `client`'s messages were refused, in order.
pub fn refusals(effects: &[Effect], client: ClientKey) -> Vec<String> {
    sent(effects, client)
        .filter_map(|message| match message {
            ServerMsg::Refused(why) => Some(why.clone()),
            _ => None,
        })
        .collect()
}

/// Why the tables `client` was at were closed, in order.
pub fn closings(effects: &[Effect], client: ClientKey) -> Vec<String> {
    sent(effects, client)
        .filter_map(|message| match message {
            ServerMsg::Closed { why, .. } => Some(why.clone()),
            _ => None,
        })
        .collect()
}

/// The records written: each one's stem and PGN.
pub fn records(effects: &[Effect]) -> Vec<(String, String)> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Record { stem, pgn } => Some((stem.clone(), pgn.clone())),
            _ => None,
        })
        .collect()
}

/// Whether the effects tell of a change: a state, a list or a record.
pub fn told_of_change(effects: &[Effect]) -> bool {
    effects.iter().any(|effect| match effect {
        Effect::Send(_, ServerMsg::Refused(_)) | Effect::Log(_) | Effect::Disconnect(_) => false,
        Effect::Send(..) | Effect::Record { .. } => true,
    })
}
