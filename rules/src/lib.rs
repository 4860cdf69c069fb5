//! The rules engine: plain Rust, no Bevy. The game, the command line and the tests all ask it
//! what is legal and what a turn does.

#![warn(missing_docs)]

mod account;
mod attack;
mod bits;
mod board;
mod checkers;
mod data;
mod decided;
mod editing;
mod error;
mod event;
mod fen;
mod game;
mod geometry;
mod landing;
pub mod language;
mod letters;
mod movement;
mod outcome;
mod perft;
mod pgn;
mod position;
mod reach;
mod readable;
mod royal;
mod rules;
mod screen_helpers;
mod search;
mod search_hints;
mod spoken;
mod turn;
mod typed;
mod types;
mod validate;
mod variant;
mod variants;
mod zobrist;

pub use attack::{Pins, is_attacked};
pub use board::{Board, Content};
pub use data::{OptionData, Options, PieceData, VariantData};
pub use editing::{StateControl, StateKey, clamp_controls};
pub use error::Error;
pub use event::{Capture, Event};
pub use fen::Holes;
pub use game::{Game, GameRecord};
pub use geometry::{Geometry, LeapTable, Lines};
pub use letters::PieceLetters;
pub use movement::{KNIGHT_PATHS, Movement, Path, PathTable, Range, leap, path_leap, ride};
pub use outcome::{Outcome, Reason, Verdict};
pub use pgn::PgnHeader;
pub use position::{Castling, Position, Reserve, RuleState};
pub use reach::Reach;
pub use royal::KingSafety;
pub use rules::{Play, Rules, RulesExt};
pub use screen_helpers::ScreenHelpers;
pub use search::{
    DEFAULT_HASH_MIB, Engine, Found, Level, Limits, Line, MAX_DEPTH, MAX_HASH_MIB, MAX_LINES,
    MAX_THREADS, Score, SplitMix64, default_threads, search, think, think_in, think_with,
};
pub use search_hints::SearchHints;
pub use turn::{EndPromotions, Removal, Turn};
pub use typed::Typed;
pub use types::{Dir, DirSet, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};
pub use variant::{PieceDiagram, Variant, VariantRules};
pub use variants::{Chess, WEIGHTS, Weights, all_data, ids};
