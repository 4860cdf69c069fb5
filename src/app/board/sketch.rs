//! What players draw on the board with the right button, as on lichess: a right click rings a
//! square, a right drag draws an arrow, each toggled by drawing it again; a left click, or the
//! board moving on, wipes them. A right click while a turn is being built cancels the turn
//! instead.

use crate::app::art::shapes::Shapes;
use crate::app::board::layout::{BoardLayout, SQUARE};
use crate::app::shared::game::Builder;
use crate::app::shared::messages::{BoardReset, Command, HintFound, SquareClicked, TurnPlayed};
use crate::app::shared::screen::{Frame, InGame};
use crate::rules::Loc;
use bevy::prelude::*;

/// The right button went down on one square and up on another (or the same one).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sketched {
    /// Where the button went down.
    pub from: Loc,
    /// Where it came up.
    pub to: Loc,
}

/// The rings and arrows drawn on the board.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Sketches {
    /// Ringed squares.
    pub rings: Vec<Loc>,
    /// Arrows, from and to.
    pub arrows: Vec<(Loc, Loc)>,
}

impl Sketches {
    /// Draws a ring (`from == to`) or an arrow, or wipes it if it is there already.
    fn toggle(&mut self, from: Loc, to: Loc) {
        fn flip<T: PartialEq>(list: &mut Vec<T>, item: T) {
            match list.iter().position(|x| *x == item) {
                Some(i) => {
                    list.remove(i);
                }
                None => list.push(item),
            }
        }
        if from == to {
            flip(&mut self.rings, from);
        } else {
            flip(&mut self.arrows, (from, to));
        }
    }
}

/// A drawn ring or arrow part.
#[derive(Component, Clone, Copy, Debug)]
pub struct SketchMark;

/// How high sketches are drawn: over the pieces and the marks.
const Z_SKETCH: f32 = 4.5;
/// The colour players draw in.
const INK: Color = Color::srgba(0.08, 0.55, 0.15, 0.8);

/// Registers the sketches.
pub fn plugin(app: &mut App) {
    app.init_resource::<Sketches>()
        .add_message::<Sketched>()
        .add_systems(
            Update,
            (sketch, draw_hints, wipe).chain().in_set(Frame::Apply),
        )
        .add_systems(
            Update,
            redraw
                .run_if(in_state(InGame))
                .run_if(resource_exists::<BoardLayout>)
                .run_if(
                    resource_changed::<Sketches>
                        .or_eager(resource_exists_and_changed::<BoardLayout>),
                )
                .in_set(Frame::Sync),
        );
}

/// Each right-button stroke draws (or wipes) a ring or an arrow; a right click during a turn
/// in progress cancels the turn.
fn sketch(
    mut strokes: MessageReader<Sketched>,
    builder: Res<Builder>,
    mut sketches: ResMut<Sketches>,
    mut out: MessageWriter<Command>,
) {
    for stroke in strokes.read() {
        if stroke.from == stroke.to && builder.0.in_progress() {
            out.write(Command::CancelTurn);
        } else {
            sketches.toggle(stroke.from, stroke.to);
        }
    }
}

/// The computer's hint is drawn as an arrow (over the same arrow, if the player drew it).
fn draw_hints(mut hints: MessageReader<HintFound>, mut sketches: ResMut<Sketches>) {
    for HintFound(turn) in hints.read() {
        let arrow = (turn.from, turn.to);
        sketches.arrows.retain(|drawn| *drawn != arrow);
        sketches.arrows.push(arrow);
    }
}

/// A left click, a turn played or the board redrawn wipes every sketch.
fn wipe(
    mut clicks: MessageReader<SquareClicked>,
    mut played: MessageReader<TurnPlayed>,
    mut reset: MessageReader<BoardReset>,
    mut sketches: ResMut<Sketches>,
) {
    let moved_on = clicks.read().count() + played.read().count() + reset.read().count() > 0;
    if moved_on {
        sketches.set_if_neq(Sketches::default());
    }
}

/// Draws the rings and arrows afresh.
fn redraw(
    mut commands: Commands,
    old: Query<Entity, With<SketchMark>>,
    sketches: Res<Sketches>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let mut spawn = |sprite: Sprite, transform: Transform| {
        commands.spawn((
            SketchMark,
            sprite,
            transform,
            Pickable::IGNORE,
            DespawnOnExit(InGame),
        ));
    };
    for &at in &sketches.rings {
        let sprite = Shapes::sprite(&shapes.ring, INK, Vec2::splat(SQUARE * 0.95));
        spawn(
            sprite,
            Transform::from_translation(layout.world(at).extend(Z_SKETCH)),
        );
    }
    for &(from, to) in &sketches.arrows {
        for (sprite, transform) in arrow(&layout, &shapes, (from, to), INK, Z_SKETCH) {
            spawn(sprite, transform);
        }
    }
}

/// The shaft and the head of an arrow from one square to another, in `colour`, drawn at
/// height `z`: the players' arrows and the analysis's.
pub fn arrow(
    layout: &BoardLayout,
    shapes: &Shapes,
    (from, to): (Loc, Loc),
    colour: Color,
    z: f32,
) -> [(Sprite, Transform); 2] {
    let (a, b) = (layout.world(from), layout.world(to));
    let along = (b - a).normalize_or_zero();
    let angle = Quat::from_rotation_z(along.y.atan2(along.x));
    let head = SQUARE * 0.42;
    let tip = b - along * SQUARE * 0.12;
    let shaft_end = tip - along * head;
    let start = a + along * SQUARE * 0.2;
    let shaft = Sprite::from_color(colour, Vec2::new(start.distance(shaft_end), SQUARE * 0.14));
    let arrow_head = Shapes::sprite(&shapes.head, colour, Vec2::splat(head));
    [
        (
            shaft,
            Transform::from_translation(((start + shaft_end) / 2.0).extend(z)).with_rotation(angle),
        ),
        (
            arrow_head,
            Transform::from_translation((tip - along * head / 2.0).extend(z)).with_rotation(angle),
        ),
    ]
}
