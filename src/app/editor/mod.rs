//! The position editor: setting up a position to start a game from, and its panel.

mod panel;
pub mod setup;

use bevy::prelude::*;

/// Registers the editor's logic (no window needed).
pub fn plugin(app: &mut App) {
    app.add_plugins(setup::plugin);
}

/// Registers the editor's panel (it needs the window and egui).
pub fn window_plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
}
