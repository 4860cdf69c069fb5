//! A turn typed in the keyboard move box (`Variant::read_typed`): whole texts, parts that
//! narrow the legal turns, any case, and the one-line refusals.

use crate::common::{config, game_after, name, setups};
use oddboard_rules::{RulesExt, Turn, Typed, Variant};
use proptest::prelude::*;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What was read, in short: `turn <canonical>`, `candidates <canonical>…` or
/// `refused: <why>`.
fn shown(variant: &Variant, typed: &Typed) -> String {
    match typed {
        Typed::Turn(turn) => format!("turn {}", variant.turn_text(turn)),
        Typed::Candidates(turns) => {
            let texts: Vec<String> = turns.iter().map(|t| variant.turn_text(t)).collect();
            format!("candidates {}", texts.join(" "))
        }
        Typed::Refused(why) => format!("refused: {why}"),
    }
}

/// What `text` names among the legal turns of `variant` from `fen` after `moves`, sorted.
fn read(variant: &str, fen: &str, moves: &str, text: &str) -> String {
    read_among(variant, fen, moves, "", text)
}

/// As [`read`], among only the legal turns whose canonical text starts with `start` (a piece
/// picked on the board).
fn read_among(variant: &str, fen: &str, moves: &str, start: &str, text: &str) -> String {
    let game = game_after(variant, fen, moves);
    let variant = game.variant();
    let pos = game.position();
    let mut among: Vec<Turn> = variant
        .legal_turns(pos)
        .into_iter()
        .filter(|t| variant.turn_text(t).starts_with(start))
        .collect();
    among.sort_by_key(|t| variant.turn_text(t));
    shown(variant, &variant.read_typed(pos, &among, text))
}

#[test]
fn chess_readable_text_from_the_start() {
    assert_eq!(read("chess", CHESS_START, "", "Nf3"), "turn g1f3");
    assert_eq!(read("chess", CHESS_START, "", "e4"), "turn e2e4");
}

#[test]
fn chess_canonical_text() {
    assert_eq!(read("chess", CHESS_START, "", "g1f3"), "turn g1f3");
    assert_eq!(read("chess", CHESS_START, "", "  g1f3  "), "turn g1f3");
}

#[test]
fn chess_any_case_when_nothing_fits_as_typed() {
    assert_eq!(read("chess", CHESS_START, "", "nf3"), "turn g1f3");
    assert_eq!(read("chess", CHESS_START, "", "G1F3"), "turn g1f3");
}

#[test]
fn chess_exact_case_wins_a_file_over_a_bishop() {
    let fen = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1";
    assert_eq!(read("chess", fen, "", "b3"), "turn b2b3");
    assert_eq!(
        read("chess", fen, "", "Bb2"),
        "refused: no Bishop can move to b2"
    );
    assert_eq!(read("chess", fen, "", "Bd2"), "turn c1d2");
    assert_eq!(read("chess", fen, "", "bd2"), "turn c1d2");
}

#[test]
fn chess_check_and_checkmate_marks_typed_or_not() {
    let moves = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6";
    assert_eq!(read("chess", CHESS_START, moves, "Qxf7#"), "turn h5f7");
    assert_eq!(read("chess", CHESS_START, moves, "Qxf7"), "turn h5f7");
    assert_eq!(read("chess", CHESS_START, moves, "Qxf7+"), "turn h5f7");
    assert_eq!(read("chess", CHESS_START, moves, "Qxf7#!?"), "turn h5f7");
}

#[test]
fn chess_castling_with_letters_or_zeros() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(read("chess", fen, "", "O-O"), "turn e1g1");
    assert_eq!(read("chess", fen, "", "0-0"), "turn e1g1");
    assert_eq!(read("chess", fen, "", "O-O-O"), "turn e1c1");
    assert_eq!(read("chess", fen, "", "0-0-0"), "turn e1c1");
}

#[test]
fn chess_pawn_capture() {
    let moves = "e2e4 d7d5";
    assert_eq!(read("chess", CHESS_START, moves, "exd5"), "turn e4d5");
    assert_eq!(read("chess", CHESS_START, moves, "e4d5"), "turn e4d5");
}

#[test]
fn chess_promotion_with_or_without_its_sign() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert_eq!(read("chess", fen, "", "e8=Q"), "turn e7e8=Q");
    assert_eq!(read("chess", fen, "", "e8Q"), "turn e7e8=Q");
    assert_eq!(read("chess", fen, "", "e8=n"), "turn e7e8=N");
    assert_eq!(
        read("chess", fen, "", "e8"),
        "candidates e7e8=B e7e8=N e7e8=Q e7e8=R"
    );
    assert_eq!(
        read("chess", fen, "", "e7e8"),
        "candidates e7e8=B e7e8=N e7e8=Q e7e8=R"
    );
}

#[test]
fn chess_the_start_of_the_last_part_lists_what_it_may_become() {
    assert_eq!(
        read("chess", CHESS_START, "", "N"),
        "candidates b1a3 b1c3 g1f3 g1h3"
    );
    assert_eq!(read("chess", CHESS_START, "", "Nf"), "turn g1f3");
}

#[test]
fn chess_a_move_without_what_tells_its_piece_apart_lists_both() {
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_eq!(read("chess", knights, "", "Nd2"), "candidates b1d2 f3d2");
    assert_eq!(read("chess", knights, "", "Nbd2"), "turn b1d2");
}

#[test]
fn fanorona_approach_or_withdrawal_is_a_choice() {
    let fen = "4k/5/2p2/5/2R2/2p2/5/5/K4 w - - 0 1";
    assert_eq!(
        read("fanorona-chess", fen, "", "Rc6"),
        "candidates c5c6xc4 c5c6xc7"
    );
    assert_eq!(read("fanorona-chess", fen, "", "Rc6 xc7"), "turn c5c6xc7");
    assert_eq!(read("fanorona-chess", fen, "", "c5c6xc4"), "turn c5c6xc4");
    assert_eq!(
        read("fanorona-chess", fen, "", "c5c6"),
        "candidates c5c6xc4 c5c6xc7"
    );
}

#[test]
fn fanorona_the_capture_alone_once_the_piece_is_picked() {
    let fen = "4k/5/2p2/5/2R2/2p2/5/5/K4 w - - 0 1";
    assert_eq!(
        read_among("fanorona-chess", fen, "", "c5c6", "xc4"),
        "turn c5c6xc4"
    );
    assert_eq!(
        read_among("fanorona-chess", fen, "", "c5c6", "xa1"),
        "refused: 'xa1' is not a legal turn here"
    );
}

#[test]
fn amphora_interception_is_part_of_the_pawns_move() {
    let fen = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    assert_eq!(read("amphora", fen, "", "e3 xd4"), "turn e2e3");
    assert_eq!(read("amphora", fen, "", "e3"), "turn e2e3");
}

#[test]
fn amphora_guard_placement_then_its_move() {
    let fen = "*4k*/**3**/*5*/7/4p2/*2P2*/**3**/*K4* w Gg 00 0 1";
    let placed = "candidates g@e7,e7d6 g@e7,e7d7 g@e7,e7e6 g@e7,e7f6 g@e7,f8e8";
    assert_eq!(read("amphora", fen, "d3e4", "G@e7"), placed);
    assert_eq!(read("amphora", fen, "d3e4", "G@e7 Gd6"), "turn g@e7,e7d6");
    assert_eq!(read("amphora", fen, "d3e4", "g@e7,e7d6"), "turn g@e7,e7d6");
}

#[test]
fn amoeba_slide_parts_narrow_the_turn() {
    let fen = "*2k2*/*p4*/7/1*1**2/7/*5*/*2R1K* w - 0 1";
    assert_eq!(read("amoeba", fen, "", "Kf2 ~c4d4+"), "turn f1f2,~c4d4");
    assert_eq!(read("amoeba", fen, "", "Kf2 ~c4d4"), "turn f1f2,~c4d4");
    let slid = "candidates d1b1,~c4d4 d1c1,~c4d4 d1d2,~c4d4 d1d3,~c4d4 d1e1,~c4d4 f1e1,~c4d4 \
                f1e2,~c4d4 f1f2,~c4d4";
    assert_eq!(read("amoeba", fen, "", "~c4d4"), slid);
    assert_eq!(
        read("amoeba", fen, "", "Kf2 ~c"),
        read("amoeba", fen, "", "f1f2 ~c")
    );
    assert_eq!(read("amoeba", fen, "", "Kf2"), "turn f1f2");
}

#[test]
fn refusals_name_the_bad_token() {
    let refused = |text: &str| read("chess", CHESS_START, "", text);
    assert_eq!(
        refused(""),
        "refused: type a turn: its move (Nf3) or its squares (g1f3)"
    );
    assert_eq!(refused("   "), refused(""));
    assert_eq!(
        refused("Nz9"),
        "refused: 'z9' is not a square of this board"
    );
    assert_eq!(refused("i4"), "refused: 'i4' is not a square of this board");
    assert_eq!(refused("Zf3"), "refused: Chess has no piece lettered 'Z'");
    assert_eq!(refused("Qh5"), "refused: no Queen can move to h5");
    assert_eq!(refused("e5"), "refused: no Pawn can move to e5");
    assert_eq!(refused("g1g5"), "refused: 'g1g5' is not a legal turn here");
    assert_eq!(
        refused("Nf3 xe5"),
        "refused: 'Nf3 xe5' is not a legal turn here"
    );
}

#[test]
fn amphora_locations_outside_the_jug_are_not_squares() {
    let fen = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    assert_eq!(
        read("amphora", fen, "", "Ka1"),
        "refused: 'a1' is not a square of this board"
    );
}

#[test]
fn no_turn_to_choose_from() {
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(
        read("chess", mate, "", "e4"),
        "refused: there is no turn to play here"
    );
}

#[test]
fn every_legal_turn_reads_back_from_its_readable_and_canonical_text() {
    for variant in setups() {
        let pos = variant.start();
        let among = variant.legal_turns(pos);
        for turn in &among {
            let readable = variant.readable_turn(pos, turn);
            assert_eq!(
                variant.read_typed(pos, &among, &readable),
                Typed::Turn(*turn)
            );
            let canonical = variant.turn_text(turn);
            assert_eq!(
                variant.read_typed(pos, &among, &canonical),
                Typed::Turn(*turn)
            );
        }
    }
}

/// The part of a typed text that a refusal names: the text between its quotes (`'z9' is not a
/// square of this board`), else the square after its last ` to ` (`no Pawn can move to e4`).
fn named_part(refusal: &str) -> Option<&str> {
    match refusal.split_once('\'') {
        Some((_, rest)) => rest.rsplit_once('\'').map(|(inside, _)| inside),
        None => refusal.rsplit_once(" to ").map(|(_, square)| square),
    }
}

/// Why `typed`, read from `text`, is not a one-line refusal naming a part of `text`, if it is
/// not.
fn not_refused_naming(variant: &Variant, text: &str, typed: &Typed) -> Option<String> {
    let Typed::Refused(why) = typed else {
        return Some(format!("read as {:.80}", shown(variant, typed)));
    };
    let names = named_part(why).is_some_and(|part| !part.is_empty() && text.contains(part));
    (!names || why.contains('\n')).then(|| format!("refused with {why:.80}"))
}

#[test]
fn odd_texts_are_refused_without_panicking() {
    let odd = [
        "@@@",
        "x",
        "x@",
        "=",
        "+",
        "#",
        "!",
        "O-O-O-O",
        "é4",
        "♘f3",
        "Nf3 Nf3",
        "99",
        "xx9",
        "~z9z9",
        "G@",
        "@e4",
        "e4=",
        "=Q",
        "e8=",
        "\u{0}",
        "a\u{301}1",
    ];
    // A file's letter or a mark alone may narrow the turns to those written with it.
    let partial = ["~", "e", "a"];
    let mut failures = Vec::new();
    for variant in setups() {
        let pos = variant.start();
        let among = variant.legal_turns(pos);
        let long = "Nf3 ".repeat(2000);
        for text in odd.iter().copied().chain([long.as_str()]) {
            let typed = variant.read_typed(pos, &among, text);
            if let Some(why) = not_refused_naming(variant, text, &typed) {
                failures.push(format!("{} {text:.40?}: {why}", name(variant)));
            }
        }
        for text in partial {
            let typed = variant.read_typed(pos, &among, text);
            let read = match &typed {
                Typed::Turn(turn) => vec![*turn],
                Typed::Candidates(turns) => turns.clone(),
                Typed::Refused(_) => Vec::new(),
            };
            let refused_naming = not_refused_naming(variant, text, &typed).is_none();
            if !refused_naming && (read.is_empty() || !read.iter().all(|t| among.contains(t))) {
                failures.push(format!(
                    "{} {text:?}: {}",
                    name(variant),
                    shown(variant, &typed)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn any_text_reads_without_panicking(text in "\\PC{0,24}", index in 0usize..64) {
        let variant = &setups()[index % setups().len()];
        let pos = variant.start();
        let among = variant.legal_turns(pos);
        let _ = variant.read_typed(pos, &among, &text);
    }
}
