//! The 2D board: its layout and entities, the pointer and keyboard on it (and its cursor), the
//! coordinates, the cameras, the marks of the turn in progress, the turn standing where it goes, and the
//! players' sketches.

pub mod camera;
pub mod cursor;
pub mod input;
pub mod labels;
pub mod layout;
pub mod markers;
pub mod picking;
pub mod preview;
pub mod scene;
pub mod sketch;
pub mod spawn;

use bevy::prelude::*;

/// Registers the board's entities, input, cursor, marks, preview and sketches (no window
/// needed).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        spawn::plugin,
        input::plugin,
        labels::plugin,
        cursor::plugin,
        markers::plugin,
        sketch::plugin,
        preview::plugin,
    ));
}
