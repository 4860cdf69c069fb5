//! The pictures: the pieces' art (the game's drawings, a variant file's own SVGs and lettered
//! tokens), rasterised at the board's size, and the shapes marks and sketches are made of.

pub mod pieces;
pub mod shapes;
mod sources;
mod token;

use bevy::prelude::*;

/// Registers the piece art and the shapes.
pub fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, shapes::plugin));
}
