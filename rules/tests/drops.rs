//! Drops in the variant language: crazyhouse and its kin (`variants/crazyhouse.ron`, `loop.ron`,
//! `chessgi.ron`, `pocketknight.ron`, `capahouse.ron`). Perft from the start gives
//! Fairy-Stockfish's numbers, and each rule holds in a position of its own, with the turns and
//! results Fairy-Stockfish gives there.

use crate::common::{START, legal, perft, refusal, set_up, status, words};
use crate::variant_files::error_of_changed;

const NO_OPTIONS: &[&str] = &[];

/// The shipped file of `id`.
fn file(id: &str) -> String {
    format!("{}/../variants/{id}.ron", env!("CARGO_MANIFEST_DIR"))
}

/// The legal turns of crazyhouse in `fen`.
fn crazyhouse_moves(fen: &str) -> Vec<String> {
    legal(&file("crazyhouse"), NO_OPTIONS, Some(fen), "")
}

/// The drops among the legal turns of `id` in `fen`.
fn drops(id: &str, fen: &str) -> Vec<String> {
    let mut turns = legal(&file(id), NO_OPTIONS, Some(fen), "");
    turns.retain(|t| t.contains('@'));
    turns
}

#[test]
fn perft_from_the_start_gives_fairy_stockfish_numbers() {
    let counts = |id: &str, depth: u32| -> Vec<u64> {
        (1..=depth)
            .map(|d| perft(&file(id), NO_OPTIONS, START, d))
            .collect()
    };
    assert_eq!(counts("crazyhouse", 4), [20, 400, 8902, 197_281]);
    assert_eq!(counts("loop", 4), [20, 400, 8902, 197_281]);
    assert_eq!(counts("pocketknight", 3), [52, 2_565, 88_617]);
    assert_eq!(counts("capahouse", 3), [28, 784, 25_228]);
}

#[test]
fn a_captured_piece_goes_to_the_capturers_reserve_as_its_own() {
    let (fen, _) = status(&file("crazyhouse"), NO_OPTIONS, START, "e2e4 d7d5 e4d5");
    assert_eq!(
        fen,
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - P - 0 2"
    );
}

#[test]
fn a_drop_goes_on_any_empty_square_as_the_whole_turn() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - N - 0 1";
    let turns = crazyhouse_moves(fen);
    assert_eq!(turns.len(), 5 + 62);
    assert!(turns.contains(&"N@a1".to_string()) && turns.contains(&"N@h8".to_string()));
    let (after, _) = status(&file("crazyhouse"), NO_OPTIONS, Some(fen), "N@d4");
    assert_eq!(after, "4k3/8/8/8/3N4/8/8/4K3 b - - - - 0 1");
}

#[test]
fn pawns_are_never_dropped_on_the_first_or_last_rank() {
    let dropped = drops("crazyhouse", "4k3/8/8/8/8/8/8/4K3 w - - P - 0 1");
    assert_eq!(dropped.len(), 48);
    assert!(!dropped.iter().any(|t| t.ends_with('1') || t.ends_with('8')));
}

#[test]
fn chessgi_pawns_may_be_dropped_on_their_first_rank() {
    let dropped = drops("chessgi", "4k3/8/8/8/8/8/8/4K3 w - - P 0 1");
    assert_eq!(dropped.len(), 48 + 7);
    assert!(dropped.contains(&"P@a1".to_string()));
    assert!(!dropped.iter().any(|t| t.ends_with('8')));
}

#[test]
fn a_promoted_piece_captured_goes_to_the_hand_as_a_pawn() {
    // The Queen on d1 is a promoted Pawn (the Promoted field names d1).
    let fen = "3rk3/8/8/8/8/8/8/3QK3 b - - - d1 0 1";
    let (after, _) = status(&file("crazyhouse"), NO_OPTIONS, Some(fen), "d8d1");
    assert_eq!(after, "4k3/8/8/8/8/8/8/3rK3 w - - p - 0 2");
}

#[test]
fn a_pawn_that_promotes_is_remembered_where_it_goes() {
    let fen = "6k1/1P6/8/8/8/8/8/4K3 w - - - - 0 1";
    let (after, _) = status(
        &file("crazyhouse"),
        NO_OPTIONS,
        Some(fen),
        "b7b8=Q g8h7 b8b1",
    );
    assert_eq!(after, "8/7k/8/8/8/8/8/1Q2K3 b - - - b1 2 2");
}

#[test]
fn in_loop_chess_a_promoted_piece_captured_stays_what_it_became() {
    let fen = "3rk3/8/8/8/8/8/8/3QK3 b - - - 0 1";
    let (after, _) = status(&file("loop"), NO_OPTIONS, Some(fen), "d8d1");
    assert_eq!(after, "4k3/8/8/8/8/8/8/3rK3 w - - q 0 2");
}

#[test]
fn a_drop_may_give_check_and_mate() {
    let fen = "k7/8/1K6/8/8/8/8/8 w - - Q - 0 1";
    let (after, result) = status(&file("crazyhouse"), NO_OPTIONS, Some(fen), "Q@a7");
    assert_eq!(after, "k7/Q7/1K6/8/8/8/8/8 b - - - - 0 1");
    assert_eq!(result, "1-0 checkmate");
}

#[test]
fn in_check_a_drop_must_block_it() {
    let fen = "4k3/8/8/8/8/8/8/r3K3 w - - N - 0 1";
    assert_eq!(
        crazyhouse_moves(fen),
        words("N@b1 N@c1 N@d1 e1d2 e1e2 e1f2")
    );
}

#[test]
fn a_drop_restarts_the_halfmove_clock() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - N - 10 30";
    let (after, _) = status(&file("crazyhouse"), NO_OPTIONS, Some(fen), "N@d4");
    assert_eq!(after, "4k3/8/8/8/3N4/8/8/4K3 b - - - - 0 30");
}

#[test]
fn pocket_knight_drops_its_knight_and_keeps_no_captured_piece() {
    let pocket = file("pocketknight");
    let (after, _) = status(&pocket, NO_OPTIONS, START, "e2e4 d7d5 e4d5");
    assert_eq!(
        after,
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - Nn 0 2"
    );
    let (after, _) = status(&pocket, NO_OPTIONS, START, "N@e4");
    assert_eq!(
        after,
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR b KQkq - n 0 1"
    );
}

#[test]
fn a_position_with_reserve_and_promoted_pieces_reads_and_writes_alike() {
    let fen = "r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - BNPPbp d1 0 20";
    assert_eq!(
        status(&file("crazyhouse"), NO_OPTIONS, Some(fen), "").0,
        fen
    );
}

#[test]
fn a_promoted_square_must_hold_a_piece_a_promotion_makes() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - - e1 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - - e4 0 1",
    ] {
        let why = refusal(&file("crazyhouse"), NO_OPTIONS, Some(fen), "");
        assert!(why.contains("a promoted square holds no piece"), "{why}");
    }
}

#[test]
fn a_royal_piece_is_never_held() {
    let why = refusal(
        &file("crazyhouse"),
        NO_OPTIONS,
        Some("4k3/8/8/8/8/8/8/4K3 w - - K - 0 1"),
        "",
    );
    assert!(why.contains("never held in reserve"), "{why}");
}

#[test]
fn the_editor_forgets_the_promoted_mark_of_a_piece_taken_off() {
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - - d1 0 1";
    let game = set_up(&file("crazyhouse"), NO_OPTIONS, Some(fen), "").expect("the position reads");
    let mut pos = *game.position();
    pos.board
        .clear(oddboard_rules::Loc::parse("d1").expect("a square"));
    game.variant().settle(&mut pos);
    assert_eq!(
        game.variant().fen(&pos),
        "4k3/8/8/8/8/8/8/4K3 w - - - - 0 1"
    );
}

#[test]
fn the_computer_counts_the_pieces_in_reserve_at_their_values() {
    // White holds a Queen and a Pawn, Black a Pawn: 900 + 100 - 100.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - QPp - 0 1";
    let game = set_up(&file("crazyhouse"), NO_OPTIONS, Some(fen), "").expect("the position reads");
    assert_eq!(game.variant().positional(game.position()), 900);
}

#[test]
fn misused_drop_fields_are_one_line_errors() {
    let cases = [
        (
            "no-reserve",
            "state: [Castling, EnPassant, Reserve, Promoted]",
            "state: [Castling, EnPassant, Promoted]",
            "turn: drop: a drop needs the Reserve state field",
        ),
        (
            "kept-and-to-hand",
            "capture: (to_hand: true, demote: true)",
            "capture: (to_hand: true, demote: true, keep_captured: true)",
            "capture: to_hand and keep_captured exclude each other",
        ),
        (
            "demote-alone",
            "capture: (to_hand: true, demote: true)",
            "capture: (demote: true)",
            "capture: demote needs to_hand",
        ),
        (
            "demote-without-field",
            "capture: (to_hand: true, demote: true)",
            "capture: (to_hand: true)",
            "capture: demote and the Promoted state field come together",
        ),
        (
            "unknown-region",
            "turn: (drop: Some(()))",
            "turn: (drop: Some((not_on: {'N': \"middle\"})))",
            "turn: drop: no region named 'middle'",
        ),
        (
            "unknown-piece",
            "turn: (drop: Some(()))",
            "turn: (drop: Some((not_on: {'X': \"first\"})))",
            "turn: drop: 'X' is not a piece of the file",
        ),
        (
            "with-placement",
            "turn: (drop: Some(()))",
            "turn: (drop: Some(()), placement: Some((piece: 'N', beside_royal: false, given_by: [Check])))",
            "turn: drop: a drop and a placement exclude each other",
        ),
    ];
    for (test, from, to, expected) in cases {
        let line = error_of_changed(&format!("drops-{test}"), "crazyhouse", from, to);
        assert!(line.ends_with(expected), "{test}: {line}");
    }
}

#[test]
fn drops_go_only_to_the_region_the_file_names() {
    // Drops only on the first rank, as Fairy-Stockfish's dragon chess has them.
    let text = std::fs::read_to_string(file("crazyhouse")).expect("crazyhouse.ron is shipped");
    let dir = std::env::temp_dir().join(format!("oddboard-drops-{}-on", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("crazyhouse.ron");
    let text = text.replace(
        "turn: (drop: Some(()))",
        "turn: (drop: Some((on: Some(\"first\"))))",
    );
    std::fs::write(&path, text).expect("the file is written");
    let turns = legal(
        &path.to_string_lossy(),
        NO_OPTIONS,
        Some("4k3/8/8/8/8/8/8/4K3 w - - N - 0 1"),
        "",
    );
    let dropped: Vec<&String> = turns.iter().filter(|t| t.contains('@')).collect();
    assert_eq!(
        dropped,
        ["N@a1", "N@b1", "N@c1", "N@d1", "N@f1", "N@g1", "N@h1"]
    );
}
