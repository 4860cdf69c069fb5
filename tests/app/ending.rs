//! The end of a game as a player meets it: a banner that a click puts away, the final position
//! in full view with what decided it marked, a rematch with the same variant, options and start,
//! a review from the start, the moves as a score sheet with the result, and the pieces each side
//! lost.

use crate::support::*;
use oddboard::app::board::markers::Marker;
use oddboard::app::session::score_sheet::{Tally, move_rows, result_line};
use oddboard::app::shared::game::{Banner, Viewing};
use oddboard::app::shared::screen::Screen;
use oddboard::rules::{Kind, Loc, Piece, Side};

/// Fool's mate: 1.f3 e5 2.g4 Qh4#.
fn fools_mate(app: &mut App) {
    for (from, to) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
        click(app, from);
        click(app, to);
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_result_banner_rises_at_the_end_and_a_click_on_the_board_puts_it_away() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    assert!(!app.world().resource::<Banner>().0);
    fools_mate(&mut app);
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(app.world().resource::<Banner>().0, "up at the end");
    assert_view_matches_game(&mut app);
    click(&mut app, "a2");
    assert!(!app.world().resource::<Banner>().0, "a click puts it away");
    assert_view_matches_game(&mut app);
}

#[test]
fn a_rematch_starts_the_same_variant_options_and_position_again() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(FEN));
    command(&mut app, Command::Resign);
    command(&mut app, Command::Confirm);
    assert_eq!(screen(&app), Screen::GameOver);
    let before = game(&app).record();
    command(&mut app, Command::Rematch);
    assert_eq!(screen(&app), Screen::Playing);
    let after = game(&app).record();
    assert_eq!(after.variant, before.variant);
    assert_eq!(after.options, before.options);
    assert_eq!(after.start, FEN);
    assert!(after.turns.is_empty() && after.ending.is_none());
    assert_view_matches_game(&mut app);
}

#[test]
fn after_the_end_the_game_can_be_reviewed_from_the_start() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    fools_mate(&mut app);
    command(&mut app, Command::View(Some(0)));
    assert_eq!(app.world().resource::<Viewing>().ply, Some(0));
    assert_view_matches_game(&mut app);
    assert_eq!(shown_pieces(&mut app).len(), 32, "the start position");
    command(&mut app, Command::View(Some(1)));
    assert_view_matches_game(&mut app);
}

#[test]
fn the_tally_lists_what_each_side_lost_by_the_position_shown() {
    // 1.e4 d5 2.exd5 Qxd5: each side has lost a Pawn.
    let mut app = app();
    start(&mut app, "chess", &[], None);
    for (from, to) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let tally = app.world().resource::<Tally>().clone();
    assert_eq!(
        tally.lost(Side::Black, 4),
        [Piece::new(Kind::Pawn, Side::Black)]
    );
    assert_eq!(
        tally.lost(Side::White, 4),
        [Piece::new(Kind::Pawn, Side::White)]
    );
    assert!(
        tally.lost(Side::White, 3).is_empty(),
        "not yet after 2.exd5"
    );
    command(&mut app, Command::Undo);
    let tally = app.world().resource::<Tally>().clone();
    assert!(
        tally.lost(Side::White, 4).is_empty(),
        "the undone capture is gone"
    );
}

#[test]
fn the_move_list_reads_like_a_score_sheet_with_the_result_at_the_end() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    for (from, to) in [
        ("e2", "e4"),
        ("e7", "e5"),
        ("f1", "c4"),
        ("b8", "c6"),
        ("d1", "h5"),
        ("g8", "f6"),
        ("h5", "f7"),
    ] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let rows = move_rows(game(&app));
    let numbered: Vec<(u32, Vec<&str>)> = rows
        .iter()
        .map(|row| {
            let texts = row
                .turns
                .iter()
                .flatten()
                .map(|(_, t)| t.as_str())
                .collect();
            (row.number, texts)
        })
        .collect();
    assert_eq!(
        numbered,
        [
            (1, vec!["e4", "e5"]),
            (2, vec!["Bc4", "Nc6"]),
            (3, vec!["Qh5", "Nf6"]),
            (4, vec!["Qxf7#"]),
        ]
    );
    assert_eq!(result_line(game(&app)).as_deref(), Some("1-0 (checkmate)"));
}

#[test]
fn the_move_list_of_a_game_begun_by_the_second_player_leaves_the_first_slot_empty() {
    const FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "e7");
    click(&mut app, "e5");
    click(&mut app, "e1");
    click(&mut app, "e2");
    let rows = move_rows(game(&app));
    assert_eq!(rows[0].turns, [None, Some((1, "e5".to_string()))]);
    assert_eq!(rows[1].number, 2);
    assert_eq!(rows[1].turns[0], Some((2, "Ke2".to_string())));
}

#[test]
fn castling_and_an_interception_read_as_players_write_them() {
    const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut app = app();
    start(&mut app, "chess", &[], Some(CASTLE));
    click(&mut app, "e1");
    click(&mut app, "g1");
    click(&mut app, "e8");
    click(&mut app, "c8");
    assert_eq!(game(&app).readable_turns(), ["O-O", "O-O-O"]);
    const INTERCEPTION: &str = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    start(&mut app, "amphora", &[], Some(INTERCEPTION));
    click(&mut app, "e2");
    click(&mut app, "e3");
    assert_eq!(game(&app).readable_turns(), ["e3 xd4"]);
}

#[test]
fn checkmate_marks_the_mated_king_and_the_mating_queen() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    fools_mate(&mut app);
    assert_eq!(
        marked(&mut app, Marker::Decided),
        ["e1", "h4"]
            .iter()
            .map(|s| Loc::parse(s).expect("square"))
            .collect()
    );
}

#[test]
fn a_captured_amphora_king_is_marked_where_it_fell() {
    // White's Pawn enters the far rank on d8 and takes Black's King on d4 by telekinesis.
    const FEN: &str = "*5*/**1P1**/*5*/7/3k3/*5*/**3**/*K4* w - 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    click(&mut app, "d7");
    click(&mut app, "d8");
    assert_eq!(
        question(&app),
        Some(oddboard::app::shared::turn_builder::Part::Removal),
        "telekinesis is the player's choice"
    );
    click(&mut app, "d4");
    assert_eq!(
        game(&app).outcome().map(|o| o.reason),
        Some(oddboard::rules::Reason::KingCaptured)
    );
    assert!(marked(&mut app, Marker::Decided).contains(&Loc::parse("d4").unwrap()));
}

#[test]
fn after_the_end_pointing_at_a_piece_marks_no_moves() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    fools_mate(&mut app);
    pointer_event(&mut app, "h4", Over { hit: hit() });
    settle(&mut app);
    assert!(marked(&mut app, Marker::Reach).is_empty());
    assert_eq!(marked(&mut app, Marker::Decided).len(), 2);
}
