//! `oddboard variant check`: a variant as its author wants to see it while writing its file —
//! the start position drawn, each piece's moves from a square drawn, and perft 1 to 3 from the
//! start — so that a variant is written and tried without a window.

use crate::rules::{Board, Content, Loc, Piece, RulesExt, Side, Variant, default_threads};

/// The deepest perft counted.
const DEPTH: u32 = 3;

/// What `variant check` prints for `variant`: its heading, start position, pieces and perft,
/// a blank line between them.
pub(super) fn report(variant: &Variant) -> String {
    [
        heading(variant),
        start(variant),
        pieces(variant),
        perft(variant),
    ]
    .join("\n")
}

/// The variant's name, its id (a file's path) and the options it was built with.
fn heading(variant: &Variant) -> String {
    let options = variant.options().names();
    let with = if options.is_empty() {
        String::new()
    } else {
        format!(", with {}", options.join(", "))
    };
    format!("{} — {}{with}\n", variant.data().name, variant.id())
}

/// The start position's FEN, then its board.
fn start(variant: &Variant) -> String {
    let start = variant.start();
    format!(
        "Start position: {}\n\n{}",
        variant.fen(start),
        drawn(variant, &start.board, |_| None)
    )
}

/// Each piece of the game: its name, letter and moves as the file writes them, then where the
/// first player's piece moves from a square (with Kings beside it where the rules need them),
/// or why there is no diagram.
fn pieces(variant: &Variant) -> String {
    let mut out = String::from(
        "Pieces: the first player's, each on an empty board (with Kings where the rules need \
         them)\n* a square it moves to, x a piece it takes\n",
    );
    for data in variant.data().pieces_in(variant.options()) {
        let piece = Piece::new(data.kind, Side::White);
        let letter = variant.letters().letter(piece);
        out.push_str(&format!("\n{} ({letter}): {}\n", data.name, data.moves));
        let Some(diagram) = variant.piece_diagram(piece) else {
            out.push_str("no diagram: it moves from no square of an empty board\n");
            continue;
        };
        let board = &diagram.position.board;
        out.push_str(&drawn(variant, board, |loc| match board.content(loc) {
            Content::Occupied(_) if diagram.reach.contains(loc) => Some('x'),
            Content::Empty if diagram.reach.contains(loc) => Some('*'),
            _ => None,
        }));
    }
    out
}

/// Perft from the start position at each depth from 1 to [`DEPTH`], counted as `perft` counts.
fn perft(variant: &Variant) -> String {
    let mut out = String::from("Perft from the start position\n");
    for depth in 1..=DEPTH {
        let leaves = variant.perft_threads(variant.start(), depth, default_threads());
        out.push_str(&format!("depth {depth}: {leaves}\n"));
    }
    out
}

/// `board` as text, ranks from the top, each after its number, and the files' letters beneath:
/// a square is its mark where `mark` gives one, else its piece's letter, else `.`; a hole is
/// blank.
fn drawn(variant: &Variant, board: &Board, mark: impl Fn(Loc) -> Option<char>) -> String {
    let geometry = variant.geometry();
    let cell = |file: u8, rank: u8| {
        let loc = geometry.loc(file.into(), rank.into())?;
        match board.content(loc) {
            Content::Hole => None,
            Content::Empty => Some(mark(loc).unwrap_or('.')),
            Content::Occupied(piece) => Some(mark(loc).unwrap_or(variant.letters().letter(piece))),
        }
    };
    let mut out = String::new();
    for rank in (0..geometry.ranks()).rev() {
        let cells: String = (0..geometry.files())
            .map(|file| format!(" {}", cell(file, rank).unwrap_or(' ')))
            .collect();
        out.push_str(format!("{:>2}{cells}", rank + 1).trim_end());
        out.push('\n');
    }
    let files: String = (b'a'..)
        .take(geometry.files().into())
        .map(|file| format!(" {}", char::from(file)))
        .collect();
    out.push_str(&format!("  {files}\n"));
    out
}
