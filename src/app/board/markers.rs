//! Marks on the board: the last turn, a King in check, the piece picked and where it may go,
//! the pieces a turn may remove, placement and slide choices, and the moves of a piece the
//! pointer rests on. All of it comes from the engine's legal turns; nothing is worked out here.

use crate::app::art::shapes::Shapes;
use crate::app::board::layout::{BoardLayout, SQUARE};
use crate::app::board::preview::settled_move;
use crate::app::board::scene::ShownGame;
use crate::app::board::spawn::piece_sprite;
use crate::app::session::turns::events_of;
use crate::app::shared::game::{ActiveGame, Builder, Viewing};
use crate::app::shared::pointer::Hovered;
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::turn_builder::{Choice, Part, TurnBuilder};
use crate::rules::{Capture, Event, Game, Loc, Piece, Turn};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

const Z_MARK: f32 = 1.0;
/// Dots, rings and ghosts are drawn over the pieces, so a target on a piece is never hidden.
const Z_OVER: f32 = 3.5;

/// A mark drawn on the board; all are redrawn whenever anything they show changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// The squares the last turn moved from and to.
    LastMove,
    /// A King in check.
    Check,
    /// The piece picked.
    Selected,
    /// A square the turn can continue on, where it captures nothing: a dot.
    Target,
    /// A square the turn can continue on where it captures (on it, or elsewhere): a ring.
    Capture,
    /// A piece the turn may remove.
    Removal,
    /// Where the hovered piece of the side to move could go (a ring where a piece stands).
    Reach,
    /// Where the hovered piece of the other side could go: hollow circles in another colour,
    /// so they are not taken for the side to move's.
    OtherReach,
    /// A piece the turn in progress (or the destination pointed at) will capture.
    Victim,
    /// A square the last turn emptied by a capture from elsewhere (interception, approach,
    /// withdrawal, telekinesis): kept marked until the next turn.
    Vacated,
    /// The gap the last turn's slide left: a dashed outline, so it still reads as a gap.
    SlideGap,
    /// The square the last turn slid, where it now stands: a solid outline, its own colour
    /// left as it is.
    SlideTile,
    /// Where the square being chosen would slide to: a ghost of it in the gap.
    SlideGhost,
    /// Where a piece may be placed before the move: a faint picture of that piece.
    Placement,
    /// What decided a finished game: the mating pieces and the mated King, the captured King,
    /// the pieces holding the Gauntlet.
    Decided,
}

/// How a mark is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    /// Fills the square, under the pieces.
    Fill,
    /// A dot in the middle of the square, over the pieces.
    Dot,
    /// A ring round the square's edge, over the pieces.
    Ring,
    /// A small hollow circle in the middle of the square, over the pieces.
    Hollow,
    /// A dashed outline of the square, over a gap (where a fill would look like a square).
    Outline,
    /// A solid outline of the square, under the pieces.
    Edge,
}

impl Marker {
    fn colour(self) -> Color {
        match self {
            Marker::LastMove => Color::srgba(0.95, 0.85, 0.2, 0.35),
            Marker::Check => Color::srgba(0.9, 0.1, 0.1, 0.55),
            Marker::Selected => Color::srgba(0.2, 0.75, 0.3, 0.5),
            Marker::Target | Marker::Capture => Color::srgba(0.08, 0.3, 0.12, 0.6),
            Marker::Removal => Color::srgba(0.85, 0.1, 0.1, 0.85),
            Marker::Reach => Color::srgba(0.15, 0.35, 0.85, 0.55),
            Marker::OtherReach => Color::srgba(0.95, 0.5, 0.15, 0.85),
            Marker::Victim => Color::srgba(0.75, 0.05, 0.05, 0.45),
            Marker::Vacated => Color::srgba(0.55, 0.1, 0.6, 0.35),
            Marker::SlideGap => Color::srgba(0.35, 0.85, 0.95, 0.9),
            Marker::SlideTile => Color::srgba(0.35, 0.85, 0.95, 0.9),
            Marker::SlideGhost => Color::srgba(1.0, 1.0, 1.0, 0.45),
            Marker::Placement => Color::srgba(1.0, 1.0, 1.0, 0.45),
            Marker::Decided => Color::srgba(1.0, 0.78, 0.1, 0.9),
        }
    }

    /// How it is drawn on a location; `occupied` when a piece stands there, `gap` when no
    /// square does (a fill there would look like one).
    fn look(self, occupied: bool, gap: bool) -> Look {
        match self {
            Marker::SlideGap => Look::Outline,
            Marker::SlideTile => Look::Edge,
            _ if gap => Look::Outline,
            Marker::Target => Look::Dot,
            Marker::Reach if !occupied => Look::Dot,
            Marker::OtherReach if !occupied => Look::Hollow,
            Marker::Reach
            | Marker::OtherReach
            | Marker::Capture
            | Marker::Removal
            | Marker::Decided => Look::Ring,
            _ => Look::Fill,
        }
    }
}

/// Registers the marks.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        redraw
            .run_if(in_state(InGame))
            .run_if(
                resource_changed::<Builder>
                    .or_eager(resource_changed::<Hovered>)
                    .or_eager(resource_changed::<Viewing>)
                    .or_eager(resource_exists_and_changed::<ActiveGame>)
                    .or_eager(resource_exists_and_changed::<BoardLayout>),
            )
            .run_if(resource_exists::<ActiveGame>.and_eager(resource_exists::<BoardLayout>))
            .in_set(Frame::Sync),
    );
}

/// What the marks show besides the game: the turn being built and the square hovered.
#[derive(SystemParam)]
struct MarkInput<'w> {
    builder: Res<'w, Builder>,
    hovered: Res<'w, Hovered>,
}

/// Draws the marks afresh.
fn redraw(
    mut commands: Commands,
    old: Query<Entity, With<Marker>>,
    source: ShownGame,
    input: MarkInput,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let ShownGame {
        game,
        viewing,
        settings,
        art,
    } = &source;
    let MarkInput { builder, hovered } = input;
    let game = &game.0;
    let pos = source.position();
    let shown_ply = viewing.ply.unwrap_or(game.turns().len());
    let live = viewing.is_live();
    let mut marks: Vec<(Marker, Loc)> = Vec::new();
    let last = match viewing.line {
        Some(line) => Some(line.last),
        None => shown_ply
            .checked_sub(1)
            .and_then(|i| game.turns().get(i))
            .copied(),
    };
    if let Some(last) = last {
        marks.extend([(Marker::LastMove, last.from), (Marker::LastMove, last.to)]);
        if let Some((from, to)) = last.slide {
            marks.extend([(Marker::SlideGap, from), (Marker::SlideTile, to)]);
        }
    }
    if let Some(ply) = shown_ply.checked_sub(1).filter(|_| viewing.line.is_none()) {
        marks.extend(vacated(game, ply).into_iter().map(|l| (Marker::Vacated, l)));
    }
    if game.variant().in_check(&pos) {
        marks.extend(
            pos.board
                .kings_of(pos.side)
                .iter()
                .map(|k| (Marker::Check, k)),
        );
    }
    if live {
        marks.extend(game.deciding_squares().iter().map(|l| (Marker::Decided, l)));
    }
    let show_legal = settings.show_legal_moves;
    if live {
        let captures = candidate_captures(game, &builder.0);
        marks.extend(turn_marks(&builder.0, &captures, show_legal));
        marks.extend(
            victims(&builder.0, &captures, hovered.0)
                .into_iter()
                .map(|l| (Marker::Victim, l)),
        );
        marks.extend(slide_ghosts(&builder.0, hovered.0).map(|l| (Marker::SlideGhost, l)));
    }
    let idle = !builder.0.in_progress() && game.outcome().is_none();
    if let Some((at, piece)) = hovered
        .0
        .filter(|_| idle)
        .and_then(|at| Some((at, pos.board.piece(at)?)))
    {
        let marker = if piece.side == pos.side {
            Marker::Reach
        } else {
            Marker::OtherReach
        };
        marks.extend(
            game.variant()
                .piece_reach(&pos, at)
                .iter()
                .map(|l| (marker, l)),
        );
    }
    for (marker, loc) in marks {
        let colour = marker.colour();
        let look = marker.look(pos.board.piece(loc).is_some(), pos.board.is_hole(loc));
        let (sprite, z) = match look {
            Look::Fill => (Sprite::from_color(colour, Vec2::splat(SQUARE)), Z_MARK),
            Look::Dot => (
                Shapes::sprite(&shapes.disc, colour, Vec2::splat(SQUARE * 0.3)),
                Z_OVER,
            ),
            Look::Ring => (
                Shapes::sprite(&shapes.ring, colour, Vec2::splat(SQUARE * 0.98)),
                Z_OVER,
            ),
            Look::Hollow => (
                Shapes::sprite(&shapes.ring, colour, Vec2::splat(SQUARE * 0.34)),
                Z_OVER,
            ),
            Look::Outline => (
                Shapes::sprite(&shapes.frame, colour, Vec2::splat(SQUARE)),
                Z_MARK,
            ),
            Look::Edge => (
                Shapes::sprite(&shapes.edge, colour, Vec2::splat(SQUARE)),
                Z_MARK,
            ),
        };
        spawn_mark(&mut commands, &layout, marker, loc, sprite, z);
    }
    if live {
        for (piece, at) in placements(&builder.0) {
            let mut sprite = piece_sprite(game, art, piece);
            sprite.color = sprite.color.with_alpha(Marker::Placement.colour().alpha());
            spawn_mark(
                &mut commands,
                &layout,
                Marker::Placement,
                at,
                sprite,
                Z_OVER,
            );
        }
    }
}

fn spawn_mark(
    commands: &mut Commands,
    layout: &BoardLayout,
    marker: Marker,
    loc: Loc,
    sprite: Sprite,
    z: f32,
) {
    commands.spawn((
        marker,
        sprite,
        Transform::from_translation(layout.world(loc).extend(z)),
        Pickable::IGNORE,
        DespawnOnExit(InGame),
    ));
}

/// What each remaining turn captures, as the engine's account of it says, once the piece is
/// picked (empty before: nothing asks it then). Asked once per redraw, for the rings and the
/// victims alike.
fn candidate_captures(game: &Game, builder: &TurnBuilder) -> Vec<(Turn, Vec<Loc>)> {
    if builder.question() != Some(Part::To) && settled_move(builder).is_none() {
        return Vec::new();
    }
    builder
        .candidates()
        .iter()
        .map(|turn| (*turn, captured_by(game, turn)))
        .collect()
}

/// The marks of the turn being built: the piece picked, and where the turn can go on (a ring
/// where some turn there captures, a dot elsewhere).
fn turn_marks(
    builder: &TurnBuilder,
    captures: &[(Turn, Vec<Loc>)],
    show_legal: bool,
) -> Vec<(Marker, Loc)> {
    let mut marks = Vec::new();
    let candidates = builder.candidates();
    let settled_from = matches!(
        builder.question(),
        Some(Part::To | Part::Removal | Part::Promotion | Part::Slide | Part::EndPromotions)
    );
    if settled_from && let Some(first) = candidates.first() {
        marks.push((Marker::Selected, first.from));
    }
    if let Some(square) = builder.slide_square() {
        marks.push((Marker::Selected, square));
    }
    match builder.question() {
        Some(Part::Removal) => {
            marks.extend(
                builder
                    .clickable()
                    .into_iter()
                    .map(|l| (Marker::Removal, l)),
            );
        }
        Some(Part::Slide) => {
            marks.extend(builder.clickable().into_iter().map(|l| (Marker::Target, l)));
        }
        Some(Part::To) if show_legal => {
            marks.extend(builder.clickable().into_iter().map(|l| {
                let capturing = captures
                    .iter()
                    .any(|(turn, taken)| turn.to == l && !taken.is_empty());
                let marker = if capturing {
                    Marker::Capture
                } else {
                    Marker::Target
                };
                (marker, l)
            }));
        }
        _ => {}
    }
    marks
}

/// What `turn`, played from the live position, captures: where each taken piece stood.
fn captured_by(game: &Game, turn: &Turn) -> Vec<Loc> {
    let mut events = Vec::new();
    game.variant()
        .play_recorded(game.position(), turn, &mut events);
    events
        .iter()
        .filter_map(|e| match e {
            Event::Captured { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

/// Where the turn may first place a piece, and which: offered while the placement is asked.
fn placements(builder: &TurnBuilder) -> Vec<(Piece, Loc)> {
    if builder.question() != Some(Part::Placement) {
        return Vec::new();
    }
    builder
        .options()
        .into_iter()
        .filter_map(|choice| match choice {
            Choice::Placement(placed) => placed,
            _ => None,
        })
        .collect()
}

/// The squares the turn played from ply `ply` emptied by a capture made from elsewhere, as the
/// engine's account of that turn says.
fn vacated(game: &Game, ply: usize) -> Vec<Loc> {
    events_of(game, ply)
        .unwrap_or_default()
        .iter()
        .filter_map(|event| match event {
            Event::Captured { at, how, .. }
                if !matches!(how, Capture::Replacement | Capture::EnPassant) =>
            {
                Some(*at)
            }
            _ => None,
        })
        .collect()
}

/// The pieces the turn may capture, asked of the engine by playing each candidate: once the
/// piece and its destination are chosen, those every remaining turn takes; while the
/// destination is asked, those any turn to the destination pointed at takes (the player then
/// chooses among them).
fn victims(builder: &TurnBuilder, captures: &[(Turn, Vec<Loc>)], hovered: Option<Loc>) -> Vec<Loc> {
    if settled_move(builder).is_some() {
        let mut taken = captures.iter().map(|(_, taken)| taken);
        let first = taken.next().cloned().unwrap_or_default();
        return taken.fold(first, |common, next| {
            common.into_iter().filter(|l| next.contains(l)).collect()
        });
    }
    let Some(pointed) = hovered.filter(|_| builder.question() == Some(Part::To)) else {
        return Vec::new();
    };
    let mut any: Vec<Loc> = captures
        .iter()
        .filter(|(turn, _)| turn.to == pointed)
        .flat_map(|(_, taken)| taken.iter().copied())
        .collect();
    any.sort_by_key(|l| l.index());
    any.dedup();
    any
}

/// While a slide is chosen, the gaps the square picked (or pointed at) may slide into.
fn slide_ghosts(builder: &TurnBuilder, hovered: Option<Loc>) -> impl Iterator<Item = Loc> + '_ {
    let square = (builder.question() == Some(Part::Slide))
        .then(|| builder.slide_square().or(hovered))
        .flatten();
    builder
        .candidates()
        .iter()
        .filter_map(move |t| t.slide.filter(|(from, _)| Some(*from) == square))
        .map(|(_, to)| to)
}
