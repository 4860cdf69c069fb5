//! The rulings of rules/amoeba.md, one test each, in the order of the file, and the machine-
//! readable cases of amoeba.tsv.

use crate::common::{START, legal, rejected, status, turns_from, words};

const AMOEBA: &str = "amoeba";
const OCCUPIED_SLIDE: &[&str] = &["occupied-slide"];
const BISHOP_PROMOTION: &[&str] = &["bishop-promotion"];

/// The legal turns of `fen` (no options, no moves).
fn turns(fen: &str) -> Vec<String> {
    legal(AMOEBA, &[], Some(fen), "")
}

/// Whether `turn` is among `turns`.
fn has(turns: &[String], turn: &str) -> bool {
    turns.iter().any(|t| t == turn)
}

/// The distinct piece-move parts of the turns that start on `square`, sorted.
fn piece_moves(turns: &[String], square: &str) -> Vec<String> {
    let mut moves: Vec<String> = turns_from(turns, square)
        .iter()
        .map(|t| t.split(',').next().unwrap_or_default().to_string())
        .collect();
    moves.dedup();
    moves
}

/// Asserts that each turn of `present` is legal and each of `absent` is not.
fn assert_turns(turns: &[String], present: &[&str], absent: &[&str]) {
    for turn in present {
        assert!(has(turns, turn), "{turn} should be legal");
    }
    for turn in absent {
        assert!(!has(turns, turn), "{turn} should not be legal");
    }
}

/// 114 turns from the start: nine piece moves, each alone or with one of its slides.
#[test]
fn start_position_turns() {
    let turns = legal(AMOEBA, &[], START, "");
    assert_eq!(turns.len(), 114);
    let per_move = [
        ("b2b3", 14),
        ("c2c3", 12),
        ("d2d3", 12),
        ("e2e3", 12),
        ("f2f3", 14),
        ("c1b3", 13),
        ("c1d3", 12),
        ("e1d3", 12),
        ("e1f3", 13),
    ];
    for (piece_move, count) in per_move {
        let with_it = turns
            .iter()
            .filter(|t| t.split(',').next() == Some(piece_move))
            .count();
        assert_eq!(with_it, count, "{piece_move}");
    }
    assert_eq!(per_move.iter().map(|(_, n)| n).sum::<usize>(), 114);
}

/// A wrong number of gaps or an impossible last slide is bad input.
#[test]
fn fen_invariants() {
    const TWELVE_GAPS: &str = "*rnknr*/*ppppp*/7/2****1/7/*PPPPP*/*RNKNR* w - 0 1";
    const SLIDE_FROM_A_SQUARE: &str = "*rnknr*/*ppppp*/7/2***2/7/*PPPPP*/*RNKNR* b d5d4 0 1";
    assert!(rejected(AMOEBA, &[], Some(TWELVE_GAPS), ""));
    assert!(rejected(AMOEBA, &[], Some(SLIDE_FROM_A_SQUARE), ""));
}

/// A gap stops a Rook like the edge of the board.
#[test]
fn rook_stops_at_gap() {
    const FEN: &str = "*2k2*/*5*/7/1R***2/7/*5*/*2K2* w - 0 1";
    let turns = turns(FEN);
    assert_eq!(
        piece_moves(&turns, "b4"),
        words("b4a4 b4b1 b4b2 b4b3 b4b5 b4b6 b4b7")
    );
    assert!(!turns.iter().any(|t| t.starts_with("b4f4")));
}

/// A Knight leaps over gaps but lands only on squares.
#[test]
fn knight_leaps_gaps() {
    const FEN: &str = "*2k2*/*5*/7/2***2/2N4/*5*/*2K2* w - 0 1";
    let turns = turns(FEN);
    assert_eq!(piece_moves(&turns, "c3"), words("c3a4 c3b1 c3b5 c3d5 c3e2"));
    assert_turns(&turns, &["c3d5"], &["c3a2", "c3e4"]);
}

/// The King steps diagonally between two squares that touch at a corner, gaps beside or not.
#[test]
fn king_diagonal_across_gap() {
    const FEN: &str = "*2k2*/*5*/7/2*1*2/2K*3/*5*/*5* w - 0 1";
    assert_eq!(
        piece_moves(&turns(FEN), "c3"),
        words("c3b2 c3b3 c3b4 c3c2 c3d2 c3d4")
    );
}

/// A Pawn steps one square forward, never two.
#[test]
fn pawn_single_step() {
    assert_turns(&legal(AMOEBA, &[], START, ""), &["b2b3"], &["b2b4"]);
}

/// A gap straight ahead blocks a Pawn; it captures diagonally across a corner between gaps.
#[test]
fn pawn_gap_ahead_and_diagonal_capture() {
    const FEN: &str = "*4k*/*5*/7/2*n*2/2P*3/*5*/*K4* w - 0 1";
    let turns = turns(FEN);
    assert_eq!(piece_moves(&turns, "c3"), words("c3d4"));
    assert_turns(&turns, &["c3d4"], &["c3c4", "c3d4=R", "c3d4=N"]);
}

/// The slide moves the square and is recorded in the FEN until the next turn.
#[test]
fn slide_recorded() {
    let (fen, _) = status(AMOEBA, &[], START, "b2b3,~a3a2");
    assert_eq!(fen, "*rnknr*/*ppppp*/7/2***2/*P5/2PPPP*/*RNKNR* b a3a2 0 1");
    let (fen, _) = status(AMOEBA, &[], START, "b2b3,~a3a2 c7d5");
    assert_eq!(fen, "*r1knr*/*ppppp*/3n3/2***2/*P5/2PPPP*/*RNKNR* w - 1 2");
}

/// Only an unoccupied square slides, orthogonally, even the one just left.
#[test]
fn slide_orthogonal_unoccupied() {
    assert_turns(
        &legal(AMOEBA, &[], START, ""),
        &["b2b3,~b2a2"],
        &["b2b3,~b2a1", "c1b3,~b1a1"],
    );
}

/// The opponent's slide may not be reversed at once; anything else may happen to its squares.
#[test]
fn no_undoing_opponent_slide() {
    assert_turns(
        &legal(AMOEBA, &[], START, "b2b3,~a3a2"),
        &["c7d5,~a2a1", "c7d5,~a4a3"],
        &["c7d5,~a2a3"],
    );
}

/// A player may reverse their own slide.
#[test]
fn own_slide_may_be_undone() {
    assert_turns(
        &legal(AMOEBA, &[], START, "b2b3,~a3a2 c7d5,~g5g6"),
        &["c1d3,~a2a3"],
        &["c1d3,~g6g5"],
    );
    assert_turns(
        &legal(AMOEBA, &[], START, "b2b3,~a3a2 c7d5"),
        &["c1d3,~a2a3"],
        &[],
    );
}

/// A slide that opens a line onto the enemy King gives check.
#[test]
fn slide_gives_check() {
    const FEN: &str = "*2k2*/*p4*/7/1*1**2/7/*5*/*2R1K* w - 0 1";
    assert!(has(&turns(FEN), "f1f2,~c4d4"));
    let replies = legal(AMOEBA, &[], Some(FEN), "f1f2,~c4d4");
    assert_turns(&replies, &["d7c7"], &["d7d6", "b6b5"]);
    let (fen, _) = status(AMOEBA, &[], Some(FEN), "f1f2,~c4d4");
    assert_eq!(fen, "*2k2*/*p4*/7/1**1*2/7/*4K*/*2R2* b c4d4 1 1");
}

/// A slide may remove a check, but not by reversing the opponent's slide.
#[test]
fn slide_removes_check() {
    const FEN: &str = "*2k2*/*p4*/7/1*1**2/7/*5*/*2R1K* w - 0 1";
    assert_turns(
        &legal(AMOEBA, &[], Some(FEN), "f1f2,~c4d4"),
        &["b6b5,~d4e4", "d7d6,~d4e4"],
        &["d7d6,~d4c4"],
    );
}

/// A slide that opens a line onto the mover's own King is illegal.
#[test]
fn slide_must_not_expose_king() {
    const FEN: &str = "*2k2*/*p4*/7/1*1**2/7/*5*/*2R1K* b - 0 1";
    assert_turns(&turns(FEN), &["b6b5,~c4b4"], &["b6b5,~c4d4"]);
}

/// A Pawn ending its move on the last square of its file promotes, to a Rook or a Knight
/// (a Bishop too with `bishop-promotion`).
#[test]
fn promotion_by_moving() {
    const FEN: &str = "*5*/*P4*/7/P1***k1/7/*1P3*/*2K2* w - 0 1";
    assert_turns(&turns(FEN), &["b6b7=R", "b6b7=N"], &["b6b7", "b6b7=B"]);
    assert!(has(
        &legal(AMOEBA, BISHOP_PROMOTION, Some(FEN), ""),
        "b6b7=B"
    ));
}

/// The last square of a file is its highest square, whatever lies between.
#[test]
fn last_square_counts_gaps() {
    const FEN: &str = "*5*/*P4*/7/P1***k1/7/*1P3*/*2K2* w - 0 1";
    assert_turns(
        &turns(FEN),
        &["a4a5=R", "a4a5=N", "c2c3"],
        &["a4a5", "c2c3=R"],
    );
}

/// A promotion by moving stands even when the slide then puts a square beyond the piece.
#[test]
fn move_promotion_stands() {
    const FEN: &str = "*5*/*5*/7/P1***k1/7/*5*/*2K2* w - 0 1";
    assert!(has(&turns(FEN), "a4a5=R,~b6a6"));
    let (fen, _) = status(AMOEBA, &[], Some(FEN), "a4a5=R,~b6a6");
    assert_eq!(fen, "*5*/1*4*/R6/2***k1/7/*5*/*2K2* b b6a6 0 1");
}

/// A Pawn made last by the mover's own slide promotes at the end of the turn, compulsorily.
#[test]
fn promotion_by_own_slide() {
    const FEN: &str = "*5*/*4P*/7/k1***2/7/*5*/*2K2* w - 0 1";
    assert_turns(
        &turns(FEN),
        &["d1d2,~f7g7,f6=R", "d1d2,~f7g7,f6=N"],
        &["d1d2,~f7g7"],
    );
    let (fen, _) = status(AMOEBA, &[], Some(FEN), "d1d2,~f7g7,f6=R");
    assert_eq!(fen, "*4*1/*4R*/7/k1***2/7/*2K2*/*5* b f7g7 0 1");
}

/// A Pawn that moved without reaching a last square promotes at the end if the slide makes it
/// last.
#[test]
fn moved_pawn_promoted_after_slide() {
    const FEN: &str = "*5*/*5*/5P1/k1***2/7/*5*/*2K2* w - 0 1";
    assert_turns(&turns(FEN), &["f5f6,~f7g7,f6=R"], &["f5f6=R", "f5f6,~f7g7"]);
}

/// A Pawn made last by the opponent's slide stays a Pawn until the end of its owner's next
/// turn, and is promoted then only if it is still last.
#[test]
fn promotion_after_opponent_slide() {
    const FEN: &str = "*5*/*4P*/7/1k***2/7/*5*/*2K2* b - 0 30";
    let (fen, _) = status(AMOEBA, &[], Some(FEN), "b4b3,~f7g7");
    assert_eq!(fen, "*4*1/*4P*/7/2***2/1k5/*5*/*2K2* w f7g7 1 31");
    let turns = legal(AMOEBA, &[], Some(FEN), "b4b3,~f7g7");
    assert_turns(
        &turns,
        &["d1d2,f6=R", "d1d2,f6=N", "d1d2,~e7f7"],
        &["d1d2", "d1d2,~e7f7,f6=R"],
    );
    assert!(!turns.iter().any(|t| t.contains("~g7f7")));
}

/// End-of-turn promotions are written in the order of their squares, each chosen separately.
#[test]
fn promotions_sorted_by_square() {
    const FEN: &str = "*4*1/*P3P*/7/2***2/k6/*5*/*2K2* w f7g7 0 30";
    let turns = turns(FEN);
    let with_slide: Vec<String> = turns
        .iter()
        .filter(|t| t.starts_with("d1d2,~b7a7"))
        .cloned()
        .collect();
    assert_eq!(
        with_slide,
        words(
            "d1d2,~b7a7,b6=N,f6=N d1d2,~b7a7,b6=N,f6=R d1d2,~b7a7,b6=R,f6=N d1d2,~b7a7,b6=R,f6=R"
        )
    );
    assert!(has(&turns, "d1d2,f6=R"));
}

/// In check with no legal turn: checkmate.
#[test]
fn checkmate() {
    const FEN: &str = "k*4*/**5/4N2/2***2/7/*5*/*2K2* w - 0 1";
    let (_, result) = status(AMOEBA, &[], Some(FEN), "e5c6");
    assert_eq!(result, "1-0 checkmate");
}

/// No legal turn, not in check, and the slide made no difference: a draw.
#[test]
fn stalemate_draw() {
    const FEN: &str = "k*4*/**5/4N2/2***2/7/*5*/*2K2* w - 0 1";
    let (_, result) = status(AMOEBA, &[], Some(FEN), "e5f3");
    assert_eq!(result, "1/2-1/2 stalemate");
    let (_, result) = status(AMOEBA, &[], Some(FEN), "e5f3,~f7g7");
    assert_eq!(result, "1/2-1/2 stalemate");
}

/// A stalemate the slide brought about wins for the slider, also from a FEN alone.
#[test]
fn stalemate_by_slide() {
    const FEN: &str = "k1*3*/**5/7/2***2/7/*5*/*2K2* w - 0 1";
    const AFTER: &str = "k*4*/**5/7/2***2/7/*2K2*/*5* b b7c7 1 1";
    assert_eq!(
        status(AMOEBA, &[], Some(FEN), "d1d2,~b7c7"),
        (AFTER.to_string(), "1-0 stalemate by slide".to_string())
    );
    let (_, result) = status(AMOEBA, &[], Some(AFTER), "");
    assert_eq!(result, "1-0 stalemate by slide");
    let (_, result) = status(AMOEBA, &[], Some(FEN), "d1d2");
    assert_eq!(result, "ongoing");
}

/// The position without the slide turns a Pawn promoted at the end of the turn back into a
/// Pawn where the slide alone made its square last: White's slide d7c7 made d6 the last square
/// of its file, so the Pawn on it became a Knight. Without the slide the Knight is a Pawn again,
/// which leaves f7 to Black's King: the stalemate was the slide's doing, and White wins.
#[test]
fn stalemate_by_slide_with_the_slides_promotion_undone() {
    const FEN: &str = "*1*3k/3P1**/7/2***2/7/*5*/*3K1* w - 0 12";
    let (_, result) = status(AMOEBA, &[], Some(FEN), "e1e2,~d7c7,d6=N");
    assert_eq!(result, "1-0 stalemate by slide");
}

/// The third occurrence of the same board, side to move and last slide draws.
#[test]
fn threefold_repetition() {
    const FEN: &str = "k1*3*/**5/7/2***2/7/*5*/*2K2* w - 0 1";
    const SEVEN: &str = "d1d2 a7b7 d2d1 b7a7 d1d2 a7b7 d2d1";
    let (_, result) = status(AMOEBA, &[], Some(FEN), SEVEN);
    assert_eq!(result, "ongoing");
    let (_, result) = status(AMOEBA, &[], Some(FEN), &format!("{SEVEN} b7a7"));
    assert_eq!(result, "1/2-1/2 threefold repetition");
}

/// A halfmove clock of 100 draws.
#[test]
fn fifty_move_rule() {
    const FEN: &str = "k1*3*/**5/7/2***2/7/*5*/*2K2* w - 99 60";
    assert_eq!(
        status(AMOEBA, &[], Some(FEN), "d1d2"),
        (
            "k1*3*/**5/7/2***2/7/*2K2*/*5* b - 100 60".to_string(),
            "1/2-1/2 fifty-move rule".to_string()
        )
    );
}

/// A promotion at the end of the turn resets the halfmove clock.
#[test]
fn promotion_resets_clock() {
    const FEN: &str = "*5*/*4P*/7/k1***2/7/*5*/*2K2* w - 99 60";
    assert_eq!(
        status(AMOEBA, &[], Some(FEN), "d1d2,~f7g7,f6=R"),
        (
            "*4*1/*4R*/7/k1***2/7/*2K2*/*5* b f7g7 0 60".to_string(),
            "ongoing".to_string()
        )
    );
    let (_, result) = status(AMOEBA, &[], Some(FEN), "d1d2");
    assert_eq!(result, "1/2-1/2 fifty-move rule");
}

/// With `occupied-slide` a square slides with its piece, of either side.
#[test]
fn occupied_slide() {
    assert_turns(
        &legal(AMOEBA, OCCUPIED_SLIDE, START, ""),
        &["c1b3,~b1a1", "c1b3,~b6a6"],
        &[],
    );
    let (fen, _) = status(AMOEBA, OCCUPIED_SLIDE, START, "c1b3,~b1a1");
    assert_eq!(
        fen,
        "*rnknr*/*ppppp*/7/2***2/1N5/*PPPPP*/R*1KNR* b b1a1 1 1"
    );
    assert_turns(
        &legal(AMOEBA, &[], START, ""),
        &[],
        &["c1b3,~b1a1", "c1b3,~b6a6"],
    );
}

/// With `bishop-promotion` the Bishop exists, sliding diagonally across corners; without it a
/// Bishop in a FEN is bad input.
#[test]
fn bishop_promotion() {
    const FEN: &str = "*2k2*/*5*/7/2*1*2/2B*3/*5*/*K4* w - 0 1";
    assert_eq!(
        piece_moves(&legal(AMOEBA, BISHOP_PROMOTION, Some(FEN), ""), "c3"),
        words("c3a5 c3b2 c3b4 c3d2 c3d4 c3e1 c3e5 c3f6")
    );
    assert!(rejected(AMOEBA, &[], Some(FEN), ""));
}

/// Every line of amoeba.tsv.
#[test]
fn amoeba_cases() {
    crate::cases::run_cases("amoeba.tsv");
}
