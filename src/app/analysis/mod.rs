//! The analysis board: the engine's evaluation of the position shown, its three best lines and
//! the threat, searched on a thread of its own while the player has the analysis on; a line
//! stepped through on the board without changing the game; and a game's review, its evaluation
//! graph and its mistakes. Offered in the players' own games, never in a lesson, a puzzle or a
//! game over the network.

pub mod eval;
pub mod live;
pub mod panel;
pub mod review;
pub mod worker;

use crate::app::shared::game::{Online, Studying};
use crate::app::shared::screen::InGame;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Registers the analysis of the position shown and the game's review (no window needed).
pub fn plugin(app: &mut App) {
    app.init_resource::<worker::Threads>()
        .init_resource::<panel::HeldLines>()
        .add_plugins((live::plugin, review::plugin));
}

/// Whether the analysis is offered now: in a game on the board, not a lesson or a puzzle (as
/// the Hint is not) and not a game over the network.
#[derive(SystemParam)]
pub struct Offered<'w> {
    in_game: Option<Res<'w, State<InGame>>>,
    studying: Res<'w, Studying>,
    online: Option<Res<'w, Online>>,
}

impl Offered<'_> {
    /// Whether the analysis may run now.
    pub fn now(&self) -> bool {
        self.in_game.is_some() && !self.studying.0 && self.online.is_none()
    }
}
