//! The learning material the game ships (`oddboard::curriculum`): every course and every puzzle set
//! checked whole, and bad files refused naming the file and the lesson or puzzle. One binary, a
//! module per kind.

mod lessons;
mod puzzles;
