//! The variant language's backward threat test (`language/threat.rs`): for each capture a file
//! can take a royal piece by that is not landing on it, a position where the side to move is in
//! check by it and a near miss where it is not, each as the file and its built-in say alike.

use oddboard_rules::{Loc, RulesExt, Variant};

/// Whether the side to move in `fen` is in check, by the variant file `id` and by its built-in
/// (which must agree).
fn in_check(id: &str, fen: &str) -> bool {
    let path = format!("{}/../variants/{id}.ron", env!("CARGO_MANIFEST_DIR"));
    let answers = [id, path.as_str()].map(|spec| {
        let variant = Variant::load(spec, &[]).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let pos = variant
            .parse_fen(fen)
            .unwrap_or_else(|e| panic!("{spec} refuses {fen}: {e}"));
        variant.in_check(&pos)
    });
    assert_eq!(answers[0], answers[1], "{id} at {fen}: built-in, file");
    answers[1]
}

#[test]
fn a_rook_approaching_along_the_file_checks() {
    // The Rook on c1 stops on c4, moving towards the King on c5.
    assert!(in_check(
        "fanorona-chess",
        "5/5/5/5/2k2/5/5/5/2R1K b - - 0 1"
    ));
    // A piece on c4 leaves it no point to stop on beside the King.
    assert!(!in_check(
        "fanorona-chess",
        "5/5/5/5/2k2/2p2/5/5/2R1K b - - 0 1"
    ));
}

#[test]
fn a_rook_withdrawing_along_the_file_checks() {
    // The Rook on c4 moves away from the King on c5, to c3.
    assert!(in_check(
        "fanorona-chess",
        "5/5/5/5/2k2/2R2/5/5/4K b - - 0 1"
    ));
    // With c3 taken, it cannot move straight away.
    assert!(!in_check(
        "fanorona-chess",
        "5/5/5/5/2k2/2R2/2P2/5/4K b - - 0 1"
    ));
}

#[test]
fn a_pawn_closing_a_diagonal_pincer_checks() {
    // The Pawn on c3 steps to c4, with the King on d5 between it and the Pawn on e6.
    assert!(in_check(
        "amphora",
        "*5*/**3**/*3P1*/3k3/7/*1P3*/**3**/*2K2* b - 00 0 1"
    ));
    // With an enemy Pawn on e6 there is no pincer.
    assert!(!in_check(
        "amphora",
        "*5*/**3**/*3p1*/3k3/7/*1P3*/**3**/*2K2* b - 00 0 1"
    ));
}

#[test]
fn a_pawn_entering_the_far_rank_may_remove_the_king_from_afar() {
    // The Pawn on c7 steps to c8 and may lift the King on d4: Black has no Pawn and no Guard.
    assert!(in_check(
        "amphora",
        "*5*/**P2**/*5*/7/3k3/*5*/**3**/*2K2* b - 00 0 1"
    ));
    // A Guard in Black's hand keeps the King from being removed.
    assert!(!in_check(
        "amphora",
        "*5*/**P2**/*5*/7/3k3/*5*/**3**/*2K2* b g 00 0 1"
    ));
}

#[test]
fn a_piece_shielding_the_king_from_an_approach_stays_while_others_move() {
    // The Rook on c4 stands between the Rook on c1 and the King on c5: it may not leave the
    // file (the Rook on c1 would stop on c4), while the Knight on a9, off the King's lines,
    // moves freely.
    let fen = "n4/5/5/5/2k2/2r2/5/5/2R1K b - - 0 1";
    let path = format!(
        "{}/../variants/fanorona-chess.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let [built_in, file] = ["fanorona-chess", path.as_str()].map(|spec| {
        let variant = Variant::load(spec, &[]).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let pos = variant.parse_fen(fen).expect("the position");
        let mut texts = variant.legal_turn_texts(&pos);
        texts.sort();
        (texts, variant.legal_turns(&pos))
    });
    assert_eq!(built_in.0, file.0, "built-in, file");
    let from = |square: &str| {
        let at = Loc::parse(square).expect("a square");
        file.1.iter().filter(move |t| t.from == at)
    };
    assert!(from("c4").all(|t| t.to.file() == 2), "{:?}", file.0);
    assert!(from("c4").count() > 0, "{:?}", file.0);
    assert!(from("a9").count() > 0, "{:?}", file.0);
}
