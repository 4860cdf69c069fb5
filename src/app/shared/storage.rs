//! Requests to the persistence layer, from the panels and the 3D view's switch.

use super::settings::Settings;
use bevy::prelude::*;

/// A request to the persistence layer.
#[derive(Message, Clone, Debug)]
pub enum Storage {
    /// Save the game under a name. An existing save of that name is replaced only when
    /// `replace` is set; otherwise the player is asked first (`ReplaceAsked`).
    Save {
        /// The save's name.
        name: String,
        /// Whether an existing save of that name may be replaced.
        replace: bool,
    },
    /// Load the game saved under a name.
    Load(String),
    /// Use these settings from now on, and keep them for the next run.
    Settings(Settings),
}
