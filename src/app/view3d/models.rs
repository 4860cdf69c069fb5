//! The 3D view's shapes, all made in code: bevelled tiles, the orthodox pieces turned on a
//! lathe from 2D profiles, the Knight's head extruded from its silhouette, and every other
//! piece a token whose rim (its number of sides and its height) is its own, with the piece's
//! picture on top. One mesh per shape, shared by every entity that shows it.

use bevy::asset::RenderAssetUsages;
use bevy::math::primitives::ConvexPolygon;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::HashMap;
use std::f32::consts::TAU;

/// How thick a tile (and Fanorona's slab) is, in squares: pieces stand at this height.
pub const TILE_TOP: f32 = 0.12;

/// A turned shape: its outline as (radius, height) points from the bottom to the top, each
/// with how many sides it is turned with and whether its sides are smooth or faceted.
struct Lathe<'a> {
    profile: &'a [(f32, f32)],
    sides: usize,
    smooth: bool,
    /// The angle of the first side, radians (a quarter-turned square is a diamond).
    phase: f32,
}

impl Lathe<'_> {
    /// The mesh of the outline turned round the vertical axis; a point of radius 0 closes it.
    fn mesh(&self) -> Mesh {
        let mut positions: Vec<[f32; 3]> = Vec::new();
        let mut normals: Vec<[f32; 3]> = Vec::new();
        let mut uvs: Vec<[f32; 2]> = Vec::new();
        let mut indices: Vec<u32> = Vec::new();
        let angle = |i: usize| self.phase + TAU * i as f32 / self.sides as f32;
        let point = |(r, y): (f32, f32), a: f32| Vec3::new(r * a.cos(), y, -r * a.sin());
        for (k, pair) in self.profile.windows(2).enumerate() {
            let (lower, upper) = (pair[0], pair[1]);
            let slope = Vec2::new(upper.0 - lower.0, upper.1 - lower.1);
            let outward = |(r, y): (f32, f32), at: usize| -> Vec2 {
                let before = at.checked_sub(1).map(|i| self.profile[i]);
                let after = self.profile.get(at + 1).copied();
                let n = |a: (f32, f32), b: (f32, f32)| {
                    Vec2::new(b.1 - a.1, a.0 - b.0).normalize_or_zero()
                };
                match (before, after) {
                    (Some(b), Some(a)) => (n(b, (r, y)) + n((r, y), a)).normalize_or_zero(),
                    (None, Some(a)) => n((r, y), a),
                    (Some(b), None) => n(b, (r, y)),
                    (None, None) => Vec2::Y,
                }
            };
            let face = Vec2::new(slope.y, -slope.x).normalize_or_zero();
            for i in 0..self.sides {
                let (a0, a1) = (angle(i), angle(i + 1));
                let base = positions.len() as u32;
                let corners = [
                    (lower, a0, k),
                    (lower, a1, k),
                    (upper, a1, k + 1),
                    (upper, a0, k + 1),
                ];
                for (profile_point, a, at) in corners {
                    positions.push(point(profile_point, a).to_array());
                    let n2 = if self.smooth {
                        outward(profile_point, at)
                    } else {
                        face
                    };
                    let mid = if self.smooth { a } else { (a0 + a1) / 2.0 };
                    normals.push(Vec3::new(n2.x * mid.cos(), n2.y, -n2.x * mid.sin()).to_array());
                    uvs.push([a / TAU, 1.0 - profile_point.1]);
                }
                indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
            }
        }
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
    }
}

/// A square tile, one square across less a joint, its top edge bevelled.
pub fn tile() -> Mesh {
    let half = 0.485 * std::f32::consts::SQRT_2;
    let bevel = 0.03 * std::f32::consts::SQRT_2;
    Lathe {
        profile: &[
            (0.0, 0.0),
            (half, 0.0),
            (half, TILE_TOP - 0.03),
            (half - bevel, TILE_TOP),
            (0.0, TILE_TOP),
        ],
        sides: 4,
        smooth: false,
        phase: std::f32::consts::FRAC_PI_4,
    }
    .mesh()
}

/// The shape a piece's drawing is made as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Turned on the lathe from an outline (the orthodox pieces but the Knight).
    Turned(Outline),
    /// The Knight: a turned foot and an extruded head.
    Knight,
    /// A token with this many sides and this height (hundredths of a square), the picture on
    /// top.
    Token(u8, u8),
}

/// The outline an orthodox piece is turned from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outline {
    /// The Pawn's.
    Pawn,
    /// The Rook's.
    Rook,
    /// The Bishop's.
    Bishop,
    /// The Queen's.
    Queen,
    /// The King's (a cross is added on top).
    King,
}

impl Outline {
    /// Its (radius, height) points, bottom to top.
    fn profile(self) -> &'static [(f32, f32)] {
        match self {
            Outline::Pawn => PAWN,
            Outline::Rook => ROOK,
            Outline::Bishop => BISHOP,
            Outline::Queen => QUEEN,
            Outline::King => KING,
        }
    }
}

const FOOT: [(f32, f32); 6] = [
    (0.0, 0.0),
    (0.34, 0.0),
    (0.34, 0.06),
    (0.29, 0.1),
    (0.25, 0.13),
    (0.0, 0.14),
];

const PAWN: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.3, 0.0),
    (0.3, 0.05),
    (0.25, 0.09),
    (0.15, 0.14),
    (0.1, 0.3),
    (0.17, 0.33),
    (0.1, 0.36),
    (0.15, 0.42),
    (0.16, 0.48),
    (0.12, 0.55),
    (0.05, 0.58),
    (0.0, 0.585),
];
const ROOK: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.33, 0.0),
    (0.33, 0.06),
    (0.27, 0.11),
    (0.2, 0.16),
    (0.17, 0.5),
    (0.23, 0.54),
    (0.24, 0.68),
    (0.17, 0.68),
    (0.17, 0.62),
    (0.0, 0.62),
];
const BISHOP: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.32, 0.0),
    (0.32, 0.06),
    (0.26, 0.1),
    (0.15, 0.16),
    (0.1, 0.5),
    (0.19, 0.53),
    (0.1, 0.56),
    (0.15, 0.64),
    (0.15, 0.72),
    (0.08, 0.82),
    (0.04, 0.86),
    (0.05, 0.89),
    (0.0, 0.92),
];
const QUEEN: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.34, 0.0),
    (0.34, 0.06),
    (0.28, 0.11),
    (0.16, 0.18),
    (0.1, 0.62),
    (0.2, 0.66),
    (0.11, 0.7),
    (0.22, 0.88),
    (0.16, 0.9),
    (0.08, 0.92),
    (0.06, 0.96),
    (0.0, 1.0),
];
const KING: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.34, 0.0),
    (0.34, 0.06),
    (0.28, 0.11),
    (0.16, 0.18),
    (0.11, 0.66),
    (0.21, 0.7),
    (0.12, 0.74),
    (0.19, 0.92),
    (0.0, 0.94),
];

/// The shape of the drawing `name`: the orthodox drawings are turned (the Knight extruded),
/// every other is a token told apart by its sides and height.
pub fn shape_of(name: &str) -> Shape {
    match name {
        "pawn" => Shape::Turned(Outline::Pawn),
        "rook" => Shape::Turned(Outline::Rook),
        "bishop" => Shape::Turned(Outline::Bishop),
        "queen" => Shape::Turned(Outline::Queen),
        "king" => Shape::Turned(Outline::King),
        "knight" => Shape::Knight,
        "guard" => Shape::Token(4, 22),
        "waffle" => Shape::Token(5, 22),
        "blacksmith" => Shape::Token(7, 24),
        "chancellor" => Shape::Token(8, 34),
        "archbishop" => Shape::Token(6, 32),
        "general" => Shape::Token(12, 40),
        "colonel" => Shape::Token(8, 30),
        "missile" => Shape::Token(3, 28),
        "artillery" => Shape::Token(6, 26),
        "armor" => Shape::Token(4, 30),
        "recon" => Shape::Token(5, 24),
        "soldier" => Shape::Token(24, 16),
        _ => Shape::Token(10, 20),
    }
}

impl Shape {
    /// The height of its top, where a token's picture lies.
    pub fn top(self) -> f32 {
        match self {
            Shape::Turned(outline) => outline.profile().last().map_or(0.5, |p| p.1),
            Shape::Knight => 0.78,
            Shape::Token(_, height) => f32::from(height) / 100.0,
        }
    }

    /// Its mesh.
    pub fn mesh(self) -> Mesh {
        match self {
            Shape::Turned(outline) => {
                let profile = outline.profile();
                let mut mesh = Lathe {
                    profile,
                    sides: 28,
                    smooth: true,
                    phase: 0.0,
                }
                .mesh();
                if outline == Outline::King {
                    for (size, at) in [
                        (Vec3::new(0.05, 0.2, 0.05), 1.02),
                        (Vec3::new(0.16, 0.05, 0.05), 1.04),
                    ] {
                        let bar = Cuboid::from_size(size).mesh().build();
                        let _ = mesh.merge(&bar.translated_by(Vec3::Y * at));
                    }
                }
                mesh
            }
            Shape::Knight => knight(),
            Shape::Token(sides, height) => {
                let (sides, height) = (usize::from(sides), f32::from(height) / 100.0);
                let r = 0.33 / (std::f32::consts::PI / sides as f32).cos().sqrt();
                Lathe {
                    profile: &[
                        (0.0, 0.0),
                        (r, 0.0),
                        (r, height - 0.04),
                        (r - 0.04, height),
                        (0.0, height),
                    ],
                    sides,
                    smooth: false,
                    phase: std::f32::consts::FRAC_PI_2,
                }
                .mesh()
            }
        }
    }
}

/// The Knight: a turned foot, and a head extruded from its side silhouette (made of convex
/// parts: neck, head and muzzle, mane, ear), its profile turned to the first player.
fn knight() -> Mesh {
    let mut mesh = Lathe {
        profile: &FOOT,
        sides: 28,
        smooth: true,
        phase: 0.0,
    }
    .mesh();
    let parts: [&[(f32, f32)]; 4] = [
        &[(-0.2, 0.12), (0.2, 0.12), (0.14, 0.45), (-0.12, 0.55)],
        &[
            (-0.12, 0.45),
            (0.08, 0.5),
            (0.3, 0.58),
            (0.3, 0.68),
            (0.02, 0.76),
            (-0.12, 0.7),
        ],
        &[(-0.22, 0.14), (-0.12, 0.14), (-0.1, 0.7), (-0.2, 0.6)],
        &[(-0.1, 0.7), (0.0, 0.74), (-0.06, 0.84)],
    ];
    for part in parts {
        let outline = part.iter().map(|&(x, y)| Vec2::new(x, y));
        if let Ok(polygon) = ConvexPolygon::new(outline) {
            let _ = mesh.merge(&Extrusion::new(polygon, 0.2).mesh().build());
        }
    }
    mesh
}

/// The shared meshes: the tile, and each shape made once.
#[derive(Resource, Default)]
pub struct Meshes {
    tile: Option<Handle<Mesh>>,
    shapes: HashMap<Shape, Handle<Mesh>>,
    top: Option<Handle<Mesh>>,
    slab: Option<Handle<Mesh>>,
    flat: Option<Handle<Mesh>>,
}

impl Meshes {
    /// The tile's mesh.
    pub fn tile(&mut self, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.tile.get_or_insert_with(|| meshes.add(tile())).clone()
    }

    /// The mesh of `shape`.
    pub fn shape(&mut self, shape: Shape, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.shapes
            .entry(shape)
            .or_insert_with(|| meshes.add(shape.mesh()))
            .clone()
    }

    /// A slab one unit across and a tile thick, standing on the table (scaled to its size).
    pub fn slab(&mut self, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.slab
            .get_or_insert_with(|| {
                let slab = Cuboid::new(1.0, TILE_TOP, 1.0).mesh().build();
                meshes.add(slab.translated_by(Vec3::Y * TILE_TOP / 2.0))
            })
            .clone()
    }

    /// A flat square one unit across, facing up (scaled to what lies on the board).
    pub fn flat(&mut self, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.flat
            .get_or_insert_with(|| {
                meshes.add(Plane3d::new(Vec3::Y, Vec2::splat(0.5)).mesh().build())
            })
            .clone()
    }

    /// The square a token's picture is drawn on, facing up.
    pub fn top(&mut self, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.top
            .get_or_insert_with(|| {
                meshes.add(Plane3d::new(Vec3::Y, Vec2::splat(0.27)).mesh().build())
            })
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::camera::primitives::MeshAabb;

    /// Every drawing's shape makes a mesh whose top is where the shape says.
    #[test]
    fn every_shape_is_as_tall_as_it_says() {
        for name in [
            "pawn", "rook", "bishop", "queen", "king", "knight", "general", "soldier",
        ] {
            let shape = shape_of(name);
            let aabb = shape.mesh().compute_aabb().expect("a mesh with positions");
            let top = aabb.center.y + aabb.half_extents.y;
            assert!(
                (top - shape.top()).abs() < 0.3,
                "{name}: {top} against {}",
                shape.top()
            );
            assert!(
                aabb.center.y - aabb.half_extents.y > -0.01,
                "{name} stands on the table"
            );
        }
    }
}
