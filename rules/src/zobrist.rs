//! Zobrist keys: fixed pseudo-random numbers whose XOR over a position's features is its hash.
//! Generated at compile time from a fixed seed, so hashes are the same on every run. Every
//! feature has a key of its own: the cells' keys are laid out by location and cell code, the
//! rule state's by [`Feature`], each kind of feature taking a run of keys sized by what it
//! ranges over (sides, files, kinds, locations), one run after another.

use super::board::CELL_CODES;
use super::position::{Castling, Reserve, RuleState};
use super::types::{Kind, LOC_COUNT, Loc, MAX_FILES, Piece, Side};

/// The cell codes each location's run of keys leaves room for: a power of two, so the run
/// starts at a shift of the location's index, at least the board's codes (empty, hole and two
/// per kind).
const CODES: usize = 64;
const _: () = assert!(
    CELL_CODES <= CODES,
    "a location's keys must cover every cell code"
);
const CELL_KEYS: usize = LOC_COUNT * CODES;

const SIDES: usize = Side::BOTH.len();

/// Where each kind of rule-state feature's keys start: first the one-key flags (the side to
/// move, the four castling rights, the Kings' leap rights, the placement right), then the
/// features with a value (the en passant file, the sideways counts, the reserve's counts, the
/// last slide's two ends).
const BLACK_TO_MOVE: usize = 0;
const CASTLING: usize = BLACK_TO_MOVE + 1;
const LEAP_RIGHTS: usize = CASTLING + Castling::RIGHTS;
const PLACEMENT_RIGHT: usize = LEAP_RIGHTS + SIDES;
const EN_PASSANT: usize = PLACEMENT_RIGHT + 1;
const SIDEWAYS: usize = EN_PASSANT + MAX_FILES as usize;
const RESERVE: usize = SIDEWAYS + SIDES * RuleState::MAX_SIDEWAYS as usize;
const SLIDE_FROM: usize = RESERVE + SIDES * Kind::COUNT * Reserve::MOST_HASHED as usize;
const SLIDE_TO: usize = SLIDE_FROM + LOC_COUNT;
/// Keys for the rule state: one per feature, exactly.
const STATE_KEYS: usize = SLIDE_TO + LOC_COUNT;

/// A feature of a position beyond its board that has a key of its own. A count of nothing
/// (no sideways move, no piece held) has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// The second player is to move.
    BlackToMove,
    /// The castling right of this bit (0 to 3) is held.
    Castling(u8),
    /// This side's King may still leap.
    LeapRight(Side),
    /// The side to move may place its Guard.
    PlacementRight,
    /// The en passant square is on this file.
    EnPassant(u8),
    /// This side has made this many consecutive sideways moves (1 to
    /// [`RuleState::MAX_SIDEWAYS`]).
    Sideways(Side, u8),
    /// This many of the piece are held off the board (1 to [`Reserve::MOST_HASHED`]; more
    /// hash as that many).
    Reserve(Piece, u8),
    /// The last slide started here.
    SlideFrom(Loc),
    /// The last slide ended here.
    SlideTo(Loc),
}

impl Feature {
    /// The feature's place in the state's keys, below [`STATE_KEYS`].
    const fn index(self) -> usize {
        match self {
            Feature::BlackToMove => BLACK_TO_MOVE,
            Feature::Castling(bit) => CASTLING + bit as usize,
            Feature::LeapRight(side) => LEAP_RIGHTS + side.index(),
            Feature::PlacementRight => PLACEMENT_RIGHT,
            Feature::EnPassant(file) => EN_PASSANT + file as usize,
            Feature::Sideways(side, count) => {
                SIDEWAYS + side.index() * RuleState::MAX_SIDEWAYS as usize + count as usize - 1
            }
            Feature::Reserve(piece, count) => {
                let piece = piece.side.index() * Kind::COUNT + piece.kind.index();
                RESERVE + piece * Reserve::MOST_HASHED as usize + count as usize - 1
            }
            Feature::SlideFrom(loc) => SLIDE_FROM + loc.index(),
            Feature::SlideTo(loc) => SLIDE_TO + loc.index(),
        }
    }
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = splitmix(seed ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        i += 1;
    }
    keys
}

static CELLS: [u64; CELL_KEYS] = table::<CELL_KEYS>(0x0DDB_0A2D);
static STATE: [u64; STATE_KEYS] = table::<STATE_KEYS>(0x5EED_57A7);

/// The key of cell `code` at location index `loc`; an empty square (code 0) has key 0.
#[inline]
pub fn cell(loc: usize, code: u8) -> u64 {
    if code == 0 {
        0
    } else {
        CELLS[loc * CODES + usize::from(code)]
    }
}

/// The key of `feature`.
#[inline]
pub fn state(feature: Feature) -> u64 {
    STATE[feature.index()]
}

/// The key of full move number `n`, for the variants whose outcome or judgement depends on it.
pub fn move_number(n: u32) -> u64 {
    splitmix(0x4D0F_E5A1 ^ u64::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every feature of the rule state, each once.
    fn every_feature() -> Vec<Feature> {
        let mut all = vec![Feature::BlackToMove, Feature::PlacementRight];
        all.extend((0..Castling::RIGHTS as u8).map(Feature::Castling));
        all.extend(Side::BOTH.map(Feature::LeapRight));
        all.extend((0..MAX_FILES).map(Feature::EnPassant));
        for side in Side::BOTH {
            all.extend((1..=RuleState::MAX_SIDEWAYS).map(|n| Feature::Sideways(side, n)));
            for kind in Kind::ALL {
                let piece = Piece::new(kind, side);
                all.extend((1..=Reserve::MOST_HASHED).map(|n| Feature::Reserve(piece, n)));
            }
        }
        let locs = (0..LOC_COUNT).filter_map(Loc::from_index);
        all.extend(locs.clone().map(Feature::SlideFrom));
        all.extend(locs.map(Feature::SlideTo));
        all
    }

    /// No two features share a key: the rule state's features take every key of the state's
    /// table once, and their keys and the cells' keys are all different and none is zero.
    #[test]
    fn no_two_features_share_a_key() {
        let features = every_feature();
        let places: HashSet<usize> = features.iter().map(|f| f.index()).collect();
        assert_eq!(places.len(), features.len(), "two features share a place");
        assert_eq!(
            places,
            (0..STATE_KEYS).collect(),
            "the table fits the features"
        );
        let mut keys: HashSet<u64> = features.iter().map(|f| state(*f)).collect();
        let mut cells = 0;
        for loc in 0..LOC_COUNT {
            for code in 1..CELL_CODES as u8 {
                keys.insert(cell(loc, code));
                cells += 1;
            }
        }
        assert_eq!(keys.len(), features.len() + cells, "two keys are equal");
        assert!(!keys.contains(&0));
    }
}
