//! The 2D board's picking backend: the cell under each pointer, found from where the board
//! camera's ray meets the board. A cell is a square's extent and nothing drawn: a software
//! renderer would otherwise shade a transparent sprite over every square of the board each
//! frame (about a fifth of a 2D frame's CPU time), only to be hit by the pointer.

use crate::app::board::camera::BoardCamera;
use crate::app::board::layout::{Cell, SQUARE};
use bevy::camera::RenderTarget;
use bevy::picking::PickingSystems;
use bevy::picking::backend::ray::RayMap;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Registers the backend.
pub fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, cell_hits.in_set(PickingSystems::Backend));
}

/// The cell among `cells` (each with the centre of its square) whose square holds `point`.
fn cell_under(cells: impl IntoIterator<Item = (Entity, Vec2)>, point: Vec2) -> Option<Entity> {
    let half = SQUARE / 2.0;
    cells.into_iter().find_map(|(entity, centre)| {
        let offset = (point - centre).abs();
        (offset.x < half && offset.y < half).then_some(entity)
    })
}

/// Reports, for each pointer over the active 2D board camera's viewport, the cell under it.
fn cell_hits(
    ray_map: Res<RayMap>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    cameras: Query<(&Camera, &RenderTarget), With<BoardCamera>>,
    primary_window: Query<Entity, With<PrimaryWindow>>,
    cells: Query<(Entity, &GlobalTransform), With<Cell>>,
    mut hits: MessageWriter<PointerHits>,
) {
    let primary_window = primary_window.single().ok();
    for (ray_id, ray) in ray_map.iter() {
        let Ok((camera, target)) = cameras.get(ray_id.camera) else {
            continue;
        };
        if !camera.is_active {
            continue;
        }
        let Some(location) = pointers
            .iter()
            .find(|(id, _)| **id == ray_id.pointer)
            .and_then(|(_, at)| at.location.as_ref())
        else {
            continue;
        };
        if target.normalize(primary_window) != Some(location.target.clone())
            || camera
                .logical_viewport_rect()
                .is_some_and(|viewport| !viewport.contains(location.position))
        {
            continue;
        }
        let point = ray.origin.truncate();
        let squares = cells
            .iter()
            .map(|(entity, at)| (entity, at.translation().truncate()));
        if let Some(cell) = cell_under(squares, point) {
            let hit = HitData::new(ray_id.camera, 0.0, Some(point.extend(0.0)), Some(Vec3::Z));
            hits.write(PointerHits::new(
                ray_id.pointer,
                vec![(cell, hit)],
                camera.order as f32,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cell whose square holds the point is found, up to its square's edges; a point off
    /// the board finds none.
    #[test]
    fn the_cell_under_a_point_is_the_one_whose_square_holds_it() {
        let a = Entity::from_raw_u32(1).expect("an entity");
        let b = Entity::from_raw_u32(2).expect("an entity");
        let cells = [(a, Vec2::ZERO), (b, Vec2::new(SQUARE, 0.0))];
        assert_eq!(cell_under(cells, Vec2::new(10.0, -20.0)), Some(a));
        assert_eq!(
            cell_under(cells, Vec2::new(SQUARE / 2.0 + 1.0, 0.0)),
            Some(b)
        );
        assert_eq!(cell_under(cells, Vec2::new(0.0, SQUARE)), None);
    }
}
