//! Tools for developers, apart from the game: the scripted window test (with its lessons and
//! puzzles, and a game over the network) and the start-up and frame-time measurement.

pub mod measure;
pub mod online_scene;
pub mod study_scenes;
pub mod window_test;
