//! The marks a player reads the board by, as on lichess: a dot on a square the picked piece may
//! go to, a ring where it captures (on the square, or elsewhere: approach, withdrawal,
//! interception, Artillery fire), the pieces a destination would take while it is pointed at,
//! Amphora's Guard shown where it may be placed, Amoeba's last slide (the gap it left still a
//! gap), the squares that may slide marked apart from a piece's destinations, the other side's
//! reach drawn apart from the side to move's, the pointer's marks held back after a turn until
//! it moves, and the board's colour themes.

use crate::support::*;
use oddboard::app::board::layout::{BoardLayout, Square, Z_PIECE};
use oddboard::app::board::markers::Marker;
use oddboard::app::shared::settings::{BoardTheme, Settings};
use oddboard::rules::{Loc, RulesExt};
use std::collections::HashSet;

fn squares(names: &[&str]) -> HashSet<Loc> {
    names
        .iter()
        .map(|n| Loc::parse(n).expect("square"))
        .collect()
}

/// Points at `square`, as the pointer resting on it does.
fn point_at(app: &mut App, square: &str) {
    pointer_event(app, square, Over { hit: hit() });
    settle(app);
}

#[test]
fn a_quiet_destination_is_a_dot_and_a_capture_a_ring_over_the_piece() {
    // White to move after 1.e4 e5 2.Nf3 Nc6: the Knight may take on e5.
    const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "f3");
    assert_eq!(marked(&mut app, Marker::Capture), squares(&["e5"]));
    assert_eq!(
        marked(&mut app, Marker::Target),
        squares(&["d4", "g5", "h4", "g1"])
    );
    let world = app.world_mut();
    let heights: Vec<f32> = world
        .query::<(&Marker, &Transform)>()
        .iter(world)
        .filter(|(m, _)| **m == Marker::Capture)
        .map(|(_, t)| t.translation.z)
        .collect();
    assert!(heights.iter().all(|z| *z > Z_PIECE), "drawn over the piece");
}

#[test]
fn american_chess_artillery_fire_is_ringed_on_its_targets() {
    // The start position: the Artillery on d3 fires over the Pawns of rank 4.
    let mut app = app();
    start(&mut app, "american-chess", &[], None);
    click(&mut app, "d3");
    assert_eq!(
        marked(&mut app, Marker::Capture),
        squares(&["a6", "d6", "g6"])
    );
}

#[test]
fn an_interception_rings_the_destination_and_pointing_at_it_marks_the_victim() {
    // Amphora, White to move: e2-e3 catches the Guard on d4 between e3 and c5.
    const FEN: &str = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    click(&mut app, "e2");
    assert!(marked(&mut app, Marker::Capture).contains(&Loc::parse("e3").unwrap()));
    assert!(marked(&mut app, Marker::Victim).is_empty());
    point_at(&mut app, "e3");
    assert_eq!(marked(&mut app, Marker::Victim), squares(&["d4"]));
}

#[test]
fn approach_and_withdrawal_ring_an_empty_destination_and_point_out_both_victims() {
    // Fanorona Chess, White to move: Rc5-c3 takes c2 by approach or c6 by withdrawal.
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(FEN));
    click(&mut app, "c5");
    assert!(marked(&mut app, Marker::Capture).contains(&Loc::parse("c3").unwrap()));
    point_at(&mut app, "c3");
    assert_eq!(marked(&mut app, Marker::Victim), squares(&["c2", "c6"]));
    click(&mut app, "c3");
    assert_eq!(
        marked(&mut app, Marker::Removal),
        squares(&["c2", "c6"]),
        "then the player chooses which"
    );
}

#[test]
fn amphoras_placement_shows_the_guard_where_it_may_go_and_marks_no_piece() {
    // White holds the placement right (`G+`): the Guard may first be put beside the King.
    const FEN: &str = "*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w G+g 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    let placements = marked(&mut app, Marker::Placement);
    assert!(placements.contains(&Loc::parse("c1").unwrap()));
    let occupied: HashSet<Loc> = game(&app)
        .position()
        .board
        .pieces()
        .map(|(at, _)| at)
        .collect();
    assert!(placements.is_disjoint(&occupied), "no mark on a piece");
    assert!(marked(&mut app, Marker::Target).is_empty());
}

#[test]
fn each_board_theme_repaints_the_squares() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    for theme in BoardTheme::ALL {
        app.world_mut().resource_mut::<Settings>().theme = theme;
        settle(&mut app);
        let layout = *app.world().resource::<BoardLayout>();
        let world = app.world_mut();
        let a1 = world
            .query::<(&Square, &Sprite)>()
            .iter(world)
            .find(|(s, _)| s.loc == Loc::parse("a1").unwrap())
            .map(|(_, sprite)| sprite.color)
            .expect("a1 drawn");
        assert_eq!(a1, theme.squares()[1], "{theme:?}: a1 is dark");
        assert_eq!(layout.files, 8);
    }
}

/// Amoeba, `d3 ~b4c4 d5 ~a5a6 Nb3 ~g3g2`: the gap g3 the last slide left is outlined (it must
/// not look like a square a piece could go to), the tile now on g2 is outlined in its own
/// colour, and no other mark lies on a gap.
#[test]
fn the_gap_the_last_slide_left_still_looks_like_a_gap() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    for text in ["d2d3,~b4c4", "d6d5,~a5a6", "c1b3,~g3g2"] {
        let turn = game(&app)
            .variant()
            .parse_turn(game(&app).position(), text)
            .expect("legal");
        command(&mut app, Command::Play(turn));
        settle(&mut app);
    }
    assert_eq!(marked(&mut app, Marker::SlideGap), squares(&["g3"]));
    assert_eq!(marked(&mut app, Marker::SlideTile), squares(&["g2"]));
    let pos = *game(&app).position();
    let gaps: Vec<Loc> = game(&app)
        .variant()
        .geometry()
        .inside()
        .iter()
        .filter(|l| pos.board.is_hole(*l))
        .collect();
    assert_eq!(gaps.len(), 11);
    let layout = *app.world().resource::<BoardLayout>();
    let world = app.world_mut();
    let on_gaps: Vec<Marker> = world
        .query::<(&Marker, &Transform)>()
        .iter(world)
        .filter(|(_, t)| {
            let at = t.translation.truncate();
            gaps.iter().any(|l| layout.world(*l).distance(at) < 1.0)
        })
        .map(|(m, _)| *m)
        .collect();
    assert_eq!(
        on_gaps,
        [Marker::SlideGap],
        "only the slide's outline on a gap"
    );
}

#[test]
fn the_other_sides_reach_is_drawn_apart_from_the_side_to_moves() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    point_at(&mut app, "g8");
    assert_eq!(marked(&mut app, Marker::OtherReach), squares(&["f6", "h6"]));
    assert!(marked(&mut app, Marker::Reach).is_empty());
    point_at(&mut app, "g1");
    assert_eq!(marked(&mut app, Marker::Reach), squares(&["f3", "h3"]));
    assert!(marked(&mut app, Marker::OtherReach).is_empty());
}

/// Amoeba after `d3`: while the slide is asked, the squares that may slide carry their own mark,
/// not the dot of a piece's destination; once one is picked, the gaps it may fill are dotted.
#[test]
fn the_squares_that_may_slide_are_marked_apart_from_a_pieces_moves() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    click(&mut app, "d2");
    assert!(
        !marked(&mut app, Marker::Target).is_empty(),
        "the Pawn's dots"
    );
    click(&mut app, "d3");
    let slidable: HashSet<Loc> = game(&app)
        .legal_turns()
        .into_iter()
        .filter(|t| t.from == Loc::parse("d2").unwrap() && t.to == Loc::parse("d3").unwrap())
        .filter_map(|t| t.slide.map(|(from, _)| from))
        .collect();
    assert!(slidable.len() > 1);
    assert_eq!(marked(&mut app, Marker::Slidable), slidable);
    assert!(
        marked(&mut app, Marker::Target).is_empty(),
        "no dots on them"
    );
    click(&mut app, "b4");
    assert!(marked(&mut app, Marker::Slidable).is_empty());
    assert_eq!(marked(&mut app, Marker::Target), squares(&["c4"]));
}

/// A turn played with the pointer resting on the piece it moved shows none of that piece's
/// reach (it would fill the board, read as the turn's own marks) until the pointer moves.
#[test]
fn the_pointers_marks_wait_after_a_turn_until_the_pointer_moves() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    point_at(&mut app, "g1");
    click(&mut app, "g1");
    point_at(&mut app, "f3");
    click(&mut app, "f3");
    assert_eq!(game(&app).turns().len(), 1, "Nf3 played");
    assert!(marked(&mut app, Marker::OtherReach).is_empty());
    assert!(marked(&mut app, Marker::Reach).is_empty());
    let moved = Move {
        hit: hit(),
        delta: Vec2::new(3.0, 0.0),
    };
    pointer_event(&mut app, "f3", moved);
    settle(&mut app);
    assert_eq!(
        marked(&mut app, Marker::OtherReach),
        squares(&["d4", "e5", "g5", "h4", "g1"])
    );
    point_at(&mut app, "g8");
    assert_eq!(marked(&mut app, Marker::Reach), squares(&["f6", "h6"]));
}
