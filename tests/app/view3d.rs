//! The 3D view: its entities match the game in every variant after turns, slides, captures and
//! undo; switching keeps the turn in progress; and a ray through a square's centre picks that
//! square among the table's meshes.

use crate::support::*;
use bevy::camera::visibility::VisibilityPlugin;
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings, RayCastVisibility};
use oddboard::app::art::pieces::drawing_of;
use oddboard::app::board::layout::{BoardLayout, Cell, PieceView};
use oddboard::app::shared::settings::{BoardView, Settings};
use oddboard::app::view3d::models::shape_of;
use oddboard::app::view3d::surface::Surface;
use oddboard::app::view3d::{TwinKind, TwinOf};
use oddboard::rules::{Content, Loc, Piece, RulesExt, SplitMix64, Variant, ids};
use std::collections::HashMap;

/// A headless app in the 3D view, with meshes and materials made (as in the window).
fn app_3d() -> App {
    let mut app = app();
    app.add_plugins((
        AssetPlugin::default(),
        VisibilityPlugin,
        bevy::transform::TransformPlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<Image>()
    .init_asset::<Surface>()
    .init_asset::<bevy::mesh::skinning::SkinnedMeshInverseBindposes>();
    switch_to_3d(&mut app);
    app
}

fn switch_to_3d(app: &mut App) {
    let mut settings = app.world().resource::<Settings>().clone();
    if settings.view != BoardView::ThreeD {
        settings.view = BoardView::ThreeD;
        app.insert_resource(settings);
    }
    settle(app);
}

/// Where the centre of `loc` is on the 3D board (which never turns: the camera does).
fn centre(app: &App, loc: Loc) -> Vec2 {
    centre_in(app.world().resource::<BoardLayout>(), loc)
}

/// Where the centre of `loc` is on a 3D board laid out as `layout`.
fn centre_in(layout: &BoardLayout, loc: Loc) -> Vec2 {
    Vec2::new(
        f32::from(loc.file()) - (f32::from(layout.files) - 1.0) / 2.0,
        -(f32::from(loc.rank()) - (f32::from(layout.ranks) - 1.0) / 2.0),
    )
}

/// The 3D pieces standing on the board, by the square under them.
fn pieces_3d(app: &mut App) -> HashMap<Loc, Piece> {
    let layout = *app.world().resource::<BoardLayout>();
    let world = app.world_mut();
    world
        .query::<(&TwinKind, &Transform, &Cell)>()
        .iter(world)
        .filter_map(|(kind, transform, cell)| match kind {
            TwinKind::Piece(piece) => Some((cell.loc, *piece, transform.translation)),
            _ => None,
        })
        .map(|(loc, piece, at)| {
            assert!(
                Vec2::new(at.x, at.z).distance(centre_in(&layout, loc)) < 1e-3,
                "{piece:?} on {loc} stands at {at}"
            );
            (loc, piece)
        })
        .collect()
}

/// The 3D tiles, by the square they are over.
fn tiles_3d(app: &mut App) -> Vec<Loc> {
    let layout = *app.world().resource::<BoardLayout>();
    let world = app.world_mut();
    let mut tiles: Vec<Loc> = world
        .query::<(&TwinKind, &Transform)>()
        .iter(world)
        .filter(|(kind, _)| **kind == TwinKind::Tile)
        .map(|(_, transform)| {
            let file = transform.translation.x + (f32::from(layout.files) - 1.0) / 2.0;
            let rank = -transform.translation.z + (f32::from(layout.ranks) - 1.0) / 2.0;
            Loc::new(file.round() as i32, rank.round() as i32).expect("on the board")
        })
        .collect();
    tiles.sort();
    tiles
}

/// Asserts the 3D board shows exactly the position shown: each piece over its square, a tile
/// on every square and none over a gap.
fn assert_3d_matches_game(app: &mut App, when: &str) {
    let game = game(app);
    let id = game.variant().id().to_string();
    let board = game.position().board;
    let alquerque = game.variant().geometry().lines() == oddboard::rules::Lines::Alquerque;
    let expected: HashMap<Loc, Piece> = board.pieces().collect();
    let mut squares: Vec<Loc> = shown_squares(app);
    squares.retain(|l| board.content(*l) != Content::Hole);
    assert_eq!(pieces_3d(app), expected, "{id}, {when}: pieces");
    if !alquerque {
        assert_eq!(tiles_3d(app), squares, "{id}, {when}: tiles");
    }
}

#[test]
fn the_3d_board_matches_the_game_in_every_variant_after_turns_and_undo() {
    let mut rng = SplitMix64::new(7);
    for id in ids() {
        let mut app = app_3d();
        start(&mut app, id, &[], None);
        assert_3d_matches_game(&mut app, "at the start");
        for ply in 0..8 {
            let turns = game(&app).legal_turns();
            if turns.is_empty() {
                break;
            }
            let captures: Vec<_> = turns
                .iter()
                .filter(|t| {
                    let mut g = game(&app).clone();
                    g.play(t).is_ok_and(|events| {
                        events
                            .iter()
                            .any(|e| matches!(e, oddboard::rules::Event::Captured { .. }))
                    })
                })
                .cloned()
                .collect();
            let pool = if captures.is_empty() {
                &turns
            } else {
                &captures
            };
            let turn = pool[rng.below(pool.len())];
            command(&mut app, Command::Play(turn));
            assert_3d_matches_game(&mut app, &format!("after turn {}", ply + 1));
        }
        command(&mut app, Command::Undo);
        assert_3d_matches_game(&mut app, "after undo");
    }
}

#[test]
fn switching_views_keeps_the_game_and_the_turn_in_progress() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    click(&mut app, "g8");
    let before = fen(&app);
    let asked = question(&app);
    press(&mut app, KeyCode::KeyV, false);
    settle(&mut app);
    assert_eq!(app.world().resource::<Settings>().view, BoardView::ThreeD);
    assert_eq!(fen(&app), before);
    assert_eq!(question(&app), asked, "the Knight is still picked");
    assert!(app.world().resource::<Builder>().0.in_progress());
    let world = app.world_mut();
    let flats = world
        .query::<(&TwinKind, &TwinOf)>()
        .iter(world)
        .filter(|(k, _)| **k == TwinKind::Flat)
        .count();
    assert!(flats >= 3, "the marks are drawn in 3D: {flats}");
    click(&mut app, "f6");
    assert_eq!(
        game(&app).turn_texts(),
        ["e2e4", "g8f6"],
        "the turn completes in 3D"
    );
    press(&mut app, KeyCode::KeyV, false);
    settle(&mut app);
    assert_eq!(app.world().resource::<Settings>().view, BoardView::TwoD);
    let world = app.world_mut();
    assert_eq!(
        world.query::<&TwinOf>().iter(world).count(),
        0,
        "no 3D left"
    );
    assert_view_matches_game(&mut app);
}

/// Casts a ray straight down through `at` (3D board coordinates) and returns the square of the
/// first mesh with a square that it meets.
fn pick_down(app: &mut App, at: Vec2) -> Option<Loc> {
    let ray = Ray3d::new(Vec3::new(at.x, 5.0, at.y), Dir3::NEG_Y);
    let mut state: bevy::ecs::system::SystemState<(MeshRayCast, Query<&Cell>)> =
        bevy::ecs::system::SystemState::new(app.world_mut());
    let Ok((mut cast, cells)) = state.get_mut(app.world_mut()) else {
        panic!("ray casting needs meshes");
    };
    let settings = MeshRayCastSettings::default()
        .with_visibility(RayCastVisibility::Any)
        .with_early_exit_test(&|_| false);
    let hits = cast.cast_ray(ray, &settings);
    hits.iter()
        .find_map(|(entity, _)| cells.get(*entity).ok().map(|c| c.loc))
}

#[test]
fn a_ray_through_a_squares_centre_picks_that_square() {
    for id in ["chess", "amoeba", "amphora", "fanorona-chess"] {
        let mut app = app_3d();
        start(&mut app, id, &[], None);
        let variant = Variant::load(id, &[]).expect("loads");
        let geometry = variant.geometry();
        for rank in 0..geometry.ranks() {
            for file in 0..geometry.files() {
                let Some(loc) = geometry.loc(file.into(), rank.into()) else {
                    continue;
                };
                let at = centre(&app, loc);
                assert_eq!(pick_down(&mut app, at), Some(loc), "{id}: {loc}");
            }
        }
    }
}

#[test]
fn the_3d_pieces_stand_where_the_2d_pieces_stand_on_a_flipped_board() {
    let mut app = app_3d();
    start(&mut app, "american-chess", &[], None);
    command(&mut app, Command::Flip);
    assert!(app.world().resource::<BoardLayout>().flipped);
    assert_3d_matches_game(&mut app, "flipped");
    let world = app.world_mut();
    let pieces = world.query::<&PieceView>().iter(world).count();
    assert_eq!(pieces_3d(&mut app).len(), pieces);
}

/// Whether every lit surface of the 3D tiles and pieces lies in the sun's shadows.
fn surfaces_shadowed(app: &mut App) -> Vec<bool> {
    let world = app.world_mut();
    let handles: Vec<Handle<Surface>> = world
        .query::<(&TwinKind, &MeshMaterial3d<Surface>)>()
        .iter(world)
        .filter(|(kind, _)| matches!(kind, TwinKind::Piece(_) | TwinKind::Tile))
        .map(|(_, material)| material.0.clone())
        .collect();
    let surfaces = world.resource::<Assets<Surface>>();
    handles
        .iter()
        .map(|h| surfaces.get(h).expect("the twin's surface is made"))
        .map(|surface| surface.lit && surface.shadowed)
        .collect()
}

#[test]
fn the_shadows_setting_puts_the_3d_board_in_the_suns_shadows_and_out_again() {
    let mut app = app_3d();
    start(&mut app, "chess", &[], None);
    let before = surfaces_shadowed(&mut app);
    assert_eq!(
        before.len(),
        64 + 32,
        "a surface for every square and piece"
    );
    assert!(before.iter().all(|s| !s), "shadows are off by default");
    for shadows in [true, false] {
        let mut settings = app.world().resource::<Settings>().clone();
        settings.shadows = shadows;
        app.insert_resource(settings);
        settle(&mut app);
        assert!(
            surfaces_shadowed(&mut app).iter().all(|s| *s == shadows),
            "every surface follows shadows = {shadows}"
        );
    }
}

/// Where the 3D camera sees `point`, from -1 to 1 across and up its view (headless, the view
/// is square).
fn seen(app: &mut App, point: Vec3) -> Vec2 {
    let world = app.world_mut();
    let view = world
        .query_filtered::<&GlobalTransform, With<oddboard::app::view3d::TableCamera>>()
        .single(world)
        .expect("the 3D camera")
        .to_matrix()
        .inverse();
    let clip = Mat4::perspective_infinite_reverse_rh(oddboard::app::view3d::rig::FOV, 1.0, 0.1);
    let at = clip.project_point3(view.transform_point3(point));
    at.truncate()
}

/// The default camera shows every piece of both sides in every variant: each piece's foot
/// and top in view, the far side's pieces seen nearly as tall as the near side's, and each
/// piece's upper half seen above the top of the piece one rank nearer the first player in its
/// file (so the back rank stands clear of the Pawns in front of it).
#[test]
fn the_default_camera_shows_every_piece_of_both_sides() {
    for id in ids() {
        let mut app = app_3d();
        start(&mut app, id, &[], None);
        settle(&mut app);
        let layout = *app.world().resource::<BoardLayout>();
        let pieces = pieces_3d(&mut app);
        let data = game(&app).variant().data().clone();
        let height = |piece: &Piece| shape_of(drawing_of(&data, piece.kind)).top();
        let mut tallest_near: f32 = 0.0;
        let mut tallest_far: f32 = 0.0;
        for (loc, piece) in &pieces {
            let at = centre_in(&layout, *loc);
            let foot = Vec3::new(at.x, TILE, at.y);
            let top = foot + Vec3::Y * height(piece);
            let (low, high) = (seen(&mut app, foot), seen(&mut app, top));
            for end in [low, high] {
                assert!(
                    end.abs().max_element() <= 1.0,
                    "{id}: {piece:?} on {loc} out of view"
                );
            }
            let tall = high.y - low.y;
            if loc.rank() == 0 {
                tallest_near = tallest_near.max(tall);
            }
            if i32::from(loc.rank()) == i32::from(layout.ranks) - 1 {
                tallest_far = tallest_far.max(tall);
            }
            let nearer = Loc::new(i32::from(loc.file()), i32::from(loc.rank()) - 1);
            if let Some(front) = nearer.and_then(|l| pieces.get(&l).map(|p| (l, p))) {
                let front_at = centre_in(&layout, front.0);
                let front_top = Vec3::new(front_at.x, TILE + height(front.1), front_at.y);
                let middle = seen(&mut app, (foot + top) / 2.0);
                assert!(
                    middle.y > seen(&mut app, front_top).y,
                    "{id}: {piece:?} on {loc} hides behind the piece on {}",
                    front.0
                );
            }
        }
        assert!(
            tallest_far > 0.8 * tallest_near,
            "{id}: the far side's pieces are seen {tallest_far}, the near side's {tallest_near}"
        );
    }
}

/// How high the 3D board's top is.
const TILE: f32 = oddboard::app::view3d::models::TILE_TOP;
