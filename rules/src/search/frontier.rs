//! What the threads of one search tell each other: the deepest iteration any of them has
//! finished. A thread starting its next iteration skips to one deeper than that, so the two
//! threads of a two-core machine work at the frontier rather than searching the same depth
//! side by side; and the main thread answers with a helper's result where the helper got
//! further.

use super::score::Score;
use crate::turn::Turn;
use std::sync::Mutex;

/// One finished iteration: its depth, best turn and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Finished {
    /// The iteration's depth.
    pub depth: u32,
    /// The best turn it found.
    pub best: Turn,
    /// That turn's score, for the side to move.
    pub score: Score,
}

/// The deepest iteration finished by any thread of one search.
#[derive(Default)]
pub(super) struct Frontier(Mutex<Option<Finished>>);

impl Frontier {
    /// Records `finished` if it is deeper than every iteration recorded so far.
    pub(super) fn offer(&self, finished: Finished) {
        let mut deepest = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if deepest.is_none_or(|d| d.depth < finished.depth) {
            *deepest = Some(finished);
        }
    }

    /// The deepest iteration finished so far, if it is deeper than `depth`.
    pub(super) fn deeper_than(&self, depth: u32) -> Option<Finished> {
        let deepest = *self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        deepest.filter(|d| d.depth > depth)
    }

    /// The depth a thread that has just finished the iteration `depth` plies deep searches
    /// next: one deeper than that and than any thread has finished.
    pub(super) fn next(&self, depth: u32) -> u32 {
        depth.max(self.deeper_than(0).map_or(0, |d| d.depth)) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Loc;

    fn finished(depth: u32) -> Finished {
        Finished {
            depth,
            best: Turn::new(Loc::new(4, 1).unwrap(), Loc::new(4, 3).unwrap()),
            score: Score(depth as i32),
        }
    }

    /// Only a deeper iteration replaces the one recorded: a thread that finishes a shallower
    /// one later leaves the frontier where it is.
    #[test]
    fn the_frontier_keeps_the_deepest_iteration_any_thread_finished() {
        let frontier = Frontier::default();
        assert_eq!(frontier.next(1), 2);
        frontier.offer(finished(7));
        frontier.offer(finished(5));
        assert_eq!(frontier.next(5), 8);
        assert_eq!(frontier.deeper_than(6), Some(finished(7)));
        assert_eq!(frontier.deeper_than(7), None);
        frontier.offer(finished(8));
        assert_eq!(frontier.deeper_than(7), Some(finished(8)));
    }
}
