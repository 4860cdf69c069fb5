//! The 3D view's camera, light and table. The camera looks at the board's centre from a yaw,
//! a pitch and a distance: the right button drags it round, the wheel brings it nearer, the
//! presets and the side to move (with automatic turning on, or F) swing it with an eased
//! motion. It draws into the same space beside the panel as the 2D camera.

use super::models::{KING_HEIGHT, TILE_TOP};
use crate::app::board::camera::{BOARD_OUTPUT, BoardCamera};
use crate::app::board::layout::BoardLayout;
use crate::app::shared::game::Flipped;
use crate::app::shared::settings::{BoardView, Settings};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap, ShadowFilteringMethod};
use bevy::math::curve::{Curve, EaseFunction};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// The camera of the 3D view.
#[derive(Component)]
pub struct TableCamera;

/// The sun over the table.
#[derive(Component)]
pub struct Sun;

/// Where the camera looks from: round the board (yaw, radians, 0 from the first player's side),
/// up from the table (pitch) and how near (zoom, 1 fits the board).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Angle {
    /// Round the board, radians.
    pub yaw: f32,
    /// Up from the table, radians.
    pub pitch: f32,
    /// Nearness: the fitted distance is divided by it.
    pub zoom: f32,
}

impl Angle {
    fn lerp(self, other: Angle, t: f32) -> Angle {
        Angle {
            yaw: self.yaw + (other.yaw - self.yaw) * t,
            pitch: self.pitch + (other.pitch - self.pitch) * t,
            zoom: self.zoom + (other.zoom - self.zoom) * t,
        }
    }
}

/// A camera preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// From behind the first player's pieces.
    FirstSide,
    /// From behind the second player's pieces.
    SecondSide,
    /// Straight down on the board.
    Above,
}

/// How high the camera looks down from at a side's preset, radians: high enough that the
/// far side's back rank stands clear above its Pawns and a token's picture is seen broad.
const PITCH: f32 = 1.0;
const SWING: f32 = 0.7;

impl Preset {
    /// Every preset, for the panel.
    pub const ALL: [Preset; 3] = [Preset::FirstSide, Preset::SecondSide, Preset::Above];

    /// Its name on the panel's button.
    pub fn label(self) -> &'static str {
        match self {
            Preset::FirstSide => "first player's side",
            Preset::SecondSide => "second player's side",
            Preset::Above => "from above",
        }
    }

    fn angle(self) -> Angle {
        match self {
            Preset::FirstSide => Angle {
                yaw: 0.0,
                pitch: PITCH,
                zoom: 1.0,
            },
            Preset::SecondSide => Angle {
                yaw: std::f32::consts::PI,
                pitch: PITCH,
                zoom: 1.0,
            },
            Preset::Above => Angle {
                yaw: 0.0,
                pitch: 1.5,
                zoom: 0.95,
            },
        }
    }
}

/// The camera's angle now, and the swing it is making.
#[derive(Resource, Debug)]
pub struct Rig {
    /// The angle now.
    pub now: Angle,
    swing: Option<(Angle, Angle, f32)>,
    flipped: bool,
}

impl Default for Rig {
    fn default() -> Rig {
        Rig {
            now: Preset::FirstSide.angle(),
            swing: None,
            flipped: false,
        }
    }
}

impl Rig {
    /// Swings the camera to `goal` with an eased motion.
    pub fn swing_to(&mut self, goal: Angle) {
        let mut from = self.now;
        from.yaw = goal.yaw
            + (from.yaw - goal.yaw + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
            - std::f32::consts::PI;
        self.swing = Some((from, goal, 0.0));
    }

    /// Swings the camera to a preset.
    pub fn preset(&mut self, preset: Preset) {
        self.swing_to(preset.angle());
    }

    /// Whether the camera is swinging.
    pub fn swinging(&self) -> bool {
        self.swing.is_some()
    }
}

/// The table's colour: the 3D camera clears to it, as the board stands on the table and the
/// table is all the camera sees round it (a lit table would cost a software renderer a
/// third of a frame, a plane in one colour looks the same as this).
const TABLE: Color = Color::srgb(0.30, 0.22, 0.16);

/// Where the sun shines from, seen from the first player's side (it turns round the board with
/// the camera): high, from the left and from beyond the board, so the board's top is lit and
/// the sides of the pieces the camera sees are mostly in shade, a lit edge on the left: an
/// ivory piece stands darker than a light square, and its shape reads.
const SUN: Vec3 = Vec3::new(-0.6, 0.7, -0.4);

/// How bright the sun is, lux: with the ambient light, the board's top shows the theme's
/// colours.
const SUN_ILLUMINANCE: f32 = 5800.0;

/// How bright the light from everywhere is: low enough that a piece's shaded side is darker
/// than its lit side.
const AMBIENT: f32 = 280.0;

/// Spawns the 3D camera (inactive until the 3D view is chosen) and the sun.
pub fn spawn_rig(mut commands: Commands) {
    commands.spawn((
        Name::new("Table camera"),
        TableCamera,
        Camera3d::default(),
        Projection::Perspective(PerspectiveProjection {
            fov: FOV,
            ..default()
        }),
        Camera {
            output_mode: BOARD_OUTPUT,
            is_active: false,
            clear_color: ClearColorConfig::Custom(TABLE),
            ..default()
        },
        // The default tonemapper needs lookup tables; this one needs none.
        Tonemapping::AcesFitted,
        Msaa::Off,
        // The cheapest filtering: every shadow sample costs a software renderer dearly.
        ShadowFilteringMethod::Hardware2x2,
        AmbientLight {
            color: Color::srgb(0.9, 0.92, 1.0),
            brightness: AMBIENT,
            ..default()
        },
        Transform::from_xyz(0.0, 8.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Name::new("Sun"),
        Sun,
        DirectionalLight {
            illuminance: SUN_ILLUMINANCE,
            shadow_maps_enabled: false,
            ..default()
        },
        // One cascade: the board is small and always near the camera, and each cascade is
        // one more depth pass.
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 25.0,
            ..default()
        }
        .build(),
        Transform::from_translation(SUN).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(DirectionalLightShadowMap { size: 1024 });
}

/// Turns the sun round the board with the camera, so the light falls the same way on the
/// pieces from whichever side they are seen.
pub fn aim_sun(rig: Res<Rig>, mut sun: Query<&mut Transform, With<Sun>>) {
    let from = Quat::from_rotation_y(rig.now.yaw) * SUN;
    for mut transform in &mut sun {
        transform.set_if_neq(Transform::from_translation(from).looking_at(Vec3::ZERO, Vec3::Y));
    }
}

/// Turns the 2D camera or the 3D camera on, as the settings say, and the sun's shadows.
pub fn choose_camera(
    settings: Res<Settings>,
    mut flat: Query<&mut Camera, (With<BoardCamera>, Without<TableCamera>)>,
    mut table: Query<&mut Camera, With<TableCamera>>,
    mut sun: Query<&mut DirectionalLight, With<Sun>>,
) {
    let three_d = settings.view == BoardView::ThreeD;
    for mut camera in &mut flat {
        camera.is_active = !three_d;
    }
    for mut camera in &mut table {
        camera.is_active = three_d;
    }
    for mut light in &mut sun {
        light.shadow_maps_enabled = settings.shadows;
    }
}

/// The side to move's turning of the board (automatic, or F) swings the camera round.
pub fn follow_flip(flipped: Res<Flipped>, mut rig: ResMut<Rig>) {
    if rig.flipped != flipped.0 {
        rig.flipped = flipped.0;
        let preset = if flipped.0 {
            Preset::SecondSide
        } else {
            Preset::FirstSide
        };
        let mut goal = preset.angle();
        goal.pitch = rig.now.pitch.min(1.45);
        goal.zoom = rig.now.zoom;
        rig.swing_to(goal);
    }
}

/// The right button drags the camera round the board, the wheel brings it nearer or further,
/// unless the pointer is over the panels; only while a game is on the board (the wheel that
/// scrolls the menu's lists leaves the camera alone).
pub fn orbit(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    over_panels: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut rig: ResMut<Rig>,
) {
    if over_panels.is_some_and(|w| w.wants_any_pointer_input()) {
        return;
    }
    let mut angle = rig.now;
    if buttons.pressed(MouseButton::Right) && motion.delta != Vec2::ZERO {
        angle.yaw -= motion.delta.x * 0.008;
        angle.pitch = (angle.pitch + motion.delta.y * 0.006).clamp(0.25, 1.5);
    }
    if scroll.delta.y != 0.0 {
        let lines = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        angle.zoom = (angle.zoom * 1.1f32.powf(lines)).clamp(0.5, 2.5);
    }
    if angle != rig.now {
        rig.now = angle;
        rig.swing = None;
    }
}

/// Moves the swing on, easing in and out, asking frames while it lasts.
pub fn swing(
    time: Res<Time<Real>>,
    mut rig: ResMut<Rig>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some((from, to, elapsed)) = rig.swing else {
        return;
    };
    let elapsed = elapsed + time.delta_secs().min(0.05);
    let t = EaseFunction::CubicInOut.sample_clamped(elapsed / SWING);
    rig.now = from.lerp(to, t);
    rig.swing = (elapsed < SWING).then_some((from, to, elapsed));
    redraw.write(RequestRedraw);
}

/// Places the camera at the rig's angle, as near as sees the whole board with every piece on
/// it, in the space the 2D camera has beside the panel.
pub fn place_camera(
    rig: Res<Rig>,
    layout: Option<Res<BoardLayout>>,
    flat: Query<&Camera, (With<BoardCamera>, Without<TableCamera>)>,
    mut table: Query<(&mut Camera, &mut Transform, &Projection), With<TableCamera>>,
) {
    let Ok((mut camera, mut transform, projection)) = table.single_mut() else {
        return;
    };
    let bounds = |c: &Camera| {
        c.viewport
            .as_ref()
            .map(|v| (v.physical_position, v.physical_size))
    };
    if let Ok(flat) = flat.single()
        && bounds(&camera) != bounds(flat)
    {
        camera.viewport = flat.viewport.clone();
    }
    let board = layout.map_or(Vec2::splat(8.0), |l| {
        Vec2::new(f32::from(l.files), f32::from(l.ranks))
    });
    let fov = match projection {
        Projection::Perspective(p) => p.fov,
        _ => FOV,
    };
    let aspect = camera
        .logical_viewport_size()
        .map_or(1.0, |s| (s.x / s.y.max(1.0)).max(0.1));
    let Angle { yaw, pitch, zoom } = rig.now;
    let towards_eye = Vec3::new(
        pitch.cos() * yaw.sin(),
        pitch.sin(),
        pitch.cos() * yaw.cos(),
    );
    let view = View::new(towards_eye, fov, aspect);
    let (target, distance) = view.fit(&seen_points(board));
    let eye = target + towards_eye * distance / zoom;
    let wanted = Transform::from_translation(eye).looking_at(target, Vec3::Y);
    transform.set_if_neq(wanted);
}

/// The 3D camera's field of view, vertical, radians: narrow, so the far side of the board is
/// seen almost as large and as steeply as the near side, its pieces standing clear of those
/// in front of them.
pub const FOV: f32 = 0.5;

/// How much of the view's height and width the board may fill, the rest a margin round it.
const FILL: f32 = 0.94;

/// The points the camera must see on a board `board` squares across: the corners of the
/// board's coordinates round it on the table, and of the box its tallest pieces fill.
fn seen_points(board: Vec2) -> Vec<Vec3> {
    let labels = (board + 1.0) / 2.0;
    let pieces = board / 2.0;
    let height = TILE_TOP + KING_HEIGHT;
    let mut points = Vec::new();
    for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
        points.push(Vec3::new(x * labels.x, 0.0, z * labels.y));
        points.push(Vec3::new(x * pieces.x, height, z * pieces.y));
    }
    points
}

/// A perspective view's direction and opening, to fit points in.
struct View {
    /// From the point looked at towards the eye.
    back: Vec3,
    right: Vec3,
    up: Vec3,
    /// The tangents of half the view's opening across and up.
    opening: Vec2,
}

impl View {
    fn new(back: Vec3, fov: f32, aspect: f32) -> View {
        let right = Vec3::Y.cross(back).normalize_or(Vec3::X);
        let up = back.cross(right);
        let tan = (fov / 2.0).tan() * FILL;
        View {
            back,
            right,
            up,
            opening: Vec2::new(tan * aspect, tan),
        }
    }

    /// The nearest distance from `target` at which every point is in view.
    fn distance(&self, target: Vec3, points: &[Vec3]) -> f32 {
        points
            .iter()
            .map(|p| {
                let q = *p - target;
                let across = Vec2::new(q.dot(self.right), q.dot(self.up)).abs() / self.opening;
                q.dot(self.back) + across.max_element()
            })
            .fold(0.0, f32::max)
    }

    /// Where each point is seen, from -1 to 1 across and up the view, from `distance` away
    /// from `target`.
    fn seen(&self, target: Vec3, distance: f32, point: Vec3) -> Vec2 {
        let q = point - target;
        let depth = (distance - q.dot(self.back)).max(0.001);
        Vec2::new(q.dot(self.right), q.dot(self.up)) / (self.opening * depth)
    }

    /// The point to look at and the distance that show `points` as large as the view allows,
    /// centred in it: from their middle, the look moved (twice) to centre what is seen.
    fn fit(&self, points: &[Vec3]) -> (Vec3, f32) {
        let mut target = points.iter().copied().sum::<Vec3>() / points.len().max(1) as f32;
        let mut distance = self.distance(target, points);
        for _ in 0..2 {
            let (low, high) = points.iter().fold(
                (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
                |(low, high), p| {
                    let at = self.seen(target, distance, *p);
                    (low.min(at), high.max(at))
                },
            );
            let off = (low + high) / 2.0 * self.opening * distance;
            target += self.right * off.x + self.up * off.y;
            distance = self.distance(target, points);
        }
        (target, distance)
    }
}
