//! What the player has learned, kept in the data directory (`learning.ron`): a tick for each
//! lesson done, and for each variant's puzzles those solved, the streak and the best streak.
//! Written atomically after every change; a file that cannot be read is moved aside, as saves
//! are, and the player told.

use crate::app::shared::game::Notice;
use crate::app::storage::saves::{DataDir, read_ron, set_aside, write_ron};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

const FILE: &str = "learning.ron";

/// The player's progress in every course and puzzle set.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Progress {
    /// The lessons done, by variant id.
    pub lessons: BTreeMap<String, BTreeSet<String>>,
    /// The puzzles, by variant id.
    pub puzzles: BTreeMap<String, PuzzleScore>,
}

/// One variant's puzzles as the player has met them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzleScore {
    /// The ids of the puzzles solved.
    pub solved: BTreeSet<String>,
    /// Puzzles solved in a row without a wrong try or a look at the solution.
    pub streak: u32,
    /// The longest streak.
    pub best: u32,
}

impl Progress {
    /// Whether the lesson `id` of `variant`'s course is done.
    pub fn lesson_done(&self, variant: &str, id: &str) -> bool {
        self.lessons
            .get(variant)
            .is_some_and(|done| done.contains(id))
    }

    /// Ticks the lesson `id` of `variant`'s course.
    pub fn tick_lesson(&mut self, variant: &str, id: &str) {
        self.lessons
            .entry(variant.to_string())
            .or_default()
            .insert(id.to_string());
    }

    /// `variant`'s puzzle score (empty if none was tried).
    pub fn puzzles_of(&self, variant: &str) -> PuzzleScore {
        self.puzzles.get(variant).cloned().unwrap_or_default()
    }

    /// Notes the puzzle `id` of `variant` solved; `clean` (no wrong try, no solution shown)
    /// lengthens the streak.
    pub fn solve_puzzle(&mut self, variant: &str, id: &str, clean: bool) {
        let score = self.puzzles.entry(variant.to_string()).or_default();
        score.solved.insert(id.to_string());
        if clean {
            score.streak += 1;
            score.best = score.best.max(score.streak);
        }
    }

    /// Ends `variant`'s streak (a wrong try, or the solution asked for).
    pub fn break_streak(&mut self, variant: &str) {
        if let Some(score) = self.puzzles.get_mut(variant) {
            score.streak = 0;
        }
    }

    /// Adds what `other` (another window's progress, as written since this one read it) has
    /// learned: its lessons done and puzzles solved, and its best streaks where longer. The
    /// streaks under way stay this window's.
    pub fn merge(&mut self, other: &Progress) {
        for (variant, done) in &other.lessons {
            self.lessons
                .entry(variant.clone())
                .or_default()
                .extend(done.iter().cloned());
        }
        for (variant, theirs) in &other.puzzles {
            let score = self.puzzles.entry(variant.clone()).or_default();
            score.solved.extend(theirs.solved.iter().cloned());
            score.best = score.best.max(theirs.best);
        }
    }
}

/// Registers the progress, read at start-up and written after each change.
pub fn plugin(app: &mut App) {
    app.init_resource::<Progress>()
        .add_systems(Startup, read_progress)
        .add_systems(Last, write_progress.run_if(resource_changed::<Progress>));
}

fn read_progress(dir: Res<DataDir>, mut progress: ResMut<Progress>, mut notice: ResMut<Notice>) {
    let Some(path) = dir.file(FILE).filter(|p| p.exists()) else {
        return;
    };
    match read_ron::<Progress>(&path) {
        Ok(read) => *progress = read,
        Err(e) => notice.0 = Some(set_aside(&path, &e)),
    }
}

/// Writes the progress after a change (not the one of being read at start-up), with what
/// another window of the player's has written since this one read the file: two windows
/// open at once each keep what the other learned.
fn write_progress(dir: Res<DataDir>, mut progress: ResMut<Progress>, mut notice: ResMut<Notice>) {
    if progress.is_added() {
        return;
    }
    let Some(path) = dir.file(FILE) else {
        return;
    };
    if let Ok(written) = read_ron::<Progress>(&path) {
        let mut merged = progress.clone();
        merged.merge(&written);
        progress.set_if_neq(merged);
    }
    if let Err(e) = write_ron(&path, &*progress) {
        notice.0 = Some(e);
    }
}
