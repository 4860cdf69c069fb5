//! The rules in the side panel: the variant's summary, the game's keys, and each piece with a
//! diagram of its moves, as the engine draws them; a click on a diagram opens it large, and a
//! link beside it opens the lesson of that piece.

use super::Pictures;
use super::picture::BoardPicture;
use crate::app::learn::library::Library;
use crate::app::learn::on_board::StudyAction;
use crate::app::shared::settings::BoardTheme;
use crate::rules::{Game, Piece, PieceDiagram, RulesExt, Side, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// The piece whose diagram is open large, if any.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Enlarged(pub Option<Piece>);

/// The widest a cell of a diagram in the panel is drawn, in points.
const PANEL_CELL: f32 = 22.0;
/// The width a diagram in the panel may take, in points.
const PANEL_DIAGRAM_WIDTH: f32 = 260.0;
/// A cell of a diagram opened large, in points.
const LARGE_CELL: f32 = 46.0;

/// The summary with the course's lessons (each a link to it), the keys, and every piece of the
/// variant, each with its diagram and, where the course has one, a link to the lesson that
/// teaches it.
pub(super) fn rules_help(
    ui: &mut egui::Ui,
    game: &Game,
    pictures: &Pictures,
    theme: BoardTheme,
    enlarged: &mut Enlarged,
    links: &mut LessonLinks,
) {
    let course = links
        .library
        .course(game.variant().id())
        .and_then(Result::ok)
        .cloned();
    let variant = game.variant();
    ui.label(&variant.data().summary);
    if let Some(course) = &course {
        egui::CollapsingHeader::new("Learn each rule by playing it").show(ui, |ui| {
            for lesson in &course.lessons {
                if ui.link(&lesson.title).clicked() {
                    links.out.write(StudyAction::Lesson {
                        variant: variant.id().to_string(),
                        lesson: lesson.id.clone(),
                    });
                }
            }
        });
    }
    egui::CollapsingHeader::new("Keys").show(ui, keys_list);
    ui.add_space(6.0);
    let files = f32::from(variant.geometry().files());
    let cell = PANEL_CELL.min(PANEL_DIAGRAM_WIDTH / files);
    for data in variant.data().pieces_in(variant.options()) {
        let piece = Piece::new(data.kind, Side::White);
        ui.label(egui::RichText::new(&data.name).strong());
        let clicked = diagram(ui, variant, piece, pictures, cell, theme)
            .on_hover_text("Click to see it large")
            .clicked();
        if clicked {
            enlarged.0 = Some(piece);
        }
        ui.label(&data.moves);
        if let Some(lesson) = course.as_ref().and_then(|c| c.lesson_of_piece(&data.name))
            && ui
                .link(format!("Learn it by playing: {}", lesson.title))
                .clicked()
        {
            links.out.write(StudyAction::Lesson {
                variant: game.variant().id().to_string(),
                lesson: lesson.id.clone(),
            });
        }
        ui.add_space(8.0);
    }
}

/// The game's keys and what each does, as the keys list shows them.
const KEYS: [(&str, &str); 11] = [
    ("/", "type a move, or ask about the position (the move box)"),
    (
        "Tab",
        "play on the board by keys (a cursor); again: the panel's controls",
    ),
    (
        "Arrows",
        "move the cursor; without it, ← and → step through the moves",
    ),
    ("Space, Enter", "click where the cursor is"),
    ("Esc", "cancel the turn being built; close the move box"),
    ("Home, End", "the first position; back to the game"),
    ("H", "a hint"),
    ("A", "the analysis on or off"),
    ("F", "flip the board"),
    ("V", "switch between 2D and 3D"),
    ("Ctrl+Z, Ctrl+Y", "undo, redo"),
];

/// Every key of a game and what it does, a line each (wrapped within the panel).
pub(super) fn keys_list(ui: &mut egui::Ui) {
    for (key, does) in KEYS {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 6.0;
            ui.label(egui::RichText::new(key).strong());
            ui.label(does);
        });
    }
}

/// The course's lessons, for the links beside the diagrams, and where a click on one goes.
#[derive(SystemParam)]
pub struct LessonLinks<'w> {
    library: Res<'w, Library>,
    out: MessageWriter<'w, StudyAction>,
}

/// The diagram open large, in a window of its own until closed.
pub(super) fn show_enlarged(
    ctx: &egui::Context,
    game: &Game,
    pictures: &Pictures,
    theme: BoardTheme,
    enlarged: &mut Enlarged,
) {
    let Some(piece) = enlarged.0 else {
        return;
    };
    let variant = game.variant();
    let Some(data) = variant.data().piece(piece.kind) else {
        enlarged.0 = None;
        return;
    };
    let mut open = true;
    egui::Window::new(format!("How the {} moves", data.name))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            diagram(ui, variant, piece, pictures, LARGE_CELL, theme);
            ui.set_max_width(f32::from(variant.geometry().files()) * LARGE_CELL);
            ui.label(&data.moves);
        });
    if !open {
        enlarged.0 = None;
    }
}

/// A board showing where `piece` can move, as the engine's own diagram has it: the piece (and
/// any other the diagram needs) in its picture, a dot where it may go, a ring where it takes.
fn diagram(
    ui: &mut egui::Ui,
    variant: &Variant,
    piece: Piece,
    pictures: &Pictures,
    cell: f32,
    theme: BoardTheme,
) -> egui::Response {
    match variant.piece_diagram(piece) {
        Some(PieceDiagram {
            position,
            at,
            reach,
        }) => BoardPicture::new(variant, &position, pictures, cell, theme)
            .marked(at, reach)
            .show(ui),
        None => ui.allocate_response(egui::Vec2::ZERO, egui::Sense::click()),
    }
}
