//! The courses and puzzle sets, read and checked once at start-up: those the game ships, or a
//! player's own in the data directory (`lessons/<variant>.ron`, `puzzles/<variant>.ron`),
//! which stand in for them. A file that does not check out is refused with its one-line reason
//! (logged, and shown in the menu in place of its button); the rest of the game runs on.

use crate::app::storage::saves::DataDir;
use crate::curriculum::lessons::{self, Course};
use crate::curriculum::puzzles::{self, PuzzleSet};
use crate::rules::Error;
use bevy::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// Every variant's course and puzzle set, or why it was refused.
#[derive(Resource, Default)]
pub struct Library {
    courses: HashMap<String, Result<Arc<Course>, String>>,
    puzzles: HashMap<String, Result<Arc<PuzzleSet>, String>>,
}

/// Reads the library when the game starts.
pub fn plugin(app: &mut App) {
    app.init_resource::<Library>()
        .add_systems(PreStartup, read_library);
}

fn read_library(dir: Res<DataDir>, mut library: ResMut<Library>) {
    *library = Library::load(&dir);
}

/// The text of the player's own file `name` in the data directory, if there is one: its path
/// as shown, and its text or why it cannot be read.
fn own_file(dir: &DataDir, name: &str) -> Option<(String, Result<String, String>)> {
    let path = dir.file(name).filter(|p| p.exists())?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()));
    Some((path.display().to_string(), text))
}

/// Reads the player's own file `name` with `read`, or else the shipped one with `shipped`.
fn read_either<T>(
    dir: &DataDir,
    name: &str,
    read: impl FnOnce(&str, &str) -> Result<T, Error>,
    shipped: impl FnOnce() -> Result<T, Error>,
) -> Result<Arc<T>, String> {
    let read = match own_file(dir, name) {
        Some((path, text)) => read(&path, &text?),
        None => shipped(),
    };
    read.map(Arc::new).map_err(|e| e.to_string())
}

impl Library {
    /// Reads every course and puzzle set (the player's own where `dir` has one), logging each
    /// one refused.
    pub fn load(dir: &DataDir) -> Library {
        let mut library = Library::default();
        for id in lessons::course_ids() {
            let course = read_either(
                dir,
                &format!("lessons/{id}.ron"),
                |file, text| lessons::read(id, file, text),
                || lessons::load(id),
            );
            let set = read_either(
                dir,
                &format!("puzzles/{id}.ron"),
                |file, text| puzzles::read(id, file, text),
                || puzzles::load(id),
            );
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
