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

/// The key drawn `n`th from `seed`.
const fn key(seed: u64, n: usize) -> u64 {
    splitmix(seed ^ (n as u64).wrapping_mul(0x2545_F491_4F6C_DD1D))
}

/// The largest rectangle when the keys were first drawn, 11 × 9: its locations, en passant
/// files and slide ends keep the keys they drew then, so a position of a variant that fits it
/// hashes as it always did (a search's table and its seeds stay the same). The keys of the
/// rest of today's rectangle are drawn after those of the old tables.
const DRAWN_FILES: usize = 11;
const DRAWN_RANKS: usize = 9;
const DRAWN_LOCS: usize = DRAWN_FILES * DRAWN_RANKS;

/// The place of location `index` in the order the keys were drawn in: the old rectangle's
/// locations as they were numbered in it, then the rest in index order.
const fn drawn_loc(index: usize) -> usize {
    let (file, rank) = (index % MAX_FILES as usize, index / MAX_FILES as usize);
    if file < DRAWN_FILES && rank < DRAWN_RANKS {
        return rank * DRAWN_FILES + file;
    }
    let mut place = DRAWN_LOCS;
    let mut before = 0;
    while before < index {
        if before % (MAX_FILES as usize) >= DRAWN_FILES
            || before / MAX_FILES as usize >= DRAWN_RANKS
        {
            place += 1;
        }
        before += 1;
    }
    place
}

/// The cells' keys: location by location, each its run of codes.
const fn cell_table() -> [u64; CELL_KEYS] {
    let mut keys = [0u64; CELL_KEYS];
    let mut loc = 0;
    while loc < LOC_COUNT {
        let drawn = drawn_loc(loc) * CODES;
        let mut code = 0;
        while code < CODES {
            keys[loc * CODES + code] = key(0x0DDB_0A2D, drawn + code);
            code += 1;
        }
        loc += 1;
    }
    keys
}

/// The rule state's keys: feature by feature, the old table's first and the new features'
/// (the twelfth en passant file, the new locations' slide ends) drawn after it.
const fn state_table() -> [u64; STATE_KEYS] {
    const MORE_FILES: usize = MAX_FILES as usize - DRAWN_FILES;
    const DRAWN_SLIDE_FROM: usize = SLIDE_FROM - MORE_FILES;
    const DRAWN_SLIDE_TO: usize = DRAWN_SLIDE_FROM + DRAWN_LOCS;
    const DRAWN_KEYS: usize = DRAWN_SLIDE_TO + DRAWN_LOCS;
    const NEW_LOCS: usize = LOC_COUNT - DRAWN_LOCS;
    let mut keys = [0u64; STATE_KEYS];
    let mut i = 0;
    while i < STATE_KEYS {
        let drawn = if i < EN_PASSANT + DRAWN_FILES {
            i
        } else if i < SIDEWAYS {
            DRAWN_KEYS + (i - EN_PASSANT - DRAWN_FILES)
        } else if i < SLIDE_FROM {
            i - MORE_FILES
        } else {
            let (start, drawn_start, new_start) = if i < SLIDE_TO {
                (SLIDE_FROM, DRAWN_SLIDE_FROM, DRAWN_KEYS + MORE_FILES)
            } else {
                (SLIDE_TO, DRAWN_SLIDE_TO, DRAWN_KEYS + MORE_FILES + NEW_LOCS)
            };
            let place = drawn_loc(i - start);
            if place < DRAWN_LOCS {
                drawn_start + place
            } else {
                new_start + place - DRAWN_LOCS
            }
        };
        keys[i] = key(0x5EED_57A7, drawn);
        i += 1;
    }
    keys
}

static CELLS: [u64; CELL_KEYS] = cell_table();
static STATE: [u64; STATE_KEYS] = state_table();

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

/// The key of a promoted piece standing on `at` (crazyhouse's promoted Pawns).
pub fn promoted(at: Loc) -> u64 {
    splitmix(0x7A0B_D1E5 ^ at.index() as u64)
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

    /// The keys of the 11 × 9 rectangle are those drawn when it was the largest: the `n`th key
    /// of each seed, `n` the feature's place in the tables as they were laid out then.
    #[test]
    fn the_old_rectangle_keeps_its_keys() {
        let old_loc = |loc: Loc| usize::from(loc.rank()) * 11 + usize::from(loc.file());
        let old_locs = || {
            (0..LOC_COUNT)
                .filter_map(Loc::from_index)
                .filter(|loc| loc.file() < 11 && loc.rank() < 9)
        };
        assert_eq!(old_locs().count(), 99);
        for loc in old_locs() {
            for code in 1..CELL_CODES as u8 {
                let drawn = key(0x0DDB_0A2D, old_loc(loc) * CODES + usize::from(code));
                assert_eq!(cell(loc.index(), code), drawn, "{loc} {code}");
            }
        }
        let (old_sideways, old_slide_from) = (EN_PASSANT + 11, SLIDE_FROM - 1);
        let old_slide_to = old_slide_from + 99;
        let mut old_place = vec![(Feature::BlackToMove, BLACK_TO_MOVE)];
        old_place
            .extend((0..11).map(|file| (Feature::EnPassant(file), EN_PASSANT + file as usize)));
        for side in Side::BOTH {
            old_place.push((Feature::LeapRight(side), LEAP_RIGHTS + side.index()));
            for n in 1..=RuleState::MAX_SIDEWAYS {
                let place = old_sideways + side.index() * RuleState::MAX_SIDEWAYS as usize;
                old_place.push((Feature::Sideways(side, n), place + usize::from(n) - 1));
            }
        }
        for loc in old_locs() {
            old_place.push((Feature::SlideFrom(loc), old_slide_from + old_loc(loc)));
            old_place.push((Feature::SlideTo(loc), old_slide_to + old_loc(loc)));
        }
        for (feature, place) in old_place {
            assert_eq!(state(feature), key(0x5EED_57A7, place), "{feature:?}");
        }
        let piece = Piece::new(Kind::Guard, Side::Black);
        let old_reserve = RESERVE - 1;
        let place =
            old_reserve + (Kind::COUNT + Kind::Guard.index()) * Reserve::MOST_HASHED as usize;
        assert_eq!(state(Feature::Reserve(piece, 1)), key(0x5EED_57A7, place));
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
