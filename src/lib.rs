//! Oddboard: unusual chess variants for two players at one computer.
//!
//! [`rules`] is the rules engine (plain Rust, no Bevy) that decides everything; [`cli`] is the
//! rules command line that tests and reviewers drive; `app` (cargo feature `game`) is the
//! Bevy game window, which only asks the engine; `net` (with `game`) is play over the network:
//! the server, the client's connection and the bot; [`curriculum`] is the lessons and puzzles
//! the game teaches, as data checked by the engine; [`uci`] is the engine protocol that chess
//! GUIs speak (`oddboard uci`); [`generate`] writes the man pages and shell completions
//! that a package installs.

#![warn(missing_docs)]

#[cfg(feature = "game")]
pub mod app;
pub mod cli;
pub mod curriculum;
pub mod generate;
#[cfg(feature = "game")]
pub mod net;
pub use oddboard_rules as rules;
pub mod uci;
