//! The rules tests: one binary, a module per area, so the engine is built and linked once.

mod cases;
mod chess;
mod common;
mod fanorona_chess;
mod notation;
mod perft;
mod properties;
