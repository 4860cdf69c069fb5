//! The player's settings, kept between runs.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// What the player can set in the menu.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Animation speed: 1 is normal, higher is faster (10 or more: no animation).
    pub animation_speed: f32,
    /// Mark where the picked piece may go.
    pub show_legal_moves: bool,
    /// Turn the board towards the player to move after every turn.
    pub auto_flip: bool,
    /// Letters and numbers along the board's edges.
    pub show_coordinates: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            animation_speed: 1.0,
            show_legal_moves: true,
            auto_flip: false,
            show_coordinates: true,
        }
    }
}
