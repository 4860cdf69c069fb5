//! A position: the board, the side to move, the clocks and the small rule state the variants
//! keep. It is `Copy`: playing a turn makes a new one, and undo is keeping the old one.

use super::board::Board;
use super::types::{Kind, Loc, LocSet, Piece, Side};
use super::zobrist::{self, Feature};

/// Pieces held off the board, counted per side and kind: Fanorona's captured pieces waiting to
/// come back by promotion, Amphora's Guards in reserve.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Reserve {
    counts: [[u8; Kind::COUNT]; 2],
    /// The Zobrist hash of the counts, kept in step with every change.
    hash: u64,
}

impl Reserve {
    /// The most of one piece the hash tells apart: more hash as this many.
    pub const MOST_HASHED: u8 = 7;

    /// How many of `piece` are held.
    pub fn count(&self, piece: Piece) -> u8 {
        self.counts[piece.side.index()][piece.kind.index()]
    }

    /// Adds one `piece`.
    pub fn add(&mut self, piece: Piece) {
        let n = self.count(piece);
        self.set(piece, n.saturating_add(1));
    }

    /// Takes one `piece` out; false if there was none.
    pub fn take(&mut self, piece: Piece) -> bool {
        let n = self.count(piece);
        if n == 0 {
            return false;
        }
        self.set(piece, n - 1);
        true
    }

    /// Holds `n` of `piece`, the hash following.
    fn set(&mut self, piece: Piece, n: u8) {
        self.hash ^= Reserve::key(piece, self.count(piece)) ^ Reserve::key(piece, n);
        self.counts[piece.side.index()][piece.kind.index()] = n;
    }

    /// The hash of holding `n` of `piece` (none for none; [`Reserve::MOST_HASHED`] or more
    /// hash alike).
    fn key(piece: Piece, n: u8) -> u64 {
        if n == 0 {
            return 0;
        }
        zobrist::state(Feature::Reserve(piece, n.min(Reserve::MOST_HASHED)))
    }

    /// The kinds `side` holds at least one of, in kind order.
    pub fn kinds_of(&self, side: Side) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL
            .into_iter()
            .filter(move |k| self.counts[side.index()][k.index()] > 0)
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().flatten().all(|n| *n == 0)
    }

    fn hash(&self) -> u64 {
        self.hash
    }
}

/// Orthodox castling rights: which Rooks the Kings may still castle with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling(pub u8);

impl Castling {
    /// White may castle king-side (`K`).
    pub const WHITE_KING: u8 = 1;
    /// White may castle queen-side (`Q`).
    pub const WHITE_QUEEN: u8 = 2;
    /// Black may castle king-side (`k`).
    pub const BLACK_KING: u8 = 4;
    /// Black may castle queen-side (`q`).
    pub const BLACK_QUEEN: u8 = 8;
    /// How many rights there are, one bit each.
    pub const RIGHTS: usize = 4;

    /// Whether the right `bit` is held.
    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

/// The variant's rule state beyond the board: each variant uses the fields its rules need and
/// leaves the rest at their defaults, so every position has one shape and one hash.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RuleState {
    /// Chess: castling rights.
    pub castling: Castling,
    /// Chess: the square passed by the last double step.
    pub en_passant: Option<Loc>,
    /// Fanorona: which Kings may still leap (bit `side.index()`).
    pub leap_rights: u8,
    /// Pieces held off the board (Fanorona's captured pieces, Amphora's Guards in reserve).
    pub reserve: Reserve,
    /// Amphora: the side to move may place its Guard this turn.
    pub placement_right: bool,
    /// Amphora: each side's count of consecutive sideways moves (0 to
    /// [`RuleState::MAX_SIDEWAYS`]).
    pub sideways: [u8; 2],
    /// Amoeba: the slide of the turn just played (from, to), which may not be undone at once.
    pub last_slide: Option<(Loc, Loc)>,
    /// Crazyhouse: the squares of the pieces that are promoted Pawns (they go back to Pawns when
    /// captured).
    pub promoted: LocSet,
}

impl RuleState {
    /// The most consecutive sideways moves a side's count holds.
    pub const MAX_SIDEWAYS: u8 = 3;

    fn hash(&self) -> u64 {
        let mut h = self.reserve.hash();
        for bit in 0..Castling::RIGHTS as u8 {
            if self.castling.has(1 << bit) {
                h ^= zobrist::state(Feature::Castling(bit));
            }
        }
        if let Some(ep) = self.en_passant {
            h ^= zobrist::state(Feature::EnPassant(ep.file()));
        }
        for side in Side::BOTH {
            if self.leap_rights & (1 << side.index()) != 0 {
                h ^= zobrist::state(Feature::LeapRight(side));
            }
        }
        if self.placement_right {
            h ^= zobrist::state(Feature::PlacementRight);
        }
        for side in Side::BOTH {
            let count = self.sideways[side.index()].min(RuleState::MAX_SIDEWAYS);
            if count > 0 {
                h ^= zobrist::state(Feature::Sideways(side, count));
            }
        }
        if let Some((from, to)) = self.last_slide {
            h ^= zobrist::state(Feature::SlideFrom(from)) ^ zobrist::state(Feature::SlideTo(to));
        }
        for at in self.promoted {
            h ^= zobrist::promoted(at);
        }
        h
    }
}

/// Everything that decides what may happen next in a game, except its history.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    /// What stands where.
    pub board: Board,
    /// Whose turn it is.
    pub side: Side,
    /// Half-moves since the last capture or pawn move (the fifty-move rule's clock).
    pub halfmove: u32,
    /// The number of the full move in progress: 1 at the start, one more after Black's turn.
    pub fullmove: u32,
    /// The variant's rule state.
    pub state: RuleState,
}

impl Position {
    /// The Zobrist hash of the board, the side to move and the rule state (not the clocks):
    /// equal for positions that count as the same for repetition.
    pub fn hash(&self) -> u64 {
        let side = match self.side {
            Side::White => 0,
            Side::Black => zobrist::state(Feature::BlackToMove),
        };
        self.board.hash() ^ side ^ self.state.hash()
    }

    /// This position with `side` to move, for asking what its pieces could do: unchanged when
    /// it is `side`'s turn, else with no en passant square and no placement right (never a
    /// legal turn: the player's help and the screen reader's questions).
    pub fn asked_for(&self, side: Side) -> Position {
        let mut asked = *self;
        asked.ask_for(side);
        asked
    }

    /// Makes this position [`Position::asked_for`] `side`, in place.
    pub fn ask_for(&mut self, side: Side) {
        if self.side != side {
            self.side = side;
            self.state.en_passant = None;
            self.state.placement_right = false;
        }
    }

    /// Hands the turn to the other side, counting the full move after Black's turn.
    pub fn pass_turn(&mut self) {
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
    }

    /// This position at the end of the turn just played on it: the halfmove clock restarted
    /// when `resets_clock` (a capture, a Pawn move, …) or else one halfmove on, and the turn
    /// handed to the other side.
    pub fn end_turn(mut self, resets_clock: bool) -> Position {
        self.finish_turn(resets_clock);
        self
    }

    /// As [`Position::end_turn`], in place.
    pub fn finish_turn(&mut self, resets_clock: bool) {
        self.halfmove = if resets_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        self.pass_turn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reserve's hash, kept as pieces come and go, depends only on what is held: the same
    /// holdings reached in another order hash alike, and an emptied reserve hashes as a new one.
    #[test]
    fn a_reserve_hashes_by_what_it_holds() {
        let rook = Piece::new(Kind::Rook, Side::White);
        let knight = Piece::new(Kind::Knight, Side::Black);
        let (mut one, mut other) = (Reserve::default(), Reserve::default());
        for piece in [rook, knight, rook] {
            one.add(piece);
        }
        for piece in [knight, rook, rook, knight] {
            other.add(piece);
        }
        assert!(other.take(knight));
        assert_eq!(one.hash(), other.hash());
        assert_ne!(one.hash(), Reserve::default().hash());
        for piece in [rook, knight, rook] {
            assert!(one.take(piece));
        }
        assert!(!one.take(rook));
        assert_eq!(one, Reserve::default());
        assert_eq!(one.hash(), 0);
    }
}
