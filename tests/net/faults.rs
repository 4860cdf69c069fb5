//! Faults of a server that keeps a store, with `oddboard serve --data` as a real process on
//! 127.0.0.1: killed (-9) mid-game and started again, every turn is kept, the players connect
//! again by themselves and finish, and the record replays; a store that is corrupt, or held by
//! another server, is refused at start in one line and left as it was; `oddboard admin` looks
//! after the store while the server runs.

use crate::serve;
use crate::transport::loopback::{FOOLS_MATE, Table, chess, person, replay, state, until};
use crate::wait::{PATIENCE, wait_for};
use oddboard::net::client::{Connection, NetEvent};
use oddboard::net::identity::PlayerId;
use oddboard::net::protocol::ClientMsg;
use oddboard::net::store::{SqliteStore, Store};
use oddboard::rules::Side;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use tempfile::tempdir;

/// `oddboard serve` running on 127.0.0.1, and where it listens.
struct Serve {
    child: Child,
    address: SocketAddr,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `oddboard serve` on `port` of 127.0.0.1 (0: any free one) with its store in `data` and its
/// records in `records`, once it listens (its log read on a thread: a server writing to a
/// closed pipe would stop).
fn serve(port: u16, data: &Path, records: &Path) -> Serve {
    let (child, address, _) = serve::start(
        Command::new(env!("CARGO_BIN_EXE_oddboard"))
            .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
            .arg("--data")
            .arg(data)
            .arg("--records")
            .arg(records)
            .stderr(Stdio::null()),
    );
    Serve { child, address }
}

/// `oddboard serve --data data` that is expected to refuse to start: what it printed.
fn refused_serve(data: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oddboard"))
        .args(["serve", "--bind", "127.0.0.1", "--port", "0"])
        .arg("--data")
        .arg(data)
        .output()
        .expect("the server runs")
}

#[test]
fn a_server_killed_mid_game_is_started_again_and_the_game_goes_on_to_its_record() {
    let data = tempdir().expect("a store directory");
    let records = tempdir().expect("a records directory");
    let mut server = serve(0, data.path(), records.path());
    let people = [person(), person()];
    let connect = |who: usize| {
        let connection = Connection::open(server.address, people[who].clone(), Arc::new(|| {}))
            .expect("the connection opens");
        until(&connection, "the server lets the player in", |e| {
            (*e == NetEvent::Connected).then_some(())
        });
        connection
    };
    let white = connect(0);
    white.send(ClientMsg::Open {
        name: "alice".into(),
        terms: chess(),
        side: Some(Side::White),
    });
    let table = state(&white, "the table opened", |_| true).table;
    let black = connect(1);
    black.send(ClientMsg::Join {
        name: "bob".into(),
        table,
    });
    for player in [&white, &black] {
        state(player, "both seats taken", |s| {
            s.names.iter().all(|n| !n.is_empty())
        });
    }
    let game = Table {
        table,
        players: [white, black],
        people,
    };
    let [before, _] = game.play(0, &FOOLS_MATE[..2]);

    let port = server.address.port();
    server.child.kill().expect("kill -9");
    let _ = server.child.wait();
    server = serve(port, data.path(), records.path());

    for (player, name) in game.players.iter().zip(["alice", "bob"]) {
        until(player, "the connection lost and made again", |e| {
            (*e == NetEvent::Connected).then_some(())
        });
        player.send(ClientMsg::Join {
            name: name.into(),
            table,
        });
        let back = state(player, "the seat taken back", |s| s.you.is_some());
        assert_eq!(back.record, before.record, "every turn kept");
    }
    let [last, _] = game.play(2, &FOOLS_MATE[2..]);
    assert_eq!(
        last.outcome.map(|o| o.to_string()).as_deref(),
        Some("0-1 checkmate")
    );
    let record = wait_for("the record", PATIENCE, || {
        std::fs::read_dir(records.path()).ok()?.flatten().next()
    });
    let (replayed, result) = replay(&record.path());
    assert_eq!(result, "0-1 checkmate");
    assert_eq!(replayed.record().turns, FOOLS_MATE.map(String::from));
    drop(server);
}

#[test]
fn a_corrupt_store_is_refused_at_start_in_one_line_and_left_as_it_was() {
    let data = tempdir().expect("a store directory");
    let database = data.path().join("oddboard.sqlite3");
    let junk: Vec<u8> = (0..8192u32).map(|i| (i * 7 + 3) as u8).collect();
    std::fs::write(&database, &junk).expect("junk written");
    let out = refused_serve(data.path());
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said.lines().count(), 1, "one line: {said}");
    assert!(said.contains("oddboard.sqlite3"), "names the file: {said}");
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read(&database).expect("still there"), junk);
}

#[test]
fn a_store_another_server_holds_is_refused_at_start() {
    let data = tempdir().expect("a store directory");
    let records = tempdir().expect("a records directory");
    let first = serve(0, data.path(), records.path());
    let out = refused_serve(data.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "{}: another server is using this store",
            data.path().display()
        )
    );
    drop(first);
}

/// `oddboard admin --data data ARGS…`: its exit code, and its one line on stdout or stderr.
fn admin(data: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_oddboard"))
        .arg("admin")
        .arg("--data")
        .arg(data)
        .args(args)
        .output()
        .expect("admin runs");
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).trim().to_string();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn the_admin_commands_release_a_name_ban_and_back_up_beside_a_running_server() {
    let data = tempdir().expect("a store directory");
    let records = tempdir().expect("a records directory");
    let server = serve(0, data.path(), records.path());
    let mut store = SqliteStore::open_admin(data.path()).expect("the store");
    let player = PlayerId([7; 32]);
    store.bind_name("ana", "Ana", player).expect("bound");
    let hex = player.hex();

    assert_eq!(
        admin(data.path(), &["release", "ANA"]),
        (Some(0), "released the name ANA".into(), String::new())
    );
    assert_eq!(store.name_owner("ana"), Ok(None));
    assert_eq!(
        admin(data.path(), &["ban", &hex]),
        (Some(0), format!("banned {hex}"), String::new())
    );
    assert_eq!(store.is_banned(&player), Ok(true));
    assert_eq!(
        admin(data.path(), &["unban", &hex]),
        (Some(0), format!("lifted the ban on {hex}"), String::new())
    );
    let copy = records.path().join("backup.sqlite3");
    let copied = admin(data.path(), &["backup", copy.to_str().expect("a path")]);
    assert_eq!(copied.0, Some(0));
    assert!(std::fs::metadata(&copy).expect("the copy").len() > 0);

    let (code, out, err) = admin(data.path(), &["ban", "not-a-key"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "'not-a-key' is not an identity (64 hexadecimal digits)"
    );
    drop(server);
}
