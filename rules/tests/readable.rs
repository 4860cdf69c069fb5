//! Readable move text (`Variant::readable_turn`, `Game::readable_turns`): exact SAN for orthodox
//! chess, and the same spirit for every variant and every way of capturing.

use crate::common::game_after;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The readable text of each turn of `variant` played from `fen`, given canonically in `moves`.
fn readable(variant: &str, fen: &str, moves: &str) -> Vec<String> {
    game_after(variant, fen, moves).readable_turns().to_vec()
}

/// The readable text of the one turn of `variant` played from `fen`, given canonically.
fn readable_one(variant: &str, fen: &str, turn: &str) -> String {
    let texts = readable(variant, fen, turn);
    assert_eq!(texts.len(), 1, "{turn} is one turn");
    texts[0].clone()
}

#[test]
fn chess_scholars_mate_is_san() {
    let moves = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7";
    assert_eq!(
        readable("chess", CHESS_START, moves),
        ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    );
}

#[test]
fn chess_opera_game_is_san() {
    let moves = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
                 b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 \
                 b5d7 f6d7 b3b8 d7b8 d1d8";
    let san = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 \
               cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
    assert_eq!(
        readable("chess", CHESS_START, moves),
        san.split_whitespace().collect::<Vec<_>>()
    );
}

#[test]
fn chess_en_passant_is_written_as_the_pawns_capture() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(readable_one("chess", fen, "e5d6"), "exd6");
}

#[test]
fn chess_castling_both_ways() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(readable("chess", fen, "e1g1 e8c8"), ["O-O", "O-O-O"]);
    assert_eq!(readable_one("chess", fen, "e1c1"), "O-O-O");
}

#[test]
fn chess_disambiguation_by_file_then_rank_then_both() {
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_eq!(readable_one("chess", knights, "b1d2"), "Nbd2");
    let rooks = "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1";
    assert_eq!(readable_one("chess", rooks, "e1e2"), "R1e2");
    let queens = "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_eq!(readable_one("chess", queens, "h4e1"), "Qh4e1");
}

#[test]
fn chess_promotion_with_check() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert_eq!(readable_one("chess", fen, "e7e8=Q"), "e8=Q");
    assert_eq!(readable_one("chess", fen, "e7e8=R"), "e8=R");
    let checking = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1";
    assert_eq!(readable_one("chess", checking, "e7e8=Q"), "e8=Q+");
}

#[test]
fn amphora_interception_is_written_after_the_move() {
    let fen = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    assert_eq!(readable_one("amphora", fen, "e2e3"), "e3 xd4");
    let by_king = "*k4*/**3**/*4P*/4p2/7/*2K2*/**3**/*5* w Gg 00 0 1";
    assert_eq!(readable_one("amphora", by_king, "d3d4"), "Kd4 xe5");
}

#[test]
fn amphora_telekinesis_and_removal_from_reserve() {
    let pawns = "*5*/**1P1**/*5*/p4kp/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(readable_one("amphora", pawns, "d7d8xa5"), "d8 xa5");
    let guard_held = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(readable_one("amphora", guard_held, "d7d8x@"), "d8 x@");
    let king_left = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w G 00 0 1";
    assert_eq!(readable_one("amphora", king_left, "d7d8xf5"), "d8 xf5");
}

#[test]
fn amphora_placement_comes_first() {
    let fen = "*4k*/**3**/*5*/7/4p2/*2P2*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        readable("amphora", fen, "d3e4 g@e7,e7d6"),
        ["dxe4", "G@e7 Gd6"]
    );
}

#[test]
fn fanorona_approach_and_withdrawal_are_written_after_the_move() {
    let approach = "4k/5/5/5/5/5/r2Rp/5/K4 w - - 0 1";
    assert_eq!(
        readable_one("fanorona-chess", approach, "d3b3xa3"),
        "Rb3 xa3"
    );
    assert_eq!(
        readable_one("fanorona-chess", approach, "a1a2xa3"),
        "Ka2 xa3"
    );
    let withdrawal = "4k/5/5/2p2/2R2/5/5/5/K4 w - - 0 1";
    assert_eq!(
        readable_one("fanorona-chess", withdrawal, "c5c1xc6"),
        "Rc1 xc6"
    );
    let pawn = "4k/5/5/5/5/2P2/2r2/5/K4 w - - 0 1";
    assert_eq!(readable_one("fanorona-chess", pawn, "c4c5xc3"), "c5 xc3");
}

#[test]
fn fanorona_checkmate_by_a_withdrawal_threat() {
    let fen = "5/5/5/5/5/3Q1/5/1K2k/5 w - - 0 1";
    assert_eq!(readable_one("fanorona-chess", fen, "d4d2"), "Qd2#");
}

#[test]
fn amoeba_slide_and_promotions() {
    let slide = "*2k2*/*p4*/7/1*1**2/7/*5*/*2R1K* w - 0 1";
    assert_eq!(readable_one("amoeba", slide, "f1f2,~c4d4"), "Kf2 ~c4d4+");
    let moving = "*5*/*P4*/7/P1***k1/7/*1P3*/*2K2* w - 0 1";
    assert_eq!(readable_one("amoeba", moving, "b6b7=R"), "b7=R");
    let kept = "*5*/*5*/7/P1***k1/7/*5*/*2K2* w - 0 1";
    assert_eq!(readable_one("amoeba", kept, "a4a5=R,~b6a6"), "a5=R ~b6a6");
    let own_slide = "*5*/*4P*/7/k1***2/7/*5*/*2K2* w - 0 1";
    assert_eq!(
        readable_one("amoeba", own_slide, "d1d2,~f7g7,f6=R"),
        "Kd2 ~f7g7 f6=R"
    );
    let mover_last = "*5*/*5*/5P1/k1***2/7/*5*/*2K2* w - 0 1";
    assert_eq!(
        readable_one("amoeba", mover_last, "f5f6,~f7g7,f6=R"),
        "f6 ~f7g7 f6=R"
    );
}

#[test]
fn amoeba_checkmate() {
    let fen = "k*4*/**5/4N2/2***2/7/*5*/*2K2* w - 0 1";
    assert_eq!(readable_one("amoeba", fen, "e5c6"), "Nc6#");
}

#[test]
fn american_chess_captures_by_landing() {
    let soldier = "6q4/11/11/3p7/2P8/1P9/11/11/4Q6 w 12";
    assert_eq!(readable_one("american-chess", soldier, "c5d6"), "cxd6");
    let colonel = "6q4/11/11/11/11/11/2p8/11/N1P1Q6 w 8";
    assert_eq!(readable_one("american-chess", colonel, "a1c3"), "Nxc3");
    let artillery = "6q4/2p8/7r3/11/11/2P1p6/11/2C8/4Q6 w 17";
    assert_eq!(readable_one("american-chess", artillery, "c2h7"), "Cxh7");
    let missile = "1r4q4/11/9p1/11/11/3M7/11/11/4Q6 w 5";
    assert_eq!(readable_one("american-chess", missile, "d4j7"), "Mxj7");
}

#[test]
fn american_chess_promotion_to_general_is_shown() {
    let fen = "6q4/1P9/11/11/11/11/11/11/4Q6 w 30";
    assert_eq!(readable_one("american-chess", fen, "b8b9"), "b9=Q");
}

#[test]
fn pawns_to_kings_taking_a_friend_is_a_capture() {
    let fen = "8/7p/8/8/8/8/1NK4P/A7 w 0 33";
    assert_eq!(readable_one("pawns-to-kings", fen, "a1b2"), "Axb2");
}

#[test]
fn pawns_to_kings_a_king_for_the_opponent_is_lower_case() {
    let fen = "8/1P5p/8/8/8/8/8/7N w 0 38";
    assert_eq!(readable_one("pawns-to-kings", fen, "b7a8=k"), "a8=k");
    assert_eq!(readable_one("pawns-to-kings", fen, "b7a8=Q"), "a8=Q");
}
