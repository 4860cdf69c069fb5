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

use super::event::{Capture, Event};
use super::outcome::Reason;
use super::position::Position;
use super::turn::Turn;
use super::types::{Kind, Loc, Piece, Side};
use super::variant::Variant;

/// What a turn did, as its events tell it, gathered for writing.
#[derive(Default)]
struct Account {
    /// The piece placed from reserve, and where.
    placed: Option<(Piece, Loc)>,
    /// The piece that moved from the turn's start.
    mover: Option<Piece>,
    /// Another piece that moved, and where it started (the Rook of a castling).
    companion: Option<(Piece, Loc)>,
    /// Whether the mover landed on a capture.
    lands_on_capture: bool,
    /// What the mover became on arriving.
    promoted: Option<Piece>,
    /// The captures away from the destination, in order: a square, or `None` for the reserve.
    elsewhere: Vec<Option<Loc>>,
    /// The slide, from and to.
    slide: Option<(Loc, Loc)>,
    /// The promotions at the end of the turn, in order.
    end_promotions: Vec<(Loc, Piece)>,
}

impl Account {
    /// The account of `turn` from its `events`. A promotion on the destination before any slide
    /// is the mover's on arriving; any other is one at the end of the turn.
    fn of(turn: &Turn, events: &[Event]) -> Account {
        let mut account = Account::default();
        for event in events {
            match event {
                Event::Placed { piece, at } => account.placed = Some((*piece, *at)),
                Event::Moved { piece, path } if path.first() == Some(&turn.from) => {
                    account.mover = Some(*piece);
                }
                Event::Moved { piece, path } => {
                    account.companion = path.first().map(|start| (*piece, *start));
                }
                Event::Captured {
                    how: Capture::Replacement | Capture::EnPassant,
                    ..
                } => account.lands_on_capture = true,
                Event::Captured { at, .. } => account.elsewhere.push(Some(*at)),
                Event::RemovedFromReserve { .. } => account.elsewhere.push(None),
                Event::Promoted { at, to, .. } if *at == turn.to && account.slide.is_none() => {
                    account.promoted = Some(*to);
                }
                Event::Promoted { at, to, .. } => account.end_promotions.push((*at, *to)),
                Event::Slid { from, to } => account.slide = Some((*from, *to)),
            }
        }
        account
    }
}

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
        parts.push(match self.castling(turn, mover, &account) {
            Some(text) => text.to_string(),
            None => self.move_part(before, turn, mover, &account),
        });
        parts.extend(account.elsewhere.iter().map(|taken| match taken {
            Some(at) => format!("x{at}"),
            None => "x@".to_string(),
        }));
        if let Some((from, to)) = account.slide {
            parts.push(format!("~{from}{to}"));
        }
        parts.extend(
            account
                .end_promotions
                .iter()
                .map(|(at, piece)| format!("{at}={}", self.letter_for(*piece, side))),
        );
        let mut text = parts.join(" ");
        text.push_str(self.check_mark(turn, after));
        text
    }

    /// `O-O` or `O-O-O` when `mover` is a King that moved two or more files while a Rook of
    /// its side moved too, the side of the Rook's start saying which.
    fn castling(&self, turn: &Turn, mover: Piece, account: &Account) -> Option<&'static str> {
        let (partner, start) = account.companion?;
        let files = turn.to.file().abs_diff(turn.from.file());
        let castles =
            mover.kind == Kind::King && partner == Piece::new(Kind::Rook, mover.side) && files >= 2;
        castles.then_some(if start.file() > turn.from.file() {
            "O-O"
        } else {
            "O-O-O"
        })
    }

    /// The move part: letter, what tells the piece apart, `x`, destination, promotion.
    fn move_part(&self, before: &Position, turn: &Turn, mover: Piece, account: &Account) -> String {
        let letter = self.letter_for(mover, mover.side);
        let pawn_like = letter == 'P';
        let mut out = String::new();
        if !pawn_like {
            out.push(letter);
        }
        let rivals = self.rivals(before, turn, mover);
        out.push_str(&telling_apart(
            turn.from,
            &rivals,
            pawn_like && account.lands_on_capture,
        ));
        if account.lands_on_capture {
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
    fn check_mark(&self, turn: &Turn, after: &Position) -> &'static str {
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
fn piece_starting(pos: &Position, turn: &Turn) -> Option<Piece> {
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
