//! What is kept between runs: saved games and settings, the library of saves, and sharing games
//! as PGN and through the clipboard.

pub mod library;
pub mod saves;
pub mod sharing;

use bevy::prelude::*;

/// Registers saving, the library and sharing.
pub fn plugin(app: &mut App) {
    app.add_plugins((saves::plugin, sharing::plugin, library::plugin));
}
