//! Tables: opening, seeking, joining, watching, whole games, rejoining, leaving, the list.

use crate::support::*;
use oddboard::net::lobby::Effect;
use oddboard::net::protocol::{ClientMsg, ServerMsg, TableInfo};
use oddboard::rules::{Game, Outcome, Reason, Side};

#[test]
fn a_whole_game_between_two_clients() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    let mut effects = Vec::new();
    for (ply, text) in (0..).zip(FOOLS_MATE) {
        let mover = if ply % 2 == 0 { ALICE } else { BOB };
        effects = server.send(mover, turn(table, ply, text));
        for (client, side) in [(ALICE, Side::White), (BOB, Side::Black)] {
            let state = last_state(&effects, client);
            assert_eq!(state.you, Some(side));
            assert_eq!(state.record.turns, FOOLS_MATE[..=ply as usize]);
            assert!(state.record.redo.is_empty());
        }
    }
    let end = last_state(&effects, ALICE);
    assert_eq!(
        end.outcome,
        Some(Outcome::win(Side::Black, Reason::Checkmate))
    );
    assert_eq!(end.names, ["alice".to_string(), "bob".to_string()]);
    assert!(server.lobby.tables()[0].finished);
}

#[test]
fn a_spectator_sees_every_turn() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    let watching = last_state(&server.send(CAROL, ClientMsg::Watch { table }), CAROL);
    assert_eq!(watching.you, None);
    for (ply, text) in (0..).zip(FOOLS_MATE) {
        let effects = server.play(table, ply, &[text]);
        let seen = last_state(&effects, CAROL);
        assert_eq!(seen.record.turns, FOOLS_MATE[..=ply as usize]);
        assert_eq!(seen.you, None);
        assert!(!seen.may_claim);
    }
}

#[test]
fn a_turn_for_the_wrong_side_is_refused() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    let effects = server.send(BOB, turn(table, 0, "e7e5"));
    assert_eq!(refusals(&effects, BOB), ["it is not your turn"]);
    assert!(!told_of_change(&effects));
    server.send(CAROL, ClientMsg::Watch { table });
    let effects = server.send(CAROL, turn(table, 0, "e2e4"));
    assert_eq!(
        refusals(&effects, CAROL),
        ["you are watching this game, not playing it"]
    );
    assert!(server.look(table).record.turns.is_empty());
}

#[test]
fn an_illegal_turn_is_refused_and_nothing_changes() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4"]);
    let before = server.look(table);
    for text in ["e7e4", "e7e5q", "", "zz", "e7e5,e5e4"] {
        let effects = server.send(BOB, turn(table, 1, text));
        assert_eq!(refusals(&effects, BOB).len(), 1, "{text}");
        assert!(!told_of_change(&effects), "{text}");
    }
    assert_eq!(server.look(table), before);
}

#[test]
fn a_stale_turn_is_refused() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4", "e7e5"]);
    let effects = server.send(ALICE, turn(table, 0, "d2d4"));
    assert_eq!(
        refusals(&effects, ALICE),
        ["that turn came too late: the game had moved on"]
    );
    assert!(!told_of_change(&effects));
    assert_eq!(server.look(table).record.turns, ["e2e4", "e7e5"]);
}

#[test]
fn no_turn_before_the_second_player_sits() {
    let mut server = Server::with(&[ALICE]);
    server.send(ALICE, open("alice", chess(), Some(Side::White)));
    let effects = server.send(ALICE, turn(1, 0, "e2e4"));
    assert_eq!(
        refusals(&effects, ALICE),
        ["the game has not started: your opponent's seat is still free"]
    );
}

#[test]
fn a_table_is_opened_on_checked_terms() {
    let mut server = Server::with(&[ALICE]);
    let mut terms = chess();
    terms.variant = "checkers-deluxe".into();
    let effects = server.send(ALICE, open("alice", terms, None));
    assert_eq!(refusals(&effects, ALICE).len(), 1);
    let mut terms = chess();
    terms.options = vec!["no-such-option".into()];
    assert_eq!(
        refusals(&server.send(ALICE, open("alice", terms, None)), ALICE).len(),
        1
    );
    for name in ["", "   ", "a\nb", &"x".repeat(201)] {
        let effects = server.send(ALICE, open(name, chess(), None));
        assert_eq!(refusals(&effects, ALICE).len(), 1, "{name:?}");
    }
    assert!(server.lobby.tables().is_empty());
    let mut amoeba = chess();
    amoeba.variant = "amoeba".into();
    amoeba.options = ["occupied-slide", "bishop-promotion", "occupied-slide"]
        .map(String::from)
        .to_vec();
    let state = last_state(&server.send(ALICE, open("  alice ", amoeba, None)), ALICE);
    assert_eq!(state.terms.options, ["bishop-promotion", "occupied-slide"]);
    assert_eq!(state.names.iter().filter(|n| *n == "alice").count(), 1);
}

#[test]
fn an_opener_without_a_side_gets_one_at_random() {
    let sides: Vec<_> = (0..16)
        .map(|seed| {
            let lobby = oddboard::net::lobby::Lobby::new(seed, started());
            let mut server = Server::over(lobby, &[ALICE]);
            let opened = server.send(ALICE, open("alice", chess(), None));
            last_state(&opened, ALICE).you
        })
        .collect();
    assert!(sides.contains(&Some(Side::White)) && sides.contains(&Some(Side::Black)));
}

#[test]
fn seek_pairs_two_seekers_with_equal_terms() {
    let mut server = Server::with(&[ALICE, BOB]);
    let first = last_state(&server.send(ALICE, seek("alice", chess())), ALICE);
    let effects = server.send(BOB, seek("bob", chess()));
    let second = last_state(&effects, BOB);
    assert_eq!(second.table, first.table);
    assert_eq!(second.you, first.you.map(Side::opponent));
    assert_eq!(last_state(&effects, ALICE).names, second.names);
    assert_eq!(server.lobby.tables().len(), 1);
}

#[test]
fn seek_does_not_pair_different_terms() {
    let mut server = Server::with(&[ALICE, BOB]);
    server.send(ALICE, seek("alice", chess()));
    let effects = server.send(BOB, seek("bob", blitz()));
    assert_eq!(last_state(&effects, BOB).table, 2);
    assert!(states(&effects, ALICE).is_empty());
    assert_eq!(server.lobby.tables().len(), 2);
}

#[test]
fn seek_joins_the_oldest_waiting_table() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    server.send(ALICE, open("alice", chess(), Some(Side::Black)));
    server.send(BOB, open("bob", chess(), Some(Side::Black)));
    let effects = server.send(CAROL, seek("carol", chess()));
    let state = last_state(&effects, CAROL);
    assert_eq!((state.table, state.you), (1, Some(Side::White)));
}

#[test]
fn a_client_may_not_take_both_seats() {
    let mut server = Server::with(&[ALICE]);
    server.send(ALICE, open("alice", chess(), Some(Side::White)));
    let effects = server.send(ALICE, join("alice two", 1));
    assert_eq!(refusals(&effects, ALICE), ["you already sit at this game"]);
    let effects = server.send(ALICE, ClientMsg::Watch { table: 1 });
    assert_eq!(
        refusals(&effects, ALICE),
        ["you play this game: you cannot watch it too"]
    );
}

#[test]
fn a_full_table_refuses_a_third_player() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    let effects = server.send(CAROL, join("carol", table));
    assert_eq!(refusals(&effects, CAROL), ["both seats are taken"]);
    let effects = server.send(CAROL, join("carol", 42));
    assert_eq!(
        refusals(&effects, CAROL),
        ["that game is no longer on the server"]
    );
}

#[test]
fn a_dropped_player_rejoins_as_themself_and_gets_the_exact_state() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    let before = last_state(&server.play(table, 0, &["e2e4", "e7e5", "g1f3"]), BOB);
    let effects = server.drop_client(BOB);
    assert!(last_state(&effects, ALICE).away[1].is_some());
    server.wait(30);
    server.connect_as(CAROL, BOB);
    let other_name = server.send(CAROL, join("robert", table));
    assert_eq!(refusals(&other_name, CAROL), ["both seats are taken"]);
    let effects = server.send(CAROL, join("bob", table));
    let back = last_state(&effects, CAROL);
    assert_eq!(back, before);
    assert_eq!(last_state(&effects, ALICE).away, [None, None]);
    let effects = server.send(CAROL, turn(table, 3, "b8c6"));
    assert_eq!(last_state(&effects, ALICE).record.turns.len(), 4);
}

#[test]
fn a_player_whose_old_connection_lingers_takes_the_seat_over_from_another_window() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.connect_as(CAROL, BOB);
    let before = last_state(&server.play(table, 0, &["e2e4", "e7e5", "g1f3"]), BOB);
    let effects = server.send(CAROL, join("bob", table));
    assert_eq!(last_state(&effects, CAROL), before);
    let told: Vec<&ServerMsg> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Send(to, message) if *to == BOB => Some(message),
            _ => None,
        })
        .collect();
    assert!(
        matches!(told.first(), Some(ServerMsg::Unseated { table: t, why })
            if *t == table && why == "another window of yours sat down in your seat as bob"),
        "the old connection is told first: {told:?}"
    );
    let watched = last_state(&effects, BOB);
    assert_eq!((watched.you, watched.record), (None, before.record));
    let old = server.send(BOB, turn(table, 3, "b8c6"));
    assert_eq!(
        refusals(&old, BOB),
        ["you are watching this game, not playing it"],
        "the old connection no longer plays"
    );
    let effects = server.send(CAROL, turn(table, 3, "b8c6"));
    assert_eq!(last_state(&effects, ALICE).record.turns.len(), 4);
}

#[test]
fn a_player_who_leaves_a_game_in_progress_is_away() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4"]);
    let effects = server.send(BOB, ClientMsg::Leave { table });
    assert!(last_state(&effects, ALICE).away[1].is_some());
    assert!(states(&effects, BOB).is_empty());
    let effects = server.send(BOB, turn(table, 1, "e7e5"));
    assert_eq!(refusals(&effects, BOB), ["you are not at this game"]);
    server.send(BOB, join("bob", table));
    server.play(table, 1, &["e7e5"]);
}

#[test]
fn a_client_is_at_one_table_at_a_time() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    server.send(CAROL, ClientMsg::Watch { table });
    let effects = server.send(CAROL, open("carol", blitz(), None));
    assert_eq!(last_state(&effects, CAROL).table, 2);
    let effects = server.play(table, 0, &["e2e4"]);
    assert!(states(&effects, CAROL).is_empty());
}

#[test]
fn a_waiting_table_whose_player_leaves_is_removed() {
    let mut server = Server::with(&[ALICE, BOB]);
    server.send(BOB, ClientMsg::List);
    let effects = server.send(ALICE, open("alice", chess(), None));
    assert_eq!(lists(&effects, BOB).last().map(Vec::len), Some(1));
    let effects = server.drop_client(ALICE);
    assert_eq!(lists(&effects, BOB), [Vec::<TableInfo>::new()]);
    assert!(server.lobby.tables().is_empty());
}

#[test]
fn a_spectator_of_a_table_the_server_closes_is_told_why_at_once() {
    let mut server = Server::with(&[ALICE, CAROL]);
    server.send(ALICE, open("alice", chess(), None));
    server.send(CAROL, ClientMsg::Watch { table: 1 });
    let effects = server.drop_client(ALICE);
    assert_eq!(closings(&effects, CAROL), ["its players have left"]);
    let effects = server.send(CAROL, ClientMsg::List);
    assert_eq!(lists(&effects, CAROL), [Vec::<TableInfo>::new()]);
}

#[test]
fn a_finished_table_is_removed_once_nobody_is_at_it() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    server.send(CAROL, ClientMsg::Watch { table });
    server.play(table, 0, &FOOLS_MATE);
    server.send(ALICE, ClientMsg::Leave { table });
    server.drop_client(BOB);
    assert_eq!(server.lobby.tables().len(), 1);
    server.send(CAROL, ClientMsg::Leave { table });
    assert!(server.lobby.tables().is_empty());
}

#[test]
fn the_list_is_sent_on_asking_and_on_changes_to_clients_at_no_table() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let effects = server.send(CAROL, ClientMsg::List);
    assert_eq!(lists(&effects, CAROL), [Vec::<TableInfo>::new()]);
    let effects = server.send(ALICE, open("alice", chess(), Some(Side::White)));
    assert_eq!(
        lists(&effects, CAROL)[0][0].names,
        ["alice".to_string(), String::new()]
    );
    let effects = server.send(BOB, join("bob", 1));
    assert_eq!(lists(&effects, CAROL)[0][0].names[1], "bob");
    let effects = server.play(1, 0, &["e2e4"]);
    assert!(lists(&effects, CAROL).is_empty());
    let effects = server.send(ALICE, ClientMsg::Resign { table: 1 });
    assert!(lists(&effects, CAROL)[0][0].finished);
    server.send(CAROL, ClientMsg::Watch { table: 1 });
    let effects = server.send(BOB, ClientMsg::Leave { table: 1 });
    assert!(lists(&effects, CAROL).is_empty());
}

#[test]
fn the_record_is_written_once_and_replays_to_its_result() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(chess());
    let mut all = Vec::new();
    for (ply, text) in (0..).zip(FOOLS_MATE) {
        all.extend(server.play(table, ply, &[text]));
    }
    all.extend(server.send(ALICE, ClientMsg::Resign { table }));
    all.extend(server.send(ALICE, ClientMsg::Leave { table }));
    all.extend(server.drop_client(BOB));
    let written = records(&all);
    assert_eq!(written.len(), 1);
    let (stem, pgn) = &written[0];
    assert_eq!(stem, "0001-chess");
    let (game, header) = Game::from_pgn(pgn).expect("the record reads");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::Black, Reason::Checkmate))
    );
    assert_eq!(header.white.as_deref(), Some("alice"));
    assert_eq!(header.black.as_deref(), Some("bob"));
    assert_eq!(header.event.as_deref(), Some("Oddboard online"));
}

#[test]
fn a_resignation_ends_the_game_and_is_recorded() {
    let mut server = Server::with(&[ALICE, BOB]);
    let table = server.seated(blitz());
    server.play(table, 0, &["e2e4"]);
    let effects = server.send(BOB, ClientMsg::Resign { table });
    let end = last_state(&effects, ALICE);
    assert_eq!(
        end.outcome,
        Some(Outcome::win(Side::White, Reason::Resignation))
    );
    assert_eq!(end.record.ending, end.outcome);
    let (_, pgn) = &records(&effects)[0];
    let (game, header) = Game::from_pgn(pgn).expect("the record reads");
    assert_eq!(game.outcome(), end.outcome);
    assert_eq!(header.time_control.as_deref(), Some("180+2"));
    let effects = server.send(ALICE, ClientMsg::Resign { table });
    assert_eq!(refusals(&effects, ALICE), ["the game is over"]);
}

#[test]
fn chat_lines_name_the_player_or_a_spectator_and_the_last_are_kept() {
    let mut server = Server::with(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    server.send(CAROL, ClientMsg::Watch { table });
    let chat = |text: &str| ClientMsg::Chat {
        table,
        text: text.into(),
    };
    server.send(ALICE, chat(" hello "));
    let effects = server.send(CAROL, chat("hi"));
    let said: Vec<_> = last_state(&effects, BOB)
        .chat
        .into_iter()
        .map(|l| (l.from, l.text))
        .collect();
    assert_eq!(
        said,
        [
            ("alice".into(), "hello".into()),
            ("spectator".into(), "hi".into())
        ]
    );
    assert_eq!(refusals(&server.send(BOB, chat("  ")), BOB).len(), 1);
    let mut effects = Vec::new();
    for line in 0..60 {
        effects = server.send(BOB, chat(&line.to_string()));
    }
    let kept = last_state(&effects, ALICE).chat;
    assert_eq!(kept.len(), oddboard::net::protocol::CHAT_KEPT);
    assert_eq!(kept.last().map(|l| l.text.as_str()), Some("59"));
}

#[test]
fn a_record_is_dated_on_the_day_its_game_ends_by_the_lobby_s_clock() {
    let mut server = Server::with(&[ALICE, BOB]);
    let date = |effects: &[Effect]| {
        let (_, pgn) = &records(effects)[0];
        Game::from_pgn(pgn).expect("the record reads").1.date
    };
    let first = server.seated(chess());
    let effects = server.send(BOB, ClientMsg::Resign { table: first });
    assert_eq!(date(&effects).as_deref(), Some("2025.11.24"));
    server.send(ALICE, ClientMsg::Leave { table: first });
    server.send(BOB, ClientMsg::Leave { table: first });
    let second = server.seated(chess());
    server.wait(12 * 3_600);
    let effects = server.send(BOB, ClientMsg::Resign { table: second });
    assert_eq!(
        date(&effects).as_deref(),
        Some("2025.11.25"),
        "past midnight"
    );
}
