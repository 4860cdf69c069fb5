//! The ends and legality rules of the classic variants written in the variant language
//! (`variants/antichess.ron`, `shatranj.ron`, `horde.ron`, …, and a Nightrider's pins and
//! checks, off the board's lines, in `nightrider.ron`): each rule in a position of its
//! own, the expected turns and results those Fairy-Stockfish (pyffish 0.0.90) gives; misused
//! fields are one-line errors. Fairy-Stockfish's agreement at every position of seeded random
//! games is `tests/interop/fairy_stockfish_agrees.py`'s.

use crate::common::{START, game_after, legal, perft, status, words};
use crate::variant_files::error_of_changed;

const NO_OPTIONS: &[&str] = &[];

/// The path of the shipped file `variants/<id>.ron`.
fn file(id: &str) -> String {
    format!("{}/../variants/{id}.ron", env!("CARGO_MANIFEST_DIR"))
}

fn moves(id: &str, fen: &str) -> Vec<String> {
    legal(&file(id), NO_OPTIONS, Some(fen), "")
}

/// The result (or `ongoing`) after `played` from `fen`.
fn result(id: &str, fen: &str, played: &str) -> String {
    status(&file(id), NO_OPTIONS, Some(fen), played).1
}

#[test]
fn losing_every_piece_wins_antichess() {
    assert_eq!(
        result("antichess", "8/8/8/8/8/8/p7/R7 w - - 0 1", "a1a2"),
        "0-1 no pieces left"
    );
}

#[test]
fn a_side_that_can_capture_must() {
    assert_eq!(
        moves("antichess", "8/8/8/8/8/8/p7/R7 w - - 0 1"),
        words("a1a2")
    );
}

#[test]
fn being_checkmated_wins_losers() {
    assert_eq!(
        result("losers", "7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1", ""),
        "1-0 checkmate"
    );
    let game = game_after(&file("losers"), "7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1", "");
    assert_eq!(
        game.decided_in_words().as_deref(),
        Some("White is checkmated, and in Losers that wins.")
    );
}

#[test]
fn a_stalemate_goes_to_the_side_with_fewer_pieces() {
    assert_eq!(
        result("suicide", "7k/8/8/8/8/p7/P7/8 w - - 0 1", ""),
        "1-0 stalemate"
    );
    assert_eq!(
        result("suicide", "8/8/8/8/8/p7/P7/8 w - - 0 1", ""),
        "1/2-1/2 stalemate"
    );
}

#[test]
fn a_bare_king_loses_where_the_opponent_keeps_two_pieces_besides() {
    assert_eq!(
        result("shatranj", "3k4/8/8/8/8/8/8/R2K3R b - - 0 1", ""),
        "1-0 bare king"
    );
}

#[test]
fn a_bare_king_may_reply_by_baring_the_other() {
    let fen = "3k4/3R4/8/8/8/8/8/3K4 b - - 0 1";
    assert_eq!(result("shatranj", fen, ""), "ongoing");
    assert_eq!(result("shatranj", fen, "d8d7"), "ongoing");
    assert_eq!(result("shatranj", fen, "d8c8"), "1-0 bare king");
}

#[test]
fn white_without_pieces_loses_horde() {
    assert_eq!(
        result("horde", "4k3/8/8/8/8/8/1P6/q7 b - - 0 1", "a1b2"),
        "0-1 no pieces left"
    );
}

#[test]
fn a_side_the_start_gives_no_king_plays_without_one() {
    // White has no King in Horde: a position without one is accepted, and its Pawn on the
    // first rank steps one or two squares.
    assert_eq!(
        moves("horde", "4k3/8/8/8/8/8/8/P7 w - - 0 1"),
        words("a1a2 a1a3")
    );
}

#[test]
fn losing_the_last_piece_of_a_kind_loses() {
    let fen = "rnb1kbnr/pppppppp/8/8/7q/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1";
    assert_eq!(result("extinction", fen, "h1h4"), "1-0 extinction");
    assert_eq!(
        result("kinglet", "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1", "a1a2"),
        "1-0 extinction"
    );
}

#[test]
fn a_king_that_is_not_royal_castles_through_attacked_squares() {
    assert_eq!(
        moves("giveaway", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1"),
        words("e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8")
    );
}

#[test]
fn a_king_on_the_hill_wins_at_once() {
    assert_eq!(
        result("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", "d3d4"),
        "1-0 goal reached"
    );
}

#[test]
fn reaching_the_far_rank_wins_breakthrough() {
    assert_eq!(
        result("breakthrough", "8/8/8/8/8/8/1p6/8 b 0 1", "b2b1"),
        "0-1 goal reached"
    );
}

#[test]
fn no_turn_may_give_check() {
    // The Rook on b1 may not go to a1 or b3, where it would check the King on a3.
    assert_eq!(
        moves("racingkings", "8/8/8/8/8/k7/7K/1R6 w - - 0 1"),
        words(
            "b1b2 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 b1d1 b1e1 b1f1 b1g1 b1h1 h2g1 h2g2 h2g3 h2h1 h2h3"
        )
    );
}

#[test]
fn uncovering_a_check_is_not_a_legal_turn() {
    // The Knight on a4 stands alone between the Rook on a1 and the King on a6: every move of
    // it would uncover a check. The Rook may still move up to it.
    assert_eq!(
        moves("racingkings", "8/8/k7/8/N7/8/7K/R7 w - - 0 1"),
        words("a1a2 a1a3 a1b1 a1c1 a1d1 a1e1 a1f1 a1g1 a1h1 h2g1 h2g2 h2g3 h2h1 h2h3")
    );
}

#[test]
fn a_king_covering_a_rider_may_step_only_along_its_line() {
    // The King on c5 stands between the Rook on h5 and the King on a5: only c5-d5 keeps the
    // rank covered (b4, b5 and b6 are next to the other King).
    assert_eq!(
        moves("racingkings", "8/8/8/k1K4R/8/8/8/8 w - - 0 1"),
        words("c5d5 h5d5 h5e5 h5f5 h5g5 h5h1 h5h2 h5h3 h5h4 h5h6 h5h7 h5h8")
    );
}

#[test]
fn a_rider_may_not_land_where_it_checks_nor_its_cover_leave_the_line() {
    // The Queen on f2 may not land where it checks the King on c5 (c2, f5, f8), and the
    // Knight on d4, alone on the Queen's diagonal to c5, may not leave it.
    assert_eq!(
        moves("racingkings", "8/8/8/2k5/3N4/8/5Q2/7K w - - 0 1"),
        words(
            "f2a2 f2b2 f2d2 f2e1 f2e2 f2e3 f2f1 f2f3 f2f4 f2f6 f2f7 f2g1 f2g2 f2g3 f2h2 f2h4 \
             h1g1 h1g2 h1h2"
        )
    );
}

#[test]
fn the_turns_counted_without_playing_them_are_the_turns_listed() {
    // Perft at depth 1 counts the last ply's turns by set arithmetic; the list plays them.
    // Depth 3 is Fairy-Stockfish's (pyffish 0.0.90).
    let cases = [
        ("8/8/k7/8/N7/8/7K/R7 w - - 0 1", 936),
        ("8/8/8/k1K4R/8/8/8/8 w - - 0 1", 417),
        ("8/8/8/2k5/3N4/8/5Q2/7K w - - 0 1", 2030),
        ("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 11264),
    ];
    for (fen, depth_3) in cases {
        let listed = moves("racingkings", fen).len() as u64;
        assert_eq!(
            perft(&file("racingkings"), NO_OPTIONS, Some(fen), 1),
            listed,
            "{fen}"
        );
        assert_eq!(
            perft(&file("racingkings"), NO_OPTIONS, Some(fen), 3),
            depth_3,
            "{fen}"
        );
    }
}

#[test]
fn a_piece_pinned_along_a_nightriders_line_may_not_leave_it() {
    // The Nightrider on h7 rides g5, f3 towards the King on e1: the Bishop on f3, alone on
    // that line and unable to move along it, has no turn.
    let fen = "8/k6n/8/8/8/5B2/8/4K3 w - - 0 1";
    assert_eq!(moves("nightrider", fen), words("e1d1 e1d2 e1e2 e1f1 e1f2"));
    // Fairy-Stockfish's (pyffish 0.0.90); depth 1 is counted without playing the turns.
    assert_eq!(perft(&file("nightrider"), NO_OPTIONS, Some(fen), 1), 5);
    assert_eq!(perft(&file("nightrider"), NO_OPTIONS, Some(fen), 3), 637);
}

#[test]
fn a_nightriders_check_is_answered_between_it_and_the_king() {
    // The Nightrider on h7 checks the King on e1 along h7-g5-f3: a Rook may answer on g5 or
    // f3, between them, and the King may step aside.
    let fen = "7k/7n/8/R7/8/R7/8/4K3 w - - 0 1";
    assert_eq!(
        moves("nightrider", fen),
        words("a3f3 a5g5 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
    assert_eq!(perft(&file("nightrider"), NO_OPTIONS, Some(fen), 1), 7);
    assert_eq!(perft(&file("nightrider"), NO_OPTIONS, Some(fen), 3), 1402);
}

#[test]
fn the_second_player_gets_one_more_turn_to_reach_the_goal_too() {
    let fen = "8/k6K/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(result("racingkings", fen, "h7h8"), "ongoing");
    assert_eq!(
        result("racingkings", fen, "h7h8 a7a8"),
        "1/2-1/2 goal reached"
    );
    assert_eq!(result("racingkings", fen, "h7h8 a7a6"), "1-0 goal reached");
    let out_of_reach = "8/7K/8/k7/8/8/8/8 w - - 0 1";
    assert_eq!(
        result("racingkings", out_of_reach, "h7h8"),
        "1-0 goal reached"
    );
}

#[test]
fn perft_from_the_start_is_fairy_stockfishs() {
    let cases = [
        ("antichess", 8067),
        ("giveaway", 8067),
        ("suicide", 8067),
        ("losers", 8067),
        ("shatranj", 4176),
        ("horde", 1274),
        ("racingkings", 11264),
        ("kingofthehill", 8902),
        ("extinction", 8902),
        ("kinglet", 8902),
        ("breakthrough", 11132),
    ];
    for (id, expected) in cases {
        assert_eq!(perft(&file(id), NO_OPTIONS, START, 3), expected, "{id}");
    }
}

#[test]
fn misused_end_fields_are_one_line_errors() {
    let cases = [
        (
            "kinglet",
            "Each(\"P\")",
            "Each(\"\")",
            "ends: an extinction counts at least one kind",
        ),
        (
            "kinglet",
            "Each(\"P\")",
            "Each(\"PX\")",
            "ends: 'X' is not a piece of the file",
        ),
        (
            "kingofthehill",
            "Reach(region: \"hill\"",
            "Reach(region: \"mountain\"",
            "ends: ",
        ),
        (
            "kingofthehill",
            "pieces: \"K\")",
            "pieces: \"\")",
            "ends: a region is reached by at least one kind",
        ),
        (
            "giveaway",
            "rook: (\"h1\", \"f1\"), piece: Some('K')",
            "rook: (\"h1\", \"f1\")",
            "castling: castling needs a royal piece, or its `piece`",
        ),
    ];
    for (id, from, to, expected) in cases {
        let line = error_of_changed(&format!("classic-ends-{id}-{}", to.len()), id, from, to);
        assert!(line.contains(expected), "{id} {to}: {line}");
    }
}
