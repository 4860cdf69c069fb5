//! Refused messages: logged, counted, and a client that keeps sending them is disconnected.

use crate::support::*;
use oddboard::net::lobby::Effect;
use oddboard::net::protocol::{ClientMsg, Offer, REFUSALS_ALLOWED};

#[test]
fn garbage_disconnects_the_client_after_the_refusals_allowed() {
    let mut server = Server::with(&[ALICE]);
    let garbage = |server: &mut Server| {
        let now = server.now;
        server
            .lobby
            .receive(ALICE, Err("malformed message".into()), now)
    };
    for _ in 0..REFUSALS_ALLOWED {
        let effects = garbage(&mut server);
        assert_eq!(refusals(&effects, ALICE), ["malformed message"]);
        assert!(!effects.contains(&Effect::Disconnect(ALICE)));
    }
    let effects = garbage(&mut server);
    assert!(effects.contains(&Effect::Disconnect(ALICE)));
    assert!(
        garbage(&mut server).is_empty(),
        "disconnected once, then not read"
    );
}

#[test]
fn every_refusal_is_logged() {
    let mut server = Server::with(&[ALICE]);
    let effects = server.send(ALICE, ClientMsg::Resign { table: 5 });
    let logged = effects.iter().any(|effect| {
        matches!(effect, Effect::Log(line) if line.contains("client 1 refused: that game is no longer on the server"))
    });
    assert!(logged, "{effects:?}");
}

#[test]
fn a_message_for_a_table_the_client_is_not_at_is_refused() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    let before = server.look(table);
    for message in [
        ClientMsg::Resign { table },
        ClientMsg::Claim { table },
        ClientMsg::Offer {
            table,
            offer: Offer::Draw,
        },
        ClientMsg::Answer {
            table,
            accept: true,
        },
        ClientMsg::Chat {
            table,
            text: "hi".into(),
        },
        ClientMsg::Leave { table },
        turn(table, 0, "e2e4"),
    ] {
        let effects = server.send(CAROL, message);
        assert_eq!(refusals(&effects, CAROL), ["you are not at this game"]);
        assert!(!told_of_change(&effects));
    }
    assert_eq!(server.look(table), before);
}

#[test]
fn a_log_line_stays_one_line_whatever_the_client_sent() {
    let mut server = Server::with(&[ALICE]);
    let mut terms = chess();
    terms.variant = "chess\nclient 2 connected".into();
    let effects = server.send(ALICE, open("alice", terms, None));
    let lines: Vec<_> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Log(line) => Some(line),
            _ => None,
        })
        .collect();
    assert_eq!(lines.len(), 1);
    assert!(!lines[0].contains('\n'), "{}", lines[0]);
}
