//! Choreography: the engine's account of a turn (its events, in order) turned into clips on the
//! timeline, stage after stage — placement, move, captures, slide, promotions — with an effect
//! for each kind of capture; played backwards for an undo. It never works out a rule: every
//! motion comes from an event.

use crate::app::board::layout::{BoardLayout, SQUARE};
use crate::app::motion::timeline::{Clip, Clips, Leave, Motion};
use crate::app::shared::cue::Cue;
use crate::app::shared::settings::Settings;
use crate::rules::{Capture, Event, Loc, Piece};
use bevy::prelude::*;
use std::collections::HashMap;

/// Seconds one step of a path takes at normal speed.
const STEP: f32 = 0.12;
/// Seconds a leap takes.
const HOP: f32 = 0.32;
/// Seconds a piece takes to enter the board.
const ENTER: f32 = 0.35;
/// Seconds a captured piece takes to leave.
const LEAVE: f32 = 0.45;
/// Seconds between two pieces pushed off by one approach or withdrawal.
const PUSH_STAGGER: f32 = 0.09;
/// Seconds a square takes to slide.
const SLIDE: f32 = 0.38;
/// Seconds a promotion's turn takes.
const MORPH: f32 = 0.4;
/// Seconds a checked King pulses.
const PULSE: f32 = 0.8;
/// A leap longer than this many squares (American Chess's Missile strike) leaves a streak.
const STREAK_SQUARES: f32 = 2.5;
/// How many sparks a knocked-off piece throws.
const SPARKS: usize = 10;

/// The parts of a turn, played one after another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Place,
    Move,
    Capture,
    Slide,
    Promote,
    After,
}

fn stage_of(event: &Event) -> Stage {
    match event {
        Event::Placed { .. } => Stage::Place,
        Event::Moved { .. } => Stage::Move,
        Event::Captured { .. } | Event::RemovedFromReserve { .. } => Stage::Capture,
        Event::Slid { .. } => Stage::Slide,
        Event::Promoted { .. } => Stage::Promote,
    }
}

/// An effect sprite to spawn: what it looks like and its clip.
pub struct Spark {
    /// Its sprite.
    pub sprite: Sprite,
    /// Its clips (its place and angle are their rest).
    pub clips: Clips,
}

/// A piece to put on the board (placed, or brought back by an undo) with how it enters.
pub struct Arrival {
    /// Where.
    pub at: Loc,
    /// What.
    pub piece: Piece,
    /// Its clips.
    pub clips: Clips,
}

/// A turn's motion being composed; see [`Choreography::forward`] and
/// [`Choreography::backward`].
pub struct Choreography<'a> {
    layout: &'a BoardLayout,
    picture: &'a dyn Fn(Piece) -> Handle<Image>,
    factor: f32,
    effects: bool,
    /// Where each drawn piece stands, kept in step as the events play.
    pub pieces: HashMap<Loc, Entity>,
    /// Where each drawn square lies.
    pub squares: HashMap<Loc, Entity>,
    /// The clips of existing entities.
    pub clips: HashMap<Entity, Clips>,
    /// Pieces that change what they are (entity, new piece).
    pub changed: Vec<(Entity, Piece)>,
    /// Pieces captured: they leave and are gone.
    pub gone: Vec<Entity>,
    /// Pieces to spawn.
    pub arrivals: Vec<Arrival>,
    /// Effect sprites to spawn.
    pub sparks: Vec<Spark>,
    /// Moments to sound, in seconds from the start.
    pub cues: Vec<(f32, Cue)>,
    stage: Option<Stage>,
    stage_start: f32,
    /// When the last clip ends.
    pub end: f32,
    landed: Option<(Loc, Piece)>,
    /// Pieces pushed off so far by this turn's approach or withdrawal, one after another.
    pushed: usize,
}

impl<'a> Choreography<'a> {
    /// A choreography over the drawn pieces and squares, at the settings' speed.
    pub fn new(
        layout: &'a BoardLayout,
        settings: &Settings,
        picture: &'a dyn Fn(Piece) -> Handle<Image>,
        pieces: HashMap<Loc, Entity>,
        squares: HashMap<Loc, Entity>,
    ) -> Choreography<'a> {
        Choreography {
            layout,
            picture,
            factor: settings.speed.length_factor(),
            effects: !settings.reduce_motion,
            pieces,
            squares,
            clips: HashMap::new(),
            changed: Vec::new(),
            gone: Vec::new(),
            arrivals: Vec::new(),
            sparks: Vec::new(),
            cues: Vec::new(),
            stage: None,
            stage_start: 0.0,
            end: 0.0,
            landed: None,
            pushed: 0,
        }
    }

    fn world(&self, loc: Loc) -> Vec2 {
        self.layout.world(loc)
    }

    /// Enters the stage of an event: a new stage starts when the previous one ends.
    fn enter(&mut self, stage: Stage, cue: Option<Cue>) {
        if self.stage != Some(stage) {
            self.stage = Some(stage);
            self.stage_start = self.end;
            if let Some(cue) = cue {
                self.cues.push((self.stage_start, cue));
            }
        }
    }

    /// Adds a clip to `entity` starting `offset` seconds into the stage; `rest` is where the
    /// entity stands before its first clip.
    fn clip(&mut self, entity: Entity, rest: Vec3, offset: f32, length: f32, motion: Motion) {
        let rest = Transform::from_translation(rest);
        let clip = self.timed(offset, length, motion);
        self.clips
            .entry(entity)
            .or_insert_with(|| Clips {
                rest,
                colour: Color::WHITE,
                clips: Vec::new(),
            })
            .clips
            .push(clip);
    }

    /// A clip `offset` seconds into the current stage, scaled to the speed.
    fn timed(&mut self, offset: f32, length: f32, motion: Motion) -> Clip {
        let start = self.stage_start + offset * self.factor;
        let length = length * self.factor;
        self.end = self.end.max(start + length);
        Clip {
            start,
            length,
            motion,
        }
    }

    fn piece_rest(&self, loc: Loc) -> Vec3 {
        self.world(loc).extend(crate::app::board::layout::Z_PIECE)
    }

    /// Plays `events` forwards. `previewed` is the piece already drawn on its destination while
    /// the turn was being built: it does not glide again.
    pub fn forward(&mut self, events: &[Event], previewed: Option<Entity>) {
        for event in events {
            let stage = stage_of(event);
            match event {
                Event::Placed { piece, at } => {
                    self.enter(stage, Some(Cue::Move));
                    self.arrive(*piece, *at, true);
                }
                Event::Moved { piece, path } => {
                    self.enter(stage, Some(Cue::Move));
                    self.glide_piece(path, previewed);
                    if let Some(to) = path.last() {
                        self.landed = Some((*to, *piece));
                    }
                }
                Event::Captured { piece, at, how } => {
                    self.enter(stage, Some(Cue::Capture(*how)));
                    self.capture(*piece, *at, *how);
                }
                Event::RemovedFromReserve { .. } => {
                    self.enter(stage, Some(Cue::Capture(Capture::Replacement)));
                }
                Event::Slid { from, to } => {
                    self.enter(stage, Some(Cue::Slide));
                    self.slide(*from, *to);
                }
                Event::Promoted { at, to, .. } => {
                    self.enter(stage, Some(Cue::Promotion));
                    self.morph(*at, *to);
                }
            }
        }
    }

    /// Plays `events` backwards, as an undo shows them: each event undone, last first.
    pub fn backward(&mut self, events: &[Event]) {
        for event in events.iter().rev() {
            let stage = stage_of(event);
            match event {
                Event::Placed { at, .. } => {
                    self.enter(stage, Some(Cue::Move));
                    if let Some(entity) = self.pieces.remove(at) {
                        let rest = self.piece_rest(*at);
                        self.clip(entity, rest, 0.0, LEAVE, Motion::Leave(Leave::Lift));
                        self.gone.push(entity);
                    }
                }
                Event::Moved { path, .. } => {
                    self.enter(stage, Some(Cue::Move));
                    let back: Vec<Loc> = path.iter().rev().copied().collect();
                    self.glide_piece(&back, None);
                }
                Event::Captured { piece, at, .. } => {
                    self.enter(stage, Some(Cue::Move));
                    self.arrive(*piece, *at, false);
                }
                Event::RemovedFromReserve { .. } => {}
                Event::Slid { from, to } => {
                    self.enter(stage, Some(Cue::Slide));
                    self.slide(*to, *from);
                }
                Event::Promoted { at, from, .. } => {
                    self.enter(stage, Some(Cue::Promotion));
                    self.morph(*at, *from);
                }
            }
        }
    }

    /// `piece` enters the board on `at` (dropping in from above when `drop`).
    fn arrive(&mut self, piece: Piece, at: Loc, drop: bool) {
        let clip = self.timed(0.0, ENTER, Motion::Enter { drop });
        self.arrivals.push(Arrival {
            at,
            piece,
            clips: Clips {
                rest: Transform::from_translation(self.piece_rest(at)),
                colour: Color::WHITE,
                clips: vec![clip],
            },
        });
    }

    /// The piece on `path`'s first point glides (or hops) along it.
    fn glide_piece(&mut self, path: &[Loc], previewed: Option<Entity>) {
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            return;
        };
        let Some(entity) = self.pieces.remove(&from) else {
            return;
        };
        self.pieces.insert(to, entity);
        if previewed == Some(entity) {
            return;
        }
        let points: Vec<Vec2> = path.iter().map(|l| self.world(*l)).collect();
        let hop = points.len() == 2 && points[0].distance(points[1]) > SQUARE * 1.5;
        let length = if hop {
            HOP
        } else {
            (STEP * (points.len() - 1) as f32).max(0.18)
        };
        let rest = self.piece_rest(from);
        let streak = hop && points[0].distance(points[1]) > SQUARE * STREAK_SQUARES;
        if streak && self.effects {
            self.beam(points[0], points[1], Color::srgb(1.0, 0.6, 0.2), length);
        }
        self.clip(
            entity,
            rest,
            0.0,
            length,
            Motion::Glide { path: points, hop },
        );
    }

    /// The piece on `at` leaves as its kind of capture shows.
    fn capture(&mut self, piece: Piece, at: Loc, how: Capture) {
        let Some(entity) = self.pieces.remove(&at) else {
            return;
        };
        let here = self.world(at);
        let taker = self.landed.map(|(loc, _)| self.world(loc));
        let away = taker.map_or(Vec2::Y, |t| (here - t).normalize_or(Vec2::Y));
        let own = how != Capture::Explosion
            && self
                .landed
                .is_some_and(|(_, mover)| mover.side == piece.side);
        let rest = self.piece_rest(at);
        let (offset, leave) = match how {
            _ if own => (
                0.0,
                Leave::Absorb {
                    into: taker.unwrap_or(here),
                },
            ),
            Capture::Replacement | Capture::EnPassant => (0.0, Leave::Knock { away }),
            Capture::Interception | Capture::Explosion => (0.15, Leave::Crush),
            Capture::Telekinesis => (0.15, Leave::Lift),
            Capture::Approach | Capture::Withdrawal => {
                self.pushed += 1;
                (
                    (self.pushed - 1) as f32 * PUSH_STAGGER,
                    Leave::Push { away },
                )
            }
        };
        self.clip(entity, rest, offset, LEAVE, Motion::Leave(leave));
        self.gone.push(entity);
        if !self.effects {
            return;
        }
        match how {
            _ if own => self.burst(here, Color::srgb(1.0, 0.85, 0.3)),
            Capture::Replacement | Capture::EnPassant => {
                self.burst(here, Color::srgb(1.0, 0.95, 0.8));
            }
            Capture::Explosion => self.burst(here, Color::srgb(1.0, 0.45, 0.15)),
            Capture::Interception => {
                if let Some(t) = taker {
                    self.beam(t, here + (here - t), Color::srgb(1.0, 0.35, 0.3), 0.35);
                }
            }
            Capture::Telekinesis => {
                if let Some(t) = taker {
                    self.beam(t, here, Color::srgb(0.55, 0.75, 1.0), 0.45);
                }
            }
            Capture::Approach | Capture::Withdrawal => {}
        }
    }

    /// Sparks fly from `at`.
    fn burst(&mut self, at: Vec2, colour: Color) {
        for i in 0..SPARKS {
            let angle = std::f32::consts::TAU * (i as f32 + 0.3) / SPARKS as f32;
            let speed = SQUARE * (1.4 + 0.5 * ((i * 7) % 3) as f32);
            let velocity = Vec2::from_angle(angle) * speed;
            let clip = self.timed(0.0, LEAVE, Motion::Spark { velocity });
            self.sparks.push(Spark {
                sprite: Sprite::from_color(colour, Vec2::splat(SQUARE * 0.08)),
                clips: Clips {
                    rest: Transform::from_translation(
                        at.extend(crate::app::board::layout::Z_PIECE + 1.5),
                    )
                    .with_rotation(Quat::from_rotation_z(angle)),
                    colour,
                    clips: vec![clip],
                },
            });
        }
    }

    /// A line of light from `a` to `b` flashes.
    fn beam(&mut self, a: Vec2, b: Vec2, colour: Color, length: f32) {
        let delta = b - a;
        let clip = self.timed(0.0, length, Motion::Flash);
        self.sparks.push(Spark {
            sprite: Sprite::from_color(colour, Vec2::new(delta.length(), SQUARE * 0.09)),
            clips: Clips {
                rest: Transform::from_translation(
                    ((a + b) / 2.0).extend(crate::app::board::layout::Z_PIECE + 1.5),
                )
                .with_rotation(Quat::from_rotation_z(delta.y.atan2(delta.x))),
                colour,
                clips: vec![clip],
            },
        });
    }

    /// The square on `from` slides to `to`, with any piece on it.
    fn slide(&mut self, from: Loc, to: Loc) {
        let path = vec![self.world(from), self.world(to)];
        if let Some(square) = self.squares.remove(&from) {
            self.squares.insert(to, square);
            let rest = self.world(from).extend(0.0);
            let glide = Motion::Glide {
                path: path.clone(),
                hop: false,
            };
            self.clip(square, rest, 0.0, SLIDE, glide);
        }
        if let Some(rider) = self.pieces.remove(&from) {
            self.pieces.insert(to, rider);
            let rest = self.piece_rest(from);
            self.clip(rider, rest, 0.0, SLIDE, Motion::Glide { path, hop: false });
        }
    }

    /// The piece on `at` becomes `to`.
    fn morph(&mut self, at: Loc, to: Piece) {
        let Some(&entity) = self.pieces.get(&at) else {
            return;
        };
        let rest = self.piece_rest(at);
        let picture = (self.picture)(to);
        self.clip(entity, rest, 0.0, MORPH, Motion::Morph(picture));
        self.changed.push((entity, to));
    }

    /// After the turn, the Kings on `kings` are in check: they pulse.
    pub fn check(&mut self, kings: impl IntoIterator<Item = Loc>) {
        self.enter(Stage::After, Some(Cue::Check));
        if !self.effects {
            return;
        }
        for king in kings {
            if let Some(&entity) = self.pieces.get(&king) {
                let rest = self.piece_rest(king);
                self.clip(entity, rest, 0.0, PULSE, Motion::Pulse);
            }
        }
    }

    /// The game ended with this turn.
    pub fn game_over(&mut self) {
        self.cues.push((self.end, Cue::GameOver));
    }
}
