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

/// Declares [`Kind`] with [`Kind::ALL`], [`Kind::COUNT`] and each kind's default drawing
/// ([`Kind::default_art`]) from one list, so a new kind of piece is named in one place.
macro_rules! kinds {
    ($(#[$meta:meta])* pub enum Kind { $($(#[$doc:meta])* $name:ident => $art:literal,)* }) => {
        $(#[$meta])*
        pub enum Kind {
            $($(#[$doc])* $name,)*
        }

        impl Kind {
            /// How many kinds there are: the length of per-kind tables.
            pub const COUNT: usize = [$(stringify!($name)),*].len();

            /// Every kind, in declaration order (`ALL[k.index()] == k`).
            pub const ALL: [Kind; Kind::COUNT] = [$(Kind::$name),*];

            /// The name of the drawing a piece of this kind is drawn with where the variant's
            /// data names none (its `art`): one of the game's drawings.
            pub const fn default_art(self) -> &'static str {
                match self {
                    $(Kind::$name => $art,)*
                }
            }
        }
    };
}

kinds! {
    /// What a piece is, across every variant. Letters are a variant's business (see
    /// [`crate::PieceLetters`]): American Chess writes its Colonel `N`, for example. Each kind
    /// names the drawing it is drawn with by default.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
    pub enum Kind {
        /// A pawn of whatever kind the variant has.
        Pawn => "pawn",
        /// A knight (orthodox leaper or Fanorona's path-leaper).
        Knight => "knight",
        /// A bishop (diagonal slider).
        Bishop => "bishop",
        /// A rook (orthogonal slider).
        Rook => "rook",
        /// A queen (slides in all eight directions); American Chess's General.
        Queen => "queen",
        /// A royal king.
        King => "king",
        /// Rook plus knight.
        Chancellor => "chancellor",
        /// Bishop plus knight.
        Archbishop => "archbishop",
        /// Amphora's Guard.
        Guard => "guard",
        /// Pawns-to-Kings' Waffle: an orthogonal step or a two-square diagonal jump.
        Waffle => "waffle",
        /// Pawns-to-Kings' Blacksmith: moves and captures differ.
        Blacksmith => "blacksmith",
        /// American Chess's Soldier: a non-royal king step.
        Soldier => "soldier",
        /// American Chess's Colonel: a leaper to the distance-2 ring.
        Colonel => "colonel",
        /// American Chess's Missile: lands anywhere but the far rank.
        Missile => "missile",
        /// American Chess's Artillery: moves as a queen, captures by hopping.
        Artillery => "artillery",
    }
}

impl Kind {
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

/// The widest board a variant may have (12 files: a–l; American Chess has 11).
pub const MAX_FILES: u8 = 12;
/// The tallest board a variant may have (10 ranks; the built-in variants have at most 9).
pub const MAX_RANKS: u8 = 10;
/// The number of locations of the largest rectangle: the length of per-location tables.
pub const LOC_COUNT: usize = MAX_FILES as usize * MAX_RANKS as usize;

/// A location of the board rectangle, file `a`.. and rank `1`.. Whether it holds a square is
/// the board's business. Its index (`rank * 12 + file`) is the same on every board size, so a
/// location prints as `e4` or `l10` without knowing the variant, and a set of them fits in a
/// [`LocSet`].
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

    /// The set of this location alone.
    #[inline]
    pub const fn bit(self) -> LocSet {
        LocSet(1u128 << self.0)
    }

    /// The location `files` files and `ranks` ranks away, if inside the largest rectangle.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Loc> {
        Loc::new(
            self.file() as i32 + files as i32,
            self.rank() as i32 + ranks as i32,
        )
    }

    /// Reads a square name such as `e4`, `k9` or `l10` (files a–l, ranks 1–10, no leading
    /// zero): the whole of `text`.
    pub fn parse(text: &str) -> Option<Loc> {
        match Loc::scan(text) {
            Some((loc, "")) => Some(loc),
            _ => None,
        }
    }

    /// Reads the square name at the start of `text`, returning it and the text after it: a
    /// file letter and every digit that follows (`a10a9` gives `a10` and `a9`). `None` when
    /// `text` does not start with a square name of the largest rectangle (`m1`, `a11`, `a0`,
    /// `a01`).
    pub fn scan(text: &str) -> Option<(Loc, &str)> {
        let bytes = text.as_bytes();
        let file = bytes.first()?.wrapping_sub(b'a');
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if file >= MAX_FILES || !(1..=2).contains(&digits) || bytes[1] == b'0' {
            return None;
        }
        let rank = bytes[1..=digits]
            .iter()
            .fold(0u8, |rank, digit| rank * 10 + (digit - b'0'));
        if !(1..=MAX_RANKS).contains(&rank) {
            return None;
        }
        Some((
            Loc::new(file.into(), (rank - 1).into())?,
            &text[1 + digits..],
        ))
    }

    /// The order square names are listed in (a turn's promotions at the end, for one): by
    /// file, then by rank, so `a9` comes before `a10` and both before `b1`.
    pub const fn name_order(self) -> (u8, u8) {
        (self.file(), self.rank())
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A set of locations, one bit each (bit `loc.index()`), as cozy-chess's `BitBoard`: the set
/// operators are the bit operators, and iterating gives the locations lowest index first.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LocSet(u128);

impl LocSet {
    /// No location.
    pub const EMPTY: LocSet = LocSet(0);

    /// The locations of the 0-based `rank`, across the largest rectangle.
    #[inline]
    pub const fn rank(rank: u8) -> LocSet {
        LocSet(((1u128 << MAX_FILES) - 1) << (rank as u32 * MAX_FILES as u32))
    }

    /// Whether `loc` is in the set.
    #[inline]
    pub const fn contains(self, loc: Loc) -> bool {
        self.0 & loc.bit().0 != 0
    }

    /// Whether the set has no location.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set shares a location with `other`.
    #[inline]
    pub const fn intersects(self, other: LocSet) -> bool {
        self.0 & other.0 != 0
    }

    /// How many locations the set has.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The set with `loc` added.
    #[inline]
    pub const fn with(self, loc: Loc) -> LocSet {
        LocSet(self.0 | loc.bit().0)
    }

    /// The set without `loc`.
    #[inline]
    pub const fn without(self, loc: Loc) -> LocSet {
        LocSet(self.0 & !loc.bit().0)
    }

    /// The set of its location of lowest index alone (empty if the set is).
    #[inline]
    pub const fn lowest(self) -> LocSet {
        LocSet(self.0 & self.0.wrapping_neg())
    }

    /// The set of its location of highest index alone (empty if the set is).
    #[inline]
    pub const fn highest(self) -> LocSet {
        match self.0.checked_ilog2() {
            Some(index) => LocSet(1 << index),
            None => LocSet::EMPTY,
        }
    }

    /// The location of lowest index, if any.
    #[inline]
    pub const fn first(self) -> Option<Loc> {
        Loc::from_index(self.0.trailing_zeros() as usize)
    }

    /// The location of highest index, if any.
    #[inline]
    pub const fn last(self) -> Option<Loc> {
        match self.0.checked_ilog2() {
            Some(index) => Loc::from_index(index as usize),
            None => None,
        }
    }

    /// Every location of index up to and including the set's lowest, or every location when
    /// the set is empty.
    #[inline]
    pub const fn up_to_first(self) -> LocSet {
        LocSet(self.0 ^ self.0.wrapping_sub(1))
    }

    /// Every location of index from the set's highest up, or every location when the set is
    /// empty.
    #[inline]
    pub const fn from_last(self) -> LocSet {
        LocSet(u128::MAX << (u128::BITS - 1 - (self.0 | 1).leading_zeros()))
    }

    /// The set as bits, a location's index its bit: for code that packs the locations of a
    /// smaller board more tightly.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set with every location's index raised by `by` (below 128), those pushed past the
    /// top dropped.
    #[inline]
    pub const fn raised(self, by: u32) -> LocSet {
        LocSet(self.0 << by)
    }

    /// The set with every location's index lowered by `by` (below 128), those pushed below 0
    /// dropped.
    #[inline]
    pub const fn lowered(self, by: u32) -> LocSet {
        LocSet(self.0 >> by)
    }

    /// The set with every location's index raised by `by` (lowered for a negative `by`),
    /// locations pushed past either end dropped.
    #[inline]
    pub const fn shifted(self, by: i8) -> LocSet {
        if by >= 0 {
            self.raised(by as u32)
        } else {
            self.lowered(by.unsigned_abs() as u32)
        }
    }

    /// The locations of the set, lowest index first.
    #[inline]
    pub const fn iter(self) -> LocSetIter {
        LocSetIter(self.0)
    }
}

impl fmt::Debug for LocSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|l| l.to_string()))
            .finish()
    }
}

impl From<Loc> for LocSet {
    #[inline]
    fn from(loc: Loc) -> LocSet {
        loc.bit()
    }
}

impl FromIterator<Loc> for LocSet {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Loc>>(locs: I) -> LocSet {
        locs.into_iter().fold(LocSet::EMPTY, LocSet::with)
    }
}

impl IntoIterator for LocSet {
    type Item = Loc;
    type IntoIter = LocSetIter;

    #[inline]
    fn into_iter(self) -> LocSetIter {
        self.iter()
    }
}

/// The locations of a [`LocSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct LocSetIter(u128);

impl Iterator for LocSetIter {
    type Item = Loc;

    #[inline]
    fn next(&mut self) -> Option<Loc> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Loc::from_index(index)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.0.count_ones() as usize))
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl std::ops::$trait for LocSet {
            type Output = LocSet;

            #[inline]
            fn $method(self, other: LocSet) -> LocSet {
                LocSet(self.0 $op other.0)
            }
        }

        impl std::ops::$assign_trait for LocSet {
            #[inline]
            fn $assign_method(&mut self, other: LocSet) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl std::ops::Not for LocSet {
    type Output = LocSet;

    /// Every location not in the set (bits beyond [`LOC_COUNT`] included, so intersect it with
    /// a real set before iterating).
    #[inline]
    fn not(self) -> LocSet {
        LocSet(!self.0)
    }
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

    /// The direction of index `index % 8` in [`Dir::ALL`] (a match the compiler folds into
    /// the index itself).
    #[inline]
    pub const fn from_index(index: usize) -> Dir {
        match index % 8 {
            0 => Dir::N,
            1 => Dir::NE,
            2 => Dir::E,
            3 => Dir::SE,
            4 => Dir::S,
            5 => Dir::SW,
            6 => Dir::W,
            _ => Dir::NW,
        }
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

    /// The direction of the one step from `from` to `to`, which must be neighbours (their index
    /// difference alone tells the direction then); `None` when the difference is no step's.
    #[inline]
    pub const fn of_step(from: Loc, to: Loc) -> Option<Dir> {
        let difference = to.index() as isize - from.index() as isize + STEP_REACH;
        if difference < 0 || difference > 2 * STEP_REACH {
            return None;
        }
        STEP_DIRS[difference as usize]
    }
}

/// The largest index difference of one step (north-east: a rank and a file up).
const STEP_REACH: isize = MAX_FILES as isize + 1;

/// Per index difference of one step, shifted by [`STEP_REACH`]: its direction.
const STEP_DIRS: [Option<Dir>; 2 * STEP_REACH as usize + 1] = {
    let mut dirs = [None; 2 * STEP_REACH as usize + 1];
    let mut i = 0;
    while i < Dir::ALL.len() {
        let (df, dr) = Dir::ALL[i].delta();
        let difference = dr as isize * MAX_FILES as isize + df as isize;
        dirs[(difference + STEP_REACH) as usize] = Some(Dir::ALL[i]);
        i += 1;
    }
    dirs
};

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

    /// The directions of the set, clockwise from north: one step per direction in the set.
    #[inline]
    pub fn iter(self) -> DirSetIter {
        DirSetIter(self.0)
    }
}

/// The directions of a [`DirSet`], clockwise from north.
#[derive(Clone, Debug)]
pub struct DirSetIter(u8);

impl Iterator for DirSetIter {
    type Item = Dir;

    #[inline]
    fn next(&mut self) -> Option<Dir> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Dir::from_index(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(name: &str) -> Loc {
        Loc::parse(name).expect("a square name")
    }

    #[test]
    fn a_loc_set_is_a_set_of_locations() {
        let set: LocSet = [loc("e4"), loc("a1"), loc("k9")].into_iter().collect();
        assert_eq!(set.len(), 3);
        assert!(set.contains(loc("e4")) && !set.contains(loc("e5")));
        let names: Vec<String> = set.iter().map(|l| l.to_string()).collect();
        assert_eq!(names, ["a1", "e4", "k9"]);
        assert_eq!(set.lowest(), loc("a1").bit());
        assert_eq!(set.highest(), loc("k9").bit());
        assert_eq!(
            (set.first(), set.last()),
            (Some(loc("a1")), Some(loc("k9")))
        );
        assert_eq!((LocSet::EMPTY.first(), LocSet::EMPTY.last()), (None, None));
        assert_eq!(loc("e4").bit().raised(12), loc("e5").bit());
        assert_eq!(loc("e4").bit().lowered(1), loc("d4").bit());
        assert_eq!(set.without(loc("e4")) | loc("e4").bit(), set);
        assert_eq!(set & !loc("a1").bit(), set.without(loc("a1")));
        assert!(set.intersects(loc("k9").bit()));
        assert!((set ^ set).is_empty());
        assert_eq!(LocSet::rank(3).iter().next(), Some(loc("a4")));
        assert_eq!(LocSet::rank(3).last(), Some(loc("l4")));
        assert_eq!(LocSet::EMPTY.highest(), LocSet::EMPTY);
        let up_to_e4 = set.without(loc("a1")).up_to_first();
        assert_eq!(up_to_e4.len(), loc("e4").index() + 1);
        assert!(up_to_e4.contains(loc("a1")) && !up_to_e4.contains(loc("f4")));
        let from_e4 = set.without(loc("k9")).from_last();
        assert_eq!(from_e4, !up_to_e4 | loc("e4").bit());
        assert_eq!(set.up_to_first(), loc("a1").bit());
        assert_eq!(LocSet::EMPTY.up_to_first(), !LocSet::EMPTY);
        assert_eq!(LocSet::EMPTY.from_last(), !LocSet::EMPTY);
        assert_eq!(LocSet::EMPTY.iter().next(), None);
    }

    #[test]
    fn a_square_name_is_a_file_letter_and_a_rank_number() {
        assert_eq!((loc("a1").file(), loc("a1").rank()), (0, 0));
        assert_eq!((loc("l10").file(), loc("l10").rank()), (11, 9));
        assert_eq!(loc("a10").index(), LOC_COUNT - 12);
        for name in ["a1", "e4", "k9", "l1", "a10", "l10"] {
            assert_eq!(loc(name).to_string(), name);
        }
        for name in [
            "", "a", "m1", "a0", "a01", "a11", "l11", "a100", "A1", "1a", "e4 ", "é4",
        ] {
            assert_eq!(Loc::parse(name), None, "{name}");
        }
        assert_eq!(Loc::scan("a10a9"), Some((loc("a10"), "a9")));
        assert_eq!(Loc::scan("b9b10=Q"), Some((loc("b9"), "b10=Q")));
        assert_eq!(Loc::scan("a1x"), Some((loc("a1"), "x")));
        assert_eq!(Loc::scan("a11"), None);
        assert!(loc("a9").name_order() < loc("a10").name_order());
        assert!(loc("a10").name_order() < loc("b1").name_order());
    }

    #[test]
    fn a_dir_set_lists_its_directions_clockwise_from_north() {
        let dirs: Vec<Dir> = DirSet::DIAGONAL.iter().collect();
        assert_eq!(dirs, [Dir::NE, Dir::SE, Dir::SW, Dir::NW]);
        assert_eq!(DirSet::NONE.iter().count(), 0);
        assert_eq!(DirSet::ALL.iter().count(), 8);
    }

    #[test]
    fn a_step_between_neighbours_has_its_direction() {
        for dir in Dir::ALL {
            let (df, dr) = dir.delta();
            let to = loc("e4").offset(df, dr).expect("a neighbour");
            assert_eq!(Dir::of_step(loc("e4"), to), Some(dir));
        }
        assert_eq!(Dir::of_step(loc("e4"), loc("e6")), None);
    }
}
