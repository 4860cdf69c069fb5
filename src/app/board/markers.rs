//! Marks on the board: the last turn, a King in check, the piece picked and where it may go,
//! the pieces a turn may remove, placement and slide choices, and the moves of a piece the
//! pointer rests on (held back from a turn played until the pointer moves). All of it comes
//! from the engine's legal turns; nothing is worked out here.

use crate::app::art::shapes::{Figure, Shapes};
use crate::app::board::layout::{BoardLayout, SQUARE};
use crate::app::board::preview::settled_move;
use crate::app::board::scene::ShownGame;
use crate::app::board::spawn::piece_sprite;
use crate::app::session::turns::events_of;
use crate::app::shared::game::{ActiveGame, Builder, Viewing};
use crate::app::shared::messages::TurnPlayed;
use crate::app::shared::pointer::Hovered;
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::turn_builder::{Part, TurnBuilder};
use crate::rules::{Capture, Event, Game, Loc, Turn};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

const Z_MARK: f32 = 1.0;
/// Figures round a square's edge are drawn just over its tint, under the pieces.
const Z_FRAME: f32 = 1.1;
/// Dots, rings, crosses and ghosts are drawn over the pieces, so a target on a piece is never
/// hidden; they are thin or small, so the piece stays visible under them.
const Z_OVER: f32 = 3.5;

/// A mark drawn on the board; all are redrawn whenever anything they show changes. Each
/// meaning has its own shape (its [`MarkShape`]s), not only its own colour, so a colour-blind
/// player, or a greyscale picture, tells them apart.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// The squares the last turn moved from and to: a yellow tint and a bracket in each corner.
    LastMove,
    /// A King in check: a red tint and a jagged star round the King.
    Check,
    /// The piece picked: a green tint and a thick square outline.
    Selected,
    /// A square the turn can continue on, where it captures nothing: a small dot.
    Target,
    /// A square the turn can continue on where it captures (on it, or elsewhere): a triangle
    /// in each corner.
    Capture,
    /// A piece the turn may remove, for the player to choose: a cross in a ring.
    Removal,
    /// Where the hovered piece of the side to move could go: a small dot on an empty square, a
    /// ring round a piece (the same shapes as the picked piece's targets: it is the same
    /// news, shown before the piece is picked).
    Reach,
    /// Where the hovered piece of the other side could go: a small hollow circle on an empty
    /// square, a dashed ring round a piece, so they are not taken for the side to move's.
    OtherReach,
    /// A piece the turn in progress (or the destination pointed at) will capture: a red tint
    /// and a large cross over it.
    Victim,
    /// A square the last turn emptied by a capture from elsewhere (interception, approach,
    /// withdrawal, telekinesis), kept marked until the next turn: a purple tint and a small
    /// cross.
    Vacated,
    /// The gap the last turn's slide left: a dashed outline, so it still reads as a gap.
    SlideGap,
    /// The square the last turn slid, where it now stands: a thin solid outline, its own
    /// colour left as it is.
    SlideTile,
    /// Where the square being chosen would slide to: a dotted outline in the gap.
    SlideGhost,
    /// A square the turn may slide, while the slide is asked: an arrow head out from the
    /// middle of each edge (not a dot, which is where a piece may go).
    Slidable,
    /// Where a piece may be placed before the move: a faint picture of that piece.
    Placement,
    /// What decided a finished game (the mating pieces and the mated King, the captured King,
    /// the pieces holding the Gauntlet): a double ring.
    Decided,
}

/// One part of a mark as drawn: a mark is one part or two (a tint under the pieces and a
/// figure), each its own entity with the mark's [`Marker`], centred on the mark's square.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkShape {
    /// The square filled with a see-through colour, under the pieces.
    Tint,
    /// A figure in the mark's colour: over the pieces, or round the square's edge under them.
    Figure(Figure),
    /// A faint picture of a piece.
    Picture,
}

impl MarkShape {
    /// Its depth: a tint and frames under the pieces, the rest over them.
    fn depth(self) -> f32 {
        match self {
            MarkShape::Tint => Z_MARK,
            MarkShape::Figure(
                Figure::Brackets
                | Figure::ThickFrame
                | Figure::Edge
                | Figure::DashedFrame
                | Figure::DottedFrame,
            ) => Z_FRAME,
            MarkShape::Figure(_) | MarkShape::Picture => Z_OVER,
        }
    }
}

impl Marker {
    /// Its colour: the tint's, or the figure's when it has no tint.
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
            Marker::Slidable => Color::srgba(0.1, 0.45, 0.55, 0.8),
            Marker::Placement => Color::srgba(1.0, 1.0, 1.0, 0.45),
            Marker::Decided => Color::srgba(1.0, 0.78, 0.1, 0.9),
        }
    }

    /// The colour of its figure: over a tint, a deeper and less see-through shade of it.
    fn figure_colour(self) -> Color {
        match self {
            Marker::LastMove => Color::srgba(0.78, 0.6, 0.05, 0.9),
            Marker::Check => Color::srgba(0.85, 0.05, 0.05, 0.9),
            Marker::Selected => Color::srgba(0.1, 0.55, 0.2, 0.9),
            Marker::Victim => Color::srgba(0.7, 0.03, 0.03, 0.85),
            Marker::Vacated => Color::srgba(0.5, 0.08, 0.55, 0.85),
            _ => self.colour(),
        }
    }

    /// The colour `shape` of it is drawn in; on the high-contrast board the hues are vivid
    /// and the figures opaque (and outlined in black), the white ghosts as they are.
    fn paint(self, shape: MarkShape, high_contrast: bool) -> Color {
        let colour = match shape {
            MarkShape::Tint => self.colour(),
            MarkShape::Figure(_) | MarkShape::Picture => self.figure_colour(),
        };
        if !high_contrast || matches!(self, Marker::SlideGhost | Marker::Placement) {
            return colour;
        }
        let vivid = Hsla::from(colour).with_saturation(1.0).with_lightness(0.5);
        match shape {
            MarkShape::Tint => vivid.with_alpha(colour.alpha().max(0.5)).into(),
            MarkShape::Figure(_) | MarkShape::Picture => vivid.with_alpha(1.0).into(),
        }
    }

    /// The parts it is drawn with on a location; `occupied` when a piece stands there. (On a
    /// gap, where a tint would look like a square, the tint is left out.)
    pub fn shapes(self, occupied: bool) -> &'static [MarkShape] {
        use MarkShape::{Figure as F, Tint};
        match self {
            Marker::SlideGap => &[F(Figure::DashedFrame)],
            Marker::SlideTile => &[F(Figure::Edge)],
            Marker::SlideGhost => &[F(Figure::DottedFrame)],
            Marker::Slidable => &[F(Figure::Arrows)],
            Marker::Placement => &[MarkShape::Picture],
            Marker::LastMove => &[Tint, F(Figure::Brackets)],
            Marker::Check => &[Tint, F(Figure::Starburst)],
            Marker::Selected => &[Tint, F(Figure::ThickFrame)],
            Marker::Target => &[F(Figure::Dot)],
            Marker::Capture => &[F(Figure::Corners)],
            Marker::Removal => &[F(Figure::CircledCross)],
            Marker::Reach if occupied => &[F(Figure::Ring)],
            Marker::Reach => &[F(Figure::Dot)],
            Marker::OtherReach if occupied => &[F(Figure::DashedRing)],
            Marker::OtherReach => &[F(Figure::Hollow)],
            Marker::Victim => &[Tint, F(Figure::Cross)],
            Marker::Vacated => &[Tint, F(Figure::SmallCross)],
            Marker::Decided => &[F(Figure::DoubleRing)],
        }
    }
}

/// Registers the marks, and the hold on the hover marks.
pub fn plugin(app: &mut App) {
    app.init_resource::<HeldHover>()
        .add_observer(release_hover)
        .add_systems(Update, hold_hover.in_set(Frame::Sync).before(redraw));
    app.add_systems(
        Update,
        redraw
            .run_if(in_state(InGame))
            .run_if(
                resource_changed::<Builder>
                    .or_eager(resource_changed::<Hovered>)
                    .or_eager(resource_changed::<HeldHover>)
                    .or_eager(resource_changed::<Viewing>)
                    .or_eager(resource_exists_and_changed::<ActiveGame>)
                    .or_eager(resource_exists_and_changed::<BoardLayout>),
            )
            .run_if(resource_exists::<ActiveGame>.and_eager(resource_exists::<BoardLayout>))
            .in_set(Frame::Sync),
    );
}

/// The square whose hover marks are held back: the one the pointer rested on when a turn was
/// played (or taken back), until the pointer moves. The moved piece under a resting pointer
/// would otherwise fill the board with its reach, read as marks of the turn just played.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct HeldHover(pub Option<Loc>);

/// A turn played holds back the marks of the square pointed at.
fn hold_hover(
    mut played: MessageReader<TurnPlayed>,
    hovered: Res<Hovered>,
    mut held: ResMut<HeldHover>,
) {
    if played.read().count() > 0 {
        held.set_if_neq(HeldHover(hovered.0));
    }
}

/// The pointer moving lets the hover marks show again.
fn release_hover(_moved: On<Pointer<Move>>, mut held: ResMut<HeldHover>) {
    held.set_if_neq(HeldHover(None));
}

/// What the marks show besides the game: the turn being built and the square hovered (unless
/// its marks are held back).
#[derive(SystemParam)]
struct MarkInput<'w> {
    builder: Res<'w, Builder>,
    hovered: Res<'w, Hovered>,
    held: Res<'w, HeldHover>,
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
    let MarkInput {
        builder,
        hovered,
        held,
    } = input;
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
        .filter(|at| idle && held.0 != Some(*at))
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
    let placed = builder.0.placements_offered().into_iter().filter(|_| live);
    let drawn = marks
        .into_iter()
        .map(|(marker, loc)| (marker, loc, None))
        .chain(placed.map(|(piece, at)| (Marker::Placement, at, Some(piece))));
    let high_contrast = settings.theme.high_contrast();
    for (marker, loc, piece) in drawn {
        let occupied = pos.board.piece(loc).is_some();
        let gap = pos.board.is_hole(loc);
        for &shape in marker.shapes(occupied) {
            if gap && shape == MarkShape::Tint {
                continue;
            }
            let colour = marker.paint(shape, high_contrast);
            let sprite = match (shape, piece) {
                (MarkShape::Tint, _) => Sprite::from_color(colour, Vec2::splat(SQUARE)),
                (MarkShape::Figure(figure), _) => Shapes::sprite(
                    &shapes.figure(figure, high_contrast),
                    colour,
                    Vec2::splat(SQUARE),
                ),
                (MarkShape::Picture, Some(piece)) => {
                    let mut sprite = piece_sprite(game, art, piece);
                    sprite.color = sprite.color.with_alpha(colour.alpha());
                    sprite
                }
                (MarkShape::Picture, None) => continue,
            };
            commands.spawn((
                marker,
                shape,
                sprite,
                Transform::from_translation(layout.world(loc).extend(shape.depth())),
                Pickable::IGNORE,
                DespawnOnExit(InGame),
            ));
        }
    }
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
        Some(Part::Slide) if builder.slide_square().is_none() => {
            marks.extend(
                builder
                    .clickable()
                    .into_iter()
                    .map(|l| (Marker::Slidable, l)),
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
