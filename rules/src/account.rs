//! What a turn did, as its events tell it, gathered once for the texts written from it: the
//! readable move text and the spoken words.

use super::event::{Capture, Event};
use super::turn::Turn;
use super::types::{Kind, Loc, Piece};

/// A capture away from the mover's destination.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Away {
    /// The piece on this square, taken this way (interception, telekinesis, approach,
    /// withdrawal).
    Square(Loc, Capture),
    /// This piece, removed from its side's reserve.
    Reserve(Piece),
}

/// Which Rook a King castled with, seen from the first player's side of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Wing {
    /// The Rook on the King's right (`O-O`).
    Right,
    /// The Rook on its left (`O-O-O`).
    Left,
}

/// What a turn did, as its events tell it.
#[derive(Default)]
pub(crate) struct Account {
    /// The piece placed from reserve, and where.
    pub placed: Option<(Piece, Loc)>,
    /// The piece that moved from the turn's start.
    pub mover: Option<Piece>,
    /// Another piece that moved, and where it started (the Rook of a castling).
    pub companion: Option<(Piece, Loc)>,
    /// The piece the mover landed on a capture of, and how (replacement, en passant).
    pub landed_on: Option<(Piece, Capture)>,
    /// What the mover became on arriving.
    pub promoted: Option<Piece>,
    /// The captures away from the destination, in order.
    pub elsewhere: Vec<Away>,
    /// The slide, from and to.
    pub slide: Option<(Loc, Loc)>,
    /// The promotions at the end of the turn, in order: where, what it was, what it became.
    pub end_promotions: Vec<(Loc, Piece, Piece)>,
}

impl Account {
    /// The account of `turn` from its `events`. A promotion on the destination before any slide
    /// is the mover's on arriving; any other is one at the end of the turn.
    pub fn of(turn: &Turn, events: &[Event]) -> Account {
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
                    piece,
                    how: how @ (Capture::Replacement | Capture::EnPassant),
                    ..
                } => account.landed_on = Some((*piece, *how)),
                Event::Captured { at, how, .. } => account.elsewhere.push(Away::Square(*at, *how)),
                Event::RemovedFromReserve { piece } => {
                    account.elsewhere.push(Away::Reserve(*piece))
                }
                Event::Promoted { at, to, .. } if *at == turn.to && account.slide.is_none() => {
                    account.promoted = Some(*to);
                }
                Event::Promoted { at, from, to } => {
                    account.end_promotions.push((*at, *from, *to));
                }
                Event::Slid { from, to } => account.slide = Some((*from, *to)),
            }
        }
        account
    }

    /// The wing of a castling: when the mover is a King that moved two or more files while a
    /// Rook of its side moved too, the side of the Rook's start says which.
    pub fn castling(&self, turn: &Turn) -> Option<Wing> {
        let mover = self.mover?;
        let (partner, start) = self.companion?;
        let files = turn.to.file().abs_diff(turn.from.file());
        let castles =
            mover.kind == Kind::King && partner == Piece::new(Kind::Rook, mover.side) && files >= 2;
        castles.then_some(if start.file() > turn.from.file() {
            Wing::Right
        } else {
            Wing::Left
        })
    }
}
