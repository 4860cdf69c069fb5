//! Zobrist keys: fixed pseudo-random numbers whose XOR over a position's features is its hash.
//! Generated at compile time from a fixed seed, so hashes are the same on every run.

use super::types::LOC_COUNT;

/// Distinct cell codes a board stores (empty, hole and two per kind, with room to spare).
const CODES: usize = 64;
const CELL_KEYS: usize = LOC_COUNT * CODES;
/// Keys for rule state: side to move, and up to this many small per-variant features.
const STATE_KEYS: usize = 512;

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
        CELLS[loc * CODES + usize::from(code) % CODES]
    }
}

/// The key of state feature number `feature` (the caller lays out its features below 512).
#[inline]
pub fn state(feature: usize) -> u64 {
    STATE[feature % STATE_KEYS]
}

/// The key of full move number `n`, for the variants whose outcome or judgement depends on it.
pub fn move_number(n: u32) -> u64 {
    splitmix(0x4D0F_E5A1 ^ u64::from(n))
}
