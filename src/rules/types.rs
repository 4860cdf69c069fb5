//! The small value types the engine speaks in: sides, piece kinds, pieces, locations and
//! directions. Nothing here knows about any one variant.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. `White` is the first player of every variant (Yellow in Fanorona
/// Chess, Blue in American Chess) and moves first; `Black` is the second (Red).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Side {
    /// The first player: upper-case letters, starts on the low ranks.
    White = 0,
    /// The second player: lower-case letters, starts on the high ranks.
    Black = 1,
}

impl Side {
    /// Both sides, first player first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other player.
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank step that is forward for this side: +1 for White, -1 for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// Up one rank for White, down one for Black, as a compass direction.
    pub const fn forward_dir(self) -> Dir {
        match self {
            Side::White => Dir::N,
            Side::Black => Dir::S,
        }
    }

    /// The FEN side letter: `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

/// What a piece is, across every variant. Letters are a variant's business (see
/// [`crate::rules::PieceLetters`]): American Chess writes its Colonel `N`, for example.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    /// A pawn of whatever kind the variant has.
    Pawn,
    /// A knight (orthodox leaper or Fanorona's path-leaper).
    Knight,
    /// A bishop (diagonal slider).
    Bishop,
    /// A rook (orthogonal slider).
    Rook,
    /// A queen (slides in all eight directions); American Chess's General.
    Queen,
    /// A royal king.
    King,
    /// Rook plus knight.
    Chancellor,
    /// Bishop plus knight.
    Archbishop,
    /// Amphora's Guard.
    Guard,
    /// Pawns-to-Kings' Waffle: an orthogonal step or a two-square diagonal jump.
    Waffle,
    /// Pawns-to-Kings' Blacksmith: moves and captures differ.
    Blacksmith,
    /// American Chess's Soldier: a non-royal king step.
    Soldier,
    /// American Chess's Colonel: a leaper to the distance-2 ring.
    Colonel,
    /// American Chess's Missile: lands anywhere but the far rank.
    Missile,
    /// American Chess's Artillery: moves as a queen, captures by hopping.
    Artillery,
}

impl Kind {
    /// How many kinds there are: the length of per-kind tables.
    pub const COUNT: usize = 15;

    /// Every kind, in declaration order (`ALL[k.index()] == k`).
    pub const ALL: [Kind; Kind::COUNT] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Chancellor,
        Kind::Archbishop,
        Kind::Guard,
        Kind::Waffle,
        Kind::Blacksmith,
        Kind::Soldier,
        Kind::Colonel,
        Kind::Missile,
        Kind::Artillery,
    ];

    /// The position of this kind in [`Kind::ALL`]: an index into per-kind tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A piece: what it is and whose it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    /// What the piece is.
    pub kind: Kind,
    /// Who owns it.
    pub side: Side,
}

impl Piece {
    /// A piece of `kind` owned by `side`.
    pub const fn new(kind: Kind, side: Side) -> Piece {
        Piece { kind, side }
    }
}

/// The widest board of any variant (American Chess: a–k).
pub const MAX_FILES: u8 = 11;
/// The tallest board of any variant (9 ranks).
pub const MAX_RANKS: u8 = 9;
/// The number of locations of the largest rectangle: the length of per-location tables.
pub const LOC_COUNT: usize = MAX_FILES as usize * MAX_RANKS as usize;

/// A location of the board rectangle, file `a`.. and rank `1`.. Whether it holds a square is
/// the board's business. Its index (`rank * 11 + file`) is the same on every board size, so a
/// location prints as `e4` without knowing the variant, and a set of them fits in a `u128`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Loc(u8);

impl Loc {
    /// The location at 0-based `file` and `rank`, or `None` outside the largest rectangle.
    pub const fn new(file: i32, rank: i32) -> Option<Loc> {
        if file < 0 || rank < 0 || file >= MAX_FILES as i32 || rank >= MAX_RANKS as i32 {
            None
        } else {
            Some(Loc((rank * MAX_FILES as i32 + file) as u8))
        }
    }

    /// The location with this index, if it is one (`index < LOC_COUNT`).
    pub const fn from_index(index: usize) -> Option<Loc> {
        if index < LOC_COUNT {
            Some(Loc(index as u8))
        } else {
            None
        }
    }

    /// 0-based file: `a` is 0.
    pub const fn file(self) -> u8 {
        self.0 % MAX_FILES
    }

    /// 0-based rank: rank `1` is 0.
    pub const fn rank(self) -> u8 {
        self.0 / MAX_FILES
    }

    /// Whether the location has the light shade of a chequered board: file + rank odd, so `a1`
    /// is dark (as in chess) and the dark locations are Fanorona's strong points.
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// An index into per-location tables, below [`LOC_COUNT`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// This location's bit in a [`LocSet`].
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// The location `files` files and `ranks` ranks away, if inside the largest rectangle.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Loc> {
        Loc::new(
            self.file() as i32 + files as i32,
            self.rank() as i32 + ranks as i32,
        )
    }

    /// Reads a square name such as `e4` or `k9` (files a–k, ranks 1–9, no leading zero).
    pub fn parse(text: &str) -> Option<Loc> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file < MAX_FILES && rank < MAX_RANKS {
            Loc::new(file as i32, rank as i32)
        } else {
            None
        }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A set of locations, one bit each.
pub type LocSet = u128;

/// Iterates over the locations of a set, lowest index first.
pub fn locs_of(mut set: LocSet) -> impl Iterator<Item = Loc> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros() as usize;
        set &= set - 1;
        Loc::from_index(index)
    })
}

/// One of the eight compass directions, clockwise from north (towards higher ranks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    /// Up the ranks.
    N,
    /// Up and right.
    NE,
    /// Right along the rank.
    E,
    /// Down and right.
    SE,
    /// Down the ranks.
    S,
    /// Down and left.
    SW,
    /// Left along the rank.
    W,
    /// Up and left.
    NW,
}

impl Dir {
    /// All eight directions, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// This direction's index in [`Dir::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file and rank step of one move in this direction.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// Whether this is one of the four diagonal directions.
    pub const fn is_diagonal(self) -> bool {
        self as usize % 2 == 1
    }

    /// This direction's bit in a [`DirSet`].
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of directions, one bit each (bit `d.index()`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DirSet(pub u8);

impl DirSet {
    /// No direction.
    pub const NONE: DirSet = DirSet(0);
    /// The four orthogonal directions.
    pub const ORTHOGONAL: DirSet = DirSet(0b0101_0101);
    /// The four diagonal directions.
    pub const DIAGONAL: DirSet = DirSet(0b1010_1010);
    /// All eight directions.
    pub const ALL: DirSet = DirSet(0xff);

    /// The set of the given directions.
    pub const fn of(dirs: &[Dir]) -> DirSet {
        let mut bits = 0;
        let mut i = 0;
        while i < dirs.len() {
            bits |= dirs[i].bit();
            i += 1;
        }
        DirSet(bits)
    }

    /// Whether `dir` is in the set.
    pub const fn contains(self, dir: Dir) -> bool {
        self.0 & dir.bit() != 0
    }

    /// The directions of both sets.
    pub const fn union(self, other: DirSet) -> DirSet {
        DirSet(self.0 | other.0)
    }

    /// The directions of the set, clockwise from north.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |d| self.contains(*d))
    }
}
