//! Judging a lesson's step: the learner's first turn is asked of the step's task (the engine's
//! judgement of what the turn did); a pass ticks the lesson when it was its last step, a wrong
//! try is explained and taken back once its motion ends.

use super::on_board::{Attempt, Study, Subject, new_plies};
use super::progress::Progress;
use crate::app::shared::game::ActiveGame;
use crate::curriculum::lessons::Judgement;
use bevy::prelude::*;

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
