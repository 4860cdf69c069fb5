//! The 3D view's shapes, all made in code: bevelled tiles, the orthodox pieces turned on a
//! lathe from 2D profiles in a Staunton set's proportions (with what a lathe cannot turn added:
//! the Rook's battlement, the Queen's coronet, the King's cross, the slit in the Bishop's
//! mitre), the Knight's head a horse's profile extruded with rounded edges and two ears, and
//! every other piece a token whose rim (its number of sides and its height) is its own, with
//! the piece's picture on top. One mesh per shape, shared by every entity that shows it.

use crate::app::shared::drawings::{Outline, Shape, drawing};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::HashMap;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI, SQRT_2, TAU};

/// How thick a tile (and Fanorona's slab) is, in squares: pieces stand at this height.
pub const TILE_TOP: f32 = 0.12;

/// How tall the King stands, in squares: the orthodox pieces are drawn in King heights (the
/// King is 1) and made this much larger.
pub const KING_HEIGHT: f32 = 1.3;

/// How many sides the orthodox pieces are turned with.
const TURNED_SIDES: usize = 28;

/// A mesh being put together: its vertices and triangles.
#[derive(Default)]
struct Build {
    positions: Vec<Vec3>,
    normals: Vec<Vec3>,
    indices: Vec<u32>,
}

impl Build {
    /// Adds a vertex and returns its index.
    fn vertex(&mut self, position: Vec3, normal: Vec3) -> u32 {
        self.positions.push(position);
        self.normals.push(normal);
        (self.positions.len() - 1) as u32
    }

    /// Adds a quad of four corners (position, normal), counter-clockwise seen from outside.
    fn quad(&mut self, corners: [(Vec3, Vec3); 4]) {
        let [a, b, c, d] = corners.map(|(p, n)| self.vertex(p, n));
        self.indices.extend([a, b, c, a, c, d]);
    }

    /// Moves every vertex from `from` on (all of them quads) by `cut`, and gives each quad it
    /// moved the normal of its new faces.
    fn carve(&mut self, from: usize, cut: impl Fn(Vec3) -> Vec3) {
        for quad in (from..self.positions.len()).step_by(4) {
            let was: [Vec3; 4] = std::array::from_fn(|i| self.positions[quad + i]);
            let now = was.map(&cut);
            if now != was {
                let normal = (now[2] - now[0]).cross(now[3] - now[1]).normalize_or_zero();
                self.positions[quad..quad + 4].copy_from_slice(&now);
                self.normals[quad..quad + 4].fill(normal);
            }
        }
    }

    /// The mesh, made `scale` times larger, each vertex kept once: corners of neighbouring
    /// quads with the same position and normal (a smooth surface's) become one, so a software
    /// renderer shades each once rather than up to four times.
    fn mesh(self, scale: f32) -> Mesh {
        let mut kept: HashMap<([u32; 3], [u32; 3]), u32> = HashMap::new();
        let mut positions: Vec<[f32; 3]> = Vec::new();
        let mut normals: Vec<[f32; 3]> = Vec::new();
        let new_index: Vec<u32> = self
            .positions
            .iter()
            .zip(&self.normals)
            .map(|(p, n)| {
                let (p, n) = ((*p * scale).to_array(), n.to_array());
                *kept
                    .entry((p.map(f32::to_bits), n.map(f32::to_bits)))
                    .or_insert_with(|| {
                        positions.push(p);
                        normals.push(n);
                        (positions.len() - 1) as u32
                    })
            })
            .collect();
        let indices = self
            .indices
            .iter()
            .map(|&i| new_index[i as usize])
            .collect();
        let uvs = vec![[0.0f32, 0.0]; positions.len()];
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
    /// The outline turned round the vertical axis, as quads; a point of radius 0 closes it.
    fn build(&self, into: &mut Build) {
        let angle = |i: usize| self.phase + TAU * i as f32 / self.sides as f32;
        let point = |(r, y): (f32, f32), a: f32| Vec3::new(r * a.cos(), y, -r * a.sin());
        let around = |n: Vec2, a: f32| Vec3::new(n.x * a.cos(), n.y, -n.x * a.sin());
        for (k, pair) in self.profile.windows(2).enumerate() {
            let (lower, upper) = (pair[0], pair[1]);
            let face = outward(lower, upper);
            for i in 0..self.sides {
                let (a0, a1) = (angle(i), angle(i + 1));
                let corners = [
                    (lower, a0, k),
                    (lower, a1, k),
                    (upper, a1, k + 1),
                    (upper, a0, k + 1),
                ];
                into.quad(corners.map(|(at, a, index)| {
                    let normal = if self.smooth {
                        around(self.smooth_normal(index), a)
                    } else {
                        around(face, (a0 + a1) / 2.0)
                    };
                    (point(at, a), normal)
                }));
            }
        }
    }

    /// The outward normal at the profile's point `at`: the mean of its segments'.
    fn smooth_normal(&self, at: usize) -> Vec2 {
        let before = at.checked_sub(1).map(|i| self.profile[i]);
        let after = self.profile.get(at + 1).copied();
        let here = self.profile[at];
        match (before, after) {
            (Some(b), Some(a)) => (outward(b, here) + outward(here, a)).normalize_or_zero(),
            (None, Some(a)) => outward(here, a),
            (Some(b), None) => outward(b, here),
            (None, None) => Vec2::Y,
        }
    }

    /// The mesh of the turned outline.
    fn mesh(&self) -> Mesh {
        let mut build = Build::default();
        self.build(&mut build);
        build.mesh(1.0)
    }
}

/// The outward normal of a profile's segment from `lower` to `upper`, as (radius, height).
fn outward(lower: (f32, f32), upper: (f32, f32)) -> Vec2 {
    Vec2::new(upper.1 - lower.1, lower.0 - upper.0).normalize_or_zero()
}

/// A square tile, one square across less a joint, its top edge bevelled.
pub fn tile() -> Mesh {
    let half = 0.485 * SQRT_2;
    let bevel = 0.03 * SQRT_2;
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
        phase: FRAC_PI_4,
    }
    .mesh()
}

/// A Staunton foot of radius 1: the base's rim, a bead and the cove the stem rises from, as
/// (radius, height) in fractions of the foot's radius.
const FOOT: [(f32, f32); 8] = [
    (0.0, 0.0),
    (1.0, 0.0),
    (1.0, 0.14),
    (0.945, 0.225),
    (0.84, 0.285),
    (0.78, 0.345),
    (0.805, 0.405),
    (0.71, 0.47),
];

/// An orthodox piece's profile: a foot of this radius and the body turned above it, as
/// (radius, height) points in King heights.
struct Profile {
    foot: f32,
    body: &'static [(f32, f32)],
}

impl Profile {
    /// Its points from the table to the top.
    fn points(&self) -> Vec<(f32, f32)> {
        let foot = FOOT.iter().map(|&(r, y)| (r * self.foot, y * self.foot));
        foot.chain(self.body.iter().copied()).collect()
    }

    /// The height of its top, King heights.
    fn top(&self) -> f32 {
        self.body.last().map_or(0.0, |p| p.1)
    }
}

/// The Pawn (half the King's height): a short stem, a collar and a ball.
const PAWN: Profile = Profile {
    foot: 0.18,
    body: &[
        (0.095, 0.125),
        (0.07, 0.2),
        (0.058, 0.26),
        (0.1, 0.27),
        (0.108, 0.283),
        (0.098, 0.296),
        (0.055, 0.303),
        (0.06, 0.309),
        (0.091, 0.343),
        (0.105, 0.395),
        (0.091, 0.448),
        (0.06, 0.481),
        (0.027, 0.496),
        (0.0, 0.5),
    ],
};

/// The Rook (0.6 of the King with its battlement): a stout stem, a collar and a turret
/// hollowed at the top.
const ROOK: Profile = Profile {
    foot: 0.205,
    body: &[
        (0.122, 0.13),
        (0.112, 0.25),
        (0.115, 0.36),
        (0.14, 0.375),
        (0.145, 0.39),
        (0.13, 0.4),
        (0.145, 0.44),
        (0.165, 0.48),
        (0.168, 0.55),
        (0.11, 0.55),
        (0.11, 0.525),
        (0.0, 0.525),
    ],
};

/// The Bishop (0.73 of the King): a slim stem, a double collar, the mitre and a small ball.
const BISHOP: Profile = Profile {
    foot: 0.205,
    body: &[
        (0.12, 0.13),
        (0.085, 0.3),
        (0.07, 0.4),
        (0.118, 0.412),
        (0.124, 0.425),
        (0.112, 0.437),
        (0.075, 0.445),
        (0.095, 0.455),
        (0.065, 0.468),
        (0.07, 0.48),
        (0.095, 0.505),
        (0.11, 0.54),
        (0.113, 0.57),
        (0.105, 0.605),
        (0.085, 0.64),
        (0.055, 0.665),
        (0.025, 0.678),
        (0.012, 0.682),
        (0.026, 0.687),
        (0.03, 0.7),
        (0.026, 0.715),
        (0.015, 0.726),
        (0.0, 0.73),
    ],
};

/// The Queen (0.88 of the King): a tall stem, a double collar, a crown flaring to a rim
/// (its coronet is added) and a ball on a dome.
const QUEEN: Profile = Profile {
    foot: 0.215,
    body: &[
        (0.128, 0.137),
        (0.088, 0.36),
        (0.075, 0.49),
        (0.128, 0.503),
        (0.134, 0.518),
        (0.121, 0.53),
        (0.08, 0.538),
        (0.1, 0.548),
        (0.07, 0.56),
        (0.078, 0.59),
        (0.1, 0.65),
        (0.128, 0.71),
        (0.142, 0.74),
        (0.145, 0.75),
        (0.125, 0.755),
        (0.095, 0.77),
        (0.07, 0.795),
        (0.045, 0.815),
        (0.016, 0.826),
        (0.025, 0.833),
        (0.03, 0.85),
        (0.025, 0.867),
        (0.014, 0.877),
        (0.0, 0.88),
    ],
};

/// The King (1, with its cross): the tallest stem, a double collar, a crown flaring to a rim
/// and a low cap the cross stands on.
const KING: Profile = Profile {
    foot: 0.225,
    body: &[
        (0.135, 0.145),
        (0.093, 0.4),
        (0.08, 0.54),
        (0.137, 0.555),
        (0.143, 0.571),
        (0.13, 0.584),
        (0.086, 0.593),
        (0.108, 0.604),
        (0.077, 0.617),
        (0.085, 0.645),
        (0.11, 0.71),
        (0.135, 0.765),
        (0.145, 0.785),
        (0.148, 0.797),
        (0.135, 0.805),
        (0.11, 0.815),
        (0.08, 0.83),
        (0.045, 0.842),
        (0.04, 0.858),
        (0.0, 0.862),
    ],
};

/// The Knight's foot, which its head stands on.
const KNIGHT_FOOT: Profile = Profile {
    foot: 0.205,
    body: &[(0.125, 0.11), (0.0, 0.115)],
};

/// The Knight's head seen from the side (King heights), muzzle to the left, counter-clockwise
/// from the chest: the arched neck and mane, the rounded poll the ears stand on, the forehead,
/// the muzzle, the jaw and the throat.
const KNIGHT_HEAD: [(f32, f32); 22] = [
    (-0.125, 0.105),
    (0.14, 0.105),
    (0.155, 0.18),
    (0.15, 0.27),
    (0.13, 0.375),
    (0.1, 0.465),
    (0.068, 0.535),
    (0.045, 0.575),
    (0.018, 0.598),
    (-0.01, 0.597),
    (-0.035, 0.588),
    (-0.085, 0.562),
    (-0.133, 0.515),
    (-0.178, 0.467),
    (-0.192, 0.433),
    (-0.18, 0.408),
    (-0.142, 0.396),
    (-0.1, 0.4),
    (-0.05, 0.375),
    (-0.075, 0.3),
    (-0.108, 0.225),
    (-0.13, 0.16),
];

/// How far in from its outline the Knight's head's faces begin, King heights: its edges are
/// rounded over a quarter ellipse this deep in the plane of the outline and most of the half
/// thickness across it (`KNIGHT_ROUNDED`), so the sides read round from every direction while
/// the narrow muzzle keeps its faces.
const KNIGHT_ROUNDING: f32 = 0.024;

/// How much of the Knight's head's half thickness its rounded edges take, the rest a flat band
/// round the side.
const KNIGHT_ROUNDED: f32 = 0.8;

/// How many steps each rounded edge of the Knight's head turns through, from a face to the
/// side.
const KNIGHT_ROUNDING_STEPS: usize = 4;

/// Half the Knight's head's thickness at a point of its outline: thickest at the foot of the
/// neck, thinner towards the poll and the muzzle.
fn knight_half_thickness(at: Vec2) -> f32 {
    let up = ((at.y - 0.1) / 0.5).clamp(0.0, 1.0);
    let forward = (-at.x / 0.19).clamp(0.0, 1.0);
    0.1 - 0.025 * up - 0.035 * forward
}

/// The top of the Knight, its ears' tips, King heights (0.65 of the King).
const KNIGHT_TOP: f32 = 0.65;

/// A Knight's ear: a cone this wide at its foot and this long, its foot's centre this far back
/// along the poll and out from the middle of the head, leaning out and back by these angles
/// (radians), so that seen from in front or behind the head shows two ears with a gap between.
struct Ear {
    radius: f32,
    length: f32,
    back: f32,
    out: f32,
    lean_out: f32,
    lean_back: f32,
}

/// The Knight's ears' shape and place.
const EAR: Ear = Ear {
    radius: 0.024,
    length: 0.068,
    back: 0.022,
    out: 0.036,
    lean_out: 0.3,
    lean_back: 0.25,
};

/// Parts set in a ring round a piece's axis: how many, how far out and how high their
/// centres are (King heights).
struct Ring {
    count: usize,
    radius: f32,
    height: f32,
}

/// The Rook's battlement: merlons round the turret's rim.
const BATTLEMENT: Ring = Ring {
    count: 6,
    radius: 0.139,
    height: 0.575,
};

/// A merlon's size: out from the axis, up, and along the rim.
const MERLON: Vec3 = Vec3::new(0.058, 0.05, 0.08);

/// The Queen's coronet: balls round the crown's rim.
const CORONET: Ring = Ring {
    count: 8,
    radius: 0.135,
    height: 0.767,
};

/// The radius of a ball of the coronet.
const CORONET_BALL: f32 = 0.022;

/// The King's cross: its upright's and its arms' sizes and centres' heights.
const CROSS: [(Vec3, f32); 2] = [
    (Vec3::new(0.045, 0.16, 0.045), 0.92),
    (Vec3::new(0.13, 0.04, 0.045), 0.945),
];

/// The slit in the Bishop's mitre: a groove across its front, slanting up to the right, this
/// high where it crosses the axis, this wide and this deep (King heights).
const SLIT: (f32, f32, f32) = (0.6, 0.014, 0.03);

impl Outline {
    /// Its profile.
    fn profile(self) -> &'static Profile {
        match self {
            Outline::Pawn => &PAWN,
            Outline::Rook => &ROOK,
            Outline::Bishop => &BISHOP,
            Outline::Queen => &QUEEN,
            Outline::King => &KING,
        }
    }

    /// The height of its top with what is added to it, King heights.
    fn top(self) -> f32 {
        match self {
            Outline::Rook => BATTLEMENT.height + MERLON.y / 2.0,
            Outline::King => CROSS[0].1 + CROSS[0].0.y / 2.0,
            _ => self.profile().top(),
        }
    }

    /// Its mesh, King heights: the profile turned, the Bishop's slit carved, and what the
    /// lathe cannot turn added.
    fn mesh(self) -> Mesh {
        let mut build = Build::default();
        Lathe {
            profile: &self.profile().points(),
            sides: TURNED_SIDES,
            smooth: true,
            phase: 0.0,
        }
        .build(&mut build);
        if self == Outline::Bishop {
            build.carve(0, slit);
        }
        let mut mesh = build.mesh(1.0);
        match self {
            Outline::Rook => ring(
                &mut mesh,
                &Cuboid::from_size(MERLON).mesh().build(),
                &BATTLEMENT,
            ),
            Outline::Queen => ring(
                &mut mesh,
                &Sphere::new(CORONET_BALL).mesh().uv(8, 6),
                &CORONET,
            ),
            Outline::King => {
                for (size, height) in CROSS {
                    let bar = Cuboid::from_size(size).mesh().build();
                    merge(&mut mesh, bar.translated_by(Vec3::Y * height));
                }
            }
            Outline::Pawn | Outline::Bishop => {}
        }
        mesh
    }
}

/// Where a point of the Bishop's mitre goes when the slit is cut: into the mitre, towards
/// the axis, if it lies in the groove on the front half.
fn slit(at: Vec3) -> Vec3 {
    let (height, width, depth) = SLIT;
    let across = (at.y - height - at.x).abs() * FRAC_PI_4.cos();
    let front = (at.z / width).clamp(0.0, 1.0);
    let into = depth * (1.0 - across / width).max(0.0) * front;
    let radius = Vec2::new(at.x, at.z).length();
    if into <= 0.0 || radius <= into {
        return at;
    }
    let keep = (radius - into) / radius;
    Vec3::new(at.x * keep, at.y, at.z * keep)
}

/// Adds copies of `part` round the axis where `places` says, each turned to face out.
fn ring(mesh: &mut Mesh, part: &Mesh, places: &Ring) {
    for i in 0..places.count {
        let angle = TAU * i as f32 / places.count as f32;
        let place = Transform::from_xyz(
            places.radius * angle.cos(),
            places.height,
            -places.radius * angle.sin(),
        )
        .with_rotation(Quat::from_rotation_y(angle));
        merge(mesh, part.clone().transformed_by(place));
    }
}

/// Adds `part` to `mesh` (both made here, with the same attributes).
fn merge(mesh: &mut Mesh, part: Mesh) {
    let _ = mesh.merge(&part);
}

/// The shape of the drawing `name` (see [`DRAWINGS`](crate::app::shared::drawings::DRAWINGS)):
/// the plain token where the game has no such drawing.
pub fn shape_of(name: &str) -> Shape {
    drawing(name).map_or(Shape::PLAIN, |d| d.shape)
}

impl Shape {
    /// The plain token a piece without a drawing of its own is made as.
    pub const PLAIN: Shape = Shape::Token(10, 30);

    /// The height of its top (squares), where a token's picture lies.
    pub fn top(self) -> f32 {
        match self {
            Shape::Turned(outline) => outline.top() * KING_HEIGHT,
            Shape::Knight => KNIGHT_TOP * KING_HEIGHT,
            Shape::Token(_, height) => f32::from(height) / 100.0,
        }
    }

    /// Its mesh, in squares.
    pub fn mesh(self) -> Mesh {
        match self {
            Shape::Turned(outline) => outline.mesh().scaled_by(Vec3::splat(KING_HEIGHT)),
            Shape::Knight => knight().scaled_by(Vec3::splat(KING_HEIGHT)),
            Shape::Token(sides, height) => token(usize::from(sides), f32::from(height) / 100.0),
        }
    }
}

/// A token with `sides` sides, `height` squares high, its top edge bevelled.
fn token(sides: usize, height: f32) -> Mesh {
    let r = 0.33 / (PI / sides as f32).cos().sqrt();
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
        phase: FRAC_PI_2,
    }
    .mesh()
}

/// The Knight, King heights: a turned foot, its head extruded from the side outline with
/// rounded edges, its profile turned to the first player, and two ears on the poll.
fn knight() -> Mesh {
    let mut build = Build::default();
    Lathe {
        profile: &KNIGHT_FOOT.points(),
        sides: TURNED_SIDES,
        smooth: true,
        phase: 0.0,
    }
    .build(&mut build);
    let outline: Vec<Vec2> = KNIGHT_HEAD.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    rounded_slab(&mut build, &outline, KNIGHT_ROUNDING, knight_half_thickness);
    let mut mesh = build.mesh(1.0);
    let ear = Lathe {
        profile: &[(0.0, 0.0), (EAR.radius, 0.0), (0.0, EAR.length)],
        sides: 10,
        smooth: true,
        phase: 0.0,
    }
    .mesh();
    for side in [-1.0, 1.0] {
        let lean =
            Quat::from_rotation_z(-EAR.lean_back) * Quat::from_rotation_x(side * EAR.lean_out);
        let tip = lean * Vec3::Y * EAR.length;
        let foot = Vec3::new(EAR.back, KNIGHT_TOP - tip.y, side * EAR.out);
        merge(
            &mut mesh,
            ear.clone()
                .transformed_by(Transform::from_translation(foot).with_rotation(lean)),
        );
    }
    mesh
}

/// The outward normals of a counter-clockwise outline: of each edge (from each point to the
/// next) and at each point (the mean of its two edges').
fn outline_normals(outline: &[Vec2]) -> (Vec<Vec2>, Vec<Vec2>) {
    let count = outline.len();
    let edges: Vec<Vec2> = (0..count)
        .map(|i| {
            let along = outline[(i + 1) % count] - outline[i];
            Vec2::new(along.y, -along.x).normalize_or_zero()
        })
        .collect();
    let points = (0..count)
        .map(|i| (edges[(i + count - 1) % count] + edges[i]).normalize_or_zero())
        .collect();
    (edges, points)
}

/// Extrudes a counter-clockwise outline in the plane of the first player's view into a slab
/// `half_thickness(point)` either side, its edges rounded over a quarter ellipse `depth` deep
/// in the outline's plane and `KNIGHT_ROUNDED` of the half thickness across it: the back face,
/// the rounded side in `KNIGHT_ROUNDING_STEPS` steps from each face, and the front face.
fn rounded_slab(
    build: &mut Build,
    outline: &[Vec2],
    depth: f32,
    half_thickness: impl Fn(Vec2) -> f32,
) {
    let (edges, normals) = outline_normals(outline);
    let count = outline.len();
    // How far a point moves in for its edges to move in by one: at most twice at a sharp point.
    let slant: Vec<f32> = (0..count)
        .map(|i| normals[i].dot(edges[i]).max(0.5))
        .collect();
    let steps = KNIGHT_ROUNDING_STEPS;
    // The point `step` of `2 * steps + 2` round the edge at outline point `i`, from the back
    // face (0) over the side to the front face, and its normal.
    let around = |i: usize, step: usize| -> (Vec3, Vec3) {
        let half = half_thickness(outline[i]);
        let across = half * KNIGHT_ROUNDED;
        let (centre, turned) = if step <= steps {
            (across - half, step)
        } else {
            (half - across, step - 1)
        };
        let angle = (turned as f32 / steps as f32 - 1.0) * FRAC_PI_2;
        let inward = depth * (1.0 - angle.cos()) / slant[i];
        let at = outline[i] - normals[i] * inward;
        let normal = (normals[i].extend(0.0) * across * angle.cos()
            + Vec3::Z * depth * angle.sin())
        .normalize_or_zero();
        (at.extend(centre + across * angle.sin()), normal)
    };
    let last = 2 * steps + 1;
    let rings: Vec<Vec<(Vec3, Vec3)>> = (0..=last)
        .map(|step| (0..count).map(|i| around(i, step)).collect())
        .collect();
    for pair in rings.windows(2) {
        let [ring, next] = [&pair[0], &pair[1]];
        for i in 0..count {
            let j = (i + 1) % count;
            build.quad([ring[i], ring[j], next[j], next[i]]);
        }
    }
    for (ring, facing) in [(&rings[0], -1.0), (&rings[last], 1.0)] {
        let first = build.positions.len() as u32;
        let face: Vec<Vec2> = ring.iter().map(|(at, _)| at.truncate()).collect();
        for (at, _) in ring {
            build.vertex(*at, Vec3::Z * facing);
        }
        for [a, b, c] in triangulate(&face) {
            let [a, b, c] = [a, b, c].map(|k| first + k as u32);
            if facing > 0.0 {
                build.indices.extend([a, b, c]);
            } else {
                build.indices.extend([a, c, b]);
            }
        }
    }
}

/// The triangles (counter-clockwise, as indices) of a simple counter-clockwise outline, by
/// cutting off one ear after another.
fn triangulate(outline: &[Vec2]) -> Vec<[usize; 3]> {
    let mut left: Vec<usize> = (0..outline.len()).collect();
    let mut triangles = Vec::new();
    while left.len() > 3 {
        let count = left.len();
        let corners = |i: usize| {
            [
                left[(i + count - 1) % count],
                left[i],
                left[(i + 1) % count],
            ]
        };
        let Some(ear) = (0..count).find(|&i| is_ear(outline, corners(i), &left)) else {
            break;
        };
        triangles.push(corners(ear));
        left.remove(ear);
    }
    if let [a, b, c] = left[..] {
        triangles.push([a, b, c]);
    }
    triangles
}

/// Whether the triangle of the outline's points `corners` turns left and holds none of the
/// `other` points.
fn is_ear(outline: &[Vec2], corners: [usize; 3], other: &[usize]) -> bool {
    let [a, b, c] = corners.map(|i| outline[i]);
    let turn = |p: Vec2, q: Vec2, r: Vec2| (q - p).perp_dot(r - p);
    turn(a, b, c) > 0.0
        && other.iter().filter(|i| !corners.contains(i)).all(|&i| {
            let p = outline[i];
            turn(a, b, p) < 0.0 || turn(b, c, p) < 0.0 || turn(c, a, p) < 0.0
        })
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

    /// Every drawing's shape makes a mesh that stands on the table and whose top is where
    /// the shape says.
    #[test]
    fn every_shape_is_as_tall_as_it_says() {
        for name in [
            "pawn",
            "rook",
            "bishop",
            "queen",
            "king",
            "knight",
            "guard",
            "waffle",
            "blacksmith",
            "chancellor",
            "archbishop",
            "general",
            "colonel",
            "missile",
            "artillery",
            "armor",
            "recon",
            "soldier",
            "other",
        ] {
            let shape = shape_of(name);
            let aabb = shape.mesh().compute_aabb().expect("a mesh with positions");
            let top = aabb.center.y + aabb.half_extents.y;
            assert!(
                (top - shape.top()).abs() < 0.005,
                "{name}: {top} against {}",
                shape.top()
            );
            assert!(
                (aabb.center.y - aabb.half_extents.y).abs() < 0.001,
                "{name} stands on the table"
            );
        }
    }

    /// The values of `mesh`'s three-component `attribute` (its positions or normals).
    fn vectors(mesh: &Mesh, attribute: bevy::mesh::MeshVertexAttribute) -> Vec<Vec3> {
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(values)) = mesh.attribute(attribute)
        else {
            panic!("the mesh has {}", attribute.name);
        };
        values.iter().map(|&v| Vec3::from(v)).collect()
    }

    /// A mesh keeps each vertex once: a smooth turned outline's quads share their corners
    /// (about a quarter as many vertices as corners), and every triangle stays where it was.
    #[test]
    fn a_mesh_keeps_each_vertex_once_and_every_triangle() {
        let mut build = Build::default();
        Lathe {
            profile: &Outline::King.profile().points(),
            sides: TURNED_SIDES,
            smooth: true,
            phase: 0.0,
        }
        .build(&mut build);
        let corners = build.positions.len();
        let triangles: Vec<Vec3> = build
            .indices
            .iter()
            .map(|&i| build.positions[i as usize])
            .collect();
        let mesh = build.mesh(1.0);
        let positions = vectors(&mesh, Mesh::ATTRIBUTE_POSITION);
        assert!(
            positions.len() * 3 < corners,
            "{} of {corners}",
            positions.len()
        );
        let kept: Vec<Vec3> = mesh
            .indices()
            .expect("indices")
            .iter()
            .map(|i| positions[i])
            .collect();
        assert_eq!(kept, triangles);
    }

    /// The Knight's vertices, King heights.
    fn knight_points() -> Vec<Vec3> {
        vectors(&Shape::Knight.mesh(), Mesh::ATTRIBUTE_POSITION)
            .into_iter()
            .map(|p| p / KING_HEIGHT)
            .collect()
    }

    /// Seen edge-on (from in front of its muzzle or from behind its mane), the Knight shows two
    /// ears with a gap between them, not one blade: the highest points either side of the
    /// head's middle are its top, and the middle stands clearly lower.
    #[test]
    fn the_knight_seen_edge_on_shows_two_ears() {
        let points = knight_points();
        let highest = |keep: &dyn Fn(f32) -> bool| {
            points
                .iter()
                .filter(|p| keep(p.z))
                .map(|p| p.y)
                .fold(f32::MIN, f32::max)
        };
        let left = highest(&|z| z < -0.03);
        let right = highest(&|z| z > 0.03);
        let middle = highest(&|z| z.abs() < 0.01);
        assert!((left - KNIGHT_TOP).abs() < 0.002, "left ear {left}");
        assert!((right - KNIGHT_TOP).abs() < 0.002, "right ear {right}");
        assert!(middle < KNIGHT_TOP - 0.04, "the poll between them {middle}");
    }

    /// The Knight's head is rounded across its thickness, so seen from any side its flanks
    /// shade from light to dark as a horse's neck does: across the middle of the neck its
    /// side's normals turn through many directions from the front face to the back face, not
    /// the three a bevelled slab has.
    #[test]
    fn the_knights_head_is_rounded_across_its_thickness() {
        let normals = vectors(&Shape::Knight.mesh(), Mesh::ATTRIBUTE_NORMAL);
        let mut slopes: Vec<i32> = knight_points()
            .iter()
            .zip(normals)
            .filter(|(p, _)| (0.3..0.45).contains(&p.y) && p.x > 0.05)
            .map(|(_, n)| (n.z * 20.0).round() as i32)
            .collect();
        slopes.sort_unstable();
        slopes.dedup();
        assert!(slopes.len() >= 7, "{slopes:?}");
    }

    /// The orthodox pieces stand in a Staunton set's order of height, the King tallest.
    #[test]
    fn the_orthodox_pieces_rise_from_pawn_to_king() {
        let heights =
            ["pawn", "rook", "knight", "bishop", "queen", "king"].map(|name| shape_of(name).top());
        assert!(
            heights.windows(2).all(|pair| pair[0] < pair[1]),
            "{heights:?}"
        );
        assert!((heights[5] - KING_HEIGHT).abs() < 0.001);
    }
}
