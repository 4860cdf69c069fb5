//! Xiangqi, Makruk, Grand Chess and their kin written in the variant language (`variants/`):
//! each rule they brought to the language holds in a position of its own, the expected turns
//! and results those Fairy-Stockfish gives (tests/interop/fairy_stockfish_agrees.py checks the
//! files against it at every position of random games).

use crate::common::{START, game_after, legal, perft, status, turns_from, words};
use crate::variant_files::{chess_text, error_of};

const XIANGQI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/xiangqi.ron");
const MAKRUK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/makruk.ron");
const GRAND: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/grand.ron");
const NO_OPTIONS: &[&str] = &[];

fn moves(variant: &str, fen: &str) -> Vec<String> {
    legal(variant, NO_OPTIONS, Some(fen), "")
}

fn moves_from(variant: &str, fen: &str, square: &str) -> Vec<String> {
    turns_from(&moves(variant, fen), square)
}

fn in_check(variant: &str, fen: &str) -> bool {
    let game = game_after(variant, fen, "");
    game.variant().in_check(game.position())
}

#[test]
fn perft_from_the_start_gives_fairy_stockfishs_numbers() {
    let counts = |variant, depth| -> Vec<u64> {
        (1..=depth)
            .map(|d| perft(variant, NO_OPTIONS, START, d))
            .collect()
    };
    assert_eq!(counts(XIANGQI, 3), [44, 1920, 79_666]);
    assert_eq!(counts(MAKRUK, 4), [23, 529, 12_012, 273_026]);
    assert_eq!(counts(GRAND, 3), [65, 4225, 259_514]);
}

#[test]
fn the_horse_is_lamed_by_a_piece_beside_it() {
    // The Soldier on e6 blocks the Horse's two leaps over it, to d7 and f7.
    let fen = "3k5/9/9/9/4P4/4N4/9/9/9/5K3 w 0 1";
    assert_eq!(
        moves_from(XIANGQI, fen, "e5"),
        words("e5c4 e5c6 e5d3 e5f3 e5g4 e5g6")
    );
}

#[test]
fn a_lamed_horse_gives_no_check() {
    // The Horse on g3 leaps to e2 past f3: with the Advisor there, the General is safe.
    assert!(in_check(XIANGQI, "3k5/9/9/9/9/9/9/6n2/4K4/9 w 0 1"));
    assert!(!in_check(XIANGQI, "3k5/9/9/9/9/9/9/5An2/4K4/9 w 0 1"));
}

#[test]
fn the_elephant_never_crosses_the_river_nor_leaps_over_a_piece() {
    // From c5, a7 and e7 are across the river, and the Soldier on b4 blocks a3.
    let fen = "3k5/9/9/9/9/2B6/1P7/9/9/5K3 w 0 1";
    assert_eq!(moves_from(XIANGQI, fen, "c5"), words("c5e3"));
}

#[test]
fn the_general_and_the_advisors_never_leave_the_palace() {
    // The Advisor on d3 would leave by any step but to e2, where the General stands.
    let fen = "3k5/9/9/9/9/9/9/3A5/4K4/9 w 0 1";
    assert_eq!(moves(XIANGQI, fen), words("e2d2 e2e1 e2e3 e2f2"));
}

#[test]
fn the_generals_never_face_each_other_on_an_open_file() {
    // The Horse between them may not leave the file, where every leap of it goes; the General
    // may not step to d1 below the other.
    let pinned = "4k4/9/9/9/9/4N4/9/9/9/4K4 w 0 1";
    assert_eq!(moves(XIANGQI, pinned), words("e1d1 e1e2 e1f1"));
    let open = "3k5/9/9/9/9/9/9/9/9/4K4 w 0 1";
    assert_eq!(moves(XIANGQI, open), words("e1e2 e1f1"));
}

#[test]
fn the_soldier_steps_sideways_only_across_the_river() {
    let fen = "3k5/9/9/9/2P6/9/6P2/9/9/5K3 w 0 1";
    assert_eq!(moves(XIANGQI, fen), words("c6b6 c6c7 c6d6 f1e1 f1f2 g4g5"));
}

#[test]
fn the_cannon_captures_by_jumping_exactly_one_piece() {
    // Over the Knight on c5 it takes the Soldier on c7; the Chariot on e3 it cannot take.
    let fen = "3k5/9/9/2p6/9/2n6/9/2C1r4/9/5K3 w 0 1";
    assert_eq!(
        moves_from(XIANGQI, fen, "c3"),
        words("c3a3 c3b3 c3c1 c3c2 c3c4 c3c7 c3d3")
    );
}

#[test]
fn a_stalemated_side_loses_xiangqi() {
    let fen = "3k5/R8/4R4/9/9/9/9/9/9/5K3 b 0 1";
    assert_eq!(
        status(XIANGQI, NO_OPTIONS, Some(fen), "").1,
        "1-0 stalemate"
    );
}

#[test]
fn a_move_that_gives_an_enemy_cannon_its_screen_is_illegal() {
    // The Chariot on a5 may cross the e-file anywhere but on e5, where it would screen the
    // Cannon on e7 from the General on e1.
    let chariot = moves_from(XIANGQI, "3k5/9/9/4c4/9/R8/9/9/9/4K4 w 0 1", "a5");
    assert!(chariot.contains(&"a5d5".to_string()) && chariot.contains(&"a5f5".to_string()));
    assert!(!chariot.contains(&"a5e5".to_string()));
}

#[test]
fn a_piece_between_the_generals_may_not_leave_their_file() {
    // The Cannon on e5 alone keeps the Generals apart: it may move along the file but not
    // step off it.
    let fen = "4k4/9/9/9/9/4C4/9/9/9/4K4 w 0 1";
    assert_eq!(
        moves(XIANGQI, fen),
        words("e1d1 e1e2 e1f1 e5e2 e5e3 e5e4 e5e6 e5e7 e5e8 e5e9")
    );
}

#[test]
fn a_move_that_unblocks_a_horses_leg_is_illegal() {
    // The Chariot on d2 lames the Horse on d3, which would leap to the General on e1 past it:
    // the Chariot may only take the Horse.
    let fen = "5k3/9/9/9/9/9/9/3n5/3R5/4K4 w 0 1";
    assert_eq!(moves_from(XIANGQI, fen, "d2"), words("d2d3"));
}

#[test]
fn the_turns_counted_at_perfts_last_ply_are_the_listed_ones() {
    // Perft counts the last ply's turns without listing them; in check from a screened Cannon
    // (answered by a second screen), from a Horse (answered by laming it), with a screen to
    // give, a leg to keep and the Generals on one file, the count is the list's length.
    for fen in [
        "3k5/9/9/4c4/9/4P4/9/R8/9/4K4 w 0 1",
        "3k5/9/9/9/9/9/9/5n3/R8/4K4 w 0 1",
        "3k5/9/9/4c4/9/R8/9/9/9/4K4 w 0 1",
        "5k3/9/9/9/9/9/9/3n5/3R5/4K4 w 0 1",
        "4k4/9/9/9/9/4C4/9/9/9/4K4 w 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
    ] {
        let listed = moves(XIANGQI, fen).len() as u64;
        assert_eq!(perft(XIANGQI, NO_OPTIONS, Some(fen), 1), listed, "{fen}");
    }
}

#[test]
fn makruks_pawn_becomes_a_met_on_the_sixth_rank() {
    let fen = "k7/8/8/4P3/8/8/8/7K w 0 1";
    assert_eq!(moves(MAKRUK, fen), words("e5e6=M h1g1 h1g2 h1h2"));
}

#[test]
fn makruk_has_no_fifty_move_rule() {
    let fen = "k7/8/8/4P3/8/8/8/7K w 120 90";
    assert_eq!(status(MAKRUK, NO_OPTIONS, Some(fen), "").1, "ongoing");
}

#[test]
fn grands_pawn_may_stay_on_the_eighth_and_ninth_ranks() {
    let fen = "k9/10/4P5/10/10/10/10/10/10/K9 w - 0 1";
    assert_eq!(
        moves_from(GRAND, fen, "e8"),
        words("e8e9 e8e9=A e8e9=B e8e9=C e8e9=N e8e9=Q e8e9=R")
    );
}

#[test]
fn grands_pawn_promotes_on_the_tenth_rank_only_to_a_piece_its_side_has_lost() {
    // White has lost a Rook and nothing else; with nothing lost, the Pawn may not step on.
    let lost_a_rook = "k9/4P5/10/10/10/10/10/10/1NBQ1CAB1R/K1N7 w - 0 1";
    assert_eq!(moves_from(GRAND, lost_a_rook, "e9"), words("e9e10=R"));
    let lost_nothing = "k9/4P5/10/10/10/10/10/10/1NBQ1CAB1R/K1N6R w - 0 1";
    assert!(moves_from(GRAND, lost_nothing, "e9").is_empty());
}

/// The error loading the shipped chess file with `from` changed to `to` gives.
fn error_changing(test: &str, from: &str, to: &str) -> String {
    let text = chess_text();
    assert!(text.contains(from), "{test}: chess.ron has {from}");
    error_of(test, &text.replace(from, to))
}

#[test]
fn a_lame_leap_without_a_path_is_refused() {
    let line = error_changing("lame-zebra", "moves: \"N\"", "moves: \"nZ\"");
    assert!(
        line.contains("pieces: Knight: moves: 'nZ' is lame only along a line"),
        "{line}"
    );
}

#[test]
fn a_region_of_a_block_names_files_of_the_board() {
    let line = error_changing(
        "block-file",
        "\"first\": Ranks([1]),",
        "\"first\": Ranks([1]), \"palace\": Block(files: \"dez\", ranks: [1]),",
    );
    assert!(line.contains("regions: palace: no file 'z'"), "{line}");
}

#[test]
fn only_in_names_a_fixed_region() {
    let text = chess_text()
        .replace(
            "\"first\": Ranks([1]),",
            "\"first\": Ranks([1]), \"end\": LastOfFile,",
        )
        .replace("moves: \"N\",", "moves: \"N\", only_in: Some(\"end\"),");
    let line = error_of("only-in-moving", &text);
    assert!(
        line.contains("pieces: Knight: only_in and never_in name fixed regions"),
        "{line}"
    );
}

#[test]
fn royal_captures_in_bad_notation_are_named() {
    let line = error_changing(
        "royal-captures",
        "moves: \"K\", royal: true,",
        "moves: \"K\", royal: true, captures_royal: Some(\"vX\"),",
    );
    assert!(
        line.contains("pieces: King: captures_royal: 'X' is not an atom"),
        "{line}"
    );
}

#[test]
fn an_optional_promotion_is_written() {
    let line = error_changing(
        "optional-unwritten",
        "promotion: Some((zone: \"last\", to: \"QRBN\"))",
        "promotion: Some((zone: \"last\", to: \"Q\", optional_in: Some(\"last\"), written: false))",
    );
    assert!(
        line.contains("pieces: Pawn: an optional promotion is written"),
        "{line}"
    );
}

#[test]
fn the_move_counter_comes_with_repetition() {
    let line = error_changing("counter-alone", "Repetition(3),", "");
    assert!(
        line.contains("ends: MoveCounter(100) comes with Repetition(3)"),
        "{line}"
    );
}
