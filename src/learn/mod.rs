//! Learning the games by playing them: a course of short lessons per variant, each a position
//! and a task judged by the rules engine from what a turn does, and puzzles mined from the
//! engine's own games, each proven to have one winning piece move. No Bevy: the game, the
//! command line and the tests all read them from here.

pub mod lessons;
pub mod puzzles;
