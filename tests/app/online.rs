//! Network play in the window, over the real transport on 127.0.0.1: the window hosts a table
//! (its own server on a thread), a second player joins from a plain connection, and the board
//! is kept in step with the server both ways. Every wait runs frames until what it awaits
//! shows, within a deadline.

use crate::support::*;
use crate::wait::{PATIENCE, wait_for};
use oddboard::app::online::link::{ConnectPatience, Link, OnlineAction, Phase};
use oddboard::app::shared::game::{Hint, Online};
use oddboard::net::client::{Connection, NetEvent};
use oddboard::net::protocol::{ClientMsg, Offer, ServerMsg, TableState, Terms};
use oddboard::net::server::{Hosted, LogTo, ServerSettings};
use oddboard::rules::{Reason, Side};
use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::sync::Arc;
use std::time::Duration;

/// Runs the app's frames until the opponent's connection receives a state that `wanted`
/// accepts; returns it.
fn opponent_sees(
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

/// A server on a free port of 127.0.0.1, on a thread of the test.
fn local_server() -> Hosted {
    Hosted::start(ServerSettings {
        bind: SocketAddr::new(Ipv4Addr::LOCALHOST.into(), 0),
        records: None,
        log: LogTo::Bevy,
    })
    .expect("a server")
}

/// What the window last told the player went wrong.
fn trouble(app: &App) -> String {
    let link = app.world().resource::<Link>();
    link.trouble.clone().unwrap_or_default()
}

/// A connection of its own to the server the window hosts.
fn connect_to_host(app: &App) -> Connection {
    let link = app.world().resource::<Link>();
    let hosted = link.hosted.as_ref().expect("a hosted server");
    let address = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), hosted.address.port());
    Connection::open(address, Arc::new(|| {})).expect("a connection")
}

/// The window hosts a chess table as White (its server on a free port of 127.0.0.1) and Bob
/// joins it as Black from a connection of his own.
fn hosted_game() -> (App, Connection) {
    let mut app = app();
    app.world_mut().write_message(OnlineAction::Host {
        name: "Alice".into(),
        terms: Terms {
            variant: "chess".into(),
            options: vec![],
            clock: None,
        },
        side: Some(Side::White),
        port: 0,
        everywhere: false,
    });
    run_until(&mut app, "its own table", |app| {
        app.world().resource::<Link>().phase == Phase::Seated
    });
    let table = app.world().resource::<Link>().table_id().expect("a table");
    let bob = connect_to_host(&app);
    bob.send(ClientMsg::Join {
        name: "Bob".into(),
        table,
    });
    opponent_sees(&mut app, &bob, "his seat", |s| s.you == Some(Side::Black));
    run_until(&mut app, "both seats taken", |app| {
        app.world()
            .get_resource::<Online>()
            .is_some_and(|online| online.seated)
    });
    settle(&mut app);
    (app, bob)
}

#[test]
fn a_turn_played_on_the_board_reaches_the_opponent_and_the_reply_plays_on_the_board() {
    let (mut app, bob) = hosted_game();
    click(&mut app, "e2");
    click(&mut app, "e4");
    let state = opponent_sees(&mut app, &bob, "e2e4", |s| s.record.turns.len() == 1);
    assert_eq!(state.record.turns, ["e2e4"]);
    bob.send(ClientMsg::Turn {
        table: state.table,
        ply: 1,
        text: "e7e5".into(),
    });
    run_until(&mut app, "Bob's reply", |app| game(app).turns().len() == 2);
    settle(&mut app);
    assert_eq!(game(&app).turn_texts(), ["e2e4", "e7e5"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn the_window_cannot_move_the_opponents_side() {
    let (mut app, bob) = hosted_game();
    click(&mut app, "e2");
    click(&mut app, "e4");
    opponent_sees(&mut app, &bob, "e2e4", |s| s.record.turns.len() == 1);
    click(&mut app, "e7");
    click(&mut app, "e5");
    assert_eq!(game(&app).turns().len(), 1, "Black's pawn stayed");
    let hint = app.world().resource::<Hint>().0.clone().unwrap_or_default();
    assert!(hint.contains("your opponent is thinking"), "{hint}");
}

#[test]
fn resigning_over_the_network_ends_the_game_in_both_windows() {
    let (mut app, bob) = hosted_game();
    app.world_mut().write_message(OnlineAction::Resign);
    let state = opponent_sees(&mut app, &bob, "the resignation", |s| s.outcome.is_some());
    assert_eq!(state.outcome.map(|o| o.reason), Some(Reason::Resignation));
    run_until(&mut app, "the end", |app| game(app).outcome().is_some());
    let outcome = game(&app).outcome().expect("over");
    assert_eq!(outcome.reason, Reason::Resignation);
    assert_eq!(outcome.verdict.text(), "0-1");
}

#[test]
fn a_takeback_the_window_accepts_takes_the_turns_back_on_the_board() {
    let (mut app, bob) = hosted_game();
    click(&mut app, "e2");
    click(&mut app, "e4");
    let state = opponent_sees(&mut app, &bob, "e2e4", |s| s.record.turns.len() == 1);
    bob.send(ClientMsg::Turn {
        table: state.table,
        ply: 1,
        text: "e7e5".into(),
    });
    run_until(&mut app, "Bob's reply", |app| game(app).turns().len() == 2);
    bob.send(ClientMsg::Offer {
        table: state.table,
        offer: Offer::Takeback,
    });
    run_until(&mut app, "Bob's request", |app| {
        let link = app.world().resource::<Link>();
        link.table.as_ref().is_some_and(|t| t.offer.is_some())
    });
    app.world_mut().write_message(OnlineAction::Answer(true));
    run_until(&mut app, "the turn taken back", |app| {
        game(app).turns().len() == 1
    });
    settle(&mut app);
    assert_eq!(game(&app).turn_texts(), ["e2e4"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn a_window_watching_a_game_plays_each_turn_and_may_move_no_piece() {
    let server = local_server();
    let mut app = app();
    let connect = || Connection::open(server.address, Arc::new(|| {})).expect("a connection");
    let (alice, bob) = (connect(), connect());
    let chess = Terms {
        variant: "chess".into(),
        options: vec![],
        clock: None,
    };
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        player.send(ClientMsg::Seek {
            name: name.into(),
            terms: chess.clone(),
        });
    }
    let state = opponent_sees(&mut app, &bob, "the game", |s| {
        s.names.iter().all(|n| !n.is_empty())
    });
    let white = if state.you == Some(Side::White) {
        &bob
    } else {
        &alice
    };
    white.send(ClientMsg::Turn {
        table: state.table,
        ply: 0,
        text: "d2d4".into(),
    });
    app.world_mut().write_message(OnlineAction::Connect {
        name: "carol".into(),
        address: server.address,
    });
    run_until(&mut app, "the list", |app| {
        !app.world().resource::<Link>().tables.is_empty()
    });
    app.world_mut()
        .write_message(OnlineAction::Watch(state.table));
    run_until(&mut app, "the game watched", |app| {
        app.world()
            .get_resource::<ActiveGame>()
            .is_some_and(|game| game.0.turns().len() == 1)
    });
    settle(&mut app);
    assert_eq!(app.world().resource::<Online>().you, None);
    click(&mut app, "d7");
    click(&mut app, "d5");
    assert_eq!(game(&app).turns().len(), 1, "a spectator moves nothing");
    let black = if std::ptr::eq(white, &bob) {
        &alice
    } else {
        &bob
    };
    black.send(ClientMsg::Turn {
        table: state.table,
        ply: 1,
        text: "d7d5".into(),
    });
    run_until(&mut app, "Black's turn", |app| game(app).turns().len() == 2);
    settle(&mut app);
    assert_view_matches_game(&mut app);
}

#[test]
fn joining_where_nothing_answers_gives_up_saying_why_and_the_player_may_try_again() {
    let mut app = app();
    app.insert_resource(ConnectPatience(Duration::from_millis(200)));
    let silent = UdpSocket::bind("127.0.0.1:0").expect("a socket that never answers");
    let nowhere = silent.local_addr().expect("its address");
    app.world_mut().write_message(OnlineAction::Connect {
        name: "carol".into(),
        address: nowhere,
    });
    run_until(&mut app, "joining given up", |app| {
        app.world().resource::<Link>().phase == Phase::Off && !trouble(app).is_empty()
    });
    assert_eq!(
        trouble(&app),
        format!("Nothing answers at {nowhere}: is the host's game open, and its port forwarded?")
    );
    let server = local_server();
    app.world_mut().write_message(OnlineAction::Connect {
        name: "carol".into(),
        address: server.address,
    });
    run_until(&mut app, "the second try connected", |app| {
        app.world().resource::<Link>().phase == Phase::Lobby
    });
    assert_eq!(trouble(&app), "", "the old trouble is gone");
}

#[test]
fn a_window_whose_seat_another_window_takes_says_so_at_once_and_plays_no_more() {
    let (mut app, _bob) = hosted_game();
    let table = app.world().resource::<Link>().table_id().expect("a table");
    let second = connect_to_host(&app);
    second.send(ClientMsg::Join {
        name: "Alice".into(),
        table,
    });
    run_until(&mut app, "the window told", |app| !trouble(app).is_empty());
    assert_eq!(
        trouble(&app),
        "You no longer play this game: another window sat down in your seat under your name, \
         Alice. You are watching it."
    );
    run_until(&mut app, "the window watching", |app| {
        app.world().resource::<Online>().you.is_none()
    });
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert!(
        game(&app).turns().is_empty(),
        "a displaced player moves nothing"
    );
    app.world_mut().write_message(OnlineAction::Resign);
    run_until(&mut app, "the refusal", |app| {
        trouble(app).starts_with("Not accepted")
    });
    assert_eq!(
        trouble(&app),
        "Not accepted: you are watching this game, not playing it."
    );
}

#[test]
fn a_window_watching_a_table_the_server_closes_says_so_at_once() {
    let server = local_server();
    let mut app = app();
    let alice = Connection::open(server.address, Arc::new(|| {})).expect("a connection");
    alice.send(ClientMsg::Open {
        name: "alice".into(),
        terms: Terms {
            variant: "chess".into(),
            options: vec![],
            clock: None,
        },
        side: Some(Side::White),
    });
    app.world_mut().write_message(OnlineAction::Connect {
        name: "carol".into(),
        address: server.address,
    });
    run_until(&mut app, "the list", |app| {
        !app.world().resource::<Link>().tables.is_empty()
    });
    let table = app.world().resource::<Link>().tables[0].table;
    app.world_mut().write_message(OnlineAction::Watch(table));
    run_until(&mut app, "the table watched", |app| {
        app.world().resource::<Link>().table_id() == Some(table)
    });
    alice.send(ClientMsg::Leave { table });
    run_until(&mut app, "the window told", |app| !trouble(app).is_empty());
    assert_eq!(
        trouble(&app),
        "The server closed this table: its players have left."
    );
}
