//! The real transport (replicon over renet, UDP) on 127.0.0.1, in process: a server on a free
//! port, clients and bots connected to it, and what each receives. Every wait ends within a
//! deadline, and no test judges how long anything took.

pub mod loopback;

use crate::wait::wait_for;
use loopback::{FOOLS_MATE, Server, XorShift, chess, person, refusal, replay, state, terms, until};
use oddboard::net::bot::{self, BotReport, BotSettings};
use oddboard::net::client::{Connection, NetEvent, Patience};
use oddboard::net::protocol::{
    ClientMsg, MAX_CLIENT_MESSAGE, PROTOCOL_ID, REFUSALS_ALLOWED, ServerMsg, TableState,
};
use oddboard::net::wire::decode;
use oddboard::rules::{Level, Side, ids};
use std::collections::BTreeMap;
use std::net::UdpSocket;
use std::sync::Arc;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

/// The longest to wait for the next of the bots' games to end: a bound against a game that
/// never ends, not a measure.
const BOTS_WAIT: Duration = Duration::from_secs(300);

/// How fool's mate ends.
const MATED: &str = "0-1 checkmate";

/// The result of a state's game, as a record writes it (empty while it goes on).
fn result(state: &TableState) -> String {
    state.outcome.map(|o| o.to_string()).unwrap_or_default()
}

#[test]
fn two_clients_play_a_whole_game_and_its_only_record_replays_to_its_result() {
    let server = Server::start();
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    let [white, black] = table.play(0, &FOOLS_MATE);
    assert_eq!(result(&white), MATED);
    assert_eq!(result(&black), MATED);
    assert_eq!(white.record, black.record, "both players see one game");

    let written = server.records_written(1);
    assert_eq!(written.len(), 1, "the records directory holds {written:?}");
    let name = written[0]
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    assert!(
        name.ends_with(".pgn") && !name.starts_with('.'),
        "a record file: {name}"
    );
    let (game, replayed) = replay(&written[0]);
    assert_eq!(replayed, MATED);
    assert_eq!(game.record().turns, black.record.turns);
}

#[test]
fn a_spectator_sees_every_turn_of_the_game() {
    let server = Server::start();
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    let spectator = server.connect();
    spectator.send(ClientMsg::Watch { table: table.table });
    let first = state(&spectator, "the watched table", |_| true);
    assert_eq!(first.you, None, "a spectator plays no side");
    assert!(first.record.turns.is_empty());

    let [last, _] = table.play(0, &FOOLS_MATE);
    let mut seen = vec![first.record.turns];
    let end = state(&spectator, "the end watched", |next| {
        if seen.last() != Some(&next.record.turns) {
            seen.push(next.record.turns.clone());
        }
        next.outcome.is_some()
    });
    assert_eq!(end.record, last.record, "the end watched");
    let every_turn: Vec<Vec<String>> = (0..=FOOLS_MATE.len())
        .map(|n| FOOLS_MATE[..n].iter().map(|t| t.to_string()).collect())
        .collect();
    assert_eq!(seen, every_turn, "the spectator saw each turn, in order");
}

#[test]
fn turns_for_the_wrong_side_illegal_or_from_outside_the_table_are_refused_and_change_nothing() {
    let server = Server::start();
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    let [before, _] = table.play(0, &FOOLS_MATE[..1]);
    let turn = |text: &str| ClientMsg::Turn {
        table: table.table,
        ply: 1,
        text: text.into(),
    };
    let outsider = server.connect();
    let attempts = [
        (
            table.player(Side::White),
            "e7e5",
            "the first player moving for the second",
        ),
        (
            table.player(Side::Black),
            "e2e4",
            "the second player moving a White pawn",
        ),
        (table.player(Side::Black), "e7e4", "an illegal turn"),
        (
            table.player(Side::Black),
            "e7e5x",
            "a turn that is not canonical text",
        ),
        (
            &outsider,
            "e7e5",
            "a client that does not play at the table",
        ),
    ];
    for (client, text, what) in attempts {
        client.send(turn(text));
        let why = refusal(client, what);
        assert!(!why.is_empty(), "{what}: refused with a reason");
    }

    outsider.send(ClientMsg::Watch { table: table.table });
    let watched = state(&outsider, "the table after the refusals", |_| true);
    assert_eq!(watched.record, before.record, "nothing changed");
    let [after, _] = table.play(1, &FOOLS_MATE[1..2]);
    assert_eq!(after.record.turns, FOOLS_MATE[..2]);
}

#[test]
fn a_player_dropped_mid_game_rejoins_as_themself_and_gets_the_exact_game_back() {
    let server = Server::start();
    let mut table = server.seat_two(&chess(), ["alice", "bob"]);
    let [before, _] = table.play(0, &FOOLS_MATE[..2]);

    let [white, black] = table.players;
    drop(white);
    let waiting = state(&black, "the first player away", |s| {
        s.away[Side::White.index()].is_some()
    });
    assert_eq!(waiting.record, before.record, "the game waits as it was");

    let back = server.connect_as(&table.people[0]);
    back.send(ClientMsg::Join {
        name: "alice".into(),
        table: table.table,
    });
    let rejoined = state(&back, "the seat taken back", |_| true);
    assert_eq!(rejoined.you, Some(Side::White));
    assert_eq!(rejoined.record, before.record, "the exact game back");
    assert_eq!(rejoined.away, [None, None]);

    table.players = [back, black];
    let [last, _] = table.play(2, &FOOLS_MATE[2..]);
    assert_eq!(result(&last), MATED);
    let (_, replayed) = replay(&server.records_written(1)[0]);
    assert_eq!(replayed, MATED);
}

/// A netcode connection request with our protocol's id, an expiry far ahead and a token that
/// is `random` junk: the server must try to decrypt it, and drop it.
fn junk_connection_request(random: &mut XorShift) -> Vec<u8> {
    let mut packet = vec![0u8];
    packet.extend_from_slice(b"NETCODE 1.02\0");
    packet.extend_from_slice(&PROTOCOL_ID.to_le_bytes());
    packet.extend_from_slice(&u64::MAX.to_le_bytes());
    packet.extend(random.bytes(24 + 1024));
    packet
}

#[test]
fn ten_thousand_junk_connection_requests_and_random_datagrams_change_nothing() {
    let server = Server::start();
    let noise = UdpSocket::bind("127.0.0.1:0").expect("a socket on 127.0.0.1");
    let mut random = XorShift(0x0dd_b0a2d);
    let mut send_noise = |datagrams: usize| {
        for n in 0..datagrams {
            let datagram = if n % 2 == 0 {
                junk_connection_request(&mut random)
            } else {
                let length = random.below(1500);
                random.bytes(length)
            };
            noise
                .send_to(&datagram, server.address())
                .expect("a datagram sent");
        }
    };
    send_noise(5_000);
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    table.play(0, &FOOLS_MATE[..2]);
    send_noise(5_000);
    let [last, _] = table.play(2, &FOOLS_MATE[2..]);
    assert_eq!(result(&last), MATED);
    assert_eq!(server.records_written(1).len(), 1);
}

#[test]
fn a_megabyte_chat_line_is_refused_unread_and_the_client_may_go_on() {
    let server = Server::start();
    let client = server.connect();
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    table.player(Side::White).send(ClientMsg::Chat {
        table: table.table,
        text: "x".repeat(1 << 20),
    });
    let why = refusal(table.player(Side::White), "the oversized chat line refused");
    assert!(why.contains("bytes"), "refused for its size: {why}");
    let [last, _] = table.play(0, &FOOLS_MATE);
    assert_eq!(result(&last), MATED);
    client.send(ClientMsg::List);
    until(&client, "the list after the oversized message", |event| {
        matches!(event, NetEvent::Message(ServerMsg::Tables(_))).then_some(())
    });
}

#[test]
fn a_client_that_keeps_sending_refused_messages_is_disconnected_and_others_stay() {
    let server = Server::start();
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    let pest = server.connect();
    for ply in 0..=REFUSALS_ALLOWED {
        pest.send(ClientMsg::Turn {
            table: table.table,
            ply,
            text: "e2e4".into(),
        });
    }
    until(&pest, "the disconnection", |event| match event {
        NetEvent::Closed(_) | NetEvent::Reconnecting { .. } => Some(()),
        _ => None,
    });
    let [last, _] = table.play(0, &FOOLS_MATE);
    assert_eq!(result(&last), MATED);
}

#[test]
fn decoding_random_bytes_never_panics_and_an_unknown_message_kind_is_refused() {
    let mut random = XorShift(25);
    for _ in 0..20_000 {
        let length = random.below(64);
        let mut bytes = random.bytes(length);
        let _ = decode(&bytes);
        if let Some(kind) = bytes.first_mut() {
            *kind = 0x40 | (*kind & 0x3f);
            let kind = *kind;
            assert!(decode(&bytes).is_err(), "message kind {kind} is not one");
        }
    }
    assert!(decode(&[]).is_err(), "no bytes are no message");
}

#[test]
fn decoding_refuses_oversized_truncated_and_overlong_messages() {
    let encode = |message: &ClientMsg| {
        let mut bytes = Vec::new();
        bevy_replicon::postcard_utils::to_extend_mut(message, &mut bytes).expect("encodes");
        bytes
    };
    let chat = |length: usize| ClientMsg::Chat {
        table: 1,
        text: "x".repeat(length),
    };
    let fits = encode(&chat(MAX_CLIENT_MESSAGE - 8));
    assert!(fits.len() <= MAX_CLIENT_MESSAGE);
    assert_eq!(decode(&fits), Ok(chat(MAX_CLIENT_MESSAGE - 8)));
    let oversized = encode(&chat(MAX_CLIENT_MESSAGE));
    assert!(decode(&oversized).is_err(), "a message over the limit");
    assert!(decode(&vec![0; 1 << 20]).is_err(), "a megabyte");

    let turn = encode(&ClientMsg::Turn {
        table: 7,
        ply: 3,
        text: "e2e4".into(),
    });
    for end in 0..turn.len() {
        assert!(
            decode(&turn[..end]).is_err(),
            "{end} of {} bytes",
            turn.len()
        );
    }
    let mut overlong = turn.clone();
    overlong.push(0);
    assert!(decode(&overlong).is_err(), "a byte after the message");
}

#[test]
fn two_bots_finish_a_game_of_every_variant_and_each_record_replays_to_their_result() {
    let server = Server::start();
    let (done, finished) = channel();
    let variants: Vec<&str> = ids().collect();
    let shared = person();
    for id in &variants {
        for seat in 1..=2 {
            let settings = BotSettings {
                address: server.address(),
                level: Level::Beginner,
                terms: terms(id),
                name: format!("{id} bot {seat}"),
                identity: shared.clone(),
            };
            let (done, id) = (done.clone(), id.to_string());
            std::thread::spawn(move || {
                let started = Instant::now();
                let played = bot::play(settings);
                let _ = done.send((id, played, started.elapsed()));
            });
        }
    }
    let mut reports: BTreeMap<String, Vec<BotReport>> = BTreeMap::new();
    for _ in 0..2 * variants.len() {
        let playing: Vec<&&str> = variants
            .iter()
            .filter(|id| reports.get(**id).map_or(0, Vec::len) < 2)
            .collect();
        let awaited = format!("a game of the bots still playing {playing:?}");
        let (id, played, took) = wait_for(&awaited, BOTS_WAIT, || finished.try_recv().ok());
        let report = played.unwrap_or_else(|e| panic!("{id}: {e}"));
        eprintln!("{id}: {} after {took:.1?}", report.summary());
        reports.entry(id).or_default().push(report);
    }
    let results: BTreeMap<String, String> = reports
        .into_iter()
        .map(|(id, pair)| {
            assert_eq!(
                pair[0].result, pair[1].result,
                "{id}: both bots saw one end"
            );
            (id, pair[0].result.clone())
        })
        .collect();

    let written = server.records_written(results.len());
    let replayed: BTreeMap<String, String> = written
        .iter()
        .map(|path| {
            let (game, result) = replay(path);
            (game.variant().id().to_string(), result)
        })
        .collect();
    assert_eq!(
        replayed, results,
        "one record per variant, replaying to its result"
    );
}

#[test]
fn both_players_leaving_at_once_after_the_game_leave_the_server_serving() {
    let server = Server::start();
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    let [last, _] = table.play(0, &FOOLS_MATE);
    assert_eq!(result(&last), MATED);
    drop(table);

    let again = server.seat_two(&chess(), ["carol", "dave"]);
    let [last, _] = again.play(0, &FOOLS_MATE);
    assert_eq!(result(&last), MATED);
    assert_eq!(server.records_written(2).len(), 2);
}

#[test]
fn a_connection_where_nothing_answers_gives_up_in_time_saying_so_and_then_is_quiet() {
    let silent = UdpSocket::bind("127.0.0.1:0").expect("a socket that never answers");
    let address = silent.local_addr().expect("its address");
    let patience = Patience {
        connect: Duration::from_millis(200),
        ..Patience::default()
    };
    let connection = Connection::open_with(address, person(), patience, Arc::new(|| {}))
        .expect("the connection is tried");
    let why = until(
        &connection,
        "the connection given up",
        |event| match event {
            NetEvent::Closed(why) => Some(why.clone()),
            _ => None,
        },
    );
    assert_eq!(
        why,
        format!("Nothing answers at {address}: is the host's game open, and its port forwarded?")
    );
    assert_eq!(connection.next(), None, "nothing comes after the end");
}

#[test]
fn a_player_whose_seat_another_window_of_theirs_takes_is_told_at_once_and_watches() {
    let server = Server::start();
    let table = server.seat_two(&chess(), ["alice", "bob"]);
    table.play(0, &FOOLS_MATE[..1]);
    let second = server.connect_as(&table.people[1]);
    second.send(ClientMsg::Join {
        name: "bob".into(),
        table: table.table,
    });
    state(&second, "bob's seat taken again", |s| {
        s.you == Some(Side::Black)
    });
    let displaced = table.player(Side::Black);
    let why = until(
        displaced,
        "the news of the lost seat",
        |event| match event {
            NetEvent::Message(ServerMsg::Unseated { why, .. }) => Some(why.clone()),
            _ => None,
        },
    );
    assert_eq!(why, "another window of yours sat down in your seat as bob");
    let watching = state(displaced, "the game, watched", |s| s.you.is_none());
    assert_eq!(watching.record.turns.len(), 1);
}
