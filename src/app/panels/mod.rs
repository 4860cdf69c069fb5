//! The panels (bevy_egui): the menu, the side panel of a game (whose turn, the variant's
//! counters, choices, the move list, the buttons, the rules), the game-over banner, the
//! promotion picker on the board and notices. One module per panel; what they share is here.

mod banner;
pub mod choices;
pub mod game;
pub mod help;
mod keys;
mod lobby;
mod menu;
mod move_box;
mod online;
mod picker;
pub mod picture;
mod record;
mod scale;
mod server_news;
mod study;
mod terms;

use crate::app::art::pieces::PieceArt;
use crate::app::editor::setup::EditorAction;
use crate::app::shared::game::Notice;
use crate::app::shared::messages::Command;
use crate::app::shared::pointer::TextEntry;
use crate::app::shared::screen::Frame;
use crate::app::shared::storage::Storage;
use crate::app::storage::library::SaveAction;
use crate::rules::{Game, Kind, Piece, RulesExt, Side, Variant, VariantData, all_data};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::EguiTextureHandle;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiInput, EguiPreUpdateSet, EguiPrimaryContextPass, egui};
use std::collections::HashMap;

/// The smallest window the game allows, in logical pixels: the menu and the game's panel are
/// laid out to fit it at every interface size.
pub const SMALLEST_WINDOW: [f32; 2] = [960.0, 600.0];

/// The pictures of the game's pieces, both sides, as egui textures (the board's own images, so
/// they are redrawn with it).
pub struct Pictures(HashMap<Piece, egui::TextureId>);

impl Pictures {
    /// The pictures of every piece of `game`'s variant.
    fn of(contexts: &mut EguiContexts, game: &Game, art: &PieceArt) -> Pictures {
        Pictures::of_variant(contexts, game.variant(), art)
    }

    /// The pictures of every piece of `variant`.
    pub fn of_variant(contexts: &mut EguiContexts, variant: &Variant, art: &PieceArt) -> Pictures {
        let data = variant.data();
        let pieces = data
            .pieces
            .iter()
            .flat_map(|piece| Side::BOTH.map(|side| Piece::new(piece.kind, side)));
        Pictures(
            pieces
                .map(|piece| {
                    let image = art.image(data, piece.kind, piece.side);
                    (piece, contexts.add_image(EguiTextureHandle::Strong(image)))
                })
                .collect(),
        )
    }

    /// `piece`'s picture, `size` points across (nothing if the variant has no such piece).
    pub fn image(&self, piece: Piece, size: f32) -> Option<egui::Image<'static>> {
        let id = *self.0.get(&piece)?;
        Some(egui::Image::new((id, egui::vec2(size, size))))
    }
}

/// Every variant's data, for the menu and the rules help: the built-in variants in the rules'
/// order, then the variant files that load (their ids are their paths).
#[derive(Resource, Default)]
pub struct Catalogue(pub Vec<VariantData>);

impl Catalogue {
    /// The data of the variant `id`, if there is one.
    pub fn data(&self, id: &str) -> Option<&VariantData> {
        self.0.iter().find(|data| data.id == id)
    }

    /// The built-in variants' data: what network play offers.
    pub fn built_ins(&self) -> impl Iterator<Item = &VariantData> {
        self.0
            .iter()
            .filter(|data| !crate::rules::language::is_variant_file(&data.id))
    }
}

/// Registers the panels.
pub fn plugin(app: &mut App) {
    let catalogue = Catalogue(all_data().unwrap_or_default());
    app.insert_resource(menu::Previews::of(&catalogue))
        .insert_resource(catalogue)
        .add_systems(
            PreUpdate,
            (
                drop_unchanged_modifiers
                    .after(EguiPreUpdateSet::ProcessInput)
                    .before(EguiPreUpdateSet::BeginPass),
                note_text_entry,
            ),
        )
        .add_systems(Update, draw_first_frames.in_set(Frame::Follow))
        .add_systems(EguiPrimaryContextPass, (steady_caret, notice_window))
        .add_plugins((
            menu::plugin,
            online::plugin,
            game::plugin,
            study::plugin,
            picker::plugin,
            keys::plugin,
            scale::plugin,
        ));
}

/// bevy_egui reports the modifier keys every frame, changed or not, and egui repaints for any
/// input event: the window would never go idle. Only real changes are passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(modifiers) => {
                let changed = *last != Some(*modifiers);
                *last = Some(*modifiers);
                changed
            }
            _ => true,
        });
    }
}

/// A text box's caret stands still: a blinking one asks egui for a frame every half second,
/// and the reactive window would draw without pause while a box (the move box, a name) has
/// the keyboard.
fn steady_caret(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    if ctx.global_style().visuals.text_cursor.blink {
        ctx.all_styles_mut(|style| style.visuals.text_cursor.blink = false);
    }
    Ok(())
}

/// How many frames the window draws at start, whatever the input: egui has nothing to show
/// until its context and fonts are ready, and asks for no frame before it has shown something.
const FIRST_FRAMES: u32 = 10;

/// Asks for the first [`FIRST_FRAMES`] frames, so the menu appears without waiting for input.
fn draw_first_frames(mut drawn: Local<u32>, mut redraw: MessageWriter<RequestRedraw>) {
    if *drawn < FIRST_FRAMES {
        *drawn += 1;
        redraw.write(RequestRedraw);
    }
}

/// Tells the keyboard shortcuts whether a text box has the keyboard.
fn note_text_entry(wants: Res<EguiWantsInput>, mut entry: ResMut<TextEntry>) {
    entry.set_if_neq(TextEntry(wants.wants_any_keyboard_input()));
}

/// A UI over the whole window, under every panel: where a screen lays itself out.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// Where the panels' requests go.
#[derive(SystemParam)]
struct Requests<'w> {
    out: MessageWriter<'w, Command>,
    storage: MessageWriter<'w, Storage>,
    editor: MessageWriter<'w, EditorAction>,
    library: MessageWriter<'w, SaveAction>,
}

/// The result in words: `1-0 checkmate: Yellow wins`.
fn result_text(game: &Game, outcome: crate::rules::Outcome) -> String {
    let sides = &game.variant().data().sides;
    let who = match outcome.verdict {
        crate::rules::Verdict::WhiteWins => format!("{} wins", sides[0]),
        crate::rules::Verdict::BlackWins => format!("{} wins", sides[1]),
        crate::rules::Verdict::Draw => "draw".to_string(),
    };
    format!("{outcome}: {who}")
}

/// The colour of `side`'s pieces in the game's variant.
fn side_colour(game: &Game, side: Side) -> egui::Color32 {
    let [r, g, b] = game
        .variant()
        .data()
        .side_colour(side)
        .unwrap_or(match side {
            Side::White => [240, 240, 230],
            Side::Black => [30, 30, 30],
        });
    egui::Color32::from_rgb(r, g, b)
}

/// A piece's name in the game's variant, from its data.
fn piece_name(game: &Game, kind: Kind) -> String {
    game.variant()
        .data()
        .piece(kind)
        .map_or_else(|| format!("{kind:?}"), |p| p.name.clone())
}

fn notice_window(mut contexts: EguiContexts, mut notice: ResMut<Notice>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(text) = notice.0.clone() else {
        return Ok(());
    };
    egui::Window::new("Notice")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(text);
            if ui.button("OK").clicked() {
                notice.0 = None;
            }
        });
    Ok(())
}
