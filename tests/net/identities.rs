//! Who a player is: an identity kept in the data directory (made once, shared, moved by export
//! and import) and proven on every connection, names bound to the first identity that uses
//! them, and seats that a name alone never takes.

use crate::support::*;
use oddboard::net::identity::{self, IDENTITY_FILE, Identity, PlayerId, fresh_challenge};
use oddboard::net::lobby::{ClientKey, Effect, Lobby};
use oddboard::net::names::name_key;
use oddboard::net::protocol::{ClientMsg, ServerMsg};
use oddboard::net::store::MemoryStore;
use oddboard::rules::Side;
use std::collections::BTreeSet;
use std::os::unix::fs::PermissionsExt;
use std::process::Command;

/// A client who is no one the others know.
const MALLORY: ClientKey = 5;

/// Whether `effects` welcome `client`: its proof passed.
fn welcomed(effects: &[Effect], client: ClientKey) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::Send(to, ServerMsg::Welcome(_)) if *to == client))
}

#[test]
fn names_are_compared_as_people_read_them() {
    assert_eq!(name_key("Ana"), name_key("ana"));
    assert_eq!(name_key("ＡＮＡ"), name_key("ana"), "full-width letters");
    assert_eq!(name_key("Ana  Lee"), name_key("ana lee"), "runs of spaces");
    assert_eq!(name_key("Zoë"), name_key("Zoe\u{308}"), "composed or not");
    assert_ne!(name_key("Ana"), name_key("Anna"));
}

#[test]
fn a_name_belongs_to_the_first_identity_that_uses_it() {
    let mut server = Server::with(&[ALICE, BOB]);
    server.send(ALICE, open("Ana", chess(), Some(Side::White)));
    for name in ["ana", "ＡＮＡ", " ANA "] {
        let effects = server.send(BOB, seek(name, chess()));
        assert_eq!(
            refusals(&effects, BOB),
            [format!(
                "the name {} belongs to another player on this server",
                name.trim()
            )]
        );
    }
    assert_eq!(server.lobby.tables()[0].names[1], "", "Bob sat nowhere");
}

#[test]
fn one_identity_may_hold_several_names_and_sit_at_both_sides() {
    let mut server = Server::with(&[ALICE]);
    server.connect_as(CAROL, ALICE);
    let opened = server.send(ALICE, seek("white bot", chess()));
    let table = last_state(&opened, ALICE).table;
    let effects = server.send(CAROL, seek("black bot", chess()));
    let state = last_state(&effects, CAROL);
    assert_eq!(state.table, table);
    let mut names = state.names.clone();
    names.sort();
    assert_eq!(names, ["black bot", "white bot"]);
}

#[test]
fn nothing_that_takes_a_seat_or_a_name_is_done_before_a_proof() {
    let mut server = Server::with(&[ALICE]);
    let table = last_state(&server.send(ALICE, open("alice", chess(), None)), ALICE).table;
    let now = server.now;
    server.lobby.connected(MALLORY, "127.0.0.1:9", now);
    let asks = [
        open("mallory", chess(), None),
        seek("mallory", chess()),
        join("mallory", table),
    ];
    for ask in asks {
        let effects = server.send(MALLORY, ask);
        assert_eq!(
            refusals(&effects, MALLORY),
            ["say who you are first: connect from an Oddboard window or bot"]
        );
    }
    let watching = server.send(MALLORY, ClientMsg::Watch { table });
    assert_eq!(
        last_state(&watching, MALLORY).you,
        None,
        "a spectator needs no proof"
    );
}

#[test]
fn a_proof_copied_from_another_connection_is_refused() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.drop_client(BOB);
    let now = server.now;
    let challenge = challenges(&server.lobby.connected(BOB, "127.0.0.1:9", now), BOB)[0];
    let bobs_proof = ClientMsg::Prove {
        player: server.player(BOB),
        signature: server.identity(BOB).prove(&challenge),
    };
    assert!(welcomed(&server.send(BOB, bobs_proof.clone()), BOB));
    server.drop_client(BOB);
    server.lobby.connected(MALLORY, "127.0.0.1:9", now);
    let replayed = server.send(MALLORY, bobs_proof);
    assert_eq!(
        refusals(&replayed, MALLORY),
        ["that proof of identity is not good (it was not made for this connection)"]
    );
    assert_eq!(challenges(&replayed, MALLORY).len(), 1, "a fresh challenge");
    let effects = server.send(MALLORY, join("bob", table));
    assert_eq!(
        refusals(&effects, MALLORY),
        ["say who you are first: connect from an Oddboard window or bot"]
    );
}

#[test]
fn a_proof_is_given_once_a_connection() {
    let mut server = Server::with(&[ALICE]);
    let again = ClientMsg::Prove {
        player: server.player(ALICE),
        signature: vec![0; 64],
    };
    let effects = server.send(ALICE, again);
    assert_eq!(
        refusals(&effects, ALICE),
        ["you have already proven who you are"]
    );
}

#[test]
fn a_name_alone_takes_no_seat() {
    let mut server = Server::with(&[ALICE, BOB, MALLORY]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4"]);
    for present in [true, false] {
        if !present {
            server.drop_client(BOB);
        }
        let effects = server.send(MALLORY, join("bob", table));
        assert_eq!(
            refusals(&effects, MALLORY),
            ["the name bob belongs to another player on this server"]
        );
        let effects = server.send(MALLORY, join("mallory", table));
        assert_eq!(refusals(&effects, MALLORY), ["both seats are taken"]);
    }
    assert_eq!(server.look(table).names, ["alice", "bob"]);
}

#[test]
fn a_banned_identity_is_sent_away_as_it_proves_who_it_is() {
    let mut server = Server::with(&[]);
    let mut store = MemoryStore::new();
    store.ban(server.player(MALLORY));
    server.lobby = Lobby::with_store(7, started(), Box::new(store)).expect("a lobby");
    server.connect(ALICE);
    let effects = server.connect(MALLORY);
    assert!(effects.contains(&Effect::Send(
        MALLORY,
        ServerMsg::Denied("you are banned from this server".into())
    )));
    assert!(effects.contains(&Effect::Disconnect(MALLORY)));
    let effects = server.send(MALLORY, seek("mallory", chess()));
    assert!(states(&effects, MALLORY).is_empty(), "nothing more is read");
}

#[test]
fn an_identity_is_made_once_and_kept_readable_by_its_owner_alone() {
    let dir = tempfile::tempdir().expect("a data directory");
    let made = Identity::load_or_create(dir.path()).expect("made");
    let kept = Identity::load_or_create(dir.path()).expect("read back");
    assert_eq!(made.player(), kept.player());
    let mode = std::fs::metadata(dir.path().join(IDENTITY_FILE))
        .expect("the file")
        .permissions()
        .mode();
    assert_eq!(mode & 0o077, 0, "no one else may read it: {mode:o}");
}

#[test]
fn programs_started_at_once_in_one_data_directory_share_one_identity() {
    let dir = tempfile::tempdir().expect("a data directory");
    let players: BTreeSet<PlayerId> = std::thread::scope(|scope| {
        let started: Vec<_> = (0..8)
            .map(|_| scope.spawn(|| Identity::load_or_create(dir.path()).map(|i| i.player())))
            .collect();
        started
            .into_iter()
            .map(|t| t.join().expect("no panic").expect("an identity"))
            .collect()
    });
    assert_eq!(players.len(), 1, "{players:?}");
}

#[test]
fn an_identity_exported_and_imported_on_another_computer_is_the_same_player() {
    let here = tempfile::tempdir().expect("this computer's data");
    let there = tempfile::tempdir().expect("the other computer's data");
    let player = Identity::load_or_create(here.path())
        .expect("made")
        .player();
    let file = here.path().join("moving.ron");
    identity::export(here.path(), &file).expect("exported");
    assert_eq!(identity::import(there.path(), &file), Ok(player));
    let moved = Identity::load_or_create(there.path()).expect("read there");
    assert_eq!(moved.player(), player);
    let challenge = fresh_challenge();
    assert!(identity::verify(
        &player,
        &challenge,
        &moved.prove(&challenge)
    ));
}

#[test]
fn a_bad_identity_file_is_refused_in_one_line_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a data directory");
    let player = Identity::load_or_create(dir.path()).expect("made").player();
    let junk = dir.path().join("junk.ron");
    std::fs::write(&junk, "(format: 1, secret: \"not hex\")").expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_oddboard"))
        .args(["identity", "import"])
        .arg(&junk)
        .env("ODDBOARD_DATA_DIR", dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said.lines().count(), 1);
    assert!(
        said.contains("junk.ron") && said.contains("64 hexadecimal digits"),
        "{said}"
    );
    let kept = Identity::load_or_create(dir.path()).expect("still there");
    assert_eq!(kept.player(), player);
}
