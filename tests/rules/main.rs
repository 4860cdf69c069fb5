//! The rules tests: one binary, a module per area, so the engine is built and linked once.

mod amoeba;
mod cases;
mod common;
mod fanorona_chess;
mod perft;
