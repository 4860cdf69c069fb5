//! Whether the game's sounds are heard: what the sound server said, for the settings to show.

use bevy::prelude::*;

/// What became of the game's connection to a sound server.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub enum SoundServer {
    /// Connecting (or no sound at all in this app).
    #[default]
    Connecting,
    /// A sound server answered: the sounds are played.
    Playing,
    /// No sound server answered (the reason given): the game is silent.
    Silent(String),
}

impl SoundServer {
    /// What the settings say while the game is silent.
    pub const SILENT: &str = "No sound server answered: the game is silent.";
}
