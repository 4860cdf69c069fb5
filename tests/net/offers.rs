//! Offers between the players: a draw, a takeback; accepted, declined, or lapsed.

use crate::support::*;
use oddboard::net::protocol::{ClientMsg, Offer, TableId};
use oddboard::rules::{Game, Outcome, Reason, Side};

/// An offer at `table`.
fn offer(table: TableId, offer: Offer) -> ClientMsg {
    ClientMsg::Offer { table, offer }
}

/// An answer at `table`.
fn answer(table: TableId, accept: bool) -> ClientMsg {
    ClientMsg::Answer { table, accept }
}

#[test]
fn an_accepted_draw_ends_the_game_by_agreement() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4"]);
    let effects = server.send(ALICE, offer(table, Offer::Draw));
    assert_eq!(
        last_state(&effects, BOB).offer,
        Some((Side::White, Offer::Draw))
    );
    let effects = server.send(BOB, answer(table, true));
    let end = last_state(&effects, ALICE);
    assert_eq!(end.outcome, Some(Outcome::draw(Reason::Agreement)));
    assert_eq!(end.answered, Some((Offer::Draw, true)));
    assert_eq!(end.offer, None);
    let (_, pgn) = &records(&effects)[0];
    assert_eq!(Game::from_pgn(pgn).expect("reads").0.outcome(), end.outcome);
}

#[test]
fn a_declined_draw_is_shown_and_the_game_goes_on() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.send(BOB, offer(table, Offer::Draw));
    let effects = server.send(ALICE, answer(table, false));
    let state = last_state(&effects, BOB);
    assert_eq!(
        (state.offer, state.answered),
        (None, Some((Offer::Draw, false)))
    );
    assert_eq!(state.outcome, None);
    server.play(table, 0, &["e2e4"]);
}

#[test]
fn a_takeback_before_the_reply_undoes_the_askers_turn() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4", "e7e5", "g1f3"]);
    server.send(ALICE, offer(table, Offer::Takeback));
    let effects = server.send(BOB, answer(table, true));
    let state = last_state(&effects, ALICE);
    assert_eq!(state.record.turns, ["e2e4", "e7e5"]);
    assert!(state.record.redo.is_empty());
    server.play(table, 2, &["d2d4"]);
}

#[test]
fn a_takeback_after_the_reply_undoes_both_turns() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.send(ALICE, offer(table, Offer::Takeback));
    let effects = server.send(BOB, answer(table, true));
    let state = last_state(&effects, BOB);
    assert!(state.record.turns.is_empty());
    assert_eq!(state.answered, Some((Offer::Takeback, true)));
    server.play(table, 0, &["d2d4"]);
}

#[test]
fn no_takeback_before_the_asker_has_played() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    let effects = server.send(ALICE, offer(table, Offer::Takeback));
    assert_eq!(refusals(&effects, ALICE), ["you have no turn to take back"]);
    server.play(table, 0, &["e2e4"]);
    let effects = server.send(BOB, offer(table, Offer::Takeback));
    assert_eq!(refusals(&effects, BOB), ["you have no turn to take back"]);
}

#[test]
fn only_the_opponent_answers_an_offer() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    server.send(CAROL, ClientMsg::Watch { table });
    server.send(ALICE, offer(table, Offer::Draw));
    let own = server.send(ALICE, answer(table, true));
    assert_eq!(refusals(&own, ALICE), ["you cannot answer your own offer"]);
    let watcher = server.send(CAROL, answer(table, true));
    assert_eq!(
        refusals(&watcher, CAROL),
        ["you are watching this game, not playing it"]
    );
    assert_eq!(server.look(table).offer, Some((Side::White, Offer::Draw)));
}

#[test]
fn one_offer_waits_at_a_time() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.send(ALICE, offer(table, Offer::Draw));
    let effects = server.send(BOB, offer(table, Offer::Draw));
    assert_eq!(
        refusals(&effects, BOB),
        ["an offer already waits for an answer"]
    );
}

#[test]
fn a_turn_played_clears_the_pending_offer() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4"]);
    server.send(ALICE, offer(table, Offer::Draw));
    let effects = server.play(table, 1, &["e7e5"]);
    assert_eq!(last_state(&effects, ALICE).offer, None);
    let effects = server.send(BOB, answer(table, true));
    assert_eq!(refusals(&effects, BOB), ["no offer waits for an answer"]);
}
