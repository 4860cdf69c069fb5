//! The accessibility tree a screen reader reads: AccessKit turned on in egui (as bevy_egui does
//! when a screen reader asks), the board's grid and the announcement built into it, and the
//! tree update egui produces searched for the board's squares and the turn just played.

use crate::support::*;
use bevy_egui::egui;
use egui::accesskit::{Live, Node, Role, TreeUpdate};
use oddboard::app::shared::speech::Spoken;
use oddboard::app::speech::tree::{BoardSpeech, board_grid, live_region};
use oddboard::rules::RulesExt;

/// The tree update of one egui pass showing the game's board and announcement, with AccessKit
/// turned on.
fn tree_of(app: &App) -> TreeUpdate {
    let game = game(app).clone();
    let spoken = app.world().resource::<Spoken>().0.clone();
    let board = BoardSpeech::of(&game, game.position(), false, |loc| {
        let corner = egui::pos2(
            f32::from(loc.file()) * 50.0,
            (7.0 - f32::from(loc.rank())) * 50.0,
        );
        Some(egui::Rect::from_min_size(corner, egui::vec2(50.0, 50.0)))
    });
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 500.0),
        )),
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| {
        board_grid(ui, &board);
        live_region(ui, &spoken);
    });
    output
        .platform_output
        .accesskit_update
        .expect("AccessKit is on: egui produces a tree update")
}

fn with_label<'a>(tree: &'a TreeUpdate, label: &str) -> Vec<&'a Node> {
    tree.nodes
        .iter()
        .map(|(_, node)| node)
        .filter(|node| node.label() == Some(label) || node.value() == Some(label))
        .collect()
}

#[test]
fn the_board_is_a_grid_of_labelled_squares() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    let tree = tree_of(&app);
    let grids: Vec<&Node> = tree
        .nodes
        .iter()
        .map(|(_, node)| node)
        .filter(|node| node.role() == Role::Grid)
        .collect();
    assert_eq!(grids.len(), 1);
    assert_eq!(
        (grids[0].row_count(), grids[0].column_count()),
        (Some(8), Some(8))
    );
    assert_eq!(grids[0].children().len(), 64, "one cell per square");
    let e2 = with_label(&tree, "e2, White Pawn");
    assert_eq!(e2.len(), 1);
    assert_eq!(e2[0].role(), Role::GridCell);
    assert_eq!(
        (e2[0].row_index(), e2[0].column_index()),
        (Some(6), Some(4))
    );
    assert_eq!(with_label(&tree, "e4, empty").len(), 1);
}

#[test]
fn a_turn_played_is_announced_in_a_live_region() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "g1");
    click(&mut app, "f3");
    let tree = tree_of(&app);
    let said: Vec<&Node> = with_label(&tree, "White Knight g1 to f3")
        .into_iter()
        .filter(|node| node.live() == Some(Live::Polite))
        .collect();
    assert_eq!(
        said.len(),
        1,
        "the announcement is a live region in the tree"
    );
    assert_eq!(
        with_label(&tree, "f3, White Knight").len(),
        1,
        "the board follows"
    );
}

#[test]
fn an_amoeba_gap_is_named_as_a_gap() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    let game = game(&app).clone();
    let pos = game.position();
    let gap = game
        .variant()
        .geometry()
        .inside()
        .iter()
        .find(|loc| pos.board.is_hole(*loc))
        .expect("Amoeba starts with gaps");
    let tree = tree_of(&app);
    assert_eq!(with_label(&tree, &format!("{gap}, gap")).len(), 1);
}
