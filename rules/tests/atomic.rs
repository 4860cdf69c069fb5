//! Atomic chess written in the variant language (`variants/atomic.ron`): captures explode.
//! Perft from the start gives atomic chess's published numbers (Fairy-Stockfish's too, to depth
//! 4), and each rule holds in a position of its own, the expected turns and results those
//! python-chess's atomic board gives.

use crate::common::{START, legal, perft, status, words};

const ATOMIC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/atomic.ron");
const NO_OPTIONS: &[&str] = &[];
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn moves(fen: &str) -> Vec<String> {
    legal(ATOMIC, NO_OPTIONS, Some(fen), "")
}

/// The position and the result after `played` from `fen`.
fn after(fen: &str, played: &str) -> (String, String) {
    status(ATOMIC, NO_OPTIONS, Some(fen), played)
}

#[test]
fn perft_from_the_start_gives_atomic_chess_published_numbers() {
    let counts: Vec<u64> = (1..=4)
        .map(|d| perft(ATOMIC, NO_OPTIONS, START, d))
        .collect();
    assert_eq!(counts, [20, 400, 8902, 197_326]);
}

#[test]
fn a_capture_blows_up_the_capturer_and_the_pieces_around_but_not_pawns() {
    // d3xc4: the Pawn and the Knight it takes go, with the Bishop on d4 and White's own Knight
    // on b5; the Pawn on d5 stays.
    let fen = "4k3/8/8/1N1p4/2nb4/3P4/8/4K3 w - - 0 1";
    let (position, result) = after(fen, "d3c4");
    assert_eq!(position, "4k3/8/8/3p4/8/8/8/4K3 b - - 0 1");
    assert_eq!(result, "ongoing");
}

#[test]
fn a_capture_next_to_the_enemy_king_blows_it_up_and_wins() {
    let fen = "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1";
    let (position, result) = after(fen, "d1d7");
    assert_eq!(position, "8/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(result, "1-0 king captured");
}

#[test]
fn blowing_up_the_enemy_king_is_legal_while_in_check() {
    // The Rook on e5 checks; Qxd7 answers nothing, but blows up the King on e8.
    let fen = "4k3/3p4/8/4r3/8/8/8/3QK3 w - - 0 1";
    assert_eq!(moves(fen), words("d1d7 d1e2 e1d2 e1f1 e1f2"));
}

#[test]
fn a_capture_that_would_blow_up_ones_own_king_does_not_exist() {
    // Qxd2 would blow up the King on e1 beside it.
    let fen = "4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1";
    assert_eq!(
        moves(fen),
        words("d1a1 d1a4 d1b1 d1b3 d1c1 d1c2 d1e2 d1f3 d1g4 d1h5 e1e2 e1f2")
    );
}

#[test]
fn a_king_never_captures() {
    let fen = "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1";
    assert_eq!(moves(fen), words("e1d1 e1d2 e1f1 e1f2"));
}

#[test]
fn kings_that_touch_give_no_check() {
    // The Rook on e1 attacks the King on e4, but taking it would blow up Black's own King: no
    // check, and the King may stay beside the other.
    let fen = "8/8/8/8/3kK3/8/8/4r3 w - - 0 1";
    assert_eq!(moves(fen), words("e4d3 e4d5 e4e3 e4e5 e4f3 e4f4 e4f5"));
}

#[test]
fn a_king_beside_the_enemy_king_may_stand_on_a_rooks_line() {
    // The Rook on a2 holds the second rank, but its capture on d2, e2 or f2 would blow up
    // Black's own King on e3.
    let fen = "8/8/8/8/8/4k3/r3K3/8 w - - 0 1";
    assert_eq!(moves(fen), words("e2d1 e2d2 e2d3 e2e1 e2f1 e2f2 e2f3"));
}

#[test]
fn a_piece_pinned_to_its_king_may_not_leave_the_line() {
    let fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(moves(fen), words("e1d1 e1d2 e1f1 e1f2"));
}

#[test]
fn a_pinned_piece_may_capture_where_the_explosion_takes_the_pinner() {
    // Nxd4 blows up the Rook on e5 beside d4, which pinned the Knight.
    let fen = "4k3/8/8/4r3/3p4/8/4N3/4K3 w - - 0 1";
    assert_eq!(moves(fen), words("e1d1 e1d2 e1f1 e1f2 e2d4"));
}

#[test]
fn counted_turns_are_the_listed_turns() {
    // Perft's last ply counts turns without listing them: castling, en passant, pins and
    // captures next to either King among them. Kiwipete's perft 3 is Fairy-Stockfish's.
    let fens = [
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        "8/8/8/8/8/4k3/r3K3/8 w - - 0 1",
        "4k3/8/8/4r3/3p4/8/4N3/4K3 w - - 0 1",
        KIWIPETE,
    ];
    for fen in fens {
        let listed = moves(fen).len() as u64;
        assert_eq!(perft(ATOMIC, NO_OPTIONS, Some(fen), 1), listed, "{fen}");
    }
    assert_eq!(perft(ATOMIC, NO_OPTIONS, Some(KIWIPETE), 3), 88_298);
}

#[test]
fn en_passant_blows_up_around_the_square_the_pawn_lands_on() {
    // exd6 e.p.: the Pawns on e5 and d5 go, with the Knight on c7 and the Bishop on e7 beside
    // d6; the King on e8 is two squares away.
    let fen = "4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let (position, _) = after(fen, "e5d6");
    assert_eq!(position, "4k3/8/8/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn a_rook_blown_up_takes_its_castling_right_with_it() {
    let fen = "4k3/1b6/8/8/8/8/6P1/R3K2R b KQ - 0 1";
    let (position, _) = after(fen, "b7g2");
    assert_eq!(position, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 2");
}

#[test]
fn no_turn_while_in_check_is_checkmate() {
    let fen = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1";
    assert_eq!(after(fen, "").1, "1-0 checkmate");
}

#[test]
fn no_turn_out_of_check_is_a_stalemate_draw() {
    let fen = "k7/8/1Q6/8/8/8/8/7K b - - 0 1";
    assert_eq!(after(fen, "").1, "1/2-1/2 stalemate");
}

#[test]
fn the_third_repetition_is_a_draw() {
    let played = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    let (_, result) = status(ATOMIC, NO_OPTIONS, START, played);
    assert_eq!(result, "1/2-1/2 threefold repetition");
}

#[test]
fn a_hundred_half_moves_without_capture_or_pawn_move_are_a_draw() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    assert_eq!(after(fen, "a1a2").1, "1/2-1/2 fifty-move rule");
}
