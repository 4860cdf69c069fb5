//! Random messages from several clients, random waits, drops and reconnections: the lobby
//! never panics, a refused message changes nothing, and every game it reports replays. Most
//! messages are aimed at the sender's own table (as its last state says), and its turns are
//! legal ones, so that games are played, offered, claimed and flagged, not only refused.

use crate::support::*;
use oddboard::net::identity::Identity;
use oddboard::net::lobby::{ClientKey, Effect, Lobby};
use oddboard::net::protocol::{ClientMsg, Offer, ServerMsg, TableId, TableState, Terms};
use oddboard::rules::{Game, Side};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;
use std::time::Duration;

/// Something a client does at the table it is at.
#[derive(Clone, Debug)]
enum Act {
    /// Plays the legal turn of this index (modulo their number), or a stale or bad one.
    Play(usize),
    /// Offers something.
    Offer(Offer),
    /// Answers an offer.
    Answer(bool),
    /// Resigns.
    Resign,
    /// Claims the win.
    Claim,
    /// Says something.
    Chat(String),
    /// Leaves.
    Leave,
}

/// One thing happening to the lobby.
#[derive(Clone, Debug)]
enum Step {
    /// A client sends a message (or garbage the transport could not read).
    Send(ClientKey, Result<ClientMsg, String>),
    /// A client acts at its own table.
    Act(ClientKey, Act),
    /// Time passes, in seconds.
    Wait(u64),
    /// A client's connection drops.
    Drop(ClientKey),
    /// A client connects.
    Connect(ClientKey),
}

/// One of a few names, including a refused one.
fn name() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["alice", "bob", "carol", "", "alice"]).prop_map(String::from)
}

/// One of a few terms, rated or casual, including refused ones.
fn terms() -> impl Strategy<Value = Terms> {
    let unknown = Terms {
        variant: "no-such-variant".into(),
        ..chess()
    };
    let chosen = prop::sample::select(vec![chess(), blitz(), blitz(), correspondence(1), unknown]);
    (chosen, any::<bool>()).prop_map(|(terms, rated)| Terms { rated, ..terms })
}

/// A short text, sometimes empty or odd.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![Just("e2e4".to_string()), Just(String::new()), ".{0,6}"]
}

/// A message about tables 1 to 4.
fn message() -> impl Strategy<Value = ClientMsg> {
    let table = 1u32..5;
    let side = prop::option::of(prop::sample::select(Side::BOTH.to_vec()));
    prop_oneof![
        1 => Just(ClientMsg::List),
        1 => Just(ClientMsg::Games),
        1 => prop::sample::select(vec!["chess", "amoeba", "no-such-variant"])
            .prop_map(|variant| ClientMsg::Leaderboard {
                variant: variant.into()
            }),
        1 => (name(), terms(), side).prop_map(|(name, terms, side)| ClientMsg::Open {
            name,
            terms,
            side
        }),
        3 => (name(), terms()).prop_map(|(name, terms)| ClientMsg::Seek { name, terms }),
        2 => (name(), table.clone()).prop_map(|(name, table)| ClientMsg::Join { name, table }),
        1 => table.clone().prop_map(|table| ClientMsg::Watch { table }),
        1 => (table, 0u32..5, text()).prop_map(|(table, ply, text)| ClientMsg::Turn {
            table,
            ply,
            text
        }),
    ]
}

/// Something done at one's own table.
fn act() -> impl Strategy<Value = Act> {
    let offer = prop::sample::select(vec![Offer::Draw, Offer::Takeback]);
    prop_oneof![
        24 => any::<usize>().prop_map(Act::Play),
        2 => offer.prop_map(Act::Offer),
        3 => any::<bool>().prop_map(Act::Answer),
        1 => Just(Act::Resign),
        2 => Just(Act::Claim),
        1 => text().prop_map(Act::Chat),
        1 => Just(Act::Leave),
    ]
}

/// Any step, by clients 1 to 4.
fn step() -> impl Strategy<Value = Step> {
    let client = 1u64..5;
    prop_oneof![
        4 => (client.clone(), message()).prop_map(|(c, m)| Step::Send(c, Ok(m))),
        1 => (client.clone(), ".{0,8}").prop_map(|(c, why)| Step::Send(c, Err(why))),
        10 => (client.clone(), act()).prop_map(|(c, act)| Step::Act(c, act)),
        3 => prop_oneof![4 => 0u64..20, 1 => 0u64..200, 1 => 0u64..200_000].prop_map(Step::Wait),
        1 => client.clone().prop_map(Step::Drop),
        1 => client.prop_map(Step::Connect),
    ]
}

/// The message for `act` by a client whose last state is `state`.
fn act_message(act: Act, state: &TableState) -> ClientMsg {
    let table: TableId = state.table;
    match act {
        Act::Play(index) => play(index, state),
        Act::Offer(offer) => ClientMsg::Offer { table, offer },
        Act::Answer(accept) => ClientMsg::Answer { table, accept },
        Act::Resign => ClientMsg::Resign { table },
        Act::Claim => ClientMsg::Claim { table },
        Act::Chat(text) => ClientMsg::Chat { table, text },
        Act::Leave => ClientMsg::Leave { table },
    }
}

/// A legal turn of `state`'s game, chosen by `index`; one time in eight a turn with a stale
/// ply instead.
fn play(index: usize, state: &TableState) -> ClientMsg {
    let game = Game::from_record(&state.record).expect("a state's record replays");
    let legal = game.legal_turns();
    let ply = u32::try_from(game.turns().len()).unwrap_or(u32::MAX);
    let text = match legal.get(index % legal.len().max(1)) {
        Some(chosen) => game.variant().turn_text(chosen),
        None => "e2e4".to_string(),
    };
    let ply = if index.is_multiple_of(8) {
        ply.wrapping_sub(1)
    } else {
        ply
    };
    turn(state.table, ply, &text)
}

/// What the run has seen so far: each client's last state, the records written, the
/// clients told to go.
#[derive(Default)]
struct Seen {
    states: BTreeMap<ClientKey, TableState>,
    written: BTreeSet<String>,
    dropped: BTreeSet<ClientKey>,
}

impl Seen {
    /// Checks the rules a call's effects keep, and remembers what they tell: a refused
    /// message changes nothing (unless it was one too many and its sender was sent away), a client hears of one table at a time, a state's record
    /// replays to its outcome, a record's stem is written once, a client is told to go once.
    fn check(&mut self, effects: &[Effect]) {
        let refused = effects
            .iter()
            .any(|e| matches!(e, Effect::Send(_, ServerMsg::Refused(_))));
        let sent_away = effects
            .iter()
            .any(|e| matches!(e, Effect::Send(_, ServerMsg::Denied(_))));
        assert!(
            !(refused && !sent_away && told_of_change(effects)),
            "a refusal changed something: {effects:?}"
        );
        let mut told = BTreeSet::new();
        for effect in effects {
            match effect {
                Effect::Send(client, ServerMsg::State(state)) => {
                    assert!(told.insert(*client), "one state per client per call");
                    check_state(state);
                    self.states.insert(*client, *state.clone());
                }
                Effect::Record { stem, pgn } => {
                    assert!(self.written.insert(stem.clone()), "{stem} written twice");
                    let (game, _) = Game::from_pgn(pgn).expect("the record reads");
                    assert!(game.outcome().is_some(), "{pgn}");
                }
                Effect::Disconnect(client) => {
                    assert!(self.dropped.insert(*client), "told to go twice");
                }
                _ => {}
            }
        }
    }
}

/// A state's record replays to its outcome, and a player's seat has its name.
fn check_state(state: &TableState) {
    let game = Game::from_record(&state.record).expect("the record replays");
    assert_eq!(game.outcome(), state.outcome);
    assert!(state.record.redo.is_empty());
    if let Some(side) = state.you {
        assert!(!state.names[side.index()].is_empty());
    }
}

/// Checks the list: each table waits for a second player with no turn played, or has both.
fn check_list(lobby: &Lobby) {
    for info in lobby.tables() {
        let seated = info.names.iter().filter(|n| !n.is_empty()).count();
        let waiting = seated == 1 && info.plies == 0 && !info.finished;
        assert!(seated == 2 || waiting, "{info:?}");
    }
}

/// `client` connects at `now` and proves it is `identity`: what that caused.
fn connect(
    lobby: &mut Lobby,
    client: ClientKey,
    identity: &Identity,
    now: Duration,
) -> Vec<Effect> {
    let mut effects = lobby.connected(client, "127.0.0.1:9", now);
    let challenge = challenges(&effects, client)
        .pop()
        .expect("a new connection is challenged");
    let proof = ClientMsg::Prove {
        player: identity.player(),
        signature: identity.prove(&challenge),
    };
    effects.extend(lobby.receive(client, Ok(proof), now));
    effects
}

/// Runs `steps` on a fresh lobby, checking every call. Clients 1 to 3 are three people;
/// client 4 is the first of them again, in another window.
fn run(steps: Vec<Step>, people: &[Identity; 3]) {
    let mut lobby = Lobby::new(3, started());
    let mut now = Duration::ZERO;
    let mut seen = Seen::default();
    let person = |client: ClientKey| &people[usize::try_from(client - 1).unwrap_or(0) % 3];
    for client in 1..5 {
        connect(&mut lobby, client, person(client), now);
    }
    for step in steps {
        let effects = match step {
            Step::Send(client, message) => {
                seen.check(&lobby.tick(now));
                lobby.receive(client, message, now)
            }
            Step::Act(client, act) => {
                seen.check(&lobby.tick(now));
                let Some(state) = seen.states.get(&client) else {
                    continue;
                };
                lobby.receive(client, Ok(act_message(act, state)), now)
            }
            Step::Wait(seconds) => {
                now += Duration::from_secs(seconds);
                lobby.tick(now)
            }
            Step::Drop(client) => {
                seen.dropped.remove(&client);
                seen.states.remove(&client);
                lobby.disconnected(client, now)
            }
            Step::Connect(client) => {
                seen.dropped.remove(&client);
                seen.states.remove(&client);
                connect(&mut lobby, client, person(client), now)
            }
        };
        seen.check(&effects);
        check_list(&lobby);
    }
}

/// The three people the random clients are.
static PEOPLE: LazyLock<[Identity; 3]> =
    LazyLock::new(|| [(); 3].map(|()| Identity::generate().expect("an identity")));

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_clients_never_panic_the_lobby_nor_break_its_rules(
        steps in prop::collection::vec(step(), 1..300),
    ) {
        run(steps, &PEOPLE);
    }
}
