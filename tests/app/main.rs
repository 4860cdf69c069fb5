//! Headless tests of the game's systems: `MinimalPlugins` plus the game's own plugins, no
//! window. Each plays a whole turn through the same pointer events a click produces, then
//! checks both the `Game` resource and the board's entities.

#![cfg(feature = "game")]

mod accessibility_marks;
mod analysis;
mod clocks;
mod controls;
mod editor;
mod ending;
mod keyboard;
mod learning;
mod library;
mod marks;
mod motion;
mod online;
mod online_support;
mod opponent;
mod persistence;
mod screen_reader;
mod server_check;
mod session;
mod sharing;
mod sound;
mod support;
mod turns;
mod variant_files;
mod view3d;
#[path = "../support/wait.rs"]
mod wait;
mod your_games;
