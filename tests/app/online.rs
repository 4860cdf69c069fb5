//! Network play in the window, over the real transport on 127.0.0.1: the window hosts a table
//! (its own server on a thread), a second player joins from a plain connection, and the board
//! is kept in step with the server both ways. The window connects as the identity kept in its
//! data directory, is refused a name another identity holds, takes its seat back by itself
//! after its server restarts, and opens a finished game the server lists on the analysis
//! board. Every wait runs frames until what it awaits shows, within a deadline.

use crate::online_support::*;
use crate::support::*;
use oddboard::app::analysis::live::Analysis;
use oddboard::app::online::link::{ConnectPatience, Link, OnlineAction, Phase, Reconnecting};
use oddboard::app::shared::game::{Hint, Online};
use oddboard::net::client::{Connection, NetEvent};
use oddboard::net::identity::IDENTITY_FILE;
use oddboard::net::protocol::{ClientMsg, Offer};
use oddboard::net::server::{Hosted, LogTo, ServerSettings};
use oddboard::rules::{Reason, Side};
use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// A server on `port` of 127.0.0.1 (0: a free one) keeping its tables in the store in `data`.
fn stored_server(data: &Path, port: u16) -> Hosted {
    Hosted::start(ServerSettings {
        bind: SocketAddr::new(Ipv4Addr::LOCALHOST.into(), port),
        records: None,
        data: Some(data.to_path_buf()),
        log: LogTo::Bevy,
    })
    .expect("a server")
}

/// What the window last told the player went wrong.
fn trouble(app: &App) -> String {
    let link = app.world().resource::<Link>();
    link.trouble.clone().unwrap_or_default()
}

/// The address of the server the window hosts.
fn host_address(app: &App) -> SocketAddr {
    let hosted = link(app).hosted.as_ref().expect("a hosted server");
    SocketAddr::new(Ipv4Addr::LOCALHOST.into(), hosted.address.port())
}

/// A connection of its own to the server the window hosts, as a new identity.
fn connect_to_host(app: &App) -> Connection {
    connect(host_address(app))
}

/// The window hosts a chess table as White (its server on a free port of 127.0.0.1) and Bob
/// joins it as Black from a connection of his own.
fn hosted_game() -> (App, Connection) {
    let mut app = app();
    app.world_mut().write_message(OnlineAction::Host {
        name: "Alice".into(),
        terms: chess(),
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
    let (alice, bob) = (connect(server.address), connect(server.address));
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        player.send(ClientMsg::Seek {
            name: name.into(),
            terms: chess(),
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
    let identity = link(&app).identity.clone().expect("the window's identity");
    let second = Connection::open(host_address(&app), identity, Arc::new(|| {}))
        .expect("a second connection of the window's identity");
    second.send(ClientMsg::Join {
        name: "Alice".into(),
        table,
    });
    run_until(&mut app, "the window told", |app| !trouble(app).is_empty());
    assert_eq!(
        trouble(&app),
        "You no longer play this game: another window of yours sat down in your seat as \
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
    let alice = connect(server.address);
    alice.send(ClientMsg::Open {
        name: "alice".into(),
        terms: chess(),
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

#[test]
fn a_window_connects_as_the_identity_kept_in_its_data_directory_made_once() {
    let dir = temp_dir("window-identity");
    let server = local_server();
    let bob = connect(server.address);
    let mut first = app_with_data(&dir);
    let table = open_table(&mut first, &bob, "bob", Side::Black);
    connect_window(&mut first, "ann", server.address);
    let kept = std::fs::read_to_string(dir.join(IDENTITY_FILE)).expect("the identity kept");
    let ann = player(&first);
    join_window(&mut first, "ann", table);
    connect_window(&mut first, "ann", server.address);
    assert_eq!(player(&first), ann, "the window's next connection");

    let mut second = app_with_data(&dir);
    connect_window(&mut second, "ann", server.address);
    assert_eq!(
        player(&second),
        ann,
        "another window of the same data directory"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(IDENTITY_FILE)).expect("the identity"),
        kept,
        "made once"
    );
    let side = join_window(&mut second, "ann", table);
    assert_eq!(
        side,
        Side::White,
        "the server knows the two windows as one player"
    );
}

#[test]
fn an_identity_file_that_does_not_read_is_explained_in_one_line_and_left_as_it_is() {
    let dir = temp_dir("corrupt-identity");
    let path = dir.join(IDENTITY_FILE);
    std::fs::write(&path, "not an identity\n(at all)\n").expect("a broken identity file");
    let server = local_server();
    let mut app = app_with_data(&dir);
    app.world_mut().write_message(OnlineAction::Connect {
        name: "ann".into(),
        address: server.address,
    });
    settle(&mut app);
    let trouble = trouble(&app);
    assert!(
        trouble.starts_with("Your identity cannot be used: ") && trouble.contains(IDENTITY_FILE),
        "{trouble}"
    );
    assert!(!trouble.contains('\n'), "one line: {trouble}");
    assert_eq!(link(&app).phase, Phase::Off);
    assert!(link(&app).connection.is_none());
    assert_eq!(
        std::fs::read_to_string(&path).expect("the file"),
        "not an identity\n(at all)\n",
        "the file is left as it was"
    );
}

#[test]
fn a_name_another_player_holds_is_refused_and_the_dialog_says_so() {
    let server = local_server();
    let bob = connect(server.address);
    let mut first = app();
    let table = open_table(&mut first, &bob, "bob", Side::Black);
    connect_window(&mut first, "ann", server.address);
    join_window(&mut first, "ann", table);

    let mut second = app();
    connect_window(&mut second, "Ann", server.address);
    assert_ne!(player(&second), player(&first));
    second.world_mut().write_message(OnlineAction::Join {
        table,
        name: "Ann".into(),
    });
    run_until(&mut second, "the refusal", |app| !trouble(app).is_empty());
    assert_eq!(
        trouble(&second),
        "Not accepted: the name Ann belongs to another player on this server."
    );
    assert_eq!(link(&second).phase, Phase::Lobby, "still choosing a table");
    assert!(link(&second).table.is_none());
}

#[test]
fn a_window_whose_server_restarts_connects_again_by_itself_and_plays_on_from_its_seat() {
    let data = temp_dir("reconnect-store");
    let server = stored_server(&data, 0);
    let address = server.address;
    let bob = connect(address);
    let mut app = app();
    let table = open_table(&mut app, &bob, "bob", Side::Black);
    connect_window(&mut app, "ann", address);
    assert_eq!(join_window(&mut app, "ann", table), Side::White);
    run_until(&mut app, "both seats taken", |app| {
        app.world()
            .get_resource::<Online>()
            .is_some_and(|o| o.seated)
    });
    open_with_e4_e5(&mut app, &bob, table);
    settle(&mut app);

    drop(server);
    run_until(&mut app, "the window to see the connection lost", |app| {
        matches!(link(app).reconnecting, Some(Reconnecting::Waiting { .. }))
    });
    assert_eq!(
        link(&app).phase,
        Phase::Seated,
        "the link stays at its table"
    );
    assert!(link(&app).connection.is_some(), "the link lives on");
    let status = link(&app)
        .reconnecting
        .as_ref()
        .expect("reconnecting")
        .status(std::time::Instant::now());
    assert!(status.contains("Connecting again"), "{status}");
    settle(&mut app);
    assert!(!app.world().resource::<Online>().connected);
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert_eq!(
        game(&app).turns().len(),
        2,
        "no turn while the connection is lost"
    );

    let _server = stored_server(&data, address.port());
    run_until(&mut app, "the seat taken back", |app| {
        let link = link(app);
        link.reconnecting.is_none()
            && link.trouble.is_none()
            && link
                .table
                .as_ref()
                .is_some_and(|t| t.you == Some(Side::White))
    });
    assert_eq!(
        game(&app).turn_texts(),
        ["e2e4", "e7e5"],
        "the game as it stood"
    );
    connection_says(&mut app, &bob, "Bob's connection made again", |event| {
        (event == NetEvent::Connected).then_some(())
    });
    bob.send(ClientMsg::Join {
        name: "bob".into(),
        table,
    });
    opponent_sees(&mut app, &bob, "his seat back", |s| {
        s.you == Some(Side::Black)
    });
    run_until(&mut app, "both seats taken again", |app| {
        app.world()
            .get_resource::<Online>()
            .is_some_and(|o| o.seated && o.connected)
    });
    settle(&mut app);
    click(&mut app, "g1");
    click(&mut app, "f3");
    let state = opponent_sees(&mut app, &bob, "g1f3", |s| s.record.turns.len() == 3);
    assert_eq!(state.record.turns, ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn the_lobby_lists_finished_games_and_one_opens_on_the_analysis_board() {
    let server = local_server();
    let alice = connect(server.address);
    let mut app = app();
    let table = open_table(&mut app, &alice, "alice", Side::White);
    connect_window(&mut app, "carol", server.address);
    let lists = link(&app).games.clone().expect("the lists");
    assert!(lists.finished.is_empty() && lists.latest.is_empty());
    assert_eq!(join_window(&mut app, "carol", table), Side::Black);
    for (ply, (white, black)) in [("f2f3", ("e7", "e5")), ("g2g4", ("d8", "h4"))]
        .into_iter()
        .enumerate()
    {
        alice.send(ClientMsg::Turn {
            table,
            ply: 2 * ply as u32,
            text: white.into(),
        });
        run_until(&mut app, white, |app| {
            game(app).turns().len() == 2 * ply + 1
        });
        settle(&mut app);
        click(&mut app, black.0);
        click(&mut app, black.1);
        opponent_sees(&mut app, &alice, "Black's turn", |s| {
            s.record.turns.len() == 2 * ply + 2
        });
    }
    run_until(&mut app, "the mate", |app| game(app).outcome().is_some());
    app.world_mut().write_message(OnlineAction::Leave);
    settle(&mut app);

    connect_window(&mut app, "carol", server.address);
    let lists = link(&app).games.clone().expect("the lists");
    assert_eq!(lists.finished, lists.latest, "the one game is carol's");
    let [played] = lists.finished.as_slice() else {
        panic!("one finished game: {lists:?}");
    };
    assert_eq!(played.names, ["alice".to_string(), "carol".to_string()]);
    assert_eq!(played.plies, 4);
    assert!(played.result.starts_with("0-1"), "{}", played.result);

    app.world_mut()
        .write_message(OnlineAction::Analyse(played.pgn.clone()));
    run_until(&mut app, "the game on the analysis board", |app| {
        app.world()
            .get_resource::<ActiveGame>()
            .is_some_and(|g| g.0.turns().len() == 4)
    });
    settle(&mut app);
    assert_eq!(game(&app).turn_texts(), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(game(&app).outcome().is_some());
    assert!(app.world().resource::<Analysis>().on, "the analysis is on");
    assert!(app.world().get_resource::<Online>().is_none());
    assert_eq!(link(&app).phase, Phase::Off, "the server is left");
}
