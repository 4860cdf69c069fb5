//! Who plays each side and what they are called: plain data, saved with each game.

use crate::rules::{Level, Side};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// Who plays one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Player {
    /// A person at the board.
    #[default]
    Person,
    /// The computer, at a level.
    Computer(Level),
}

/// Who plays each side, first player first.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Players(pub [Player; 2]);

impl Players {
    /// Who plays `side`.
    pub fn of(&self, side: Side) -> Player {
        self.0[side.index()]
    }

    /// The level the computer plays `side` at, if it does.
    pub fn computer(&self, side: Side) -> Option<Level> {
        match self.of(side) {
            Player::Computer(level) => Some(level),
            Player::Person => None,
        }
    }
}

/// The players' names, first player first, as typed in the menu (empty: none given).
#[derive(Resource, Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Names(pub [String; 2]);

impl Names {
    /// The name `side`'s player goes by: the one typed, or who plays it (`White (person)`,
    /// `Oddboard (strong)`).
    pub fn of(&self, side: Side, players: &Players, side_name: &str) -> String {
        let typed = self.0[side.index()].trim();
        if !typed.is_empty() {
            return typed.to_string();
        }
        match players.of(side) {
            Player::Person => format!("{side_name} (person)"),
            Player::Computer(level) => format!("Oddboard ({})", level.name()),
        }
    }
}
