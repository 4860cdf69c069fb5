//! What decided a finished game (`Game::deciding_squares`): each reason an end can have, from
//! a FEN and the turns played.

use crate::common::{game_after, squares};
use oddboard_rules::{LocSet, Reason, Side, Variant};

/// The outcome, as written, of the game of `variant` from `fen` after `moves`, and the squares
/// that decided it.
fn decided(variant: &str, fen: &str, moves: &str) -> (String, LocSet) {
    let game = game_after(variant, fen, moves);
    let outcome = game
        .outcome()
        .map_or("ongoing".to_string(), |o| o.to_string());
    (outcome, game.deciding_squares())
}

#[test]
fn ongoing_game_decides_nothing() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        decided("chess", start, "e2e4"),
        ("ongoing".into(), LocSet::EMPTY)
    );
}

#[test]
fn scholars_mate_marks_the_king_and_the_queen() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7";
    assert_eq!(
        decided("chess", start, moves),
        ("1-0 checkmate".into(), squares("e8 f7"))
    );
}

#[test]
fn chess_stalemate_marks_the_stalemated_king() {
    let fen = "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1";
    assert_eq!(
        decided("chess", fen, "e7f7"),
        ("1/2-1/2 stalemate".into(), squares("h8"))
    );
}

#[test]
fn draws_by_the_players_or_by_history_decide_nothing() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let repeated = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    assert_eq!(
        decided("chess", start, repeated),
        ("1/2-1/2 threefold repetition".into(), LocSet::EMPTY)
    );
    let mut resigned = game_after("chess", start, "e2e4");
    resigned.resign(Side::Black);
    assert_eq!(resigned.deciding_squares(), LocSet::EMPTY);
    let mut agreed = game_after("chess", start, "e2e4");
    agreed.agree_draw();
    assert_eq!(agreed.deciding_squares(), LocSet::EMPTY);
    let bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        decided("chess", bare, ""),
        ("1/2-1/2 insufficient material".into(), LocSet::EMPTY)
    );
}

#[test]
fn amphora_checkmate_by_the_entering_king() {
    let fen = "*5*/**1K1**/*5*/p6/1k5/*5*/**3**/*5* b Gg 00 0 1";
    assert_eq!(
        decided("amphora", fen, ""),
        ("1-0 checkmate".into(), squares("b4 d7"))
    );
}

#[test]
fn amphora_king_captured_marks_where_it_was_taken() {
    let fen = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w G 00 0 1";
    assert_eq!(
        decided("amphora", fen, "d7d8xf5"),
        ("1-0 king captured".into(), squares("f5"))
    );
}

#[test]
fn amphora_stalemate_marks_the_stalemated_king() {
    let fen = "*4k*/**3**/*5*/7/7/*1p3*/**P2**/*KP3* w Gg 30 0 1";
    assert_eq!(
        decided("amphora", fen, ""),
        ("0-1 stalemate".into(), squares("b1"))
    );
}

#[test]
fn fanorona_checkmate_by_a_withdrawal_threat() {
    let fen = "5/5/5/5/5/3Q1/5/1K2k/5 w - - 0 1";
    assert_eq!(
        decided("fanorona-chess", fen, "d4d2"),
        ("1-0 checkmate".into(), squares("d2 e2"))
    );
}

#[test]
fn amoeba_checkmate_by_the_knight() {
    let fen = "k*4*/**5/4N2/2***2/7/*5*/*2K2* w - 0 1";
    assert_eq!(
        decided("amoeba", fen, "e5c6"),
        ("1-0 checkmate".into(), squares("a7 c6"))
    );
}

#[test]
fn amoeba_stalemate_by_slide_marks_the_stalemated_king() {
    let fen = "k1*3*/**5/7/2***2/7/*5*/*2K2* w - 0 1";
    assert_eq!(
        decided("amoeba", fen, "d1d2,~b7c7"),
        ("1-0 stalemate by slide".into(), squares("a7"))
    );
}

#[test]
fn american_gauntlet_marks_the_generals_holding_it() {
    let fen = "11/5q5/11/11/q10/11/11/5R5/4Q6 w 7";
    assert_eq!(
        decided("american-chess", fen, "f2f8 a5a6"),
        ("1-0 gauntlet".into(), squares("e1"))
    );
}

#[test]
fn american_turn_limit_marks_both_sides_generals() {
    let fen = "11/5q5/p10/11/11/11/11/5Q5/11 b 50";
    assert_eq!(
        decided("american-chess", fen, "a7a6"),
        ("1/2-1/2 turn limit".into(), squares("f2 f8"))
    );
}

#[test]
fn american_stalemate_is_judged_by_the_generals_on_the_gauntlet() {
    let variant = Variant::load("american-chess", &[]).expect("variant loads");
    let pos = variant
        .parse_fen("11/5q5/p10/11/11/11/11/5Q5/11 b 20")
        .expect("valid FEN");
    assert_eq!(
        variant.judged_pieces(&pos, Reason::Stalemate),
        Some(squares("f2 f8"))
    );
    assert_eq!(variant.judged_pieces(&pos, Reason::Resignation), None);
}

#[test]
fn pawns_to_kings_no_kings_marks_the_kings_left_to_the_loser() {
    let fen = "k7/8/8/3p4/3W4/8/P7/8 w 0 19";
    assert_eq!(
        decided("pawns-to-kings", fen, "d4d5"),
        ("1-0 no kings".into(), squares("a8"))
    );
}

/// Why the game of `variant` from `fen` after `moves` ended, in words.
fn in_words(variant: &str, fen: &str, moves: &str) -> String {
    game_after(variant, fen, moves)
        .decided_in_words()
        .unwrap_or_else(|| "ongoing".to_string())
}

#[test]
fn the_end_in_words_is_the_variants_own() {
    let cases = [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
            "Black's King is in check and cannot get out of it: checkmate.",
        ),
        (
            "chess",
            "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1",
            "e7f7",
            "Black has no legal turn but is not in check: stalemate, a draw.",
        ),
        (
            "amphora",
            "*5*/**1K1**/*5*/p6/1k5/*5*/**3**/*5* b Gg 00 0 1",
            "",
            "Black's King is attacked and cannot escape capture.",
        ),
        (
            "amphora",
            "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w G 00 0 1",
            "d7d8xf5",
            "White has taken Black's King.",
        ),
        (
            "amphora",
            "*4k*/**3**/*5*/7/7/*1p3*/**P2**/*KP3* w Gg 30 0 1",
            "",
            "White has no legal turn left, and in Amphora that loses.",
        ),
        (
            "amoeba",
            "k1*3*/**5/7/2***2/7/*5*/*2K2* w - 0 1",
            "d1d2,~b7c7",
            "White's slide left Black without a legal turn: in Amoeba that wins.",
        ),
        (
            "pawns-to-kings",
            "k7/8/8/3p4/3W4/8/P7/8 w 0 19",
            "d4d5",
            "Black has no King left and can no longer get one.",
        ),
    ];
    for (variant, fen, moves, words) in cases {
        assert_eq!(
            in_words(variant, fen, moves),
            words,
            "{variant} {fen} {moves}"
        );
    }
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(in_words("chess", start, "e2e4"), "ongoing");
}
