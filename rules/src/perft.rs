//! Perft: the number of leaves of the tree of legal turns, the check every variant's rules are
//! measured by. One thread walks the tree depth-first into reused buffers; the root's turns can
//! be shared out over several threads.

use super::position::Position;
use super::rules::RulesExt;
use super::search_hints::SearchHints;
use super::turn::Turn;
use super::variant::Variant;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

impl Variant {
    /// Counts the leaves of the tree of legal turns `depth` plies deep (bulk-counting the last
    /// ply).
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        count(&**self, pos, depth, &mut buffers(depth))
    }

    /// Each legal turn of `pos` with the leaves of its tree `depth` plies deep in all (so one
    /// less below the turn), in no particular order, the turns shared out over `threads`
    /// threads (at least one). `depth` 0 has no turns to divide and gives none.
    pub fn perft_divided(&self, pos: &Position, depth: u32, threads: usize) -> Vec<(Turn, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let turns = self.legal_turns(pos);
        let next = AtomicUsize::new(0);
        let counts = Mutex::new(Vec::with_capacity(turns.len()));
        thread::scope(|scope| {
            for _ in 0..threads.clamp(1, turns.len().max(1)) {
                scope.spawn(|| {
                    let mut buffers = buffers(depth - 1);
                    let mut mine = Vec::new();
                    while let Some(turn) = turns.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let count = count(
                            &**self,
                            &self.play_unchecked(pos, turn),
                            depth - 1,
                            &mut buffers,
                        );
                        mine.push((*turn, count));
                    }
                    counts
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .extend(mine);
                });
            }
        });
        counts
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// As [`Variant::perft`], the root's turns shared out over `threads` threads.
    pub fn perft_threads(&self, pos: &Position, depth: u32, threads: usize) -> u64 {
        if depth == 0 || threads <= 1 {
            return self.perft(pos, depth);
        }
        self.perft_divided(pos, depth, threads)
            .iter()
            .map(|(_, count)| count)
            .sum()
    }
}

/// One reused turn buffer per ply of a walk `depth` plies deep.
fn buffers(depth: u32) -> Vec<Vec<Turn>> {
    vec![Vec::with_capacity(128); depth as usize + 1]
}

/// The leaves below `pos`, `depth` plies deep, generating each ply's turns into its buffer.
fn count(rules: &dyn SearchHints, pos: &Position, depth: u32, buffers: &mut [Vec<Turn>]) -> u64 {
    let Some((turns, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    match depth {
        0 => 1,
        1 => rules.count_turns(pos, turns),
        _ => {
            let mut leaves = 0;
            rules.for_each_child(pos, turns, &mut |next| {
                leaves += count(rules, next, depth - 1, deeper);
            });
            leaves
        }
    }
}
