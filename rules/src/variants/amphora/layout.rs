//! Amphora's pieces as square sets: what move generation and the threat tests read, and what a
//! turn changes with a few set operations, without making its board.

use super::guard;
use crate::position::Position;
use crate::types::{Kind, Loc, LocSet, Side};

/// The kinds of piece Amphora knows.
pub const KINDS: [Kind; 3] = [Kind::King, Kind::Guard, Kind::Pawn];

/// Where the pieces stand: each side's, and the Kings' and Guards' of both (the rest are
/// Pawns). Four sets and no table, so a changed copy stays in registers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Layout {
    white: LocSet,
    black: LocSet,
    kings: LocSet,
    guards: LocSet,
}

impl Layout {
    /// The pieces of `pos`: the board's own sets of each side and of the Kings, the Guards
    /// found among the other pieces of each side whose Guard is not in reserve (a Guard in
    /// reserve is the side's only one, so none stands on the board).
    pub fn of(pos: &Position) -> Layout {
        let board = &pos.board;
        let kings = board.kings_of(Side::White) | board.kings_of(Side::Black);
        let placed = |side: &Side| pos.state.reserve.count(guard(*side)) == 0;
        let searched = Side::BOTH
            .iter()
            .filter(|side| placed(side))
            .fold(LocSet::EMPTY, |set, side| set | board.occupied_by(*side));
        let is_guard = |at: &Loc| board.piece(*at).is_some_and(|p| p.kind == Kind::Guard);
        Layout {
            white: board.occupied_by(Side::White),
            black: board.occupied_by(Side::Black),
            kings,
            guards: (searched & !kings).iter().filter(is_guard).collect(),
        }
    }

    /// The squares of `side`'s pieces.
    #[inline]
    pub fn side(&self, side: Side) -> LocSet {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// The squares holding a piece of either side.
    #[inline]
    pub fn occupied(&self) -> LocSet {
        self.white | self.black
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn of_kind(&self, side: Side, kind: Kind) -> LocSet {
        let own = self.side(side);
        match kind {
            Kind::King => own & self.kings,
            Kind::Guard => own & self.guards,
            _ => own & !(self.kings | self.guards),
        }
    }

    /// `side`'s King, if it has one.
    #[inline]
    pub fn king(&self, side: Side) -> Option<Loc> {
        self.of_kind(side, Kind::King).first()
    }

    /// The kind of the piece on `at` (a Pawn if none stands there).
    #[inline]
    pub fn kind_at(&self, at: Loc) -> Kind {
        if self.kings.contains(at) {
            Kind::King
        } else if self.guards.contains(at) {
            Kind::Guard
        } else {
            Kind::Pawn
        }
    }

    /// Puts `side`'s piece of `kind` on the empty square `at`.
    #[inline]
    pub fn put(&mut self, side: Side, kind: Kind, at: Loc) {
        self.toggle(side, kind, at.bit());
    }

    /// Moves `side`'s piece of `kind` from `from` to the empty square `to`.
    #[inline]
    pub fn shift(&mut self, side: Side, kind: Kind, from: Loc, to: Loc) {
        self.toggle(side, kind, from.bit() | to.bit());
    }

    /// Flips `squares` in the sets of `side` and of `kind`. Each set is chosen by value, not by
    /// reference, so the compiler keeps a changed layout in registers.
    #[inline]
    fn toggle(&mut self, side: Side, kind: Kind, squares: LocSet) {
        let only = |yes: bool| if yes { squares } else { LocSet::EMPTY };
        self.white ^= only(side == Side::White);
        self.black ^= only(side == Side::Black);
        self.kings ^= only(kind == Kind::King);
        self.guards ^= only(kind == Kind::Guard);
    }

    /// Takes the pieces on `squares`, all of them `side`'s, off.
    #[inline]
    pub fn remove(&mut self, side: Side, squares: LocSet) {
        let keep = !squares;
        let only = |yes: bool| if yes { keep } else { !LocSet::EMPTY };
        self.white &= only(side == Side::White);
        self.black &= only(side == Side::Black);
        self.kings &= keep;
        self.guards &= keep;
    }
}
