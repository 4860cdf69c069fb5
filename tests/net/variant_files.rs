//! A variant file over the network: the opener's file travels with the table's terms, the
//! server reads it from that text with the same reader (refusing a file too long, one that does
//! not read, or one whose hash is not its text's), whoever sits is given the text and plays
//! without the file, and a server started again takes the game up from its store.

use crate::support::*;
use oddboard::net::protocol::{MAX_VARIANT_FILE, SharedFile, Terms};
use oddboard::net::shared_file::{game_of, hash_of, terms_for};
use oddboard::rules::Side;
use std::time::Duration;
use tempfile::tempdir;

/// The terms of the shipped chess file, read from a copy that is gone once they are made (so
/// nobody has the file while the game is played).
fn file_terms() -> Terms {
    let dir = tempdir().expect("a directory");
    let path = dir.path().join("chess.ron");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.ron"),
        &path,
    )
    .expect("a copy");
    terms_for(&path.to_string_lossy(), &[]).expect("the file travels")
}

/// Terms carrying `text` as `name`, its hash as given.
fn carrying(name: &str, text: String, hash: String) -> Terms {
    Terms {
        variant: name.into(),
        file: Some(Box::new(SharedFile { hash, text })),
        ..chess()
    }
}

/// The terms of the chess file with a comment of 60,000 characters before it: near the
/// largest file a server takes.
fn padded_terms() -> Terms {
    let text = format!(
        "// {}\n{}",
        "x".repeat(60_000),
        file_terms().file.unwrap().text
    );
    let hash = hash_of(&text);
    carrying("chess.ron", text, hash)
}

#[test]
fn the_terms_name_the_file_by_its_name_and_hash() {
    let terms = file_terms();
    assert_eq!(terms.variant, "chess.ron");
    let file = terms.file.expect("the text travels");
    assert_eq!(file.hash, hash_of(&file.text));
    assert_eq!(file.hash.len(), 16);
}

#[test]
fn two_players_play_a_variant_file_only_the_opener_had() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(file_terms());
    let effects = server.play(table, 0, &FOOLS_MATE[..3]);
    let state = last_state(&effects, BOB);
    assert_eq!(state.you, Some(Side::Black));
    assert_eq!(state.terms.variant, "chess.ron");
    let mut game = game_of(&state).expect("Bob's game from the text he was given");
    let mate = game
        .variant()
        .parse_turn(game.position(), FOOLS_MATE[3])
        .expect("legal");
    game.play(&mate).expect("plays");
    let effects = server.play(table, 3, &FOOLS_MATE[3..]);
    let outcome = last_state(&effects, ALICE)
        .outcome
        .expect("the game is over");
    assert_eq!(
        outcome.to_string(),
        game.outcome().expect("over").to_string()
    );
}

#[test]
fn a_variant_file_too_long_is_refused() {
    let mut server = Server::with(&[ALICE]);
    let text = format!("{}\n", " ".repeat(MAX_VARIANT_FILE));
    let hash = hash_of(&text);
    let effects = server.send(ALICE, open("alice", carrying("big.ron", text, hash), None));
    let why = refusals(&effects, ALICE).join("\n");
    assert!(why.contains("at most 65536"), "{why}");
}

#[test]
fn a_variant_file_that_does_not_read_is_refused_with_its_error() {
    let mut server = Server::with(&[ALICE]);
    let text = "(id: \"broken\", name: ".to_string();
    let hash = hash_of(&text);
    let effects = server.send(ALICE, seek("alice", carrying("broken.ron", text, hash)));
    let why = refusals(&effects, ALICE).join("\n");
    assert!(
        why.contains("broken.ron:1:"),
        "names the file and place: {why}"
    );
    assert!(!why.contains('\n'), "one line: {why}");
}

#[test]
fn a_variant_file_whose_hash_is_not_its_texts_is_refused() {
    let mut server = Server::with(&[ALICE]);
    let file = file_terms().file.expect("a file");
    let terms = carrying("chess.ron", file.text, "0123456789abcdef".into());
    let effects = server.send(ALICE, open("alice", terms, None));
    let why = refusals(&effects, ALICE).join("\n");
    assert!(why.contains("hash"), "{why}");
}

#[test]
fn a_variant_file_named_by_a_path_is_refused_unread() {
    let mut server = Server::with(&[ALICE]);
    let terms = Terms {
        variant: "/etc/passwd".into(),
        ..chess()
    };
    let why = refusals(&server.send(ALICE, open("alice", terms, None)), ALICE).join("\n");
    assert!(why.contains("its text travels"), "{why}");
}

#[test]
fn a_server_started_again_takes_up_a_variant_file_game() {
    let (mut server, dir) = stored_server(&[ALICE, BOB]);
    let table = server.seated(file_terms());
    server.play(table, 0, &FOOLS_MATE[..2]);
    let before = server.look(table);
    server.restart(|| store(dir.path()), started() + Duration::from_secs(60));
    assert_eq!(server.lobby.tables().len(), 1, "the game is taken up");
    server.connect(ALICE);
    server.connect(BOB);
    assert!(refusals(&server.send(ALICE, join("alice", table)), ALICE).is_empty());
    assert!(refusals(&server.send(BOB, join("bob", table)), BOB).is_empty());
    let after = server.look(table);
    assert_eq!(
        (&after.record, &after.terms),
        (&before.record, &before.terms)
    );
    let effects = server.play(table, 2, &FOOLS_MATE[2..]);
    assert!(
        last_state(&effects, BOB).outcome.is_some(),
        "mate after the restart"
    );
}

#[test]
fn over_udp_two_clients_play_a_long_variant_file_the_joiner_never_had() {
    use crate::transport::loopback;
    let server = loopback::Server::start();
    let table = server.seat_two(&padded_terms(), ["alice", "bob"]);
    let [white, black] = table.play(0, &FOOLS_MATE);
    assert_eq!(
        black.terms.file, white.terms.file,
        "both were given the text"
    );
    let game = game_of(&black).expect("Bob's game from the text");
    assert_eq!(game.turns().len(), 4);
    let ended = |s: &oddboard::net::protocol::TableState| s.outcome.map(|o| o.to_string());
    assert_eq!(ended(&white).as_deref(), Some("0-1 checkmate"));
    assert_eq!(ended(&black), ended(&white));
}

#[test]
fn a_message_carrying_a_variant_file_may_be_as_long_as_the_file() {
    use bevy_replicon::postcard_utils::to_extend_mut;
    use oddboard::net::protocol::{ClientMsg, MAX_CLIENT_MESSAGE};
    use oddboard::net::wire::decode;
    let encode = |message: &ClientMsg| {
        let mut bytes = Vec::new();
        to_extend_mut(message, &mut bytes).expect("encodes");
        bytes
    };
    let message = open("alice", padded_terms(), None);
    let bytes = encode(&message);
    assert!(bytes.len() > MAX_CLIENT_MESSAGE);
    assert_eq!(decode(&bytes), Ok(message));
    let chat = ClientMsg::Chat {
        table: 1,
        text: "x".repeat(60_000),
    };
    assert!(
        decode(&encode(&chat)).is_err(),
        "only a file makes a message long"
    );
}
