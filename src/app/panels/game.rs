//! The side panel of a game: whose turn and the variant's counters, the piece pointed at, the
//! turn builder's questions, the buttons (with confirmation), the move list, saving, the rules.

use super::banner;
use super::choices::settings_editor;
use super::help::{Enlarged, LessonLinks, rules_help, show_enlarged};
use super::move_box::{MoveBox, MoveBoxText};
use super::online::{Dialog, game_section};
use super::record::{captured, move_list};
use super::{Catalogue, Pictures, Requests, piece_name, result_text, root_ui, side_colour};
use crate::app::analysis::panel::AnalysisPanel;
use crate::app::art::pieces::PieceArt;
use crate::app::board::camera::PanelWidth;
use crate::app::board::layout::shown_position;
use crate::app::learn::on_board::Study;
use crate::app::online::link::{Link, OnlineAction};
use crate::app::session::opponent::{Thinking, Watch};
use crate::app::session::score_sheet::Tally;
use crate::app::shared::clocks::{Clocks, face};
use crate::app::shared::game::{ActiveGame, Ask, Banner, Builder, Hint, Pending, Viewing};
use crate::app::shared::messages::{Command, ComputerRequest, SwitchView};
use crate::app::shared::players::Players;
use crate::app::shared::pointer::{BoardCursor, Hovered};
use crate::app::shared::screen::InGame;
use crate::app::shared::settings::{BoardView, Settings};
use crate::app::shared::sound::SoundServer;
use crate::app::shared::storage::Storage;
use crate::app::shared::turn_builder::{Choice, Part};
use crate::app::storage::saves::{ReplaceAsked, SavedAs, valid_name};
use crate::app::storage::sharing::{Copied, CopyGame, ExportRecord, Exported};
use crate::app::view3d::{Preset, Rig};
use crate::rules::{Game, Kind, Piece, Removal, RulesExt, Side};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The save box: the name typed, and the name of an existing save the player was asked about.
#[derive(SystemParam)]
struct SaveBox<'w> {
    name: ResMut<'w, SaveName>,
    replace_asked: ResMut<'w, ReplaceAsked>,
    saved_as: Res<'w, SavedAs>,
    exported: Res<'w, Exported>,
    export: MessageWriter<'w, ExportRecord>,
    copied: Res<'w, Copied>,
    copy: MessageWriter<'w, CopyGame>,
}

/// The name typed into the save box.
#[derive(Resource, Default)]
pub struct SaveName(pub String);

/// The part of the panel under the buttons that is shown; each scrolls on its own, so the
/// turn, the clocks and the buttons above stay in view.
#[derive(Resource, Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub enum Tab {
    /// The pieces captured and the move list.
    #[default]
    Moves,
    /// The variant's rules and each piece's moves.
    Rules,
    /// The settings: theme, animation, marks, sound.
    Settings,
    /// Saving, exporting and copying the game.
    Save,
}

impl Tab {
    /// Every tab, in the order shown.
    const ALL: [Tab; 4] = [Tab::Moves, Tab::Rules, Tab::Settings, Tab::Save];

    /// Its name on the tab.
    fn label(self) -> &'static str {
        match self {
            Tab::Moves => "Moves",
            Tab::Rules => "Rules",
            Tab::Settings => "Settings",
            Tab::Save => "Save",
        }
    }
}

/// The side panel's width, in points (the study panel's too, so the board stays put).
pub(super) const PANEL_WIDTH: f32 = 300.0;

/// Registers the side panel.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveName>()
        .init_resource::<MoveBoxText>()
        .init_resource::<Enlarged>()
        .init_resource::<Tab>()
        .add_systems(
            EguiPrimaryContextPass,
            game_panel
                .run_if(in_state(InGame))
                .run_if(resource_exists::<ActiveGame>.and_then(not(resource_exists::<Study>))),
        );
}

/// What the game panel shows the game with: the turn being built, the position shown and the
/// pieces' pictures.
#[derive(SystemParam)]
struct Shown<'w> {
    builder: Res<'w, Builder>,
    viewing: Res<'w, Viewing>,
    art: Res<'w, PieceArt>,
}

/// The game panel's sections under the status, top to bottom, each shown by its own `show`
/// (the move box's and the analysis's by their `section`).
#[derive(SystemParam)]
struct Sections<'w> {
    move_box: MoveBox<'w>,
    clocks: ClockFaces<'w>,
    computer: ComputerView<'w>,
    analysis: AnalysisPanel<'w>,
    pointed: PointedPiece<'w>,
    question: TurnQuestion<'w>,
    actions: GameActions<'w>,
    view_choice: ViewChoice<'w>,
    tabs: PanelTabs<'w>,
}

fn game_panel(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    shown: Shown,
    mut sections: Sections,
    mut requests: Requests,
    mut panel: ResMut<PanelWidth>,
    mut banner: ResMut<Banner>,
) -> Result {
    let game = &game.0;
    let Shown {
        builder,
        viewing,
        art,
    } = &shown;
    let pictures = Pictures::of(&mut contexts, game, art);
    let ctx = contexts.ctx_mut()?;
    let offline = !sections.actions.online();
    let s = &mut sections;
    let mut root = root_ui(ctx);
    let width = egui::Panel::right("game")
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            status(ui, game, viewing, &pictures);
            s.move_box.section(ui, game, builder, &mut requests.out);
            s.clocks.show(ui, game);
            if offline {
                s.computer.show(ui, game, &mut s.analysis);
                s.analysis.section(ui, game, viewing);
            }
            s.pointed.show(ui, game, viewing);
            s.question
                .show(ui, game, viewing, builder, &mut requests.out);
            ui.separator();
            s.actions.show(ui, game, viewing, &mut requests.out);
            s.view_choice.show(ui);
            ui.separator();
            s.tabs
                .show(ui, game, viewing, &pictures, &mut s.analysis, &mut requests);
        })
        .response
        .rect
        .width();
    panel.set_if_neq(PanelWidth(width));
    banner::show(ctx, game, -width / 2.0, &mut banner);
    sections.tabs.show_enlarged(ctx, game, &pictures);
    Ok(())
}

/// What the panel shows of the computer: who plays, whether it is thinking, the watcher's pause.
#[derive(SystemParam)]
struct ComputerView<'w> {
    players: Res<'w, Players>,
    thinking: Res<'w, Thinking>,
    watch: Res<'w, Watch>,
    requests: MessageWriter<'w, ComputerRequest>,
}

impl ComputerView<'_> {
    /// Who the computer plays, whether it is thinking, a hint, the analysis's switch, and
    /// pause and step when it plays itself.
    fn show(&mut self, ui: &mut egui::Ui, game: &Game, analysis: &mut AnalysisPanel) {
        let sides = &game.variant().data().sides;
        let levels = Side::BOTH.map(|side| self.players.computer(side));
        for side in Side::BOTH {
            if let Some(level) = levels[side.index()] {
                let name = &sides[side.index()];
                let thinking = self.thinking.side() == Some(side);
                let text = format!(
                    "{name}: the computer ({}){}",
                    level.name(),
                    if thinking { ", thinking…" } else { "" }
                );
                ui.colored_label(egui::Color32::LIGHT_BLUE, text);
            }
        }
        let over = game.outcome().is_some();
        ui.horizontal(|ui| {
            let person_to_move = levels[game.position().side.index()].is_none();
            let hint = egui::Button::new(if self.thinking.hinting() {
                "Hint (H) …"
            } else {
                "Hint (H)"
            });
            if ui.add_enabled(person_to_move && !over, hint).clicked() {
                self.requests.write(ComputerRequest::Hint);
            }
            analysis.switch(ui);
            if levels.iter().all(Option::is_some) && !over {
                let watch = *self.watch;
                if ui
                    .button(if watch.paused { "Go on" } else { "Pause" })
                    .clicked()
                {
                    self.requests.write(ComputerRequest::Pause(!watch.paused));
                }
                if watch.paused && ui.button("Step").clicked() {
                    self.requests.write(ComputerRequest::Step);
                }
            }
        });
    }
}

/// The game's clocks, for their faces.
#[derive(SystemParam)]
struct ClockFaces<'w> {
    clocks: Res<'w, Clocks>,
}

impl ClockFaces<'_> {
    /// Each side's time left, the running one bright; tenths of a second in the last ten
    /// seconds. The control follows, whole on the next line if the row is full (`1 day a
    /// turn`).
    fn show(&self, ui: &mut egui::Ui, game: &Game) {
        let clocks = &self.clocks;
        let Some(control) = clocks.control else {
            return;
        };
        let running = clocks.running(game);
        ui.horizontal_wrapped(|ui| {
            for side in Side::BOTH {
                let face = face(clocks.left(side));
                let name = game.variant().data().side_name(side);
                let text = egui::RichText::new(format!("{name} {face}"))
                    .monospace()
                    .size(18.0);
                let text = if running == Some(side) {
                    text.strong().color(egui::Color32::WHITE)
                } else {
                    text.weak()
                };
                ui.label(text);
            }
            ui.add(egui::Label::new(egui::RichText::new(control.label()).weak()).extend());
        });
    }
}

/// The square the pointer (or the board's cursor) is on, for the line about the piece there.
#[derive(SystemParam)]
struct PointedPiece<'w> {
    hovered: Res<'w, Hovered>,
    cursor: Res<'w, BoardCursor>,
}

impl PointedPiece<'_> {
    /// Names the piece under the pointer and where it could go (marked on the board): "can"
    /// for the side to move, "could" for the other side's, whose marks are drawn apart.
    fn show(&self, ui: &mut egui::Ui, game: &Game, viewing: &Viewing) {
        let at = self.hovered.0;
        let pos = shown_position(game, viewing);
        let Some((at, piece)) = at.and_then(|at| Some((at, pos.board.piece(at)?))) else {
            let prompt = match self.cursor.shown {
                true => "Put the cursor on a piece to see where it can go.",
                false => "Point at a piece to see where it can go.",
            };
            ui.scope(|ui| {
                ui.set_min_height(HOVER_LINES);
                ui.weak(prompt);
            });
            return;
        };
        let data = game.variant().data();
        let whose = format!(
            "{}'s {} on {at}",
            data.side_name(piece.side),
            piece_name(game, piece.kind)
        );
        let reach: Vec<String> = game
            .variant()
            .piece_reach(&pos, at)
            .iter()
            .map(|l| l.to_string())
            .collect();
        let own = piece.side == pos.side;
        let places = if reach.len() > NAMED_SQUARES {
            format!("{} squares (marked)", reach.len())
        } else {
            reach.join(", ")
        };
        let text = match (reach.is_empty(), own) {
            (true, true) => format!("{whose} cannot move now."),
            (true, false) => format!("{whose} could not move."),
            (false, true) => format!("{whose} can go to {places}."),
            (false, false) => format!("{whose} could go to {places}."),
        };
        ui.scope(|ui| {
            ui.set_min_height(HOVER_LINES);
            if own {
                ui.label(text);
            } else {
                ui.colored_label(OTHER_SIDE, text);
            }
        });
    }
}

/// Why the last click or typed turn did nothing, under the builder's question.
#[derive(SystemParam)]
struct TurnQuestion<'w> {
    hint: Res<'w, Hint>,
}

impl TurnQuestion<'_> {
    /// The builder's question while the live position is shown, then the hint, if any.
    fn show(
        &self,
        ui: &mut egui::Ui,
        game: &Game,
        viewing: &Viewing,
        builder: &Builder,
        out: &mut MessageWriter<Command>,
    ) {
        if viewing.is_live() {
            choices(ui, game, builder, out);
        }
        if let Some(hint) = &self.hint.0 {
            ui.colored_label(egui::Color32::LIGHT_YELLOW, hint);
        }
    }
}

/// What the panel's buttons answer to: a resignation or a draw waiting for confirmation, and
/// a game over the network.
#[derive(SystemParam)]
struct GameActions<'w> {
    pending: Res<'w, Pending>,
    online: OnlineView<'w>,
}

impl GameActions<'_> {
    /// Whether the game is played over the network.
    fn online(&self) -> bool {
        self.online.link.table.is_some()
    }

    /// Over the network the online game's section; else the confirmation asked, or the game's
    /// buttons.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        game: &Game,
        viewing: &Viewing,
        out: &mut MessageWriter<Command>,
    ) {
        let online = &mut self.online;
        match (&online.link.table, self.pending.0) {
            (Some(_), _) => game_section(
                ui,
                game,
                &online.link,
                &online.catalogue,
                &mut online.dialog,
                &mut online.actions,
                out,
            ),
            (None, Some(ask)) => confirm(ui, game, ask, out),
            (None, None) => buttons(ui, game, viewing, out),
        }
    }
}

/// What the panel shows of a game over the network (with the variants' names), and where its
/// requests go.
#[derive(SystemParam)]
struct OnlineView<'w> {
    link: Res<'w, Link>,
    catalogue: Res<'w, Catalogue>,
    dialog: ResMut<'w, Dialog>,
    actions: MessageWriter<'w, OnlineAction>,
}

/// The tabs under the buttons, and what each shows: the pieces captured and the moves, the
/// rules (a piece's diagram enlarged), the settings, the save box.
#[derive(SystemParam)]
struct PanelTabs<'w> {
    tab: ResMut<'w, Tab>,
    tally: Res<'w, Tally>,
    settings: Res<'w, Settings>,
    sound: Option<Res<'w, SoundServer>>,
    link: Res<'w, Link>,
    enlarged: ResMut<'w, Enlarged>,
    links: LessonLinks<'w>,
    saving: SaveBox<'w>,
}

impl PanelTabs<'_> {
    /// The tab bar and, scrolling on its own, the tab shown.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        game: &Game,
        viewing: &Viewing,
        pictures: &Pictures,
        analysis: &mut AnalysisPanel,
        requests: &mut Requests,
    ) {
        let Requests { out, storage, .. } = requests;
        ui.horizontal(|ui| {
            for tab in Tab::ALL {
                ui.selectable_value(&mut *self.tab, tab, tab.label());
            }
        });
        let theme = self.settings.theme;
        egui::ScrollArea::vertical()
            .id_salt(("panel tab", *self.tab))
            .auto_shrink([false, false])
            .show(ui, |ui| match *self.tab {
                Tab::Moves => {
                    let shown = viewing.ply.unwrap_or(game.turns().len());
                    captured(ui, game, &self.tally, shown, pictures);
                    if self.link.table.is_none() {
                        analysis.graph(ui, game, viewing, out);
                    }
                    move_list(ui, game, viewing, &analysis.review, out);
                }
                Tab::Rules => {
                    rules_help(
                        ui,
                        game,
                        pictures,
                        theme,
                        &mut self.enlarged,
                        &mut self.links,
                    );
                }
                Tab::Settings => {
                    if let Some(edited) = settings_editor(ui, &self.settings, self.sound.as_deref())
                    {
                        storage.write(Storage::Settings(edited));
                    }
                }
                Tab::Save => save_box(ui, &mut self.saving, storage),
            });
    }

    /// The piece's diagram the rules tab enlarged, in a window of its own until closed.
    fn show_enlarged(&mut self, ctx: &egui::Context, game: &Game, pictures: &Pictures) {
        show_enlarged(ctx, game, pictures, self.settings.theme, &mut self.enlarged);
    }
}

/// The variant, whose turn it is (with a piece of that side's colour), check, the variant's
/// counters and the result.
pub(super) fn status(ui: &mut egui::Ui, game: &Game, viewing: &Viewing, pictures: &Pictures) {
    let variant = game.variant();
    ui.heading(&variant.data().name);
    let pos = shown_position(game, viewing);
    let side_name = variant.data().side_name(pos.side);
    ui.horizontal(|ui| {
        match pictures.image(side_token(game, pos.side), 26.0) {
            Some(image) => {
                ui.add(image);
            }
            None => {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(20.0, 20.0), egui::Sense::hover());
                ui.painter()
                    .circle_filled(rect.center(), 9.0, side_colour(game, pos.side));
            }
        }
        ui.label(
            egui::RichText::new(format!("{side_name} to move"))
                .strong()
                .size(16.0),
        );
        if variant.in_check(&pos) {
            ui.colored_label(egui::Color32::LIGHT_RED, "check");
        }
    });
    if viewing.line.is_some() {
        ui.colored_label(egui::Color32::LIGHT_BLUE, "Showing a line of the analysis");
    } else if viewing.ply.is_some() {
        ui.colored_label(egui::Color32::LIGHT_BLUE, "Showing an earlier position");
    }
    let counters = variant.counters(&pos);
    if !counters.is_empty() {
        egui::Grid::new("counters")
            .num_columns(2)
            .spacing([8.0, 2.0])
            .show(ui, |ui| {
                for (label, value) in counters {
                    ui.label(format!("{label}:"));
                    // A long value (Double Fanorona's pieces to promote to) wraps within the
                    // panel rather than widening it past the window's edge.
                    ui.add(egui::Label::new(value).wrap());
                    ui.end_row();
                }
            });
    }
    if let Some(outcome) = game.outcome() {
        ui.colored_label(egui::Color32::GOLD, result_text(game, outcome));
    }
}

/// The piece that stands for `side` beside "to move": its King, or its first piece where the
/// variant has no King.
fn side_token(game: &Game, side: Side) -> Piece {
    let pieces = &game.variant().data().pieces;
    let kind = pieces
        .iter()
        .find(|p| p.kind == Kind::King)
        .or(pieces.first())
        .map_or(Kind::King, |p| p.kind);
    Piece::new(kind, side)
}

/// The most squares the panel names for a piece pointed at; beyond, it counts them.
const NAMED_SQUARES: usize = 8;
/// The height kept for the line about the piece pointed at (two lines), so the buttons under
/// it stay put as the pointer moves.
const HOVER_LINES: f32 = 34.0;

/// The colour of what is shown of the other side's pieces, as the board's marks for them.
const OTHER_SIDE: egui::Color32 = egui::Color32::from_rgb(240, 150, 90);

/// The builder's question, where it is not answered on the board.
pub(super) fn choices(
    ui: &mut egui::Ui,
    game: &Game,
    builder: &Builder,
    out: &mut MessageWriter<Command>,
) {
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
            ui.label("Choose the new piece on the board.");
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
        Some(Part::Placement) if !builder.hand().is_empty() => {
            ui.label("Drop a piece from your hand (pick it, then its square), or move.");
            ui.horizontal_wrapped(|ui| {
                for piece in builder.hand() {
                    let picked = builder.dropping() == Some(piece);
                    if ui.selectable_label(picked, name(piece)).clicked() {
                        out.write(Command::PickFromHand(piece));
                    }
                }
            });
        }
        Some(Part::Placement) => {
            let placed: Vec<String> = builder
                .placements_offered()
                .into_iter()
                .map(|(piece, _)| name(piece))
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
    if let Some(name) = &saving.saved_as.0 {
        ui.colored_label(egui::Color32::LIGHT_GREEN, format!("Saved as '{name}'."));
    }
    if ui
        .button("Export the record (PGN)")
        .on_hover_text(
            "Writes the game as a record file, readable by other chess software for chess",
        )
        .clicked()
    {
        saving.export.write(ExportRecord);
    }
    if let Some(path) = &saving.exported.0 {
        ui.small(format!("Exported to {}", path.display()));
    }
    ui.horizontal(|ui| {
        if ui
            .button("Copy record")
            .on_hover_text("Puts the whole game on the clipboard, as a record")
            .clicked()
        {
            saving.copy.write(CopyGame::Record);
        }
        if ui
            .button("Copy FEN")
            .on_hover_text("Puts the position on the clipboard, as FEN")
            .clicked()
        {
            saving.copy.write(CopyGame::Fen);
        }
    });
    match &saving.copied.0 {
        Some((CopyGame::Record, _)) => ui.small("The record is on the clipboard."),
        Some((CopyGame::Fen, fen)) => ui.small(format!("On the clipboard: {fen}")),
        None => ui.small("Paste a record or FEN from the menu to open it."),
    };
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

/// The view shown and the 3D camera, for the panel's view buttons.
#[derive(SystemParam)]
struct ViewChoice<'w> {
    settings: Res<'w, Settings>,
    rig: ResMut<'w, Rig>,
    switches: MessageWriter<'w, SwitchView>,
}

impl ViewChoice<'_> {
    /// The 2D/3D switch, and in 3D the camera's presets.
    fn show(&mut self, ui: &mut egui::Ui) {
        let view = self.settings.view;
        ui.horizontal_wrapped(|ui| {
            let other = view.other().label();
            if ui
                .button(format!("{other} view (V)"))
                .on_hover_text("The same game, drawn the other way")
                .clicked()
            {
                self.switches.write(SwitchView);
            }
            if view == BoardView::ThreeD {
                ui.menu_button("Camera", |ui| {
                    for preset in Preset::ALL {
                        if ui.button(preset.label()).clicked() {
                            self.rig.preset(preset);
                        }
                    }
                    ui.small("Right-drag turns it round, the wheel brings it nearer.");
                });
            }
        });
    }
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
        // A line of the analysis shown from the game's position is left by the line's own
        // button; this one comes back from an earlier position.
        if viewing.ply.is_some()
            && ui
                .button("Back to the game")
                .on_hover_text("To the position the game has reached, where turns are played")
                .clicked()
        {
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
            out.write(Command::Rematch);
        }
        if over && ui.button("Review from the start").clicked() {
            out.write(Command::View(Some(0)));
        }
    });
}

/// Asks the players to confirm a resignation or a draw, naming the side.
fn confirm(ui: &mut egui::Ui, game: &Game, ask: Ask, out: &mut MessageWriter<Command>) {
    ui.label(egui::RichText::new(ask.question(game)).strong());
    ui.horizontal(|ui| {
        let yes = match ask {
            Ask::Resign(_) => "Yes, resign",
            Ask::Draw => "Yes, a draw",
        };
        if ui.button(yes).clicked() {
            out.write(Command::Confirm);
        }
        if ui.button("No, play on").clicked() {
            out.write(Command::CancelTurn);
        }
    });
}
