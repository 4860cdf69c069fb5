//! Readable move text for the move list, like SAN, written from the engine's own account of a
//! turn: the events of playing it, the legal turns of the position before (to tell pieces
//! apart) and the position after (check, checkmate). No rule is worked out again here. The
//! canonical text (NOTATION.md) stays the one the command line and saved games use.
//!
//! A turn is written as its parts, separated by single spaces, in this order:
//! - a placement: the piece's letter, `@` and the square (`G@d4`);
//! - the move: the piece's letter (none for the Pawn-like piece lettered `P`: a Pawn, American
//!   Chess's Soldier); what tells it apart from the other pieces of its kind that could land
//!   on the same square this turn — its file, else its rank, else both (`Nbd2`, `R1e2`,
//!   `Qh4e1`); `x` when it lands on a capture (replacement, en passant, Pawns-to-Kings' taking a
//!   piece of its own side), a Pawn-like piece's file always before it (`exd5`); the
//!   destination; `=` and the letter of what it becomes on arriving (`e8=Q`). Castling, a King
//!   moving two or more files with a Rook of its side also moving, is `O-O` towards the Rook on
//!   the King's right and `O-O-O` towards the one on its left;
//! - each capture away from the destination (interception, telekinesis, approach, withdrawal),
//!   `x` and the square, in the order they happened (`Kd5 xc6 xe6`); a Guard removed from
//!   reserve, `x@`;
//! - a slide: `~`, the square's location before and after (`~b4c4`);
//! - each promotion at the end of the turn: the square, `=` and the letter (`d6=R`);
//! - straight after the last part, `#` for checkmate or `+` for check.
//!
//! Letters are upper case for the mover's pieces and lower case for the opponent's, so a
//! Pawns-to-Kings promotion to a King for the opponent reads `e8=k`. For orthodox chess this
//! is exactly SAN.

use super::account::{Account, Away, Wing};
use super::event::Event;
use super::outcome::Reason;
use super::position::Position;
use super::rules::RulesExt;
use super::turn::Turn;
use super::types::{Loc, Piece, Side};
use super::variant::Variant;

impl Variant {
    /// The readable text of `turn`, one of the legal turns of `before` (see the module's doc
    /// for the format).
    pub fn readable_turn(&self, before: &Position, turn: &Turn) -> String {
        let mut events = Vec::new();
        let after = self.play_recorded(before, turn, &mut events);
        self.readable_played(before, turn, &events, &after)
    }

    /// The readable text of `turn`, already played from `before` to `after` with `events`. A
    /// turn whose events name no piece moving from its start, so not a legal turn of `before`,
    /// keeps its canonical text.
    pub(crate) fn readable_played(
        &self,
        before: &Position,
        turn: &Turn,
        events: &[Event],
        after: &Position,
    ) -> String {
        let account = Account::of(turn, events);
        let Some(mover) = account.mover else {
            return self.turn_text(turn);
        };
        let side = mover.side;
        let mut parts = Vec::new();
        if let Some((piece, at)) = account.placed {
            parts.push(format!("{}@{at}", self.letter_for(piece, side)));
        }
        parts.push(match account.castling(turn) {
            Some(Wing::Right) => "O-O".to_string(),
            Some(Wing::Left) => "O-O-O".to_string(),
            None => self.move_part(before, turn, mover, &account),
        });
        parts.extend(account.elsewhere.iter().map(|taken| match taken {
            Away::Square(at, _) => format!("x{at}"),
            Away::Reserve(_) => "x@".to_string(),
        }));
        if let Some((from, to)) = account.slide {
            parts.push(format!("~{from}{to}"));
        }
        parts.extend(
            account
                .end_promotions
                .iter()
                .map(|(at, _, piece)| format!("{at}={}", self.letter_for(*piece, side))),
        );
        let mut text = parts.join(" ");
        text.push_str(self.check_mark(turn, after));
        text
    }

    /// The move part: letter, what tells the piece apart, `x`, destination, promotion.
    fn move_part(&self, before: &Position, turn: &Turn, mover: Piece, account: &Account) -> String {
        let letter = self.letter_for(mover, mover.side);
        let pawn_like = letter == 'P';
        let mut out = String::new();
        if !pawn_like {
            out.push(letter);
        }
        let lands_on_capture = account.landed_on.is_some();
        let rivals = self.rivals(before, turn, mover);
        out.push_str(&telling_apart(
            turn.from,
            &rivals,
            pawn_like && lands_on_capture,
        ));
        if lands_on_capture {
            out.push('x');
        }
        out.push_str(&turn.to.to_string());
        if let Some(piece) = account.promoted {
            out.push('=');
            out.push(self.letter_for(piece, mover.side));
        }
        out
    }

    /// Where the other pieces of `mover`'s kind start that have a legal turn of `before` to the
    /// destination of `turn`.
    fn rivals(&self, before: &Position, turn: &Turn, mover: Piece) -> Vec<Loc> {
        let mut rivals: Vec<Loc> = self
            .legal_turns(before)
            .iter()
            .filter(|t| t.to == turn.to && t.from != turn.from)
            .filter(|t| piece_starting(before, t) == Some(mover))
            .map(|t| t.from)
            .collect();
        rivals.sort();
        rivals.dedup();
        rivals
    }

    /// `#` when `turn` checkmates, `+` when it gives check, else nothing.
    pub(crate) fn check_mark(&self, turn: &Turn, after: &Position) -> &'static str {
        if !self.in_check(after) {
            return "";
        }
        match self.own_outcome(after, Some(turn)) {
            Some(outcome) if outcome.reason == Reason::Checkmate => "#",
            _ => "+",
        }
    }

    /// The letter of `piece`, upper case when it is `mover`'s and lower case when it is the
    /// opponent's.
    fn letter_for(&self, piece: Piece, mover: Side) -> char {
        let letter = self.letters().letter(piece);
        if piece.side == mover {
            letter.to_ascii_uppercase()
        } else {
            letter.to_ascii_lowercase()
        }
    }
}

/// The piece that moves in `turn` from `pos`: the one on its start, or the one its placement
/// puts there.
pub(crate) fn piece_starting(pos: &Position, turn: &Turn) -> Option<Piece> {
    match turn.placement {
        Some((piece, at)) if at == turn.from => Some(piece),
        _ => pos.board.piece(turn.from),
    }
}

/// What of `from` tells it apart from `rivals`: nothing when there are none (and `file` is not
/// asked for), its file when no rival shares it, else its rank when no rival shares that, else
/// both. With `file` the file is always written.
fn telling_apart(from: Loc, rivals: &[Loc], file: bool) -> String {
    let square = from.to_string();
    let (file_text, rank_text) = square.split_at(1);
    let shares_file = rivals.iter().any(|r| r.file() == from.file());
    let shares_rank = rivals.iter().any(|r| r.rank() == from.rank());
    if rivals.is_empty() && !file {
        String::new()
    } else if !shares_file {
        file_text.to_string()
    } else if !shares_rank && !file {
        rank_text.to_string()
    } else {
        square
    }
}
