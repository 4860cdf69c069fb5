//! What stands where: every location of the rectangle is empty, holds a piece, or holds no
//! square at all (a hole). The board keeps per-side occupancy sets and a Zobrist hash in step
//! with every change, so copying a board is all it takes to keep an old one.

use super::types::{Kind, LOC_COUNT, Loc, LocSet, Piece, Side};
use super::zobrist;

/// The content of one location, as stored: 0 empty, 1 no square, else a piece code.
type Cell = u8;
const EMPTY: Cell = 0;
const HOLE: Cell = 1;
/// How many cell codes there are: empty, hole and one per kind and side.
pub(crate) const CELL_CODES: usize = 2 + 2 * Kind::COUNT;

const fn piece_code(piece: Piece) -> Cell {
    2 + (piece.kind as u8) * 2 + piece.side as u8
}

/// What a location holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Content {
    /// No square: nothing can stand on, move to or pass through it.
    Hole,
    /// An empty square.
    Empty,
    /// A square with this piece on it.
    Occupied(Piece),
}

/// The board: the content of every location, plus derived occupancy sets and hash.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    cells: [Cell; LOC_COUNT],
    occupied: [LocSet; 2],
    /// The locations of each kind's pieces, both sides together.
    kinds: [LocSet; Kind::COUNT],
    holes: LocSet,
    hash: u64,
    /// How many pieces of each kind each side has on the board.
    counts: [[u8; Kind::COUNT]; 2],
}

impl Board {
    /// A board whose every location is an empty square (squares outside a variant's rectangle
    /// are never looked at).
    pub fn empty() -> Board {
        Board {
            cells: [EMPTY; LOC_COUNT],
            occupied: [LocSet::EMPTY; 2],
            kinds: [LocSet::EMPTY; Kind::COUNT],
            holes: LocSet::EMPTY,
            hash: 0,
            counts: [[0; Kind::COUNT]; 2],
        }
    }

    /// What `loc` holds.
    #[inline]
    pub fn content(&self, loc: Loc) -> Content {
        match self.cells[loc.index()] {
            EMPTY => Content::Empty,
            HOLE => Content::Hole,
            code => Content::Occupied(decode(code)),
        }
    }

    /// The piece on `loc`, if any.
    #[inline]
    pub fn piece(&self, loc: Loc) -> Option<Piece> {
        match self.cells[loc.index()] {
            EMPTY | HOLE => None,
            code => Some(decode(code)),
        }
    }

    /// Whether `loc` is a square with nothing on it.
    #[inline]
    pub fn is_empty(&self, loc: Loc) -> bool {
        self.cells[loc.index()] == EMPTY
    }

    /// Whether `loc` holds no square.
    #[inline]
    pub fn is_hole(&self, loc: Loc) -> bool {
        self.cells[loc.index()] == HOLE
    }

    /// Whether `loc` holds a piece of `side`.
    #[inline]
    pub fn is_side(&self, loc: Loc, side: Side) -> bool {
        self.occupied[side.index()].contains(loc)
    }

    /// Puts `piece` on the square `loc`, replacing whatever stood there.
    pub fn put(&mut self, loc: Loc, piece: Piece) {
        self.write(loc, piece_code(piece));
    }

    /// Empties the square `loc`.
    pub fn clear(&mut self, loc: Loc) {
        self.write(loc, EMPTY);
    }

    /// Removes the square at `loc` (it must hold no piece to keep the board sane).
    pub fn make_hole(&mut self, loc: Loc) {
        self.write(loc, HOLE);
    }

    /// Moves whatever is on `from` to `to`, leaving `from` empty.
    pub fn move_piece(&mut self, from: Loc, to: Loc) {
        let code = self.cells[from.index()];
        self.write(from, EMPTY);
        self.write(to, code);
    }

    fn write(&mut self, loc: Loc, code: Cell) {
        let i = loc.index();
        let old = self.cells[i];
        self.hash ^= zobrist::cell(i, old) ^ zobrist::cell(i, code);
        self.cells[i] = code;
        let bit = loc.bit();
        self.occupied[0] &= !bit;
        self.occupied[1] &= !bit;
        self.holes &= !bit;
        if old >= 2 {
            let piece = decode(old);
            self.kinds[piece.kind.index()] &= !bit;
            self.counts[piece.side.index()][piece.kind.index()] -= 1;
        }
        if code == HOLE {
            self.holes |= bit;
        } else if code >= 2 {
            self.occupied[usize::from(code & 1)] |= bit;
            let piece = decode(code);
            self.kinds[piece.kind.index()] |= bit;
            self.counts[piece.side.index()][piece.kind.index()] += 1;
        }
    }

    /// The locations holding pieces of `side`.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> LocSet {
        self.occupied[side.index()]
    }

    /// The locations holding pieces of either side.
    #[inline]
    pub fn occupied(&self) -> LocSet {
        self.occupied[0] | self.occupied[1]
    }

    /// The locations holding no square.
    #[inline]
    pub fn holes(&self) -> LocSet {
        self.holes
    }

    /// The locations a slide stops at: pieces of either side and holes.
    #[inline]
    pub fn blockers(&self) -> LocSet {
        self.occupied() | self.holes
    }

    /// The locations of `side`'s Kings.
    #[inline]
    pub fn kings_of(&self, side: Side) -> LocSet {
        self.locs_of(Piece::new(Kind::King, side))
    }

    /// The locations of the pieces exactly like `piece` (its kind and side).
    #[inline]
    pub fn locs_of(&self, piece: Piece) -> LocSet {
        self.kinds[piece.kind.index()] & self.occupied[piece.side.index()]
    }

    /// `side`'s King, when it has exactly one.
    pub fn king_of(&self, side: Side) -> Option<Loc> {
        let set = self.kings_of(side);
        if set.lowest() == set {
            set.first()
        } else {
            None
        }
    }

    /// The pieces of `side` with their locations, lowest location index first.
    pub fn pieces_of(&self, side: Side) -> impl Iterator<Item = (Loc, Piece)> + '_ {
        self.pieces_on(self.occupied_by(side))
    }

    /// Every piece on the board with its location.
    pub fn pieces(&self) -> impl Iterator<Item = (Loc, Piece)> + '_ {
        self.pieces_on(self.occupied())
    }

    /// The pieces on `locs`, which must all hold one, with their locations, lowest location
    /// index first.
    #[inline]
    pub fn pieces_on(&self, locs: LocSet) -> impl Iterator<Item = (Loc, Piece)> + '_ {
        locs.iter()
            .map(move |loc| (loc, decode(self.cells[loc.index()])))
    }

    /// How many pieces of exactly this kind and side stand on the board.
    #[inline]
    pub fn count(&self, piece: Piece) -> usize {
        usize::from(self.counts[piece.side.index()][piece.kind.index()])
    }

    /// The Zobrist hash of the contents (squares, holes and pieces).
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

/// Every piece by its code (the codes of empty squares and holes stand in as White Pawns,
/// never read).
const PIECES: [Piece; 64] = {
    let mut pieces = [Piece::new(Kind::Pawn, Side::White); 64];
    let mut code = 2;
    while code < CELL_CODES {
        let side = if code % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        pieces[code] = Piece::new(Kind::ALL[(code - 2) / 2], side);
        code += 1;
    }
    pieces
};
const _: () = assert!(CELL_CODES <= PIECES.len(), "every cell code must decode");

#[inline]
fn decode(code: Cell) -> Piece {
    PIECES[usize::from(code) % PIECES.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The per-kind sets follow every change: a piece put, moved onto another (which it
    /// replaces), cleared, and a square turned into a hole.
    #[test]
    fn each_kinds_locations_follow_the_pieces() {
        let loc = |text| Loc::parse(text).expect("a square");
        let white_rook = Piece::new(Kind::Rook, Side::White);
        let black_knight = Piece::new(Kind::Knight, Side::Black);
        let mut board = Board::empty();
        board.put(loc("a1"), white_rook);
        board.put(loc("c3"), black_knight);
        assert_eq!(board.locs_of(white_rook), loc("a1").bit());
        assert_eq!(board.locs_of(black_knight), loc("c3").bit());
        board.move_piece(loc("a1"), loc("c3"));
        assert_eq!(board.locs_of(white_rook), loc("c3").bit());
        assert_eq!(board.locs_of(black_knight), LocSet::EMPTY);
        assert_eq!(
            board.locs_of(Piece::new(Kind::Rook, Side::Black)),
            LocSet::EMPTY
        );
        board.clear(loc("c3"));
        board.make_hole(loc("d4"));
        assert!(Kind::ALL.iter().all(|kind| {
            Side::BOTH
                .iter()
                .all(|side| board.locs_of(Piece::new(*kind, *side)).is_empty())
        }));
    }
}
