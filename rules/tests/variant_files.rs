//! Reading variant files: a bad file is a one-line error naming the file, the field and why,
//! and a good one plays. Each test writes a small file of its own (orthodox chess, changed)
//! into a directory of its own.

use oddboard_rules::{Error, RulesExt, Typed, Variant};
use std::path::PathBuf;

/// The shipped chess file's text.
pub fn chess_text() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess.ron");
    std::fs::read_to_string(path).expect("variants/chess.ron is shipped")
}

/// Writes `text` as `<id>.ron` in a fresh directory named after `test`, and returns its path.
fn write(test: &str, id: &str, text: &str) -> String {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "oddboard-variant-files-{}-{test}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(format!("{id}.ron"));
    std::fs::write(&path, text).expect("the file is written");
    path.to_string_lossy().into_owned()
}

/// The one-line error loading `text` (as `chess.ron`) gives.
pub fn error_of(test: &str, text: &str) -> String {
    error_of_file(test, "chess", text)
}

/// The one-line error loading the shipped `variants/<id>.ron` with `from` changed to `to`
/// gives (written fresh for `test`).
pub fn error_of_changed(test: &str, id: &str, from: &str, to: &str) -> String {
    let shipped = format!("{}/../variants/{id}.ron", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&shipped).expect("the file is shipped");
    assert!(text.contains(from), "{test}: '{from}' is in {id}.ron");
    error_of_file(test, id, &text.replace(from, to))
}

/// The one-line error loading `text` as `<id>.ron` gives (written fresh for `test`).
fn error_of_file(test: &str, id: &str, text: &str) -> String {
    let path = write(test, id, text);
    match Variant::load(&path, &[]) {
        Err(error) => {
            let line = error.to_string();
            assert!(!line.contains('\n'), "one line: {line}");
            assert!(line.contains(&path), "names the file: {line}");
            line
        }
        Ok(_) => panic!("{test}: the changed file loads"),
    }
}

#[test]
fn a_variant_file_plays_where_an_id_would() {
    let path = write("plays", "chess", &chess_text());
    let variant = Variant::load(&path, &[]).expect("the file loads");
    assert_eq!(variant.id(), path);
    assert_eq!(variant.legal_turns(variant.start()).len(), 20);
    assert_eq!(variant.data().name, "Chess (file)");
}

#[test]
fn an_unknown_piece_is_named() {
    let line = error_of(
        "unknown-piece",
        &chess_text().replace("to: \"QRBN\"", "to: \"QRBX\""),
    );
    assert!(
        line.contains("pieces: Pawn") && line.contains("'X' is not a piece"),
        "{line}"
    );
}

#[test]
fn bad_notation_is_named() {
    let line = error_of(
        "bad-notation",
        &chess_text().replace("moves: \"N\"", "moves: \"qN\""),
    );
    assert!(
        line.contains("pieces: Knight") && line.contains("'q' is not a modifier"),
        "{line}"
    );
}

#[test]
fn an_unknown_letter_in_the_start_position_is_named() {
    let line = error_of(
        "start-letter",
        &chess_text().replace("rnbqkbnr/", "rnbqkbnx/"),
    );
    assert!(line.contains("start") && line.contains("'x'"), "{line}");
}

#[test]
fn a_move_that_leaves_the_board_is_refused() {
    let far = chess_text().replace("moves: \"N\"", "moves: \"fvN\"");
    let small = far
        .replace("files: 8, ranks: 8", "files: 1, ranks: 8")
        .replace(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            "k/p/1/1/1/1/P/K w -",
        );
    let line = error_of("leaves-the-board", &small);
    assert!(
        line.contains("leaves the board from every square"),
        "{line}"
    );
}

#[test]
fn a_start_position_with_no_legal_turn_is_refused() {
    let text = chess_text().replace(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "7k/8/8/8/8/8/5q2/7K w - - 0 1",
    );
    let line = error_of("no-legal-turn", &text);
    assert!(
        line.contains("start") && line.contains("no legal turn"),
        "{line}"
    );
}

#[test]
fn checkmate_without_a_royal_piece_is_refused() {
    let text = chess_text().replace("royal: true,", "");
    let line = error_of("no-royal", &text);
    assert!(line.contains("ends") && line.contains("royal"), "{line}");
}

#[test]
fn a_file_not_named_after_its_id_is_refused() {
    let path = write("misnamed", "mychess", &chess_text());
    let Err(Error::Data { place, why }) = Variant::load(&path, &[]) else {
        panic!("a misnamed file loads");
    };
    assert!(place.ends_with(": id"), "{place}");
    assert!(
        why.contains("'chess'") && why.contains("'mychess'"),
        "{why}"
    );
}

#[test]
fn malformed_ron_names_line_and_column() {
    let line = error_of("malformed", &chess_text().replace("board: (", "board: ["));
    assert!(line.contains("chess.ron:"), "{line}");
}

#[test]
fn a_missing_file_is_named() {
    let Err(error) = Variant::load("no/such/variant.ron", &[]) else {
        panic!("a missing file loads");
    };
    assert!(error.to_string().contains("no/such/variant.ron"), "{error}");
}

/// The 12 × 10 test variant (rules/tests/data/variants/big-chess.ron): chess on the largest
/// board, with an Archbishop and a Chancellor a side.
fn big_chess() -> Variant {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/big-chess.ron"
    );
    Variant::load(path, &[]).expect("big-chess.ron loads")
}

/// Its perft counts, each cross-checked with Fairy-Stockfish 11.1 LB (a `[bigchess:chess]`
/// variant of `maxFile = l`, `maxRank = 10`, `archbishop = a`, `chancellor = c`, the same
/// start, `promotionRank = 10`, `promotionPieceTypes = qrbnac`, `doubleStepRank = 2`,
/// `castling = false`; `go perft 3`).
///
/// - The start: 36 turns, as reasoned: 12 Pawns one or two steps (24), the Knights two each
///   (4), the Archbishops and Chancellors two knight's leaps each (8); the riders are shut in.
///   The armies are six ranks apart, so no first turn changes the other side's 36 replies: 1296.
/// - A Rook on a1 against a King on b10: up the a-file to a10 (9), along the first rank to
///   k1 (10), the King on l1 three steps: 22.
/// - A Pawn on a9 promotes on a10 six ways; the Rook, blocked at a8, has 7 + 10 squares; the
///   King has l2 alone, k1 and k2 being on the Rook's k-file: 24.
const BIG_CHESS_PERFT: &[(&str, [u64; 3])] = &[
    (
        "rnbacqkcabnr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/RNBACQKCABNR w - 0 1",
        [36, 1296, 54922],
    ),
    ("1k10/12/12/12/12/12/12/12/12/R10K w - 0 1", [22, 82, 1815]),
    (
        "3k6r1/P11/12/12/12/12/12/12/12/R10K w - 0 1",
        [24, 426, 10337],
    ),
];

#[test]
fn a_file_variant_plays_on_a_board_of_12_files_and_10_ranks() {
    let variant = big_chess();
    let geometry = variant.geometry();
    assert_eq!((geometry.files(), geometry.ranks()), (12, 10));
    assert_eq!(
        variant.fen(variant.start()),
        BIG_CHESS_PERFT[0].0,
        "the start reads and writes back"
    );
    for (fen, counts) in BIG_CHESS_PERFT {
        let pos = variant.parse_fen(fen).expect("the FEN reads");
        assert_eq!(&variant.fen(&pos), fen);
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(variant.perft(&pos, depth), *count, "{fen} at depth {depth}");
        }
    }
}

#[test]
fn squares_of_the_tenth_rank_and_the_twelfth_file_read_and_print() {
    let variant = big_chess();
    let pos = variant
        .parse_fen(BIG_CHESS_PERFT[2].0)
        .expect("the FEN reads");
    let mut texts: Vec<String> = variant
        .legal_turns(&pos)
        .iter()
        .map(|t| variant.turn_text(t))
        .collect();
    texts.sort();
    assert_eq!(
        texts[..8],
        [
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1"
        ]
    );
    assert!(texts.contains(&"a9a10=Q".to_string()) && texts.contains(&"l1l2".to_string()));
    let promotion = variant.parse_turn(&pos, "a9a10=C").expect("a legal turn");
    assert_eq!(variant.turn_text(&promotion), "a9a10=C");
    assert_eq!(variant.readable_turn(&pos, &promotion), "a10=C+");
    let after = variant.play_unchecked(&pos, &promotion);
    assert_eq!(
        variant.fen(&after),
        "C2k6r1/12/12/12/12/12/12/12/12/R10K b - 0 1"
    );
    let reply = variant.parse_turn(&after, "d10e9").expect("a legal turn");
    assert_eq!(variant.readable_turn(&after, &reply), "Ke9");
    assert!(
        variant.parse_turn(&after, "k10k1").is_err(),
        "leaves the King in check"
    );
    assert!(
        variant.parse_turn(&after, "a10a9").is_err(),
        "not Black's piece"
    );
    for (text, why) in [
        ("m1m2", "'m1' is not a square"),
        ("a11a10", "'a11' is not a square"),
    ] {
        let error = variant.parse_turn(&pos, text).expect_err(text).to_string();
        assert!(error.contains(why) && !error.contains('\n'), "{error}");
    }
    let pos = variant
        .parse_fen("k11/2p9/12/3P8/12/12/12/12/12/K11 b - 0 1")
        .expect("the FEN reads");
    let double_step = variant.parse_turn(&pos, "c9c7").expect("a legal turn");
    let after = variant.play_unchecked(&pos, &double_step);
    let fen = "k11/12/12/2pP8/12/12/12/12/12/K11 w c8 0 2";
    assert_eq!(variant.fen(&after), fen);
    assert_eq!(variant.fen(&variant.parse_fen(fen).expect("reads")), fen);
    let captures: Vec<String> = variant
        .legal_turns(&after)
        .iter()
        .map(|t| variant.turn_text(t))
        .filter(|t| t.starts_with("d7c8"))
        .collect();
    assert_eq!(captures.len(), 1, "{captures:?}");
}

#[test]
fn a_typed_turn_may_name_squares_of_the_tenth_rank() {
    let variant = big_chess();
    let pos = variant
        .parse_fen(BIG_CHESS_PERFT[2].0)
        .expect("the FEN reads");
    let legal = variant.legal_turns(&pos);
    let read = |text: &str| match variant.read_typed(&pos, &legal, text) {
        Typed::Turn(turn) => variant.turn_text(&turn),
        Typed::Candidates(turns) => format!("{} candidates", turns.len()),
        Typed::Refused(why) => format!("refused: {why}"),
    };
    assert_eq!(read("a10Q"), "a9a10=Q");
    assert_eq!(read("a10=A+"), "a9a10=A");
    assert_eq!(read("a9a10=C"), "a9a10=C");
    assert_eq!(read("a10"), "6 candidates");
    assert_eq!(read("Ra8"), "a1a8");
    assert_eq!(read("Kl2"), "l1l2");
    assert_eq!(read("Ral1"), "refused: no Rook can move to l1");
    assert_eq!(read("Rm1"), "refused: 'm1' is not a square of this board");
    assert_eq!(read("a11"), "refused: 'a11' is not a square of this board");
}

#[test]
fn a_board_or_a_square_beyond_12_files_and_10_ranks_is_refused() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/big-chess.ron"
    ))
    .expect("the fixture reads");
    for (test, from, to) in [
        ("13-files", "files: 12", "files: 13"),
        ("11-ranks", "ranks: 10", "ranks: 11"),
    ] {
        let path = write(test, "big-chess", &text.replace(from, to));
        let line = Variant::load(&path, &[])
            .err()
            .expect("refused")
            .to_string();
        assert!(
            line.contains("at most 12 files × 10 ranks") && !line.contains('\n'),
            "{line}"
        );
    }
    for (test, square) in [("m1", "m1"), ("a11", "a11")] {
        let changed = text.replace("Ranks([1]),", &format!("Squares([\"{square}\"]),"));
        let path = write(test, "big-chess", &changed);
        let line = Variant::load(&path, &[])
            .err()
            .expect("refused")
            .to_string();
        assert!(line.contains(square) && !line.contains('\n'), "{line}");
    }
}

/// Chess whose captures explode as `explosion` (a RON `ExplosionSpec`) says.
fn exploding(explosion: &str) -> String {
    chess_text().replace(
        "state: [Castling, EnPassant],",
        &format!("state: [Castling, EnPassant],\n    capture: (explosion: Some({explosion})),"),
    )
}

#[test]
fn an_explosion_around_a_rider_is_refused() {
    let line = error_of("explosion-rider", &exploding("(around: \"R\")"));
    assert!(
        line.contains("capture: explosion: around") && line.contains("not a plain leap"),
        "{line}"
    );
}

#[test]
fn an_explosion_around_bad_notation_is_named() {
    let line = error_of("explosion-notation", &exploding("(around: \"X\")"));
    assert!(
        line.contains("capture: explosion: around") && line.contains("'X' is not an atom"),
        "{line}"
    );
}

#[test]
fn an_explosion_sparing_an_unknown_piece_is_named() {
    let line = error_of(
        "explosion-spares",
        &exploding("(around: \"K\", spares: \"PX\")"),
    );
    assert!(
        line.contains("capture: explosion: spares") && line.contains("'X' is not a piece"),
        "{line}"
    );
}

#[test]
fn an_explosion_where_nothing_captures_is_refused() {
    let text = exploding("(around: \"K\")")
        .replace("capture: (explosion", "capture: (modes: [], explosion")
        .replace("cfF efF", "fF");
    let line = error_of("explosion-no-modes", &text);
    assert!(
        line.contains("capture: explosion") && line.contains("nothing captures"),
        "{line}"
    );
}

#[test]
fn a_capturing_move_where_nothing_captures_is_refused() {
    let text = chess_text().replace(
        "state: [Castling, EnPassant],",
        "state: [Castling, EnPassant],\n    capture: (modes: []),",
    );
    let line = error_of("no-modes-capture-atom", &text);
    assert!(
        line.contains("pieces: Pawn") && line.contains("capture modes are none"),
        "{line}"
    );
}

#[test]
fn where_nothing_captures_no_move_lands_on_an_occupied_square() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/no-captures.ron");
    let variant = Variant::load(path, &[]).expect("the file loads");
    // The Rook on b1 is blocked by the enemy Rook on b2; the Knight on b1 cannot land on c3.
    for (fen, turns) in [
        ("4/4/1r2/1R2 w 1", "b1a1 b1c1 b1d1"),
        ("4/2r1/4/1N2 w 1", "b1a3 b1d2"),
    ] {
        let pos = variant.parse_fen(fen).expect("a position of the file");
        assert_eq!(variant.legal_turn_texts(&pos).join(" "), turns, "{fen}");
    }
}

#[test]
fn an_explosion_that_can_blow_up_a_royal_piece_needs_an_end_for_it() {
    // Chess ends by checkmate only; an explosion beside the King would leave a side without one.
    let line = error_of("explosion-no-royal-end", &exploding("(around: \"K\")"));
    assert!(
        line.contains("ends") && line.contains("blow up a royal piece"),
        "{line}"
    );
}
