//! The position editor's screen: the board as large as the game's, with coordinates, to click
//! on; the palette (every piece of the variant, both sides, an eraser, and for Amoeba a gap
//! brush); the side to move; the variant's own state as checkboxes and counts; who plays; the
//! engine's verdict in a player's words; Start; and the FEN box, with the FEN reader's own
//! words beside it.

use crate::app::art::pieces::PieceArt;
use crate::app::board::camera::PanelWidth;
use crate::app::editor::setup::{Brush, Editor, EditorAction};
use crate::app::panels::choices::player_picker;
use crate::app::panels::picture::BoardPicture;
use crate::app::panels::{Pictures, root_ui};
use crate::app::shared::screen::Screen;
use crate::app::shared::settings::Settings;
use crate::rules::{Holes, Piece, RulesExt, Side, StateControl};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The width kept right of the board for the controls, in points.
const CONTROLS_WIDTH: f32 = 420.0;
/// The room the heading and the margins take above and below the board, in points.
const BOARD_MARGIN: f32 = 30.0;
/// The room coordinates take beside the board, in squares.
const COORDINATES: f32 = 0.4;

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
    settings: Res<Settings>,
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
            board(ui, &editor, &pictures, &settings, &mut out);
            ui.vertical(|ui| {
                ui.set_max_width(CONTROLS_WIDTH - 20.0);
                egui::ScrollArea::vertical()
                    .id_salt("editor controls")
                    .show(ui, |ui| controls(ui, &editor, &pictures, &mut out));
            });
        });
    });
    Ok(())
}

/// The board, as large as the window lets it be beside the controls, with coordinates: each
/// click applies the brush to the square under the pointer.
fn board(
    ui: &mut egui::Ui,
    editor: &Editor,
    pictures: &Pictures,
    settings: &Settings,
    out: &mut MessageWriter<EditorAction>,
) {
    let variant = editor.variant();
    let geometry = variant.geometry();
    let across = f32::from(geometry.files()) + COORDINATES;
    let down = f32::from(geometry.ranks()) + COORDINATES;
    let room = ui.available_size() - egui::vec2(CONTROLS_WIDTH, BOARD_MARGIN);
    let cell = (room.x / across).min(room.y / down).max(16.0);
    let picture = BoardPicture::new(variant, editor.position(), pictures, cell, settings.theme)
        .with_coordinates();
    let response = picture.show(ui);
    if let Some(at) = picture.clicked_loc(&response) {
        out.write(EditorAction::Click(at));
    }
}

/// The palette, the side to move, the variant's state, the players, the verdict, the buttons
/// and the FEN box.
fn controls(
    ui: &mut egui::Ui,
    editor: &Editor,
    pictures: &Pictures,
    out: &mut MessageWriter<EditorAction>,
) {
    palette(ui, editor, pictures, out);
    ui.separator();
    let data = editor.variant().data();
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
    for control in editor.variant().state_controls(editor.position()) {
        state_control(ui, editor, &control, out);
    }
    ui.separator();
    let mut players = editor.players;
    for side in Side::BOTH {
        ui.horizontal(|ui| {
            ui.label(format!("{}:", data.side_name(side)));
            player_picker(ui, side, &mut players);
        });
    }
    if players != editor.players {
        out.write(EditorAction::Players(players));
    }
    verdict(ui, editor);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                editor.problem.is_none(),
                egui::Button::new(egui::RichText::new("Start the game").size(17.0)),
            )
            .clicked()
        {
            out.write(EditorAction::Start);
        }
        if ui
            .add_enabled(
                editor.problem.is_none(),
                egui::Button::new("Analyse this position"),
            )
            .on_hover_text("Opens it on the analysis board, both sides played by hand")
            .clicked()
        {
            out.write(EditorAction::Analyse);
        }
        if ui.button("Back to the menu").clicked() {
            out.write(EditorAction::Close);
        }
    });
    ui.separator();
    fen_box(ui, editor, out);
}

/// Every piece of the variant for both sides, the eraser and Clear.
fn palette(
    ui: &mut egui::Ui,
    editor: &Editor,
    pictures: &Pictures,
    out: &mut MessageWriter<EditorAction>,
) {
    let data = editor.variant().data();
    ui.label("Click a piece, then the squares to put it on:");
    for side in Side::BOTH {
        ui.horizontal_wrapped(|ui| {
            for piece in data.pieces_in(editor.variant().options()) {
                let piece = Piece::new(piece.kind, side);
                let Some(image) = pictures.image(piece, 36.0) else {
                    continue;
                };
                let chosen = editor.brush == Brush::Piece(piece);
                let words = data.piece_words(piece);
                let button = ui
                    .add(egui::Button::image(image).selected(chosen))
                    .on_hover_text(&words);
                button.widget_info(|| {
                    egui::WidgetInfo::selected(egui::WidgetType::Button, true, chosen, &words)
                });
                if button.clicked() {
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
        if editor.variant().holes() == Holes::Anywhere
            && ui
                .selectable_label(editor.brush == Brush::Gap, "Gap")
                .on_hover_text("Click a square to make it a gap, or a gap to make it a square")
                .clicked()
        {
            out.write(EditorAction::Brush(Brush::Gap));
        }
        if ui.button("Clear the board").clicked() {
            out.write(EditorAction::Clear);
        }
    });
}

/// One part of the variant's state: a checkbox for a right (greyed where the pieces rule it
/// out), or a count within what the pieces allow.
fn state_control(
    ui: &mut egui::Ui,
    editor: &Editor,
    control: &StateControl,
    out: &mut MessageWriter<EditorAction>,
) {
    let value = editor.position().state_value(control.key);
    let allowed = control.max > control.min;
    if control.flag {
        let mut on = value > 0;
        let response = ui.add_enabled(allowed, egui::Checkbox::new(&mut on, &control.label));
        if response.changed() {
            out.write(EditorAction::State(control.key, u32::from(on)));
        }
        return;
    }
    ui.horizontal(|ui| {
        let mut count = value;
        let range = control.min..=control.max.max(control.min);
        let response = ui.add_enabled(allowed, egui::DragValue::new(&mut count).range(range));
        ui.label(&control.label);
        if response.changed() && count != value {
            out.write(EditorAction::State(control.key, count));
        }
    });
}

/// Whether the position can be played: ready, or what to do about it in a player's words.
fn verdict(ui: &mut egui::Ui, editor: &Editor) {
    match &editor.problem {
        Some(problem) => {
            ui.label(
                egui::RichText::new(&problem.advice)
                    .color(egui::Color32::LIGHT_RED)
                    .size(16.0),
            );
        }
        None => {
            ui.colored_label(egui::Color32::LIGHT_GREEN, "The position is ready to play.");
        }
    }
}

/// The FEN box, one line, with the FEN reader's message beside it when it refuses the text.
fn fen_box(ui: &mut egui::Ui, editor: &Editor, out: &mut MessageWriter<EditorAction>) {
    ui.label("FEN (the same position as text, to copy or to paste in):");
    let mut text = editor.fen_text.clone();
    if ui
        .add(
            egui::TextEdit::singleline(&mut text)
                .desired_width(CONTROLS_WIDTH - 20.0)
                .font(egui::TextStyle::Monospace),
        )
        .changed()
    {
        out.write(EditorAction::Fen(text));
    }
    if let Some(problem) = &editor.problem {
        ui.small(&problem.fen_words);
    }
}
