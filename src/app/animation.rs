//! Tweens: pieces and squares gliding along their paths, and captured pieces leaving the board,
//! each kind of capture in its own way. Only the view moves; the game has already changed.

use super::session::Frame;
use super::settings::Settings;
use crate::rules::Capture;
use bevy::prelude::*;

/// Seconds one step of a path takes at normal speed.
const STEP_SECONDS: f32 = 0.12;
/// Seconds a capture effect takes at normal speed.
const VANISH_SECONDS: f32 = 0.45;
/// How far above the board a moving piece is drawn.
const Z_LIFT: f32 = 1.0;

/// A glide through waypoints, one straight segment after another.
#[derive(Component, Clone, Debug)]
pub struct Tween {
    start: Vec3,
    points: Vec<Vec2>,
    elapsed: f32,
    /// Seconds to wait before starting.
    pub delay: f32,
}

impl Tween {
    /// A glide from `start` through `points` (a path's first point may repeat the start).
    pub fn along(start: Vec3, points: Vec<Vec2>) -> Tween {
        Tween {
            start,
            points,
            elapsed: 0.0,
            delay: 0.0,
        }
    }

    fn segments(&self) -> usize {
        self.points.len().max(1)
    }
}

/// How a piece leaves (or enters) the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct Vanish {
    style: VanishStyle,
    elapsed: f32,
    direction: Vec2,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum VanishStyle {
    /// Taken where it stood: shrinks away.
    Shrink,
    /// Caught between two enemies: flashes red, then is crushed flat.
    Crush,
    /// Plucked from afar: rises and fades, turning.
    Lift,
    /// Approach or withdrawal: knocked along the line of the move.
    Knock,
    /// A piece arriving on the board (a placement): grows in.
    Appear,
}

impl Vanish {
    /// The effect of a capture of kind `how`; `away` points from the capturer to the victim.
    pub fn new(how: Capture, away: Vec2) -> Vanish {
        let style = match how {
            Capture::Replacement | Capture::EnPassant => VanishStyle::Shrink,
            Capture::Interception => VanishStyle::Crush,
            Capture::Telekinesis => VanishStyle::Lift,
            Capture::Approach | Capture::Withdrawal => VanishStyle::Knock,
        };
        Vanish {
            style,
            elapsed: 0.0,
            direction: away,
        }
    }

    /// A piece growing into place.
    pub fn appear() -> Vanish {
        Vanish {
            style: VanishStyle::Appear,
            elapsed: 0.0,
            direction: Vec2::ZERO,
        }
    }
}

/// Registers the tweens.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, (glide, vanish).in_set(Frame::Animate));
}

/// How many times the normal length animations take (0: none).
fn length_factor(settings: Option<&Settings>) -> f32 {
    settings.map_or(1.0, |s| s.speed.length_factor())
}

fn glide(
    mut commands: Commands,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut tweens: Query<(Entity, &mut Tween, &mut Transform)>,
) {
    let step = STEP_SECONDS * length_factor(settings.as_deref());
    for (entity, mut tween, mut transform) in &mut tweens {
        tween.elapsed += time.delta_secs();
        let t = ((tween.elapsed - tween.delay) / step).max(0.0);
        let segment = t.floor() as usize;
        let base_z = tween.start.z;
        if segment >= tween.segments() || step == 0.0 {
            if let Some(end) = tween.points.last() {
                transform.translation = end.extend(base_z);
            }
            commands.entity(entity).remove::<Tween>();
            continue;
        }
        let from = if segment == 0 {
            tween.start.truncate()
        } else {
            tween.points[segment - 1]
        };
        let to = tween.points[segment];
        let eased = ease(t - segment as f32);
        transform.translation = from.lerp(to, eased).extend(base_z + Z_LIFT);
    }
}

fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

fn vanish(
    mut commands: Commands,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut effects: Query<(Entity, &mut Vanish, &mut Transform, &mut Sprite)>,
) {
    let length = VANISH_SECONDS * length_factor(settings.as_deref());
    for (entity, mut effect, mut transform, mut sprite) in &mut effects {
        effect.elapsed += time.delta_secs();
        let t = if length > 0.0 {
            (effect.elapsed / length).min(1.0)
        } else {
            1.0
        };
        match effect.style {
            VanishStyle::Shrink => transform.scale = Vec3::splat(1.0 - 0.7 * t),
            VanishStyle::Crush => {
                let flash = Color::srgb(1.0, 0.3, 0.3);
                sprite.color = Color::WHITE.mix(&flash, (t * 3.0).min(1.0));
                transform.scale = Vec3::new(1.0 + 0.3 * t, 1.0 - 0.9 * t, 1.0);
            }
            VanishStyle::Lift => {
                transform.translation.y += 60.0 * time.delta_secs() / length;
                transform.rotation = Quat::from_rotation_z(t * 1.5);
            }
            VanishStyle::Knock => {
                let push = effect.direction * 50.0 * time.delta_secs() / length;
                transform.translation += push.extend(0.0);
                transform.rotation = Quat::from_rotation_z(t * 0.8);
            }
            VanishStyle::Appear => transform.scale = Vec3::splat(0.3 + 0.7 * t),
        }
        if effect.style != VanishStyle::Appear {
            sprite.color = sprite.color.with_alpha(1.0 - t);
        }
        if t >= 1.0 {
            if effect.style == VanishStyle::Appear {
                transform.scale = Vec3::ONE;
                commands.entity(entity).remove::<Vanish>();
            } else {
                commands.entity(entity).despawn();
            }
        }
    }
}
