//! Tools for developers, apart from the game: the scripted window test (with its lessons and
//! puzzles) and the start-up and frame-time measurement.

pub mod measure;
pub mod study_scenes;
pub mod window_test;
