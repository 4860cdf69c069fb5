//! The timeline: a played turn becomes clips on one clock, stage after stage, and every frame
//! poses each clipped entity from its clips. Only the view moves; the game has already changed.
//! While anything moves the app asks for frames (the window is reactive), then goes idle; any
//! click or key completes the timeline at once before it acts.

use crate::app::shared::cue::Cue;
use crate::app::shared::messages::{Command, ComputerRequest, SquareClicked, SwitchView};
use crate::app::shared::screen::Frame;
use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::math::curve::{Curve, EaseFunction, Interval, SampleAutoCurve};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// The most one frame moves the clock on: a frame held up (a save being synced, art being
/// drawn) slows the motion down rather than skipping it.
const LONGEST_STEP: f32 = 0.05;
/// How far above its rest a moving piece is drawn.
const Z_LIFT: f32 = 1.0;

/// The clock of the turn being played out, and the cues still to sound.
#[derive(Resource, Default, Debug)]
pub struct Timeline {
    elapsed: f32,
    end: f32,
    cues: Vec<(f32, Cue)>,
    finishing: bool,
}

impl Timeline {
    /// Whether a turn is still being played out.
    pub fn running(&self) -> bool {
        self.elapsed < self.end || self.finishing
    }

    /// Starts a new timeline of `end` seconds with its cues.
    pub fn start(&mut self, end: f32, cues: Vec<(f32, Cue)>) {
        self.elapsed = 0.0;
        self.end = end;
        self.cues = cues;
        self.finishing = end <= 0.0;
    }

    /// Jumps to the end: every clip is posed at its end on the next pose.
    pub fn finish(&mut self) {
        if self.elapsed < self.end {
            self.elapsed = self.end;
            self.finishing = true;
        }
    }
}

/// An entity's clips on the timeline, and where it rests when none has started.
#[derive(Component, Clone, Debug)]
pub struct Clips {
    /// The pose before any clip: its place (z included) and angle.
    pub rest: Transform,
    /// Its sprite's own colour (white for a picture), which clips tint and fade.
    pub colour: Color,
    /// Its clips, in the order they apply.
    pub clips: Vec<Clip>,
}

/// One motion of one entity: from `start` seconds on the timeline, for `length` seconds.
#[derive(Clone, Debug)]
pub struct Clip {
    /// When it starts, in seconds from the start of the turn.
    pub start: f32,
    /// How long it takes.
    pub length: f32,
    /// What it does.
    pub motion: Motion,
}

/// What a clip does to its entity.
#[derive(Clone, Debug)]
pub enum Motion {
    /// Along these world points, eased over the whole path; `hop` arcs it over what it passes
    /// (a leaper).
    Glide {
        /// The points, start first.
        path: Vec<Vec2>,
        /// Whether it jumps rather than slides.
        hop: bool,
    },
    /// Leaves the board in this way, then is gone.
    Leave(Leave),
    /// Grows into place (placed, or brought back by an undo); `drop` lets it fall in from
    /// above, larger.
    Enter {
        /// Whether it drops in from above.
        drop: bool,
    },
    /// Turns edge-on, becomes this picture, turns back.
    Morph(Handle<Image>),
    /// Swells and shrinks twice (a King in check).
    Pulse,
    /// An effect sprite: flies by `velocity` (world units per second) and fades out.
    Spark {
        /// Its velocity.
        velocity: Vec2,
    },
    /// An effect sprite: flashes in and fades out where it stands.
    Flash,
    /// Shakes from side to side, dying away (a piece that may not move now).
    Shake,
}

/// How a captured piece leaves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Leave {
    /// Knocked off where it stood: shrinks and spins away in `away`'s direction.
    Knock {
        /// The direction it flies.
        away: Vec2,
    },
    /// Caught between two enemies: flushes red and is crushed flat.
    Crush,
    /// Plucked from afar: rises, turns and fades.
    Lift,
    /// Pushed off along the line of the move.
    Push {
        /// The direction it is pushed.
        away: Vec2,
    },
    /// Taken by its own side (Pawns-to-Kings): drawn into the taker.
    Absorb {
        /// Where the taker stands.
        into: Vec2,
    },
}

/// Every entity on the timeline, as posing needs it.
type Clipped<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static mut Clips,
        &'static mut Transform,
        &'static mut Sprite,
        Has<Ephemeral>,
    ),
>;

/// Removed from the world when its clips end (captured pieces, effect sprites).
#[derive(Component, Clone, Copy, Debug)]
pub struct Ephemeral;

/// Registers the timeline.
pub fn plugin(app: &mut App) {
    app.init_resource::<Timeline>()
        .add_message::<RequestRedraw>()
        .add_systems(Update, finish_on_input.in_set(Frame::Finish))
        .add_systems(
            Update,
            (advance, pose, keep_drawing).chain().in_set(Frame::Animate),
        );
}

/// Every kind of request the panels, the keyboard and scripts send.
#[derive(SystemParam)]
struct Requests<'w, 's> {
    commands: MessageReader<'w, 's, Command>,
    computer: MessageReader<'w, 's, ComputerRequest>,
    switches: MessageReader<'w, 's, SwitchView>,
}

impl Requests<'_, '_> {
    /// Whether any request came since the last look (reading them all).
    fn any(&mut self) -> bool {
        self.commands.read().count() + self.computer.read().count() + self.switches.read().count()
            > 0
    }
}

/// A click, a key or a command while a turn plays out completes it at once, before it acts. It
/// runs after every input of the frame is in (clicks, keys, the panel's and the script's
/// commands) and before any is applied, so it never mistakes the input that started a turn for
/// one that came during it.
fn finish_on_input(
    mut timeline: ResMut<Timeline>,
    mut clicks: MessageReader<SquareClicked>,
    mut requests: Requests,
    mut keys: MessageReader<KeyboardInput>,
    mut commands_out: Commands,
    clipped: Clipped,
) {
    let input = !clicks.is_empty() || requests.any() || !keys.is_empty();
    clicks.clear();
    keys.clear();
    if !input || !timeline.running() {
        return;
    }
    timeline.finish();
    pose_all(&mut timeline, &mut commands_out, clipped);
}

/// Moves the clock on (by at most [`LONGEST_STEP`]), and sends the cues it passes.
fn advance(time: Res<Time>, mut timeline: ResMut<Timeline>, mut cues: MessageWriter<Cue>) {
    if timeline.elapsed < timeline.end {
        let step = time.delta_secs().min(LONGEST_STEP);
        timeline.elapsed = (timeline.elapsed + step).min(timeline.end);
        if timeline.elapsed >= timeline.end {
            timeline.finishing = true;
        }
    }
    let now = timeline.elapsed;
    timeline.cues.retain(|(at, cue)| {
        let due = *at <= now;
        if due {
            cues.write(*cue);
        }
        !due
    });
}

fn pose(mut timeline: ResMut<Timeline>, mut commands: Commands, clipped: Clipped) {
    pose_all(&mut timeline, &mut commands, clipped);
}

/// Poses every clipped entity at the timeline's time; at its end, leaves each in its final pose
/// and removes the clips (and the ephemeral entities).
fn pose_all(timeline: &mut Timeline, commands: &mut Commands, mut clipped: Clipped) {
    let done = timeline.finishing;
    let now = if done {
        f32::INFINITY
    } else {
        timeline.elapsed
    };
    for (entity, clips, mut transform, mut sprite, ephemeral) in &mut clipped {
        let posed = pose_at(&clips, now, &mut sprite);
        *transform = posed;
        if done {
            if ephemeral {
                commands.entity(entity).despawn();
            } else {
                transform.translation.z = clips.rest.translation.z;
                transform.rotation = clips.rest.rotation;
                transform.scale = clips.rest.scale;
                sprite.color = clips.colour;
                commands.entity(entity).remove::<Clips>();
            }
        }
    }
    if done {
        timeline.finishing = false;
        timeline.cues.clear();
    }
}

/// The pose of an entity with `clips` at time `now` (also setting its sprite's picture and
/// colour).
fn pose_at(clips: &Clips, now: f32, sprite: &mut Sprite) -> Transform {
    let mut pose = clips.rest;
    let mut alpha = clips.colour.alpha();
    let mut tint = clips.colour;
    for clip in &clips.clips {
        let u = if clip.length > 0.0 {
            ((now - clip.start) / clip.length).clamp(0.0, 1.0)
        } else if now >= clip.start {
            1.0
        } else {
            0.0
        };
        if now < clip.start {
            if matches!(clip.motion, Motion::Enter { .. }) {
                pose.scale = Vec3::ZERO;
            }
            continue;
        }
        apply(&clip.motion, u, &mut pose, &mut alpha, &mut tint, sprite);
    }
    sprite.color = tint.with_alpha(alpha);
    pose
}

/// Applies `motion` at its progress `u` (0 to 1).
fn apply(
    motion: &Motion,
    u: f32,
    pose: &mut Transform,
    alpha: &mut f32,
    tint: &mut Color,
    sprite: &mut Sprite,
) {
    let rest_z = pose.translation.z;
    let moving = u < 1.0;
    match motion {
        Motion::Glide { path, hop } => {
            let Some(at) = along(path, EaseFunction::CubicInOut.sample_clamped(u)) else {
                return;
            };
            pose.translation = at.extend(rest_z + if moving { Z_LIFT } else { 0.0 });
            if *hop {
                let arc = (u * std::f32::consts::PI).sin();
                pose.scale = Vec3::splat(1.0 + 0.35 * arc);
                pose.translation.y += arc * 18.0;
            }
        }
        Motion::Leave(leave) => {
            let k = EaseFunction::QuadraticIn.sample_clamped(u);
            *alpha *= 1.0 - k;
            match *leave {
                Leave::Knock { away } => {
                    pose.translation += (away * 40.0 * k).extend(Z_LIFT);
                    pose.rotation = Quat::from_rotation_z(k * 2.5);
                    pose.scale = Vec3::splat(1.0 - 0.5 * k);
                }
                Leave::Crush => {
                    *tint = tint.mix(&Color::srgb(1.0, 0.3, 0.3), (u * 3.0).min(1.0));
                    pose.scale = Vec3::new(1.0 + 0.35 * k, 1.0 - 0.9 * k, 1.0);
                }
                Leave::Lift => {
                    pose.translation += Vec3::new(0.0, 60.0 * k, Z_LIFT);
                    pose.rotation = Quat::from_rotation_z(k * 1.5);
                    *tint = tint.mix(&Color::srgb(0.6, 0.8, 1.0), k);
                }
                Leave::Push { away } => {
                    pose.translation += (away * 64.0 * k).extend(Z_LIFT);
                    pose.rotation = Quat::from_rotation_z(k * 0.8);
                }
                Leave::Absorb { into } => {
                    let from = pose.translation.truncate();
                    pose.translation = from.lerp(into, k).extend(rest_z + Z_LIFT);
                    pose.scale = Vec3::splat(1.0 - 0.8 * k);
                    *tint = tint.mix(&Color::srgb(1.0, 0.85, 0.3), k);
                }
            }
        }
        Motion::Enter { drop } => {
            let k = EaseFunction::BackOut.sample_clamped(u);
            if *drop {
                pose.scale = Vec3::splat(1.6 - 0.6 * k);
                pose.translation.y += 30.0 * (1.0 - u);
                *alpha *= u;
            } else {
                pose.scale = Vec3::splat(0.3 + 0.7 * k);
                *alpha *= u.max(0.2);
            }
        }
        Motion::Morph(picture) => {
            let edge = (1.0 - 2.0 * u).abs();
            pose.scale.x *= edge.max(0.05);
            if u >= 0.5 {
                sprite.image = picture.clone();
            }
        }
        Motion::Pulse => {
            let swell = (u * std::f32::consts::TAU * 2.0).sin().max(0.0);
            pose.scale *= 1.0 + 0.18 * swell;
            *tint = tint.mix(&Color::srgb(1.0, 0.45, 0.45), swell);
        }
        Motion::Spark { velocity } => {
            pose.translation += (*velocity * u * 0.5).extend(0.0);
            pose.scale *= 1.0 - 0.6 * u;
            *alpha *= 1.0 - u;
        }
        Motion::Flash => {
            *alpha *= (u * std::f32::consts::PI).sin();
        }
        Motion::Shake => {
            pose.translation.x += (u * std::f32::consts::TAU * 3.0).sin() * 7.0 * (1.0 - u);
        }
    }
}

/// The point `t` (0 to 1) of the way along a path, straight from point to point.
fn along(path: &[Vec2], t: f32) -> Option<Vec2> {
    match path {
        [] => None,
        [only] => Some(*only),
        _ => SampleAutoCurve::new(Interval::UNIT, path.iter().copied())
            .ok()
            .map(|curve| curve.sample_clamped(t)),
    }
}

/// Keeps a reactive window drawing while anything moves; asks nothing once all is still.
fn keep_drawing(timeline: Res<Timeline>, mut redraw: MessageWriter<RequestRedraw>) {
    if timeline.running() {
        redraw.write(RequestRedraw);
    }
}
