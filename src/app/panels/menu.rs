//! The menu: the variants and their options, saved games, and the settings.

use super::Pictures;
use super::choices::{player_picker, settings_editor};
use super::online::{self, Dialog};
use super::picture::BoardPicture;
use super::{Catalogue, Requests, root_ui};
use crate::app::art::pieces::PieceArt;
use crate::app::board::camera::PanelWidth;
use crate::app::editor::setup::EditorAction;
use crate::app::learn::library::Library;
use crate::app::learn::on_board::StudyAction;
use crate::app::learn::progress::Progress;
use crate::app::shared::clocks::{Clocks, TimeControl};
use crate::app::shared::game::ActiveGame;
use crate::app::shared::messages::Command;
use crate::app::shared::players::{Names, Player, Players};
use crate::app::shared::screen::Screen;
use crate::app::shared::settings::{BoardTheme, Settings};
use crate::app::shared::storage::Storage;
use crate::app::storage::library::{SaveAction, SaveList};
use crate::app::storage::saves::Autosave;
use crate::app::storage::sharing::{Clipboard, Paste};
use crate::net::protocol::Terms;
use crate::rules::{RulesExt, Side, Variant, VariantData};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::sync::Arc;

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
    /// The game chosen, as a network table's terms (its options sorted).
    fn terms(&self, catalogue: &Catalogue) -> Option<Terms> {
        let data = catalogue.0.get(self.variant)?;
        let mut options = self.options.clone();
        options.sort();
        Some(Terms {
            variant: data.id.clone(),
            options,
            clock: self.control,
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
/// with the player's progress) and where a course or puzzle set is asked for.
#[derive(SystemParam)]
struct MenuData<'w> {
    catalogue: Res<'w, Catalogue>,
    autosave: Res<'w, Autosave>,
    saves: Res<'w, SaveList>,
    settings: Res<'w, Settings>,
    previews: Res<'w, Previews>,
    art: Res<'w, PieceArt>,
    library: Res<'w, Library>,
    progress: Res<'w, Progress>,
    study: MessageWriter<'w, StudyAction>,
    dialog: ResMut<'w, Dialog>,
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
        autosave,
        saves,
        settings,
        previews,
        art,
        library: courses,
        progress,
        mut study,
        mut dialog,
    } = data;
    let pictures: Vec<(Arc<Variant>, Pictures)> = previews
        .0
        .iter()
        .map(|v| (Arc::clone(v), Pictures::of_variant(&mut contexts, v, &art)))
        .collect();
    let ctx = contexts.ctx_mut()?;
    panel.set_if_neq(PanelWidth(0.0));
    let terms = choice.terms(&catalogue);
    if dialog.terms != terms {
        dialog.terms = terms;
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
                    variant_list(ui, &catalogue, &pictures, &mut choice, shown);
                    saves_list(ui, &saves, &catalogue, &mut choice, storage, library);
                });
            let Some(data) = catalogue.0.get(choice.variant) else {
                return;
            };
            let ui = &mut columns[1];
            let buttons_at = ui.available_height() - START_AREA;
            egui::ScrollArea::vertical()
                .id_salt("about the variant")
                .max_height(buttons_at)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    about(ui, data);
                    game_choices(ui, data, &mut choice);
                    let edited = egui::CollapsingHeader::new("Settings")
                        .show(ui, |ui| settings_editor(ui, &settings))
                        .body_returned
                        .flatten();
                    if let Some(edited) = edited {
                        storage.write(Storage::Settings(edited));
                    }
                });
            ui.separator();
            let start = ui
                .button(egui::RichText::new("Start game").size(18.0))
                .on_hover_text("Enter");
            if start.clicked() || keys.start {
                out.write(Command::Start {
                    variant: data.id.clone(),
                    options: choice.options.clone(),
                });
                out.write(Command::Players(choice.players));
                out.write(Command::Names(choice.names.clone()));
                out.write(Command::Clocks(Clocks::new(choice.control)));
            }
            ui.horizontal_wrapped(|ui| {
                if ui.button("Set up a position…").clicked() {
                    editor.write(EditorAction::Open {
                        variant: data.id.clone(),
                        options: choice.options.clone(),
                    });
                }
                if ui
                    .button("Open from the clipboard")
                    .on_hover_text(
                        "Opens a game record, or a position as FEN (read first as this variant's)",
                    )
                    .clicked()
                {
                    paste.write(Paste {
                        text: clipboard.text().unwrap_or_default(),
                        variant: data.id.clone(),
                        options: choice.options.clone(),
                    });
                }
                if let Some(saved) = &autosave.0
                    && ui
                        .button(format!(
                            "Continue ({})",
                            display_name(&catalogue, &saved.game.variant)
                        ))
                        .clicked()
                {
                    out.write_batch(saved.resume());
                }
            });
            learning(ui, &data.id, &courses, &progress, &mut study, &mut dialog);
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

/// The variant's course and puzzles, each a button with the player's progress (or, for a file
/// refused at start-up, why); then Host and Join, for a game over the network.
fn learning(
    ui: &mut egui::Ui,
    variant: &str,
    library: &Library,
    progress: &Progress,
    out: &mut MessageWriter<StudyAction>,
    dialog: &mut Dialog,
) {
    let course = library.course(variant);
    let puzzles = library.puzzles(variant);
    ui.horizontal_wrapped(|ui| {
        let course = course.map(|found| {
            found.map(|course| {
                let done = course
                    .lessons
                    .iter()
                    .filter(|l| progress.lesson_done(variant, &l.id))
                    .count();
                format!("Learn: {done} of {} lessons", course.lessons.len())
            })
        });
        let puzzles = puzzles.map(|found| {
            found.map(|set| {
                let solved = progress.puzzles_of(variant).solved.len();
                format!("Puzzles: {solved} of {} solved", set.puzzles.len())
            })
        });
        let entries = [
            (
                course,
                "Learn",
                "A lesson for each rule, done with the pieces on the board",
                StudyAction::Course(variant.to_string()),
            ),
            (
                puzzles,
                "Puzzles",
                "Positions from the computer's own games where one move wins",
                StudyAction::Puzzles(variant.to_string()),
            ),
        ];
        for (entry, what, about, action) in entries {
            match entry {
                Some(Ok(text)) if ui.button(text.as_str()).on_hover_text(about).clicked() => {
                    out.write(action);
                }
                Some(Err(why)) => refused(ui, what, why),
                _ => {}
            }
        }
        online::menu_buttons(ui, dialog);
    });
}

/// A course or puzzle set refused at start-up: its name, greyed, and why on hover.
fn refused(ui: &mut egui::Ui, what: &str, why: &str) {
    ui.add_enabled(false, egui::Button::new(format!("{what} (unavailable)")))
        .on_disabled_hover_text(why);
}

/// The room under the variant's description kept for Start and the buttons below it, so
/// Start stands at the same height for every variant.
const START_AREA: f32 = 90.0;
/// The height of a variant's picture in the menu, in points: 14 points a square on the largest
/// board (American Chess, 11 by 11), enough to tell its pieces apart.
const PREVIEW_HEIGHT: f32 = 154.0;

/// The variant in short parts: what sets it apart, the goal, what is new, where to learn more.
fn about(ui: &mut egui::Ui, data: &VariantData) {
    ui.heading(&data.name);
    ui.label(egui::RichText::new(&data.tagline).italics());
    for (title, text) in [("Goal", &data.goal), ("What is new", &data.novelty)] {
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
    ui.horizontal(|ui| {
        ui.label("Clock:");
        for control in TimeControl::PRESETS {
            let label = control.map_or_else(|| "none".to_string(), TimeControl::label);
            ui.selectable_value(&mut choice.control, control, label);
        }
    });
}

/// How the variant list is shown: the board's colours, and whether to bring the chosen
/// variant into view (it was chosen by the keys).
#[derive(Clone, Copy, Debug)]
struct Shown {
    theme: BoardTheme,
    scroll_to_choice: bool,
}

/// Every variant, each with a picture of its start position on its own board, drawn by the
/// game itself, its name and what sets it apart.
fn variant_list(
    ui: &mut egui::Ui,
    catalogue: &Catalogue,
    previews: &[(Arc<Variant>, Pictures)],
    choice: &mut MenuChoice,
    shown: Shown,
) {
    let theme = shown.theme;
    ui.heading("Variants");
    for (index, data) in catalogue.0.iter().enumerate() {
        let picture = previews.iter().find(|(v, _)| v.id() == data.id);
        let mut clicked = false;
        ui.horizontal(|ui| {
            let frame = egui::vec2(PREVIEW_HEIGHT * 1.25, PREVIEW_HEIGHT);
            let centred = egui::Layout::top_down(egui::Align::Center);
            ui.allocate_ui_with_layout(frame, centred, |ui| {
                ui.set_min_size(frame);
                if let Some((variant, pictures)) = picture {
                    let geometry = variant.geometry();
                    let longest = geometry.ranks().max(geometry.files());
                    let cell = PREVIEW_HEIGHT / f32::from(longest);
                    clicked |= BoardPicture::new(variant, variant.start(), pictures, cell, theme)
                        .show(ui)
                        .clicked();
                }
            });
            ui.vertical(|ui| {
                let name = egui::RichText::new(&data.name).size(18.0);
                let label = ui.selectable_label(choice.variant == index, name);
                if shown.scroll_to_choice && choice.variant == index {
                    label.scroll_to_me(Some(egui::Align::Center));
                }
                clicked |= label.clicked();
                ui.label(&data.tagline);
            });
        });
        ui.add_space(6.0);
        if clicked {
            choice.variant = index;
            choice.options.clear();
        }
    }
}

/// Each variant loaded with its default options, for the menu's pictures.
#[derive(Resource, Default)]
pub struct Previews(pub Vec<Arc<Variant>>);

impl Previews {
    /// The variants of `catalogue` that load.
    pub fn of(catalogue: &Catalogue) -> Previews {
        Previews(
            catalogue
                .0
                .iter()
                .filter_map(|data| Variant::load(&data.id, &[]).ok().map(Arc::new))
                .collect(),
        )
    }
}

/// Who plays `side` (named `name`): a person, or the computer at one of its levels; and the
/// player's name for the game's record.
fn player_choice(ui: &mut egui::Ui, name: &str, side: Side, choice: &mut MenuChoice) {
    ui.horizontal(|ui| {
        ui.label(format!("{name}:"));
        ui.add(
            egui::TextEdit::singleline(&mut choice.names.0[side.index()])
                .desired_width(110.0)
                .hint_text("name"),
        );
        player_picker(ui, side, &mut choice.players);
    });
}

/// The name players know a variant by, from its id.
fn display_name<'a>(catalogue: &'a Catalogue, id: &'a str) -> &'a str {
    catalogue.data(id).map_or(id, |data| data.name.as_str())
}

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
        .map_or("", |id| display_name(catalogue, id));
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
                display_name(catalogue, &entry.variant),
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
    use crate::rules::all_data;

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
