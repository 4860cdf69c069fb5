//! The study on the board, a lesson or a puzzle (the study panel draws it beside the board): which
//! one, how the learner's try went, and the turns the study plays itself (a puzzle's replies, a
//! solution shown), each once the board is still. The game on the board is an ordinary game, played
//! through the session like any other; this only starts it, judges each turn by asking the engine,
//! and takes a wrong try back after its motion.

use crate::app::motion::timeline::Timeline;
use crate::app::shared::clocks::Clocks;
use crate::app::shared::game::{ActiveGame, Flipped, Studying};
use crate::app::shared::messages::Command;
use crate::app::shared::players::{Names, Player, Players};
use crate::curriculum::lessons::Course;
use crate::curriculum::puzzles::PuzzleSet;
use crate::rules::{Game, GameRecord, Side, Turn};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::collections::VecDeque;
use std::sync::Arc;

/// What the learner asks of the study: from the menu, the rules panel and the study panel.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum StudyAction {
    /// Open a variant's course where the learner left it (its first lesson not done).
    Course(String),
    /// Open one lesson of a variant's course.
    Lesson {
        /// The variant id.
        variant: String,
        /// The lesson's id.
        lesson: String,
    },
    /// Open a variant's puzzles at the first one not solved.
    Puzzles(String),
    /// Open the puzzle at this place in the set being studied.
    Puzzle(usize),
    /// Go on: the next step, lesson or puzzle.
    Next,
    /// Start the step or the puzzle again.
    Again,
    /// Name the piece a puzzle's solution moves.
    Hint,
    /// Play a puzzle's solution on the board.
    Solution,
}

/// The study on the board, while there is one.
#[derive(Resource)]
pub struct Study {
    /// The variant's id.
    pub variant: String,
    /// The lesson or puzzle.
    pub subject: Subject,
    /// How the learner's try stands.
    pub attempt: Attempt,
    /// Turns the study plays itself, in order, each once the board is still.
    pub(super) queue: VecDeque<Turn>,
    /// A wrong try is taken back once its motion ends.
    pub(super) take_back: bool,
    /// The plies of the game already judged.
    pub(super) judged: usize,
}

/// What is studied.
pub enum Subject {
    /// A step of a lesson.
    Lesson {
        /// The course.
        course: Arc<Course>,
        /// The lesson's place in it.
        lesson: usize,
        /// The step's place in the lesson.
        step: usize,
    },
    /// A puzzle of a set.
    Puzzle {
        /// The set.
        set: Arc<PuzzleSet>,
        /// The puzzle's place in it.
        index: usize,
        /// Its solution line's turns, read once when it is opened.
        line: Vec<Turn>,
        /// The hint given, if one was asked for.
        hint: Option<String>,
        /// A wrong try was made or the solution shown: solving it no longer lengthens the
        /// streak.
        missed: bool,
    },
}

/// How the learner's try stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// Waiting for the learner's turn.
    Trying,
    /// The last try was wrong (and is taken back): why.
    Wrong(String),
    /// Done: what is said about it.
    Done(String),
    /// The solution is being shown.
    Shown,
}

/// Leaving for the menu ends the study.
pub(super) fn leave(mut commands: Commands, mut studying: ResMut<Studying>) {
    commands.remove_resource::<Study>();
    studying.set_if_neq(Studying(false));
}

/// Where opening a lesson or a puzzle sends its requests.
pub(super) struct Opening<'a, 'w> {
    /// The session's commands.
    pub(super) out: &'a mut MessageWriter<'w, Command>,
    /// Which way up the board is seen.
    pub(super) flipped: &'a mut Flipped,
}

impl Opening<'_, '_> {
    /// Starts a game from `fen` with the learner (its side to move) at the bottom, the
    /// opponent played by `opponent`, no clocks.
    fn start(&mut self, variant: &str, options: &[String], fen: &str, opponent: Player) {
        let side = if fen.split_whitespace().nth(1) == Some("b") {
            Side::Black
        } else {
            Side::White
        };
        let mut players = Players([Player::Person; 2]);
        players.0[side.opponent().index()] = opponent;
        self.out.write(Command::Resume(GameRecord {
            variant: variant.to_string(),
            options: options.to_vec(),
            start: fen.to_string(),
            turns: Vec::new(),
            redo: Vec::new(),
            ending: None,
        }));
        self.out.write(Command::Players(players));
        self.out.write(Command::Names(Names::default()));
        self.out.write(Command::Clocks(Clocks::new(None)));
        self.flipped.0 = side == Side::Black;
    }
}

impl Study {
    /// A study of `subject`, not yet tried.
    pub(super) fn of(variant: &str, subject: Subject) -> Study {
        Study {
            variant: variant.to_string(),
            subject,
            attempt: Attempt::Trying,
            queue: VecDeque::new(),
            take_back: false,
            judged: 0,
        }
    }

    /// Starts the game of the subject's position afresh.
    pub(super) fn open(&mut self, opening: &mut Opening) {
        self.attempt = Attempt::Trying;
        self.queue.clear();
        self.take_back = false;
        self.judged = 0;
        match &mut self.subject {
            Subject::Lesson {
                course,
                lesson,
                step,
            } => {
                let lesson = &course.lessons[*lesson];
                let fen = &lesson.steps[*step].fen;
                opening.start(&course.variant, &lesson.options, fen, Player::Person);
            }
            Subject::Puzzle {
                set, index, hint, ..
            } => {
                *hint = None;
                let puzzle = &set.puzzles[*index];
                // The replies are the study's own (the engine's, played from the queue), so
                // the opponent's side is a person's as far as the session knows.
                opening.start(&set.variant, &puzzle.options, &puzzle.fen, Player::Person);
            }
        }
    }
}

/// Once the board is still, takes back a wrong try or plays the next turn the study plays
/// itself, and asks for the frame that applies it.
pub(super) fn play_queue(
    mut study: ResMut<Study>,
    game: Res<ActiveGame>,
    timeline: Res<Timeline>,
    mut out: MessageWriter<Command>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if timeline.running() || (!study.take_back && study.queue.is_empty()) {
        return;
    }
    if study.take_back {
        study.take_back = false;
        if !game.0.turns().is_empty() {
            out.write(Command::Undo);
        }
    } else if let Some(turn) = study.queue.pop_front() {
        out.write(Command::Play(turn));
    }
    redraw.write(RequestRedraw);
}

/// The new turns of `game` since the study last looked, as the plies they were played from;
/// a take-back only lowers the count.
pub(super) fn new_plies(study: &mut Study, game: &Game) -> std::ops::Range<usize> {
    let plies = game.turns().len();
    let from = study.judged.min(plies);
    study.judged = plies;
    from..plies
}
