//! Motion: the engine's account of a turn choreographed into clips, and the timeline that plays
//! them out.

pub mod choreography;
pub mod timeline;

use bevy::prelude::*;

/// Registers the timeline.
pub fn plugin(app: &mut App) {
    app.add_plugins(timeline::plugin);
}
