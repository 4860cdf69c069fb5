//! The parts of FEN every variant shares: the board field, the side field and plain numbers.
//! Each variant reads and writes its own fields after these.

use super::board::{Board, Content};
use super::error::Error;
use super::geometry::Geometry;
use super::letters::PieceLetters;
use super::types::{Loc, LocSet, Side};

/// Where a variant allows locations without a square (`*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holes {
    /// Nowhere: every location of the rectangle is a square.
    None,
    /// Exactly at the locations outside this set of squares (a fixed outline such as
    /// Amphora's jug).
    Outline(LocSet),
    /// Anywhere: squares move during play (the variant checks how many there are).
    Anywhere,
}

/// Reads the board field: ranks from the top, `/` between them, digit runs for empty squares,
/// `*` for a location without a square.
pub fn read_board(
    field: &str,
    geometry: &Geometry,
    letters: &PieceLetters,
    holes: Holes,
) -> Result<Board, Error> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != usize::from(geometry.ranks()) {
        return Err(Error::fen(
            field,
            format!("has {} ranks, expected {}", rows.len(), geometry.ranks()),
        ));
    }
    let mut board = Board::empty();
    for (row_index, row) in rows.iter().enumerate() {
        let rank = i32::from(geometry.ranks()) - 1 - row_index as i32;
        let mut file = 0i32;
        let mut chars = row.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            let (count, content) = if c.is_ascii_digit() {
                let mut end = start + 1;
                while let Some((i, d)) = chars.peek().copied().filter(|(_, d)| d.is_ascii_digit()) {
                    end = i + d.len_utf8();
                    chars.next();
                }
                let run = &row[start..end];
                let n = parse_number(run, "empty-square count")?;
                if n == 0 || n > u32::from(geometry.files()) {
                    return Err(Error::fen(*row, format!("'{run}' is not a square count")));
                }
                (n, Content::Empty)
            } else if c == '*' {
                (1, Content::Hole)
            } else {
                let piece = letters.piece(c).ok_or_else(|| {
                    Error::fen(*row, format!("'{c}' is not a piece of this variant"))
                })?;
                (1, Content::Occupied(piece))
            };
            for _ in 0..count {
                let loc = geometry.loc(file, rank).ok_or_else(|| {
                    Error::fen(
                        *row,
                        format!("rank is longer than {} files", geometry.files()),
                    )
                })?;
                check_hole(loc, content == Content::Hole, holes, row)?;
                match content {
                    Content::Hole => board.make_hole(loc),
                    Content::Occupied(piece) => board.put(loc, piece),
                    Content::Empty => {}
                }
                file += 1;
            }
        }
        if file != i32::from(geometry.files()) {
            return Err(Error::fen(
                *row,
                format!("rank covers {file} files, expected {}", geometry.files()),
            ));
        }
    }
    Ok(board)
}

/// Checks that `loc` holds a square, or not (`hole`), as the variant's holes allow.
fn check_hole(loc: Loc, hole: bool, holes: Holes, row: &str) -> Result<(), Error> {
    let square_expected = match holes {
        Holes::None => true,
        Holes::Outline(squares) => squares.contains(loc),
        Holes::Anywhere => return Ok(()),
    };
    match (square_expected, hole) {
        (true, true) => Err(Error::fen(
            row,
            format!("{loc} is a square on this board, not '*'"),
        )),
        (false, false) => Err(Error::fen(
            row,
            format!("{loc} has no square on this board: write '*'"),
        )),
        _ => Ok(()),
    }
}

/// Writes the board field.
pub fn write_board(board: &Board, geometry: &Geometry, letters: &PieceLetters) -> String {
    let mut out = String::new();
    for rank in (0..i32::from(geometry.ranks())).rev() {
        let mut empty = 0;
        for file in 0..i32::from(geometry.files()) {
            let Some(loc) = Loc::new(file, rank) else {
                continue;
            };
            let c = match board.content(loc) {
                Content::Empty => {
                    empty += 1;
                    continue;
                }
                Content::Hole => '*',
                Content::Occupied(piece) => letters.letter(piece),
            };
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(c);
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads the side field: `w` or `b`.
pub fn read_side(field: &str) -> Result<Side, Error> {
    match field {
        "w" => Ok(Side::White),
        "b" => Ok(Side::Black),
        _ => Err(Error::fen(field, "side to move must be 'w' or 'b'")),
    }
}

/// Reads a plain decimal number: digits only, no sign, no leading zero.
pub fn parse_number(field: &str, what: &str) -> Result<u32, Error> {
    let plain = !field.is_empty()
        && field.bytes().all(|b| b.is_ascii_digit())
        && (field == "0" || !field.starts_with('0'));
    if !plain {
        return Err(Error::fen(
            field,
            format!("{what} must be a plain decimal number"),
        ));
    }
    field
        .parse()
        .map_err(|_| Error::fen(field, format!("{what} is too large")))
}

/// Reads the halfmove clock and the fullmove number (at least 1).
pub fn read_clocks(halfmove: &str, fullmove: &str) -> Result<(u32, u32), Error> {
    let half = parse_number(halfmove, "halfmove clock")?;
    Ok((half, read_fullmove(fullmove)?))
}

/// Reads the fullmove number: a plain decimal number, at least 1.
pub fn read_fullmove(field: &str) -> Result<u32, Error> {
    let full = parse_number(field, "fullmove number")?;
    if full == 0 {
        return Err(Error::fen(field, "fullmove number must be at least 1"));
    }
    Ok(full)
}

/// Splits a FEN into fields, insisting on single spaces between them and none around.
pub fn split_fields(fen: &str, expected: usize) -> Result<Vec<&str>, Error> {
    let fields: Vec<&str> = fen.split(' ').collect();
    if fields.iter().any(|f| f.is_empty()) {
        return Err(Error::fen(fen, "fields must be separated by single spaces"));
    }
    if fields.len() != expected {
        return Err(Error::fen(
            fen,
            format!("has {} fields, expected {expected}", fields.len()),
        ));
    }
    Ok(fields)
}

/// A variant's own fields as an array of the `N` it reads.
pub fn exactly<'a, const N: usize>(fields: &[&'a str]) -> Result<[&'a str; N], Error> {
    fields.try_into().map_err(|_| {
        Error::fen(
            fields.join(" "),
            format!("expected {N} fields between the side to move and the clocks"),
        )
    })
}
