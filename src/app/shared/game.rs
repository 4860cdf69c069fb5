//! The game resources every feature reads: the game being played, the turn being built, the
//! position shown and which way up, and what the player is told or asked.

use super::turn_builder::TurnBuilder;
use crate::rules::{Game, Position, RulesExt, Side, Turn};
use bevy::prelude::*;

/// The game being played: the one authority on the position.
#[derive(Resource, Clone)]
pub struct ActiveGame(pub Game);

/// The turn the player is building.
#[derive(Resource, Default, Clone)]
pub struct Builder(pub TurnBuilder);

/// Which position the board shows: the live one, or an earlier one from the move list, or a
/// position off the record reached along a line of the analysis from either.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Viewing {
    /// The ply of the record shown (0: the start), or `None` for the live position.
    pub ply: Option<usize>,
    /// A position reached from the record's position `ply` along a line of the analysis, shown
    /// instead of it: looked at, never played on.
    pub line: Option<OffRecord>,
}

impl Viewing {
    /// Whether the board shows the live position, the one turns are played in.
    pub fn is_live(&self) -> bool {
        self.ply.is_none() && self.line.is_none()
    }

    /// The position of `game`'s record shown: the one at `ply`, or the live one. A line of
    /// the analysis shown is stepped through from it.
    pub fn record_position(&self, game: &Game) -> Position {
        self.ply
            .and_then(|ply| game.position_at(ply))
            .copied()
            .unwrap_or(*game.position())
    }
}

/// A position off the game's record, shown while a line of the analysis is stepped through.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OffRecord {
    /// The position after the turns of the line shown so far.
    pub position: Position,
    /// The last of those turns, marked on the board as the last turn is.
    pub last: Turn,
}

/// Whether the board is seen from the second player's side.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flipped(pub bool);

/// An act that ends the game, asked for and waiting for the player to confirm it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// This side resigns.
    Resign(Side),
    /// The game is drawn by agreement.
    Draw,
}

/// What waits for confirmation, if anything; any other command or a click on the board drops it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending(pub Option<Ask>);

impl Ask {
    /// The question to the players, naming the side: `Resign the game for White?`.
    pub fn question(self, game: &Game) -> String {
        match self {
            Ask::Resign(side) => format!(
                "Resign the game for {}?",
                game.variant().data().side_name(side)
            ),
            Ask::Draw => "Do both players agree to a draw?".to_string(),
        }
    }
}

/// A problem to show the player (a save that could not be read, …).
#[derive(Resource, Default, Clone, Debug)]
pub struct Notice(pub Option<String>);

/// Why the last click on the board did nothing, for the panel.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Hint(pub Option<String>);

/// Whether the game-over banner stands over the board (until a click puts it away).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Banner(pub bool);

/// Whether the game on the board is a lesson or a puzzle rather than the players' own game: it
/// is not autosaved (the game in progress stays the one "Continue" takes up), the computer's
/// hint is not offered, and the study panel stands in for the game panel.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Studying(pub bool);

/// A game played over the network: the side this window plays (`None`: watching), whether
/// both seats are taken and whether the connection is up. Absent for a game at this computer. The host's server decides every
/// turn, the clocks and the end: the board only plays what it says.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Online {
    /// The side this window plays, or `None` for a spectator.
    pub you: Option<Side>,
    /// Whether both players sit at the table.
    pub seated: bool,
    /// Whether the connection to the server is up (not while a lost one is made again).
    pub connected: bool,
}

impl Online {
    /// Why this window may not move `side` now, if it may not.
    pub fn refusal(&self, side: Side, game: &Game) -> Option<String> {
        let data = game.variant().data();
        match self.you {
            None => Some("You are watching this game.".into()),
            Some(_) if !self.connected => {
                Some("The connection to the server is being made again: wait a moment.".into())
            }
            Some(_) if !self.seated => Some("Waiting for the other player to sit down.".into()),
            Some(you) if you != side => Some(format!(
                "{} to move: your opponent is thinking.",
                data.side_name(side)
            )),
            Some(_) => None,
        }
    }
}
