//! Orthodox chess (rules/README.md, the `chess` section): the published perft numbers,
//! castling, en passant, promotion, the ends of the game, and every FEN rejection the section
//! lists.

use crate::common::{START, legal, perft, refusal, rejected, status, turns_from, words};

const CHESS: &str = "chess";
const NO_OPTIONS: &[&str] = &[];
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

fn chess_perft(fen: Option<&str>, depth: u32) -> u64 {
    perft(CHESS, NO_OPTIONS, fen, depth)
}

fn moves(fen: Option<&str>, played: &str) -> Vec<String> {
    legal(CHESS, NO_OPTIONS, fen, played)
}

fn result(fen: Option<&str>, played: &str) -> String {
    status(CHESS, NO_OPTIONS, fen, played).1
}

fn position(fen: Option<&str>, played: &str) -> String {
    status(CHESS, NO_OPTIONS, fen, played).0
}

fn is_legal(fen: Option<&str>, played: &str, turn: &str) -> bool {
    moves(fen, played).iter().any(|t| t == turn)
}

fn bad_fen(fen: &str) -> bool {
    rejected(CHESS, NO_OPTIONS, Some(fen), "")
}

// ---------------------------------------------------------------------------------------------
// Published perft numbers.

#[test]
fn start_position_is_the_standard_fen() {
    assert_eq!(position(START, ""), START_FEN);
    assert_eq!(result(START, ""), "ongoing");
}

#[test]
fn perft_start_depth_1() {
    assert_eq!(chess_perft(START, 1), 20);
    assert_eq!(chess_perft(Some(START_FEN), 1), 20);
}

#[test]
fn perft_start_depth_2() {
    assert_eq!(chess_perft(START, 2), 400);
}

#[test]
fn perft_start_depth_3() {
    assert_eq!(chess_perft(START, 3), 8902);
}

#[test]
fn perft_start_depth_4() {
    assert_eq!(chess_perft(START, 4), 197_281);
}

#[test]
#[ignore = "slow in a debug build; run with --release -- --ignored"]
fn perft_start_depth_5() {
    assert_eq!(chess_perft(START, 5), 4_865_609);
}

#[test]
fn perft_kiwipete_depth_1() {
    assert_eq!(chess_perft(Some(KIWIPETE), 1), 48);
}

#[test]
fn perft_kiwipete_depth_2() {
    assert_eq!(chess_perft(Some(KIWIPETE), 2), 2039);
}

#[test]
fn perft_kiwipete_depth_3() {
    assert_eq!(chess_perft(Some(KIWIPETE), 3), 97_862);
}

#[test]
#[ignore = "slow in a debug build; run with --release -- --ignored"]
fn perft_kiwipete_depth_4() {
    assert_eq!(chess_perft(Some(KIWIPETE), 4), 4_085_603);
}

#[test]
fn perft_position_3_depth_1() {
    assert_eq!(chess_perft(Some(POSITION_3), 1), 14);
}

#[test]
fn perft_position_3_depth_2() {
    assert_eq!(chess_perft(Some(POSITION_3), 2), 191);
}

#[test]
fn perft_position_3_depth_3() {
    assert_eq!(chess_perft(Some(POSITION_3), 3), 2812);
}

#[test]
fn perft_position_3_depth_4() {
    assert_eq!(chess_perft(Some(POSITION_3), 4), 43_238);
}

#[test]
#[ignore = "slow in a debug build; run with --release -- --ignored"]
fn perft_position_3_depth_5() {
    assert_eq!(chess_perft(Some(POSITION_3), 5), 674_624);
}

#[test]
fn start_moves_are_the_twenty_sorted() {
    let expected = words(
        "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 \
         g2g4 h2h3 h2h4",
    );
    assert_eq!(moves(START, ""), expected);
}

// ---------------------------------------------------------------------------------------------
// Castling.

const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castling_both_ways_is_the_kings_move() {
    let white = turns_from(&moves(Some(CASTLE), ""), "e1");
    assert_eq!(white, words("e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1"));
    assert_eq!(
        position(Some(CASTLE), "e1g1"),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    assert_eq!(
        position(Some(CASTLE), "e1c1"),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    let turns = turns_from(&moves(Some(black), ""), "e8");
    assert_eq!(turns, words("e8c8 e8d7 e8d8 e8e7 e8f7 e8f8 e8g8"));
    assert_eq!(
        position(Some(black), "e8g8"),
        "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2"
    );
    assert_eq!(
        position(Some(black), "e8c8"),
        "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2"
    );
    // Not written as the King taking its Rook.
    assert!(rejected(CHESS, NO_OPTIONS, Some(CASTLE), "e1h1"));
    assert!(rejected(CHESS, NO_OPTIONS, Some(CASTLE), "e1a1"));
}

#[test]
fn castling_not_out_of_check() {
    let fen = "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1";
    let turns = moves(Some(fen), "");
    assert!(!turns.contains(&"e1g1".to_string()), "{turns:?}");
    assert!(!turns.contains(&"e1c1".to_string()), "{turns:?}");
    assert!(turns.contains(&"e1f1".to_string()), "{turns:?}");
}

#[test]
fn castling_not_through_an_attacked_square() {
    // f1 attacked: no king-side castling; queen-side still fine.
    let fen = "4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1";
    assert!(!is_legal(Some(fen), "", "e1g1"));
    assert!(is_legal(Some(fen), "", "e1c1"));
    // d1 attacked: no queen-side castling.
    let fen = "4k3/8/8/3r4/8/8/8/R3K2R w KQ - 0 1";
    assert!(!is_legal(Some(fen), "", "e1c1"));
    assert!(is_legal(Some(fen), "", "e1g1"));
    // b1 attacked does not matter: only the Rook passes it.
    let fen = "4k3/8/8/1r6/8/8/8/R3K2R w KQ - 0 1";
    assert!(is_legal(Some(fen), "", "e1c1"));
    // The same for Black.
    let fen = "r3k2r/8/8/8/5R2/8/8/4K3 b kq - 0 1";
    assert!(!is_legal(Some(fen), "", "e8g8"));
    assert!(is_legal(Some(fen), "", "e8c8"));
}

#[test]
fn castling_not_into_check() {
    let fen = "4k3/8/8/6r1/8/8/8/R3K2R w KQ - 0 1";
    assert!(!is_legal(Some(fen), "", "e1g1"));
    assert!(is_legal(Some(fen), "", "e1c1"));
    let fen = "4k3/8/8/2r5/8/8/8/R3K2R w KQ - 0 1";
    assert!(!is_legal(Some(fen), "", "e1c1"));
    assert!(is_legal(Some(fen), "", "e1g1"));
}

#[test]
fn castling_not_across_pieces() {
    let fen = "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1";
    assert!(!is_legal(Some(fen), "", "e1g1"));
    assert!(!is_legal(Some(fen), "", "e1c1"));
    // Only b1 occupied on the queen side still blocks it.
    let fen = "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1";
    assert!(!is_legal(Some(fen), "", "e1c1"));
    assert!(is_legal(Some(fen), "", "e1g1"));
}

#[test]
fn castling_rights_lost_after_the_king_moves() {
    let after = "e1f1 e8f8 f1e1 f8e8";
    assert_eq!(
        position(Some(CASTLE), after),
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3"
    );
    let turns = moves(Some(CASTLE), after);
    assert!(!turns.contains(&"e1g1".to_string()), "{turns:?}");
    assert!(!turns.contains(&"e1c1".to_string()), "{turns:?}");
    assert!(rejected(
        CHESS,
        NO_OPTIONS,
        Some(CASTLE),
        "e1f1 e8f8 f1e1 f8e8 e1g1"
    ));
}

#[test]
fn castling_rights_lost_after_a_rook_moves() {
    assert_eq!(
        position(Some(CASTLE), "h1h2"),
        "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1"
    );
    assert_eq!(
        position(Some(CASTLE), "h1h2 a8a7 h2h1"),
        "4k2r/r7/8/8/8/8/8/R3K2R b Qk - 3 2"
    );
    assert!(!is_legal(Some(CASTLE), "h1h2 a8a7 h2h1 a7a8", "e1g1"));
    assert!(is_legal(Some(CASTLE), "h1h2 a8a7 h2h1 a7a8", "e1c1"));
    assert!(!is_legal(Some(CASTLE), "h1h2 a8a7 h2h1", "e8c8"));
    assert!(is_legal(Some(CASTLE), "h1h2 a8a7 h2h1", "e8g8"));
}

#[test]
fn castling_rights_lost_when_the_rook_is_captured() {
    // A Bishop takes the Rook on h1: White loses king-side castling.
    let fen = "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1";
    assert_eq!(
        position(Some(fen), "g2h1"),
        "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2"
    );
    // Rook takes Rook on a8: both lose queen-side castling.
    assert_eq!(
        position(Some(CASTLE), "a1a8"),
        "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"
    );
    // A capture by a Rook that lands on the other Rook's square.
    assert_eq!(
        position(Some(CASTLE), "h1h8"),
        "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1"
    );
}

// ---------------------------------------------------------------------------------------------
// En passant.

#[test]
fn en_passant_square_written_after_every_double_step() {
    assert_eq!(
        position(START, "e2e4"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(
        position(START, "e2e4 c7c5"),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"
    );
    assert_eq!(
        position(START, "e2e4 c7c5 g1f3"),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn en_passant_is_the_pawns_move_to_the_empty_square() {
    let line = "e2e4 a7a6 e4e5 d7d5";
    assert!(is_legal(START, line, "e5d6"));
    assert_eq!(
        position(START, &format!("{line} e5d6")),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // Not written as a capture on d5.
    assert!(!is_legal(START, line, "e5d5"));
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    let line = "e2e4 a7a6 e4e5 d7d5 a2a3 a6a5";
    assert!(!is_legal(START, line, "e5d6"));
    // Nor after a single step to the same square.
    let line = "e2e4 d7d6 e4e5 a7a6 a2a3 d6d5";
    assert!(!is_legal(START, line, "e5d6"));
}

#[test]
fn en_passant_not_allowed_when_it_exposes_the_king_along_the_rank() {
    let fen = "8/8/8/KPp4r/8/8/8/7k w - c6 0 2";
    let turns = moves(Some(fen), "");
    assert!(!turns.contains(&"b5c6".to_string()), "{turns:?}");
    assert!(turns.contains(&"b5b6".to_string()), "{turns:?}");
    // Without the Rook, the capture is fine.
    let fen = "8/8/8/KPp5/8/8/8/7k w - c6 0 2";
    assert!(is_legal(Some(fen), "", "b5c6"));
    assert_eq!(position(Some(fen), "b5c6"), "8/8/2P5/K7/8/8/8/7k b - - 0 2");
}

#[test]
fn en_passant_by_black() {
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    assert_eq!(
        position(Some(fen), "e2e4"),
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"
    );
    assert!(is_legal(Some(fen), "e2e4", "d4e3"));
    assert_eq!(
        position(Some(fen), "e2e4 d4e3"),
        "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2"
    );
}

// ---------------------------------------------------------------------------------------------
// Promotion.

#[test]
fn promotion_text_names_the_piece_in_the_movers_case() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert_eq!(
        turns_from(&moves(Some(fen), ""), "e7"),
        words("e7e8=B e7e8=N e7e8=Q e7e8=R")
    );
    assert_eq!(
        position(Some(fen), "e7e8=Q"),
        "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1"
    );
    assert_eq!(
        position(Some(fen), "e7e8=N"),
        "4N3/8/8/8/8/8/k7/4K3 b - - 0 1"
    );
    for bad in ["e7e8", "e7e8q", "e7e8=q", "e7e8=K", "e7e8=P"] {
        assert!(rejected(CHESS, NO_OPTIONS, Some(fen), bad), "{bad}");
    }
}

#[test]
fn black_promotion_with_and_without_capture() {
    let fen = "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1";
    assert_eq!(
        turns_from(&moves(Some(fen), ""), "b2"),
        words("b2a1=b b2a1=n b2a1=q b2a1=r b2b1=b b2b1=n b2b1=q b2b1=r")
    );
    assert_eq!(
        position(Some(fen), "b2b1=n"),
        "4k3/8/8/8/8/8/8/Rn2K3 w - - 0 2"
    );
    assert_eq!(
        position(Some(fen), "b2a1=q"),
        "4k3/8/8/8/8/8/8/q3K3 w - - 0 2"
    );
    assert!(rejected(CHESS, NO_OPTIONS, Some(fen), "b2b1=N"));
}

#[test]
fn promotion_blocked_straight_ahead() {
    let fen = "4n3/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert!(turns_from(&moves(Some(fen), ""), "e7").is_empty());
}

// ---------------------------------------------------------------------------------------------
// The end of the game.

#[test]
fn fools_mate_is_checkmate() {
    let line = "f2f3 e7e5 g2g4 d8h4";
    assert_eq!(result(START, line), "0-1 checkmate");
    assert!(moves(START, line).is_empty());
    assert_eq!(chess_perft(Some(&position(START, line)), 1), 0);
    assert!(rejected(
        CHESS,
        NO_OPTIONS,
        START,
        "f2f3 e7e5 g2g4 d8h4 a2a3"
    ));
}

#[test]
fn back_rank_mate_by_white_is_checkmate() {
    let fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(result(Some(fen), "a1a8"), "1-0 checkmate");
    assert!(moves(Some(fen), "a1a8").is_empty());
}

#[test]
fn check_must_be_answered() {
    // After 1. e4 f5 2. Qh5+ Black's only turns are g7g6.
    let line = "e2e4 f7f5 d1h5";
    assert_eq!(moves(START, line), words("g7g6"));
    assert_eq!(result(START, line), "ongoing");
}

#[test]
fn stalemate_is_a_draw() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert_eq!(result(Some(fen), ""), "1/2-1/2 stalemate");
    assert!(moves(Some(fen), "").is_empty());
    let fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";
    assert_eq!(result(Some(fen), "f1f7"), "1/2-1/2 stalemate");
}

#[test]
fn threefold_repetition_with_knights_out_and_back() {
    let cycle = "g1f3 g8f6 f3g1 f6g8";
    assert_eq!(result(START, cycle), "ongoing");
    assert_eq!(result(START, &format!("{cycle} g1f3 g8f6 f3g1")), "ongoing");
    let twice = format!("{cycle} {cycle}");
    assert_eq!(result(START, &twice), "1/2-1/2 threefold repetition");
    // The drawn game still lists its turns, and turns may be played on past it.
    assert_eq!(moves(START, &twice).len(), 20);
    assert_eq!(result(START, &format!("{twice} e2e4")), "ongoing");
}

#[test]
fn threefold_repetition_counts_castling_rights() {
    // The first position still has its castling rights; the King moves lose them, so the board
    // comes back three times but the position only twice after two cycles.
    let cycle = "e1f1 e8f8 f1e1 f8e8";
    assert_eq!(result(Some(CASTLE), &format!("{cycle} {cycle}")), "ongoing");
    assert_eq!(
        result(Some(CASTLE), &format!("{cycle} {cycle} {cycle}")),
        "1/2-1/2 threefold repetition"
    );
}

#[test]
fn threefold_repetition_ignores_an_en_passant_square_nobody_can_use() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let line = "e2e4 e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8 d1e1";
    assert_eq!(result(Some(fen), line), "1/2-1/2 threefold repetition");
}

#[test]
fn threefold_repetition_counts_a_possible_en_passant_capture() {
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let line = "e2e4 e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8 d1e1";
    assert_eq!(result(Some(fen), line), "ongoing");
    let line = format!("{line} e8d8 e1d1 d8e8 d1e1");
    assert_eq!(result(Some(fen), &line), "1/2-1/2 threefold repetition");
}

#[test]
fn fifty_move_rule_draws_on_the_hundredth_half_move() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 60";
    assert_eq!(result(Some(fen), ""), "ongoing");
    assert_eq!(result(Some(fen), "a1a2"), "1/2-1/2 fifty-move rule");
    assert_eq!(
        position(Some(fen), "a1a2"),
        "4k3/8/8/8/8/8/R7/4K3 b - - 100 60"
    );
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 98 60";
    assert_eq!(result(Some(fen), "a1a2"), "ongoing");
}

#[test]
fn fifty_move_clock_reset_by_captures_and_pawn_moves() {
    let fen = "k7/8/8/8/8/8/r7/R3K3 w - - 99 60";
    assert_eq!(
        position(Some(fen), "a1a2"),
        "k7/8/8/8/8/8/R7/4K3 b - - 0 60"
    );
    assert_eq!(result(Some(fen), "a1a2"), "ongoing");
    let fen = "4k3/8/8/8/8/8/P7/4K3 w - - 99 60";
    assert_eq!(result(Some(fen), "a2a3"), "ongoing");
}

#[test]
fn checkmate_on_the_hundredth_half_move_is_checkmate() {
    let fen = "k7/8/1K6/8/8/8/8/7R w - - 99 80";
    assert_eq!(result(Some(fen), "h1h8"), "1-0 checkmate");
}

#[test]
fn insufficient_material_king_against_king() {
    assert_eq!(
        result(Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), ""),
        "1/2-1/2 insufficient material"
    );
    // Reached by capturing the last piece.
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    assert_eq!(result(Some(fen), ""), "ongoing");
    assert_eq!(result(Some(fen), "e1e2"), "1/2-1/2 insufficient material");
}

#[test]
fn insufficient_material_king_and_bishop_or_knight_against_king() {
    for fen in [
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1",
    ] {
        assert_eq!(
            result(Some(fen), ""),
            "1/2-1/2 insufficient material",
            "{fen}"
        );
    }
}

#[test]
fn insufficient_material_bishops_all_on_one_colour() {
    // c1 and f8 are both dark squares; so are c1, e3 and h6.
    for fen in [
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/7B/8/8/4B3/8/2B1K3 w - - 0 1",
        "4kb2/8/7b/8/8/8/8/2B1K3 b - - 0 1",
    ] {
        assert_eq!(
            result(Some(fen), ""),
            "1/2-1/2 insufficient material",
            "{fen}"
        );
    }
}

#[test]
fn sufficient_material_is_not_drawn() {
    for fen in [
        // Bishops on squares of both colours.
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2BBK3 w - - 0 1",
        // Two Knights are not listed as insufficient.
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
        // Knight against Knight, Knight against Bishop.
        "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        // A Pawn, a Rook, a Queen.
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
    ] {
        assert_eq!(result(Some(fen), ""), "ongoing", "{fen}");
    }
}

#[test]
fn insufficient_material_keeps_the_legal_turns() {
    // `moves` and perft ignore the draw; only `status` reports it.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(moves(Some(fen), ""), words("e1d1 e1d2 e1e2 e1f1 e1f2"));
    assert_eq!(chess_perft(Some(fen), 1), 5);
}

// ---------------------------------------------------------------------------------------------
// FEN rejections of the chess section.

#[test]
fn fen_rejected_unless_each_side_has_exactly_one_king() {
    for fen in [
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        "3kk3/8/8/8/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        assert!(bad_fen(fen), "{fen}");
    }
}

#[test]
fn fen_rejected_with_a_pawn_on_rank_1_or_8() {
    for fen in [
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "p3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
    ] {
        assert!(bad_fen(fen), "{fen}");
    }
}

#[test]
fn fen_rejected_when_the_side_not_to_move_is_in_check() {
    assert!(bad_fen("4k3/8/8/8/8/8/8/4K2r b - - 0 1"));
    assert!(bad_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"));
    // The side to move may be in check.
    assert!(!bad_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1"));
    assert!(!bad_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"));
}

#[test]
fn fen_rejected_when_a_castling_right_lacks_its_king_or_rook() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1",
        "4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1",
        "4k3/8/8/8/8/8/8/1R2K2R w Q - 0 1",
        "r4k1r/8/8/8/8/8/8/4K3 w kq - 0 1",
        "4k2r/8/8/8/8/8/8/4K3 w q - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 w k - 0 1",
        // A Rook of the wrong colour.
        "4k3/8/8/8/8/8/8/4K2r w K - 0 1",
    ] {
        assert!(bad_fen(fen), "{fen}");
    }
    assert!(!bad_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    assert!(!bad_fen("4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1"));
}

#[test]
fn fen_rejected_when_the_en_passant_square_is_not_behind_a_double_stepped_pawn() {
    let valid = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert!(!bad_fen(valid));
    for fen in [
        // No Pawn in front of the square.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
        // The wrong rank for the side that just moved.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        // The square the Pawn came from is occupied.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBN1 b Qkq e3 0 1",
        // The square itself is occupied.
        "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
        // Black's double step.
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2",
        // Not a square at all.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq i3 0 1",
    ] {
        assert!(bad_fen(fen), "{fen}");
    }
    assert!(!bad_fen(
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2"
    ));
}

#[test]
fn fen_rejected_when_malformed() {
    for fen in [
        // Five fields; seven fields.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1",
        // Seven and nine ranks; short and long ranks.
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // A letter that is no piece; a hole.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/7*/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Side, castling field.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqx - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -- 0 1",
        // Numbers.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 00 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 01",
    ] {
        assert!(bad_fen(fen), "{fen}");
    }
}

#[test]
fn fen_round_trips_through_status() {
    for fen in [
        START_FEN,
        KIWIPETE,
        POSITION_3,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 120 300",
    ] {
        assert_eq!(position(Some(fen), ""), fen);
    }
    // A bare error message names the token.
    let error = refusal(CHESS, &[], Some("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), "");
    assert!(error.contains("'K'"), "{error}");
    assert_eq!(error.lines().count(), 1, "{error}");
}
