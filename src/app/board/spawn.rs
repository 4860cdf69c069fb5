//! The board view: one entity per square (or Fanorona point) and per piece, spawned from the
//! game and kept in step with it. A played turn is animated from the engine's own account of
//! it; anything else (a new game, undo, a look at an earlier position) redraws the board.

use crate::app::art::pieces::PieceArt;
use crate::app::board::layout::{
    Board2d, BoardLayout, BoardPos, Cell, CoordinateLabel, Decor, Palette, PieceView, Plank,
    Previewed, SQUARE, SnapBack, Square, Z_PIECE, shown_position,
};
use crate::app::board::scene::ShownGame;
use crate::app::motion::choreography::Choreography;
use crate::app::motion::timeline::{Clip, Clips, Ephemeral, Motion, Timeline};
use crate::app::shared::game::{ActiveGame, Flipped, Studying, Viewing};
use crate::app::shared::messages::{BoardReset, Refused, TurnPlayed};
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::settings::{BoardTheme, Settings};
use crate::rules::{Content, Game, Lines, Loc, Piece, RulesExt};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::{HashMap, HashSet};

const Z_SQUARE: f32 = 0.0;
const Z_LINE: f32 = 0.5;
const Z_POINT: f32 = 0.6;

const Z_CELL: f32 = 5.0;

/// Registers the board view.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(InGame), request_reset).add_systems(
        Update,
        (
            animate_turns.run_if(resource_exists::<BoardLayout>),
            snap_back.run_if(resource_exists::<BoardLayout>),
            shake_refused,
            auto_flip.run_if(in_state(InGame)),
            reset_board
                .run_if(in_state(InGame))
                .run_if(on_message::<BoardReset>.or_eager(resource_changed::<Settings>)),
        )
            .chain()
            .run_if(resource_exists::<ActiveGame>)
            .in_set(Frame::Sync),
    );
}

/// Every entity the board draws and redraws (not the 3D view's twins, which go with them).
type DrawnByBoard = With<Board2d>;

/// With auto-flip on, turns the board towards the player to move once nothing is moving; not
/// in a lesson or a puzzle, whose learner stays at the bottom.
fn auto_flip(
    (settings, studying): (Res<Settings>, Res<Studying>),
    game: Res<ActiveGame>,
    mut flipped: ResMut<Flipped>,
    timeline: Res<Timeline>,
    mut reset: MessageWriter<BoardReset>,
) {
    let wanted = game.0.position().side == crate::rules::Side::Black;
    if settings.auto_flip && !studying.0 && flipped.0 != wanted && !timeline.running() {
        flipped.0 = wanted;
        reset.write(BoardReset);
    }
}

fn request_reset(mut reset: MessageWriter<BoardReset>) {
    reset.write(BoardReset);
}

/// How the board is dressed: its colours, whether it has coordinates and how large they are.
#[derive(Clone, Copy, Debug)]
struct Dress {
    theme: BoardTheme,
    coordinates: bool,
    /// The interface size's factor: the coordinates grow with the panels' text.
    text_scale: f32,
}

impl Dress {
    /// Fanorona's lines and points: black on the high-contrast board.
    fn ink(self) -> Color {
        if self.theme.high_contrast() {
            Color::BLACK
        } else {
            Palette::INK
        }
    }
}

/// The coordinates' colour in `theme`: white on the high-contrast board.
fn label_colour(theme: BoardTheme) -> Color {
    if theme.high_contrast() {
        Color::WHITE
    } else {
        Palette::LABEL
    }
}

fn square_colour(loc: Loc, layout: &BoardLayout, theme: BoardTheme, shaded: bool) -> Color {
    if layout.lines == Lines::Alquerque {
        return Color::NONE;
    }
    theme.square(loc.is_light(), shaded)
}

/// Draws the board afresh, which way up it is seen, from the position shown.
fn reset_board(
    mut commands: Commands,
    source: ShownGame,
    flipped: Res<Flipped>,
    old: Query<Entity, DrawnByBoard>,
    mut reset: MessageReader<BoardReset>,
    mut timeline: ResMut<Timeline>,
) {
    reset.clear();
    timeline.finish();
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let game = &source.game;
    let layout = BoardLayout::of(&game.0, flipped.0);
    commands.insert_resource(layout);
    let pos = source.position();
    let dress = Dress {
        theme: source.settings.theme,
        coordinates: source.settings.show_coordinates,
        text_scale: source.settings.ui_scale.factor(),
    };
    spawn_decor(&mut commands, &game.0, &layout, dress);
    for loc in locations(&game.0) {
        commands.spawn((
            Name::new(format!("Cell {loc}")),
            Cell { loc },
            // Never drawn: `board::picking` finds it under the pointer, and the 3D view makes
            // its hit box from the sprite's size.
            Sprite::from_color(Color::NONE, Vec2::splat(SQUARE)),
            Visibility::Hidden,
            Transform::from_translation(layout.world(loc).extend(Z_CELL)),
            Pickable::default(),
            Board2d,
            DespawnOnExit(InGame),
        ));
        if pos.board.content(loc) != Content::Hole {
            spawn_square(&mut commands, &game.0, &layout, dress.theme, loc);
        }
        if let Some(piece) = pos.board.piece(loc) {
            spawn_piece(&mut commands, &game.0, &source.art, &layout, loc, piece);
        }
    }
}

/// Every location of the game's rectangle.
fn locations(game: &Game) -> impl Iterator<Item = Loc> + '_ {
    game.variant().geometry().inside().iter()
}

fn is_shaded(game: &Game, loc: Loc) -> bool {
    game.variant().zone().contains(loc)
}

fn spawn_square(
    commands: &mut Commands,
    game: &Game,
    layout: &BoardLayout,
    theme: BoardTheme,
    loc: Loc,
) {
    let colour = square_colour(loc, layout, theme, is_shaded(game, loc));
    commands.spawn((
        Name::new(format!("Square {loc}")),
        Square { loc },
        Sprite::from_color(colour, Vec2::splat(SQUARE)),
        Transform::from_translation(layout.world(loc).extend(Z_SQUARE)),
        Pickable::IGNORE,
        Board2d,
        DespawnOnExit(InGame),
    ));
}

/// Spawns the entity of `piece` standing on `loc`.
pub fn spawn_piece(
    commands: &mut Commands,
    game: &Game,
    art: &PieceArt,
    layout: &BoardLayout,
    loc: Loc,
    piece: Piece,
) -> Entity {
    commands
        .spawn((
            Name::new(format!("Piece {:?} {:?} {loc}", piece.side, piece.kind)),
            PieceView { piece },
            BoardPos(loc),
            piece_sprite(game, art, piece),
            Transform::from_translation(layout.world(loc).extend(Z_PIECE)),
            Pickable::IGNORE,
            Board2d,
            DespawnOnExit(InGame),
        ))
        .id()
}

/// The sprite that draws `piece` in `game`'s variant.
pub fn piece_sprite(game: &Game, art: &PieceArt, piece: Piece) -> Sprite {
    Sprite {
        image: art.image(game.variant().data(), piece.kind, piece.side),
        custom_size: Some(Vec2::splat(SQUARE * 0.9)),
        ..default()
    }
}

fn spawn_decor(commands: &mut Commands, game: &Game, layout: &BoardLayout, dress: Dress) {
    let geometry = game.variant().geometry();
    if layout.lines == Lines::Alquerque {
        let size = Vec2::new(f32::from(layout.files), f32::from(layout.ranks)) * SQUARE;
        commands.spawn((
            Decor,
            Plank,
            Sprite::from_color(dress.theme.plank(), size),
            Transform::from_xyz(0.0, 0.0, Z_SQUARE - 0.1),
            Board2d,
            DespawnOnExit(InGame),
        ));
        for loc in locations(game) {
            for dir in [
                crate::rules::Dir::N,
                crate::rules::Dir::E,
                crate::rules::Dir::NE,
                crate::rules::Dir::NW,
            ] {
                if let Some(to) = geometry.neighbour(loc, dir) {
                    spawn_line(commands, layout.world(loc), layout.world(to), dress.ink());
                }
            }
            commands.spawn((
                Decor,
                Sprite::from_color(dress.ink(), Vec2::splat(SQUARE * 0.14)),
                Transform::from_translation(layout.world(loc).extend(Z_POINT))
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                Board2d,
                DespawnOnExit(InGame),
            ));
        }
    }
    if !dress.coordinates {
        return;
    }
    let label = |text: String, at: Vec2| {
        (
            Decor,
            CoordinateLabel {
                text,
                size: SQUARE * 0.28 * dress.text_scale,
                colour: label_colour(dress.theme),
            },
            Transform::from_translation(at.extend(Z_LINE)),
            Board2d,
            DespawnOnExit(InGame),
        )
    };
    for file in 0..layout.files {
        if let Some(loc) = geometry.loc(file.into(), 0) {
            let mut at = layout.world(loc);
            at.y = -(f32::from(layout.ranks) / 2.0 + 0.3) * SQUARE;
            commands.spawn(label(char::from(b'a' + file).to_string(), at));
        }
    }
    for rank in 0..layout.ranks {
        if let Some(loc) = geometry.loc(0, rank.into()) {
            let mut at = layout.world(loc);
            at.x = -(f32::from(layout.files) / 2.0 + 0.3) * SQUARE;
            commands.spawn(label((rank + 1).to_string(), at));
        }
    }
}

fn spawn_line(commands: &mut Commands, a: Vec2, b: Vec2, ink: Color) {
    let delta = b - a;
    commands.spawn((
        Decor,
        Sprite::from_color(ink, Vec2::new(delta.length(), SQUARE * 0.035)),
        Transform::from_translation(((a + b) / 2.0).extend(Z_LINE))
            .with_rotation(Quat::from_rotation_z(delta.y.atan2(delta.x))),
        Board2d,
        DespawnOnExit(InGame),
    ));
}

/// Puts dropped pieces back on their squares (after any turn they completed began its glide).
fn snap_back(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    mut pieces: Query<(Entity, &BoardPos, &mut Transform, Has<Clips>), With<SnapBack>>,
) {
    for (entity, pos, mut transform, gliding) in &mut pieces {
        if !gliding {
            transform.translation = layout.world(pos.0).extend(Z_PIECE);
        }
        commands.entity(entity).remove::<SnapBack>();
    }
}

/// Seconds a refused piece shakes at normal speed.
const SHAKE: f32 = 0.35;

/// A piece the player may not move now shakes its head.
fn shake_refused(
    mut commands: Commands,
    mut refused: MessageReader<Refused>,
    pieces: Query<(Entity, &BoardPos, &Transform, &Sprite), With<PieceView>>,
    settings: Res<Settings>,
    mut timeline: ResMut<Timeline>,
) {
    let length = SHAKE * settings.speed.length_factor();
    for Refused(at) in refused.read() {
        if timeline.running() || length <= 0.0 {
            continue;
        }
        let Some((entity, _, transform, sprite)) = pieces.iter().find(|(_, p, _, _)| p.0 == *at)
        else {
            continue;
        };
        commands.entity(entity).insert(Clips {
            rest: *transform,
            colour: sprite.color,
            clips: vec![Clip {
                start: 0.0,
                length,
                motion: Motion::Shake,
            }],
        });
        timeline.start(length, Vec::new());
    }
}

/// The board's pieces and squares as drawn, for animating a turn.
#[derive(SystemParam)]
struct Drawn<'w, 's> {
    pieces: Query<'w, 's, (Entity, &'static mut PieceView, &'static mut BoardPos), Without<Square>>,
    squares: Query<'w, 's, (Entity, &'static mut Square), Without<PieceView>>,
    sprites: Query<'w, 's, &'static Sprite>,
    previewed: Query<'w, 's, Entity, With<Previewed>>,
}

/// Plays out each turn (or undo) from the engine's events on the timeline, then checks the view
/// against the game and redraws if anything disagrees.
fn animate_turns(
    mut commands: Commands,
    mut played: MessageReader<TurnPlayed>,
    source: ShownGame,
    layout: Res<BoardLayout>,
    mut drawn: Drawn,
    mut timeline: ResMut<Timeline>,
    mut reset: MessageWriter<BoardReset>,
) {
    let ShownGame {
        game,
        viewing,
        settings,
        art,
    } = &source;
    let turns: Vec<TurnPlayed> = played.read().cloned().collect();
    let Some(last) = turns.last() else {
        return;
    };
    let picture = |piece: Piece| piece_sprite(&game.0, art, piece).image;
    let pieces = drawn.pieces.iter().map(|(e, _, p)| (p.0, e)).collect();
    let squares = drawn.squares.iter().map(|(e, s)| (s.loc, e)).collect();
    let mut plan = Choreography::new(&layout, settings, &picture, pieces, squares);
    let previewed = drawn.previewed.iter().next();
    for turn in &turns {
        if turn.backwards {
            plan.backward(&turn.events);
        } else {
            plan.forward(&turn.events, previewed);
        }
    }
    let pos = source.position();
    if !last.backwards && game.0.variant().in_check(&pos) {
        plan.check(pos.board.kings_of(pos.side).iter());
    }
    if !last.backwards && viewing.is_live() && game.0.outcome().is_some() {
        plan.game_over();
    }
    for (entity, mut clips) in plan.clips {
        if let Ok(sprite) = drawn.sprites.get(entity) {
            clips.colour = sprite.color;
        }
        commands.entity(entity).insert(clips);
    }
    for entity in plan.gone {
        commands
            .entity(entity)
            .remove::<BoardPos>()
            .insert(Ephemeral);
    }
    let at: HashMap<Entity, Loc> = plan.pieces.iter().map(|(l, e)| (*e, *l)).collect();
    let mut shown: HashMap<Loc, Piece> = HashMap::new();
    for (entity, mut view, mut pos) in &mut drawn.pieces {
        if let Some((_, piece)) = plan.changed.iter().find(|(e, _)| *e == entity) {
            view.piece = *piece;
        }
        if let Some(loc) = at.get(&entity) {
            pos.0 = *loc;
            shown.insert(*loc, view.piece);
        }
    }
    let slid: HashMap<Entity, Loc> = plan.squares.iter().map(|(l, e)| (*e, *l)).collect();
    for (entity, mut square) in &mut drawn.squares {
        if let Some(loc) = slid.get(&entity) {
            square.loc = *loc;
        }
    }
    for arrival in plan.arrivals {
        let entity = spawn_piece(
            &mut commands,
            &game.0,
            art,
            &layout,
            arrival.at,
            arrival.piece,
        );
        commands.entity(entity).insert(arrival.clips);
        shown.insert(arrival.at, arrival.piece);
    }
    for spark in plan.sparks {
        commands.spawn((
            Name::new("Effect"),
            spark.sprite,
            spark.clips.rest,
            spark.clips,
            Ephemeral,
            Pickable::IGNORE,
            Board2d,
            DespawnOnExit(InGame),
        ));
    }
    timeline.start(plan.end, plan.cues);
    let squares_shown: HashSet<Loc> = plan.squares.keys().copied().collect();
    if !view_matches(&game.0, viewing, &shown, &squares_shown) {
        reset.write(BoardReset);
    }
}

/// Whether the pieces and squares shown are exactly those of the position the board shows.
fn view_matches(
    game: &Game,
    viewing: &Viewing,
    pieces: &HashMap<Loc, Piece>,
    squares: &HashSet<Loc>,
) -> bool {
    let board = &shown_position(game, viewing).board;
    let expected_pieces: HashMap<Loc, Piece> = board.pieces().collect();
    let expected_squares: HashSet<Loc> = locations(game)
        .filter(|l| board.content(*l) != Content::Hole)
        .collect();
    expected_pieces == *pieces && expected_squares == *squares
}
