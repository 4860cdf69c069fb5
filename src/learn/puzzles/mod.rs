//! Puzzles: positions from the engine's own games where one piece move forces a win.
