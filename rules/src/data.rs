//! Variant data: the facts about a variant that are not move rules (names, board size, setup,
//! options, piece descriptions, the rules summary), kept as RON in `rules/data/` and
//! embedded in the binary.

use super::error::Error;
use super::types::{Kind, Loc, LocSet, Piece, Side};
use serde::{Deserialize, Serialize};

/// One variant's data, as its RON file spells it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VariantData {
    /// The id used on the command line and in saved games (`fanorona-chess`).
    pub id: String,
    /// The name shown to players.
    pub name: String,
    /// The two players' names, first player first (`["Yellow", "Red"]`).
    pub sides: [String; 2],
    /// The pieces' colours where the sides are not white and black, first player first, as
    /// `#rrggbb` (`["#f2c94c", "#9b1c1c"]`).
    #[serde(default)]
    pub colours: Option<[String; 2]>,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Which locations hold squares, for a board of fixed outline: one string per rank from the
    /// top, `#` for a square and `.` for none. Absent: every location is a square (or, in a
    /// variant whose squares move, the start FEN says).
    #[serde(default)]
    pub outline: Option<Vec<String>>,
    /// The start position's FEN.
    pub start: String,
    /// The options a game may be started with.
    pub options: Vec<OptionData>,
    /// Every piece of the variant: the one home of its letter, name, move text and drawing.
    pub pieces: Vec<PieceData>,
    /// What sets the variant apart, in one short line, under its name in the menu.
    pub tagline: String,
    /// How a game is won, in a sentence or two.
    pub goal: String,
    /// What is new to a chess player, in a few sentences.
    pub novelty: String,
    /// The rules in a few short paragraphs, for the in-game help.
    pub summary: String,
    /// Whether a Pawn may step two points straight ahead from its first rank when that captures
    /// nothing (Double Fanorona Chess). Only the Fanorona rules read it (orthodox Pawns have
    /// their double step in their own rules); absent, it is `false`.
    #[serde(default)]
    pub pawn_double_step: bool,
}

/// An option of a variant.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OptionData {
    /// Its kebab-case name (`alternate-setup`).
    pub name: String,
    /// What it changes, in a sentence.
    pub description: String,
    /// The start FEN it uses instead of the variant's, if it changes the setup.
    #[serde(default)]
    pub start: Option<String>,
}

/// A piece as players know it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PieceData {
    /// The engine's kind of piece it is: how the rules know it.
    pub kind: Kind,
    /// What the computer opponent counts it worth, in hundredths of a Pawn. Absent, 0: a piece
    /// whose loss ends the game (a King) or that the variant's own terms judge.
    #[serde(default)]
    pub value: i32,
    /// Its upper-case letter in FEN and move text (lower case for the second player).
    pub letter: char,
    /// Its name.
    pub name: String,
    /// How it moves, in a sentence.
    pub moves: String,
    /// The name of its drawing, where it is not the usual one for its kind (American Chess
    /// draws its Queen-moving General as `general`).
    #[serde(default)]
    pub art: Option<String>,
    /// The option that brings it into the game, for a piece only some games have (Amoeba's
    /// Bishop comes with `bishop-promotion`). Absent: every game has it.
    #[serde(default)]
    pub option: Option<String>,
}

impl VariantData {
    /// The variant's name of `side` (`Yellow`), for messages and panels.
    pub fn side_name(&self, side: Side) -> &str {
        &self.sides[side.index()]
    }

    /// A piece in words, its side's name first ("White King"), for messages to players.
    pub fn piece_words(&self, piece: Piece) -> String {
        format!(
            "{} {}",
            self.side_name(piece.side),
            self.piece_name(piece.kind)
        )
    }

    /// The name of the piece of `kind` ("Knight"), or "piece" if the variant has none.
    pub fn piece_name(&self, kind: Kind) -> &str {
        self.piece(kind).map_or("piece", |p| p.name.as_str())
    }

    /// Reads the RON text of `file`; a malformed file is an error naming file, line and column.
    pub fn parse(file: &str, text: &str) -> Result<VariantData, Error> {
        let data: VariantData = ron::from_str(text).map_err(|e| Error::Data {
            place: format!("{file}:{}:{}", e.span.start.line, e.span.start.col),
            why: e.code.to_string(),
        })?;
        for colour in data.colours.iter().flatten() {
            if rgb(colour).is_none() {
                return Err(Error::Data {
                    place: format!("{file}: colours"),
                    why: format!("'{colour}' is not a colour written #rrggbb"),
                });
            }
        }
        Ok(data)
    }

    /// The data of the piece of `kind`, if the variant has one.
    pub fn piece(&self, kind: Kind) -> Option<&PieceData> {
        self.pieces.iter().find(|p| p.kind == kind)
    }

    /// The pieces of a game started with `options`, in data order.
    pub fn pieces_in<'a>(&'a self, options: &'a Options) -> impl Iterator<Item = &'a PieceData> {
        self.pieces
            .iter()
            .filter(|p| p.option.as_ref().is_none_or(|o| options.has(o)))
    }

    /// Checks the pieces against `kinds`, the kinds the variant's rules know: each has exactly
    /// one entry, with a letter no other entry has, a name and its move text; no entry is of
    /// another kind, and an entry's option is one of the variant's options.
    pub(crate) fn check_pieces(&self, kinds: &[Kind]) -> Result<(), Error> {
        let bad = |why: String| Error::Data {
            place: format!("rules/data/{}.ron: pieces", self.id),
            why,
        };
        for kind in kinds {
            let entries = self.pieces.iter().filter(|p| p.kind == *kind).count();
            if entries != 1 {
                return Err(bad(format!(
                    "{entries} entries of kind {kind:?}, expected 1"
                )));
            }
        }
        for (index, piece) in self.pieces.iter().enumerate() {
            let name = &piece.name;
            if !kinds.contains(&piece.kind) {
                return Err(bad(format!("{name}: the rules have no {:?}", piece.kind)));
            }
            if !piece.letter.is_ascii_uppercase() {
                return Err(bad(format!(
                    "{name}: '{}' is no capital letter",
                    piece.letter
                )));
            }
            if self.pieces[..index]
                .iter()
                .any(|p| p.letter == piece.letter)
            {
                return Err(bad(format!(
                    "{name}: letter '{}' taken twice",
                    piece.letter
                )));
            }
            if name.trim().is_empty() || piece.moves.trim().is_empty() {
                return Err(bad(format!(
                    "the {:?} needs a name and its moves",
                    piece.kind
                )));
            }
            if let Some(option) = &piece.option
                && !self.options.iter().any(|o| &o.name == option)
            {
                return Err(bad(format!("{name}: no option '{option}'")));
            }
        }
        Ok(())
    }

    /// The colour of `side`'s pieces as red, green and blue, if the variant names one.
    pub fn side_colour(&self, side: Side) -> Option<[u8; 3]> {
        self.colours.as_ref().and_then(|c| rgb(&c[side.index()]))
    }

    /// The set of locations the outline marks as squares, if the data has an outline.
    pub fn outline_squares(&self) -> Result<Option<LocSet>, Error> {
        let Some(rows) = &self.outline else {
            return Ok(None);
        };
        let bad = |why: String| Error::Data {
            place: format!("rules/data/{}.ron: outline", self.id),
            why,
        };
        if rows.len() != usize::from(self.ranks) {
            return Err(bad(format!("{} rows, expected {}", rows.len(), self.ranks)));
        }
        let mut squares = LocSet::EMPTY;
        for (row_index, row) in rows.iter().enumerate() {
            if row.chars().count() != usize::from(self.files) {
                return Err(bad(format!("row '{row}' is not {} long", self.files)));
            }
            let rank = i32::from(self.ranks) - 1 - row_index as i32;
            for (file, c) in row.chars().enumerate() {
                let loc =
                    Loc::new(file as i32, rank).ok_or_else(|| bad("board too large".into()))?;
                match c {
                    '#' => squares |= loc.bit(),
                    '.' => {}
                    _ => return Err(bad(format!("'{c}' in row '{row}' is neither '#' nor '.'"))),
                }
            }
        }
        Ok(Some(squares))
    }

    /// The start FEN with `options` applied.
    pub fn start_fen(&self, options: &Options) -> &str {
        self.options
            .iter()
            .filter(|o| options.has(&o.name))
            .find_map(|o| o.start.as_deref())
            .unwrap_or(&self.start)
    }
}

/// Reads `#rrggbb`.
fn rgb(text: &str) -> Option<[u8; 3]> {
    let hex = text
        .strip_prefix('#')
        .filter(|h| h.len() == 6 && h.is_ascii())?;
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// The options a game was started with, by name, sorted and without repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options(Vec<String>);

impl Options {
    /// Checks `names` against the options `data` declares.
    pub fn parse(data: &VariantData, names: &[String]) -> Result<Options, Error> {
        let mut chosen = Vec::new();
        for name in names {
            if !data.options.iter().any(|o| &o.name == name) {
                return Err(Error::UnknownOption {
                    variant: data.id.clone(),
                    option: name.clone(),
                });
            }
            chosen.push(name.clone());
        }
        chosen.sort();
        chosen.dedup();
        Ok(Options(chosen))
    }

    /// Whether the option `name` is on.
    pub fn has(&self, name: &str) -> bool {
        self.0.iter().any(|n| n == name)
    }

    /// The names, sorted.
    pub fn names(&self) -> &[String] {
        &self.0
    }
}
