//! Opening a study: a course where the learner left it, a lesson, a puzzle set at its first
//! puzzle not solved, the next step or puzzle, the same again; a puzzle's hint (its piece ringed
//! on the board, as a player rings a square) and solution.

use super::library::Library;
use super::on_board::{Opening, Study, StudyAction, Subject};
use super::progress::Progress;
use crate::app::board::sketch::Sketches;
use crate::app::shared::game::{ActiveGame, Flipped, Studying};
use crate::app::shared::messages::Command;
use crate::curriculum::lessons::Course;
use crate::curriculum::puzzles::PuzzleSet;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::sync::Arc;

/// What opening a study reads and changes.
#[derive(SystemParam)]
pub(super) struct Desk<'w, 's> {
    commands: Commands<'w, 's>,
    library: Res<'w, Library>,
    progress: ResMut<'w, Progress>,
    out: MessageWriter<'w, Command>,
    flipped: ResMut<'w, Flipped>,
    studying: ResMut<'w, Studying>,
    game: Option<Res<'w, ActiveGame>>,
    sketches: ResMut<'w, Sketches>,
}

/// Opens what the learner asks for.
pub(super) fn act(
    mut actions: MessageReader<StudyAction>,
    mut study: Option<ResMut<Study>>,
    desk: Desk,
) {
    let Desk {
        mut commands,
        library,
        mut progress,
        mut out,
        mut flipped,
        mut studying,
        game,
        mut sketches,
    } = desk;
    for action in actions.read() {
        let mut opening = Opening {
            out: &mut out,
            flipped: &mut flipped,
        };
        let opened = match action {
            StudyAction::Course(variant) => {
                library.course(variant).and_then(Result::ok).map(|course| {
                    let first_not_done = course
                        .lessons
                        .iter()
                        .position(|l| !progress.lesson_done(variant, &l.id))
                        .unwrap_or(0);
                    lesson_study(course, first_not_done)
                })
            }
            StudyAction::Lesson { variant, lesson } => library
                .course(variant)
                .and_then(Result::ok)
                .and_then(|course| {
                    let index = course.lessons.iter().position(|l| &l.id == lesson)?;
                    Some(lesson_study(course, index))
                }),
            StudyAction::Puzzles(variant) => library
                .puzzles(variant)
                .and_then(Result::ok)
                .filter(|set| !set.puzzles.is_empty())
                .map(|set| {
                    let solved = progress.puzzles_of(variant).solved;
                    let first_unsolved = set
                        .puzzles
                        .iter()
                        .position(|p| !solved.contains(&p.id))
                        .unwrap_or(0);
                    puzzle_study(set, first_unsolved)
                }),
            StudyAction::Puzzle(index) => study.as_deref().and_then(|s| match &s.subject {
                Subject::Puzzle { set, .. } if *index < set.puzzles.len() => {
                    Some(puzzle_study(set, *index))
                }
                _ => None,
            }),
            StudyAction::Next => study.as_deref().and_then(next_of),
            StudyAction::Again => {
                if let Some(study) = study.as_deref_mut() {
                    study.open(&mut opening);
                }
                None
            }
            StudyAction::Hint | StudyAction::Solution => {
                if let Some(study) = study.as_deref_mut() {
                    let game = game.as_deref().map(|g| &g.0);
                    let square =
                        super::puzzle::help(study, action, game, &mut progress, &mut opening);
                    if let Some(square) = square {
                        sketches.rings.retain(|ringed| *ringed != square);
                        sketches.rings.push(square);
                    }
                }
                None
            }
        };
        if let Some(mut new) = opened {
            new.open(&mut opening);
            commands.insert_resource(new);
            studying.set_if_neq(Studying(true));
            study = None;
        }
    }
}

/// A study of lesson `index` of `course`, from its first step.
fn lesson_study(course: &Arc<Course>, index: usize) -> Study {
    Study::of(
        &course.variant,
        Subject::Lesson {
            course: Arc::clone(course),
            lesson: index,
            step: 0,
        },
    )
}

/// A study of puzzle `index` of `set`.
fn puzzle_study(set: &Arc<PuzzleSet>, index: usize) -> Study {
    Study::of(
        &set.variant,
        Subject::Puzzle {
            set: Arc::clone(set),
            index,
            line: set.puzzles[index].line_turns().unwrap_or_default(),
            hint: None,
            missed: false,
        },
    )
}

/// What comes after `study`: the next step, else the next lesson, else the next puzzle; the
/// last of a course or set is followed by its first.
fn next_of(study: &Study) -> Option<Study> {
    match &study.subject {
        Subject::Lesson {
            course,
            lesson,
            step,
        } => {
            let steps = course.lessons[*lesson].steps.len();
            if step + 1 < steps {
                let mut next = lesson_study(course, *lesson);
                next.subject = Subject::Lesson {
                    course: Arc::clone(course),
                    lesson: *lesson,
                    step: step + 1,
                };
                Some(next)
            } else {
                Some(lesson_study(course, (lesson + 1) % course.lessons.len()))
            }
        }
        Subject::Puzzle { set, index, .. } => {
            Some(puzzle_study(set, (index + 1) % set.puzzles.len()))
        }
    }
}
