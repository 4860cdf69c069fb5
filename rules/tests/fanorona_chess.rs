//! The rulings of rules/fanorona-chess.md, one test each, in the order of the file.

use crate::common::{START, legal, rejected, status, turns_from, words};
use oddboard_rules::Variant;

const FANORONA: &str = "fanorona-chess";
const DOUBLE: &str = "double-fanorona-chess";

/// Whether the side to move in `fen` is in check.
fn in_check(variant: &str, fen: &str) -> bool {
    let variant = Variant::load(variant, &[]).expect("variant loads");
    let pos = variant.parse_fen(fen).expect("valid FEN");
    variant.in_check(&pos)
}

/// The legal turns of `fen` (no options, no moves).
fn turns(fen: &str) -> Vec<String> {
    legal(FANORONA, &[], Some(fen), "")
}

/// Whether `turn` is among `turns`.
fn has(turns: &[String], turn: &str) -> bool {
    turns.iter().any(|t| t == turn)
}

/// A diagonal step exists only between strong points: a piece on a weak point has no diagonal move.
#[test]
fn diagonals_only_at_strong_points() {
    const FEN: &str = "k4/5/5/5/5/2Q2/5/5/4K w - - 0 1";
    let turns = turns(FEN);
    assert_eq!(
        turns_from(&turns, "c4"),
        words("c4a4 c4b4 c4c1 c4c2 c4c3 c4c5 c4c6 c4c7 c4c8 c4c9 c4d4 c4e4")
    );
    for turn in ["c4b5", "c4d5", "c4b3", "c4d3"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// The first point of the Knight's path may be occupied, its destination must be empty.
#[test]
fn knight_path() {
    const FEN: &str = "k4/5/5/5/5/5/1P3/1B3/N3K w - - 0 1";
    let turns = turns(FEN);
    assert_eq!(turns_from(&turns, "a1"), words("a1c2"));
    assert!(!has(&turns, "a1b3"));
}

/// From a strong point a Knight captures diagonally behind its start or orthogonally beyond its
/// destination, never a piece on a weak point.
#[test]
fn knight_captures_from_a_strong_point() {
    const FEN: &str = "k4/3p1/5/5/2N2/1rp2/5/5/4K w - - 0 1";
    assert_eq!(
        turns_from(&turns(FEN), "c5"),
        words("c5a4 c5a6 c5b3 c5b7 c5d3 c5d7xb4 c5d7xd8 c5e4 c5e6xb4")
    );
}

/// From a weak point a Knight captures orthogonally behind its start or diagonally beyond its
/// destination.
#[test]
fn knight_captures_from_a_weak_point() {
    const FEN: &str = "4k/5/4b/5/5/2N2/2r2/K4/5 w - - 0 1";
    let turns = turns(FEN);
    for turn in ["c4d6xe7", "c4d6xc3", "c4b6xc3"] {
        assert!(has(&turns, turn), "{turn}");
    }
    assert_eq!(turns_from(&turns, "c4d2"), words("c4d2"));
    assert_eq!(turns_from(&turns, "c4b2"), words("c4b2"));
}

/// A slider coming from any distance captures the enemy piece straight beyond its destination; it
/// cannot land on it.
#[test]
fn capture_by_approach() {
    const FEN: &str = "4k/5/5/p4/5/5/5/4K/R4 w - - 0 1";
    let turns = turns(FEN);
    assert!(has(&turns, "a1a5xa6"));
    assert!(!has(&turns, "a1a5"));
    assert!(!has(&turns, "a1a6"));
    assert_eq!(turns_from(&turns, "a1a4"), words("a1a4"));
}

/// A piece moving directly away from an adjacent enemy piece captures it, however far it moves.
#[test]
fn capture_by_withdrawal() {
    const FEN: &str = "4k/5/5/2p2/2R2/5/5/5/K4 w - - 0 1";
    let turns = turns(FEN);
    for turn in ["c5c1xc6", "c5c2xc6", "c5c3xc6", "c5c4xc6"] {
        assert!(has(&turns, turn), "{turn}");
    }
    assert!(!has(&turns, "c5c1"));
    assert_eq!(turns_from(&turns, "c5b5"), words("c5b5"));
    assert_eq!(turns_from(&turns, "c5d5"), words("c5d5"));
}

/// Enemy pieces beside the destination or the path are not captured.
#[test]
fn capture_only_along_the_line_of_movement() {
    const FEN: &str = "4k/5/5/5/p4/2p2/5/4K/1R3 w - - 0 1";
    let turns = turns(FEN);
    assert_eq!(turns_from(&turns, "b1b4"), words("b1b4"));
    assert_eq!(turns_from(&turns, "b1b5"), words("b1b5"));
}

/// Only the first piece of the line is captured.
#[test]
fn only_the_first_piece_is_captured() {
    const FEN: &str = "4k/5/5/5/5/3b1/2b2/5/BK3 w - - 0 1";
    assert!(has(&turns(FEN), "a1b2xc3"));
    let (position, _) = status(FANORONA, &[], Some(FEN), "a1b2xc3");
    assert_eq!(position, "4k/5/5/5/5/3b1/5/1B3/1K3 b - b 0 1");
}

/// A move captures by approach or by withdrawal, never both.
#[test]
fn approach_or_withdrawal_not_both() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let turns = turns(FEN);
    assert_eq!(turns_from(&turns, "c5c3"), words("c5c3xc2 c5c3xc6"));
    let to_c4: Vec<&String> = turns.iter().filter(|t| &t[2..4] == "c4").collect();
    assert_eq!(to_c4, ["c5c4xc6"]);
}

/// A move that can capture must, but other moves stay free.
#[test]
fn capture_compulsory_for_the_chosen_move() {
    const FEN: &str = "k4/5/5/5/2p2/5/2P2/5/4K w - - 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("c3b4 c3c4xc5 c3d4 e1d1 e1d2 e1e2"));
    assert!(!has(&turns, "c3c4"));
}

/// Every capturing turn carries `x<square>`, even with one possible capture.
#[test]
fn capture_always_written() {
    const FEN: &str = "k4/5/5/5/5/5/2p2/1K3/5 w - - 0 1";
    assert_eq!(turns(FEN), words("b2a1xc3 b2a2 b2a3 b2b1 b2b3 b2c2"));
    assert!(rejected(FANORONA, &[], Some(FEN), "b2a1"));
}

/// An unmoved King not in check may leap like a Knight over an occupied first point.
#[test]
fn king_leap() {
    assert_eq!(
        legal(FANORONA, &[], START, ""),
        words("a3a4 a3b4 b3b4 c1a2 c1e2 c3b4 c3c4 c3d4 d3d4 e3d4 e3e4")
    );
}

/// Any move of the King ends its right to leap, even if it comes back.
#[test]
fn king_leap_lost_once_the_king_moves() {
    const FEN: &str = "2k2/5/5/5/5/5/5/5/2K2 w Kk - 0 1";
    let (position, _) = status(FANORONA, &[], Some(FEN), "c1c2");
    assert_eq!(position, "2k2/5/5/5/5/5/5/2K2/5 b k - 1 1");
    const BACK: &str = "c1c2 c9c8 c2c1 c8c9";
    let (position, _) = status(FANORONA, &[], Some(FEN), BACK);
    assert_eq!(position, "2k2/5/5/5/5/5/5/5/2K2 w - - 4 3");
    assert_eq!(
        legal(FANORONA, &[], Some(FEN), BACK),
        words("c1b1 c1b2 c1c2 c1d1 c1d2")
    );
}

/// A King in check may not leap.
#[test]
fn king_leap_not_out_of_check() {
    const FEN: &str = "2k2/5/5/5/5/2r2/5/5/2K2 w Kk - 0 1";
    assert!(in_check(FANORONA, FEN));
    let turns = turns(FEN);
    assert_eq!(turns, words("c1b1 c1b2 c1d1 c1d2"));
    assert!(!has(&turns, "c1b3"));
}

/// A leap that would capture, as a Knight's move, is not allowed.
#[test]
fn king_leap_never_captures() {
    const FEN: &str = "2k2/5/5/5/5/1p3/5/5/2K2 w Kk - 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("c1a2 c1b1 c1c2 c1d1 c1d3 c1e2"));
    for turn in ["c1b3", "c1b3xb4", "c1b2", "c1d2"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// A Pawn steps diagonally forward only from a strong point.
#[test]
fn pawn_diagonal_only_from_strong_points() {
    const FEN: &str = "4k/5/5/5/5/3P1/1P3/5/K4 w - - 0 1";
    let turns = turns(FEN);
    for turn in ["b3b4", "d4c5", "d4d5", "d4e5"] {
        assert!(has(&turns, turn), "{turn}");
    }
    for turn in ["b3a4", "b3c4"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// A Pawn moving forward captures the enemy piece behind it.
#[test]
fn pawn_captures_backwards_by_withdrawal() {
    const FEN: &str = "4k/5/5/5/5/2P2/2r2/5/K4 w - - 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("a1a2 a1b1 a1b2xc3 c4c5xc3"));
    assert!(!has(&turns, "c4c5"));
}

/// The double step: only in Double, only from the starting rank, straight over an empty point.
#[test]
fn double_step() {
    let turns = legal(DOUBLE, &[], START, "");
    assert_eq!(
        turns,
        words(
            "a2a3 a2a4 b1a3 b1c3 b2a3 b2b3 b2b4 b2c3 c2c3 c2c4 d2c3 d2d3 d2d4 d2e3 e1d3 e1f3 \
             e2e3 e2e4 f1e3 f1g3 f2e3 f2f3 f2f4 f2g3 g2g3 g2g4 h1g3 h1i3 h2g3 h2h3 h2h4 h2i3 \
             i2i3 i2i4"
        )
    );
    assert_eq!(turns.len(), 34);
}

/// A double step that would capture is not allowed; the single step must capture.
#[test]
fn double_step_barred_when_it_would_capture() {
    const FEN: &str = "8k/9/9/9/2r6/9/9/2P1P4/K3n4 w - - 0 1";
    let turns = legal(DOUBLE, &[], Some(FEN), "");
    assert_eq!(turns, words("a1a2 a1b1 a1b2 c2c3 e2e3xe1"));
    for turn in ["c2c4", "e2e4", "e2e3"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// A Pawn reaching the far rank changes into a piece its owner has lost.
#[test]
fn promotion_to_a_lost_piece() {
    const FEN: &str = "5/1P3/5/5/4k/5/5/5/K4 w - NR 0 1";
    assert_eq!(
        turns_from(&turns(FEN), "b8"),
        words("b8a9=N b8a9=R b8b9=N b8b9=R b8c9=N b8c9=R")
    );
    let (position, _) = status(FANORONA, &[], Some(FEN), "b8b9=R");
    assert_eq!(position, "1R3/5/5/5/4k/5/5/5/K4 b - N 0 1");
}

/// Without a lost piece to promote to, a Pawn may not move onto the far rank, even to capture.
#[test]
fn far_rank_barred_without_a_lost_piece() {
    assert_eq!(
        turns("5/3P1/3r1/5/4k/5/5/5/K4 w - - 0 1"),
        words("a1a2 a1b1 a1b2")
    );
    assert_eq!(
        turns("5/3P1/3r1/5/4k/5/5/5/K4 w - N 0 1"),
        words("a1a2 a1b1 a1b2 d8c9=N d8d9xd7=N d8e9=N")
    );
}

/// A turn may not leave the own King capturable, by approach or by withdrawal.
#[test]
fn king_must_not_be_left_capturable() {
    const FEN: &str = "4k/5/5/5/5/5/2B2/2r2/2K2 w - - 0 1";
    assert_eq!(turns(FEN), words("c1b1 c1d1"));
}

/// Each capture choice of a move is judged separately: it must keep the King safe.
#[test]
fn capture_choice_must_keep_the_king_safe() {
    const FEN: &str = "4k/5/5/5/5/5/r2Rp/5/K4 w - - 0 1";
    assert!(in_check(FANORONA, FEN));
    let turns = turns(FEN);
    assert_eq!(turns, words("a1a2xa3 a1b1 a1b2 d3b3xa3"));
    assert!(!has(&turns, "d3b3xe3"));
}

/// The player to move, in check, with no legal move, loses.
#[test]
fn checkmate_loses() {
    const FEN: &str = "5/5/5/5/5/3Q1/5/1K2k/5 w - - 0 1";
    let (_, result) = status(FANORONA, &[], Some(FEN), "d4d2");
    assert_eq!(result, "1-0 checkmate");
}

/// The player to move, not in check, with no legal move, loses.
#[test]
fn stalemate_loses() {
    const FEN: &str = "1k3/5/2K2/5/5/5/5/5/5 b - - 0 1";
    let (_, result) = status(FANORONA, &[], Some(FEN), "");
    assert_eq!(result, "1-0 stalemate");
}

/// The third occurrence of the same position draws.
#[test]
fn threefold_repetition_draws() {
    const FEN: &str = "4k/4r/5/5/5/5/5/R4/K4 w - - 0 1";
    const ROUND: &str = "a2b2 e8d8 b2a2 d8e8";
    let (_, result) = status(FANORONA, &[], Some(FEN), ROUND);
    assert_eq!(result, "ongoing");
    let (_, result) = status(FANORONA, &[], Some(FEN), &format!("{ROUND} {ROUND}"));
    assert_eq!(result, "1/2-1/2 threefold repetition");
}

/// 100 half-moves in a row without a capture or a Pawn move draw.
#[test]
fn fifty_move_rule_draws() {
    let (_, result) = status(
        FANORONA,
        &[],
        Some("4k/4r/5/5/5/5/5/R4/K4 w - - 99 60"),
        "a2b2",
    );
    assert_eq!(result, "1/2-1/2 fifty-move rule");
    let (_, result) = status(
        FANORONA,
        &[],
        Some("4k/4r/5/5/5/5/5/R4/K4 w - - 98 60"),
        "a2b2",
    );
    assert_eq!(result, "ongoing");
}

/// With `--option alternate-setup` Bishops and Knights swap places, and no King can leap.
#[test]
fn alternate_setup() {
    const OPTIONS: &[&str] = &["alternate-setup"];
    let (position, _) = status(FANORONA, OPTIONS, START, "");
    assert_eq!(
        position,
        "brkrb/n1q1n/ppppp/5/5/5/PPPPP/N1Q1N/BRKRB w Kk - 0 1"
    );
    assert_eq!(
        legal(FANORONA, OPTIONS, START, ""),
        words(
            "a1b2 a2b4 a3a4 a3b4 b1b2 b3b4 c1b2 c1d2 c2b2 c2d2 c3b4 c3c4 c3d4 d1d2 d3d4 e1d2 \
             e2d4 e3d4 e3e4"
        )
    );
}
