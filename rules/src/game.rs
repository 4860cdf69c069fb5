//! A game: the variant, the start position, the turns played (with undo and redo) and their
//! readable text, and how it ended. It judges the draws that depend on history (repetition)
//! and saves to RON as a record that is replayed, and so checked, when loaded.

use super::error::Error;
use super::event::Event;
use super::outcome::{Outcome, Reason};
use super::position::Position;
use super::rules::RulesExt;
use super::turn::Turn;
use super::types::Side;
use super::variant::Variant;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A game in progress or finished.
#[derive(Clone)]
pub struct Game {
    variant: Arc<Variant>,
    /// `positions[0]` is the start; `positions[i + 1]` follows `turns[i]`.
    positions: Vec<Position>,
    /// The repetition key of each position.
    keys: Vec<u64>,
    turns: Vec<Turn>,
    /// The readable text of each turn played (see [`Variant::readable_turn`]), written once
    /// when it is played.
    readable: Vec<String>,
    /// Undone turns, the next to redo last.
    redo: Vec<Turn>,
    /// An end decided by the players (resignation, agreement).
    ending: Option<Outcome>,
}

impl Game {
    /// A new game from the variant's start position.
    pub fn new(variant: Arc<Variant>) -> Game {
        let start = *variant.start();
        Game::from_position(variant, start)
    }

    /// A new game from a FEN of the variant.
    pub fn from_fen(variant: Arc<Variant>, fen: &str) -> Result<Game, Error> {
        let start = variant.parse_fen(fen)?;
        Ok(Game::from_position(variant, start))
    }

    fn from_position(variant: Arc<Variant>, start: Position) -> Game {
        let key = variant.repetition_key(&start);
        Game {
            variant,
            positions: vec![start],
            keys: vec![key],
            turns: Vec::new(),
            readable: Vec::new(),
            redo: Vec::new(),
            ending: None,
        }
    }

    /// The variant played.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game has a start"))
    }

    /// The position after `ply` turns (0: the start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The turns played, as text.
    pub fn turn_texts(&self) -> Vec<String> {
        self.turns
            .iter()
            .map(|t| self.variant.turn_text(t))
            .collect()
    }

    /// The turns played, as readable text like SAN (see [`Variant::readable_turn`]), one per
    /// turn.
    pub fn readable_turns(&self) -> &[String] {
        &self.readable
    }

    /// The legal turns now: none once the game is over, by any rule or by the players.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.variant.legal_turns(self.position())
    }

    /// Plays `turn` if the rules allow it in the current position, and says what happened. A
    /// draw by repetition or the clock does not stop play here (the user interface decides);
    /// an end by the variant's own rules or by the players does.
    pub fn play(&mut self, turn: &Turn) -> Result<Vec<Event>, Error> {
        if self.ending.is_some() {
            return Err(Error::turn(
                self.variant.turn_text(turn),
                "the game is over",
            ));
        }
        if !self.variant.legal_turns(self.position()).contains(turn) {
            return Err(Error::turn(
                self.variant.turn_text(turn),
                "not a legal turn in this position",
            ));
        }
        let events = self.push(turn);
        self.redo.clear();
        Ok(events)
    }

    /// Plays a turn given as text (strictly the canonical text of a legal turn).
    pub fn play_text(&mut self, text: &str) -> Result<Vec<Event>, Error> {
        if self.ending.is_some() {
            return Err(Error::turn(text, "the game is over"));
        }
        let turn = self.variant.parse_turn(self.position(), text)?;
        let events = self.push(&turn);
        self.redo.clear();
        Ok(events)
    }

    fn push(&mut self, turn: &Turn) -> Vec<Event> {
        let mut events = Vec::new();
        let before = self.position();
        let next = self.variant.play_recorded(before, turn, &mut events);
        let readable = self.variant.readable_played(before, turn, &events, &next);
        self.keys.push(self.variant.repetition_key(&next));
        self.positions.push(next);
        self.turns.push(*turn);
        self.readable.push(readable);
        events
    }

    /// Takes back the last turn (or a resignation or agreed draw); false if there is nothing to
    /// take back.
    pub fn undo(&mut self) -> bool {
        if self.ending.take().is_some() {
            return true;
        }
        let Some(turn) = self.turns.pop() else {
            return false;
        };
        self.positions.pop();
        self.keys.pop();
        self.readable.pop();
        self.redo.push(turn);
        true
    }

    /// Plays again the last turn taken back, saying what happened.
    pub fn redo(&mut self) -> Option<Vec<Event>> {
        let turn = self.redo.pop()?;
        Some(self.push(&turn))
    }

    /// Whether there is a turn to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) {
        self.end(Outcome::win(side.opponent(), Reason::Resignation));
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) {
        self.end(Outcome::draw(Reason::Agreement));
    }

    /// `side`'s clock ran out: the opponent wins on time.
    pub fn time_out(&mut self, side: Side) {
        self.end(Outcome::win(side.opponent(), Reason::TimeForfeit));
    }

    /// `side` left a game over the network and did not come back: the opponent claimed the win.
    pub fn abandon(&mut self, side: Side) {
        self.end(Outcome::win(side.opponent(), Reason::Abandonment));
    }

    /// Ends a game still going on, as the players (or their clocks) decided.
    fn end(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.ending = Some(outcome);
        }
    }

    /// How the game ended, if it has: the players' decision; then the variant's own end; then a
    /// dead position; then threefold repetition; then the fifty-move rule.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(ending) = self.ending {
            return Some(ending);
        }
        let pos = self.position();
        if let Some(outcome) = self.variant.own_outcome(pos, self.turns.last()) {
            return Some(outcome);
        }
        if self.variant.dead_position(pos) {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        if !self.variant.clock_draws() {
            return None;
        }
        let key = self.keys.last().copied().unwrap_or_default();
        if self.keys.iter().filter(|k| **k == key).count() >= 3 {
            return Some(Outcome::draw(Reason::ThreefoldRepetition));
        }
        if self.variant.move_counter_draws() && pos.halfmove >= 100 {
            return Some(Outcome::draw(Reason::FiftyMoveRule));
        }
        None
    }

    /// The game as a record for saving.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            variant: self.variant.id().to_string(),
            options: self.variant.options().names().to_vec(),
            start: self.variant.fen(&self.positions[0]),
            turns: self.turn_texts(),
            redo: self
                .redo
                .iter()
                .rev()
                .map(|t| self.variant.turn_text(t))
                .collect(),
            ending: self.ending,
        }
    }

    /// Restores a game from its record, replaying every turn: a record that does not replay is
    /// an error and nothing is restored.
    pub fn from_record(record: &GameRecord) -> Result<Game, Error> {
        let variant = Arc::new(Variant::load(&record.variant, &record.options)?);
        Game::from_record_in(variant, record)
    }

    /// Restores a game from its record in `variant`, already loaded with the record's options
    /// (a server shares one among all its games of it); a record of another variant is an
    /// error.
    pub fn from_record_in(variant: Arc<Variant>, record: &GameRecord) -> Result<Game, Error> {
        if variant.id() != record.variant {
            return Err(Error::Record(format!(
                "a game of {}, not of {}",
                record.variant,
                variant.id()
            )));
        }
        let mut game = Game::from_fen(variant, &record.start)?;
        for text in &record.turns {
            game.play_text(text)
                .map_err(|e| Error::Record(format!("turn {}: {e}", game.turns.len() + 1)))?;
        }
        let mut replay = game.clone();
        for text in &record.redo {
            replay
                .play_text(text)
                .map_err(|e| Error::Record(format!("redo: {e}")))?;
        }
        game.redo = replay.turns[game.turns.len()..]
            .iter()
            .rev()
            .copied()
            .collect();
        game.ending = record.ending;
        Ok(game)
    }

    /// The game as RON text.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(&self.record(), ron::ser::PrettyConfig::default())
            .unwrap_or_default()
    }

    /// A game from RON text: a malformed or inconsistent text is an error naming where and why.
    pub fn from_ron(text: &str) -> Result<Game, Error> {
        let record: GameRecord = ron::from_str(text).map_err(|e| {
            Error::Record(format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ))
        })?;
        Game::from_record(&record)
    }
}

/// A game as saved: the variant, its options, the start FEN and the turns as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The variant's id.
    pub variant: String,
    /// The options the game was started with.
    pub options: Vec<String>,
    /// The start position's FEN.
    pub start: String,
    /// The turns played.
    pub turns: Vec<String>,
    /// Turns taken back that can be played again, next first.
    pub redo: Vec<String>,
    /// An end decided by the players.
    pub ending: Option<Outcome>,
}
