//! The menu's variant list: the built-in variants in the rules' order, then the variant files
//! found, each with a picture of its start position; a file that does not load is listed
//! greyed, saying why on hover.

use super::MenuChoice;
use crate::app::panels::picture::BoardPicture;
use crate::app::panels::{Catalogue, Pictures};
use crate::app::shared::settings::BoardTheme;
use crate::app::storage::variant_files::{VariantFile, VariantFiles, find_at_start};
use crate::rules::language::is_variant_file;
use crate::rules::{RulesExt, Variant};
use bevy::prelude::*;
use bevy_egui::egui;
use std::sync::Arc;

/// The height of a variant's picture in the menu, in points: 14 points a square on the widest
/// built-in board (American Chess, 11 files), enough to tell its pieces apart; some 13 on the
/// largest a variant file may have (12 × 10).
const PREVIEW_HEIGHT: f32 = 154.0;

/// The narrowest room for a variant's name and tagline beside its picture, in points; a
/// narrower list puts them under it.
const NAME_WIDTH: f32 = 160.0;

/// What marks a variant read from a file, after its name.
const FILE_MARK: &str = "(file)";

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

/// Puts the variant files that load after the built-in variants, in the catalogue and among
/// the pictures.
fn add_variant_files(
    files: Res<VariantFiles>,
    mut catalogue: ResMut<Catalogue>,
    mut previews: ResMut<Previews>,
) {
    for variant in files.0.iter().filter_map(|file| file.loaded.as_ref().ok()) {
        catalogue.0.push(variant.data().clone());
        previews.0.push(Arc::clone(variant));
    }
}

/// Registers the variant files' place in the list, once they are read.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, add_variant_files.after(find_at_start));
}

/// How the variant list is shown: the board's colours, and whether to bring the chosen
/// variant into view (it was chosen by the keys).
#[derive(Clone, Copy, Debug)]
pub(super) struct Shown {
    /// The board's colours.
    pub theme: BoardTheme,
    /// Bring the chosen variant into view.
    pub scroll_to_choice: bool,
}

/// One row of the list.
enum Row<'a> {
    /// The variant at this place in the catalogue.
    Playable(usize),
    /// A variant file that does not load.
    Refused(&'a VariantFile, &'a str),
}

/// The list's rows: the built-in variants, then every variant file in the order found.
fn rows<'a>(catalogue: &Catalogue, files: &'a VariantFiles) -> Vec<Row<'a>> {
    let built_in = (0..catalogue.0.len())
        .filter(|&index| !is_variant_file(&catalogue.0[index].id))
        .map(Row::Playable);
    let from_files = files.0.iter().filter_map(|file| match &file.loaded {
        Ok(_) => catalogue
            .0
            .iter()
            .position(|data| data.id == file.path)
            .map(Row::Playable),
        Err(why) => Some(Row::Refused(file, why)),
    });
    built_in.chain(from_files).collect()
}

/// Every variant, each with a picture of its start position on its own board, drawn by the
/// game itself, its name and what sets it apart; a variant file's name marked so, its path on
/// hover.
pub(super) fn variant_list(
    ui: &mut egui::Ui,
    (catalogue, files): (&Catalogue, &VariantFiles),
    previews: &[(Arc<Variant>, Pictures)],
    choice: &mut MenuChoice,
    shown: Shown,
) {
    let frame = egui::vec2(PREVIEW_HEIGHT * 1.25, PREVIEW_HEIGHT);
    let beside = ui.available_width() >= frame.x + NAME_WIDTH;
    ui.heading("Variants");
    for row in rows(catalogue, files) {
        let mut clicked = None;
        let entry = |ui: &mut egui::Ui| {
            let centred = egui::Layout::top_down(egui::Align::Center);
            let room = match row {
                Row::Playable(_) => frame,
                Row::Refused(..) => egui::vec2(frame.x, 0.0),
            };
            ui.allocate_ui_with_layout(room, centred, |ui| {
                ui.set_min_size(room);
                if let Row::Playable(index) = row
                    && picture(ui, &catalogue.0[index].id, previews, shown.theme)
                {
                    clicked = Some(index);
                }
            });
            ui.vertical(|ui| match row {
                Row::Playable(index) => {
                    if name_and_tagline(ui, catalogue, index, choice, shown) {
                        clicked = Some(index);
                    }
                }
                Row::Refused(file, why) => refused(ui, file, why),
            });
        };
        if beside {
            ui.horizontal(entry);
        } else {
            ui.vertical(entry);
        }
        ui.add_space(6.0);
        if let Some(index) = clicked {
            choice.variant = index;
            choice.options.clear();
        }
    }
}

/// The picture of the start position of the variant `id`; whether it was clicked.
fn picture(
    ui: &mut egui::Ui,
    id: &str,
    previews: &[(Arc<Variant>, Pictures)],
    theme: BoardTheme,
) -> bool {
    let Some((variant, pictures)) = previews.iter().find(|(v, _)| v.id() == id) else {
        return false;
    };
    let geometry = variant.geometry();
    let longest = geometry.ranks().max(geometry.files());
    let cell = PREVIEW_HEIGHT / f32::from(longest);
    BoardPicture::new(variant, variant.start(), pictures, cell, theme)
        .show(ui)
        .clicked()
}

/// The name of the catalogue's variant `index` (a file's marked so, its path on hover) and its
/// tagline; whether the name was clicked.
fn name_and_tagline(
    ui: &mut egui::Ui,
    catalogue: &Catalogue,
    index: usize,
    choice: &MenuChoice,
    shown: Shown,
) -> bool {
    let data = &catalogue.0[index];
    let file = is_variant_file(&data.id);
    let text = if file {
        marked(&data.name)
    } else {
        data.name.clone()
    };
    let mut label = ui.selectable_label(
        choice.variant == index,
        egui::RichText::new(text).size(18.0),
    );
    if file {
        label = label.on_hover_text(&data.id);
    }
    if shown.scroll_to_choice && choice.variant == index {
        label.scroll_to_me(Some(egui::Align::Center));
    }
    ui.label(&data.tagline);
    label.clicked()
}

/// `name` marked as a variant file's (unless its author marked it so already).
fn marked(name: &str) -> String {
    if name.ends_with(FILE_MARK) {
        name.to_string()
    } else {
        format!("{name} {FILE_MARK}")
    }
}

/// A variant file that does not load: its file's name, greyed, with its path and `why` on
/// hover.
fn refused(ui: &mut egui::Ui, file: &VariantFile, why: &str) {
    let name = std::path::Path::new(&file.path)
        .file_stem()
        .map_or_else(|| file.path.clone(), |s| s.to_string_lossy().into_owned());
    ui.add_enabled(
        false,
        egui::Button::selectable(false, egui::RichText::new(marked(&name)).size(18.0)),
    )
    .on_disabled_hover_text(format!("{}\n{why}", file.path));
    ui.weak("does not load");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::all_data;
    use egui::accesskit::TreeUpdate;

    /// Where the variant file standing in for a loaded one lives.
    const MINE: &str = "/players/variants/my-amoeba.ron";
    /// Where the broken variant file lives.
    const BROKEN: &str = "/players/variants/broken.ron";
    /// Why the broken file does not load.
    const WHY: &str = "/players/variants/broken.ron:1:17: Unexpected end of RON";

    /// The built-in variants and two variant files: Amoeba's data read as a file's, and a file
    /// that does not load.
    fn catalogue_and_files() -> (Catalogue, VariantFiles) {
        let mut catalogue = Catalogue(all_data().expect("variant data"));
        let amoeba = Arc::new(Variant::load("amoeba", &[]).expect("Amoeba loads"));
        let mut mine = amoeba.data().clone();
        mine.id = MINE.to_string();
        mine.name = "My Amoeba".to_string();
        catalogue.0.push(mine);
        let files = VariantFiles(vec![
            VariantFile {
                path: BROKEN.to_string(),
                loaded: Err(WHY.to_string()),
            },
            VariantFile {
                path: MINE.to_string(),
                loaded: Ok(amoeba),
            },
        ]);
        (catalogue, files)
    }

    /// The list drawn in `passes` passes with the pointer at `pointer` (if some): the last
    /// pass's tree.
    fn list_tree(pointer: Option<egui::Pos2>, passes: usize) -> TreeUpdate {
        let (catalogue, files) = catalogue_and_files();
        super::super::tests::drawn_tree(egui::vec2(600.0, 3000.0), pointer, passes, |ui| {
            let shown = Shown {
                theme: BoardTheme::default(),
                scroll_to_choice: false,
            };
            let choice = &mut MenuChoice::default();
            variant_list(ui, (&catalogue, &files), &[], choice, shown);
        })
    }

    /// Every labelled node of the list, top to bottom: its label, where it stands and whether
    /// it is enabled.
    fn labelled(tree: &TreeUpdate) -> Vec<(String, egui::Rect, bool)> {
        let mut nodes: Vec<(String, egui::Rect, bool)> = tree
            .nodes
            .iter()
            .filter_map(|(_, node)| {
                let bounds = node.bounds()?;
                let rect = egui::Rect::from_min_max(
                    egui::pos2(bounds.x0 as f32, bounds.y0 as f32),
                    egui::pos2(bounds.x1 as f32, bounds.y1 as f32),
                );
                let label = node.label().or(node.value())?;
                Some((label.to_string(), rect, !node.is_disabled()))
            })
            .collect();
        nodes.sort_by(|a, b| a.1.min.y.total_cmp(&b.1.min.y));
        nodes
    }

    #[test]
    fn the_built_in_variants_come_first_then_the_files_in_the_order_found() {
        let names: Vec<String> = labelled(&list_tree(None, 2))
            .into_iter()
            .map(|(label, ..)| label)
            .collect();
        let built_in: Vec<String> = all_data()
            .expect("variant data")
            .into_iter()
            .map(|d| d.name)
            .collect();
        let files = ["broken (file)".to_string(), "My Amoeba (file)".to_string()];
        let expected: Vec<String> = built_in.into_iter().chain(files).collect();
        let listed: Vec<&String> = names.iter().filter(|n| expected.contains(n)).collect();
        assert_eq!(listed, expected.iter().collect::<Vec<_>>(), "{names:?}");
    }

    #[test]
    fn a_name_is_marked_as_a_file_s_once() {
        assert_eq!(marked("Amoeba"), "Amoeba (file)");
        assert_eq!(marked("Chess (file)"), "Chess (file)");
    }

    #[test]
    fn a_file_that_does_not_load_is_greyed_saying_why_on_hover() {
        let nodes = labelled(&list_tree(None, 2));
        let entry = |name: &str| {
            nodes
                .iter()
                .find(|(label, ..)| label == name)
                .unwrap_or_else(|| panic!("no {name} among {nodes:?}"))
                .clone()
        };
        let (_, broken, enabled) = entry("broken (file)");
        assert!(!enabled, "a broken file cannot be chosen");
        assert!(
            entry("My Amoeba (file)").2,
            "a file that loads can be chosen"
        );
        let hovered = labelled(&list_tree(Some(broken.center()), 3));
        let said = hovered.iter().any(|(text, ..)| text.contains(WHY));
        assert!(said, "the error is shown on hover: {hovered:?}");
    }
}
