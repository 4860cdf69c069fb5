//! The game for a screen reader: every turn, the square under the board's cursor and the
//! hints said in words (the `Spoken` announcement), and the board as a labelled grid in the
//! window's accessibility tree (AccessKit, through egui's tree).

pub mod announce;
pub mod tree;
mod window;

use bevy::prelude::*;

/// Registers the announcements (no window needed).
pub fn plugin(app: &mut App) {
    app.add_plugins(announce::plugin);
}

/// Registers the board's grid in the window's accessibility tree.
pub fn window_plugin(app: &mut App) {
    app.add_plugins(window::plugin);
}
