//! The end of a game as a player meets it: a banner that a click puts away, the final position
//! in full view, a rematch with the same variant, options and start, a review from the start,
//! and the pieces each side lost.

use crate::support::*;
use oddboard::app::session::{Banner, Screen, Viewing};
use oddboard::app::tally::Tally;
use oddboard::rules::{Kind, Piece, Side};

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
