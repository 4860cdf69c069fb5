//! Refused messages: logged, counted, and a client that keeps sending them is disconnected;
//! random messages from several clients never panic the lobby nor break its rules.

use crate::support::*;
use oddboard::net::lobby::{ClientKey, Effect, Lobby};
use oddboard::net::protocol::{ClientMsg, Offer, REFUSALS_ALLOWED, ServerMsg, Terms};
use oddboard::rules::{Game, Side};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::time::Duration;

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
        matches!(effect, Effect::Log(line) if line.contains("client 1 refused: no such table: 5"))
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
        assert_eq!(refusals(&effects, CAROL), ["you are not at table 1"]);
        assert!(!told_of_change(&effects));
    }
    assert_eq!(server.look(table), before);
}

/// One thing happening to the lobby.
#[derive(Clone, Debug)]
enum Step {
    /// A client sends a message (or garbage).
    Send(ClientKey, Result<ClientMsg, String>),
    /// Time passes, in seconds.
    Wait(u64),
    /// A client's connection drops.
    Drop(ClientKey),
    /// A client connects.
    Connect(ClientKey),
}

/// One of a few names, including one refused.
fn name() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["alice", "bob", "", "carol"]).prop_map(String::from)
}

/// One of a few terms, including ones refused.
fn terms() -> impl Strategy<Value = Terms> {
    let unknown = Terms {
        variant: "no-such-variant".into(),
        ..chess()
    };
    prop::sample::select(vec![chess(), blitz(), unknown])
}

/// A few turn texts, mostly legal somewhere in the first plies of chess.
fn text() -> impl Strategy<Value = String> {
    let texts = vec![
        "e2e4", "e7e5", "f2f3", "g2g4", "d8h4", "d2d4", "g8f6", "zz", "",
    ];
    prop::sample::select(texts).prop_map(String::from)
}

/// Any message, at tables 0 to 3.
fn message() -> impl Strategy<Value = ClientMsg> {
    let table = 0u32..4;
    let side = prop::option::of(prop::sample::select(Side::BOTH.to_vec()));
    let offer = prop::sample::select(vec![Offer::Draw, Offer::Takeback]);
    prop_oneof![
        Just(ClientMsg::List),
        (name(), terms(), side).prop_map(|(name, terms, side)| ClientMsg::Open {
            name,
            terms,
            side
        }),
        (name(), terms()).prop_map(|(name, terms)| ClientMsg::Seek { name, terms }),
        (name(), table.clone()).prop_map(|(name, table)| ClientMsg::Join { name, table }),
        table.clone().prop_map(|table| ClientMsg::Watch { table }),
        (table.clone(), 0u32..5, text()).prop_map(|(table, ply, text)| ClientMsg::Turn {
            table,
            ply,
            text
        }),
        (table.clone(), offer).prop_map(|(table, offer)| ClientMsg::Offer { table, offer }),
        (table.clone(), any::<bool>())
            .prop_map(|(table, accept)| ClientMsg::Answer { table, accept }),
        table.clone().prop_map(|table| ClientMsg::Resign { table }),
        table.clone().prop_map(|table| ClientMsg::Claim { table }),
        (table.clone(), text()).prop_map(|(table, text)| ClientMsg::Chat { table, text }),
        table.prop_map(|table| ClientMsg::Leave { table }),
    ]
}

/// Any step, from clients 1 to 4.
fn step() -> impl Strategy<Value = Step> {
    let client = 1u64..5;
    prop_oneof![
        8 => (client.clone(), message()).prop_map(|(c, m)| Step::Send(c, Ok(m))),
        1 => (client.clone(), ".{0,8}").prop_map(|(c, why)| Step::Send(c, Err(why))),
        2 => (0u64..200).prop_map(Step::Wait),
        1 => client.clone().prop_map(Step::Drop),
        1 => client.prop_map(Step::Connect),
    ]
}

/// Checks the rules every call's effects keep: a refused message changes nothing, a client
/// hears of one table at a time, a state's record replays to its outcome, a record's stem is
/// written once, a client is disconnected once.
fn check(effects: &[Effect], written: &mut BTreeSet<String>, dropped: &mut BTreeSet<ClientKey>) {
    let refused = effects
        .iter()
        .any(|e| matches!(e, Effect::Send(_, ServerMsg::Refused(_))));
    assert!(
        !(refused && told_of_change(effects)),
        "a refused message changed something"
    );
    let mut told = BTreeSet::new();
    for effect in effects {
        match effect {
            Effect::Send(client, ServerMsg::State(state)) => {
                assert!(told.insert(*client), "one state per client per call");
                let game = Game::from_record(&state.record).expect("the record replays");
                assert_eq!(game.outcome(), state.outcome);
                if let Some(side) = state.you {
                    assert!(!state.names[side.index()].is_empty());
                }
            }
            Effect::Record { stem, pgn } => {
                assert!(written.insert(stem.clone()), "{stem} written twice");
                assert!(
                    Game::from_pgn(pgn)
                        .expect("the record reads")
                        .0
                        .outcome()
                        .is_some()
                );
            }
            Effect::Disconnect(client) => assert!(dropped.insert(*client), "dropped twice"),
            _ => {}
        }
    }
}

/// Checks the list: each table waits for a second player with no turn played, or has both.
fn check_list(lobby: &Lobby) {
    for info in lobby.tables() {
        let seated = info.names.iter().filter(|n| !n.is_empty()).count();
        assert!(
            seated == 2 || (seated == 1 && info.plies == 0 && !info.finished),
            "{info:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_messages_never_panic_nor_break_the_rules(
        steps in prop::collection::vec(step(), 1..120),
    ) {
        let mut lobby = Lobby::new(3);
        let mut now = Duration::ZERO;
        let (mut written, mut dropped) = (BTreeSet::new(), BTreeSet::new());
        for client in 1..5 {
            lobby.connected(client, "127.0.0.1:9", now);
        }
        for step in steps {
            let effects = match step {
                Step::Send(client, message) => {
                    check(&lobby.tick(now), &mut written, &mut dropped);
                    lobby.receive(client, message, now)
                }
                Step::Wait(seconds) => {
                    now += Duration::from_secs(seconds);
                    lobby.tick(now)
                }
                Step::Drop(client) => {
                    dropped.remove(&client);
                    lobby.disconnected(client, now)
                }
                Step::Connect(client) => lobby.connected(client, "127.0.0.1:9", now),
            };
            check(&effects, &mut written, &mut dropped);
            check_list(&lobby);
        }
    }
}
