//! A lesson's step on the board: the learner is offered the turns the course has taught (no
//! slide before the lesson on sliding), and the first turn is asked of the step's task (the
//! engine's judgement of what the turn did); a pass ticks the lesson when it was its last step,
//! a wrong try is explained and taken back once its motion ends.

use super::on_board::{Attempt, Study, Subject, new_plies};
use super::progress::Progress;
use crate::app::shared::game::{ActiveGame, Builder};
use crate::app::shared::turn_builder::TurnBuilder;
use crate::curriculum::lessons::Judgement;
use bevy::prelude::*;

/// Narrows the turn the session readied to those the lesson offers: before the course teaches
/// sliding, a turn is its move alone, so the builder never asks for a slide.
pub(super) fn offer(study: Res<Study>, game: Res<ActiveGame>, mut builder: ResMut<Builder>) {
    let Subject::Lesson { course, lesson, .. } = &study.subject else {
        return;
    };
    let fresh = !builder.0.in_progress();
    let untaught = builder.0.candidates().iter().any(|t| t.slide.is_some());
    if fresh && untaught && !course.slides_taught(*lesson) {
        builder.0 = TurnBuilder::new(course.offered_turns(*lesson, &game.0));
    }
}

/// Judges the learner's turn in a lesson.
pub(super) fn judge(
    mut study: ResMut<Study>,
    game: Res<ActiveGame>,
    mut progress: ResMut<Progress>,
) {
    let Subject::Lesson {
        course,
        lesson,
        step,
    } = &study.subject
    else {
        return;
    };
    let (course, lesson, step) = (course.clone(), *lesson, *step);
    let plies = new_plies(&mut study, &game.0);
    let game = &game.0;
    if game.turns().is_empty() && matches!(study.attempt, Attempt::Done(_)) {
        study.attempt = Attempt::Trying;
    }
    if plies.start != 0 || plies.is_empty() || study.attempt == Attempt::Shown {
        return;
    }
    let lesson = &course.lessons[lesson];
    let task = &lesson.steps[step];
    let turn = game.turns()[0];
    let mut before = game.clone();
    before.undo();
    study.attempt = match task.judge(&before, &turn) {
        Judgement::Passed => {
            if step + 1 == lesson.steps.len() && !progress.lesson_done(&course.variant, &lesson.id)
            {
                progress.tick_lesson(&course.variant, &lesson.id);
            }
            Attempt::Done(task.done.clone())
        }
        Judgement::Failed(why) => {
            study.take_back = true;
            Attempt::Wrong(format!("{}: {why}", game.readable_turns()[0]))
        }
    };
}
