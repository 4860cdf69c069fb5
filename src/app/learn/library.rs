//! The courses and puzzle sets the game ships, read and checked once at start-up. A file that
//! does not check out is refused with its one-line reason (logged, and shown in the menu in
//! place of its button); the rest of the game runs on.

use crate::learn::lessons::{self, Course};
use crate::learn::puzzles::{self, PuzzleSet};
use bevy::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// Every variant's course and puzzle set, or why it was refused.
#[derive(Resource, Default)]
pub struct Library {
    courses: HashMap<String, Result<Arc<Course>, String>>,
    puzzles: HashMap<String, Result<Arc<PuzzleSet>, String>>,
}

impl Library {
    /// Reads every shipped course and puzzle set, logging each one refused.
    pub fn load() -> Library {
        let mut library = Library::default();
        for id in lessons::course_ids() {
            let course = lessons::load(id).map(Arc::new).map_err(|e| e.to_string());
            let set = puzzles::load(id).map(Arc::new).map_err(|e| e.to_string());
            for refused in [course.as_ref().err(), set.as_ref().err()]
                .into_iter()
                .flatten()
            {
                warn!("{refused}");
            }
            library.courses.insert(id.to_string(), course);
            library.puzzles.insert(id.to_string(), set);
        }
        library
    }

    /// `variant`'s course; `None` if it has none, the reason if it was refused.
    pub fn course(&self, variant: &str) -> Option<Result<&Arc<Course>, &str>> {
        let found = self.courses.get(variant)?;
        Some(found.as_ref().map_err(String::as_str))
    }

    /// `variant`'s puzzles; `None` if it has none, the reason if they were refused.
    pub fn puzzles(&self, variant: &str) -> Option<Result<&Arc<PuzzleSet>, &str>> {
        let found = self.puzzles.get(variant)?;
        Some(found.as_ref().map_err(String::as_str))
    }
}
