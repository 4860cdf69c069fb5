//! The game's score sheet, which the side panel's record draws (`panels::record`): the moves in
//! readable text, numbered in rows of two with the result at the end, and the pieces each side has
//! lost, from the engine's account of every turn.

use crate::app::session::turns::events_of;
use crate::app::shared::game::ActiveGame;
use crate::app::shared::screen::Frame;
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
        count
            .run_if(resource_exists_and_changed::<ActiveGame>)
            .in_set(Frame::Sync),
    );
}

fn count(game: Res<ActiveGame>, mut tally: ResMut<Tally>) {
    tally.set_if_neq(Tally::of(&game.0));
}

/// One numbered row of the move list: the turn number, and each side's turn in it (its ply,
/// counted from 1, and readable text), the first empty when the game began with the second
/// player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The full-move number.
    pub number: u32,
    /// The first and second player's turns.
    pub turns: [Option<(usize, String)>; 2],
}

/// The move list of `game`: its turns in readable text, in numbered rows.
pub fn move_rows(game: &Game) -> Vec<MoveRow> {
    let start = game.position_at(0);
    let first_number = start.map_or(1, |p| p.fullmove);
    let offset = usize::from(start.is_some_and(|p| p.side == Side::Black));
    let mut rows: Vec<MoveRow> = Vec::new();
    for (index, text) in game.readable_turns().iter().enumerate() {
        let slot = index + offset;
        if slot % 2 == 0 || rows.is_empty() {
            rows.push(MoveRow {
                number: first_number + (slot / 2) as u32,
                turns: [None, None],
            });
        }
        if let Some(row) = rows.last_mut() {
            row.turns[slot % 2] = Some((index + 1, text.clone()));
        }
    }
    rows
}

/// The line that ends a finished game's moves, `1-0 (checkmate)`; `None` while it goes on.
pub fn result_line(game: &Game) -> Option<String> {
    game.outcome()
        .map(|o| format!("{} ({})", o.verdict.text(), o.reason.text()))
}
