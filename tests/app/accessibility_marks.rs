//! Marks for every eye: each mark's meaning has its own shape, not only its own colour; the
//! high-contrast board; the interface size, kept in the settings and applied to the board's
//! coordinates.

use crate::support::*;
use oddboard::app::art::shapes::Figure;
use oddboard::app::board::layout::{CoordinateLabel, Decor, Plank, SQUARE};
use oddboard::app::board::markers::{MarkShape, Marker};
use oddboard::app::shared::settings::{BoardTheme, InterfaceSize, Settings};
use std::collections::{HashMap, HashSet};
use std::fs;

/// The shapes each mark on the board is drawn with now, added to `seen`.
fn note_shapes(app: &mut App, seen: &mut HashMap<Marker, HashSet<MarkShape>>) {
    let world = app.world_mut();
    for (marker, shape) in world.query::<(&Marker, &MarkShape)>().iter(world) {
        seen.entry(*marker).or_default().insert(*shape);
    }
}

/// Points at `square`, as the pointer resting on it does.
fn point_at(app: &mut App, square: &str) {
    pointer_event(app, square, Over { hit: hit() });
    settle(app);
}

/// Plays `texts` (the engine's notation) one after another.
fn play(app: &mut App, texts: &[&str]) {
    for text in texts {
        let turn = game(app)
            .variant()
            .parse_turn(game(app).position(), text)
            .expect("legal");
        command(app, Command::Play(turn));
    }
}

/// Positions showing every kind of mark, each mark's shapes noted.
fn every_mark() -> HashMap<Marker, HashSet<MarkShape>> {
    let mut seen = HashMap::new();
    // Chess after 1.e4 d5: the last turn; pointing at each side's pieces (reach onto an empty
    // square and onto a piece); then the Pawn picked, a quiet target and a capture.
    let mut app = app();
    start(&mut app, "chess", &[], None);
    play(&mut app, &["e2e4", "d7d5"]);
    point_at(&mut app, "d5");
    note_shapes(&mut app, &mut seen);
    point_at(&mut app, "e4");
    note_shapes(&mut app, &mut seen);
    click(&mut app, "e4");
    note_shapes(&mut app, &mut seen);
    // Fool's mate: the King in check and what decided the game.
    start(&mut app, "chess", &[], None);
    play(&mut app, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    note_shapes(&mut app, &mut seen);
    // Fanorona Chess: Rc5-c3 takes c2 by approach or c6 by withdrawal: both pointed out as
    // victims, then offered for removal; once taken, the emptied square stays marked.
    start(
        &mut app,
        "fanorona-chess",
        &[],
        Some("k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1"),
    );
    click(&mut app, "c5");
    point_at(&mut app, "c3");
    note_shapes(&mut app, &mut seen);
    click(&mut app, "c3");
    note_shapes(&mut app, &mut seen);
    click(&mut app, "c2");
    assert_eq!(marked(&mut app, Marker::Vacated).len(), 1, "c2 emptied");
    note_shapes(&mut app, &mut seen);
    // Amphora: the Guard shown where it may be placed.
    start(
        &mut app,
        "amphora",
        &[],
        Some("*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w G+g 00 0 1"),
    );
    note_shapes(&mut app, &mut seen);
    // Amoeba: the last slide's gap and tile; the squares that may slide; then a square picked
    // to slide, with its ghosts.
    start(&mut app, "amoeba", &[], None);
    play(&mut app, &["d2d3,~b4c4", "d6d5,~a5a6"]);
    note_shapes(&mut app, &mut seen);
    let turn = game(&app)
        .legal_turns()
        .into_iter()
        .find(|t| t.slide.is_some())
        .expect("a turn with a slide");
    let (square, _) = turn.slide.expect("a slide");
    click(&mut app, &turn.from.to_string());
    click(&mut app, &turn.to.to_string());
    note_shapes(&mut app, &mut seen);
    click(&mut app, &square.to_string());
    note_shapes(&mut app, &mut seen);
    seen
}

#[test]
fn every_mark_has_its_own_shape() {
    use MarkShape::{Figure as F, Picture, Tint};
    let seen = every_mark();
    let expected: HashMap<Marker, HashSet<MarkShape>> = [
        (Marker::LastMove, vec![Tint, F(Figure::Brackets)]),
        (Marker::Check, vec![Tint, F(Figure::Starburst)]),
        (Marker::Selected, vec![Tint, F(Figure::ThickFrame)]),
        (Marker::Target, vec![F(Figure::Dot)]),
        (Marker::Capture, vec![F(Figure::Corners)]),
        (Marker::Removal, vec![F(Figure::CircledCross)]),
        (Marker::Reach, vec![F(Figure::Dot), F(Figure::Ring)]),
        (
            Marker::OtherReach,
            vec![F(Figure::Hollow), F(Figure::DashedRing)],
        ),
        (Marker::Victim, vec![Tint, F(Figure::Cross)]),
        (Marker::Vacated, vec![Tint, F(Figure::SmallCross)]),
        (Marker::SlideGap, vec![F(Figure::DashedFrame)]),
        (Marker::SlideTile, vec![F(Figure::Edge)]),
        (Marker::SlideGhost, vec![F(Figure::DottedFrame)]),
        (Marker::Slidable, vec![F(Figure::Arrows)]),
        (Marker::Placement, vec![Picture]),
        (Marker::Decided, vec![F(Figure::DoubleRing)]),
    ]
    .into_iter()
    .map(|(marker, shapes)| (marker, shapes.into_iter().collect()))
    .collect();
    assert_eq!(seen, expected);
    // No two meanings share a figure: only the hovered piece's reach onto an empty square is
    // drawn as the picked piece's target is (the same news, never shown at once).
    for (a, shapes_a) in &seen {
        for (b, shapes_b) in &seen {
            let shared: Vec<&MarkShape> = shapes_a
                .intersection(shapes_b)
                .filter(|s| **s != Tint)
                .collect();
            let allowed = a == b || matches!((a, b), (Marker::Reach, Marker::Target));
            let allowed = allowed || matches!((a, b), (Marker::Target, Marker::Reach));
            assert!(
                allowed || shared.is_empty(),
                "{a:?} and {b:?} share {shared:?}"
            );
        }
    }
}

#[test]
fn every_part_of_a_mark_is_on_its_square_and_a_tint_lies_under_the_pieces() {
    const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "f3");
    let world = app.world_mut();
    let parts: Vec<(Marker, MarkShape, f32)> = world
        .query::<(&Marker, &MarkShape, &Transform)>()
        .iter(world)
        .map(|(m, s, t)| (*m, *s, t.translation.z))
        .collect();
    let selected: Vec<MarkShape> = parts
        .iter()
        .filter(|(m, _, _)| *m == Marker::Selected)
        .map(|(_, s, _)| *s)
        .collect();
    assert_eq!(selected.len(), 2, "a tint and a frame");
    let z_piece = oddboard::app::board::layout::Z_PIECE;
    for (marker, shape, z) in parts {
        if shape == MarkShape::Tint {
            assert!(z < z_piece, "{marker:?}'s tint under the pieces");
        }
    }
    assert_eq!(
        marked(&mut app, Marker::Selected),
        HashSet::from([oddboard::rules::Loc::parse("f3").unwrap()])
    );
}

/// The WCAG relative luminance of an sRGB colour.
fn luminance(colour: Color) -> f32 {
    let linear = colour.to_linear();
    0.2126 * linear.red + 0.7152 * linear.green + 0.0722 * linear.blue
}

/// The WCAG contrast ratio of two colours.
fn contrast(a: Color, b: Color) -> f32 {
    let (a, b) = (luminance(a) + 0.05, luminance(b) + 0.05);
    a.max(b) / a.min(b)
}

#[test]
fn the_high_contrast_board_sets_its_squares_far_apart_and_pieces_apart_from_both() {
    let [light, dark] = BoardTheme::HighContrast.squares();
    assert!(contrast(light, dark) >= 4.5, "{}", contrast(light, dark));
    assert!(
        contrast(light, Color::WHITE) > 1.1,
        "white pieces stand out on the light squares"
    );
    assert!(
        contrast(dark, Color::BLACK) >= 2.5,
        "black pieces stand out on the dark squares"
    );
    for theme in BoardTheme::ALL {
        assert!(
            contrast(light, dark) >= contrast(theme.squares()[0], theme.squares()[1]),
            "{theme:?} has no more contrast than high contrast"
        );
    }
    assert_eq!(BoardTheme::HighContrast.label(), "high contrast");
}

#[test]
fn fanorona_on_the_high_contrast_board_has_black_lines_on_a_light_plank() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().theme = BoardTheme::HighContrast;
    start(&mut app, "fanorona-chess", &[], None);
    let world = app.world_mut();
    let plank: Vec<Color> = world
        .query_filtered::<&Sprite, With<Plank>>()
        .iter(world)
        .map(|s| s.color)
        .collect();
    assert_eq!(plank, [BoardTheme::HighContrast.squares()[0]]);
    let lines: Vec<Color> = world
        .query_filtered::<&Sprite, (With<Decor>, Without<Plank>)>()
        .iter(world)
        .map(|s| s.color)
        .collect();
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|c| *c == Color::BLACK), "{lines:?}");
    let labels: Vec<Color> = world
        .query::<&CoordinateLabel>()
        .iter(world)
        .map(|label| label.colour)
        .collect();
    assert!(!labels.is_empty());
    assert!(
        labels.iter().all(|c| *c == Color::WHITE),
        "white coordinates"
    );
}

/// The font sizes of the board's coordinates.
fn label_sizes(app: &mut App) -> Vec<f32> {
    let world = app.world_mut();
    world
        .query::<&CoordinateLabel>()
        .iter(world)
        .map(|label| label.size)
        .collect()
}

#[test]
fn the_interface_size_scales_the_boards_coordinates() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let normal = label_sizes(&mut app);
    assert_eq!(normal.len(), 16);
    assert!(normal.iter().all(|s| (*s - SQUARE * 0.28).abs() < 1e-3));
    for size in InterfaceSize::ALL {
        app.world_mut().resource_mut::<Settings>().ui_scale = size;
        settle(&mut app);
        let scaled = label_sizes(&mut app);
        assert_eq!(scaled.len(), 16);
        let wanted = SQUARE * 0.28 * size.factor();
        assert!(
            scaled.iter().all(|s| (*s - wanted).abs() < 1e-3),
            "{size:?}"
        );
    }
    let labels: Vec<&str> = InterfaceSize::ALL.iter().map(|s| s.label()).collect();
    assert_eq!(labels, ["100 %", "125 %", "150 %", "200 %"]);
    assert_eq!(Settings::default().ui_scale, InterfaceSize::Percent100);
}

/// A settings file written before the interface size existed loads, at 100 %; one written
/// with it keeps it.
#[test]
fn a_settings_file_without_the_interface_size_loads_at_100_percent() {
    let dir = temp_dir("no-ui-scale");
    fs::write(
        dir.join("settings.ron"),
        "(speed: Fast, theme: Slate, show_coordinates: false, engine_memory_mib: 256)",
    )
    .expect("write");
    let app = app_with_data(&dir);
    let settings = app.world().resource::<Settings>().clone();
    assert_eq!(settings.ui_scale, InterfaceSize::Percent100);
    assert_eq!(settings.theme, BoardTheme::Slate);
    assert!(!settings.show_coordinates);
    assert_eq!(settings.engine_memory_mib, 256);
    fs::write(
        dir.join("settings.ron"),
        "(theme: HighContrast, ui_scale: Percent150)",
    )
    .expect("write");
    let app = app_with_data(&dir);
    let settings = app.world().resource::<Settings>().clone();
    assert_eq!(settings.ui_scale, InterfaceSize::Percent150);
    assert_eq!(settings.theme, BoardTheme::HighContrast);
}
