//! Marks on the board: the last turn, a King in check, the piece picked and where it may go,
//! the pieces a turn may remove, placement and slide choices, and the moves of a piece the
//! pointer rests on. All of it comes from the engine's legal turns; nothing is worked out here.

use super::board::{BoardLayout, SQUARE, shown_position};
use super::input::Hovered;
use super::preview::settled_move;
use super::session::{ActiveGame, Builder, Frame, InGame, Viewing, events_of};
use super::settings::Settings;
use super::turn_builder::{Part, TurnBuilder};
use crate::rules::{Capture, Event, Game, Loc};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

const Z_MARK: f32 = 1.0;
const Z_DOT: f32 = 3.5;

/// A mark drawn on the board; all are redrawn whenever anything they show changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// The squares the last turn moved from and to.
    LastMove,
    /// A King in check.
    Check,
    /// The piece picked.
    Selected,
    /// A square the turn can continue on.
    Target,
    /// A piece the turn may remove.
    Removal,
    /// Where the hovered piece could move.
    Reach,
    /// A piece the turn in progress will capture, whatever is still to choose.
    Victim,
    /// A square the last turn emptied by a capture from elsewhere (interception, approach,
    /// withdrawal, telekinesis): kept marked until the next turn.
    Vacated,
    /// The square the last turn slid, where it was and where it went.
    LastSlide,
    /// Where the square being chosen would slide to: a ghost of it in the gap.
    SlideGhost,
}

impl Marker {
    fn colour(self) -> Color {
        match self {
            Marker::LastMove => Color::srgba(0.95, 0.85, 0.2, 0.35),
            Marker::Check => Color::srgba(0.9, 0.1, 0.1, 0.55),
            Marker::Selected => Color::srgba(0.2, 0.75, 0.3, 0.5),
            Marker::Target => Color::srgba(0.1, 0.35, 0.15, 0.55),
            Marker::Removal => Color::srgba(0.85, 0.15, 0.15, 0.6),
            Marker::Reach => Color::srgba(0.15, 0.35, 0.85, 0.45),
            Marker::Victim => Color::srgba(0.75, 0.05, 0.05, 0.45),
            Marker::Vacated => Color::srgba(0.55, 0.1, 0.6, 0.35),
            Marker::LastSlide => Color::srgba(0.2, 0.7, 0.8, 0.4),
            Marker::SlideGhost => Color::srgba(0.93, 0.87, 0.74, 0.45),
        }
    }

    /// Fills the square, or is a dot in its middle.
    fn is_dot(self) -> bool {
        matches!(self, Marker::Target | Marker::Reach)
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
                    .or_eager(resource_exists_and_changed::<BoardLayout>),
            )
            .in_set(Frame::Sync),
    );
}

/// Everything the marks show.
#[derive(SystemParam)]
struct MarkSource<'w> {
    game: Option<Res<'w, ActiveGame>>,
    builder: Res<'w, Builder>,
    viewing: Res<'w, Viewing>,
    hovered: Res<'w, Hovered>,
    layout: Option<Res<'w, BoardLayout>>,
    settings: Option<Res<'w, Settings>>,
}

fn redraw(mut commands: Commands, old: Query<Entity, With<Marker>>, source: MarkSource) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let MarkSource {
        game,
        builder,
        viewing,
        hovered,
        layout,
        settings,
    } = source;
    let (Some(game), Some(layout)) = (game, layout) else {
        return;
    };
    let game = &game.0;
    let pos = shown_position(game, &viewing);
    let shown_ply = viewing.ply.unwrap_or(game.turns().len());
    let mut marks: Vec<(Marker, Loc)> = Vec::new();
    if let Some(last) = shown_ply.checked_sub(1).and_then(|i| game.turns().get(i)) {
        marks.extend([(Marker::LastMove, last.from), (Marker::LastMove, last.to)]);
        if let Some((from, to)) = last.slide {
            marks.extend([(Marker::LastSlide, from), (Marker::LastSlide, to)]);
        }
        marks.extend(
            vacated(game, shown_ply - 1)
                .into_iter()
                .map(|l| (Marker::Vacated, l)),
        );
    }
    if game.variant().in_check(&pos) {
        marks.extend(
            pos.board
                .kings_of(pos.side)
                .iter()
                .map(|k| (Marker::Check, k)),
        );
    }
    let show_legal = settings.as_ref().is_none_or(|s| s.show_legal_moves);
    if viewing.ply.is_none() {
        marks.extend(turn_marks(&builder.0, show_legal));
        marks.extend(
            victims(game, &builder.0)
                .into_iter()
                .map(|l| (Marker::Victim, l)),
        );
        marks.extend(slide_ghosts(&builder.0, hovered.0).map(|l| (Marker::SlideGhost, l)));
    }
    if let Some(at) = hovered.0.filter(|_| !builder.0.in_progress()) {
        marks.extend(
            game.variant()
                .piece_reach(&pos, at)
                .iter()
                .map(|l| (Marker::Reach, l)),
        );
    }
    for (marker, loc) in marks {
        let size = if marker.is_dot() {
            SQUARE * 0.3
        } else {
            SQUARE
        };
        let z = if marker.is_dot() { Z_DOT } else { Z_MARK };
        commands.spawn((
            marker,
            Sprite::from_color(marker.colour(), Vec2::splat(size)),
            Transform::from_translation(layout.world(loc).extend(z)),
            Pickable::IGNORE,
            DespawnOnExit(InGame),
        ));
    }
}

/// The marks of the turn being built.
fn turn_marks(builder: &TurnBuilder, show_legal: bool) -> Vec<(Marker, Loc)> {
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
    let kind = match builder.question() {
        Some(Part::Removal) => Marker::Removal,
        Some(Part::To | Part::Slide | Part::Placement) => Marker::Target,
        _ => return marks,
    };
    if show_legal || kind == Marker::Removal || builder.question() == Some(Part::Slide) {
        marks.extend(builder.clickable().into_iter().map(|l| (kind, l)));
    }
    marks
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

/// The pieces every remaining turn captures, once the piece and its destination are chosen:
/// asked of the engine by playing each candidate.
fn victims(game: &Game, builder: &TurnBuilder) -> Vec<Loc> {
    if settled_move(builder).is_none() {
        return Vec::new();
    }
    let pos = game.position();
    let mut common: Option<Vec<Loc>> = None;
    for turn in builder.candidates() {
        let mut events = Vec::new();
        game.variant().play_recorded(pos, turn, &mut events);
        let taken: Vec<Loc> = events
            .iter()
            .filter_map(|e| match e {
                Event::Captured { at, .. } => Some(*at),
                _ => None,
            })
            .collect();
        common = Some(match common {
            None => taken,
            Some(before) => before.into_iter().filter(|l| taken.contains(l)).collect(),
        });
    }
    common.unwrap_or_default()
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
