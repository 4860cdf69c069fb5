//! Who gives check (`Variant::checkers`) and which Kings stand in it
//! (`Variant::checked_kings`), asked of each variant's own judgement of check: a plain check, a
//! double check, a discovered check, an Amphora interception, a Fanorona approach, two Kings.

use crate::common::{game_after, squares};
use oddboard_rules::LocSet;

/// The checkers and the checked Kings of the position of `variant` given by `fen`.
fn check_of(variant: &str, fen: &str) -> (LocSet, LocSet) {
    let game = game_after(variant, fen, "");
    let (variant, pos) = (game.variant(), game.position());
    (variant.checkers(pos), variant.checked_kings(pos))
}

#[test]
fn chess_no_check_has_no_checkers() {
    let fen = "4k3/8/8/8/8/8/8/4K1R1 b - - 0 1";
    assert_eq!(check_of("chess", fen), (LocSet::EMPTY, LocSet::EMPTY));
}

#[test]
fn chess_rook_checks_along_the_file() {
    let fen = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1";
    assert_eq!(check_of("chess", fen), (squares("e1"), squares("e8")));
}

#[test]
fn chess_double_check_names_both_pieces() {
    let fen = "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1";
    assert_eq!(check_of("chess", fen), (squares("d6 e1"), squares("e8")));
}

#[test]
fn chess_discovered_check_names_the_rook_not_the_knight() {
    let game = game_after("chess", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c5");
    assert_eq!(game.variant().checkers(game.position()), squares("e1"));
}

#[test]
fn amphora_interception_threat_needs_both_pincers() {
    // Black King d5; White's c3 Pawn can step to c4 with the e6 Pawn beyond the King.
    let fen = "*5*/**3**/*3P1*/3k3/7/*1P3*/**3**/*K4* b Gg 00 0 1";
    assert_eq!(check_of("amphora", fen), (squares("c3 e6"), squares("d5")));
}

#[test]
fn amphora_king_entering_the_far_rank_is_the_checker() {
    let fen = "*5*/**1K1**/*5*/p6/1k5/*5*/**3**/*5* b Gg 00 0 1";
    assert_eq!(check_of("amphora", fen), (squares("d7"), squares("b4")));
}

#[test]
fn fanorona_approach_threat_names_the_approaching_rook() {
    let fen = "2k2/5/5/5/5/2r2/5/5/2K2 w Kk - 0 1";
    assert_eq!(
        check_of("fanorona-chess", fen),
        (squares("c4"), squares("c1"))
    );
}

#[test]
fn amoeba_slide_opens_the_rooks_check() {
    let game = game_after(
        "amoeba",
        "*2k2*/*p4*/7/1*1**2/7/*5*/*2R1K* w - 0 1",
        "f1f2,~c4d4",
    );
    let (variant, pos) = (game.variant(), game.position());
    assert_eq!(variant.checkers(pos), squares("d1"));
    assert_eq!(variant.checked_kings(pos), squares("d7"));
}

#[test]
fn pawns_to_kings_one_of_two_kings_in_check() {
    let fen = "q7/8/8/8/8/8/8/K5K1 w 0 1";
    assert_eq!(
        check_of("pawns-to-kings", fen),
        (squares("a8"), squares("a1"))
    );
}

#[test]
fn pawns_to_kings_both_kings_in_check() {
    let fen = "q5c1/8/8/8/8/8/8/K5K1 w 0 1";
    assert_eq!(
        check_of("pawns-to-kings", fen),
        (squares("a8 g8"), squares("a1 g1"))
    );
}

#[test]
fn american_chess_has_no_check() {
    let fen = "6q4/11/11/11/11/11/11/11/4Q6 w 4";
    assert_eq!(
        check_of("american-chess", fen),
        (LocSet::EMPTY, LocSet::EMPTY)
    );
}
