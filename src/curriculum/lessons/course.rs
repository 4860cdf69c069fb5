//! A variant's course as its RON file spells it (`assets/lessons/<variant>.ron`), read and
//! checked against the variant: every position legal, every name known.

use super::check::{Check, TurnFacts};
use crate::rules::{Error, Game, Turn, Variant};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

/// A variant's lessons, in the order they are taken.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// The variant's id.
    pub variant: String,
    /// The lessons, first first.
    pub lessons: Vec<Lesson>,
}

/// One lesson: one rule, taught in one or more steps.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Its id, unique in the course (`withdrawal`).
    pub id: String,
    /// Its title (`Capture by withdrawal`).
    pub title: String,
    /// The pieces it teaches, by name: the rules panel links their diagrams to it.
    #[serde(default)]
    pub pieces: Vec<String>,
    /// The variant's options its positions are played with.
    #[serde(default)]
    pub options: Vec<String>,
    /// The steps, each a position and a task.
    pub steps: Vec<Step>,
}

/// One position and one thing to do in it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The position, as a FEN of the variant; its side to move is the learner's.
    pub fen: String,
    /// The rule in a sentence or two.
    pub text: String,
    /// What to do, as an instruction (`Capture the Rook by withdrawal.`).
    pub task: String,
    /// What a turn must do to pass.
    pub pass: Check,
    /// Explanations of wrong tries, the first whose condition holds being given.
    #[serde(default)]
    pub wrong: Vec<Mistake>,
    /// The explanation of any other wrong try.
    pub otherwise: String,
    /// What is said when the step is done.
    pub done: String,
}

/// A kind of wrong try, and what to say about it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Mistake {
    /// When this explanation fits.
    pub when: Check,
    /// The explanation (`That captures by approach: move away from the piece instead.`).
    pub say: String,
}

/// What a step makes of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The turn does what the task asks.
    Passed,
    /// It does not, and this is why.
    Failed(String),
}

impl Step {
    /// The game this step starts from.
    pub fn game(&self, variant: &Arc<Variant>) -> Result<Game, Error> {
        Game::from_fen(Arc::clone(variant), &self.fen)
    }

    /// What the task makes of `turn` played in `game` (this step's position); a turn that is
    /// not legal there fails with the rules' reason.
    pub fn judge(&self, game: &Game, turn: &Turn) -> Judgement {
        let variant = game.variant();
        let Some(facts) = TurnFacts::of(game, turn) else {
            return Judgement::Failed("That turn is not legal here.".to_string());
        };
        if self.pass.holds(variant, &facts) {
            return Judgement::Passed;
        }
        let said = self
            .wrong
            .iter()
            .find(|mistake| mistake.when.holds(variant, &facts))
            .map_or(&self.otherwise, |mistake| &mistake.say);
        Judgement::Failed(said.clone())
    }
}

/// Every legal turn of a step's position, judged.
pub struct Tried {
    /// The turns that pass, in canonical text.
    pub passing: Vec<String>,
    /// The turns that fail, in canonical text, each with what is said about it.
    pub failing: Vec<(String, String)>,
}

impl Tried {
    /// What is wrong with the step as a task: no turn passes, or every turn does.
    pub fn problem(&self) -> Option<&'static str> {
        if self.passing.is_empty() {
            Some("no legal turn passes its task")
        } else if self.failing.is_empty() {
            Some("every legal turn passes its task: nothing shows the rule")
        } else {
            None
        }
    }
}

impl Step {
    /// Every turn of `turns` (the learner's turns in `game`, this step's position) judged by
    /// the task.
    pub fn try_every_turn(&self, game: &Game, turns: Vec<Turn>) -> Tried {
        let mut tried = Tried {
            passing: Vec::new(),
            failing: Vec::new(),
        };
        for turn in turns {
            let text = game.variant().turn_text(&turn);
            match self.judge(game, &turn) {
                Judgement::Passed => tried.passing.push(text),
                Judgement::Failed(why) => tried.failing.push((text, why)),
            }
        }
        tried
    }
}

impl Lesson {
    /// The variant its positions are played in (the course's, with the lesson's options).
    pub fn variant(&self, id: &str) -> Result<Variant, Error> {
        Variant::load(id, &self.options)
    }

    /// Whether a task or explanation of one of its steps is about a slide.
    fn is_about_slides(&self) -> bool {
        self.steps.iter().any(|step| {
            step.pass.is_about_slides() || step.wrong.iter().any(|m| m.when.is_about_slides())
        })
    }
}

impl Course {
    /// Reads the RON text of `file` and checks it: the variant and options exist, lesson ids are
    /// unique, every step's FEN is a legal position of the variant that is not over, and every
    /// name in its checks is the variant's. The error is one line naming the file and the
    /// lesson.
    pub fn parse(file: &str, text: &str) -> Result<Course, Error> {
        let course: Course = ron::from_str(text).map_err(|e| Error::Data {
            place: format!("{file}:{}:{}", e.span.start.line, e.span.start.col),
            why: e.code.to_string(),
        })?;
        Variant::load(&course.variant, &[]).map_err(|e| Error::Data {
            place: file.to_string(),
            why: e.to_string(),
        })?;
        if course.lessons.is_empty() {
            return Err(Error::Data {
                place: file.to_string(),
                why: "the course has no lessons".to_string(),
            });
        }
        let mut ids = HashSet::new();
        for lesson in &course.lessons {
            let place = |why: String| Error::Data {
                place: format!("{file}: lesson `{}`", lesson.id),
                why,
            };
            if !ids.insert(&lesson.id) {
                return Err(place("a second lesson with this id".to_string()));
            }
            course.check_lesson(lesson).map_err(place)?;
        }
        Ok(course)
    }

    /// Checks one lesson; the error is one line naming the step.
    fn check_lesson(&self, lesson: &Lesson) -> Result<(), String> {
        let variant = Arc::new(lesson.variant(&self.variant).map_err(|e| e.to_string())?);
        if lesson.steps.is_empty() {
            return Err("a lesson needs at least one step".to_string());
        }
        for name in &lesson.pieces {
            Check::Moves(name.clone()).validate(&variant)?;
        }
        for (number, step) in lesson.steps.iter().enumerate() {
            let at = |why: String| format!("step {}: {why}", number + 1);
            let game = step.game(&variant).map_err(|e| at(e.to_string()))?;
            if let Some(outcome) = game.outcome() {
                return Err(at(format!("the game is already over ({outcome})")));
            }
            step.pass.validate(&variant).map_err(at)?;
            for mistake in &step.wrong {
                mistake.when.validate(&variant).map_err(at)?;
            }
        }
        Ok(())
    }

    /// Each step's turns (those the learner is offered) judged, with the lesson and step (from
    /// 1) it belongs to: what an author checks a course by.
    pub fn try_every_step(&self) -> Result<Vec<(&Lesson, usize, Tried)>, Error> {
        let mut all = Vec::new();
        for (index, lesson) in self.lessons.iter().enumerate() {
            let variant = Arc::new(lesson.variant(&self.variant)?);
            for (number, step) in lesson.steps.iter().enumerate() {
                let game = step.game(&variant)?;
                let turns = self.offered_turns(index, &game);
                all.push((lesson, number + 1, step.try_every_turn(&game, turns)));
            }
        }
        Ok(all)
    }

    /// The turns the learner is offered in `game`, a position of lesson `index`: its legal
    /// turns, those with a slide left out until sliding is taught (a lesson teaches one rule,
    /// and a slide asked for before its lesson is a question the learner cannot yet answer).
    pub fn offered_turns(&self, index: usize, game: &Game) -> Vec<Turn> {
        let mut turns = game.legal_turns();
        if !self.slides_taught(index) {
            turns.retain(|turn| turn.slide.is_none());
        }
        turns
    }

    /// Whether the learner has met sliding by lesson `index`: it, or a lesson before it, is
    /// about a slide.
    pub fn slides_taught(&self, index: usize) -> bool {
        self.lessons
            .iter()
            .take(index + 1)
            .any(Lesson::is_about_slides)
    }

    /// The lesson with this id.
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }

    /// The first lesson teaching the piece named `name`, for the rules panel's link.
    pub fn lesson_of_piece(&self, name: &str) -> Option<&Lesson> {
        self.lessons
            .iter()
            .find(|l| l.pieces.iter().any(|p| p.eq_ignore_ascii_case(name)))
    }
}
