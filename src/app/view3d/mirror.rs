//! The 3D board is a mirror of the 2D one: every entity the 2D board draws (tiles from
//! squares, pieces, marks, lines, effects, the hit boxes) has a 3D twin that lives and dies with
//! it and takes its pose from it each frame it changes. So the turn builder, the marks and the
//! timeline of the engine's events are the same for both views, and neither decides a rule:
//! a glide is a glide, a hop rises in an arc, a crush flattens, a lift rises.

use super::models::{Meshes, TILE_TOP, shape_of};
use super::surface::Surface;
use crate::app::art::pieces::{PieceArt, drawing_of};
use crate::app::board::layout::{
    BoardLayout, BoardPos, Cell, PieceView, Plank, SQUARE, Square, Z_PIECE,
};
use crate::app::shared::drawings::Shape;
use crate::app::shared::game::ActiveGame;
use crate::app::shared::pointer::Dragged;
use crate::app::shared::settings::Settings;
use crate::rules::{Piece, RulesExt, Side};
use bevy::ecs::system::EntityCommands;
use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use std::collections::HashMap;

/// A 3D entity that shows a 2D board entity (its source).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[relationship(relationship_target = Twinned)]
pub struct TwinOf(pub Entity);

/// The 3D twin of a 2D board entity; despawned with it.
#[derive(Component, Debug)]
#[relationship_target(relationship = TwinOf, linked_spawn)]
pub struct Twinned(Entity);

impl Twinned {
    /// The twin.
    pub fn twin(&self) -> Entity {
        self.0
    }
}

/// What a twin is made as.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwinKind {
    /// A square: a bevelled tile in the square's colour.
    Tile,
    /// A piece standing on the board, and what it shows.
    Piece(Piece),
    /// A hit box: an invisible square that takes the clicks.
    Hit,
    /// Fanorona's board: one wooden slab.
    Slab,
    /// Anything else (marks, lines, points, effects): drawn flat on the board.
    Flat,
}

/// Where the 3D board's surface is: flat things lie just above it, layered by their 2D depth.
fn flat_height(z: f32) -> f32 {
    TILE_TOP + 0.002 + z.max(0.0) * 0.003
}

/// The 3D pose of a twin of `kind` whose source is posed `source` (2D world units) on a board
/// laid out as `layout`: the 3D board never turns (the camera does), so a flipped 2D layout is
/// turned back; 2D growth becomes height (a hop, a drop), 2D squashing flattens, a 2D spin
/// tips a piece over and turns a flat thing on the board.
pub fn pose_of(kind: TwinKind, source: &Transform, size: Vec2, flipped: bool) -> Transform {
    let sign = if flipped { -1.0 } else { 1.0 };
    let at = source.translation.truncate() * sign / SQUARE;
    let (angle, _, _) = source.rotation.to_euler(EulerRot::ZYX);
    let scale = source.scale;
    let ground = |y: f32| Vec3::new(at.x, y, -at.y);
    match kind {
        TwinKind::Piece(_) => {
            let growth = ((scale.x + scale.y) / 2.0 - 1.0).max(0.0);
            let raised = (source.translation.z - Z_PIECE).max(0.0) * 0.12;
            Transform {
                translation: ground(TILE_TOP + growth * 1.6 + raised),
                rotation: Quat::from_rotation_z(angle),
                scale: Vec3::new(scale.x, scale.y, scale.x)
                    .abs()
                    .max(Vec3::splat(0.001)),
            }
        }
        TwinKind::Tile => Transform::from_translation(ground(0.0))
            .with_scale(Vec3::new(scale.x, 1.0, scale.y).max(Vec3::splat(0.001))),
        TwinKind::Slab => Transform::from_translation(ground(0.0)).with_scale(Vec3::new(
            size.x / SQUARE + 0.2,
            1.0,
            size.y / SQUARE + 0.2,
        )),
        TwinKind::Hit => Transform::from_translation(ground(TILE_TOP)),
        TwinKind::Flat => Transform {
            translation: ground(flat_height(source.translation.z)),
            rotation: Quat::from_rotation_y(angle),
            scale: Vec3::new(size.x / SQUARE * scale.x, 1.0, size.y / SQUARE * scale.y)
                .abs()
                .max(Vec3::splat(0.0001)),
        },
    }
}

/// The 2D world point of the board under the pointer at `pointer` (viewport pixels), as the 3D
/// camera sees it: where the ray meets the board's surface, turned back into the 2D layout.
pub fn board_point(
    camera: &Camera,
    view: &GlobalTransform,
    pointer: Vec2,
    flipped: bool,
) -> Option<Vec2> {
    let ray = camera.viewport_to_world(view, pointer).ok()?;
    let distance = ray.intersect_plane(Vec3::Y * TILE_TOP, InfinitePlane3d::new(Vec3::Y))?;
    let at = ray.get_point(distance);
    let sign = if flipped { -1.0 } else { 1.0 };
    Some(Vec2::new(at.x, -at.z) * SQUARE * sign)
}

/// The first player's pieces unless the variant colours them: ivory, warmer and darker than
/// white so their lit and shaded sides show.
const IVORY: Color = Color::srgb(0.95, 0.89, 0.76);

/// The second player's pieces unless the variant colours them: ebony, light enough that their
/// lit sides show above the tone mapping's black.
const EBONY: Color = Color::srgb(0.28, 0.25, 0.23);

/// The colour a piece of `side` is made in, in the variant's colours.
fn side_colour(game: &ActiveGame, side: Side) -> Color {
    let rgb = game.0.variant().data().side_colour(side);
    match (rgb, side) {
        (Some([r, g, b]), _) => Color::srgb_u8(r, g, b),
        (None, Side::White) => IVORY,
        (None, Side::Black) => EBONY,
    }
}

/// The colour a twin shows: its source sprite's, or for a piece its side's tinted by the
/// sprite's tint and fade.
fn twin_colour(kind: TwinKind, sprite: &Sprite, game: &ActiveGame) -> Color {
    match kind {
        TwinKind::Piece(piece) => {
            let tint = sprite.color.to_linear();
            let base = side_colour(game, piece.side).to_linear();
            Color::LinearRgba(LinearRgba::new(
                base.red * tint.red,
                base.green * tint.green,
                base.blue * tint.blue,
                tint.alpha,
            ))
        }
        _ => sprite.color,
    }
}

/// How much darker a piece is at its outline: enough to set an ivory piece apart from a light
/// square in every theme.
const PIECE_EDGE: f32 = 0.6;

/// The surface of a twin of `kind` in `colour`.
fn material(kind: TwinKind, colour: Color, sprite: &Sprite, shadowed: bool) -> Surface {
    let mut surface = match kind {
        TwinKind::Flat => Surface::flat(
            colour,
            (sprite.image != Handle::default()).then(|| sprite.image.clone()),
            false,
        ),
        TwinKind::Piece(_) => Surface::lit(colour, 0.3, 0.5).outlined(PIECE_EDGE),
        TwinKind::Tile | TwinKind::Slab => Surface::lit(colour, 0.6, 0.5),
        TwinKind::Hit => Surface::flat(Color::NONE, None, false),
    };
    surface.shadowed = shadowed;
    surface
}

/// The 2D entities a twin is made for: every sprite the board draws.
type Untwinned = (With<Sprite>, Without<Twinned>, Without<TwinOf>);

/// The materials twins share: every twin that looks the same (kind, colour, picture) has the
/// same material, so the renderer draws them together: a software renderer pays for every
/// draw. Fades and tints make more; the cache starts again when it grows large. Lit surfaces
/// lie in the sun's shadows when the settings say so.
#[derive(Resource, Default)]
pub struct SharedMaterials {
    made: HashMap<MaterialKey, Handle<Surface>>,
    shadowed: bool,
}

/// What tells two twins' materials apart.
type MaterialKey = (u8, [u8; 4], Option<AssetId<Image>>);

/// The most materials kept before the cache starts again.
const MOST_MATERIALS: usize = 2048;

impl SharedMaterials {
    /// The material of a twin of `kind` in `colour` (a flat one showing `sprite`'s picture).
    fn get(
        &mut self,
        materials: &mut Assets<Surface>,
        kind: TwinKind,
        colour: Color,
        sprite: &Sprite,
    ) -> Handle<Surface> {
        let class = match kind {
            TwinKind::Tile | TwinKind::Slab => 0,
            TwinKind::Piece(_) => 1,
            TwinKind::Hit => 2,
            TwinKind::Flat => 3,
        };
        let picture = (kind == TwinKind::Flat && sprite.image != Handle::default())
            .then(|| sprite.image.id());
        let key = (class, colour.to_srgba().to_u8_array(), picture);
        if self.made.len() > MOST_MATERIALS {
            self.made.clear();
        }
        let shadowed = self.shadowed;
        self.made
            .entry(key)
            .or_insert_with(|| materials.add(material(kind, colour, sprite, shadowed)))
            .clone()
    }

    /// The material of a token's picture.
    fn picture(
        &mut self,
        materials: &mut Assets<Surface>,
        image: &Handle<Image>,
    ) -> Handle<Surface> {
        self.made
            .entry((4, [255; 4], Some(image.id())))
            .or_insert_with(|| {
                materials.add(Surface::flat(Color::WHITE, Some(image.clone()), true))
            })
            .clone()
    }

    /// Puts every lit surface in the sun's shadows, or out of them, as the settings say:
    /// every surface made, also those a twin still wears after the cache started again.
    fn shadow(&mut self, shadowed: bool, materials: &mut Assets<Surface>) {
        if self.shadowed == shadowed {
            return;
        }
        self.shadowed = shadowed;
        for (_, surface) in materials.iter_mut() {
            surface.shadowed = surface.lit && shadowed;
        }
    }
}

/// Where twins get their meshes and materials (absent in a headless app without assets:
/// twins are then made without them).
#[derive(bevy::ecs::system::SystemParam)]
pub struct Making<'w> {
    meshes: Option<ResMut<'w, Assets<Mesh>>>,
    materials: Option<ResMut<'w, Assets<Surface>>>,
    shared: ResMut<'w, Meshes>,
    looks: ResMut<'w, SharedMaterials>,
    art: Res<'w, PieceArt>,
}

/// What a twin is made from: its source's components.
type Source = (
    Entity,
    &'static Transform,
    &'static Sprite,
    Has<Square>,
    Option<&'static PieceView>,
    Option<&'static BoardPos>,
    Option<&'static Cell>,
    Has<Plank>,
);

/// The kind of twin a source with these components gets.
fn kind_of(square: bool, piece: Option<&PieceView>, cell: bool, plank: bool) -> TwinKind {
    match (square, piece, cell, plank) {
        (_, _, _, true) => TwinKind::Slab,
        (true, _, _, _) => TwinKind::Tile,
        (_, Some(view), _, _) => TwinKind::Piece(view.piece),
        (_, _, true, _) => TwinKind::Hit,
        _ => TwinKind::Flat,
    }
}

/// Makes the twin of every 2D board entity that has none (there is a board only while there
/// is a game).
pub fn spawn_twins(
    mut commands: Commands,
    sources: Query<Source, Untwinned>,
    layout: Option<Res<BoardLayout>>,
    game: Res<ActiveGame>,
    mut making: Making,
) {
    let flipped = layout.is_some_and(|l| l.flipped);
    for (entity, transform, sprite, square, piece, at, cell, plank) in &sources {
        let kind = kind_of(square, piece, cell.is_some(), plank);
        let size = sprite.custom_size.unwrap_or(Vec2::splat(SQUARE));
        let mut twin = commands.spawn((
            Name::new("Twin"),
            TwinOf(entity),
            kind,
            pose_of(kind, transform, size, flipped),
            Visibility::default(),
        ));
        match (kind, cell, at) {
            (TwinKind::Hit, Some(cell), _) => {
                twin.insert((*cell, Visibility::Hidden));
            }
            (TwinKind::Piece(_), _, at) => stand_on(&mut twin, at),
            (TwinKind::Flat, _, _) => {
                twin.insert((Pickable::IGNORE, NotShadowCaster));
            }
            _ => {
                twin.insert(Pickable::IGNORE);
            }
        }
        let twin = twin.id();
        let colour = twin_colour(kind, sprite, &game);
        dress(
            &mut commands,
            twin,
            kind,
            colour,
            sprite,
            &game,
            &mut making,
        );
    }
}

/// A piece's twin takes the clicks of the square its piece stands on; a captured piece's
/// twin, leaving the board, takes none.
fn stand_on(twin: &mut EntityCommands, at: Option<&BoardPos>) {
    match at {
        Some(at) => twin.insert(Cell { loc: at.0 }),
        None => twin.remove::<Cell>().insert(Pickable::IGNORE),
    };
}

/// Gives a twin its mesh and material (a token also its picture on top).
fn dress(
    commands: &mut Commands,
    twin: Entity,
    kind: TwinKind,
    colour: Color,
    sprite: &Sprite,
    game: &ActiveGame,
    making: &mut Making,
) {
    let Making {
        meshes,
        materials,
        shared,
        looks,
        art,
    } = making;
    let (Some(meshes), Some(materials)) = (meshes.as_deref_mut(), materials.as_deref_mut()) else {
        return;
    };
    let mesh = match kind {
        TwinKind::Tile if colour.alpha() <= 0.0 => return,
        TwinKind::Tile => shared.tile(meshes),
        TwinKind::Slab => shared.slab(meshes),
        TwinKind::Hit | TwinKind::Flat => shared.flat(meshes),
        TwinKind::Piece(piece) => shared.shape(piece_shape(game, piece), meshes),
    };
    let mut entity = commands.entity(twin);
    entity.despawn_related::<Children>();
    entity.insert((
        Mesh3d(mesh),
        MeshMaterial3d(looks.get(materials, kind, colour, sprite)),
    ));
    if let TwinKind::Piece(piece) = kind
        && let shape @ Shape::Token(..) = piece_shape(game, piece)
    {
        let height = shape.top();
        let image = art.image(game.0.variant().data(), piece.kind, piece.side);
        let picture = looks.picture(materials, &image);
        let top = shared.top(meshes);
        entity.with_child((
            Mesh3d(top),
            MeshMaterial3d(picture),
            Transform::from_xyz(0.0, height + 0.002, 0.0),
            Pickable::IGNORE,
            NotShadowCaster,
        ));
    }
}

/// The shape `piece` is made as in the game's variant.
fn piece_shape(game: &ActiveGame, piece: Piece) -> Shape {
    shape_of(drawing_of(game.0.variant().data(), piece.kind))
}

/// A source whose pose, look, piece or square changed.
type Moved = Or<(
    Changed<Transform>,
    Changed<Sprite>,
    Changed<PieceView>,
    Changed<BoardPos>,
)>;

/// What a twin's source changes: its pose, its kind and its material.
type TwinParts = (
    &'static mut Transform,
    &'static mut TwinKind,
    Option<&'static MeshMaterial3d<Surface>>,
);

/// Each twin takes its pose, colour, square and shape from its source whenever they change.
pub fn pose_twins(
    mut commands: Commands,
    sources: Query<(Source, &Twinned), Moved>,
    mut twins: Query<TwinParts, Without<Twinned>>,
    layout: Option<Res<BoardLayout>>,
    game: Res<ActiveGame>,
    mut making: Making,
) {
    let flipped = layout.is_some_and(|l| l.flipped);
    for ((_, transform, sprite, square, piece, at, cell, plank), twinned) in &sources {
        let twin = twinned.twin();
        let Ok((mut pose, mut kind, material)) = twins.get_mut(twin) else {
            continue;
        };
        let size = sprite.custom_size.unwrap_or(Vec2::splat(SQUARE));
        let wanted = kind_of(square, piece, cell.is_some(), plank);
        pose.set_if_neq(pose_of(wanted, transform, size, flipped));
        let colour = twin_colour(wanted, sprite, &game);
        if *kind != wanted {
            *kind = wanted;
            dress(
                &mut commands,
                twin,
                wanted,
                colour,
                sprite,
                &game,
                &mut making,
            );
        } else if let (Some(current), Some(materials)) = (material, making.materials.as_deref_mut())
        {
            let look = making.looks.get(materials, wanted, colour, sprite);
            if current.0 != look {
                commands.entity(twin).insert(MeshMaterial3d(look));
            }
        }
        if let TwinKind::Piece(_) = wanted {
            stand_on(&mut commands.entity(twin), at);
        }
    }
}

/// The dragged piece's twin lets the pointer through to the square under it, so it can be
/// dropped there.
pub fn drag_through(
    dragged: Res<Dragged>,
    sources: Query<&Twinned, With<PieceView>>,
    mut commands: Commands,
    mut last: Local<Option<Entity>>,
) {
    if let Some(twin) = last.take().and_then(|e| sources.get(e).ok()) {
        commands.entity(twin.twin()).insert(Pickable::default());
    }
    if let Some(twin) = dragged.0.and_then(|e| sources.get(e).ok()) {
        commands.entity(twin.twin()).insert(Pickable::IGNORE);
        *last = dragged.0;
    }
}

/// Removes every twin (the view went back to 2D).
pub fn despawn_twins(mut commands: Commands, twins: Query<Entity, With<TwinOf>>) {
    for twin in &twins {
        commands.entity(twin).despawn();
    }
}

/// Lit twins lie in the sun's shadows when the settings turn shadows on.
pub fn follow_shadows(
    settings: Res<Settings>,
    mut looks: ResMut<SharedMaterials>,
    mut materials: ResMut<Assets<Surface>>,
) {
    looks.shadow(settings.shadows, &mut materials);
}
