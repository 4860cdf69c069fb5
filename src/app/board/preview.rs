//! The turn in progress stands on the board: once the piece and its destination are chosen, the
//! piece is drawn there (and a piece being placed, where it goes) while the rest of the turn is
//! asked; cancelling puts everything back. What the turn would capture is marked by the marks.

use crate::app::board::layout::{BoardLayout, BoardPos, PieceView, Previewed, Z_PIECE};
use crate::app::board::scene::ShownGame;
use crate::app::board::spawn::piece_sprite;
use crate::app::shared::game::{ActiveGame, Builder, Viewing};
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::turn_builder::{Part, TurnBuilder};
use crate::rules::{Loc, Piece};
use bevy::prelude::*;

/// A piece drawn where the turn in progress places it (not yet on the board).
#[derive(Component, Clone, Copy, Debug)]
pub struct Ghost;

/// Registers the preview.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_turn_in_progress
            .run_if(resource_changed::<Builder>.or_eager(resource_changed::<Viewing>))
            .run_if(in_state(InGame))
            .run_if(resource_exists::<ActiveGame>.and_eager(resource_exists::<BoardLayout>))
            .in_set(Frame::Animate),
    );
}

/// The placement every remaining turn makes, once the player settled it.
pub fn settled_placement(builder: &TurnBuilder) -> Option<(Piece, Loc)> {
    if matches!(builder.question(), None | Some(Part::Placement)) {
        return None;
    }
    let first = builder.candidates().first()?.placement?;
    builder
        .candidates()
        .iter()
        .all(|t| t.placement == Some(first))
        .then_some(first)
}

/// The move every remaining turn makes, once the player chose the piece and where it goes.
pub fn settled_move(builder: &TurnBuilder) -> Option<(Loc, Loc)> {
    if matches!(
        builder.question(),
        None | Some(Part::Placement | Part::From | Part::To)
    ) {
        return None;
    }
    let first = builder.candidates().first()?;
    builder
        .candidates()
        .iter()
        .all(|t| (t.from, t.to) == (first.from, first.to))
        .then_some((first.from, first.to))
}

/// Draws the turn in progress where it goes, once its piece and destination are settled, and
/// puts back what an earlier preview moved.
fn show_turn_in_progress(
    mut commands: Commands,
    source: ShownGame,
    builder: Res<Builder>,
    layout: Res<BoardLayout>,
    mut pieces: Query<(Entity, &BoardPos, &mut Transform, Has<Previewed>), With<PieceView>>,
    ghosts: Query<Entity, With<Ghost>>,
) {
    for (entity, pos, mut transform, previewed) in &mut pieces {
        if previewed {
            transform.translation = layout.world(pos.0).extend(Z_PIECE);
            commands.entity(entity).remove::<Previewed>();
        }
    }
    for ghost in &ghosts {
        commands.entity(ghost).despawn();
    }
    if !source.viewing.is_live() {
        return;
    }
    let builder = &builder.0;
    if let Some((piece, at)) = settled_placement(builder) {
        let mut sprite = piece_sprite(&source.game.0, &source.art, piece);
        sprite.color = sprite.color.with_alpha(0.7);
        commands.spawn((
            Name::new(format!("Placing {at}")),
            Ghost,
            sprite,
            Transform::from_translation(layout.world(at).extend(Z_PIECE)),
            Pickable::IGNORE,
            DespawnOnExit(InGame),
        ));
    }
    if let Some((from, to)) = settled_move(builder)
        && let Some((entity, _, mut transform, _)) =
            pieces.iter_mut().find(|(_, pos, _, _)| pos.0 == from)
    {
        transform.translation = layout.world(to).extend(Z_PIECE + 0.5);
        commands.entity(entity).insert(Previewed);
    }
}
