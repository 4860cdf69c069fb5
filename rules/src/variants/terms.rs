//! Small judgements of piece placement that the variants' evaluation terms
//! ([`SearchHints::positional`](crate::search_hints::SearchHints::positional)) share.

use crate::board::Board;
use crate::geometry::Geometry;
use crate::types::{Dir, Loc, LocSet, MAX_FILES, Piece, Side};

/// `amount` counted for the first player: as it is for White, negated for Black.
pub fn for_white(side: Side, amount: i32) -> i32 {
    match side {
        Side::White => amount,
        Side::Black => -amount,
    }
}

/// The sum of `term` over the pieces on `board`, each counted for the first player.
#[inline(always)]
pub fn sum_for_white(board: &Board, mut term: impl FnMut(Loc, Piece) -> i32) -> i32 {
    // A loop rather than `Iterator::sum`, whose fold is not always inlined and so would miss
    // the caller's bit instructions (`bits::with_bit_instructions`).
    let mut sum = 0;
    for (loc, piece) in board.pieces() {
        sum += for_white(piece.side, term(loc, piece));
    }
    sum
}

/// How many ranks `loc` stands ahead of `side`'s first rank.
pub fn progress(geometry: &Geometry, loc: Loc, side: Side) -> i32 {
    let rank = i32::from(loc.rank());
    match side {
        Side::White => rank,
        Side::Black => i32::from(geometry.ranks()) - 1 - rank,
    }
}

/// The sum of [`progress`] over the locations of `set`, for `side`: counted a rank at a time.
#[inline(always)]
pub fn progress_of(geometry: &Geometry, set: LocSet, side: Side) -> i32 {
    let ranks = geometry.ranks();
    let mut sum = 0;
    // The rank's set moves up a rank at a time: a fixed shift, cheaper than building each.
    let mut rank_set = LocSet::rank(0);
    for rank in 0..ranks {
        let ahead = match side {
            Side::White => rank,
            Side::Black => ranks - 1 - rank,
        };
        sum += i32::from(ahead) * (set & rank_set).len() as i32;
        rank_set = rank_set.raised(MAX_FILES.into());
    }
    sum
}

/// The sum of [`centrality`] over the locations of `set`: counted an inset at a time, each
/// location once for every inset it lies in.
#[inline(always)]
pub fn centrality_of(geometry: &Geometry, set: LocSet) -> i32 {
    (1..=geometry.deepest_inset())
        .map(|steps| (set & geometry.inset(steps)).len() as i32)
        .sum()
}

/// How far `loc` stands from the board's edges: 0 on the outer ring, more towards the middle.
pub fn centrality(geometry: &Geometry, loc: Loc) -> i32 {
    let file = i32::from(loc.file());
    let rank = i32::from(loc.rank());
    let files = i32::from(geometry.files());
    let ranks = i32::from(geometry.ranks());
    file.min(files - 1 - file).min(rank.min(ranks - 1 - rank))
}

/// The neighbours of `loc` along the board's lines, with what each holds.
pub fn neighbours<'a>(
    geometry: &'a Geometry,
    board: &'a Board,
    loc: Loc,
) -> impl Iterator<Item = (Dir, Loc)> + 'a {
    Dir::ALL.into_iter().filter_map(move |dir| {
        let next = geometry.neighbour(loc, dir)?;
        (!board.is_hole(next)).then_some((dir, next))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::samples;

    /// Progress and centrality summed over a set a rank or an inset at a time are their sums
    /// location by location, on boards of every kind.
    #[test]
    fn sums_over_a_set_are_the_sums_location_by_location() {
        for (geometry, sets) in samples::random_sets(0x5e7_5a3) {
            for set in sets {
                for side in Side::BOTH {
                    let walked: i32 = set.iter().map(|l| progress(&geometry, l, side)).sum();
                    assert_eq!(progress_of(&geometry, set, side), walked);
                }
                let walked: i32 = set.iter().map(|l| centrality(&geometry, l)).sum();
                assert_eq!(centrality_of(&geometry, set), walked);
            }
        }
    }
}
