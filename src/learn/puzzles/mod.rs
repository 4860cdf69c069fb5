//! Puzzles: positions from the engine's own games where one piece move forces a win, on the
//! solver's first turn (`win-in-1`) or its second against any defence (`win-in-2`). The sets
//! ship in `assets/puzzles/<variant>.ron`, mined by `oddboard puzzles mine` and checked when read;
//! the prover judges a player's try.

mod classify;
mod mine;
mod prove;
mod set;
mod shipped;

pub use classify::{Proven, classify};
pub use mine::{Mining, mine};
pub use prove::{
    escape, forces_win, forces_win_within, keeps_win, piece_move, proof_nodes, winning_turns,
};
pub use set::{Goal, Puzzle, PuzzleSet, parse_set};
pub use shipped::{load, shipped, shipped_ids};
