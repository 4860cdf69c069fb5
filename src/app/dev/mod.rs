//! Tools for developers, apart from the game: the scripted window test and the start-up and
//! frame-time measurement.

pub mod measure;
pub mod window_test;
