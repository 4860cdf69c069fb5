//! Refused messages: logged, counted, and a client that keeps sending them is disconnected; a
//! client sending faster than the allowed rate is refused, then disconnected.

use crate::support::*;
use oddboard::net::lobby::Effect;
use oddboard::net::protocol::{
    ClientMsg, MAX_TEXT, MESSAGE_BURST, MESSAGES_PER_SECOND, Offer, REFUSALS_ALLOWED,
};

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

#[test]
fn a_client_sending_as_fast_as_it_can_is_limited_and_the_others_play_on() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    let mut answered = 0;
    let mut refused = 0;
    let mut flood = 0;
    while flood < 10_000 {
        flood += 1;
        let effects = server.send(CAROL, ClientMsg::List);
        answered += lists(&effects, CAROL).len();
        refused += refusals(&effects, CAROL).len();
        if effects.contains(&Effect::Disconnect(CAROL)) {
            break;
        }
    }
    assert_eq!(
        answered,
        MESSAGE_BURST as usize - 1,
        "a burst is served (less the proof of identity)"
    );
    assert_eq!(
        refused,
        REFUSALS_ALLOWED as usize + 1,
        "then refused until disconnected"
    );
    assert!(flood < 10_000, "the flood was cut off");
    let effects = server.play(table, 0, &FOOLS_MATE);
    assert_eq!(
        last_state(&effects, BOB).outcome.map(|o| o.to_string()),
        Some("0-1 checkmate".into())
    );
}

#[test]
fn a_client_keeping_to_the_allowed_rate_is_never_limited() {
    let mut server = Server::with(&[ALICE]);
    for _ in 0..10 {
        for _ in 0..MESSAGES_PER_SECOND {
            let effects = server.send(ALICE, ClientMsg::List);
            assert!(refusals(&effects, ALICE).is_empty());
        }
        server.wait(1);
    }
}

#[test]
fn an_overlong_name_or_chat_line_or_one_with_control_characters_is_refused_in_one_line() {
    let mut server = Server::with(&[ALICE, BOB]);
    let long = "n".repeat(MAX_TEXT + 1);
    let effects = server.send(ALICE, open(&long, chess(), None));
    assert_eq!(
        refusals(&effects, ALICE),
        ["a name needs 1 to 200 characters"]
    );
    let effects = server.send(ALICE, open("ali\u{7}ce", chess(), None));
    assert_eq!(
        refusals(&effects, ALICE),
        ["a name may not hold control characters"]
    );
    let table = server.seated(chess());
    for (text, why) in [
        (long.as_str(), "a chat line needs 1 to 200 characters"),
        (
            "hi\nclient 2 connected",
            "a chat line may not hold control characters",
        ),
    ] {
        let effects = server.send(
            BOB,
            ClientMsg::Chat {
                table,
                text: text.into(),
            },
        );
        assert_eq!(refusals(&effects, BOB), [why]);
    }
    assert!(server.look(table).chat.is_empty());
}
