//! The clocks the host keeps, and claims of a game the opponent left, on the virtual clock.

use crate::support::*;
use oddboard::net::protocol::{CLAIM_AFTER, ClientMsg, PUT_AWAY_AFTER};
use oddboard::rules::{Game, Outcome, Reason, Side};
use std::time::Duration;

/// Seconds.
fn secs(seconds: u64) -> Duration {
    Duration::from_secs(seconds)
}

#[test]
fn the_first_turns_are_free_and_then_the_side_to_moves_clock_runs() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(blitz());
    server.wait(50);
    server.play(table, 0, &["e2e4"]);
    server.wait(20);
    let effects = server.play(table, 1, &["e7e5"]);
    let state = last_state(&effects, ALICE);
    assert_eq!(state.clocks.left, [secs(182), secs(182)]);
    assert_eq!(state.running, Some(Side::White));
    server.wait(10);
    let now = server.look(table);
    assert_eq!(now.clocks.left, [secs(172), secs(182)]);
}

#[test]
fn the_mover_is_charged_then_given_the_increment() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(blitz());
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.wait(10);
    let effects = server.play(table, 2, &["g1f3"]);
    let state = last_state(&effects, BOB);
    assert_eq!(state.clocks.left, [secs(174), secs(182)]);
    assert_eq!(state.running, Some(Side::Black));
}

#[test]
fn the_flag_falls_on_the_virtual_clock() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(blitz());
    server.play(table, 0, &["e2e4", "e7e5"]);
    let effects = server.wait(181);
    assert!(!told_of_change(&effects));
    let effects = server.wait(1);
    let end = last_state(&effects, BOB);
    assert_eq!(
        end.outcome,
        Some(Outcome::win(Side::Black, Reason::TimeForfeit))
    );
    assert_eq!(end.clocks.left, [Duration::ZERO, secs(182)]);
    assert_eq!(end.running, None);
    let (_, pgn) = &records(&effects)[0];
    assert_eq!(Game::from_pgn(pgn).expect("reads").0.outcome(), end.outcome);
    assert!(!told_of_change(&server.wait(60)));
}

#[test]
fn a_turn_after_the_flag_fell_is_refused() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(blitz());
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.now += secs(200);
    let effects = server.send(ALICE, turn(table, 2, "g1f3"));
    assert_eq!(refusals(&effects, ALICE), ["the game is over"]);
    let end = last_state(&effects, ALICE);
    assert_eq!(
        end.outcome,
        Some(Outcome::win(Side::Black, Reason::TimeForfeit))
    );
}

#[test]
fn the_away_players_clock_runs_on() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(blitz());
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.drop_client(ALICE);
    server.wait(100);
    assert_eq!(server.look(table).clocks.left, [secs(82), secs(182)]);
    let effects = server.wait(82);
    let end = last_state(&effects, BOB);
    assert_eq!(
        end.outcome,
        Some(Outcome::win(Side::Black, Reason::TimeForfeit))
    );
}

#[test]
fn the_opponent_may_claim_after_claim_after_and_not_before() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4"]);
    server.drop_client(BOB);
    let early = CLAIM_AFTER.as_secs() - 1;
    let effects = server.wait(early);
    assert!(states(&effects, ALICE).is_empty());
    let effects = server.send(ALICE, ClientMsg::Claim { table });
    assert_eq!(refusals(&effects, ALICE).len(), 1);
    assert!(!told_of_change(&effects));
    let effects = server.wait(1);
    let state = last_state(&effects, ALICE);
    assert!(state.may_claim);
    assert_eq!(state.away[1], Some(CLAIM_AFTER));
    assert!(states(&server.wait(5), ALICE).is_empty(), "told once");
    let effects = server.send(ALICE, ClientMsg::Claim { table });
    let end = last_state(&effects, ALICE);
    assert_eq!(
        end.outcome,
        Some(Outcome::win(Side::White, Reason::Abandonment))
    );
    let (_, pgn) = &records(&effects)[0];
    assert_eq!(Game::from_pgn(pgn).expect("reads").0.outcome(), end.outcome);
}

#[test]
fn a_rejoin_clears_the_away_time() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.drop_client(BOB);
    server.wait(50);
    server.connect(BOB);
    server.send(BOB, join("bob", table));
    let effects = server.wait(20);
    assert!(states(&effects, ALICE).is_empty());
    let effects = server.send(ALICE, ClientMsg::Claim { table });
    assert_eq!(refusals(&effects, ALICE).len(), 1);
    assert_eq!(server.look(table).away, [None, None]);
}

#[test]
fn a_game_both_players_left_is_put_away_and_taken_up_when_one_comes_back() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    server.send(CAROL, ClientMsg::Watch { table });
    server.play(table, 0, &["e2e4"]);
    server.drop_client(ALICE);
    server.drop_client(BOB);
    server.wait(PUT_AWAY_AFTER.as_secs() - 1);
    assert_eq!(
        server.lobby.tables().len(),
        1,
        "kept in play while they may come back"
    );
    let effects = server.wait(1);
    assert!(server.lobby.tables().is_empty(), "put away");
    assert_eq!(
        closings(&effects, CAROL),
        ["both players are away: the game is kept, and goes on when one of them comes back"],
        "the spectator told"
    );
    server.wait(3 * 86_400);
    server.connect(BOB);
    let back = last_state(&server.send(BOB, join("bob", table)), BOB);
    assert_eq!((back.you, back.record.turns.len()), (Some(Side::Black), 1));
    server.connect(ALICE);
    server.send(ALICE, join("alice", table));
    server.play(table, 1, &["e7e5"]);
}
