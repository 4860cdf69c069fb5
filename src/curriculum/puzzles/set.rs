//! A variant's puzzles as data: the goal, each puzzle and the set, their RON form, and reading a
//! set with every puzzle checked against the rules.

use crate::rules::{Error, Game, Turn, Variant, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

/// What the solver must do: win on its first turn, or on its second against any defence.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Goal {
    /// `win-in-1`: the solver's first turn decides the game its way.
    WinIn1,
    /// `win-in-2`: the solver wins on its second turn whatever the opponent replies, and cannot
    /// on its first.
    WinIn2,
}

impl Goal {
    /// Both goals, the easier first (the order of a set's puzzles).
    pub const ALL: [Goal; 2] = [Goal::WinIn1, Goal::WinIn2];

    /// How many of its turns the solver has to win.
    pub fn solver_turns(self) -> u32 {
        match self {
            Goal::WinIn1 => 1,
            Goal::WinIn2 => 2,
        }
    }

    /// The goal as written: `win-in-1` or `win-in-2`.
    pub fn text(self) -> &'static str {
        match self {
            Goal::WinIn1 => "win-in-1",
            Goal::WinIn2 => "win-in-2",
        }
    }

    /// The goal written `text`, if any.
    pub fn parse(text: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|goal| goal.text() == text)
    }
}

impl From<Goal> for String {
    fn from(goal: Goal) -> String {
        goal.text().to_string()
    }
}

impl TryFrom<String> for Goal {
    type Error = String;

    fn try_from(text: String) -> Result<Goal, String> {
        Goal::parse(&text).ok_or_else(|| format!("no goal '{text}' (win-in-1 or win-in-2)"))
    }
}

/// One puzzle: a position, the goal, and the solution line.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// The variant's id, from the set the puzzle belongs to (not written per puzzle).
    #[serde(skip)]
    pub variant: String,
    /// The puzzle's id, like `amoeba-07`.
    pub id: String,
    /// The variant options the position is played with.
    pub options: Vec<String>,
    /// The position, the solver to move.
    pub fen: String,
    /// What the solver must do.
    pub goal: Goal,
    /// The solution: canonical turn texts, the opponent's replies included, ending at the first
    /// turn after which the game is the solver's win.
    pub line: Vec<String>,
}

impl Puzzle {
    /// The game at the puzzle's start: its position, with its variant and options.
    pub fn game(&self) -> Result<Game, Error> {
        let variant = Arc::new(Variant::load(&self.variant, &self.options)?);
        Game::from_fen(variant, &self.fen)
    }

    /// The solution line's turns, read by replaying it from the puzzle's start.
    pub fn line_turns(&self) -> Result<Vec<Turn>, Error> {
        let mut game = self.game()?;
        for text in &self.line {
            game.play_text(text)?;
        }
        Ok(game.turns().to_vec())
    }

    /// Checks the puzzle against the rules with `variant` (its own, with its options): the
    /// position is legal and undecided, and the line is legal, has as many solver turns as the
    /// goal, and ends at the first turn after which the game (as `status` judges it) is the
    /// solver's win.
    fn check(&self, variant: Arc<Variant>) -> Result<(), String> {
        let mut game = Game::from_fen(variant, &self.fen).map_err(|e| e.to_string())?;
        if let Some(outcome) = game.outcome() {
            return Err(format!("the position is already over ({outcome})"));
        }
        let solver = game.position().side;
        let mut solver_turns = 0;
        for (index, text) in self.line.iter().enumerate() {
            if index > 0 && game.outcome().is_some() {
                return Err(format!(
                    "the line goes on after the game ended, at `{text}`"
                ));
            }
            solver_turns += u32::from(game.position().side == solver);
            game.play_text(text).map_err(|e| format!("line: {e}"))?;
        }
        if game.outcome().map(|o| o.verdict) != Some(Verdict::win_for(solver)) {
            return Err("the line does not end in the solver's win".into());
        }
        if solver_turns != self.goal.solver_turns() {
            return Err(format!(
                "a {} line has {} turns of the solver, this one {solver_turns}",
                self.goal.text(),
                self.goal.solver_turns()
            ));
        }
        Ok(())
    }
}

/// A variant's puzzles, win-in-1 before win-in-2, each goal's easier ones first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleSet {
    /// The variant's id.
    pub variant: String,
    /// The puzzles, in order.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set as RON text, as the files in `assets/puzzles/` hold it.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::default();
        let mut text = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// Reads the puzzle set in the RON `text` of `file` and checks every puzzle against the rules
/// (see the private `Puzzle::check`), its id unique and the win-in-1 puzzles first. An error is
/// one line naming the file and the puzzle: `assets/puzzles/amoeba.ron: puzzle `amoeba-07`: …`.
pub fn parse_set(file: &str, text: &str) -> Result<PuzzleSet, Error> {
    let mut set: PuzzleSet = ron::from_str(text).map_err(|e| Error::Data {
        place: format!("{file}:{}:{}", e.span.start.line, e.span.start.col),
        why: e.code.to_string(),
    })?;
    Variant::load(&set.variant, &[]).map_err(|e| Error::Data {
        place: format!("{file}: variant"),
        why: e.to_string(),
    })?;
    let mut variants: Vec<(Vec<String>, Arc<Variant>)> = Vec::new();
    let mut ids = HashSet::new();
    let mut last_goal = Goal::WinIn1;
    for puzzle in &mut set.puzzles {
        puzzle.variant.clone_from(&set.variant);
        let bad = |why: String| Error::Data {
            place: format!("{file}: puzzle `{}`", puzzle.id),
            why,
        };
        if !ids.insert(puzzle.id.clone()) {
            return Err(bad("the id is used twice".into()));
        }
        if puzzle.goal < last_goal {
            return Err(bad("a win-in-1 puzzle after a win-in-2 one".into()));
        }
        last_goal = puzzle.goal;
        let variant = match variants.iter().find(|(o, _)| *o == puzzle.options) {
            Some((_, variant)) => Arc::clone(variant),
            None => {
                let variant = Arc::new(
                    Variant::load(&set.variant, &puzzle.options).map_err(|e| bad(e.to_string()))?,
                );
                variants.push((puzzle.options.clone(), Arc::clone(&variant)));
                variant
            }
        };
        puzzle.check(variant).map_err(bad)?;
    }
    Ok(set)
}
