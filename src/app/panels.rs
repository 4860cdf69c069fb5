//! The panels (bevy_egui): the menu, the side panel of a game (whose turn, the variant's
//! counters, choices, the move list, the buttons, the rules), the game-over banner and notices.

use super::board::shown_position;
use super::camera::PanelWidth;
use super::input::{Hovered, TextEntry};
use super::persistence::{Autosave, DataDir, ReplaceAsked, Storage, saved_games, valid_name};
use super::session::{
    ActiveGame, Builder, Command, Frame, Hint, InGame, Notice, Screen, SquareClicked, Viewing,
};
use super::settings::{AnimationSpeed, BoardTheme, Settings};
use super::turn_builder::{Choice, Part};
use crate::rules::{Game, Kind, Loc, Piece, Removal, Side, Variant, VariantData, all_data};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiInput, EguiPreUpdateSet, EguiPrimaryContextPass, egui};

/// Every variant's data, for the menu and the rules help.
#[derive(Resource, Default)]
pub struct Catalogue(pub Vec<VariantData>);

/// What the menu has selected.
#[derive(Resource, Default)]
pub struct MenuChoice {
    variant: usize,
    options: Vec<String>,
}

/// The save box: the name typed, and the name of an existing save the player was asked about.
#[derive(SystemParam)]
struct SaveBox<'w> {
    name: ResMut<'w, SaveName>,
    replace_asked: ResMut<'w, ReplaceAsked>,
}

/// The name typed into the save box.
#[derive(Resource, Default)]
pub struct SaveName(pub String);

const PANEL_WIDTH: f32 = 300.0;

/// Registers the panels.
pub fn plugin(app: &mut App) {
    app.insert_resource(Catalogue(all_data().unwrap_or_default()))
        .init_resource::<MenuChoice>()
        .init_resource::<SaveName>()
        .init_resource::<Banner>()
        .add_systems(OnEnter(Screen::GameOver), raise_banner)
        .add_systems(Update, lower_banner.in_set(Frame::Input))
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Update, note_text_entry.before(Frame::Input))
        .add_systems(
            EguiPrimaryContextPass,
            (
                menu_screen.run_if(in_state(Screen::Menu)),
                game_panel.run_if(in_state(InGame)),
                notice_window,
            ),
        );
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

/// Tells the keyboard shortcuts whether a text box has the keyboard.
fn note_text_entry(wants: Res<EguiWantsInput>, mut entry: ResMut<TextEntry>) {
    entry.set_if_neq(TextEntry(wants.wants_any_keyboard_input()));
}

fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// What the menu reads: the variants, what is saved and the settings.
#[derive(SystemParam)]
struct MenuData<'w> {
    catalogue: Res<'w, Catalogue>,
    autosave: Res<'w, Autosave>,
    dir: Res<'w, DataDir>,
    settings: Res<'w, Settings>,
}

/// Where the panels' requests go.
#[derive(SystemParam)]
struct Requests<'w> {
    out: MessageWriter<'w, Command>,
    storage: MessageWriter<'w, Storage>,
}

fn menu_screen(
    mut contexts: EguiContexts,
    data: MenuData,
    mut choice: ResMut<MenuChoice>,
    mut requests: Requests,
    mut panel: ResMut<PanelWidth>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    panel.set_if_neq(PanelWidth(0.0));
    let MenuData {
        catalogue,
        autosave,
        dir,
        settings,
    } = data;
    let Requests { out, storage } = &mut requests;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new("Oddboard").size(32.0));
            ui.label("Unusual chess variants for two players at one computer");
        });
        ui.separator();
        ui.columns(2, |columns| {
            variant_list(&mut columns[0], &catalogue, &mut choice);
            let Some(data) = catalogue.0.get(choice.variant) else {
                return;
            };
            let ui = &mut columns[1];
            ui.heading(&data.name);
            ui.label(&data.summary);
            ui.add_space(8.0);
            for option in &data.options {
                let mut on = choice.options.contains(&option.name);
                if ui
                    .checkbox(&mut on, &option.name)
                    .on_hover_text(&option.description)
                    .changed()
                {
                    choice.options.retain(|o| o != &option.name);
                    if on {
                        choice.options.push(option.name.clone());
                    }
                }
                ui.small(&option.description);
            }
            ui.add_space(8.0);
            if ui
                .button(egui::RichText::new("Start game").size(18.0))
                .clicked()
            {
                out.write(Command::Start {
                    variant: data.id.clone(),
                    options: choice.options.clone(),
                });
            }
            if let Some(record) = &autosave.0
                && ui
                    .button(format!("Continue ({})", record.variant))
                    .clicked()
            {
                out.write(Command::Resume(record.clone()));
            }
            let saves = saved_games(&dir);
            if !saves.is_empty() {
                ui.add_space(8.0);
                ui.label("Saved games:");
                for name in saves {
                    if ui.button(&name).clicked() {
                        storage.write(Storage::Load(name));
                    }
                }
            }
            ui.add_space(8.0);
            if let Some(edited) = settings_editor(ui, &settings) {
                storage.write(Storage::Settings(edited));
            }
        });
    });
    Ok(())
}

fn variant_list(ui: &mut egui::Ui, catalogue: &Catalogue, choice: &mut MenuChoice) {
    ui.heading("Variants");
    for (index, data) in catalogue.0.iter().enumerate() {
        if ui
            .selectable_label(choice.variant == index, &data.name)
            .clicked()
        {
            choice.variant = index;
            choice.options.clear();
        }
    }
}

/// The settings' controls: the edited settings when the player changed one, else `None` (so the
/// settings are never touched, nor marked changed, by merely being shown).
pub fn settings_editor(ui: &mut egui::Ui, current: &Settings) -> Option<Settings> {
    let mut settings = current.clone();
    let mut changed = false;
    egui::CollapsingHeader::new("Settings").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label("animation");
            for speed in AnimationSpeed::ALL {
                changed |= ui
                    .selectable_value(&mut settings.speed, speed, speed.label())
                    .changed();
            }
        });
        changed |= ui
            .checkbox(
                &mut settings.reduce_motion,
                "reduce motion (no particles or pulses)",
            )
            .changed();
        changed |= ui
            .checkbox(&mut settings.show_legal_moves, "mark legal moves")
            .changed();
        changed |= ui
            .checkbox(&mut settings.auto_flip, "turn the board after each turn")
            .changed();
        changed |= ui
            .checkbox(&mut settings.show_coordinates, "coordinates")
            .changed();
        ui.horizontal(|ui| {
            ui.label("board");
            for theme in BoardTheme::ALL {
                changed |= ui
                    .selectable_value(&mut settings.theme, theme, theme.label())
                    .changed();
            }
        });
        if cfg!(feature = "sound") {
            ui.horizontal(|ui| {
                changed |= ui
                    .add(egui::Slider::new(&mut settings.volume, 0.0..=1.0).text("volume"))
                    .changed();
                changed |= ui.checkbox(&mut settings.muted, "mute").changed();
            });
        }
    });
    (changed && settings != *current).then_some(settings)
}

/// What the game panel shows besides the game: the turn being built and what the pointer is on.
#[derive(SystemParam)]
struct TurnView<'w> {
    builder: Res<'w, Builder>,
    viewing: Res<'w, Viewing>,
    hovered: Res<'w, Hovered>,
    hint: Res<'w, Hint>,
}

fn game_panel(
    mut contexts: EguiContexts,
    game: Option<Res<ActiveGame>>,
    view: TurnView,
    mut saving: SaveBox,
    mut requests: Requests,
    mut panel: ResMut<PanelWidth>,
    mut banner: ResMut<Banner>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = game else {
        return Ok(());
    };
    let game = &game.0;
    let TurnView {
        builder,
        viewing,
        hovered,
        hint,
    } = view;
    let Requests { out, storage } = &mut requests;
    let mut root = root_ui(ctx);
    let width = egui::Panel::right("game")
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                status(ui, game, &viewing);
                hovered_piece(ui, game, &viewing, hovered.0);
                choices(ui, game, &builder, out);
                if let Some(hint) = &hint.0 {
                    ui.colored_label(egui::Color32::LIGHT_YELLOW, hint);
                }
                ui.separator();
                buttons(ui, game, &viewing, out);
                ui.separator();
                move_list(ui, game, &viewing, out);
                ui.separator();
                save_box(ui, &mut saving, storage);
                ui.separator();
                rules_help(ui, game);
            });
        })
        .response
        .rect
        .width();
    panel.set_if_neq(PanelWidth(width));
    if let Some(outcome) = game.outcome()
        && banner.0
    {
        let board_centre = -width / 2.0;
        egui::Area::new("game-over".into())
            .anchor(egui::Align2::CENTER_TOP, [board_centre, 8.0])
            .show(ctx, |ui| {
                let frame =
                    egui::Frame::popup(ui.style()).fill(egui::Color32::from_black_alpha(200));
                let shown = frame.show(ui, |ui| {
                    ui.heading(
                        egui::RichText::new(result_text(game, outcome)).color(egui::Color32::GOLD),
                    );
                    ui.small("Click to look at the final position.");
                });
                if shown.response.interact(egui::Sense::click()).clicked() {
                    banner.0 = false;
                }
            });
    }
    Ok(())
}

/// Whether the game-over banner stands over the board (until a click puts it away).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Banner(pub bool);

/// Puts the banner up when a game ends.
fn raise_banner(mut banner: ResMut<Banner>) {
    banner.0 = true;
}

/// A click on the board or Escape puts the banner away.
fn lower_banner(
    mut banner: ResMut<Banner>,
    mut clicks: MessageReader<SquareClicked>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let clicked = clicks.read().count() > 0;
    if banner.0 && (clicked || keys.just_pressed(KeyCode::Escape)) {
        banner.0 = false;
    }
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

fn status(ui: &mut egui::Ui, game: &Game, viewing: &Viewing) {
    let variant = game.variant();
    ui.heading(&variant.data().name);
    let pos = shown_position(game, viewing);
    let side_name = &variant.data().sides[pos.side.index()];
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        ui.painter()
            .rect_filled(rect, 3.0, side_colour(game, pos.side));
        ui.painter().rect_stroke(
            rect,
            3.0,
            egui::Stroke::new(1.0, egui::Color32::GRAY),
            egui::StrokeKind::Inside,
        );
        ui.label(egui::RichText::new(format!("{side_name} to move")).strong());
        if variant.in_check(&pos) {
            ui.colored_label(egui::Color32::LIGHT_RED, "check");
        }
    });
    if viewing.ply.is_some() {
        ui.colored_label(egui::Color32::LIGHT_BLUE, "Showing an earlier position");
    }
    for (label, value) in variant.counters(&pos) {
        ui.label(format!("{label}: {value}"));
    }
    if let Some(outcome) = game.outcome() {
        ui.colored_label(egui::Color32::GOLD, result_text(game, outcome));
    }
}

/// Names the piece under the pointer (its moves are marked on the board).
fn hovered_piece(ui: &mut egui::Ui, game: &Game, viewing: &Viewing, at: Option<Loc>) {
    let pos = shown_position(game, viewing);
    let Some((at, piece)) = at.and_then(|at| Some((at, pos.board.piece(at)?))) else {
        ui.weak("Point at a piece to see where it can go.");
        return;
    };
    let side = &game.variant().data().sides[piece.side.index()];
    ui.label(format!("{side} {} on {at}", piece_name(game, piece.kind)));
}

/// The builder's question, where it is not answered on the board.
fn choices(ui: &mut egui::Ui, game: &Game, builder: &Builder, out: &mut MessageWriter<Command>) {
    let builder = &builder.0;
    let letters = game.variant().letters();
    let name = |piece: Piece| piece_name(game, piece.kind);
    match builder.question() {
        Some(Part::Removal) => {
            ui.label("Choose the piece to remove (click it on the board):");
            for option in builder.options() {
                let label = match option {
                    Choice::Removal(None) => "Remove nothing".to_string(),
                    Choice::Removal(Some(Removal::Reserve)) => {
                        let side = game.position().side.opponent();
                        match game.variant().reserve_piece(side) {
                            Some(piece) => format!("Remove the {} in reserve", name(piece)),
                            None => "Remove from the reserve".to_string(),
                        }
                    }
                    _ => continue,
                };
                if ui.button(label).clicked() {
                    out.write(Command::Choose(option));
                }
            }
        }
        Some(Part::Promotion) => {
            ui.label("Promote to:");
            ui.horizontal_wrapped(|ui| {
                for option in builder.options() {
                    if let Choice::Promotion(Some(piece)) = option {
                        let side = if piece.side == game.position().side {
                            ""
                        } else {
                            " (opponent's)"
                        };
                        if ui.button(format!("{}{side}", name(piece))).clicked() {
                            out.write(Command::Choose(option));
                        }
                    }
                }
            });
        }
        Some(Part::Slide) => {
            ui.label("Slide a square: click it, then the gap it moves into.");
            if builder.options().contains(&Choice::Slide(None)) && ui.button("No slide").clicked() {
                out.write(Command::Choose(Choice::Slide(None)));
            }
        }
        Some(Part::EndPromotions) => {
            ui.label("Promotions at the end of the turn:");
            for option in builder.options() {
                if let Choice::EndPromotions(list) = option {
                    let text: Vec<String> = list
                        .iter()
                        .map(|(at, piece)| format!("{at}={}", letters.letter(piece)))
                        .collect();
                    if ui.button(text.join(", ")).clicked() {
                        out.write(Command::Choose(option));
                    }
                }
            }
        }
        Some(Part::Placement) => {
            let placed: Vec<String> = builder
                .options()
                .into_iter()
                .filter_map(|option| match option {
                    Choice::Placement(Some((piece, _))) => Some(name(piece)),
                    _ => None,
                })
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            ui.label(format!(
                "You may first place your {} (click a marked square), or just move.",
                placed.join(" or ")
            ));
        }
        _ => {}
    }
    if builder.in_progress() && ui.button("Cancel (Esc)").clicked() {
        out.write(Command::CancelTurn);
    }
}

/// A piece's name in the game's variant, from its data.
fn piece_name(game: &Game, kind: Kind) -> String {
    game.variant()
        .data()
        .piece(kind)
        .map_or_else(|| format!("{kind:?}"), |p| p.name.clone())
}

/// The name box and Save button; a save that would replace another asks first.
fn save_box(ui: &mut egui::Ui, saving: &mut SaveBox, storage: &mut MessageWriter<Storage>) {
    if let Some(name) = saving.replace_asked.0.clone() {
        ui.label(format!("A saved game named '{name}' exists. Replace it?"));
        ui.horizontal(|ui| {
            if ui.button("Replace").clicked() {
                storage.write(Storage::Save {
                    name,
                    replace: true,
                });
            }
            if ui.button("Keep it").clicked() {
                saving.replace_asked.0 = None;
            }
        });
        return;
    }
    ui.horizontal(|ui| {
        let mut typed = saving.name.0.clone();
        if ui
            .add(
                egui::TextEdit::singleline(&mut typed)
                    .desired_width(150.0)
                    .hint_text("name"),
            )
            .changed()
        {
            saving.name.0 = typed;
        }
        let usable = valid_name(&saving.name.0);
        if ui
            .add_enabled(usable, egui::Button::new("Save game"))
            .clicked()
        {
            storage.write(Storage::Save {
                name: saving.name.0.trim().to_string(),
                replace: false,
            });
        }
    });
}

fn buttons(ui: &mut egui::Ui, game: &Game, viewing: &Viewing, out: &mut MessageWriter<Command>) {
    let over = game.outcome().is_some();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(!game.turns().is_empty(), egui::Button::new("Undo"))
            .clicked()
        {
            out.write(Command::Undo);
        }
        if ui
            .add_enabled(game.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.write(Command::Redo);
        }
        if ui.button("Flip (F)").clicked() {
            out.write(Command::Flip);
        }
        if viewing.ply.is_some() && ui.button("Back to the game").clicked() {
            out.write(Command::View(None));
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(!over, egui::Button::new("Resign")).clicked() {
            out.write(Command::Resign);
        }
        if ui
            .add_enabled(!over, egui::Button::new("Agree a draw"))
            .clicked()
        {
            out.write(Command::AgreeDraw);
        }
        if ui.button("New game").clicked() {
            out.write(Command::Menu);
        }
        if over && ui.button("Rematch").clicked() {
            let mut record = game.record();
            record.turns.clear();
            record.redo.clear();
            record.ending = None;
            out.write(Command::Resume(record));
        }
    });
}

fn move_list(ui: &mut egui::Ui, game: &Game, viewing: &Viewing, out: &mut MessageWriter<Command>) {
    ui.label(egui::RichText::new("Moves").strong());
    let texts = game.turn_texts();
    let first_side = game.position_at(0).map_or(Side::White, |p| p.side);
    let first_number = game.position_at(0).map_or(1, |p| p.fullmove);
    let shown = viewing.ply.unwrap_or(texts.len());
    egui::Grid::new("moves").striped(true).show(ui, |ui| {
        let offset = usize::from(first_side == Side::Black);
        let mut ply = 0;
        let mut row = 0;
        while ply < texts.len() {
            ui.label(format!("{}.", first_number as usize + row));
            for column in 0..2 {
                if row == 0 && column < offset {
                    ui.label("…");
                    continue;
                }
                if let Some(text) = texts.get(ply) {
                    if ui.selectable_label(shown == ply + 1, text).clicked() {
                        let target = ply + 1;
                        out.write(Command::View((target < texts.len()).then_some(target)));
                    }
                    ply += 1;
                }
            }
            ui.end_row();
            row += 1;
        }
    });
}

fn rules_help(ui: &mut egui::Ui, game: &Game) {
    let variant = game.variant();
    egui::CollapsingHeader::new("Rules").show(ui, |ui| {
        ui.label(&variant.data().summary);
        ui.add_space(6.0);
        for piece in variant.data().pieces_in(variant.options()) {
            ui.horizontal(|ui| {
                movement_diagram(ui, variant, Piece::new(piece.kind, Side::White));
                ui.vertical(|ui| {
                    ui.label(egui::RichText::new(&piece.name).strong());
                    ui.small(&piece.moves);
                });
            });
        }
    });
}

/// A small board showing where `piece` can move, as the engine's own diagram has it.
fn movement_diagram(ui: &mut egui::Ui, variant: &Variant, piece: Piece) {
    let geometry = variant.geometry();
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let cell = 9.0;
    let size = egui::vec2(f32::from(files) * cell, f32::from(ranks) * cell);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let Some(diagram) = variant.piece_diagram(piece) else {
        return;
    };
    let painter = ui.painter();
    for rank in 0..ranks {
        for file in 0..files {
            let Some(loc) = geometry.loc(file.into(), rank.into()) else {
                continue;
            };
            let min =
                rect.min + egui::vec2(f32::from(file) * cell, f32::from(ranks - 1 - rank) * cell);
            let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
            let colour = if loc == diagram.at {
                egui::Color32::from_rgb(40, 140, 60)
            } else if diagram.reach.contains(loc) {
                egui::Color32::from_rgb(90, 130, 220)
            } else if diagram.position.board.is_hole(loc) {
                egui::Color32::TRANSPARENT
            } else if loc.is_light() {
                egui::Color32::from_rgb(220, 200, 170)
            } else {
                egui::Color32::from_rgb(150, 120, 90)
            };
            painter.rect_filled(square.shrink(0.5), 0.0, colour);
        }
    }
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
