//! The rules tests: one binary, a module per area, so the engine is built and linked once.

mod cases;
mod common;
mod fanorona_chess;
mod pawns_to_kings;
mod perft;
