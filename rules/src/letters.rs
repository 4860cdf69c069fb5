//! Which letter stands for which piece in one variant's FEN and move text, as its data says.

use super::data::{Options, VariantData};
use super::error::Error;
use super::types::{Kind, Piece, Side};

/// A variant's piece letters: one upper-case letter per kind it uses (lower case for the second
/// player).
#[derive(Clone, Debug)]
pub struct PieceLetters {
    table: Vec<(Kind, char)>,
}

impl PieceLetters {
    /// The letters of the pieces `data` puts in a game with `options`, once the data is checked
    /// against `kinds`, the kinds the variant's rules know (see [`VariantData::check_pieces`]).
    pub(crate) fn new(
        data: &VariantData,
        options: &Options,
        kinds: &[Kind],
    ) -> Result<PieceLetters, Error> {
        data.check_pieces(kinds)?;
        Ok(PieceLetters {
            table: data
                .pieces_in(options)
                .map(|p| (p.kind, p.letter))
                .collect(),
        })
    }

    /// The letter of `piece`, in its side's case (`?` for a kind the variant does not use).
    pub fn letter(&self, piece: Piece) -> char {
        let upper = self
            .table
            .iter()
            .find(|(kind, _)| *kind == piece.kind)
            .map_or('?', |(_, c)| *c);
        match piece.side {
            Side::White => upper,
            Side::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The piece a letter stands for; the case gives the side.
    pub fn piece(&self, letter: char) -> Option<Piece> {
        let side = if letter.is_ascii_uppercase() {
            Side::White
        } else if letter.is_ascii_lowercase() {
            Side::Black
        } else {
            return None;
        };
        let upper = letter.to_ascii_uppercase();
        self.table
            .iter()
            .find(|(_, c)| *c == upper)
            .map(|(kind, _)| Piece::new(*kind, side))
    }

    /// The kinds of a game of this variant and options, in data order.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.table.iter().map(|(kind, _)| *kind)
    }
}
