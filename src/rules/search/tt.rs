//! The transposition table: what earlier searches of a position found, keyed by its Zobrist
//! hash, in a fixed number of slots allocated once per search.

use super::score::{from_table, to_table};

/// What a stored score says about the position's true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum Bound {
    /// The true score.
    Exact,
    /// At least the stored score (the search failed high).
    Lower,
    /// At most the stored score (the search failed low).
    #[default]
    Upper,
}

/// One slot: a position's hash, what was found and how deep.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    key: u64,
    score: i32,
    depth: i16,
    bound: Bound,
    /// The best turn's index in the position's list of legal turns (which is the same every
    /// time the position is generated), or `NO_TURN`.
    best: u16,
}

const NO_TURN: u16 = u16::MAX;

impl Entry {
    /// The index of the best turn found, in the position's list of legal turns.
    pub(super) fn best(&self) -> Option<usize> {
        (self.best != NO_TURN).then_some(usize::from(self.best))
    }

    /// The stored score, if it decides a search `depth` deep at `ply` with window
    /// (`alpha`, `beta`).
    pub(super) fn cutoff(&self, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        if i32::from(self.depth) < depth {
            return None;
        }
        let score = from_table(self.score, ply);
        let decides = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        decides.then_some(score)
    }
}

/// A fixed-size table of entries, replaced by depth.
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` empty slots.
    pub(super) fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 1,
        }
    }

    /// The entry of the position with hash `key`, if its slot holds it.
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.entries[key as usize & self.mask];
        (entry.key == key).then_some(entry)
    }

    /// Stores what a search `depth` deep at `ply` found for the position with hash `key`,
    /// unless its slot holds a deeper search of the same position.
    pub(super) fn store(
        &mut self,
        key: u64,
        depth: i32,
        ply: usize,
        (score, bound): (i32, Bound),
        best: Option<usize>,
    ) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && i32::from(slot.depth) > depth {
            return;
        }
        *slot = Entry {
            key,
            score: to_table(score, ply),
            depth: depth.clamp(0, i32::from(i16::MAX)) as i16,
            bound,
            best: best.and_then(|b| u16::try_from(b).ok()).unwrap_or(NO_TURN),
        };
    }
}
