//! The board's keyboard cursor: where it goes when an arrow key moves it (in the direction the
//! key points on the screen, whichever way up the board is), where it starts, and its outline.
//! It outlines its location and never fills it, so the piece there looks as it is.

use crate::app::art::shapes::{Figure, Shapes};
use crate::app::board::layout::{BoardLayout, SQUARE};
use crate::app::shared::game::ActiveGame;
use crate::app::shared::pointer::BoardCursor;
use crate::app::shared::screen::{Frame, InGame};
use crate::rules::{Game, Holes, Kind, Loc, RulesExt, Side, Variant};
use bevy::prelude::*;

/// How high the cursor is drawn: over the pieces and the marks.
const Z_CURSOR: f32 = 3.8;

/// The cursor's colour: a bright cyan outlined in black, so it shows on light and dark squares,
/// on gaps and on Fanorona's points alike, and is no mark's colour.
const COLOUR: Color = Color::srgb(0.2, 0.85, 1.0);

/// The cursor's frame on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CursorFrame;

/// A direction on the screen, as an arrow key points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom.
    Down,
    /// Towards the left.
    Left,
    /// Towards the right.
    Right,
}

impl Arrow {
    /// The step on the screen, in files and ranks as seen from the first player's side.
    fn step(self) -> (i32, i32) {
        match self {
            Arrow::Up => (0, 1),
            Arrow::Down => (0, -1),
            Arrow::Left => (-1, 0),
            Arrow::Right => (1, 0),
        }
    }
}

/// Whether `loc` is a location of `variant`'s board: inside its rectangle and, where the board
/// has a fixed outline (Amphora's jug), inside that (Amoeba's gaps are on the board).
fn on_board(variant: &Variant, loc: Loc) -> bool {
    variant.geometry().contains(loc)
        && match variant.holes() {
            Holes::Outline(squares) => squares.contains(loc),
            Holes::None | Holes::Anywhere => true,
        }
}

/// Where the cursor goes from `at` when `arrow` is pressed: the nearest location of the board
/// that way (past any location outside the board, as beside Amphora's jug); `at` itself when
/// the board ends there.
pub fn moved(variant: &Variant, flipped: bool, at: Loc, arrow: Arrow) -> Loc {
    let geometry = variant.geometry();
    let (mut df, mut dr) = arrow.step();
    if flipped {
        (df, dr) = (-df, -dr);
    }
    let (mut file, mut rank) = (i32::from(at.file()), i32::from(at.rank()));
    let files = i32::from(geometry.files());
    let ranks = i32::from(geometry.ranks());
    loop {
        file += df;
        rank += dr;
        if !(0..files).contains(&file) || !(0..ranks).contains(&rank) {
            return at;
        }
        if let Some(next) = geometry
            .loc(file, rank)
            .filter(|loc| on_board(variant, *loc))
        {
            return next;
        }
    }
}

/// Where the cursor starts when the board takes the keyboard in `game`: on a piece of the side
/// to move — the one it moved last, else its King, else the one nearest the middle of its own
/// edge — or, where it has none on the board, on the location nearest the middle of the
/// player's own edge (the bottom of the screen).
pub fn start(game: &Game, flipped: bool) -> Option<Loc> {
    let variant = game.variant();
    let pos = game.position();
    let side = pos.side;
    let own = |at: &Loc| pos.board.piece(*at).is_some_and(|piece| piece.side == side);
    let moved_last = (0..game.turns().len())
        .rev()
        .find(|ply| {
            game.position_at(*ply)
                .is_some_and(|before| before.side == side)
        })
        .map(|ply| game.turns()[ply].to)
        .filter(own);
    let pieces = || pos.board.pieces_of(side);
    let king = || {
        pieces()
            .find(|(_, piece)| piece.kind == Kind::King)
            .map(|(at, _)| at)
    };
    let home = pieces().map(|(at, _)| at);
    moved_last
        .or_else(king)
        .or_else(|| nearest_middle(variant, home, side == Side::Black))
        .or_else(|| {
            let locations = variant.geometry().inside().iter();
            nearest_middle(
                variant,
                locations.filter(|at| on_board(variant, *at)),
                flipped,
            )
        })
}

/// The one of `locations` nearest the middle of the board's bottom edge (its top edge when
/// `top`), the nearer rank first.
fn nearest_middle(
    variant: &Variant,
    locations: impl Iterator<Item = Loc>,
    top: bool,
) -> Option<Loc> {
    let geometry = variant.geometry();
    let middle = f32::from(geometry.files().saturating_sub(1)) / 2.0;
    let edge = if top {
        i32::from(geometry.ranks().saturating_sub(1))
    } else {
        0
    };
    let key = |loc: &Loc| {
        let rank_away = (i32::from(loc.rank()) - edge).unsigned_abs() as f32;
        rank_away * 100.0 + (f32::from(loc.file()) - middle).abs()
    };
    locations.min_by(|a, b| key(a).total_cmp(&key(b)))
}

/// Where the cursor is as the board takes the keyboard: at `kept` (where it was when the board
/// gave the keyboard away, in the same position), if a piece of the side to move stands there;
/// else where it [`start`]s.
pub fn taking_keyboard(game: &Game, flipped: bool, kept: Option<Loc>) -> Option<Loc> {
    let side = game.position().side;
    let own = |at: Loc| {
        let piece = game.position().board.piece(at);
        on_board(game.variant(), at) && piece.is_some_and(|piece| piece.side == side)
    };
    kept.filter(|at| own(*at)).or_else(|| start(game, flipped))
}

/// Registers the cursor's outline.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.run_if(in_state(InGame))
            .run_if(resource_exists::<ActiveGame>.and_eager(resource_exists::<BoardLayout>))
            .in_set(Frame::Sync),
    );
}

/// Draws the cursor afresh when it moves, shows or hides, or the board is laid out again.
fn draw(
    cursor: Res<BoardCursor>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
    old: Query<Entity, With<CursorFrame>>,
    mut commands: Commands,
) {
    let drawn = !old.is_empty();
    if !cursor.is_changed() && !layout.is_changed() && drawn == cursor.shown {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let Some(at) = cursor.at.filter(|_| cursor.shown) else {
        return;
    };
    commands.spawn((
        CursorFrame,
        Shapes::sprite(
            &shapes.figure(Figure::Edge, true),
            COLOUR,
            Vec2::splat(SQUARE),
        ),
        Transform::from_translation(layout.world(at).extend(Z_CURSOR)),
        Pickable::IGNORE,
        DespawnOnExit(InGame),
    ));
}
