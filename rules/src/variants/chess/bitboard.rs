//! The orthodox 8×8 board as 64-bit sets, a bit per square (`a1` is bit 0, `b1` bit 1, `h8`
//! bit 63), for chess's judgement and its static exchange evaluation. The shared [`LocSet`](crate::types::LocSet) spans the
//! largest board of every variant in 128 bits and finds a file by dividing by eleven; a chess
//! board needs half the bits, its files are three bits of the index, and its attack tables
//! take a few kilobytes built while compiling.

use crate::board::Board;
use crate::geometry::KNIGHT_OFFSETS;
use crate::types::{Kind, Loc, LocSet, MAX_FILES, Piece, Side};

/// A set of squares of the 8×8 board.
pub type Squares = u64;

/// The light squares (`h1`, `a8` and those of their colour).
pub const LIGHT: Squares = 0x55aa_55aa_55aa_55aa;

/// The squares of the a-file and of the h-file.
const FILE_A: Squares = 0x0101_0101_0101_0101;
const FILE_H: Squares = FILE_A << 7;

/// The board's pieces by side and kind (Pawn, Knight, Bishop, Rook, Queen, King: the first six
/// of [`Kind::index`](crate::types::Kind::index)), read off a [`Board`] once per judgement.
pub struct Bitboards {
    /// Per side, per kind: where its pieces of that kind stand.
    pub pieces: [[Squares; 6]; 2],
    /// Per side: where its pieces stand.
    pub occupied: [Squares; 2],
}

impl Bitboards {
    /// The pieces of `board`, an 8×8 board of orthodox pieces (others are left out).
    #[inline(always)]
    pub fn of(board: &Board) -> Bitboards {
        let mut sets = Bitboards {
            pieces: [[0; 6]; 2],
            occupied: [0; 2],
        };
        for side in Side::BOTH {
            for (kind, set) in sets.pieces[side.index()].iter_mut().enumerate() {
                *set = squares_of(board.locs_of(Piece::new(Kind::ALL[kind], side)));
                sets.occupied[side.index()] |= *set;
            }
        }
        sets
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn all(&self) -> Squares {
        self.occupied[0] | self.occupied[1]
    }
}

/// Per square: its board location.
const LOCS: [Option<Loc>; 64] = {
    let mut locs = [None; 64];
    let mut square = 0;
    while square < 64 {
        locs[square] = Loc::new((square % 8) as i32, (square / 8) as i32);
        square += 1;
    }
    locs
};

/// The eight directions as (file, rank) steps: the first four raise a square's index, so the
/// nearest square of a set along them is its lowest; the last four lower it.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];

/// The directions a Bishop and a Rook slide along, as indexes into [`DIRECTIONS`].
const DIAGONALS: [usize; 4] = [1, 3, 5, 7];
const ORTHOGONALS: [usize; 4] = [0, 2, 4, 6];

/// The square `files` and `ranks` away from `square`, if on the board.
const fn offset(square: usize, files: i8, ranks: i8) -> Option<usize> {
    let (file, rank) = (
        (square % 8) as i32 + files as i32,
        (square / 8) as i32 + ranks as i32,
    );
    if file < 0 || file > 7 || rank < 0 || rank > 7 {
        None
    } else {
        Some((rank * 8 + file) as usize)
    }
}

/// Per square: the squares one of `steps` away.
const fn step_table(steps: &[(i8, i8)]) -> [Squares; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = offset(square, steps[i].0, steps[i].1) {
                table[square] |= 1 << to;
            }
            i += 1;
        }
        square += 1;
    }
    table
}

/// Per direction and square: the squares along the line from it, the square itself left out.
const RAYS: [[Squares; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut square = 0;
        while square < 64 {
            let (files, ranks) = DIRECTIONS[dir];
            let mut at = offset(square, files, ranks);
            while let Some(to) = at {
                rays[dir][square] |= 1 << to;
                at = offset(to, files, ranks);
            }
            square += 1;
        }
        dir += 1;
    }
    rays
};

const KNIGHT: [Squares; 64] = step_table(&KNIGHT_OFFSETS);

const KING: [Squares; 64] = step_table(&DIRECTIONS);

/// The squares a Knight on `square` attacks.
#[inline(always)]
pub fn knight(square: usize) -> Squares {
    KNIGHT[square]
}

/// The squares a King on `square` attacks.
#[inline(always)]
pub fn king(square: usize) -> Squares {
    KING[square]
}

/// The squares a slider on `square` attacks along direction `dir` (an index into
/// [`DIRECTIONS`]), up to and including the first of `blockers`. A line with no blocker ends
/// at the board's edge; the edge square past which it would go (`h8` for the rising
/// directions, `a1` for the falling ones) has no line onward, so it stands in as the blocker.
#[inline(always)]
fn slide(square: usize, dir: usize, blockers: Squares) -> Squares {
    let ray = RAYS[dir][square];
    let hits = ray & blockers;
    let first = if dir < 4 {
        (hits | 1 << 63).trailing_zeros()
    } else {
        63 - (hits | 1).leading_zeros()
    };
    ray ^ RAYS[dir][first as usize]
}

/// The squares a slider on `square` attacks along `dirs`, each slide stopping at the first of
/// `blockers`.
#[inline(always)]
fn slides(square: usize, dirs: [usize; 4], blockers: Squares) -> Squares {
    let mut set = 0;
    for dir in dirs {
        set |= slide(square, dir, blockers);
    }
    set
}

/// The squares a Bishop on `square` attacks, slides stopping at the first of `blockers`.
#[inline(always)]
pub fn bishop(square: usize, blockers: Squares) -> Squares {
    slides(square, DIAGONALS, blockers)
}

/// The squares a Rook on `square` attacks, slides stopping at the first of `blockers`.
#[inline(always)]
pub fn rook(square: usize, blockers: Squares) -> Squares {
    slides(square, ORTHOGONALS, blockers)
}

/// The squares `side`'s Pawns on `pawns` attack.
#[inline(always)]
pub fn pawn_attacks(pawns: Squares, side: Side) -> Squares {
    match side {
        Side::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Side::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

/// The squares of file `file` (0 is the a-file).
#[inline(always)]
pub fn file(file: usize) -> Squares {
    FILE_A << file
}

/// The squares of rank `rank` (0 is the first rank).
#[inline(always)]
pub fn rank(rank: usize) -> Squares {
    0xff << (8 * rank)
}

/// The squares beside those of `set` on the same rank, a file to either side.
#[inline(always)]
pub fn beside(set: Squares) -> Squares {
    ((set & !FILE_A) >> 1) | ((set & !FILE_H) << 1)
}

/// The squares ahead of those of `set` on their files, from `side`'s point of view (the
/// squares themselves left out unless another of the set stands behind them).
#[inline(always)]
pub fn ahead(set: Squares, side: Side) -> Squares {
    match side {
        Side::White => {
            let mut fill = set << 8;
            fill |= fill << 8;
            fill |= fill << 16;
            fill | fill << 32
        }
        Side::Black => {
            let mut fill = set >> 8;
            fill |= fill >> 8;
            fill |= fill >> 16;
            fill | fill >> 32
        }
    }
}

/// Every square of the files holding a square of `set`.
#[inline(always)]
pub fn files_of(set: Squares) -> Squares {
    let up = set | ahead(set, Side::White);
    up | ahead(up, Side::Black)
}

/// The squares of a set, lowest first.
#[inline(always)]
pub fn squares(mut set: Squares) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let square = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(square)
    })
}

/// The 8×8 part of a location set (its first eight files of its first eight ranks).
#[inline(always)]
fn squares_of(set: LocSet) -> Squares {
    let bits = set.bits();
    let mut squares = 0;
    for rank in 0..8 {
        squares |= (((bits >> (rank * MAX_FILES as usize)) & 0xff) as Squares) << (rank * 8);
    }
    squares
}

/// The square of `loc`, on the 8×8 board.
#[inline(always)]
fn square_of(loc: Loc) -> usize {
    usize::from(loc.rank()) * 8 + usize::from(loc.file())
}

/// The location of `square`.
#[inline(always)]
fn loc_of(square: usize) -> Option<Loc> {
    LOCS.get(square).copied().flatten()
}

/// The pieces that take part in an exchange on one square, found as the lines to it open.
#[derive(Default)]
struct Exchangers {
    /// Per kind (Pawn to King): where the pieces found attacking the square stand, those that
    /// have taken left out.
    by_kind: [Squares; 6],
    /// Per side: its pieces among them.
    by_side: [Squares; 2],
    /// The squares already looked at.
    seen: Squares,
    /// The squares still occupied: neither the target's nor those of the pieces that have
    /// taken on it.
    occupied: Squares,
}

impl Exchangers {
    /// The pieces that attack `to` on `board` once the piece on `from` has gone there.
    #[inline(always)]
    fn of(board: &Board, from: usize, to: usize) -> Exchangers {
        let occupied = squares_of(board.occupied()) & !(1 << to) & !(1 << from);
        let mut exchangers = Exchangers {
            seen: 1 << from,
            occupied,
            ..Exchangers::default()
        };
        let jumpers = KNIGHT[to]
            | KING[to]
            | pawn_attacks(1 << to, Side::White)
            | pawn_attacks(1 << to, Side::Black);
        let lines = (bishop(to, occupied), rook(to, occupied));
        exchangers.add(board, to, (lines.0 | lines.1 | jumpers) & occupied, lines);
        exchangers
    }

    /// `side`'s least valuable piece, by `worth`, takes on `to` of `board`: its worth, now
    /// that it stands on the square, and the sliders its leaving uncovers join in. `None` where
    /// `side` has nothing left to take with.
    #[inline(always)]
    fn take(
        &mut self,
        board: &Board,
        to: usize,
        side: Side,
        worth: &impl Fn(Kind) -> i32,
    ) -> Option<i32> {
        let (at, value) = self.cheapest(side, worth)?;
        self.occupied &= !(1 << at);
        let lines = (bishop(to, self.occupied), rook(to, self.occupied));
        self.add(board, to, (lines.0 | lines.1) & self.occupied, lines);
        Some(value)
    }

    /// Adds those of `candidates` on `board` that attack `target`, a slider counting only
    /// along `lines` (the diagonal and the orthogonal squares a slider on the target would
    /// reach).
    #[inline(always)]
    fn add(
        &mut self,
        board: &Board,
        target: usize,
        candidates: Squares,
        lines: (Squares, Squares),
    ) {
        let fresh = candidates & !self.seen;
        if fresh == 0 {
            return;
        }
        let (diagonal, orthogonal) = lines;
        let target_bit = 1 << target;
        // Per side, per kind (Pawn to King): the squares from which such a piece attacks the
        // target, so each candidate is tested by a lookup rather than a branch on its kind.
        let reach = |side: Side| {
            [
                pawn_attacks(target_bit, side.opponent()),
                KNIGHT[target],
                diagonal,
                orthogonal,
                diagonal | orthogonal,
                KING[target],
            ]
        };
        let reaches = [reach(Side::White), reach(Side::Black)];
        for square in squares(fresh) {
            let Some(piece) = loc_of(square).and_then(|loc| board.piece(loc)) else {
                continue;
            };
            let bit = 1 << square;
            let (side, kind) = (piece.side.index(), piece.kind.index());
            if reaches[side]
                .get(kind)
                .is_some_and(|reach| reach & bit != 0)
            {
                self.by_kind[kind] |= bit;
                self.by_side[side] |= bit;
            }
        }
        self.seen |= candidates;
    }

    /// The least valuable piece of `side`, by `worth`, still to take: its square and worth,
    /// now counted as having taken.
    #[inline(always)]
    fn cheapest(&mut self, side: Side, worth: &impl Fn(Kind) -> i32) -> Option<(usize, i32)> {
        let own = self.by_side[side.index()];
        let mut best: Option<(usize, i32)> = None;
        for (kind, set) in self.by_kind.iter().enumerate() {
            if set & own != 0 {
                let value = worth(Kind::ALL[kind]);
                if best.is_none_or(|(_, least)| value < least) {
                    best = Some((kind, value));
                }
            }
        }
        let (kind, value) = best?;
        let square = (self.by_kind[kind] & own).trailing_zeros() as usize;
        self.by_kind[kind] &= !(1 << square);
        self.by_side[side.index()] &= !(1 << square);
        Some((square, value))
    }
}

/// Whether the piece on `from`, capturing on `to` on `board` (or moving there), wins at least
/// `threshold` once both sides have recaptured there as long as it pays, each with its least
/// valuable piece first (the static exchange evaluation), pieces worth what `worth` says.
/// Sliders behind a piece that has taken join in; pins and checks are not looked at. It stops
/// as soon as the answer is certain: most turns are told without looking for a defender.
pub fn exchange_at_least(
    board: &Board,
    from: Loc,
    to: Loc,
    threshold: i32,
    worth: impl Fn(Kind) -> i32,
) -> bool {
    let Some(mover) = board.piece(from) else {
        return threshold <= 0;
    };
    // What the side that took last stands to win beyond the bar if the exchange stopped now:
    // first the mover's side, having taken what stood on the target.
    let mut balance = board.piece(to).map_or(0, |p| worth(p.kind)) - threshold;
    if balance < 0 {
        return false;
    }
    // Even losing the mover keeps it at the bar.
    balance -= worth(mover.kind);
    if balance >= 0 {
        return true;
    }
    let target = square_of(to);
    let mut exchangers = Exchangers::of(board, square_of(from), target);
    // The side to take next; when it has nothing left to take with, or the side that just
    // took wins whatever follows, it is the side that loses the exchange.
    let mut side = mover.side.opponent();
    while let Some(value) = exchangers.take(board, target, side, &worth) {
        side = side.opponent();
        // For the side that took: it wins if the other side stays below the bar even after
        // taking back its piece (integers: strictly below is one less or more).
        balance = -balance - 1 - value;
        if balance >= 0 {
            break;
        }
    }
    side != mover.side
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A slider's attacks found by walking each line a square at a time.
    fn walked(square: usize, dirs: &[usize], blockers: Squares) -> Squares {
        let mut set = 0;
        for &dir in dirs {
            let (files, ranks) = DIRECTIONS[dir];
            let mut at = offset(square, files, ranks);
            while let Some(to) = at {
                set |= 1 << to;
                if blockers & 1 << to != 0 {
                    break;
                }
                at = offset(to, files, ranks);
            }
        }
        set
    }

    #[test]
    fn sliders_stop_at_the_first_blocker_on_each_line() {
        let mut blockers: Squares = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..64 {
            blockers = blockers.rotate_left(13) ^ (blockers >> 7);
            for square in 0..64 {
                assert_eq!(
                    bishop(square, blockers),
                    walked(square, &DIAGONALS, blockers)
                );
                assert_eq!(
                    rook(square, blockers),
                    walked(square, &ORTHOGONALS, blockers)
                );
            }
        }
        for square in 0..64 {
            assert_eq!(rook(square, 0), walked(square, &ORTHOGONALS, 0));
        }
    }

    /// What the capture `from`–`to` wins among `pieces` (square, kind, side), a Pawn worth 100,
    /// a Knight or Bishop 300, a Rook 500, a Queen 900 and a King more than all: the highest
    /// bar the exchange reaches.
    fn exchange_among(pieces: &[(&str, Kind, Side)], from: &str, to: &str) -> i32 {
        let at = |square: &str| Loc::parse(square).expect("a square");
        let mut board = Board::empty();
        for &(square, kind, side) in pieces {
            board.put(at(square), crate::types::Piece::new(kind, side));
        }
        let worth = |kind| match kind {
            Kind::Pawn => 100,
            Kind::Knight | Kind::Bishop => 300,
            Kind::Rook => 500,
            Kind::Queen => 900,
            _ => 20_000,
        };
        let (mut reached, mut missed) = (-30_000, 30_000);
        while missed - reached > 1 {
            let bar = (reached + missed) / 2;
            if exchange_at_least(&board, at(from), at(to), bar, worth) {
                reached = bar;
            } else {
                missed = bar;
            }
        }
        reached
    }

    #[test]
    fn a_knight_taking_a_pawn_a_pawn_defends_loses_the_difference() {
        let pieces = [
            ("d4", Kind::Knight, Side::White),
            ("e6", Kind::Pawn, Side::Black),
            ("f7", Kind::Pawn, Side::Black),
        ];
        assert_eq!(exchange_among(&pieces, "d4", "e6"), -200);
        assert_eq!(exchange_among(&pieces[..2], "d4", "e6"), 100);
    }

    #[test]
    fn a_rook_behind_the_capturer_joins_the_exchange() {
        let doubled = [
            ("e1", Kind::Rook, Side::White),
            ("e2", Kind::Rook, Side::White),
            ("e6", Kind::Pawn, Side::Black),
            ("e8", Kind::Rook, Side::Black),
        ];
        assert_eq!(exchange_among(&doubled, "e2", "e6"), 100);
        assert_eq!(exchange_among(&doubled[1..], "e2", "e6"), -400);
    }

    #[test]
    fn a_king_defends_last() {
        let pieces = [
            ("d1", Kind::Queen, Side::White),
            ("d7", Kind::Pawn, Side::Black),
            ("e8", Kind::King, Side::Black),
        ];
        assert_eq!(exchange_among(&pieces, "d1", "d7"), -800);
        let guarded = [
            pieces[0],
            pieces[1],
            pieces[2],
            ("a7", Kind::Rook, Side::White),
        ];
        assert_eq!(exchange_among(&guarded, "d1", "d7"), 100);
    }

    #[test]
    fn pawns_attack_diagonally_forward_and_not_around_the_edge() {
        let a2_h2: Squares = 0x81 << 8;
        assert_eq!(pawn_attacks(a2_h2, Side::White), (1 << 17) | (1 << 22));
        assert_eq!(pawn_attacks(a2_h2, Side::Black), (1 << 1) | (1 << 6));
    }

    /// The exchange's worth by the plain swap list: every capture on the target is followed to
    /// the end, each side's least valuable piece first, then each side from the last chooses
    /// between standing pat and taking on.
    fn swapped(board: &Board, from: usize, to: usize, worth: impl Fn(Kind) -> i32) -> i32 {
        let piece = |square| loc_of(square).and_then(|loc| board.piece(loc));
        let mut exchangers = Exchangers::of(board, from, to);
        let mover = piece(from).expect("a mover");
        let mut gains = vec![piece(to).map_or(0, |p| worth(p.kind))];
        let (mut standing, mut side) = (worth(mover.kind), mover.side.opponent());
        while let Some(value) = exchangers.take(board, to, side, &worth) {
            gains.push(standing - gains[gains.len() - 1]);
            standing = value;
            side = side.opponent();
        }
        while gains.len() > 1 {
            let last = gains.pop().expect("two gains");
            let before = gains.len() - 1;
            gains[before] = gains[before].min(-last);
        }
        gains[0]
    }

    /// On boards of random pieces, whether an exchange reaches a bar is what the full swap
    /// list says, for every bar the search asks about.
    #[test]
    fn an_exchange_reaches_a_bar_as_the_full_swap_list_says() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let worth = |kind| match kind {
            Kind::Pawn => 82,
            Kind::Knight => 337,
            Kind::Bishop => 365,
            Kind::Rook => 477,
            Kind::Queen => 1025,
            _ => 20_000,
        };
        let officers = [
            Kind::Pawn,
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
        ];
        for _ in 0..300 {
            let mut board = Board::empty();
            for (i, side) in [Side::White, Side::Black]
                .into_iter()
                .cycle()
                .take(20)
                .enumerate()
            {
                let kind = if i < 2 {
                    Kind::King
                } else {
                    officers[next() as usize % 5]
                };
                let loc = loc_of(next() as usize % 64).expect("a square");
                board.put(loc, crate::types::Piece::new(kind, side));
            }
            for (from, to) in (0..64).flat_map(|from| (0..64).map(move |to| (from, to))) {
                let (Some(mover), Some(target)) = (loc_of(from), loc_of(to)) else {
                    continue;
                };
                let Some(piece) = board.piece(mover) else {
                    continue;
                };
                if from == to || board.piece(target).is_some_and(|p| p.side == piece.side) {
                    continue;
                }
                let worth_of = swapped(&board, from, to, worth);
                for bar in [-600, -240, -120, -60, -1, 0, 1, 60] {
                    assert_eq!(
                        exchange_at_least(&board, mover, target, bar, worth),
                        worth_of >= bar,
                        "{piece:?} from {from} to {to}, worth {worth_of}, bar {bar}"
                    );
                }
            }
        }
    }
}
