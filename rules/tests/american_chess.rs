//! The rulings of rules/american-chess.md, one test each, in the order of the file.

use crate::common::{START, legal, rejected, status, turns_from, words};

const AMERICAN: &str = "american-chess";

/// The legal turns of `fen` (no moves played).
fn turns(fen: &str) -> Vec<String> {
    legal(AMERICAN, &[], Some(fen), "")
}

/// Whether `turn` is among `turns`.
fn has(turns: &[String], turn: &str) -> bool {
    turns.iter().any(|t| t == turn)
}

/// The position (status line 1) after `moves` from `fen`.
fn position_after(fen: &str, moves: &str) -> String {
    status(AMERICAN, &[], Some(fen), moves).0
}

/// The result (status line 2) after `moves` from `fen`.
fn result_after(fen: &str, moves: &str) -> String {
    status(AMERICAN, &[], Some(fen), moves).1
}

/// How many of `turns` start on one of `squares`.
fn count_from(turns: &[String], squares: &str) -> usize {
    squares
        .split_whitespace()
        .map(|square| turns_from(turns, square).len())
        .sum()
}

/// The start is ongoing with 242 turns, so many per piece kind, and the Artillery can capture at
/// once over its own Soldiers.
#[test]
fn start_position() {
    let (_, result) = status(AMERICAN, &[], START, "");
    assert_eq!(result, "ongoing");
    let turns = legal(AMERICAN, &[], START, "");
    assert_eq!(turns.len(), 242);
    let per_kind = [
        ("a4 b4 c4 d4 e4 f4 g4 h4 i4 j4 k4", 53),
        ("a1 k1", 4),
        ("b1 j1", 8),
        ("c1 i1", 8),
        ("d1 h1", 126),
        ("e1 f1 g1", 15),
        ("d3 f3 h3", 28),
        ("d3", 10),
        ("f3", 8),
        ("h3", 10),
    ];
    for (squares, expected) in per_kind {
        assert_eq!(count_from(&turns, squares), expected, "{squares}");
    }
    assert_eq!(count_from(&turns, "d1"), 63);
    for turn in words("d3a6 d3d6 d3g6 f3c6 f3f6 f3i6 h3e6 h3h6 h3k6") {
        assert!(has(&turns, &turn), "{turn}");
    }
}

/// A Soldier steps one square in any direction, onto an empty square or an enemy piece.
#[test]
fn soldier_steps_in_eight_directions() {
    const FEN: &str = "6q4/11/11/3p7/2P8/1P9/11/11/4Q6 w 12";
    let turns = turns(FEN);
    assert_eq!(
        turns_from(&turns, "c5"),
        words("c5b5 c5b6 c5c4 c5c6 c5d4 c5d5 c5d6")
    );
    assert_eq!(
        position_after(FEN, "c5d6"),
        "6q4/11/11/3P7/11/1P9/11/11/4Q6 b 12"
    );
    assert!(!has(&turns, "c5b4"));
    assert!(!has(&turns, "c5c7"));
}

/// A Colonel leaps to any square of the ring two squares away, over any pieces, and nowhere else.
#[test]
fn colonel_leaps_two_squares() {
    const FEN: &str = "6q4/11/11/4PPP4/4PNP4/4PPP4/11/11/4Q6 w 20";
    let turns = turns(FEN);
    assert_eq!(
        turns_from(&turns, "f5"),
        words("f5d3 f5d4 f5d5 f5d6 f5d7 f5e3 f5e7 f5f3 f5f7 f5g3 f5g7 f5h3 f5h4 f5h5 f5h6 f5h7")
    );
    for turn in ["f5g6", "f5f8", "f5i5"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// A Colonel captures by landing on an enemy piece, never on its own, never one square away.
#[test]
fn colonel_captures_by_replacement() {
    const FEN: &str = "6q4/11/11/11/11/11/2p8/11/N1P1Q6 w 8";
    let turns = turns(FEN);
    assert_eq!(turns_from(&turns, "a1"), words("a1a3 a1b3 a1c2 a1c3"));
    assert_eq!(
        position_after(FEN, "a1c3"),
        "6q4/11/11/11/11/11/2N8/11/2P1Q6 b 8"
    );
    assert!(!has(&turns, "a1c1"));
    assert!(!has(&turns, "a1b2"));
}

/// A Missile moves to every empty square and every enemy piece of ranks 1–8, with no path.
#[test]
fn missile_lands_anywhere() {
    const FEN: &str = "1r4q4/11/9p1/11/11/3M7/11/11/4Q6 w 5";
    let turns = turns(FEN);
    let mut expected: Vec<String> = (1..=8)
        .flat_map(|rank| ('a'..='k').map(move |file| format!("d4{file}{rank}")))
        .filter(|turn| turn != "d4d4" && turn != "d4e1")
        .collect();
    expected.sort();
    assert_eq!(expected.len(), 86);
    assert_eq!(turns_from(&turns, "d4"), expected);
    for turn in ["d4j7", "d4k8", "d4a1"] {
        assert!(has(&turns, turn), "{turn}");
    }
}

/// A Missile never lands on the opponent's back rank, empty or not; its own is allowed.
#[test]
fn missile_never_on_opponents_back_rank() {
    let blue = turns("1r4q4/11/9p1/11/11/3M7/11/11/4Q6 w 5");
    assert!(!has(&blue, "d4c9"));
    assert!(!has(&blue, "d4b9"));
    let red = turns("6q4/11/11/11/5m5/11/11/11/R3Q6 b 9");
    for turn in ["f5a1", "f5b1", "f5e1"] {
        assert!(!has(&red, turn), "{turn}");
    }
    assert!(has(&red, "f5a2"));
    assert!(has(&red, "f5k9"));
}

/// Without capturing the Artillery moves like a queen to an empty square; it never captures a
/// piece directly and never passes one without capturing.
#[test]
fn artillery_moves_like_a_queen_and_never_captures_directly() {
    let turns = turns("6q4/11/11/2p8/11/11/11/2C8/4Q6 w 14");
    assert!(has(&turns, "c2c5"));
    assert!(!has(&turns, "c2c6"));
    assert!(!has(&turns, "c2c7"));
}

/// The Artillery jumps one piece of either side at any distance and captures the first piece
/// beyond it on any line; the screen stays.
#[test]
fn artillery_captures_over_one_screen() {
    const FEN: &str = "6q4/2p8/7r3/11/11/2P1p6/11/2C8/4Q6 w 17";
    let turns = turns(FEN);
    assert!(has(&turns, "c2c8"));
    assert!(has(&turns, "c2h7"));
    assert_eq!(
        position_after(FEN, "c2h7"),
        "6q4/2p8/7C3/11/11/2P1p6/11/11/4Q6 b 17"
    );
    for turn in ["c2e4", "c2c4", "c2f5"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// Only the first piece beyond the screen can be captured, and only if it is an enemy.
#[test]
fn artillery_one_screen_only() {
    const FEN: &str = "11/N10/11/p10/CP1p1q5/11/11/11/4Q6 w 21";
    let turns = turns(FEN);
    assert!(has(&turns, "a5d5"));
    assert_eq!(
        position_after(FEN, "a5d5"),
        "11/N10/11/p10/1P1C1q5/11/11/11/4Q6 b 21"
    );
    for turn in ["a5f5", "a5a8", "a5a7", "a5a6"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// Reaching the opponent's back rank makes a General without any choice or promotion text.
#[test]
fn promotion_is_automatic() {
    const FEN: &str = "6q4/1P9/11/11/11/11/11/11/4Q6 w 30";
    let turns = turns(FEN);
    for turn in ["b8a9", "b8b9", "b8c9"] {
        assert!(has(&turns, turn), "{turn}");
    }
    assert_eq!(
        position_after(FEN, "b8b9"),
        "1Q4q4/11/11/11/11/11/11/11/4Q6 b 30"
    );
    assert!(!has(&turns, "b8b9=Q"));
    assert!(rejected(AMERICAN, &[], Some(FEN), "b8b9=Q"));
}

/// Artillery and Colonels promote like Soldiers, also when capturing.
#[test]
fn every_piece_but_general_and_missile_promotes() {
    const FEN: &str = "6q1n2/11/2N8/11/8p2/11/11/8C2/4Q6 w 25";
    assert_eq!(
        position_after(FEN, "i2i9"),
        "6q1Q2/11/2N8/11/8p2/11/11/11/4Q6 b 25"
    );
    assert_eq!(
        position_after(FEN, "c7c9"),
        "2Q3q1n2/11/11/11/8p2/11/11/8C2/4Q6 b 25"
    );
}

/// A promoted General holds the Gauntlet like any other; one outside files e–g does not.
#[test]
fn promoted_general_holds_the_gauntlet() {
    const FEN: &str = "q10/11/11/11/4Q6/11/11/5p5/11 b 18";
    assert_eq!(
        status(AMERICAN, &[], Some(FEN), "f2f1"),
        (
            "q10/11/11/11/4Q6/11/11/11/5q5 w 19".to_string(),
            "ongoing".to_string()
        )
    );
    assert_eq!(result_after(FEN, "f2e1"), "ongoing");
    assert_eq!(
        status(AMERICAN, &[], Some(FEN), "f2f3"),
        (
            "q10/11/11/11/4Q6/11/5p5/11/11 w 19".to_string(),
            "1-0 gauntlet".to_string()
        )
    );
}

/// Blue's move never ends the game, even when it leaves Red no General in the Gauntlet.
#[test]
fn no_judgement_after_blues_move() {
    const FEN: &str = "11/5q5/11/11/q10/11/11/5R5/4Q6 w 7";
    assert_eq!(
        status(AMERICAN, &[], Some(FEN), "f2f8"),
        (
            "11/5R5/11/11/q10/11/11/11/4Q6 b 7".to_string(),
            "ongoing".to_string()
        )
    );
}

/// After Red's move the Gauntlet decides: play on, a Blue win or a Red win.
#[test]
fn gauntlet_judged_after_reds_move() {
    const FEN: &str = "11/5q5/11/11/q10/11/11/5R5/4Q6 w 7";
    assert_eq!(
        status(AMERICAN, &[], Some(FEN), "f2f8 a5e5"),
        (
            "11/5R5/11/11/4q6/11/11/11/4Q6 w 8".to_string(),
            "ongoing".to_string()
        )
    );
    assert_eq!(result_after(FEN, "f2f8 a5a6"), "1-0 gauntlet");
    assert_eq!(
        status(AMERICAN, &[], Some(FEN), "f2f8 a5e1"),
        (
            "11/5R5/11/11/11/11/11/11/4q6 w 8".to_string(),
            "0-1 gauntlet".to_string()
        )
    );
}

/// When neither side holds the Gauntlet after Red's move the game is drawn.
#[test]
fn neither_holds_is_a_draw() {
    const FEN: &str = "q10/11/11/11/10m/5Q5/11/11/Q10 b 23";
    assert_eq!(
        status(AMERICAN, &[], Some(FEN), "k5f4"),
        (
            "q10/11/11/11/11/5m5/11/11/Q10 w 24".to_string(),
            "1/2-1/2 gauntlet".to_string()
        )
    );
    assert_eq!(result_after(FEN, "k5k4"), "1-0 gauntlet");
}

/// A FEN with Blue to move is judged at once, and a finished game has no legal turns.
#[test]
fn position_with_blue_to_move_is_judged() {
    const FEN: &str = "11/11/11/11/4Q6/11/11/11/q10 w 3";
    assert_eq!(result_after(FEN, ""), "1-0 gauntlet");
    assert!(turns(FEN).is_empty());
}

/// Both sides holding the Gauntlet after Red's move of the 50th full turn is a draw; earlier,
/// play goes on.
#[test]
fn turn_limit() {
    assert_eq!(
        status(
            AMERICAN,
            &[],
            Some("11/5q5/p10/11/11/11/11/5Q5/11 b 50"),
            "a7a6"
        ),
        (
            "11/5q5/11/p10/11/11/11/5Q5/11 w 51".to_string(),
            "1/2-1/2 turn limit".to_string()
        )
    );
    assert_eq!(
        status(
            AMERICAN,
            &[],
            Some("11/5q5/p10/11/11/11/11/5Q5/11 b 49"),
            "a7a6"
        ),
        (
            "11/5q5/11/p10/11/11/11/5Q5/11 w 50".to_string(),
            "ongoing".to_string()
        )
    );
}

/// The last full turn can still be won: the turn limit needs both sides in the Gauntlet.
#[test]
fn last_turn_can_still_be_won() {
    assert_eq!(
        status(
            AMERICAN,
            &[],
            Some("11/5q5/p10/11/11/11/11/5Q5/11 b 50"),
            "f8f2"
        ),
        (
            "11/11/p10/11/11/11/11/5q5/11 w 51".to_string(),
            "0-1 gauntlet".to_string()
        )
    );
}

/// Blue's move leaves the fullmove number as it is; Red's move adds one.
#[test]
fn fullmove_number_counts_full_turns() {
    const FEN: &str = "11/5q5/11/11/q10/11/11/5R5/4Q6 w 7";
    assert!(position_after(FEN, "f2f8").ends_with(" b 7"));
    assert!(position_after(FEN, "f2f8 a5e5").ends_with(" w 8"));
}

/// Nothing restrains a move for safety: the last General may leave the Gauntlet.
#[test]
fn no_check() {
    const FEN: &str = "6q4/11/11/11/11/11/11/11/4Q6 w 4";
    assert!(has(&turns(FEN), "e1a5"));
    assert_eq!(
        status(AMERICAN, &[], Some(FEN), "e1a5"),
        (
            "6q4/11/11/11/Q10/11/11/11/11 b 4".to_string(),
            "ongoing".to_string()
        )
    );
    assert_eq!(result_after(FEN, "e1a5 g9g8"), "0-1 gauntlet");
}

/// A player with no legal move ends the full turn, and the Gauntlet is judged at once.
#[test]
fn no_legal_move_ends_the_full_turn() {
    const FEN: &str = "cQ9/QQ9/11/11/11/11/11/11/11 b 10";
    assert!(turns(FEN).is_empty());
    assert_eq!(result_after(FEN, ""), "1/2-1/2 gauntlet");
    assert_eq!(
        result_after("cQ9/QQ9/11/11/11/11/11/11/5Q5 b 10", ""),
        "1-0 gauntlet"
    );
}

/// Repeating a position does not end the game.
#[test]
fn no_repetition_draw() {
    assert_eq!(
        status(
            AMERICAN,
            &[],
            Some("6q4/11/11/11/11/11/11/11/4Q6 w 4"),
            "e1e2 g9g8 e2e1 g8g9 e1e2 g9g8 e2e1 g8g9"
        ),
        (
            "6q4/11/11/11/11/11/11/11/4Q6 w 8".to_string(),
            "ongoing".to_string()
        )
    );
}

/// A Blue Soldier on rank 9, or Red to move in turn 51, is bad input.
#[test]
fn fen_invariants() {
    assert!(rejected(
        AMERICAN,
        &[],
        Some("1P4q4/11/11/11/11/11/11/11/4Q6 b 3"),
        ""
    ));
    assert!(rejected(
        AMERICAN,
        &[],
        Some("6q4/11/11/11/11/11/11/11/4Q6 b 51"),
        ""
    ));
}

/// Every line of rules/cases/american-chess.tsv.
#[test]
fn american_chess_cases() {
    crate::cases::run_cases("american-chess.tsv");
}
