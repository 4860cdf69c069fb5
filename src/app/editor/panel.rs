//! The position editor's screen: the board to click on, the palette (every piece of the
//! variant, both sides, and an eraser), the side to move, the FEN box, the engine's verdict,
//! and Start.

use crate::app::art::pieces::PieceArt;
use crate::app::board::camera::PanelWidth;
use crate::app::editor::setup::{Brush, Editor, EditorAction};
use crate::app::panels::help::board_picture;
use crate::app::panels::{Pictures, root_ui};
use crate::app::shared::screen::Screen;
use crate::rules::{LocSet, Piece, Side};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// A square of the editor's board, in points.
const CELL: f32 = 54.0;

/// Registers the editor's screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        editor_screen
            .run_if(in_state(Screen::Editor))
            .run_if(resource_exists::<Editor>),
    );
}

fn editor_screen(
    mut contexts: EguiContexts,
    editor: Res<Editor>,
    art: Res<PieceArt>,
    mut out: MessageWriter<EditorAction>,
    mut panel: ResMut<PanelWidth>,
) -> Result {
    panel.set_if_neq(PanelWidth(0.0));
    let pictures = Pictures::of_variant(&mut contexts, editor.variant(), &art);
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading(format!(
            "Set up a position: {}",
            editor.variant().data().name
        ));
        ui.horizontal_top(|ui| {
            board(ui, &editor, &pictures, &mut out);
            ui.vertical(|ui| controls(ui, &editor, &pictures, &mut out));
        });
    });
    Ok(())
}

/// The board, drawn as the rules panel draws its diagrams: each click applies the brush to the
/// square under the pointer.
fn board(
    ui: &mut egui::Ui,
    editor: &Editor,
    pictures: &Pictures,
    out: &mut MessageWriter<EditorAction>,
) {
    let variant = editor.variant();
    let response = board_picture(
        ui,
        variant,
        editor.position(),
        pictures,
        CELL,
        None,
        LocSet::EMPTY,
    );
    let Some(pointer) = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())
    else {
        return;
    };
    let offset = (pointer - response.rect.min) / CELL;
    let ranks = i32::from(variant.geometry().ranks());
    let (file, rank) = (offset.x.floor() as i32, ranks - 1 - offset.y.floor() as i32);
    if let Some(at) = variant.geometry().loc(file, rank) {
        out.write(EditorAction::Click(at));
    }
}

/// The palette, the side to move, the FEN box, the verdict and the buttons.
fn controls(
    ui: &mut egui::Ui,
    editor: &Editor,
    pictures: &Pictures,
    out: &mut MessageWriter<EditorAction>,
) {
    let data = editor.variant().data();
    ui.label("Click a piece, then squares to put it on:");
    for side in Side::BOTH {
        ui.horizontal_wrapped(|ui| {
            for piece in data.pieces_in(editor.variant().options()) {
                let piece = Piece::new(piece.kind, side);
                let Some(image) = pictures.image(piece, 36.0) else {
                    continue;
                };
                let chosen = editor.brush == Brush::Piece(piece);
                if ui
                    .add(egui::Button::image(image).selected(chosen))
                    .clicked()
                {
                    out.write(EditorAction::Brush(Brush::Piece(piece)));
                }
            }
        });
    }
    ui.horizontal(|ui| {
        if ui
            .selectable_label(editor.brush == Brush::Erase, "Eraser")
            .clicked()
        {
            out.write(EditorAction::Brush(Brush::Erase));
        }
        if ui.button("Clear the board").clicked() {
            out.write(EditorAction::Clear);
        }
    });
    ui.horizontal(|ui| {
        ui.label("To move:");
        for side in Side::BOTH {
            let name = data.side_name(side);
            if ui
                .selectable_label(editor.position().side == side, name)
                .clicked()
            {
                out.write(EditorAction::SideToMove(side));
            }
        }
    });
    ui.label("FEN (edit it to set the rest: castling, counters, …):");
    let mut text = editor.fen_text.clone();
    if ui
        .add(
            egui::TextEdit::multiline(&mut text)
                .desired_width(380.0)
                .desired_rows(2),
        )
        .changed()
    {
        out.write(EditorAction::Fen(text));
    }
    match &editor.problem {
        Some(problem) => {
            ui.colored_label(egui::Color32::LIGHT_RED, problem);
        }
        None => {
            ui.colored_label(egui::Color32::LIGHT_GREEN, "The position is ready to play.");
        }
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                editor.problem.is_none(),
                egui::Button::new("Start a game from here"),
            )
            .clicked()
        {
            out.write(EditorAction::Start);
        }
        if ui.button("Back to the menu").clicked() {
            out.write(EditorAction::Close);
        }
    });
}
