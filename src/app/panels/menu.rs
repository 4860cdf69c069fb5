//! The menu: the variants and their options, saved games, and the settings.

use super::Pictures;
use super::choices::{player_picker, settings_editor};
use super::online::{self, ChosenGame, Dialog, Kind};
use super::server_news;
use super::terms::variant_name;
use super::{Catalogue, Requests, root_ui};
use crate::app::art::pieces::PieceArt;
use crate::app::board::camera::PanelWidth;
use crate::app::editor::setup::EditorAction;
use crate::app::learn::library::Library;
use crate::app::learn::on_board::StudyAction;
use crate::app::learn::progress::Progress;
use crate::app::online::check::ServerChecks;
use crate::app::shared::clocks::{Clocks, TimeControl};
use crate::app::shared::game::ActiveGame;
use crate::app::shared::messages::Command;
use crate::app::shared::players::{Names, Player, Players};
use crate::app::shared::screen::Screen;
use crate::app::shared::settings::Settings;
use crate::app::shared::sound::SoundServer;
use crate::app::shared::storage::Storage;
use crate::app::storage::library::{SaveAction, SaveList};
use crate::app::storage::saves::{Autosave, Saved};
use crate::app::storage::sharing::{Clipboard, Paste};
use crate::app::storage::variant_files::VariantFiles;
use crate::rules::language::is_variant_file;
use crate::rules::{RulesExt, Side, Variant, VariantData};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::sync::Arc;
pub use variants::Previews;
use variants::{Shown, variant_list};

mod variants;

/// What the menu has selected.
#[derive(Resource, Default)]
pub struct MenuChoice {
    variant: usize,
    options: Vec<String>,
    players: Players,
    names: Names,
    control: Option<TimeControl>,
    /// List only the saved games of the variant selected.
    only_this_variant: bool,
    /// A save being renamed: its name and the new name typed.
    renaming: Option<(String, String)>,
    /// A save the player asked to delete, waiting for the answer.
    deleting: Option<String>,
}

/// Registers the menu.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .add_plugins(variants::plugin)
        .add_systems(
            OnEnter(Screen::Menu),
            select_the_game_on_the_board.run_if(resource_exists::<ActiveGame>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (menu_screen, online::dialogs)
                .chain()
                .run_if(in_state(Screen::Menu)),
        );
}

/// The menu opens on the variant of the game on the board, with its options, so a new game
/// starts as the last one did unless the player picks another.
fn select_the_game_on_the_board(
    game: Res<ActiveGame>,
    catalogue: Res<Catalogue>,
    mut choice: ResMut<MenuChoice>,
) {
    choice.select(&catalogue, game.0.variant());
}

impl MenuChoice {
    /// The game chosen, as a network table offers it (its options sorted).
    fn chosen(&self, catalogue: &Catalogue) -> Option<ChosenGame> {
        let data = catalogue.0.get(self.variant)?;
        let mut options = self.options.clone();
        options.sort();
        Some(ChosenGame {
            variant: data.id.clone(),
            options,
        })
    }

    /// Selects `variant` with its options.
    fn select(&mut self, catalogue: &Catalogue, variant: &Variant) {
        if let Some(index) = catalogue.0.iter().position(|d| d.id == variant.id()) {
            self.variant = index;
            self.options = variant.options().names().to_vec();
        }
    }
}

/// What the menu reads (the variants, what is saved, the settings, the courses and puzzles
/// with the player's progress, the check of the player's servers) and where a course or puzzle
/// set is asked for.
#[derive(SystemParam)]
struct MenuData<'w> {
    catalogue: Res<'w, Catalogue>,
    files: Res<'w, VariantFiles>,
    autosave: Res<'w, Autosave>,
    saves: Res<'w, SaveList>,
    settings: Res<'w, Settings>,
    sound: Option<Res<'w, SoundServer>>,
    previews: Res<'w, Previews>,
    art: Res<'w, PieceArt>,
    library: Res<'w, Library>,
    progress: Res<'w, Progress>,
    study: MessageWriter<'w, StudyAction>,
    dialog: ResMut<'w, Dialog>,
    checks: Res<'w, ServerChecks>,
}

fn menu_screen(
    mut contexts: EguiContexts,
    data: MenuData,
    mut choice: ResMut<MenuChoice>,
    mut requests: Requests,
    mut panel: ResMut<PanelWidth>,
    mut clipboard: Clipboard,
    mut paste: MessageWriter<Paste>,
) -> Result {
    let MenuData {
        catalogue,
        files,
        autosave,
        saves,
        settings,
        sound,
        previews,
        art,
        library: courses,
        progress,
        mut study,
        mut dialog,
        checks,
    } = data;
    let pictures: Vec<(Arc<Variant>, Pictures)> = previews
        .0
        .iter()
        .map(|v| (Arc::clone(v), Pictures::of_variant(&mut contexts, v, &art)))
        .collect();
    let ctx = contexts.ctx_mut()?;
    panel.set_if_neq(PanelWidth(0.0));
    let chosen = choice.chosen(&catalogue);
    if dialog.game != chosen {
        dialog.game = chosen;
    }
    let Requests {
        out,
        storage,
        editor,
        library,
    } = &mut requests;
    let keys = MenuKeys::read(ctx);
    if let Some(index) = keys.moved(choice.variant, catalogue.0.len()) {
        choice.variant = index;
        choice.options.clear();
    }
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new("Oddboard").size(32.0));
            ui.label("Unusual chess variants for two players at one computer");
            server_news::show(ui, &checks, &mut dialog);
        });
        ui.separator();
        ui.columns(2, |columns| {
            egui::ScrollArea::vertical()
                .id_salt("variants and saves")
                .show(&mut columns[0], |ui| {
                    let shown = Shown {
                        theme: settings.theme,
                        scroll_to_choice: keys.up || keys.down,
                    };
                    variant_list(ui, (&catalogue, &files), &pictures, &mut choice, shown);
                    saves_list(ui, &saves, &catalogue, &mut choice, storage, library);
                });
            let Some(data) = catalogue.0.get(choice.variant) else {
                return;
            };
            let ui = &mut columns[1];
            let describe = |ui: &mut egui::Ui, choice: &mut MenuChoice| {
                about(ui, data);
                game_choices(ui, data, choice);
                egui::CollapsingHeader::new("Settings")
                    .show(ui, |ui| settings_editor(ui, &settings, sound.as_deref()))
                    .body_returned
                    .flatten()
            };
            let start = StartArea {
                data,
                saved: autosave.0.as_ref(),
                saved_name: autosave
                    .0
                    .as_ref()
                    .map_or("", |saved| variant_name(&catalogue, &saved.game.variant)),
                library: &courses,
                progress: &progress,
                start_key: keys.start,
            };
            let foot = start.remembered_height(ui);
            let (edited, asked) = if foot <= ui.available_height() * PINNED_SHARE {
                let edited = egui::ScrollArea::vertical()
                    .id_salt("about the variant")
                    .max_height(ui.available_height() - foot)
                    .auto_shrink([false, false])
                    .show(ui, |ui| describe(ui, &mut choice))
                    .inner;
                (edited, start.show(ui, &choice, &mut dialog))
            } else {
                egui::ScrollArea::vertical()
                    .id_salt("about the variant")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let edited = describe(ui, &mut choice);
                        (edited, start.show(ui, &choice, &mut dialog))
                    })
                    .inner
            };
            if let Some(edited) = edited {
                storage.write(Storage::Settings(edited));
            }
            let Asked {
                commands,
                editor: opened,
                paste: pasted,
                study: studied,
            } = asked;
            out.write_batch(commands);
            if let Some(action) = opened {
                editor.write(action);
            }
            if pasted {
                paste.write(Paste {
                    text: clipboard.text().unwrap_or_default(),
                    variant: data.id.clone(),
                    options: choice.options.clone(),
                });
            }
            if let Some(action) = studied {
                study.write(action);
            }
        });
    });
    Ok(())
}

/// The menu's own keys, read while none of its controls has the keyboard (Tab gives them
/// the keyboard, Esc takes it back): ↑ and ↓ choose the variant, Enter starts the game.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct MenuKeys {
    up: bool,
    down: bool,
    start: bool,
}

impl MenuKeys {
    /// The keys pressed this frame, if no control has the keyboard.
    fn read(ctx: &egui::Context) -> MenuKeys {
        if ctx.memory(|memory| memory.focused().is_some()) {
            return MenuKeys::default();
        }
        ctx.input(|input| MenuKeys {
            up: input.key_pressed(egui::Key::ArrowUp),
            down: input.key_pressed(egui::Key::ArrowDown),
            start: input.key_pressed(egui::Key::Enter),
        })
    }

    /// The variant chosen after these keys, from `variant` among `count`, if it changed.
    fn moved(self, variant: usize, count: usize) -> Option<usize> {
        match (self.up, self.down) {
            (true, false) => variant.checked_sub(1),
            (false, true) => Some(variant + 1).filter(|next| *next < count),
            _ => None,
        }
    }
}

/// The buttons under the variant's description: Start; setting up a position, opening one from
/// the clipboard; the variant's course and puzzles; hosting and joining a game over the network;
/// and continuing the last game. Each stands in a cell of its own, in the same place for every
/// variant: a course or puzzle set the variant lacks (or whose file was refused) is a disabled
/// button saying why on hover.
struct StartArea<'a> {
    data: &'a VariantData,
    /// The last game, to continue.
    saved: Option<&'a Saved>,
    /// The name of the last game's variant.
    saved_name: &'a str,
    library: &'a Library,
    progress: &'a Progress,
    /// Enter was pressed: start the game.
    start_key: bool,
}

/// What the start area's buttons asked for.
#[derive(Default)]
struct Asked {
    commands: Vec<Command>,
    editor: Option<EditorAction>,
    /// Open the clipboard's game or position.
    paste: bool,
    study: Option<StudyAction>,
}

/// The start area's cells under Start, in order (two a row in a wide column); Continue is
/// shown only when there is a last game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    SetUp,
    Paste,
    Learn,
    Puzzles,
    Host,
    Join,
    Continue,
}

impl Cell {
    /// Every cell, in order.
    const ALL: [Cell; 7] = [
        Cell::SetUp,
        Cell::Paste,
        Cell::Learn,
        Cell::Puzzles,
        Cell::Host,
        Cell::Join,
        Cell::Continue,
    ];
}

/// The narrowest a cell of the start area is, in points: room for its longest label
/// ("Puzzles: 40 of 40 solved"); a narrower column stacks the cells one a row.
const CELL_WIDTH: f32 = 190.0;

impl StartArea<'_> {
    /// How many cells stand side by side in a column `width` points wide.
    fn cells_per_row(width: f32) -> usize {
        if width >= 2.0 * CELL_WIDTH { 2 } else { 1 }
    }

    /// The height the start area took in `ui` at the last pass, in points (at the first, an
    /// estimate).
    fn remembered_height(&self, ui: &egui::Ui) -> f32 {
        let spacing = ui.spacing();
        let row = spacing.interact_size.y + spacing.item_spacing.y;
        let cells = Cell::ALL.len() - usize::from(self.saved.is_none());
        let rows = cells.div_ceil(Self::cells_per_row(ui.available_width()));
        let estimate = row * (rows + 2) as f32;
        ui.data(|data| data.get_temp(Self::height_id()))
            .unwrap_or(estimate)
    }

    /// Where the start area's height is remembered.
    fn height_id() -> egui::Id {
        egui::Id::new("the menu's start area height")
    }

    /// Draws the buttons, remembering their height (a changed height draws the pass again, so
    /// the description above is fitted to it); what they asked for.
    fn show(&self, ui: &mut egui::Ui, choice: &MenuChoice, dialog: &mut Dialog) -> Asked {
        let id = Self::height_id();
        let top = ui.cursor().min.y;
        let asked = self.buttons(ui, choice, dialog);
        let height = ui.cursor().min.y - top;
        if ui.data(|data| data.get_temp::<f32>(id)) != Some(height) {
            ui.data_mut(|data| data.insert_temp(id, height));
            ui.ctx()
                .request_discard("the menu's start area changed height");
        }
        asked
    }

    /// Draws the separator and the buttons; what they asked for.
    fn buttons(&self, ui: &mut egui::Ui, choice: &MenuChoice, dialog: &mut Dialog) -> Asked {
        let mut asked = Asked::default();
        ui.separator();
        let data = self.data;
        let start = ui
            .add_sized(
                [ui.available_width(), 0.0],
                egui::Button::new(egui::RichText::new("Start game").size(START_SIZE)),
            )
            .on_hover_text("Enter");
        if start.clicked() || self.start_key {
            asked.commands = vec![
                Command::Start {
                    variant: data.id.clone(),
                    options: choice.options.clone(),
                },
                Command::Players(choice.players),
                Command::Names(choice.names.clone()),
                Command::Clocks(Clocks::new(choice.control)),
            ];
        }
        let per_row = Self::cells_per_row(ui.available_width());
        let width = (ui.available_width() - ui.spacing().item_spacing.x * (per_row - 1) as f32)
            / per_row as f32;
        let size = egui::vec2(width, ui.spacing().interact_size.y);
        let shown = Cell::ALL.len() - usize::from(self.saved.is_none());
        for row in Cell::ALL[..shown].chunks(per_row) {
            ui.horizontal(|ui| {
                for &cell in row {
                    let layout = egui::Layout::centered_and_justified(egui::Direction::LeftToRight);
                    ui.allocate_ui_with_layout(size, layout, |ui| {
                        self.cell(ui, cell, choice, &mut asked, dialog);
                    });
                }
            });
        }
        asked
    }

    /// Draws `cell`'s button, noting in `asked` what it asks for.
    fn cell(
        &self,
        ui: &mut egui::Ui,
        cell: Cell,
        choice: &MenuChoice,
        asked: &mut Asked,
        dialog: &mut Dialog,
    ) {
        let data = self.data;
        match cell {
            Cell::SetUp => {
                if ui.button("Set up a position…").clicked() {
                    asked.editor = Some(EditorAction::Open {
                        variant: data.id.clone(),
                        options: choice.options.clone(),
                    });
                }
            }
            Cell::Paste => {
                asked.paste = ui
                    .button("Open from the clipboard")
                    .on_hover_text(
                        "Opens a game record, or a position as FEN (read first as this variant's)",
                    )
                    .clicked();
            }
            Cell::Learn => asked.study = self.course_button(ui).or(asked.study.take()),
            Cell::Puzzles => asked.study = self.puzzles_button(ui).or(asked.study.take()),
            Cell::Host | Cell::Join => {
                let kind = if cell == Cell::Host {
                    Kind::Host
                } else {
                    Kind::Join
                };
                online::menu_button(ui, kind, dialog, choice.control);
            }
            Cell::Continue => {
                if let Some(saved) = self.saved
                    && ui
                        .button(format!("Continue ({})", self.saved_name))
                        .clicked()
                {
                    asked.commands.extend(saved.resume());
                }
            }
        }
    }

    /// The variant's course: a button with the player's progress, else a disabled one saying
    /// why; the course asked for, if clicked.
    fn course_button(&self, ui: &mut egui::Ui) -> Option<StudyAction> {
        let variant = &self.data.id;
        let text = self.library.course(variant).map(|found| {
            found.map(|course| {
                let done = course
                    .lessons
                    .iter()
                    .filter(|l| self.progress.lesson_done(variant, &l.id))
                    .count();
                format!("Learn: {done} of {} lessons", course.lessons.len())
            })
        });
        let about = "A lesson for each rule, done with the pieces on the board";
        study_button(
            ui,
            "Learn",
            text,
            about,
            &format!("{} has no lessons", self.data.name),
        )
        .then(|| StudyAction::Course(variant.clone()))
    }

    /// The variant's puzzles: a button with the player's score, else a disabled one saying
    /// why; the puzzles asked for, if clicked.
    fn puzzles_button(&self, ui: &mut egui::Ui) -> Option<StudyAction> {
        let variant = &self.data.id;
        let text = self.library.puzzles(variant).map(|found| {
            found.map(|set| {
                let solved = self.progress.puzzles_of(variant).solved.len();
                format!("Puzzles: {solved} of {} solved", set.puzzles.len())
            })
        });
        let about = "Positions from the computer's own games where one move wins";
        study_button(
            ui,
            "Puzzles",
            text,
            about,
            &format!("{} has no puzzles", self.data.name),
        )
        .then(|| StudyAction::Puzzles(variant.clone()))
    }
}

/// A course's or puzzle set's button: `text` (with `about` on hover) when the variant has one;
/// else `what`, disabled, saying why on hover (`missing`, or why its file was refused).
/// Whether it was clicked.
fn study_button(
    ui: &mut egui::Ui,
    what: &str,
    text: Option<Result<String, &str>>,
    about: &str,
    missing: &str,
) -> bool {
    match text {
        Some(Ok(text)) => ui.button(text).on_hover_text(about).clicked(),
        Some(Err(why)) => {
            ui.add_enabled(false, egui::Button::new(format!("{what} (unavailable)")))
                .on_disabled_hover_text(why);
            false
        }
        None => {
            ui.add_enabled(false, egui::Button::new(what))
                .on_disabled_hover_text(missing);
            false
        }
    }
}

/// The most of the column's height the start area takes standing at its foot, below the
/// scrolling description; in a column too short for that, it scrolls with the description,
/// at its end.
const PINNED_SHARE: f32 = 2.0 / 3.0;
/// The size of Start's label, in points.
const START_SIZE: f32 = 18.0;
/// The variant in short parts: what sets it apart, the goal, what is new (a variant file may
/// leave either out), where to learn more; a variant file's path.
fn about(ui: &mut egui::Ui, data: &VariantData) {
    ui.heading(&data.name);
    if is_variant_file(&data.id) {
        ui.small(format!("Read from {}", data.id));
    }
    ui.label(egui::RichText::new(&data.tagline).italics());
    let parts = [("Goal", &data.goal), ("What is new", &data.novelty)];
    for (title, text) in parts.into_iter().filter(|(_, text)| !text.is_empty()) {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(title).strong());
        ui.label(text);
    }
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Learn more").strong());
    ui.label("Learn (under Start game) teaches each rule with the pieces on the board, a lesson at a time; Puzzles sharpens it. In a game, the Rules tab explains every rule and shows how each piece moves.");
}

/// The options, who plays each side and the clock.
fn game_choices(ui: &mut egui::Ui, data: &VariantData, choice: &mut MenuChoice) {
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
    for side in Side::BOTH {
        player_choice(ui, data.side_name(side), side, choice);
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Clock:");
        for control in TimeControl::PRESETS {
            let label = control.map_or_else(|| "none".to_string(), TimeControl::label);
            ui.selectable_value(&mut choice.control, control, label);
        }
    });
}

/// Who plays `side` (named `name`): a person, or the computer at one of its levels; and the
/// player's name for the game's record. On one row, or in a narrow column two.
fn player_choice(ui: &mut egui::Ui, name: &str, side: Side, choice: &mut MenuChoice) {
    let one_row = ui.available_width() >= PLAYER_ROW_WIDTH;
    ui.horizontal(|ui| {
        ui.label(format!("{name}:"));
        ui.add(
            egui::TextEdit::singleline(&mut choice.names.0[side.index()])
                .desired_width(110.0)
                .hint_text("name"),
        );
        if one_row {
            player_picker(ui, side, &mut choice.players);
        }
    });
    if !one_row {
        player_picker(ui, side, &mut choice.players);
    }
}

/// The width a player's row takes (the side's name, the name box, the player), in points.
const PLAYER_ROW_WIDTH: f32 = 290.0;

/// The saved games: each with its variant, players, date, moves and result, to open, rename,
/// delete (asked first) or export; only the selected variant's when the player filters.
fn saves_list(
    ui: &mut egui::Ui,
    saves: &SaveList,
    catalogue: &Catalogue,
    choice: &mut MenuChoice,
    storage: &mut MessageWriter<Storage>,
    library: &mut MessageWriter<SaveAction>,
) {
    if saves.0.is_empty() {
        return;
    }
    ui.add_space(12.0);
    ui.heading("Saved games");
    let selected = catalogue.0.get(choice.variant).map(|d| d.id.clone());
    let name = selected
        .as_deref()
        .map_or("", |id| variant_name(catalogue, id));
    ui.checkbox(&mut choice.only_this_variant, format!("only {name}"));
    ui.vertical(|ui| {
        for entry in &saves.0 {
            if choice.only_this_variant && Some(&entry.variant) != selected.as_ref() {
                continue;
            }
            ui.separator();
            let players = Side::BOTH.map(|side| match entry.players.of(side) {
                Player::Person => "person".to_string(),
                Player::Computer(level) => format!("computer ({})", level.name()),
            });
            ui.label(egui::RichText::new(&entry.name).strong());
            ui.small(format!(
                "{} · {} against {} · {} · {} turns · {}",
                variant_name(catalogue, &entry.variant),
                players[0],
                players[1],
                entry.date,
                entry.moves,
                entry.result.as_deref().unwrap_or("going on")
            ));
            save_actions(ui, &entry.name, choice, storage, library);
        }
    });
}

/// The buttons of one saved game, or the question or name box it is waiting on.
fn save_actions(
    ui: &mut egui::Ui,
    name: &str,
    choice: &mut MenuChoice,
    storage: &mut MessageWriter<Storage>,
    library: &mut MessageWriter<SaveAction>,
) {
    ui.horizontal(|ui| {
        if choice.deleting.as_deref() == Some(name) {
            ui.label(format!("Delete '{name}'?"));
            if ui.button("Delete").clicked() {
                library.write(SaveAction::Delete(name.to_string()));
                choice.deleting = None;
            }
            if ui.button("Keep it").clicked() {
                choice.deleting = None;
            }
            return;
        }
        if let Some((from, typed)) = choice.renaming.as_mut().filter(|(from, _)| from == name) {
            ui.text_edit_singleline(typed);
            if ui.button("Rename").clicked() {
                library.write(SaveAction::Rename {
                    from: from.clone(),
                    to: typed.clone(),
                });
                choice.renaming = None;
            } else if ui.button("Cancel").clicked() {
                choice.renaming = None;
            }
            return;
        }
        if ui.button("Open").clicked() {
            storage.write(Storage::Load(name.to_string()));
        }
        if ui.button("Rename…").clicked() {
            choice.renaming = Some((name.to_string(), name.to_string()));
        }
        if ui.button("Delete…").clicked() {
            choice.deleting = Some(name.to_string());
        }
        if ui.button("Export").clicked() {
            library.write(SaveAction::Export(name.to_string()));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::storage::saves::DataDir;
    use crate::rules::all_data;
    use egui::accesskit::Role;

    /// The start area with `variant` chosen, in a column `width` points wide, drawn in
    /// `passes` passes of egui with the pointer at `pointer` (if some): the last pass's tree.
    fn start_area_tree(
        variant: &str,
        width: f32,
        pointer: Option<egui::Pos2>,
        passes: usize,
    ) -> egui::accesskit::TreeUpdate {
        let catalogue = Catalogue(all_data().expect("variant data"));
        let data = catalogue.data(variant).expect("a variant");
        let library = Library::load(&DataDir(None));
        let progress = Progress::default();
        let start = StartArea {
            data,
            saved: None,
            saved_name: "",
            library: &library,
            progress: &progress,
            start_key: false,
        };
        drawn_tree(egui::vec2(width, 400.0), pointer, passes, |ui| {
            start.show(ui, &MenuChoice::default(), &mut Dialog::default());
        })
    }

    /// What `draw` shows in a `size` screen, drawn in `passes` passes of egui with the pointer
    /// at `pointer` (if some) and tooltips at once: the last pass's AccessKit tree.
    pub(super) fn drawn_tree(
        size: egui::Vec2,
        pointer: Option<egui::Pos2>,
        passes: usize,
        mut draw: impl FnMut(&mut egui::Ui),
    ) -> egui::accesskit::TreeUpdate {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        ctx.global_style_mut(|style| style.interaction.tooltip_delay = 0.0);
        let mut tree = None;
        for pass in 0..passes {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
                time: Some(pass as f64),
                events: pointer.map(egui::Event::PointerMoved).into_iter().collect(),
                ..Default::default()
            };
            let output = ctx.run_ui(input, &mut draw);
            tree = output.platform_output.accesskit_update;
        }
        tree.expect("AccessKit is on")
    }

    /// The start area's buttons with `variant` chosen, in a column `width` points wide: each
    /// one's label, where it stands and whether it is enabled.
    fn start_buttons(variant: &str, width: f32) -> Vec<(String, egui::Rect, bool)> {
        start_area_tree(variant, width, None, 2)
            .nodes
            .iter()
            .filter(|(_, node)| node.role() == Role::Button)
            .filter_map(|(_, node)| {
                let bounds = node.bounds()?;
                let rect = egui::Rect::from_min_max(
                    egui::pos2(bounds.x0 as f32, bounds.y0 as f32),
                    egui::pos2(bounds.x1 as f32, bounds.y1 as f32),
                );
                Some((node.label()?.to_string(), rect, !node.is_disabled()))
            })
            .collect()
    }

    /// The button whose label starts with `label`: where it stands and whether it is enabled.
    fn button(buttons: &[(String, egui::Rect, bool)], label: &str) -> (egui::Rect, bool) {
        buttons
            .iter()
            .find(|(text, ..)| text.starts_with(label))
            .map(|(_, rect, enabled)| (*rect, *enabled))
            .unwrap_or_else(|| panic!("no button {label} among {buttons:?}"))
    }

    #[test]
    fn each_start_button_stands_in_one_place_whatever_the_variant() {
        for width in [600.0, 300.0] {
            let amoeba = start_buttons("amoeba", width);
            let chess = start_buttons("chess", width);
            for label in [
                "Start game",
                "Set up a position",
                "Open from the clipboard",
                "Learn",
                "Puzzles",
                "Host a game",
                "Join a game",
            ] {
                assert_eq!(
                    button(&amoeba, label).0,
                    button(&chess, label).0,
                    "{label}, {width} points wide"
                );
            }
            for label in ["Learn", "Puzzles"] {
                assert!(button(&amoeba, label).1, "Amoeba has its {label}");
                assert!(!button(&chess, label).1, "chess has no {label}: disabled");
            }
        }
    }

    #[test]
    fn a_disabled_learn_button_says_why_on_hover() {
        let learn = button(&start_buttons("chess", 600.0), "Learn").0;
        let tree = start_area_tree("chess", 600.0, Some(learn.center()), 3);
        let said = tree
            .nodes
            .iter()
            .filter_map(|(_, node)| node.label().or(node.value()))
            .any(|text| text == "Chess has no lessons");
        assert!(said, "the hover text is shown");
    }

    #[test]
    fn up_and_down_choose_the_variant_within_the_list() {
        let down = MenuKeys {
            down: true,
            ..MenuKeys::default()
        };
        let up = MenuKeys {
            up: true,
            ..MenuKeys::default()
        };
        assert_eq!(down.moved(0, 3), Some(1));
        assert_eq!(down.moved(2, 3), None, "the last stays chosen");
        assert_eq!(up.moved(0, 3), None, "the first stays chosen");
        assert_eq!(up.moved(2, 3), Some(1));
        assert_eq!(MenuKeys::default().moved(1, 3), None);
    }

    #[test]
    fn the_menu_selects_the_variant_and_options_of_the_game_on_the_board() {
        let catalogue = Catalogue(all_data().expect("variant data"));
        let mut choice = MenuChoice::default();
        let amoeba = Variant::load("amoeba", &["occupied-slide".into()]).expect("loads");
        choice.select(&catalogue, &amoeba);
        assert_eq!(catalogue.0[choice.variant].id, "amoeba");
        assert_eq!(choice.options, ["occupied-slide"]);
    }
}
