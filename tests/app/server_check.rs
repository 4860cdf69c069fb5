//! The servers the player joined, and their check at start, over the real transport on
//! 127.0.0.1: a server is remembered in the data directory once a connection to it succeeded
//! (never one that did not answer, nor the window's own); the check is off unless set, and
//! with it on each remembered server, and no other, is asked how many games wait for the
//! player's turn.

use crate::online_support::*;
use crate::support::*;
use oddboard::app::online::check::{Checked, ServerChecks};
use oddboard::app::online::link::{ConnectPatience, OnlineAction, Phase};
use oddboard::app::online::servers::{KnownServer, KnownServers, SERVERS_FILE};
use oddboard::app::shared::settings::{AnimationSpeed, Settings};
use oddboard::app::storage::saves::{read_ron, write_ron};
use oddboard::rules::Side;
use std::net::{SocketAddr, UdpSocket};
use std::path::Path;
use std::time::Duration;

/// The servers remembered in `dir`.
fn remembered(dir: &Path) -> Vec<KnownServer> {
    read_ron::<KnownServers>(&dir.join(SERVERS_FILE))
        .expect("the servers remembered")
        .servers
}

/// The files in `dir` left from a write that did not finish (temporary files).
fn half_written(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("the data directory")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".tmp"))
        .collect()
}

/// A socket on 127.0.0.1 that never answers, and its address.
fn silent_server() -> (UdpSocket, SocketAddr) {
    let socket = UdpSocket::bind("127.0.0.1:0").expect("a socket that never answers");
    let address = socket.local_addr().expect("its address");
    (socket, address)
}

#[test]
fn the_check_is_off_by_default_and_a_server_joined_is_remembered_atomically() {
    assert!(!Settings::default().check_servers);
    let dir = temp_dir("known-servers");
    std::fs::write(dir.join("settings.ron"), "(speed: Fast)").expect("an older settings file");
    let mut app = app_with_data(&dir);
    let settings = app.world().resource::<Settings>();
    assert_eq!(
        settings.speed,
        AnimationSpeed::Fast,
        "the older file is read"
    );
    assert!(!settings.check_servers, "and the check is off");
    assert!(app.world().resource::<ServerChecks>().0.is_empty());

    app.insert_resource(ConnectPatience(Duration::from_millis(200)));
    let (_silent, nowhere) = silent_server();
    app.world_mut().write_message(OnlineAction::Connect {
        name: "ann".into(),
        address: nowhere,
    });
    run_until(&mut app, "joining given up", |app| {
        link(app).phase == Phase::Off && link(app).trouble.is_some()
    });
    assert!(
        !dir.join(SERVERS_FILE).exists(),
        "a server that did not answer is not remembered"
    );

    let server = local_server();
    connect_window(&mut app, "ann", server.address);
    let known = |name: &str| KnownServer {
        address: server.address,
        name: name.into(),
    };
    assert_eq!(remembered(&dir), [known("ann")]);
    assert_eq!(half_written(&dir), Vec::<String>::new());
    connect_window(&mut app, "Ann B", server.address);
    assert_eq!(remembered(&dir), [known("Ann B")], "the name used last");

    app.world_mut().write_message(OnlineAction::Host {
        name: "ann".into(),
        terms: chess(),
        side: Some(Side::White),
        port: 0,
        everywhere: false,
    });
    run_until(&mut app, "the window's own table", |app| {
        link(app).phase == Phase::Seated
    });
    assert_eq!(remembered(&dir).len(), 1, "the window's own server is not");
}

#[test]
fn the_check_at_start_counts_the_games_waiting_for_your_turn_on_each_server() {
    let dir = temp_dir("server-check");
    let server = local_server();
    let opponents = ["bob", "carol", "dave"].map(|name| (name, connect(server.address)));
    let mut first = app_with_data(&dir);
    connect_window(&mut first, "ann", server.address);
    for ((name, opponent), side) in opponents
        .iter()
        .zip([Side::White, Side::Black, Side::Black])
    {
        let table = open_table_on(&mut first, opponent, name, side, correspondence(3));
        join_window(&mut first, "ann", table);
    }
    drop(first);
    let (_silent, nowhere) = silent_server();
    let mut known = KnownServers {
        servers: remembered(&dir),
    };
    known.note(KnownServer {
        address: nowhere,
        name: "ann".into(),
    });
    write_ron(&dir.join(SERVERS_FILE), &known).expect("a server remembered that is gone");
    let check = Settings {
        check_servers: true,
        ..Settings::default()
    };
    write_ron(&dir.join("settings.ron"), &check).expect("the setting on");

    let mut app = app_with_data(&dir);
    run_until(&mut app, "every server checked", |app| {
        let checks = &app.world().resource::<ServerChecks>().0;
        !checks.is_empty() && checks.iter().all(|c| c.checked != Checked::Checking)
    });
    let checks = &app.world().resource::<ServerChecks>().0;
    let found: Vec<(SocketAddr, &Checked)> = checks
        .iter()
        .map(|check| (check.server.address, &check.checked))
        .collect();
    assert_eq!(
        found.len(),
        2,
        "the servers remembered, no other: {found:?}"
    );
    assert_eq!(
        found[0],
        (server.address, &Checked::YourTurn(2)),
        "carol's and dave's games wait for ann; bob's waits for bob"
    );
    assert_eq!(found[1].0, nowhere);
    assert!(
        matches!(found[1].1, Checked::Unreachable(why) if why.contains("Nothing answers")),
        "{:?}",
        found[1].1
    );
}
