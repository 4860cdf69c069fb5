//! The pieces each side has lost, turn by turn, from the engine's account of every turn: what
//! the side panel shows beside the moves.

use super::session::{ActiveGame, events_of};
use crate::rules::{Event, Game, Piece, Side};
use bevy::prelude::*;

/// The pieces captured by each turn of the active game, in order (`captured[i]` by turn `i`).
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    captured: Vec<Vec<Piece>>,
}

impl Tally {
    /// The tally of every turn of `game`.
    pub fn of(game: &Game) -> Tally {
        let captured = (0..game.turns().len())
            .map(|ply| {
                events_of(game, ply)
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|event| match event {
                        Event::Captured { piece, .. } | Event::RemovedFromReserve { piece } => {
                            Some(piece)
                        }
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        Tally { captured }
    }

    /// The pieces of `side` lost in the first `plies` turns, in the order they were taken.
    pub fn lost(&self, side: Side, plies: usize) -> Vec<Piece> {
        self.captured
            .iter()
            .take(plies)
            .flatten()
            .filter(|piece| piece.side == side)
            .copied()
            .collect()
    }
}

/// Registers the tally, kept in step with the game.
pub fn plugin(app: &mut App) {
    app.init_resource::<Tally>().add_systems(
        Update,
        count.run_if(resource_exists_and_changed::<ActiveGame>),
    );
}

fn count(game: Res<ActiveGame>, mut tally: ResMut<Tally>) {
    tally.set_if_neq(Tally::of(&game.0));
}
