//! Lessons: a course per variant, each lesson one rule a chess player does not know, taught by
//! doing it on the real board. A step's task is a [`Check`] over what a turn does, judged by
//! the engine, so every turn that shows the rule passes; a wrong try gets its explanation.

mod check;
mod course;

pub use check::{Check, Promotion, Taken, TurnFacts};
pub use course::{Course, Judgement, Lesson, Mistake, Step, Tried};

use crate::rules::Error;

/// Each variant with a course: its id, its file's name and the file's text, embedded.
const SHIPPED: [(&str, &str, &str); 6] = embedded_files!("lessons");

/// The ids of the variants that have a course, in the menu's order.
pub fn course_ids() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(id, _, _)| *id)
}

/// The course file shipped for `variant`: its name and text.
pub fn shipped(variant: &str) -> Option<(&'static str, &'static str)> {
    SHIPPED
        .iter()
        .find(|(id, _, _)| *id == variant)
        .map(|(_, file, text)| (*file, *text))
}

/// The course of `variant`, read and checked; a variant without one is an unknown variant, and
/// a course file that does not check out is a one-line error naming the file and lesson.
pub fn load(variant: &str) -> Result<Course, Error> {
    let Some((file, text)) = shipped(variant) else {
        if crate::rules::ids().any(|id| id == variant) {
            return Err(Error::Data {
                place: format!("'{variant}'"),
                why: "has no course: its rules are orthodox chess's".to_string(),
            });
        }
        return Err(Error::UnknownVariant(variant.into()));
    };
    read(variant, file, text)
}

/// The course of `variant` in the RON `text` of `file` (a shipped course, or a player's own that
/// stands in for it), read and checked, and refused if it is another variant's.
pub fn read(variant: &str, file: &str, text: &str) -> Result<Course, Error> {
    let course = Course::parse(file, text)?;
    if course.variant != variant {
        return Err(Error::Data {
            place: file.to_string(),
            why: format!("the course is for '{}', not '{variant}'", course.variant),
        });
    }
    Ok(course)
}
