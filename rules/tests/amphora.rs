//! The rulings of rules/amphora.md, one test each, in the order of the file.

use crate::common::{START, legal, perft, rejected, status, turns_from, words};
use oddboard_rules::Variant;

const AMPHORA: &str = "amphora";

/// The legal turns of `fen`, after `moves`.
fn turns_after(fen: &str, moves: &str) -> Vec<String> {
    legal(AMPHORA, &[], Some(fen), moves)
}

/// The legal turns of `fen`.
fn turns(fen: &str) -> Vec<String> {
    turns_after(fen, "")
}

/// The position (status line 1) after `moves` from `fen`.
fn position_after(fen: &str, moves: &str) -> String {
    status(AMPHORA, &[], Some(fen), moves).0
}

/// The result (status line 2) after `moves` from `fen`.
fn result_after(fen: &str, moves: &str) -> String {
    status(AMPHORA, &[], Some(fen), moves).1
}

/// Whether the side to move in `fen` is in check.
fn in_check(fen: &str) -> bool {
    let variant = Variant::load(AMPHORA, &[]).expect("variant loads");
    let pos = variant.parse_fen(fen).expect("valid FEN");
    variant.in_check(&pos)
}

/// Only c2c3, d2d3 and e2e3 at the start, and three replies to each.
#[test]
fn start_position() {
    const FEN: &str = "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w Gg 00 0 1";
    assert_eq!(turns(FEN), words("c2c3 d2d3 e2e3"));
    assert_eq!(legal(AMPHORA, &[], START, ""), words("c2c3 d2d3 e2e3"));
    for first in ["c2c3", "d2d3", "e2e3"] {
        assert_eq!(turns_after(FEN, first), words("c7c6 d7d6 e7e6"), "{first}");
    }
    assert_eq!(perft(AMPHORA, &[], Some(FEN), 1), 3);
    assert_eq!(perft(AMPHORA, &[], Some(FEN), 2), 9);
}

/// Only squares of the outline can be entered.
#[test]
fn outline_only() {
    const FEN: &str = "*2k2*/**3**/*P4*/7/7/*5*/**3**/*2K2* w Gg 00 0 1";
    assert_eq!(turns(FEN), words("b6c6 d1c1 d1c2 d1d2 d1e1 d1e2"));
}

/// A Pawn steps forward or sideways, moves diagonally only to capture, never captures ahead.
#[test]
fn pawn_moves() {
    const FEN: &str = "*4k*/**3**/*5*/7/3pp2/*2P2*/**3**/*K4* w Gg 00 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("b1c1 b1c2 d3c3 d3e3 d3e4"));
    assert!(!turns.contains(&"d3d4".to_string()));
    assert!(!turns.contains(&"d3c4".to_string()));
    assert_eq!(
        position_after(FEN, "d3e4"),
        "*4k*/**3**/*5*/7/3pP2/*5*/**3**/*K4* b Gg+ 00 0 1"
    );
}

/// A Pawn on its far rank only moves sideways, and removes nothing doing so.
#[test]
fn pawn_on_far_rank() {
    const FEN: &str = "*1P3*/**3**/*5*/4pk1/7/*5*/**3**/*K4* w Gg 00 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("b1c1 b1c2 c8b8 c8d8"));
    assert!(!turns.contains(&"c8d8xe5".to_string()));
}

/// The King steps and captures forward, diagonally forward and sideways, never backward.
#[test]
fn king_moves() {
    const FEN: &str = "*2k2*/**3**/*5*/7/3Kp2/*1p3*/**3**/*5* w Gg 00 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("d4c4 d4c5 d4d5 d4e4 d4e5"));
    assert!(!turns.contains(&"d4c3".to_string()));
}

/// The Guard moves like the King and also captures, only captures, one step backward.
#[test]
fn guard_moves() {
    const FEN: &str = "*4k*/**3**/*5*/7/3G3/*1pp2*/**3**/*K4* w g 00 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("b1c1 d4c3 d4c4 d4c5 d4d3 d4d5 d4e4 d4e5"));
    assert!(!turns.contains(&"d4e3".to_string()));
    assert!(!turns.contains(&"b1c2".to_string()));
}

/// A move captures the enemy piece diagonally between its destination and a friendly piece.
#[test]
fn interception() {
    const FEN: &str = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    assert_eq!(
        position_after(FEN, "e2e3"),
        "*4k*/**3**/*5*/2P4/7/*3P1*/**3**/*K4* b G 00 0 1"
    );
}

/// One move intercepts in all four diagonal directions.
#[test]
fn interception_four() {
    const FEN: &str = "*2k2*/**3**/*5*/1P3P1/K1p1p2/*5*/**pPp**/*P3P* w Gg 00 0 1";
    assert_eq!(
        position_after(FEN, "d2d3"),
        "*2k2*/**3**/*5*/1P3P1/K6/*2P2*/**3**/*P3P* b Gg+ 00 0 1"
    );
}

/// A piece moving between two enemies on a diagonal is not captured, and captures nothing.
#[test]
fn interception_mover_safe() {
    const FEN: &str = "*4k*/**3**/*5*/2p4/7/*2Pp1*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        position_after(FEN, "d3d4"),
        "*4k*/**3**/*5*/2p4/3P3/*3p1*/**3**/*K4* b Gg 00 0 1"
    );
}

/// The King can be the moving end of a sandwich.
#[test]
fn interception_by_king() {
    const FEN: &str = "*k4*/**3**/*4P*/4p2/7/*2K2*/**3**/*5* w Gg 00 0 1";
    assert_eq!(
        position_after(FEN, "d3d4"),
        "*k4*/**3**/*4P*/7/3K3/*5*/**3**/*5* b Gg+ 00 0 1"
    );
}

/// A threat that needs a fourth sideways move is no threat.
#[test]
fn check_counts_sideways() {
    const TWO: &str = "*4k*/**3**/*5*/1p5/7/*2Kp1*/**3**/*5* w Gg 02 0 1";
    let turns = turns(TWO);
    assert_eq!(turns, words("d3c3 d3e3 d3e4"));
    assert!(!turns.contains(&"d3d4".to_string()));
    const THREE: &str = "*4k*/**3**/*5*/1p5/7/*2Kp1*/**3**/*5* w Gg 03 0 1";
    assert_eq!(self::turns(THREE), words("d3c3 d3d4 d3e3 d3e4"));
}

/// A turn is illegal when the placement right it gives lets the opponent capture the King.
#[test]
fn guard_placement_threat() {
    const HELD: &str = "*5*/**3**/*k4*/7/3p3/*2K2*/**3**/*5* w Gg 00 0 1";
    let turns = turns(HELD);
    assert_eq!(turns, words("d3c4 d3e4"));
    assert!(!turns.contains(&"d3d4".to_string()));
    const LOST: &str = "*5*/**3**/*k4*/7/3p3/*2K2*/**3**/*5* w G 00 0 1";
    assert_eq!(self::turns(LOST), words("d3c4 d3d4 d3e4"));
}

/// Losing a Pawn gives the right: the Guard goes next to the King, then any piece moves.
#[test]
fn placement_after_pawn_capture() {
    const FEN: &str = "*4k*/**3**/*5*/7/4p2/*2P2*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        position_after(FEN, "d3e4"),
        "*4k*/**3**/*5*/7/4P2/*5*/**3**/*K4* b Gg+ 00 0 1"
    );
    let turns = turns_after(FEN, "d3e4");
    assert_eq!(turns.len(), 11);
    assert_eq!(
        turns,
        words(
            "f8e7 f8e8 g@e7,e7d6 g@e7,e7d7 g@e7,e7e6 g@e7,e7f6 g@e7,f8e8 \
             g@e8,e8d7 g@e8,e8d8 g@e8,e8e7 g@e8,f8e7"
        )
    );
}

/// A check gives the right without a capture; the placed Guard may capture at once.
#[test]
fn placement_after_check() {
    const FEN: &str = "*2k2*/**3**/*3P1*/7/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        position_after(FEN, "e6e7"),
        "*2k2*/**2P**/*5*/7/7/*5*/**3**/*K4* b Gg+ 00 0 1"
    );
    assert!(turns_after(FEN, "e6e7").contains(&"g@e8,e8e7".to_string()));
    assert_eq!(
        position_after(FEN, "e6e7 g@e8,e8e7"),
        "*2k2*/**2g**/*5*/7/7/*5*/**3**/*K4* w G+ 00 0 2"
    );
}

/// An unused right is gone after that turn.
#[test]
fn placement_right_lapses() {
    const FEN: &str = "*4k*/**3**/*5*/7/4p2/*2P2*/**3**/*K4* w Gg 00 0 1";
    const MOVES: &str = "d3e4 f8e8 b1c1";
    assert_eq!(
        position_after(FEN, MOVES),
        "*3k1*/**3**/*5*/7/4P2/*5*/**3**/*1K3* b Gg 11 2 2"
    );
    assert_eq!(turns_after(FEN, MOVES), words("e8d7 e8d8 e8e7 e8f8"));
}

/// The placement completes no sandwich; only the move does.
#[test]
fn placement_captures_nothing() {
    const FEN: &str = "*5*/**2k**/*5*/2P4/1p2P2/*5*/**3**/*K4* b Gg+ 00 0 1";
    assert_eq!(
        position_after(FEN, "g@d6,b4b3"),
        "*5*/**2k**/*2g2*/2P4/4P2/*p4*/**3**/*K4* w G 00 0 2"
    );
    assert_eq!(
        position_after(FEN, "g@d7,d7d6"),
        "*5*/**2k**/*2g2*/7/1p2P2/*5*/**3**/*K4* w G+ 00 0 2"
    );
}

/// An entering Pawn may remove any enemy Pawn or nothing, each its own turn; the loss gives the
/// right.
#[test]
fn telekinesis_pawn() {
    const FEN: &str = "*5*/**1P1**/*5*/p4kp/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        turns(FEN),
        words("b1c1 b1c2 d7c7 d7d8 d7d8xa5 d7d8xg5 d7e7")
    );
    assert_eq!(
        position_after(FEN, "d7d8xa5"),
        "*2P2*/**3**/*5*/5kp/7/*5*/**3**/*K4* b Gg+ 00 0 1"
    );
}

/// With no enemy Pawn, an entering Pawn may remove the Guard (in reserve or on the board), not
/// the King.
#[test]
fn telekinesis_pawn_takes_guard() {
    const HELD: &str = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(turns(HELD), words("b1c1 b1c2 d7c7 d7d8 d7d8x@ d7e7"));
    assert_eq!(
        position_after(HELD, "d7d8x@"),
        "*2P2*/**3**/*5*/5k1/7/*5*/**3**/*K4* b G 00 0 1"
    );
    const PLACED: &str = "*5*/**1P1**/*5*/g4k1/7/*5*/**3**/*K4* w G 00 0 1";
    assert_eq!(turns(PLACED), words("b1c1 b1c2 d7c7 d7d8 d7d8xa5 d7e7"));
}

/// With neither Pawn nor Guard left to the enemy, an entering Pawn may remove the King.
#[test]
fn telekinesis_pawn_takes_king() {
    const FEN: &str = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w G 00 0 1";
    assert_eq!(turns(FEN), words("b1c1 b1c2 d7c7 d7d8 d7d8xf5 d7e7"));
    assert_eq!(
        position_after(FEN, "d7d8xf5"),
        "*2P2*/**3**/*5*/7/7/*5*/**3**/*K4* b G 00 0 1"
    );
    assert_eq!(result_after(FEN, "d7d8xf5"), "1-0 king captured");
}

/// An entering Guard may remove the enemy Guard or a Pawn, the King only when no Guard is left.
#[test]
fn telekinesis_guard() {
    const HELD: &str = "*5*/**1G1**/*5*/p4k1/7/*5*/**3**/*K4* w g 00 0 1";
    assert_eq!(
        turns(HELD),
        words("b1c1 b1c2 d7c7 d7c8 d7c8x@ d7c8xa5 d7d8 d7d8x@ d7d8xa5 d7e7 d7e8 d7e8x@ d7e8xa5")
    );
    const LOST: &str = "*5*/**1G1**/*5*/p4k1/7/*5*/**3**/*K4* w - 00 0 1";
    assert_eq!(
        turns(LOST),
        words("b1c1 b1c2 d7c7 d7c8 d7c8xa5 d7c8xf5 d7d8 d7d8xa5 d7d8xf5 d7e7 d7e8 d7e8xa5 d7e8xf5")
    );
}

/// Moving along the far rank removes nothing; leaving it by a backward capture and coming back
/// removes again.
#[test]
fn telekinesis_on_entry_only() {
    const FEN: &str = "*2G2*/**p2**/*5*/p6/5k1/*5*/**3**/*K4* w g 00 0 1";
    assert_eq!(turns(FEN), words("b1c1 b1c2 d8c7 d8c8 d8e8"));
    assert_eq!(
        position_after(FEN, "d8c7 f4f3"),
        "*5*/**G2**/*5*/p6/7/*4k*/**3**/*K4* w g 00 1 2"
    );
    let back = turns_from(&turns_after(FEN, "d8c7 f4f3"), "c7d8");
    for turn in ["c7d8", "c7d8x@", "c7d8xa5"] {
        assert!(back.contains(&turn.to_string()), "{turn}");
    }
}

/// The telekinesis choice is made among what the interceptions left.
#[test]
fn telekinesis_after_interception() {
    const FEN: &str = "*5*/**Pp1**/*3P1*/7/5k1/*5*/**3**/*K4* w Gg 00 0 1";
    let turns = turns(FEN);
    assert_eq!(turns, words("b1c1 b1c2 c7c8 c7c8x@ e6d6 e6d7 e6e7 e6f6"));
    assert!(!turns.contains(&"c7c8xd7".to_string()));
    assert_eq!(
        position_after(FEN, "c7c8x@"),
        "*1P3*/**3**/*3P1*/7/5k1/*5*/**3**/*K4* b G 00 0 1"
    );
}

/// A King entering its far rank removes the enemy King and wins.
#[test]
fn king_entry_wins() {
    const FEN: &str = "*5*/**1K1**/*5*/p6/1k5/*5*/**3**/*5* w Gg 00 0 1";
    assert_eq!(turns(FEN), words("d7c7 d7c8 d7d8 d7e7 d7e8"));
    assert_eq!(
        position_after(FEN, "d7c8"),
        "*1K3*/**3**/*5*/p6/7/*5*/**3**/*5* b Gg 00 0 1"
    );
    assert_eq!(result_after(FEN, "d7c8"), "1-0 king captured");
}

/// A King that can enter its far rank gives check; nothing stops it here, so Black loses.
#[test]
fn king_entry_threat_is_check() {
    const FEN: &str = "*5*/**1K1**/*5*/p6/1k5/*5*/**3**/*5* b Gg 00 0 1";
    assert!(in_check(FEN));
    assert!(turns(FEN).is_empty());
    assert_eq!(result_after(FEN, ""), "1-0 checkmate");
}

/// At most three sideways moves in a row; any other move resets the count.
#[test]
fn sideways_limit() {
    const TWO: &str = "*2k2*/**3**/*5*/7/7/*P1K2*/**3**/*5* w Gg 20 0 1";
    assert_eq!(turns(TWO), words("b3b4 b3c3 d3c3 d3c4 d3d4 d3e3 d3e4"));
    assert_eq!(
        position_after(TWO, "d3e3"),
        "*2k2*/**3**/*5*/7/7/*P2K1*/**3**/*5* b Gg 30 1 1"
    );
    const THREE: &str = "*2k2*/**3**/*5*/7/7/*P1K2*/**3**/*5* w Gg 30 0 1";
    assert_eq!(turns(THREE), words("b3b4 d3c4 d3d4 d3e4"));
    assert_eq!(
        position_after(THREE, "b3b4"),
        "*2k2*/**3**/*5*/7/1P5/*2K2*/**3**/*5* b Gg 00 0 1"
    );
}

/// A sideways capture counts as sideways; the Guard's backward capture resets the count.
#[test]
fn sideways_captures_count() {
    const THREE: &str = "*4k*/**3**/*5*/7/3Gp2/*1p3*/**3**/*K4* w g 30 0 1";
    let turns = turns(THREE);
    assert_eq!(turns, words("b1c2 d4c3 d4c5 d4d5 d4e5"));
    assert!(!turns.contains(&"d4e4".to_string()));
    assert!(!turns.contains(&"b1c1".to_string()));
    assert_eq!(
        position_after(THREE, "d4c3"),
        "*4k*/**3**/*5*/7/4p2/*1G3*/**3**/*K4* b g+ 00 0 1"
    );
    const TWO: &str = "*4k*/**3**/*5*/7/3Gp2/*1p3*/**3**/*K4* w g 20 0 1";
    assert!(self::turns(TWO).contains(&"d4e4".to_string()));
    assert_eq!(
        position_after(TWO, "d4e4"),
        "*4k*/**3**/*5*/7/4G2/*1p3*/**3**/*K4* b g+ 30 0 1"
    );
}

/// A player with no legal turn loses, in check or not.
#[test]
fn no_legal_turn_loses() {
    const THREE: &str = "*4k*/**3**/*5*/7/7/*1p3*/**P2**/*KP3* w Gg 30 0 1";
    assert!(turns(THREE).is_empty());
    assert!(!in_check(THREE));
    assert_eq!(result_after(THREE, ""), "0-1 stalemate");
    const TWO: &str = "*4k*/**3**/*5*/7/7/*1p3*/**P2**/*KP3* w Gg 20 0 1";
    assert_eq!(turns(TWO), words("c1d1 c2d2"));
}

/// 100 turns without a capture or a Pawn move draw the game.
#[test]
fn fifty_move_rule() {
    const FEN: &str = "*4k*/**3**/*5*/7/7/*3P1*/**3**/*K4* w Gg 00 99 80";
    assert_eq!(
        status(AMPHORA, &[], Some(FEN), "b1c1"),
        (
            "*4k*/**3**/*5*/7/7/*3P1*/**3**/*1K3* b Gg 10 100 80".to_string(),
            "1/2-1/2 fifty-move rule".to_string()
        )
    );
    assert_eq!(
        status(AMPHORA, &[], Some(FEN), "e3e4"),
        (
            "*4k*/**3**/*5*/7/4P2/*5*/**3**/*K4* b Gg 00 0 80".to_string(),
            "ongoing".to_string()
        )
    );
}

/// FENs that break the variant's invariants are rejected; a finished game is not.
#[test]
fn fen_invariants() {
    for fen in [
        "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w Gg+ 00 0 1",
        "*2k2*/**3**/*5*/7/3G3/*5*/**3**/*2K2* w Gg 00 0 1",
        "*ppkpp*/**ppp**/*5*/7/7/*5*/7/*PPKPP* w Gg 00 0 1",
        "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w Gg 04 0 1",
        "*1K3*/**3**/*5*/5k1/7/*5*/**3**/*5* b Gg 00 0 1",
        "*1K3*/**3**/*5*/p6/7/*5*/**3**/*5* w Gg 00 0 1",
    ] {
        assert!(rejected(AMPHORA, &[], Some(fen), ""), "{fen}");
    }
    const FINISHED: &str = "*1K3*/**3**/*5*/p6/7/*5*/**3**/*5* b Gg 00 0 1";
    assert!(turns(FINISHED).is_empty());
    assert_eq!(result_after(FINISHED, ""), "1-0 king captured");
}

/// Every line of cases/amphora.tsv.
#[test]
fn amphora_cases() {
    crate::cases::run_cases("amphora.tsv");
}

/// variants/amphora.ron, the game written in the variant language.
const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/amphora.ron");

/// The variant file refuses the FENs the engine refuses, among them the guards fields out of
/// order or holding what no reserve holds, and accepts the rest alike.
#[test]
fn file_refuses_what_the_engine_refuses() {
    const BOARD: &str = "*4k*/**3**/*5*/7/4p2/*2P2*/**3**/*K4*";
    let mut fens: Vec<String> = [
        "Gg", "G+g", "Gg+", "gG", "g+G", "G++", "GG", "P", "Gp", "K", "+", "-", "G+", "g+",
    ]
    .iter()
    .map(|guards| format!("{BOARD} w {guards} 00 0 1"))
    .collect();
    fens.extend(
        [
            "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w Gg+ 00 0 1",
            "*2k2*/**3**/*5*/7/3G3/*5*/**3**/*2K2* w Gg 00 0 1",
            "*2k2*/**3**/*5*/7/3G3/*5*/**1G1**/*2K2* w g 00 0 1",
            "*2k2*/**3**/*5*/7/3K3/*5*/**3**/*2K2* b Gg 00 0 1",
            "*1K3*/**3**/*5*/5k1/7/*5*/**3**/*5* b Gg 00 0 1",
            "*1K3*/**3**/*5*/5k1/7/*5*/**3**/*5* w Gg 00 0 1",
            "*1K3*/**3**/*5*/p6/7/*5*/**3**/*5* w Gg 00 0 1",
            "*1K3*/**3**/*5*/p6/7/*5*/**3**/*5* b Gg 00 0 1",
        ]
        .map(String::from),
    );
    for fen in &fens {
        let fen = Some(fen.as_str());
        assert_eq!(
            rejected(FILE, &[], fen, ""),
            rejected(AMPHORA, &[], fen, ""),
            "{fen:?}"
        );
    }
}

/// The variant file counts the engine's perft from the start.
#[test]
fn file_perft_from_the_start() {
    for (depth, leaves) in [(1, 3), (2, 9), (3, 72), (4, 576), (5, 4729)] {
        assert_eq!(perft(FILE, &[], START, depth), leaves, "depth {depth}");
    }
}
