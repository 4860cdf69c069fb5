//! The game as the board shows it, for every system that draws it: one system parameter, taken
//! by systems that run only once there is a game (`resource_exists::<ActiveGame>`).

use crate::app::art::pieces::PieceArt;
use crate::app::board::layout::shown_position;
use crate::app::shared::game::{ActiveGame, Viewing};
use crate::app::shared::settings::Settings;
use crate::rules::Position;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// What the board is drawn from: the game, which of its positions is shown, the settings and
/// the piece art.
#[derive(SystemParam)]
pub struct ShownGame<'w> {
    /// The game being played.
    pub game: Res<'w, ActiveGame>,
    /// Which of its positions the board shows.
    pub viewing: Res<'w, Viewing>,
    /// The player's settings.
    pub settings: Res<'w, Settings>,
    /// The pieces' pictures.
    pub art: Res<'w, PieceArt>,
}

impl ShownGame<'_> {
    /// The position the board shows.
    pub fn position(&self) -> Position {
        shown_position(&self.game.0, &self.viewing)
    }
}
