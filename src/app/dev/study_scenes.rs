//! The window test's lessons and puzzles: each opened as the menu opens it, played by the same
//! inputs a click produces, and shot once the study has answered: a wrong try explained and
//! taken back, a lesson done, a puzzle solved against the engine's replies.

use crate::app::learn::on_board::{Attempt, Study, StudyAction, Subject};
use crate::curriculum::lessons::Judgement;
use crate::rules::{Game, Turn};

/// What a study scene shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Showing {
    /// A lesson's wrong try, taken back and explained.
    WrongTry,
    /// A lesson's step done.
    LessonDone,
    /// A puzzle solved.
    PuzzleSolved,
}

/// A lesson or puzzle to open and play.
pub struct StudyScene {
    /// The screenshot's name.
    pub name: &'static str,
    /// The variant id.
    pub variant: &'static str,
    /// What it shows.
    pub showing: Showing,
}

/// The study scenes, shot after the others.
pub const STUDY_SCENES: &[StudyScene] = &[
    StudyScene {
        name: "lesson-wrong-try",
        variant: "fanorona-chess",
        showing: Showing::WrongTry,
    },
    StudyScene {
        name: "lesson-done",
        variant: "amoeba",
        showing: Showing::LessonDone,
    },
    StudyScene {
        name: "puzzle-solved",
        variant: "amphora",
        showing: Showing::PuzzleSolved,
    },
];

impl StudyScene {
    /// How the scene opens its study.
    pub fn opening(&self) -> StudyAction {
        match self.showing {
            Showing::WrongTry | Showing::LessonDone => StudyAction::Course(self.variant.into()),
            Showing::PuzzleSolved => StudyAction::Puzzles(self.variant.into()),
        }
    }
}

/// What the script does next in a study scene.
pub enum Next {
    /// Wait: the study or the board is busy.
    Wait,
    /// Play this turn, one input at a time.
    Play(Turn),
    /// The scene shows what it is for: shoot it once still.
    Shoot,
    /// The scene cannot go on: why.
    Fail(String),
}

/// The next step of `scene`, with `study` open and `game` on the board.
pub fn next(scene: &StudyScene, study: &Study, game: &Game) -> Next {
    match (&study.attempt, scene.showing) {
        (Attempt::Wrong(_), Showing::WrongTry) if game.turns().is_empty() => return Next::Shoot,
        (Attempt::Done(_), Showing::LessonDone | Showing::PuzzleSolved) => return Next::Shoot,
        (Attempt::Wrong(why), Showing::LessonDone | Showing::PuzzleSolved) => {
            return Next::Fail(format!("a right turn was judged wrong: {why}"));
        }
        _ => {}
    }
    match &study.subject {
        Subject::Lesson {
            course,
            lesson,
            step,
        } if game.turns().is_empty() => {
            let task = &course.lessons[*lesson].steps[*step];
            let wanted = scene.showing == Showing::LessonDone;
            let turn = course
                .offered_turns(*lesson, game)
                .into_iter()
                .find(|t| (task.judge(game, t) == Judgement::Passed) == wanted);
            turn.map_or_else(|| Next::Fail("no turn to play".into()), Next::Play)
        }
        Subject::Puzzle { line, .. } if game.turns().len().is_multiple_of(2) => {
            let played = game.turns().len();
            match line.get(played) {
                Some(turn) if line[..played] == *game.turns() => Next::Play(*turn),
                _ => Next::Wait,
            }
        }
        _ => Next::Wait,
    }
}
