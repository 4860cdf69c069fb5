//! What is kept between runs: saved games and settings, the library of saves, sharing games
//! as PGN and through the clipboard, and the variant files found.

pub mod library;
pub mod saves;
pub mod sharing;
pub mod variant_files;

use bevy::prelude::*;

/// Registers saving, the library, sharing and the variant files.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        saves::plugin,
        sharing::plugin,
        library::plugin,
        variant_files::plugin,
    ));
}
