//! The 3D view's camera, light and table. The camera looks at the board's centre from a yaw,
//! a pitch and a distance: the right button drags it round, the wheel brings it nearer, the
//! presets and the side to move (with automatic turning on, or F) swing it with an eased
//! motion. It draws into the same space beside the panel as the 2D camera.

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

const PITCH: f32 = 0.8;
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

/// Where the sun shines from: 45 degrees up, from the first player's left and in front, so
/// each piece has a lit side and a shaded side as the camera sees it (its shape reads), not a
/// face lit full on.
const SUN: Vec3 = Vec3::new(-0.612, 0.707, 0.354);

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

/// Places the camera at the rig's angle, far enough to see the whole board, in the space the
/// 2D camera has beside the panel.
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
        Vec2::new(f32::from(l.files), f32::from(l.ranks)) + 1.0
    });
    let fov = match projection {
        Projection::Perspective(p) => p.fov,
        _ => std::f32::consts::FRAC_PI_4,
    };
    let aspect = camera
        .logical_viewport_size()
        .map_or(1.0, |s| (s.x / s.y.max(1.0)).max(0.1));
    let Angle { yaw, pitch, zoom } = rig.now;
    let across = board.x.max(board.y);
    let fit_height = across * (0.5 + 0.25 * pitch.cos()) / (fov / 2.0).tan();
    let fit_width = across * 0.55 / ((fov / 2.0).tan() * aspect);
    let distance = fit_height.max(fit_width) / zoom;
    let eye = Vec3::new(
        distance * pitch.cos() * yaw.sin(),
        distance * pitch.sin(),
        distance * pitch.cos() * yaw.cos(),
    );
    let wanted = Transform::from_translation(eye).looking_at(Vec3::ZERO, Vec3::Y);
    transform.set_if_neq(wanted);
}
