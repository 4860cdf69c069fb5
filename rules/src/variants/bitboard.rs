//! The orthodox 8×8 board as 64-bit sets, a bit per square (`a1` is bit 0, `b1` bit 1, `h8`
//! bit 63), for chess's judgement. The shared [`LocSet`](crate::types::LocSet) spans the
//! largest board of every variant in 128 bits and finds a file by dividing by eleven; a chess
//! board needs half the bits, its files are three bits of the index, and its attack tables
//! take a few kilobytes built while compiling.

use crate::board::Board;
use crate::types::{LOC_COUNT, MAX_FILES, Side};

/// A set of squares of the 8×8 board.
pub type Squares = u64;

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
        for (loc, piece) in board.pieces() {
            let bit = SQUARE_BIT[loc.index()];
            let side = piece.side.index();
            if let Some(set) = sets.pieces[side].get_mut(piece.kind.index()) {
                *set |= bit;
                sets.occupied[side] |= bit;
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

/// Per board location: its square's bit, or 0 off the 8×8 board.
const SQUARE_BIT: [Squares; LOC_COUNT] = {
    let mut bits = [0; LOC_COUNT];
    let mut index = 0;
    while index < LOC_COUNT {
        let (file, rank) = (index % MAX_FILES as usize, index / MAX_FILES as usize);
        if file < 8 && rank < 8 {
            bits[index] = 1 << (rank * 8 + file);
        }
        index += 1;
    }
    bits
};

/// The eight directions as (file, rank) steps: the first four raise a square's index, so the
/// nearest square of a set along them is its lowest; the last four lower it.
const DIRECTIONS: [(i32, i32); 8] = [
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
const fn offset(square: usize, files: i32, ranks: i32) -> Option<usize> {
    let (file, rank) = ((square % 8) as i32 + files, (square / 8) as i32 + ranks);
    if file < 0 || file > 7 || rank < 0 || rank > 7 {
        None
    } else {
        Some((rank * 8 + file) as usize)
    }
}

/// Per square: the squares one of `steps` away.
const fn step_table(steps: &[(i32, i32)]) -> [Squares; 64] {
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

const KNIGHT: [Squares; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

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

/// The squares a Bishop on `square` attacks, slides stopping at the first of `blockers`.
#[inline(always)]
pub fn bishop(square: usize, blockers: Squares) -> Squares {
    let mut set = 0;
    for dir in DIAGONALS {
        set |= slide(square, dir, blockers);
    }
    set
}

/// The squares a Rook on `square` attacks, slides stopping at the first of `blockers`.
#[inline(always)]
pub fn rook(square: usize, blockers: Squares) -> Squares {
    let mut set = 0;
    for dir in ORTHOGONALS {
        set |= slide(square, dir, blockers);
    }
    set
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

/// The squares of the files beside `file`.
#[inline(always)]
pub fn files_beside(file: usize) -> Squares {
    let this = FILE_A << file;
    ((this & !FILE_A) >> 1) | ((this & !FILE_H) << 1)
}

/// The squares ahead of `square` on its file, from `side`'s point of view.
#[inline(always)]
pub fn ahead_on_file(square: usize, side: Side) -> Squares {
    RAYS[if side == Side::White { 0 } else { 4 }][square]
}

/// The squares ahead of `square`, from `side`'s point of view, on its file and the files
/// beside it: where an enemy Pawn would stop a Pawn on `square` from being passed.
#[inline(always)]
pub fn passed_span(square: usize, side: Side) -> Squares {
    let ahead = ahead_on_file(square, side);
    ahead | ((ahead & !FILE_A) >> 1) | ((ahead & !FILE_H) << 1)
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

    #[test]
    fn pawns_attack_diagonally_forward_and_not_around_the_edge() {
        let a2_h2: Squares = 0x81 << 8;
        assert_eq!(pawn_attacks(a2_h2, Side::White), (1 << 17) | (1 << 22));
        assert_eq!(pawn_attacks(a2_h2, Side::Black), (1 << 1) | (1 << 6));
    }
}
