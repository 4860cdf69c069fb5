//! The player's games on a server, in the window, over the real transport on 127.0.0.1: the
//! games the window sits at are listed in the server's order (the player's turn first); the
//! server's word that it is the player's turn in another game is shown, heard and answered by
//! asking the games again, and that game is put on the board; a rated correspondence game shows
//! its players' ratings, and its result reaches the variant's leaderboard.

use crate::online_support::*;
use crate::support::*;
use oddboard::app::online::link::OnlineAction;
use oddboard::app::shared::cue::Cue;
use oddboard::app::shared::game::Online;
use oddboard::net::client::Connection;
use oddboard::net::protocol::{ClientMsg, TableId};
use oddboard::net::ratings::ShownRating;
use oddboard::rules::Side;

/// Every cue the window sent, in order.
#[derive(Resource, Default)]
struct Heard(Vec<Cue>);

/// Keeps each cue sent in [`Heard`].
fn listen(mut cues: MessageReader<Cue>, mut heard: ResMut<Heard>) {
    heard.0.extend(cues.read().copied());
}

/// The window, connected as ann, sits at the chess table by correspondence that `opener`
/// opens as `name` (playing `side`); the table's number.
fn sit_at_a_table_of(app: &mut App, opener: &Connection, name: &str, side: Side) -> TableId {
    let table = open_table_on(app, opener, name, side, correspondence(1));
    join_window(app, "ann", table);
    table
}

#[test]
fn the_games_answer_lists_your_games_in_the_servers_order() {
    let server = local_server();
    let (bob, carol) = (connect(server.address), connect(server.address));
    let mut app = app();
    connect_window(&mut app, "ann", server.address);
    let bobs = sit_at_a_table_of(&mut app, &bob, "bob", Side::White);
    let carols = sit_at_a_table_of(&mut app, &carol, "carol", Side::Black);
    assert!(carols > bobs, "carol's table was opened last");

    let games = next_games(&mut app, |app| {
        app.world_mut().write_message(OnlineAction::Refresh);
    });
    let listed: Vec<(TableId, bool)> = games
        .playing
        .iter()
        .map(|game| (game.table, game.your_turn()))
        .collect();
    assert_eq!(
        listed,
        [(carols, true), (bobs, false)],
        "the player's turn first, as the server orders them"
    );
    let first = &games.playing[0];
    assert_eq!(first.names, ["ann".to_string(), "carol".to_string()]);
    assert_eq!(first.you, Side::White);
    assert_eq!(first.terms, correspondence(1));
}

#[test]
fn a_your_turn_notice_is_shown_heard_and_the_games_asked_again() {
    let server = local_server();
    let (bob, carol) = (connect(server.address), connect(server.address));
    let mut app = app();
    app.init_resource::<Heard>().add_systems(Update, listen);
    connect_window(&mut app, "ann", server.address);
    let carols = sit_at_a_table_of(&mut app, &carol, "carol", Side::White);
    let bobs = sit_at_a_table_of(&mut app, &bob, "bob", Side::White);
    assert_eq!(
        link(&app).table_id(),
        Some(bobs),
        "the window is at bob's table"
    );

    let games = next_games(&mut app, |app| {
        carol.send(ClientMsg::Turn {
            table: carols,
            ply: 0,
            text: "e2e4".into(),
        });
        run_until(app, "the notice", |app| !link(app).your_turns.is_empty());
    });
    let [notice] = link(&app).your_turns.as_slice() else {
        panic!("one notice: {:?}", link(&app).your_turns);
    };
    assert_eq!(notice.opponent, "carol");
    assert_eq!(notice.game.table, carols);
    assert!(notice.game.your_turn());
    let listed = games.playing.iter().find(|game| game.table == carols);
    assert!(
        listed.is_some_and(|game| game.your_turn() && game.plies == 1),
        "the games asked again: {games:?}"
    );
    assert!(app.world().resource::<Heard>().0.contains(&Cue::YourTurn));

    let name = notice.game.names[notice.game.you.index()].clone();
    app.world_mut().write_message(OnlineAction::Join {
        table: carols,
        name,
    });
    run_until(&mut app, "carol's game on the board", |app| {
        link(app).table_id() == Some(carols) && game(app).turns().len() == 1
    });
    assert!(link(&app).your_turns.is_empty(), "the notice is gone");
    assert_eq!(
        link(&app).table.as_ref().and_then(|t| t.you),
        Some(Side::Black)
    );
}

#[test]
fn a_rated_correspondence_game_shows_its_ratings_and_reaches_the_leaderboard() {
    let server = local_server();
    let bob = connect(server.address);
    let mut app = app();
    connect_window(&mut app, "ann", server.address);
    app.world_mut().write_message(OnlineAction::Open {
        name: "ann".into(),
        terms: correspondence(1),
        side: Some(Side::White),
    });
    run_until(&mut app, "the window's table", |app| {
        link(app).table.is_some()
    });
    let table = link(&app).table_id().expect("a table");
    bob.send(ClientMsg::Join {
        name: "bob".into(),
        table,
    });
    run_until(&mut app, "both seats taken", |app| {
        app.world()
            .get_resource::<Online>()
            .is_some_and(|online| online.seated)
    });
    let new = Some(ShownRating {
        rating: 1500,
        provisional: true,
    });
    let state = link(&app).table.clone().expect("the table");
    assert_eq!(state.terms, correspondence(1));
    assert_eq!(state.ratings, [new, new], "both players' ratings");
    app.world_mut().write_message(OnlineAction::Refresh);
    run_until(&mut app, "the table listed with its ratings", |app| {
        link(app)
            .tables
            .iter()
            .any(|t| t.table == table && t.ratings == [new, new])
    });

    open_with_e4_e5(&mut app, &bob, table);
    app.world_mut().write_message(OnlineAction::Resign);
    run_until(&mut app, "the end", |app| game(app).outcome().is_some());

    app.world_mut()
        .write_message(OnlineAction::Leaderboard("chess".into()));
    run_until(&mut app, "the leaderboard", |app| {
        link(app)
            .leaderboard
            .as_ref()
            .is_some_and(|board| board.variant == "chess" && !board.rows.is_empty())
    });
    let rows = link(&app)
        .leaderboard
        .clone()
        .expect("the leaderboard")
        .rows;
    let names: Vec<&str> = rows.iter().map(|row| row.name.as_str()).collect();
    assert_eq!(names, ["bob", "ann"], "the winner first");
    assert!(
        rows.iter()
            .all(|row| row.games == 1 && row.rating.provisional)
    );
    assert!(rows[0].rating.rating > 1500 && rows[1].rating.rating < 1500);
    assert!(rows[0].rating.to_string().ends_with('?'));
}
