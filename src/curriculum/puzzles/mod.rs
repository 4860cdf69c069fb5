//! Puzzles: positions from the engine's own games where one piece move forces a win, on the
//! solver's first turn (`win-in-1`) or its second against any defence (`win-in-2`). The sets
//! ship in `assets/puzzles/<variant>.ron`, mined by `oddboard puzzles mine` and checked when read;
//! the prover judges a player's try. A set lists win-in-1 before win-in-2 and, within a goal,
//! the easier first by difficulty: the nodes the prover searches to find the win
//! ([`proof_nodes`]), few where the solution is a check or capture it tries early, many where it
//! is a quiet turn found late.

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
pub use shipped::{load, read, shipped, shipped_ids};
