//! Tools for developers, apart from the game: the scripted window test (with its lessons and
//! puzzles, and a game over the network), the sound test, and the start-up and frame-time
//! measurement. Built
//! only with the cargo feature `dev`: the player's binary has neither.

pub mod fit_scenes;
pub mod measure;
pub mod online_scene;
pub mod sound_test;
pub mod study_scenes;
pub mod window_test;

use super::Launch;
use super::shared::settings::BoardView;
use bevy::prelude::*;
use std::time::Instant;

/// Adds the tools `launch` asks for: the measurement (timed from `started`), the window test
/// (with its scenes unless the game opens in the 3D view) and the sound test.
pub fn add_tools(app: &mut App, launch: Launch, started: Instant) {
    if let Some(seconds) = launch.measure {
        app.add_plugins(measure::plugin(started, seconds));
    }
    if let Some(dir) = launch.window_test {
        let scenes = launch.view != Some(BoardView::ThreeD);
        app.add_plugins(window_test::plugin(dir, scenes));
    }
    if launch.sound_test {
        app.add_plugins(sound_test::plugin);
    }
}
