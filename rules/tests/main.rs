//! The rules tests: one binary, a module per area, so the engine is built and linked once.

mod agreement;
mod american_chess;
mod amoeba;
mod amphora;
mod atomic;
mod cases;
mod checkers;
mod chess;
mod common;
mod data;
mod deciding;
mod editing;
mod fanorona_chess;
mod help;
mod language;
mod notation;
mod pawns_to_kings;
mod perft;
mod pgn;
mod properties;
mod readable;
mod search;
mod spoken;
mod threats;
mod typed;
mod variant_files;
