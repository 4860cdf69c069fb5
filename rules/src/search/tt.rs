//! The transposition table: what earlier searches of a position found, keyed by its Zobrist
//! hash. It is shared by the threads of one search and kept from one search to the next, so it
//! is written without locks: each slot is two atomic words, the key folded with the data, and a
//! slot torn by two writers at once fails its key check and reads as empty.

use super::score::{from_table, to_table};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

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

impl Bound {
    /// What a search's `score` within the window (`alpha`, `beta`) it began with says of the
    /// true score: at most it (failed low), at least it (failed high), or exactly it.
    pub(super) fn of(score: i32, (alpha, beta): (i32, i32)) -> Bound {
        if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// What a slot holds for one position: the score, how deep it was searched, the bound and the
/// best turn's index.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    score: i16,
    /// The best turn's index in the position's list of candidate turns (which is the same every
    /// time the position is generated), or `NO_TURN`.
    best: u16,
    depth: u8,
    bound: Bound,
    /// The search that wrote it (`Table::age`), so older entries are replaced first.
    age: u8,
}

const NO_TURN: u16 = u16::MAX;

/// A bit set in every written slot's data, so no entry packs to an empty slot's zero.
const WRITTEN: u64 = 1 << 63;

impl Entry {
    /// The index of the best turn found, in the position's list of candidate turns.
    pub(super) fn best(&self) -> Option<usize> {
        (self.best != NO_TURN).then_some(usize::from(self.best))
    }

    /// The depth the entry was searched to.
    pub(super) fn depth(&self) -> i32 {
        i32::from(self.depth)
    }

    /// The stored score at `ply` and what it bounds.
    pub(super) fn score(&self, ply: usize) -> (i32, Bound) {
        (from_table(i32::from(self.score), ply), self.bound)
    }

    /// The stored score, if it decides a search `depth` deep at `ply` with window
    /// (`alpha`, `beta`).
    pub(super) fn cutoff(&self, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        if self.depth() < depth {
            return None;
        }
        let (score, bound) = self.score(ply);
        let decides = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        decides.then_some(score)
    }

    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.score as u16)
            | u64::from(self.best) << 16
            | u64::from(self.depth) << 32
            | bound << 40
            | u64::from(self.age) << 48
            | WRITTEN
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            score: data as u16 as i16,
            best: (data >> 16) as u16,
            depth: (data >> 32) as u8,
            bound: match (data >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            age: (data >> 48) as u8,
        }
    }
}

/// One slot: the key folded with the data (so a torn slot fails the check), then the data.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn read(&self) -> (u64, u64) {
        let data = self.data.load(Ordering::Relaxed);
        (self.check.load(Ordering::Relaxed) ^ data, data)
    }
}

/// How many slots share a bucket: the first keeps the deepest search, the second the latest.
const BUCKET: usize = 2;

/// The slots a key may use, aligned to their size so that a probe reads one cache line.
#[derive(Default)]
#[repr(align(32))]
struct Bucket([Slot; BUCKET]);

/// `count` empty buckets, on the memory's huge pages where the system offers them: a probe
/// lands anywhere in the table, and with the usual small pages nearly every probe of a table
/// of some MiB also misses the processor's cache of page addresses.
fn buckets_on_huge_pages(count: usize) -> Vec<Bucket> {
    let mut buckets = Vec::with_capacity(count);
    advise_huge_pages(buckets.spare_capacity_mut());
    buckets.resize_with(count, Bucket::default);
    buckets
}

/// Asks Linux to back the whole pages of `memory` with huge pages, from their first write
/// (ignored where the system declines; elsewhere nothing to do). The advice's number is that of
/// x86-64 and AArch64.
fn advise_huge_pages<T>(memory: &mut [T]) {
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    {
        use std::ffi::{c_int, c_void};
        unsafe extern "C" {
            fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
        }
        const MADV_HUGEPAGE: c_int = 14;
        const PAGE: usize = 4096;
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let first = start.next_multiple_of(PAGE);
        let last = end / PAGE * PAGE;
        if last > first {
            // SAFETY: the range lies within `memory`'s own allocation; the advice changes how
            // the system backs its pages, never what they hold.
            unsafe { madvise(first as *mut c_void, last - first, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    )))]
    let _ = memory;
}

/// A fixed-size table of two-slot buckets, shared by the threads of a search.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: AtomicU8,
}

impl Table {
    /// A table of about `mebibytes` MiB (a power of two number of buckets, at least one).
    pub(super) fn new(mebibytes: usize) -> Table {
        let buckets = (mebibytes.max(1) * (1 << 20) / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1usize << buckets.ilog2();
        Table {
            buckets: buckets_on_huge_pages(buckets),
            mask: buckets - 1,
            age: AtomicU8::new(0),
        }
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
    }

    /// Marks the entries written so far as older than those of the next search.
    pub(super) fn next_search(&self) {
        let age = self.age.load(Ordering::Relaxed).wrapping_add(1) % 64;
        self.age.store(age, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot; BUCKET] {
        &self.buckets[key as usize & self.mask].0
    }

    /// Asks the processor to bring the slots of the position with hash `key` into its cache,
    /// so that a probe of it a little later need not wait for memory.
    pub(super) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slots = self.bucket(key).as_ptr().cast();
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch only hints at the
            // cache: it neither faults nor changes anything the program reads.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slots) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of the position with hash `key`, if the table holds it.
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key)
            .iter()
            .map(Slot::read)
            .find(|(stored, data)| *stored == key && *data != 0)
            .map(|(_, data)| Entry::unpack(data))
    }

    /// Stores what a search `depth` deep at `ply` found for the position with hash `key`: in
    /// the slot that already holds the position (unless that holds a deeper search of it), else
    /// in the first slot if that holds a shallower or older search, else in the second.
    pub(super) fn store(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        (score, bound): (i32, Bound),
        best: Option<usize>,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let entry = Entry {
            score: to_table(score, ply).clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            best: best.and_then(|b| u16::try_from(b).ok()).unwrap_or(NO_TURN),
            depth: depth.clamp(0, i32::from(u8::MAX)) as u8,
            bound,
            age,
        };
        let bucket = self.bucket(key);
        let held: [(u64, u64); BUCKET] = std::array::from_fn(|i| bucket[i].read());
        let slot = if let Some(i) = held.iter().position(|(k, d)| *k == key && *d != 0) {
            let old = Entry::unpack(held[i].1);
            if old.age == age && old.depth() > entry.depth() && bound != Bound::Exact {
                return;
            }
            i
        } else {
            let first = Entry::unpack(held[0].1);
            usize::from(first.age == age && first.depth() > entry.depth())
        };
        let data = entry.pack();
        bucket[slot].data.store(data, Ordering::Relaxed);
        bucket[slot].check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored() {
        let table = Table::new(1);
        table.store(0xDEAD_BEEF, 7, 3, (-29_990, Bound::Lower), Some(12));
        let entry = table.probe(0xDEAD_BEEF).expect("stored");
        assert_eq!(entry.depth(), 7);
        assert_eq!(entry.best(), Some(12));
        assert_eq!(entry.score(3), (-29_990, Bound::Lower));
        assert!(table.probe(0xDEAD_BEEE).is_none());
    }
}
