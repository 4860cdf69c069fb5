//! What the tests of network play in the window share: a server on 127.0.0.1, plain
//! connections playing the window's opponents, the window connecting and sitting down as a
//! player does, and waits that run the window's frames until what they await shows.

use crate::support::*;
use crate::wait::{PATIENCE, wait_for};
use oddboard::app::online::link::{Games, Link, OnlineAction, Phase};
use oddboard::app::shared::clocks::TimeControl;
use oddboard::net::client::{Connection, NetEvent};
use oddboard::net::identity::{Identity, PlayerId};
use oddboard::net::protocol::{ClientMsg, ServerMsg, TableId, TableState, Terms};
use oddboard::net::server::{Hosted, LogTo, ServerSettings};
use oddboard::rules::Side;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// Runs the app's frames until the opponent's connection receives a state that `wanted`
/// accepts; returns it.
pub fn opponent_sees(
    app: &mut App,
    opponent: &Connection,
    what: &str,
    wanted: impl Fn(&TableState) -> bool,
) -> TableState {
    wait_for(&format!("the opponent to see {what}"), PATIENCE, || {
        app.update();
        std::iter::from_fn(|| opponent.next()).find_map(|event| match event {
            NetEvent::Message(ServerMsg::State(state)) if wanted(&state) => Some(*state),
            _ => None,
        })
    })
}

/// The window (White, seated at `table`) plays e2e4 by clicks and the opponent's connection
/// answers e7e5: returns once the window's board shows both turns.
pub fn open_with_e4_e5(app: &mut App, opponent: &Connection, table: TableId) {
    settle(app);
    click(app, "e2");
    click(app, "e4");
    opponent_sees(app, opponent, "e2e4", |s| s.record.turns.len() == 1);
    opponent.send(ClientMsg::Turn {
        table,
        ply: 1,
        text: "e7e5".into(),
    });
    run_until(app, "the opponent's reply", |app| {
        game(app).turns().len() == 2
    });
}

/// Runs the app's frames until the connection `from` says something `wanted` accepts;
/// returns what it accepted.
pub fn connection_says<T>(
    app: &mut App,
    from: &Connection,
    what: &str,
    wanted: impl Fn(NetEvent) -> Option<T>,
) -> T {
    wait_for(what, PATIENCE, || {
        app.update();
        std::iter::from_fn(|| from.next()).find_map(&wanted)
    })
}

/// A server on a free port of 127.0.0.1, on a thread of the test.
pub fn local_server() -> Hosted {
    Hosted::start(ServerSettings {
        bind: SocketAddr::new(Ipv4Addr::LOCALHOST.into(), 0),
        records: None,
        data: None,
        log: LogTo::Bevy,
    })
    .expect("a server")
}

/// A plain connection to `address`, as a new identity.
pub fn connect(address: SocketAddr) -> Connection {
    let identity = Arc::new(Identity::generate().expect("an identity"));
    Connection::open(address, identity, Arc::new(|| {})).expect("a connection")
}

/// Chess without clocks, casual.
pub fn chess() -> Terms {
    Terms {
        variant: "chess".into(),
        options: vec![],
        clock: None,
        rated: false,
        file: None,
    }
}

/// The window's link.
pub fn link(app: &App) -> &Link {
    app.world().resource::<Link>()
}

/// The identity the window connects as.
pub fn player(app: &App) -> PlayerId {
    link(app).identity.as_ref().expect("an identity").player()
}

/// The window connects to `address` as `name` (as the Join dialog's Connect does) and waits
/// for the server's lists.
pub fn connect_window(app: &mut App, name: &str, address: SocketAddr) {
    app.world_mut().write_message(OnlineAction::Connect {
        name: name.into(),
        address,
    });
    run_until(app, "the lobby's lists", |app| {
        link(app).phase == Phase::Lobby && link(app).games.is_some()
    });
}

/// The window sits at `table` as `name` (as the Join dialog's Join does) and waits for its
/// seat.
pub fn join_window(app: &mut App, name: &str, table: TableId) -> Side {
    app.world_mut().write_message(OnlineAction::Join {
        table,
        name: name.into(),
    });
    run_until(app, "the seat", |app| {
        link(app)
            .table
            .as_ref()
            .is_some_and(|t| t.table == table && t.you.is_some())
    });
    link(app)
        .table
        .as_ref()
        .and_then(|t| t.you)
        .expect("a side")
}

/// `player` opens a chess table as `name`, playing `side`; its number.
pub fn open_table(app: &mut App, player: &Connection, name: &str, side: Side) -> TableId {
    open_table_on(app, player, name, side, chess())
}

/// `player` opens a table on `terms` as `name`, playing `side`; its number.
pub fn open_table_on(
    app: &mut App,
    player: &Connection,
    name: &str,
    side: Side,
    terms: Terms,
) -> TableId {
    player.send(ClientMsg::Open {
        name: name.into(),
        terms,
        side: Some(side),
    });
    opponent_sees(app, player, "its table", |s| s.you == Some(side)).table
}

/// Chess by correspondence: `days` for each turn, rated.
pub fn correspondence(days: u64) -> Terms {
    Terms {
        clock: Some(TimeControl::days(days)),
        rated: true,
        ..chess()
    }
}

/// The player's games the server lists next: the link's list is emptied, `ask` is done (it
/// asks for them), and the frames run until the answer fills it again.
pub fn next_games(app: &mut App, ask: impl FnOnce(&mut App)) -> Games {
    app.world_mut().resource_mut::<Link>().games = None;
    ask(app);
    run_until(app, "the player's games", |app| link(app).games.is_some());
    link(app).games.clone().expect("the games")
}
