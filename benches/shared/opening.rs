//! Seeded random openings that the benches which play games (`match`, `tune`) start from, so
//! their games differ from one another.

use oddboard::rules::{Game, SplitMix64, Variant};
use std::sync::Arc;

/// A game of `variant` after `fewest` to `most` random legal turns from the start, drawn again
/// until the game is not over.
pub fn random_opening(
    variant: &Arc<Variant>,
    rng: &mut SplitMix64,
    fewest: usize,
    most: usize,
) -> Game {
    loop {
        let mut game = Game::new(Arc::clone(variant));
        let plies = fewest + rng.below(most - fewest + 1);
        while game.turns().len() < plies && game.outcome().is_none() {
            let legal = game.legal_turns();
            game.play(&legal[rng.below(legal.len())])
                .expect("a listed turn is legal");
        }
        if game.turns().len() == plies && game.outcome().is_none() {
            return game;
        }
    }
}
