//! Correspondence games on the virtual clock: days a turn, windows closed and opened again
//! days later, games put away and taken up, a loss on time while nobody is there, and the list
//! of a player's games.

use crate::support::*;
use oddboard::app::shared::clocks::DAY;
use oddboard::net::protocol::{ClientMsg, PUT_AWAY_AFTER, TableId};
use oddboard::rules::{Game, Outcome, Reason, Side};
use std::time::Duration;

/// Hours.
fn hours(hours: u64) -> Duration {
    Duration::from_secs(hours * 3600)
}

/// A little longer than a game waits before it is put away.
const PUT_AWAY: u64 = PUT_AWAY_AFTER.as_secs() + 60;

/// `client` asks for its games: those it sits at, as listed.
fn games_of(server: &mut Server, client: u64) -> Vec<oddboard::net::protocol::PlayingGame> {
    playing(&server.send(client, ClientMsg::Games), client)
}

/// `person` opens their window again (as client `person`) and opens `table` from their games:
/// the state they are sent.
fn come_back(
    server: &mut Server,
    person: u64,
    name: &str,
    table: TableId,
) -> oddboard::net::protocol::TableState {
    server.connect(person);
    last_state(&server.send(person, join(name, table)), person)
}

/// A one-day game where both players have moved once, then both closed their windows and the
/// game was put away: its table.
fn put_away_one_day_game(server: &mut Server) -> TableId {
    let table = server.seated(correspondence(1));
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.drop_client(ALICE);
    server.drop_client(BOB);
    server.wait(PUT_AWAY);
    table
}

#[test]
fn each_turn_has_its_days_and_a_turn_played_gives_them_back_whole() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(correspondence(1));
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.wait(20 * 3600);
    assert_eq!(server.look(table).clocks.left, [hours(4), DAY]);
    let state = last_state(&server.send(ALICE, turn(table, 2, "g1f3")), BOB);
    assert_eq!(state.clocks.left, [DAY, DAY]);
    assert_eq!(state.running, Some(Side::Black));
    assert_eq!(
        state.terms.clock.map(|c| c.label()),
        Some("1 day a turn".into())
    );
}

#[test]
fn a_one_day_game_is_played_over_days_with_its_windows_closed_and_opened_again() {
    let mut server = Server::with(&[ALICE, BOB]);
    // Both close their windows; the game leaves the server's memory, kept in its store.
    let table = put_away_one_day_game(&mut server);
    assert!(server.lobby.tables().is_empty(), "the game is put away");

    // The next morning Alice opens her window: her game is in her list, her day running.
    server.wait(20 * 3600 - PUT_AWAY);
    server.connect(ALICE);
    let games = games_of(&mut server, ALICE);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].table, table);
    assert!(games[0].your_turn());
    assert_eq!(games[0].left, Some(hours(4)));
    let state = come_back(&mut server, ALICE, "alice", table);
    assert_eq!(state.record.turns, ["e2e4", "e7e5"]);
    assert_eq!(state.clocks.left, [hours(4), DAY]);

    // Bob's window is open in the lobby: he hears it is his turn when Alice plays.
    server.connect(BOB);
    let effects = server.send(ALICE, turn(table, 2, "g1f3"));
    let told = your_turns(&effects, BOB);
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].0.table, table);
    assert_eq!(told[0].1, "alice");
    server.drop_client(ALICE);
    server.drop_client(BOB);

    // Bob plays 23 hours later, his last hour; then Alice, two days running.
    server.wait(23 * 3600);
    let state = come_back(&mut server, BOB, "bob", table);
    assert_eq!(state.clocks.left, [DAY, hours(1)]);
    server.send(BOB, turn(table, 3, "b8c6"));
    server.drop_client(BOB);
    server.wait(10 * 3600);
    come_back(&mut server, ALICE, "alice", table);
    let state = last_state(&server.send(ALICE, turn(table, 4, "f1b5")), ALICE);
    assert_eq!(state.clocks.left, [DAY, DAY]);
    assert_eq!(state.record.turns, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
    assert_eq!(state.outcome, None);
}

#[test]
fn a_put_away_game_is_lost_on_time_when_the_day_runs_out_with_nobody_there() {
    let mut server = Server::with(&[ALICE, BOB]);
    put_away_one_day_game(&mut server);
    let effects = server.wait(DAY.as_secs() - PUT_AWAY - 1);
    assert!(records(&effects).is_empty(), "a second is left");
    let effects = server.wait(1);
    let written = records(&effects);
    assert_eq!(
        written.len(),
        1,
        "the game ends the moment the day runs out"
    );
    let (game, _) = Game::from_pgn(&written[0].1).expect("the record reads");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::Black, Reason::TimeForfeit))
    );
    assert!(written[0].1.contains("[TimeControl \"1/86400\"]"));
    server.connect(BOB);
    assert!(games_of(&mut server, BOB).is_empty(), "no game goes on");
}

#[test]
fn your_games_list_every_table_you_sit_at_your_turns_first_the_least_time_left_first() {
    let mut server = Server::with(&[ALICE, BOB]);
    let one_day = server.seated(correspondence(1));
    server.play(one_day, 0, &["e2e4", "e7e5"]);
    let theirs = server.seated(chess());
    server.play(theirs, 0, &["e2e4"]);
    let three_days = server.seated(correspondence(3));
    server.play(three_days, 0, &["d2d4", "d7d5"]);
    let no_clock = server.seated(chess());
    server.play(no_clock, 0, &["c2c4", "c7c5"]);
    server.wait(PUT_AWAY);
    let games = games_of(&mut server, ALICE);
    let order: Vec<TableId> = games.iter().map(|g| g.table).collect();
    assert_eq!(order, [one_day, three_days, no_clock, theirs]);
    assert_eq!(
        games.iter().map(|g| g.your_turn()).collect::<Vec<_>>(),
        [true, true, true, false]
    );
    assert_eq!(games[0].left, Some(DAY - Duration::from_secs(PUT_AWAY)));
    assert_eq!(games[0].names, ["alice".to_string(), "bob".to_string()]);
    assert_eq!(games[0].you, Side::White);
    let bobs: Vec<TableId> = games_of(&mut server, BOB).iter().map(|g| g.table).collect();
    assert_eq!(bobs, [theirs, one_day, three_days, no_clock]);
}

#[test]
fn an_opponent_s_turn_in_another_game_is_told_to_the_player_s_window_at_another_table() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let first = server.seated(correspondence(2));
    server.play(first, 0, &["e2e4"]);
    server.send(ALICE, open("alice", chess(), Some(Side::White)));
    let effects = server.send(BOB, turn(first, 1, "e7e5"));
    let told = your_turns(&effects, ALICE);
    assert_eq!(told.len(), 1);
    assert_eq!((told[0].0.table, told[0].1.as_str()), (first, "bob"));
    assert!(told[0].0.your_turn());
    assert!(your_turns(&effects, BOB).is_empty());
    assert!(your_turns(&effects, CAROL).is_empty());
}

#[test]
fn nobody_claims_a_correspondence_game_because_the_opponent_went_away() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(correspondence(1));
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.drop_client(BOB);
    server.wait(2 * 3600);
    let effects = server.send(ALICE, ClientMsg::Claim { table });
    assert_eq!(
        refusals(&effects, ALICE),
        ["in a correspondence game a player away has their days to move: only their clock ends it"]
    );
    let state = server.look(table);
    assert_eq!(state.outcome, None);
    assert_eq!(state.clocks.left, [DAY - hours(2), DAY]);
}
