//! A lobby on a virtual clock, the clients' messages, and what the lobby sent each client.
//! Each client key stands for a person with an identity of their own, which a client proves as
//! it connects (a person may connect again under another key).

use oddboard::app::shared::clocks::TimeControl;
use oddboard::net::identity::{Identity, PlayerId};
use oddboard::net::lobby::{ClientKey, Effect, Lobby};
use oddboard::net::protocol::{
    ClientMsg, PlayingGame, ServerMsg, TableId, TableInfo, TableState, Terms,
};
use oddboard::net::store::{SqliteStore, Store};
use oddboard::rules::Side;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tempfile::{TempDir, tempdir};

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

/// The server's store in `dir`.
pub fn store(dir: &Path) -> Box<dyn Store> {
    Box::new(SqliteStore::open(dir).expect("the store opens"))
}

/// A lobby over a new store in a directory of its own, with `clients` connected.
pub fn stored_server(clients: &[ClientKey]) -> (Server, TempDir) {
    let dir = tempdir().expect("a directory");
    let lobby = Lobby::with_store(7, started(), store(dir.path())).expect("a lobby");
    (Server::over(lobby, clients), dir)
}

/// A lobby, the time on its virtual clock, and the people who connect to it.
pub struct Server {
    /// The lobby under test.
    pub lobby: Lobby,
    /// The time given to the lobby.
    pub now: Duration,
    /// Each person's identity, by the client key that stands for them.
    people: BTreeMap<ClientKey, Identity>,
}

impl Server {
    /// An empty lobby at time zero with clients `clients` connected, each proven as its person.
    pub fn with(clients: &[ClientKey]) -> Server {
        Server::over(Lobby::new(7, started()), clients)
    }

    /// The lobby `lobby` at time zero with clients `clients` connected, each proven as its
    /// person.
    pub fn over(lobby: Lobby, clients: &[ClientKey]) -> Server {
        let mut server = Server {
            lobby,
            now: Duration::ZERO,
            people: BTreeMap::new(),
        };
        for &client in clients {
            server.connect(client);
        }
        server
    }

    /// The server stops (as if killed: nothing more is stored) and a new one starts on the
    /// store `open` opens once the old one is gone, its time zero at the calendar moment
    /// `moment`: it knows no client until they connect again.
    pub fn restart(&mut self, open: impl FnOnce() -> Box<dyn Store>, moment: SystemTime) {
        self.lobby = Lobby::new(7, moment);
        self.lobby = Lobby::with_store(7, moment, open()).expect("the store is read");
        self.now = Duration::ZERO;
    }

    /// The identity of the person client key `person` stands for (made on first use).
    pub fn identity(&mut self, person: ClientKey) -> &Identity {
        self.people
            .entry(person)
            .or_insert_with(|| Identity::generate().expect("an identity"))
    }

    /// The public key of the person `person` stands for.
    pub fn player(&mut self, person: ClientKey) -> PlayerId {
        self.identity(person).player()
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

    /// `client` connects and proves it is its person.
    pub fn connect(&mut self, client: ClientKey) -> Vec<Effect> {
        self.connect_as(client, client)
    }

    /// `client` connects and proves it is the person `person` stands for.
    pub fn connect_as(&mut self, client: ClientKey, person: ClientKey) -> Vec<Effect> {
        let mut effects = self.lobby.connected(client, "127.0.0.1:9", self.now);
        let challenge = challenges(&effects, client)
            .pop()
            .expect("a new connection is challenged");
        let identity = self.identity(person);
        let proof = ClientMsg::Prove {
            player: identity.player(),
            signature: identity.prove(&challenge),
        };
        effects.extend(self.send(client, proof));
        effects
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
        rated: false,
        file: None,
    }
}

/// Orthodox chess at 3 minutes plus 2 seconds a turn.
pub fn blitz() -> Terms {
    Terms {
        clock: Some(TimeControl::minutes(3, 2)),
        ..chess()
    }
}

/// Orthodox chess at `days` a turn, a correspondence game.
pub fn correspondence(days: u64) -> Terms {
    Terms {
        clock: Some(TimeControl::days(days)),
        ..chess()
    }
}

/// Orthodox chess, rated, without a clock.
pub fn rated() -> Terms {
    Terms {
        rated: true,
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

/// The challenges sent to `client`, in order.
pub fn challenges(effects: &[Effect], client: ClientKey) -> Vec<[u8; 32]> {
    sent(effects, client)
        .filter_map(|message| match message {
            ServerMsg::Challenge(challenge) => Some(*challenge),
            _ => None,
        })
        .collect()
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

/// The games `client` sits at, as the last answer to its `Games` sent it (there must be one).
pub fn playing(effects: &[Effect], client: ClientKey) -> Vec<PlayingGame> {
    let answer = sent(effects, client)
        .filter_map(|message| match message {
            ServerMsg::Games { playing, .. } => Some(playing.clone()),
            _ => None,
        })
        .last();
    answer.unwrap_or_else(|| panic!("no games sent to client {client}: {effects:?}"))
}

/// The games `client` was told it is its turn in, and against whom, in order.
pub fn your_turns(effects: &[Effect], client: ClientKey) -> Vec<(PlayingGame, String)> {
    sent(effects, client)
        .filter_map(|message| match message {
            ServerMsg::YourTurn { game, opponent } => Some((game.clone(), opponent.clone())),
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
