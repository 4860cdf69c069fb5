//! Reading variant files: a bad file is a one-line error naming the file, the field and why,
//! and a good one plays. Each test writes a small file of its own (orthodox chess, changed)
//! into a directory of its own.

use oddboard_rules::{Error, RulesExt, Variant};
use std::path::PathBuf;

/// The shipped chess file's text.
fn chess_text() -> String {
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
fn error_of(test: &str, text: &str) -> String {
    let path = write(test, "chess", text);
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
