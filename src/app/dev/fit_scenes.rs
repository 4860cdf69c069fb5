//! The window test's fit scenes: the menu, then every tab of a game's panel, then a puzzle's
//! study panel, at each interface size, in a 1280×800 window and in the smallest the game
//! allows; the size changed in the running game (one game, and one puzzle, for all of them).
//! Each is checked: every control egui drew (every
//! widget a player can click or focus, found through egui's AccessKit tree) lies whole inside
//! the window and inside what clips it, unless a scroll area cuts it off, whose scroll bar
//! brings it into view. Each scene's screenshot shows the menu, or the game's Settings tab.

use crate::app::learn::on_board::StudyAction;
use crate::app::panels::SMALLEST_WINDOW;
use crate::app::panels::game::Tab;
use crate::app::shared::messages::Command;
use crate::app::shared::players::Players;
use crate::app::shared::settings::{InterfaceSize, Settings};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};
use bevy_egui::egui::accesskit::{Action, Role, TreeUpdate};
use bevy_egui::{EguiContexts, EguiOutput, egui};
use std::collections::HashMap;

/// The window sizes the scenes are checked at, in logical pixels: the common one, then the
/// smallest the game allows.
const WINDOWS: [(&str, [f32; 2]); 2] = [("", [1280.0, 800.0]), ("small-", SMALLEST_WINDOW)];

/// The game panel's tabs in the order they are checked: the Settings tab last, for the
/// screenshot.
const TABS: [Tab; 4] = [Tab::Moves, Tab::Rules, Tab::Save, Tab::Settings];

/// What a fit scene shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Place {
    /// The menu.
    Menu,
    /// A game, its panel's every tab checked in turn, shot at the Settings tab.
    Game,
    /// A puzzle open, its study panel with its hint, solution and puzzle list.
    Study,
}

/// The places, in the order their scenes come.
const PLACES: [Place; 3] = [Place::Menu, Place::Game, Place::Study];

/// How many scenes each place has: a window and an interface size each.
const PER_PLACE: usize = WINDOWS.len() * InterfaceSize::ALL.len();

/// How many fit scenes there are.
pub const COUNT: usize = PLACES.len() * PER_PLACE;

/// The variant whose puzzles the study scenes open.
const STUDIED: &str = "fanorona-chess";

/// Fit scene `index`: where, in which window, at which size (every menu first, then every
/// game's, so one game serves all the game's scenes and one puzzle all the study's).
fn scene(index: usize) -> (Place, [f32; 2], InterfaceSize, String) {
    let sizes = InterfaceSize::ALL.len();
    let place = PLACES[index / PER_PLACE];
    let (prefix, window) = WINDOWS[index / sizes % WINDOWS.len()];
    let size = InterfaceSize::ALL[index % sizes];
    let percent = (size.factor() * 100.0).round();
    let place_name = match place {
        Place::Menu => "menu",
        Place::Game => "game",
        Place::Study => "study",
    };
    (
        place,
        window,
        size,
        format!("fit-{prefix}{place_name}-{percent}"),
    )
}

/// Whether fit scene `index` is the first of `place`'s (which opens it; the others reuse it).
fn opens(index: usize, place: Place) -> bool {
    index.is_multiple_of(PER_PLACE) && scene(index).0 == place
}

/// Fit scene `index`'s name (its screenshot's).
pub fn name(index: usize) -> String {
    scene(index).3
}

/// Where a fit scene is: the tab it checks next, and the controls seen at the last look (the
/// layout is checked once two looks in a row agree, so egui has settled at the new size).
#[derive(Resource, Default)]
pub struct FitScene {
    tab: usize,
    last: Option<Vec<Control>>,
}

/// What the fit scenes change and look at: the window, the interface size, the panel's tab and
/// what egui drew.
#[derive(SystemParam)]
pub struct FitHands<'w, 's> {
    scene: ResMut<'w, FitScene>,
    window: Query<'w, 's, (Entity, &'static mut Window), With<PrimaryWindow>>,
    resized: MessageWriter<'w, WindowResized>,
    settings: ResMut<'w, Settings>,
    tab: ResMut<'w, Tab>,
    contexts: EguiContexts<'w, 's>,
    output: Query<'w, 's, &'static EguiOutput>,
}

/// What the script does next in a fit scene.
pub enum Next {
    /// Wait for the window, the size or egui to settle.
    Wait,
    /// Everything is checked: shoot.
    Shoot,
}

/// The commands that open fit scene `index`: the menu for the first, a game for the first of
/// the game's (the others reuse what is open).
pub fn opening(index: usize) -> Vec<Command> {
    match index {
        i if opens(i, Place::Menu) => vec![Command::Menu],
        i if opens(i, Place::Game) => vec![
            Command::Start {
                variant: "chess".into(),
                options: Vec::new(),
            },
            Command::Players(Players::default()),
        ],
        _ => Vec::new(),
    }
}

/// What opens the study for fit scene `index`, as the menu opens it: puzzles for the first of
/// the study's scenes (the others reuse it).
pub fn study_opening(index: usize) -> Option<StudyAction> {
    opens(index, Place::Study).then(|| StudyAction::Puzzles(STUDIED.into()))
}

/// Sets fit scene `index`'s window and interface size, and its first tab.
///
/// The resize is announced at once as winit will announce it when the window system has done
/// it: the cameras size themselves to their window on that message, and a frame drawn for the
/// new window with a camera still sized for the old one is a render error.
pub fn begin(index: usize, hands: &mut FitHands) {
    let (_, [width, height], size, _) = scene(index);
    if let Ok((entity, mut window)) = hands.window.single_mut()
        && (window.width(), window.height()) != (width, height)
    {
        window.resolution.set(width, height);
        hands.resized.write(WindowResized {
            window: entity,
            width,
            height,
        });
    }
    hands.settings.ui_scale = size;
    *hands.tab = TABS[0];
    *hands.scene = FitScene::default();
    if let Ok(ctx) = hands.contexts.ctx_mut() {
        ctx.enable_accesskit();
    }
}

/// The next step of fit scene `index`: wait, or (the layout settled) check what is shown,
/// pushing each misfit onto `failures`, then go on to the next tab or shoot.
pub fn next(index: usize, hands: &mut FitHands, failures: &mut Vec<String>) -> Next {
    let (place, [width, height], size, name) = scene(index);
    let Ok(ctx) = hands.contexts.ctx_mut() else {
        return Next::Wait;
    };
    let window = ctx.content_rect();
    let zoomed = ctx.zoom_factor() == size.factor();
    let sized = (window.width() * size.factor() - width).abs() < 1.0
        && (window.height() * size.factor() - height).abs() < 1.0;
    let Some(tree) = hands
        .output
        .iter()
        .find_map(|output| output.platform_output.accesskit_update.as_ref())
    else {
        return Next::Wait;
    };
    if !(zoomed && sized) {
        return Next::Wait;
    }
    let (controls, bars) = controls(ctx, tree);
    if hands.scene.last.as_ref() != Some(&controls) {
        hands.scene.last = Some(controls);
        return Next::Wait;
    }
    let shown = match place {
        Place::Menu => "the menu".to_string(),
        Place::Game => format!("the {:?} tab", *hands.tab),
        Place::Study => "the study panel".to_string(),
    };
    for misfit in misfits(&controls, &bars, window) {
        failures.push(format!("{name}: in {shown}, {misfit}"));
    }
    if place == Place::Game && hands.scene.tab + 1 < TABS.len() {
        hands.scene.tab += 1;
        hands.scene.last = None;
        *hands.tab = TABS[hands.scene.tab];
        return Next::Wait;
    }
    Next::Shoot
}

/// A control as egui drew it: what it is called, its rectangle, and the part of it shown (its
/// rectangle within what clips it).
#[derive(Clone, Debug, PartialEq)]
pub struct Control {
    /// Its label, or its role when it has none.
    pub name: String,
    /// Where it is laid out, in points.
    pub rect: egui::Rect,
    /// The part of it not clipped away.
    pub shown: egui::Rect,
}

/// Every control of egui's last pass, from its AccessKit tree `tree` (a node for every widget
/// that can be clicked or focused), with egui's record of where each is; and the scroll bars'
/// rectangles.
fn controls(ctx: &egui::Context, tree: &TreeUpdate) -> (Vec<Control>, Vec<egui::Rect>) {
    let drawn = drawn_widgets(ctx);
    let mut controls = Vec::new();
    let mut bars = Vec::new();
    for (node_id, node) in &tree.nodes {
        if !node.supports_action(Action::Click) && !node.supports_action(Action::Focus) {
            continue;
        }
        let Some(response) = drawn.get(&node_id.0) else {
            continue;
        };
        if node.role() == Role::ScrollBar {
            bars.push(response.rect);
        }
        let name = node
            .label()
            .or(node.value())
            .map_or_else(|| format!("{:?}", node.role()), str::to_string);
        controls.push(Control {
            name,
            rect: response.rect,
            shown: response.interact_rect,
        });
    }
    controls.sort_by(|a, b| {
        (a.rect.min.y, a.rect.min.x)
            .partial_cmp(&(b.rect.min.y, b.rect.min.x))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    (controls, bars)
}

/// egui's record of every widget it laid out, by the value of its id (which is also its
/// AccessKit node's id): this pass's record where it has its final rectangle, else the last
/// pass's (as `egui::Context::read_response` reads them).
fn drawn_widgets(ctx: &egui::Context) -> HashMap<u64, egui::WidgetRect> {
    ctx.viewport(|viewport| {
        [&viewport.prev_pass.widgets, &viewport.this_pass.widgets]
            .into_iter()
            .flat_map(|widgets| widgets.layers().flat_map(|(_, rects)| rects.iter()))
            .filter(|widget| widget.rect.is_positive() && widget.rect.is_finite())
            .map(|widget| (widget.id.value(), *widget))
            .collect()
    })
}

/// How far, in points, a control may pass an edge (rounding).
const SLACK: f32 = 0.5;

/// The controls a player cannot wholly see, each with where it is cut: past the side of the
/// window or of what clips it (nothing scrolls sideways), or above or below what clips it where
/// no scroll area's bar (`bars`) brings it into view.
pub fn misfits(controls: &[Control], bars: &[egui::Rect], window: egui::Rect) -> Vec<String> {
    controls
        .iter()
        .filter_map(|control| {
            let (rect, shown) = (control.rect, control.shown);
            let cut_side = rect.min.x < shown.min.x.max(window.min.x) - SLACK
                || rect.max.x > shown.max.x.min(window.max.x) + SLACK;
            let cut_top = rect.min.y < shown.min.y - SLACK
                && !scrolls_to(rect, bars, |b| (b.min.y - shown.min.y).abs() <= SLACK);
            let cut_bottom = rect.max.y > shown.max.y + SLACK
                && !scrolls_to(rect, bars, |b| (b.max.y - shown.max.y).abs() <= SLACK);
            let out_of_window = !window.expand(SLACK).contains_rect(rect);
            let cut = if cut_side {
                "at the side"
            } else if cut_top {
                "at the top"
            } else if cut_bottom {
                "at the bottom"
            } else if out_of_window && !scrolls_to(rect, bars, |_| true) {
                "by the window's edge"
            } else {
                return None;
            };
            Some(format!(
                "'{}' is cut off {cut} (laid out at {:?}, shown {:?})",
                control.name, rect, shown
            ))
        })
        .collect()
}

/// Whether the scroll area `rect` lies in (the one whose bar is the nearest to its right)
/// scrolls, and its bar passes `edge`: of the bars of the column nearest its right (those
/// side by side with the nearest bar: scroll areas one above the other, each inset a little
/// differently), the bar of the area whose edge cuts it.
fn scrolls_to(rect: egui::Rect, bars: &[egui::Rect], edge: impl Fn(&egui::Rect) -> bool) -> bool {
    let right_of = |bar: &&egui::Rect| bar.max.x >= rect.min.x && bar.min.x >= rect.min.x - SLACK;
    let Some(nearest) = bars
        .iter()
        .filter(right_of)
        .min_by(|a, b| a.min.x.total_cmp(&b.min.x))
    else {
        return false;
    };
    bars.iter()
        .filter(right_of)
        .filter(|bar| bar.min.x <= nearest.max.x && bar.max.x >= nearest.min.x)
        .any(edge)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(rect: egui::Rect, clip: egui::Rect) -> Control {
        Control {
            name: "Join".into(),
            rect,
            shown: rect.intersect(clip),
        }
    }

    fn rect(x: f32, y: f32, width: f32, height: f32) -> egui::Rect {
        egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(width, height))
    }

    const WINDOW: egui::Rect = egui::Rect {
        min: egui::Pos2::ZERO,
        max: egui::pos2(800.0, 500.0),
    };

    #[test]
    fn a_control_wholly_inside_its_clip_fits() {
        let clip = rect(0.0, 0.0, 400.0, 500.0);
        assert!(misfits(&[control(rect(10.0, 10.0, 100.0, 20.0), clip)], &[], WINDOW).is_empty());
    }

    #[test]
    fn a_control_past_its_panels_side_is_cut_off() {
        let panel = rect(500.0, 0.0, 300.0, 500.0);
        let found = misfits(
            &[control(rect(700.0, 10.0, 150.0, 20.0), panel)],
            &[],
            WINDOW,
        );
        assert_eq!(found.len(), 1);
        assert!(
            found[0].contains("'Join' is cut off at the side"),
            "{found:?}"
        );
    }

    #[test]
    fn a_control_below_the_window_with_nothing_to_scroll_is_cut_off() {
        let found = misfits(
            &[control(rect(10.0, 490.0, 100.0, 20.0), WINDOW)],
            &[],
            WINDOW,
        );
        assert_eq!(found.len(), 1);
        assert!(found[0].contains("at the bottom"), "{found:?}");
    }

    #[test]
    fn a_control_a_scroll_area_cuts_off_can_be_scrolled_to() {
        let viewport = rect(0.0, 100.0, 400.0, 300.0);
        let bar = rect(390.0, 100.0, 10.0, 300.0);
        let controls = [
            control(rect(10.0, 390.0, 100.0, 20.0), viewport),
            control(rect(10.0, 600.0, 100.0, 20.0), viewport),
            control(rect(10.0, 90.0, 100.0, 20.0), viewport),
        ];
        assert!(misfits(&controls, &[bar], WINDOW).is_empty());
    }

    #[test]
    fn the_bar_of_the_area_that_cuts_a_control_reaches_it_though_another_stands_below() {
        let viewport = rect(0.0, 0.0, 400.0, 200.0);
        let foot_bar = rect(382.0, 200.0, 10.0, 200.0);
        let bar = rect(390.0, 0.0, 10.0, 200.0);
        let cut = [control(rect(10.0, 210.0, 100.0, 20.0), viewport)];
        assert!(misfits(&cut, &[foot_bar, bar], WINDOW).is_empty());
        assert_eq!(misfits(&cut, &[foot_bar], WINDOW).len(), 1);
    }

    #[test]
    fn another_columns_scroll_bar_does_not_reach_a_control() {
        let column = rect(400.0, 0.0, 400.0, 400.0);
        let left_bar = rect(390.0, 0.0, 10.0, 400.0);
        let found = misfits(
            &[control(rect(410.0, 390.0, 100.0, 20.0), column)],
            &[left_bar],
            WINDOW,
        );
        assert_eq!(found.len(), 1, "{found:?}");
    }
}
