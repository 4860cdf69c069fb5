//! The turn in progress stands on the board: once the piece and its destination are chosen, the
//! piece is drawn there (and a piece being placed, where it goes) while the rest of the turn is
//! asked; cancelling puts everything back. What the turn would capture is marked by the marks.

use crate::app::art::pieces::PieceArt;
use crate::app::board::layout::{BoardLayout, BoardPos, PieceView, Previewed, Z_PIECE};
use crate::app::board::spawn::piece_sprite;
use crate::app::shared::game::{ActiveGame, Builder, Viewing};
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::turn_builder::{Part, TurnBuilder};
use crate::rules::{Loc, Piece};
use bevy::ecs::system::SystemParam;
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

/// What the preview draws with.
#[derive(SystemParam)]
struct PreviewSource<'w> {
    builder: Res<'w, Builder>,
    viewing: Res<'w, Viewing>,
    game: Option<Res<'w, ActiveGame>>,
    layout: Option<Res<'w, BoardLayout>>,
    art: Res<'w, PieceArt>,
}

fn show_turn_in_progress(
    mut commands: Commands,
    source: PreviewSource,
    mut pieces: Query<(Entity, &BoardPos, &mut Transform, Has<Previewed>), With<PieceView>>,
    ghosts: Query<Entity, With<Ghost>>,
) {
    let Some(layout) = source.layout.as_deref() else {
        return;
    };
    for (entity, pos, mut transform, previewed) in &mut pieces {
        if previewed {
            transform.translation = layout.world(pos.0).extend(Z_PIECE);
            commands.entity(entity).remove::<Previewed>();
        }
    }
    for ghost in &ghosts {
        commands.entity(ghost).despawn();
    }
    let Some(game) = source.game.as_deref() else {
        return;
    };
    if source.viewing.ply.is_some() {
        return;
    }
    let builder = &source.builder.0;
    if let Some((piece, at)) = settled_placement(builder) {
        let mut sprite = piece_sprite(&game.0, &source.art, piece);
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
