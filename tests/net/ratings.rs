//! Ratings on the virtual clock: a rated game changes both players' Glicko-2 ratings exactly as
//! the crate computes them with lichess's parameters, a casual or too short game changes none,
//! ratings outlive a restart, the lobby and the leaderboard show them, and seekers are paired
//! by rating within a widening range.

use crate::support::*;
use oddboard::app::shared::clocks::Clocks;
use oddboard::net::identity::PlayerId;
use oddboard::net::lobby::{ClientKey, Effect, Lobby};
use oddboard::net::names::name_key;
use oddboard::net::protocol::{ClientMsg, ServerMsg, TableInfo};
use oddboard::net::ratings::{
    DEVIATION_FLOOR, LeaderboardRow, Rating, RatingChange, ShownRating, rate,
};
use oddboard::net::store::{MemoryStore, SqliteStore, Store, StoredSeat, StoredTable};
use oddboard::rules::{Game, Outcome, Reason, Side, Variant};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::sync::Arc;

/// Dave, a fourth player.
const DAVE: ClientKey = 4;

/// A new player's rating as the crate takes it: lichess's start.
const NEW: Glicko2Rating = Glicko2Rating {
    rating: 1500.0,
    deviation: 500.0,
    volatility: 0.09,
};

/// Lichess's system constant, tau 0.75.
fn lichess() -> Glicko2Config {
    Glicko2Config {
        tau: 0.75,
        ..Glicko2Config::new()
    }
}

/// `rated` as the server keeps it after `games` rated games.
fn kept(rated: Glicko2Rating, games: u32) -> Rating {
    Rating {
        rating: rated.rating,
        deviation: rated.deviation,
        volatility: rated.volatility,
        games,
    }
}

/// The leaderboard of `variant` as `client` is sent it.
fn leaderboard(server: &mut Server, client: ClientKey, variant: &str) -> Vec<LeaderboardRow> {
    let effects = server.send(
        client,
        ClientMsg::Leaderboard {
            variant: variant.into(),
        },
    );
    effects
        .into_iter()
        .find_map(|effect| match effect {
            Effect::Send(to, ServerMsg::Leaderboard { rows, .. }) if to == client => Some(rows),
            _ => None,
        })
        .expect("the leaderboard is sent")
}

/// The list as `client` is sent it.
fn list(server: &mut Server, client: ClientKey) -> Vec<TableInfo> {
    lists(&server.send(client, ClientMsg::List), client)
        .pop()
        .expect("the list is sent")
}

#[test]
fn a_rated_game_changes_both_ratings_exactly_as_the_crate_computes_with_lichess_s_parameters() {
    let (mut server, dir) = stored_server(&[ALICE, BOB]);
    let table = server.seated(rated());
    let effects = server.play(table, 0, &FOOLS_MATE);
    let (white, black) = glicko2(&NEW, &NEW, &Outcomes::LOSS, &lichess());
    let mut beside = SqliteStore::open_admin(dir.path()).expect("read beside the server");
    assert_eq!(beside.rating("alice", "chess"), Ok(Some(kept(white, 1))));
    assert_eq!(beside.rating("bob", "chess"), Ok(Some(kept(black, 1))));
    assert_eq!(
        beside.rating("alice", "amoeba"),
        Ok(None),
        "ratings are per variant"
    );

    let (_, pgn) = &records(&effects)[0];
    let lost = white.rating.round() as i32 - 1500;
    let won = black.rating.round() as i32 - 1500;
    for tag in [
        "[WhiteElo \"1500\"]".to_string(),
        "[BlackElo \"1500\"]".to_string(),
        format!("[WhiteRatingDiff \"{lost}\"]"),
        format!("[BlackRatingDiff \"+{won}\"]"),
    ] {
        assert!(pgn.contains(&tag), "{tag} in {pgn}");
    }
    let (_, header) = Game::from_pgn(pgn).expect("the record reads");
    assert_eq!(header.elo, [Some(1500), Some(1500)]);
    assert_eq!(header.rating_diff, [Some(lost), Some(won)]);
}

#[test]
fn a_rating_is_provisional_while_its_deviation_is_110_or_more_and_shown_with_a_question_mark() {
    let new = Rating::default();
    assert_eq!(new.shown().to_string(), "1500?");
    let settled = Rating {
        rating: 1623.4,
        deviation: 109.9,
        ..new
    };
    assert_eq!(settled.shown().to_string(), "1623");
    let unsure = Rating {
        deviation: 110.0,
        ..settled
    };
    assert_eq!(unsure.shown().to_string(), "1623?");
}

#[test]
fn a_deviation_never_falls_below_the_floor_of_45() {
    let certain = Rating {
        deviation: DEVIATION_FLOOR,
        volatility: 0.01,
        ..Rating::default()
    };
    let crates = Glicko2Rating {
        rating: certain.rating,
        deviation: certain.deviation,
        volatility: certain.volatility,
    };
    let (unclamped, _) = glicko2(&crates, &crates, &Outcomes::DRAW, &lichess());
    assert!(
        unclamped.deviation < DEVIATION_FLOOR,
        "the crate alone goes below it"
    );
    let [after, _] = rate(certain, certain, Outcome::draw(Reason::Agreement));
    assert_eq!(after.deviation, DEVIATION_FLOOR);
    assert_eq!(after.rating, unclamped.rating);
    assert_eq!(after.games, 1);
}

#[test]
fn a_casual_game_changes_no_rating_and_its_record_has_none() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    let effects = server.play(table, 0, &FOOLS_MATE);
    assert!(!records(&effects)[0].1.contains("Elo"));
    assert!(leaderboard(&mut server, ALICE, "chess").is_empty());
}

#[test]
fn a_rated_game_ended_before_both_players_moved_changes_no_rating() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(rated());
    server.play(table, 0, &["e2e4"]);
    let effects = server.send(BOB, ClientMsg::Resign { table });
    assert_eq!(records(&effects).len(), 1, "the game is over");
    assert!(leaderboard(&mut server, ALICE, "chess").is_empty());
}

#[test]
fn nobody_plays_themself_in_a_rated_game() {
    let mut server = Server::with(&[ALICE]);
    let opened = server.send(ALICE, open("alice", rated(), Some(Side::White)));
    let table = last_state(&opened, ALICE).table;
    server.connect_as(CAROL, ALICE);
    let effects = server.send(CAROL, join("alice's second name", table));
    assert_eq!(
        refusals(&effects, CAROL),
        ["you cannot play yourself in a rated game"]
    );
}

#[test]
fn ratings_outlive_a_restart_and_the_lobby_shows_each_seated_player_s() {
    let (mut server, dir) = stored_server(&[ALICE, BOB]);
    let table = server.seated(rated());
    server.play(table, 0, &FOOLS_MATE);
    let (white, black) = glicko2(&NEW, &NEW, &Outcomes::LOSS, &lichess());
    let later = started() + std::time::Duration::from_secs(3600);
    server.restart(|| store(dir.path()), later);
    server.connect(ALICE);
    server.connect(BOB);
    server.seated(rated());
    let shown = |rated: Glicko2Rating| Some(kept(rated, 1).shown());
    server.connect(CAROL);
    assert_eq!(
        list(&mut server, CAROL)[0].ratings,
        [shown(white), shown(black)]
    );
    let rows = leaderboard(&mut server, ALICE, "chess");
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["bob", "alice"]);
    assert_eq!(rows[0].games, 1);
}

/// A store where each of `ratings` (a name and its rating in chess) is kept, as a finished rated
/// game leaves it.
fn rated_store(ratings: &[(&str, f64, f64)]) -> Box<dyn Store> {
    let mut store = MemoryStore::new();
    let chess = Arc::new(Variant::load("chess", &[]).expect("chess loads"));
    for (id, &(name, rating, deviation)) in (1..).zip(ratings) {
        let player = PlayerId([u8::try_from(id).expect("a few"); 32]);
        let change = RatingChange {
            key: name_key(name),
            name: name.to_string(),
            player,
            variant: "chess".into(),
            before: Rating::default(),
            after: Rating {
                rating,
                deviation,
                ..Rating::default()
            },
        };
        let seat = Some(StoredSeat {
            name: name.to_string(),
            player,
            rating: Rating::default(),
        });
        let table = StoredTable {
            id,
            terms: rated(),
            seats: [seat.clone(), seat],
            record: Game::new(chess.clone()).record(),
            clocks: Clocks::new(None),
            offer: None,
            answered: None,
            chat: Vec::new(),
            outcome: Some(Outcome::draw(Reason::Agreement)),
            pgn: Some(String::new()),
            rated: Some([change.clone(), change]),
            saved: started(),
        };
        store.save_table(&table).expect("stored");
    }
    Box::new(store)
}

/// A lobby over `store` with `clients` connected (each proving the identity its key stands for).
fn server_over(store: Box<dyn Store>, clients: &[ClientKey]) -> Server {
    let lobby = Lobby::with_store(7, started(), store).expect("a lobby");
    Server::over(lobby, clients)
}

#[test]
fn the_leaderboard_lists_established_ratings_first_each_highest_first() {
    let store = rated_store(&[
        ("newcomer", 1900.0, 300.0),
        ("steady", 1600.0, 60.0),
        ("master", 2100.0, 50.0),
        ("hopeful", 1700.0, 200.0),
    ]);
    let mut server = server_over(store, &[ALICE]);
    let rows = leaderboard(&mut server, ALICE, "chess");
    let shown: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {}", r.name, r.rating))
        .collect();
    assert_eq!(
        shown,
        [
            "master 2100",
            "steady 1600",
            "newcomer 1900?",
            "hopeful 1700?"
        ]
    );
    assert_eq!(
        rows[0].rating,
        ShownRating {
            rating: 2100,
            provisional: false
        }
    );
    let effects = server.send(
        ALICE,
        ClientMsg::Leaderboard {
            variant: "no-such-variant".into(),
        },
    );
    assert_eq!(
        refusals(&effects, ALICE),
        ["there is no variant 'no-such-variant'"]
    );
}

#[test]
fn a_seeker_is_paired_with_the_closest_rating_within_range_then_the_range_widens() {
    let store = rated_store(&[("carol", 1900.0, 60.0), ("dave", 1520.0, 60.0)]);
    let mut server = server_over(store, &[ALICE, BOB, CAROL, DAVE]);
    let carols = last_state(&server.send(CAROL, seek("carol", rated())), CAROL).table;
    server.wait(1);
    let daves = last_state(&server.send(DAVE, seek("dave", rated())), DAVE).table;
    assert_ne!(carols, daves, "1520 is 380 from 1900: too far at first");

    // Alice (1500) waited for by both: she sits with Dave, 20 apart, though Carol came first.
    let alices = last_state(&server.send(ALICE, seek("alice", rated())), ALICE);
    assert_eq!(alices.table, daves);
    assert!(alices.names.contains(&"dave".to_string()));

    // Bob (1500) is 400 from Carol: he waits at a table of his own until Carol's range has
    // widened to 400, after 15 seconds of her wait.
    let bobs = last_state(&server.send(BOB, seek("bob", rated())), BOB).table;
    assert_ne!(bobs, carols);
    let effects = server.wait(13);
    assert!(
        states(&effects, BOB).is_empty(),
        "at 14 seconds the range is 300"
    );
    let effects = server.wait(1);
    let paired = last_state(&effects, BOB);
    assert_eq!(paired.table, carols);
    assert!(paired.names.contains(&"carol".to_string()));
    assert!(paired.names.contains(&"bob".to_string()));
    server.connect(99);
    let tables = list(&mut server, 99);
    assert!(
        tables.iter().all(|t| t.table != bobs),
        "Bob's own table is gone"
    );
}
