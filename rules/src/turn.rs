//! A whole turn as one value, and its text (NOTATION.md) in both directions.
//!
//! A `Turn` holds exactly what its canonical text says and nothing more: castling, en passant,
//! interceptions and replacement captures follow from the move and are worked out by the
//! variant when the turn is played. So text and value map one to one, and a turn read from text
//! is legal exactly when it equals one of the legal turns.

use super::letters::PieceLetters;
use super::types::{Loc, Piece};

/// The piece removed by the `x` part of a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Removal {
    /// `x<square>`: the piece on that square (approach, withdrawal or telekinesis).
    At(Loc),
    /// `x@`: the opponent's Guard from its reserve (Amphora).
    Reserve,
}

/// The most end-of-turn promotions one turn can carry (Amoeba: one per Pawn).
pub const MAX_END_PROMOTIONS: usize = 8;

/// Promotions written at the end of a turn (`d6=R`), sorted by square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct EndPromotions {
    len: u8,
    items: [(u8, Option<Piece>); MAX_END_PROMOTIONS],
}

impl EndPromotions {
    /// Adds a promotion of the Pawn on `at` to `piece`; false when the list is full.
    pub fn push(&mut self, at: Loc, piece: Piece) -> bool {
        let len = usize::from(self.len);
        if len == MAX_END_PROMOTIONS {
            return false;
        }
        self.items[len] = (at.index() as u8, Some(piece));
        self.len += 1;
        true
    }

    /// The promotions, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = (Loc, Piece)> + '_ {
        self.items[..usize::from(self.len)]
            .iter()
            .filter_map(|(at, piece)| Some((Loc::from_index(usize::from(*at))?, (*piece)?)))
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Every part of one player's turn, in the order they are written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    /// `<Letter>@<square>`: a piece put on the board before the move, or instead of one (a
    /// drop, [`Turn::drop`]).
    pub placement: Option<(Piece, Loc)>,
    /// Where the moving piece starts.
    pub from: Loc,
    /// Where it ends.
    pub to: Loc,
    /// The `x` part: a piece removed that the move does not land on.
    pub removal: Option<Removal>,
    /// The `=` part of the move: what the moving piece becomes.
    pub promotion: Option<Piece>,
    /// `~<from><to>`: a square slid after the move.
    pub slide: Option<(Loc, Loc)>,
    /// Promotions at the end of the turn.
    pub end_promotions: EndPromotions,
}

impl Turn {
    /// A plain move from `from` to `to`.
    pub fn new(from: Loc, to: Loc) -> Turn {
        Turn {
            placement: None,
            from,
            to,
            removal: None,
            promotion: None,
            slide: None,
            end_promotions: EndPromotions::default(),
        }
    }

    /// A drop: `piece` put from its side's reserve on `at`, the whole turn, with no move. It is
    /// held as a placement whose move starts and ends on the square placed on.
    pub fn drop(piece: Piece, at: Loc) -> Turn {
        let mut turn = Turn::new(at, at);
        turn.placement = Some((piece, at));
        turn
    }

    /// Whether this turn is a drop alone (see [`Turn::drop`]).
    pub fn is_drop(&self) -> bool {
        self.placement
            .is_some_and(|(_, at)| at == self.from && at == self.to)
    }

    /// This turn with the `x` part set.
    pub fn removing(mut self, removal: Option<Removal>) -> Turn {
        self.removal = removal;
        self
    }

    /// This turn with the `=` part set.
    pub fn promoting(mut self, promotion: Option<Piece>) -> Turn {
        self.promotion = promotion;
        self
    }

    /// The canonical text of this turn, with pieces lettered as `letters` says.
    pub fn text(&self, letters: &PieceLetters) -> String {
        let mut out = String::with_capacity(12);
        if let Some((piece, at)) = self.placement {
            out.push(letters.letter(piece));
            out.push('@');
            out.push_str(&at.to_string());
            if self.is_drop() {
                return out;
            }
            out.push(',');
        }
        out.push_str(&self.from.to_string());
        out.push_str(&self.to.to_string());
        match self.removal {
            Some(Removal::At(at)) => {
                out.push('x');
                out.push_str(&at.to_string());
            }
            Some(Removal::Reserve) => out.push_str("x@"),
            None => {}
        }
        if let Some(piece) = self.promotion {
            out.push('=');
            out.push(letters.letter(piece));
        }
        if let Some((from, to)) = self.slide {
            out.push_str(",~");
            out.push_str(&from.to_string());
            out.push_str(&to.to_string());
        }
        for (at, piece) in self.end_promotions.iter() {
            out.push(',');
            out.push_str(&at.to_string());
            out.push('=');
            out.push(letters.letter(piece));
        }
        out
    }

    /// Reads the text of a turn. This checks the form only (squares, letters, the order of the
    /// parts); whether the turn is legal is the variant's question. The error says why, in a few
    /// words.
    pub fn parse(text: &str, letters: &PieceLetters) -> Result<Turn, String> {
        let mut parts = text.split(',').peekable();
        let mut placement = None;
        let first = parts.next().unwrap_or_default();
        let move_part = if first.as_bytes().get(1) == Some(&b'@') {
            let piece = letter_piece(&first[..1], letters)?;
            let at = square(first.get(2..).unwrap_or_default(), "placement")?;
            let Some(move_part) = parts.next() else {
                return Ok(Turn::drop(piece, at));
            };
            placement = Some((piece, at));
            move_part
        } else {
            first
        };
        let mut turn = parse_move(move_part, letters)?;
        turn.placement = placement;
        if let Some(slide) = parts.peek().and_then(|p| p.strip_prefix('~')) {
            let (from, rest) = square_then(slide, "slide")?;
            let to = square(rest, "slide")?;
            turn.slide = Some((from, to));
            parts.next();
        }
        let mut last = None;
        for part in parts {
            let (at, letter) = part
                .split_once('=')
                .ok_or_else(|| format!("unexpected part '{part}'"))?;
            let at = square(at, "promotion")?;
            if last.is_some_and(|l: Loc| l.name_order() >= at.name_order()) {
                return Err(format!("promotion '{part}' is out of order"));
            }
            last = Some(at);
            let piece = letter_piece(letter, letters)?;
            if !turn.end_promotions.push(at, piece) {
                return Err("too many promotions".into());
            }
        }
        Ok(turn)
    }
}

fn parse_move(text: &str, letters: &PieceLetters) -> Result<Turn, String> {
    if text.is_empty() {
        return Err("the move is missing".into());
    }
    let (from, rest) = square_then(text, "move")?;
    let (to, mut rest) = square_then(rest, "move")?;
    let mut turn = Turn::new(from, to);
    if let Some(after) = rest.strip_prefix('x') {
        if let Some(after) = after.strip_prefix('@') {
            turn.removal = Some(Removal::Reserve);
            rest = after;
        } else {
            let (at, after) = square_then(after, "capture")?;
            turn.removal = Some(Removal::At(at));
            rest = after;
        }
    }
    if let Some(letter) = rest.strip_prefix('=') {
        turn.promotion = Some(letter_piece(letter, letters)?);
        rest = "";
    }
    if !rest.is_empty() {
        return Err(format!("unexpected '{rest}' after the move"));
    }
    Ok(turn)
}

fn square(text: &str, what: &str) -> Result<Loc, String> {
    Loc::parse(text).ok_or_else(|| format!("'{text}' is not a square ({what})"))
}

/// The square name `text` starts with (`a10` of `a10a9`) and the text after it; the error
/// names the start of `text` up to its next square or mark.
fn square_then<'a>(text: &'a str, what: &str) -> Result<(Loc, &'a str), String> {
    Loc::scan(text).ok_or_else(|| {
        let end = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(text.len(), |(i, _)| i);
        format!("'{}' is not a square ({what})", &text[..end])
    })
}

fn letter_piece(text: &str, letters: &PieceLetters) -> Result<Piece, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => letters
            .piece(c)
            .ok_or_else(|| format!("'{c}' is not a piece of this variant")),
        _ => Err(format!("'{text}' is not a piece letter")),
    }
}
