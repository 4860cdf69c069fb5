//! Oddboard: unusual chess variants for two players at one computer.
//!
//! [`rules`] is the rules engine (plain Rust, no Bevy) that decides everything; [`cli`] is the
//! rules command line that tests and reviewers drive.

#![warn(missing_docs)]

pub mod cli;
pub mod rules;
