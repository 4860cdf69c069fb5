//! A turn typed by a player in the keyboard move box, read against some legal turns: the whole
//! canonical text (`g1f3`), the whole readable text (`Nf3`, `Kd5 xc6`, with or without its `+`
//! or `#`), or some of its readable parts in order, which names every turn they fit.
//!
//! The typed text is split into parts at spaces, like the readable text (see
//! [`Variant::readable_turn`]). A turn fits when each typed part equals one of its readable
//! parts, in order, some parts left out, the last typed part perhaps only the start of one
//! (`e8` for `e8=Q`, `Rc` for `Rc6`): the player may still be typing it. The move part may also be typed as its two squares
//! (`d4d5`) or without what tells its piece apart from another of its kind (`Nd2` for `Nbd2`).
//! A trailing `!` or `?`, `0-0` for `O-O` and `e8Q` for `e8=Q` are read too. The exact case is
//! tried first, then any case: in chess `b4` is a Pawn's move and `Bb4` a Bishop's, but `nf3`
//! still reads as `Nf3` when nothing fits it as typed.

use super::fen::Holes;
use super::position::Position;
use super::readable::piece_starting;
use super::rules::RulesExt;
use super::turn::Turn;
use super::types::{Loc, Piece};
use super::variant::Variant;

/// What a typed text names among some legal turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Exactly one turn: play it.
    Turn(Turn),
    /// Several turns still fit, in the order they were given: the text is a start of each (the
    /// user interface lists them and may narrow its half-built turn to them).
    Candidates(Vec<Turn>),
    /// Not a turn here: one line saying why, naming the bad token.
    Refused(String),
}

/// One turn as it may be typed.
struct Written {
    /// Its canonical text (`g1f3`).
    canonical: String,
    /// Its readable parts, without `+` or `#` (`Kd5`, `xc6`).
    parts: Vec<String>,
    /// Which of `parts` is the move.
    move_index: usize,
    /// The move's start and destination (`g1f3`).
    squares: String,
}

impl Written {
    /// Whether `typed` is this turn's whole canonical or readable text.
    fn is_exactly(&self, typed: &[String], fold: bool) -> bool {
        let whole = typed.join(" ");
        same(&whole, &self.canonical, fold) || same(&whole, &self.parts.join(" "), fold)
    }

    /// Whether the typed parts appear, in order, among this turn's parts, the last typed part
    /// perhaps only the start of one (the player is still typing it).
    fn fits(&self, typed: &[String], fold: bool) -> bool {
        let mut parts = self.parts.iter().enumerate();
        typed.iter().enumerate().all(|(at, token)| {
            let last = at + 1 == typed.len();
            let fits = |whole: &str| {
                if last {
                    starts(whole, token, fold)
                } else {
                    same(token, whole, fold)
                }
            };
            parts.any(|(index, part)| {
                fits(part)
                    || (index == self.move_index
                        && (fits(&self.squares) || undisambiguated(part).is_some_and(|s| fits(&s))))
            })
        })
    }
}

impl Variant {
    /// Reads `text` as one of `among`, legal turns of `pos` (perhaps already narrowed by
    /// choices made on the board); see the module's doc for what is read.
    pub fn read_typed(&self, pos: &Position, among: &[Turn], text: &str) -> Typed {
        let typed = typed_parts(text);
        if typed.is_empty() {
            return Typed::Refused("type a turn: its move (Nf3) or its squares (g1f3)".into());
        }
        if among.is_empty() {
            return Typed::Refused("there is no turn to play here".into());
        }
        let written: Vec<Written> = among.iter().map(|t| self.written(pos, t)).collect();
        for fold in [false, true] {
            for whole in [true, false] {
                let found: Vec<Turn> = among
                    .iter()
                    .zip(&written)
                    .filter(|(_, w)| {
                        if whole {
                            w.is_exactly(&typed, fold)
                        } else {
                            w.fits(&typed, fold)
                        }
                    })
                    .map(|(turn, _)| *turn)
                    .collect();
                match found[..] {
                    [] => {}
                    [turn] => return Typed::Turn(turn),
                    _ => return Typed::Candidates(found),
                }
            }
        }
        Typed::Refused(self.refusal(pos, among, &typed))
    }

    /// `turn` as it may be typed.
    fn written(&self, pos: &Position, turn: &Turn) -> Written {
        let readable = self.readable_turn(pos, turn);
        Written {
            canonical: self.turn_text(turn),
            parts: readable
                .trim_end_matches(['+', '#'])
                .split(' ')
                .map(str::to_string)
                .collect(),
            move_index: usize::from(turn.placement.is_some()),
            squares: format!("{}{}", turn.from, turn.to),
        }
    }

    /// Why `typed` names none of `among`: the first token with a square not on this board or
    /// a letter of no piece of the variant; else a move part whose piece has no turn to its
    /// destination; else the whole text is no legal turn.
    fn refusal(&self, pos: &Position, among: &[Turn], typed: &[String]) -> String {
        for token in typed {
            if let Some(bad) = squares_in(token).into_iter().find(|s| !self.has_square(s)) {
                return format!("'{bad}' is not a square of this board");
            }
            if let Some(bad) = piece_letters_in(token)
                .into_iter()
                .find(|c| self.letters().piece(*c).is_none())
            {
                return format!("{} has no piece lettered '{bad}'", self.data().name);
            }
        }
        for token in typed {
            let Some((piece, to)) = self.move_named(pos, token) else {
                continue;
            };
            let moves = among
                .iter()
                .any(|t| t.to == to && piece_starting(pos, t) == Some(piece));
            if !moves {
                let name = self.data().piece(piece.kind).map_or("piece", |p| &p.name);
                return format!("no {name} can move to {to}");
            }
        }
        format!("'{}' is not a legal turn here", typed.join(" "))
    }

    /// Whether `text` names a square of this board (not one outside a fixed outline).
    fn has_square(&self, text: &str) -> bool {
        Loc::parse(text).is_some_and(|loc| {
            self.geometry().contains(loc)
                && match self.holes() {
                    Holes::Outline(squares) => squares.contains(loc),
                    Holes::None | Holes::Anywhere => true,
                }
        })
    }

    /// The piece of the side to move and the destination a move part such as `Qh5`, `Nbd2` or
    /// `exd5` names (no letter: the Pawn-like piece lettered `P`); `None` for any other part.
    fn move_named(&self, pos: &Position, token: &str) -> Option<(Piece, Loc)> {
        let squares = squares_in(token);
        let first = token.chars().next()?;
        let letter = if first.is_ascii_uppercase() && !token.starts_with("O-O") {
            first
        } else if first.is_ascii_lowercase() && first != 'x' && squares.len() == 1 {
            'P'
        } else {
            return None;
        };
        if token.contains(['@', '~', ',']) {
            return None;
        }
        let kind = self.letters().piece(letter)?.kind;
        let to = Loc::parse(squares.last()?)?;
        Some((Piece::new(kind, pos.side), to))
    }
}

/// The typed text as parts: split at spaces, the marks `!`, `?`, `+` and `#` dropped from the
/// end, `0-0` read as `O-O` and a promotion without its `=` (`e8Q`) given one.
fn typed_parts(text: &str) -> Vec<String> {
    let mut parts: Vec<String> = text.split_whitespace().map(part_as_written).collect();
    if let Some(last) = parts.last_mut() {
        let bare = last
            .trim_end_matches(['!', '?'])
            .trim_end_matches(['+', '#']);
        if !bare.is_empty() {
            *last = bare.to_string();
        }
    }
    parts
}

/// One typed part as the readable text writes it.
fn part_as_written(part: &str) -> String {
    match part {
        "0-0" => return "O-O".into(),
        "0-0-0" => return "O-O-O".into(),
        _ => {}
    }
    let mut chars = part.chars();
    let letter = chars.next_back().filter(char::is_ascii_alphabetic);
    let body = chars.as_str();
    let before_rank = body.trim_end_matches(|c: char| c.is_ascii_digit());
    let after_square =
        before_rank.len() < body.len() && before_rank.ends_with(|c: char| c.is_ascii_lowercase());
    match letter {
        Some(letter) if after_square => format!("{body}={letter}"),
        _ => part.to_string(),
    }
}

/// Whether `a` and `b` are the same text, in any case when `fold`.
fn same(a: &str, b: &str, fold: bool) -> bool {
    if fold {
        a.eq_ignore_ascii_case(b)
    } else {
        a == b
    }
}

/// Whether `whole` starts with `start`, in any case when `fold`.
fn starts(whole: &str, start: &str, fold: bool) -> bool {
    whole
        .get(..start.len())
        .is_some_and(|head| same(head, start, fold))
}

/// A move part (`Nbd2`, `Qh4e1`, `Rexe5=Q`) without what tells its piece apart (`Nd2`, `Qe1`),
/// when it has such a part; a Pawn's capture keeps its file.
fn undisambiguated(part: &str) -> Option<String> {
    let mut chars = part.chars();
    let letter = chars
        .next()
        .filter(|c| c.is_ascii_uppercase() && *c != 'O')?;
    let rest = chars.as_str();
    let (main, promotion) = rest.split_at(rest.find('=').unwrap_or(rest.len()));
    let destination = &main[main.rfind(|c: char| c.is_ascii_lowercase())?..];
    Loc::parse(destination)?;
    let capture = if main.contains('x') { "x" } else { "" };
    let short = format!("{letter}{capture}{destination}{promotion}");
    (short.len() < part.len()).then_some(short)
}

/// The square names in a typed part: each lower-case letter followed by digits (`f3` in
/// `Nf3`, `z9`, `x9`).
fn squares_in(part: &str) -> Vec<String> {
    let chars: Vec<char> = part.chars().collect();
    let mut found = Vec::new();
    for (index, c) in chars.iter().enumerate() {
        let digits = chars[index + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        if c.is_ascii_lowercase() && digits > 0 {
            found.push(chars[index..=index + digits].iter().collect());
        }
    }
    found
}

/// The letters that stand for pieces in a typed part: an upper-case first letter (not
/// castling's `O`), the letter after `=` and the one before `@`.
fn piece_letters_in(part: &str) -> Vec<char> {
    let chars: Vec<char> = part.chars().collect();
    let mut found = Vec::new();
    if let Some(first) = chars.first()
        && first.is_ascii_uppercase()
        && !part.starts_with("O-O")
        && !chars.get(1).is_some_and(char::is_ascii_digit)
    {
        found.push(*first);
    }
    for pair in chars.windows(2) {
        match pair {
            ['=', letter] | [letter, '@'] if letter.is_ascii_alphabetic() => found.push(*letter),
            _ => {}
        }
    }
    found
}
