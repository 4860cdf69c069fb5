//! The controls several screens share: who plays a side (the menu, the editor) and the
//! settings (the menu, a game's panel).

use crate::app::shared::players::{Player, Players};
use crate::app::shared::settings::{
    AnimationSpeed, BoardTheme, BoardView, InterfaceSize, Settings,
};
use crate::app::shared::sound::SoundServer;
use crate::rules::{Level, Side};
use bevy_egui::egui;

/// Who plays `side`: a person, or the computer at one of its levels, each listed with its
/// rating in orthodox chess (measured against Stockfish: README, "How strong the levels are").
pub fn player_picker(ui: &mut egui::Ui, side: Side, players: &mut Players) {
    let player = &mut players.0[side.index()];
    let label = |player: Player| match player {
        Player::Person => "person".to_string(),
        Player::Computer(level) => format!("computer, {}", level.name()),
    };
    egui::ComboBox::from_id_salt(("player", side.index()))
        .selected_text(label(*player))
        .show_ui(ui, |ui| {
            ui.selectable_value(player, Player::Person, label(Player::Person));
            for level in Level::ALL {
                let computer = Player::Computer(level);
                let rated = format!(
                    "{} — about {} in chess",
                    label(computer),
                    level.chess_rating()
                );
                ui.selectable_value(player, computer, rated);
            }
        });
}

/// What the engine memory setting does, shown when the pointer rests on it.
const ENGINE_MEMORY_HELP: &str = "How much memory the computer uses to remember the positions \
    it has searched, kept from one turn to the next. More plays a little stronger in long \
    thinks.";

/// What checking the player's servers at start does, shown when the pointer rests on it.
const CHECK_SERVERS_HELP: &str = "When the game starts, ask each server you have joined \
    whether it is your turn in any of your games there; the menu says where it is.";

/// An amount of memory as the settings show it: `64 MiB`, `1 GiB`.
fn memory_label(mib: usize) -> String {
    if mib >= 1024 && mib.is_multiple_of(1024) {
        format!("{} GiB", mib / 1024)
    } else {
        format!("{mib} MiB")
    }
}

/// The settings' controls: the edited settings when the player changed one, else `None` (so the
/// settings are never touched, nor marked changed, by merely being shown).
pub fn settings_editor(
    ui: &mut egui::Ui,
    current: &Settings,
    sound: Option<&SoundServer>,
) -> Option<Settings> {
    let mut settings = current.clone();
    let mut changed = false;
    ui.vertical(|ui| {
        ui.horizontal_wrapped(|ui| {
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
        ui.horizontal_wrapped(|ui| {
            ui.label("board");
            for theme in BoardTheme::ALL {
                changed |= ui
                    .selectable_value(&mut settings.theme, theme, theme.label())
                    .changed();
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("interface size");
            for size in InterfaceSize::ALL {
                changed |= ui
                    .selectable_value(&mut settings.ui_scale, size, size.label())
                    .changed();
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("view (V)");
            for view in BoardView::ALL {
                changed |= ui
                    .selectable_value(&mut settings.view, view, view.label())
                    .changed();
            }
            changed |= ui
                .checkbox(&mut settings.shadows, "shadows in 3D")
                .changed();
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("engine memory").on_hover_text(ENGINE_MEMORY_HELP);
            for mib in Settings::ENGINE_MEMORY_CHOICES {
                changed |= ui
                    .selectable_value(&mut settings.engine_memory_mib, mib, memory_label(mib))
                    .on_hover_text(ENGINE_MEMORY_HELP)
                    .changed();
            }
        });
        changed |= ui
            .checkbox(&mut settings.check_servers, "check my servers at start")
            .on_hover_text(CHECK_SERVERS_HELP)
            .changed();
        ui.horizontal_wrapped(|ui| {
            changed |= ui
                .add(egui::Slider::new(&mut settings.volume, 0.0..=1.0).text("volume"))
                .changed();
            changed |= ui.checkbox(&mut settings.muted, "mute").changed();
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("sounds of");
            for (label, on) in settings.sounds.switches() {
                changed |= ui.checkbox(on, label).changed();
            }
        });
        if let Some(SoundServer::Silent(_)) = sound {
            ui.label(SoundServer::SILENT);
        }
    });
    (changed && settings != *current).then_some(settings)
}
