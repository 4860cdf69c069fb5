//! The rulings of rules/pawns-to-kings.md, one test each, in the order of the file.

use crate::common::{START, legal, rejected, status, turns_from, words};

const VARIANT: &str = "pawns-to-kings";

/// The legal turns of `fen` after `moves`.
fn turns(fen: &str, moves: &str) -> Vec<String> {
    legal(VARIANT, &[], Some(fen), moves)
}

/// Whether `turn` is among `turns`.
fn has(turns: &[String], turn: &str) -> bool {
    turns.iter().any(|t| t == turn)
}

/// How many of `turns` start on one of `squares`.
fn count_from(turns: &[String], squares: &[&str]) -> usize {
    squares.iter().map(|s| turns_from(turns, s).len()).sum()
}

/// The rank change of a turn written `<from><to>` on one-digit ranks.
fn rank_step(turn: &str) -> i32 {
    let rank = |i: usize| i32::from(turn.as_bytes()[i]);
    rank(3) - rank(1)
}

/// The start is ongoing with 66 turns: Pawns 40 (14 single, 12 double, 14 sideways captures of
/// friends), Archbishops 6, Knights 7, Waffles 9, Blacksmiths 4, friendly captures among them.
#[test]
fn start_position() {
    let (_, result) = status(VARIANT, &[], START, "");
    assert_eq!(result, "ongoing");
    let turns = legal(VARIANT, &[], START, "");
    assert_eq!(turns.len(), 66);
    let pawns: Vec<String> = turns
        .iter()
        .filter(|t| t.as_bytes()[1] == b'2')
        .cloned()
        .collect();
    assert_eq!(pawns.len(), 40);
    let with_step = |step: i32| pawns.iter().filter(|t| rank_step(t) == step).count();
    assert_eq!([with_step(1), with_step(2), with_step(0)], [14, 12, 14]);
    assert_eq!(count_from(&turns, &["a1", "h1"]), 6);
    assert_eq!(count_from(&turns, &["b1", "e1"]), 7);
    assert_eq!(count_from(&turns, &["c1", "g1"]), 9);
    assert_eq!(count_from(&turns, &["d1", "f1"]), 4);
    for turn in ["a2b2", "a1b2", "c1b1", "d1c2"] {
        assert!(has(&turns, turn), "{turn}");
    }
}

/// A Pawn steps diagonally forward and captures straight forward or sideways, friends included.
#[test]
fn pawn_moves_diagonally_captures_straight_or_sideways() {
    const FEN: &str = "8/7p/8/2wn4/2NPp3/8/P7/8 w 0 30";
    let turns = turns(FEN, "");
    assert_eq!(turns_from(&turns, "d4"), words("d4c4 d4d5 d4e4 d4e5"));
    for turn in ["d4c5", "d4d3", "d4f6"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// The double step goes diagonally from the own second rank, through and onto empty squares.
#[test]
fn pawn_double_step() {
    const FEN: &str = "8/p7/8/8/8/5nP1/1P2P3/8 w 0 12";
    let turns = turns(FEN, "");
    assert_eq!(turns_from(&turns, "b2"), words("b2a3 b2c3 b2d4"));
    assert_eq!(turns_from(&turns, "e2"), words("e2c4 e2d3"));
    assert_eq!(turns_from(&turns, "g3"), words("g3f3 g3f4 g3h4"));
    for turn in ["e2f3", "e2g4", "g3e5"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// A Pawn back on its second rank after a sideways capture may still double-step.
#[test]
fn double_step_after_sideways_capture() {
    const FEN: &str = "8/p7/8/8/8/8/2Pn4/8 w 0 5";
    let turns = turns(FEN, "c2d2 a7b6");
    for turn in ["d2b4", "d2f4"] {
        assert!(has(&turns, turn), "{turn}");
    }
}

/// A Pawn passed by a double step cannot be taken en passant.
#[test]
fn no_en_passant() {
    const FEN: &str = "8/3p3p/8/2P5/8/8/8/8 b 0 20";
    let turns = turns(FEN, "d7b5");
    assert_eq!(turns, words("c5b5 c5b6 c5d6"));
    assert!(!has(&turns, "c5c6"));
}

/// A Blacksmith steps forward or back and slides sideways onto empty squares, and captures only
/// one step diagonally.
#[test]
fn blacksmith_moves_and_captures() {
    const FEN: &str = "8/8/8/3np3/3S1p2/2N5/8/8 w 0 15";
    let turns = turns(FEN, "");
    assert_eq!(
        turns_from(&turns, "d4"),
        words("d4a4 d4b4 d4c3 d4c4 d4d3 d4e4 d4e5")
    );
    for turn in ["d4d5", "d4f4", "d4g4"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// A Blacksmith attacks the diagonal squares beside it, not the one in front of it.
#[test]
fn blacksmith_attacks_diagonally_only() {
    const FEN: &str = "8/8/8/3s4/8/4K3/P7/8 w 0 40";
    let turns = turns(FEN, "");
    assert_eq!(
        turns_from(&turns, "e3"),
        words("e3d2 e3d3 e3d4 e3e2 e3f2 e3f3 e3f4")
    );
    assert!(!has(&turns, "e3e4"));
}

/// A Pawn attacks the square straight in front of it and those beside it.
#[test]
fn pawn_attacks_straight_and_sideways() {
    const FEN: &str = "8/8/8/3p4/4K3/8/7P/8 w 0 44";
    let turns = turns(FEN, "");
    assert_eq!(
        turns_from(&turns, "e4"),
        words("e4d3 e4d5 e4e3 e4f3 e4f4 e4f5")
    );
    for turn in ["e4d4", "e4e5"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// A Waffle steps orthogonally or jumps two squares diagonally over whatever stands between.
#[test]
fn waffle_steps_and_jumps() {
    const FEN: &str = "8/8/5n2/3Pp3/3W4/8/8/8 w 0 22";
    let turns = turns(FEN, "");
    assert_eq!(
        turns_from(&turns, "d4"),
        words("d4b2 d4b6 d4c4 d4d3 d4d5 d4e4 d4f2 d4f6")
    );
    for turn in ["d4e5", "d4d6"] {
        assert!(!has(&turns, turn), "{turn}");
    }
}

/// Pieces may capture friends but never a friendly King; a King never captures a friend.
#[test]
fn friendly_capture_but_never_a_king() {
    const FEN: &str = "8/7p/8/8/8/8/1NK4P/A7 w 0 33";
    let turns = turns(FEN, "");
    assert_eq!(turns_from(&turns, "a1"), words("a1b2 a1b3"));
    assert!(!has(&turns, "a1c2"));
    assert_eq!(
        turns_from(&turns, "c2"),
        words("c2b1 c2b3 c2c1 c2c3 c2d1 c2d2 c2d3")
    );
    assert!(!has(&turns, "c2b2"));
}

/// A promotion makes an enemy King, an own Chancellor or an own Queen, and is compulsory.
#[test]
fn promotion_choices() {
    const FEN: &str = "6n1/p5P1/8/8/8/8/8/S7 w 0 41";
    let turns = turns(FEN, "");
    assert_eq!(
        turns_from(&turns, "g7"),
        words("g7f8=C g7f8=Q g7f8=k g7g8=C g7g8=Q g7g8=k g7h8=C g7h8=Q g7h8=k")
    );
    for turn in ["g7f8", "g7f8=K", "g7f8=A"] {
        assert!(!has(&turns, turn), "{turn}");
    }
    let (position, _) = status(VARIANT, &[], Some(FEN), "g7f8=k");
    assert_eq!(position, "5kn1/p7/8/8/8/8/8/S7 b 0 41");
}

/// A Blacksmith promotes on its far rank, by a step or a diagonal capture of any colour.
#[test]
fn blacksmith_promotes() {
    const FEN: &str = "8/p7/8/8/8/8/3s3P/2n1N3 b 0 27";
    let turns = turns(FEN, "");
    assert_eq!(
        turns_from(&turns, "d2"),
        words(
            "d2a2 d2b2 d2c1=K d2c1=c d2c1=q d2c2 d2d1=K d2d1=c d2d1=q d2d3 d2e1=K d2e1=c \
             d2e1=q d2e2 d2f2 d2g2"
        )
    );
    let (position, _) = status(VARIANT, &[], Some(FEN), "d2d1=K");
    assert_eq!(position, "8/p7/8/8/8/8/7P/2nKN3 w 0 28");
}

/// With two Kings, a turn must leave both unattacked.
#[test]
fn every_king_is_royal() {
    const FEN: &str = "7c/8/8/8/5N2/8/3P4/K6K w 0 50";
    let turns = turns(FEN, "");
    assert_eq!(turns, words("f4h3 f4h5 h1g1 h1g2"));
    assert!(!has(&turns, "a1b1"));
}

/// A promotion may not make an enemy King that attacks the mover's own King.
#[test]
fn promotion_may_not_expose_own_king() {
    const FEN: &str = "8/3PK3/8/8/8/8/8/S7 w 0 60";
    let turns = turns(FEN, "");
    assert_eq!(
        turns_from(&turns, "d7"),
        words("d7c8=C d7c8=Q d7c8=k d7e8=C d7e8=Q")
    );
    assert!(!has(&turns, "d7e8=k"));
}

/// A promotion may give the opponent a King that is checkmated at once.
#[test]
fn promotion_may_give_a_checkmated_king() {
    const FEN: &str = "Q7/6P1/5N1S/8/8/p7/8/8 w 0 45";
    assert!(has(&turns(FEN, ""), "g7h8=k"));
    let (position, result) = status(VARIANT, &[], Some(FEN), "g7h8=k");
    assert_eq!(position, "Q6k/8/5N1S/8/8/p7/8/8 b 0 45");
    assert_eq!(result, "1-0 checkmate");
}

/// One checkmated King loses the game, whatever the other King could do.
#[test]
fn checkmate_of_one_king_among_two() {
    const FEN: &str = "7K/8/8/8/8/c1s5/7P/K7 w 0 70";
    let (_, result) = status(VARIANT, &[], Some(FEN), "");
    assert_eq!(result, "0-1 checkmate");
}

/// A player without a King and without a legal turn is stalemated: a draw.
#[test]
fn stalemate_without_a_king() {
    const FEN: &str = "8/8/6p1/7P/8/8/8/8 w 0 40";
    let (_, result) = status(VARIANT, &[], Some(FEN), "");
    assert_eq!(result, "1/2-1/2 stalemate");
}

/// Taking the opponent's last Pawn while owning no King wins.
#[test]
fn no_kings_win() {
    const FEN: &str = "7n/8/8/3p4/3W4/8/P7/8 w 0 19";
    let (position, result) = status(VARIANT, &[], Some(FEN), "d4d5");
    assert_eq!(position, "7n/8/8/3W4/8/8/P7/8 b 0 19");
    assert_eq!(result, "1-0 no kings");
}

/// When both sides are kingless and without Pawns and Blacksmiths, the game is drawn.
#[test]
fn no_kings_both_draw() {
    const FEN: &str = "6s1/6P1/8/8/8/8/8/8 w 0 50";
    let (position, result) = status(VARIANT, &[], Some(FEN), "g7g8=Q");
    assert_eq!(position, "6Q1/8/8/8/8/8/8/8 b 0 50");
    assert_eq!(result, "1/2-1/2 no kings");
}

/// Promoting the last Pawn to a Queen hands the kingless opponent the win; to a King, it does
/// not.
#[test]
fn promoting_the_last_pawn() {
    const FEN: &str = "8/1P5p/8/8/8/8/8/7N w 0 38";
    let (position, result) = status(VARIANT, &[], Some(FEN), "b7a8=Q");
    assert_eq!(position, "Q7/7p/8/8/8/8/8/7N b 0 38");
    assert_eq!(result, "0-1 no kings");
    let (position, result) = status(VARIANT, &[], Some(FEN), "b7a8=k");
    assert_eq!(position, "k7/7p/8/8/8/8/8/7N b 0 38");
    assert_eq!(result, "ongoing");
}

/// The third occurrence of a position, counting the first, draws.
#[test]
fn threefold_repetition() {
    const FEN: &str = "n7/p7/8/8/8/8/P7/N7 w 0 1";
    const SEVEN: &str = "a1c2 a8c7 c2a1 c7a8 a1c2 a8c7 c2a1";
    let (_, result) = status(VARIANT, &[], Some(FEN), SEVEN);
    assert_eq!(result, "ongoing");
    let (_, result) = status(VARIANT, &[], Some(FEN), &format!("{SEVEN} c7a8"));
    assert_eq!(result, "1/2-1/2 threefold repetition");
}

/// Captures (friendly ones too), Pawn moves and promotions reset the clock; Blacksmith steps do
/// not; at 100 the game is drawn.
#[test]
fn fifty_move_rule() {
    const FEN: &str = "6n1/p7/8/8/8/3S4/3W3P/1N6 w 99 80";
    let cases = [
        (
            "b1c3",
            "6n1/p7/8/8/8/2NS4/3W3P/8 b 100 80",
            "1/2-1/2 fifty-move rule",
        ),
        (
            "d3d4",
            "6n1/p7/8/8/3S4/8/3W3P/1N6 b 100 80",
            "1/2-1/2 fifty-move rule",
        ),
        ("b1d2", "6n1/p7/8/8/8/3S4/3N3P/8 b 0 80", "ongoing"),
    ];
    for (turn, position, result) in cases {
        assert_eq!(
            status(VARIANT, &[], Some(FEN), turn),
            (position.to_string(), result.to_string()),
            "{turn}"
        );
    }
    let (position, result) = status(VARIANT, &[], Some(FEN), "h2g3");
    assert!(position.ends_with(" b 0 80"), "{position}");
    assert_eq!(result, "ongoing");
}

/// A Pawn on rank 8 and a side not to move in check are bad input.
#[test]
fn fen_invariants() {
    for fen in ["1P6/p7/8/8/8/8/7P/8 w 0 1", "8/p7/8/8/8/8/8/K1q5 b 0 1"] {
        assert!(rejected(VARIANT, &[], Some(fen), ""), "{fen}");
    }
}

/// `free-setup` is reserved for a later version: naming it is an unknown option.
#[test]
fn free_setup_is_not_an_option() {
    assert!(rejected(VARIANT, &["free-setup"], START, ""));
}

/// Every line of rules/cases/pawns-to-kings.tsv.
#[test]
fn pawns_to_kings_cases() {
    crate::cases::run_cases("pawns-to-kings.tsv");
}
