//! Keys reach egui in the order they were pressed, each with the modifiers held at that moment.
//! bevy_egui's own keyboard system reads every modifier change of a frame first and gives all
//! of the frame's keys the last state: a Ctrl+A whose four key events arrive in one frame (as
//! they do while the reactive window sleeps, from a fast hand or from xdotool) saw Ctrl already
//! released and typed an "a" into the text box. This system replaces it.
//!
//! It also keeps from egui the Tab that gives the board the keyboard: egui would give its first
//! control the focus at the same moment.

use crate::app::shared::pointer::{BoardCursor, TextEntry};
use crate::app::shared::screen::InGame;
use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardFocusLost, KeyboardInput};
use bevy::prelude::*;
use bevy_egui::input::{EguiContextMessageReader, EguiInputEvent};
use bevy_egui::{EguiClipboard, EguiGlobalSettings, EguiInputSet, egui, helpers};

/// Registers the keyboard system in bevy_egui's place.
pub fn plugin(app: &mut App) {
    app.init_resource::<Held>()
        .add_systems(Startup, replace_egui_keyboard)
        .add_systems(PreUpdate, write_keys.in_set(EguiInputSet::ReadBevyMessages));
}

/// The modifier keys held, as the key events so far have left them.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    shift: bool,
    ctrl: bool,
    alt: bool,
    logo: bool,
}

impl Held {
    /// Notes a modifier key going down or up; false for any other key.
    fn note(&mut self, key: &Key, pressed: bool) -> bool {
        let held = match key {
            Key::Shift => &mut self.shift,
            Key::Control => &mut self.ctrl,
            Key::Alt => &mut self.alt,
            Key::Super | Key::Meta => &mut self.logo,
            _ => return false,
        };
        *held = pressed;
        true
    }

    /// The modifiers as egui takes them (the command key is Ctrl, or the logo key on a Mac).
    fn modifiers(self) -> egui::Modifiers {
        let mac = cfg!(target_os = "macos");
        egui::Modifiers {
            alt: self.alt,
            ctrl: self.ctrl,
            shift: self.shift,
            mac_cmd: mac && self.logo,
            command: if mac { self.logo } else { self.ctrl },
        }
    }

    /// Whether a key types its character: not under a command chord (Ctrl+Alt is AltGr, which
    /// types, outside the Mac).
    fn types(self) -> bool {
        let mac = cfg!(target_os = "macos");
        (!self.logo && !self.ctrl) || (!mac && self.ctrl && self.alt)
    }
}

fn replace_egui_keyboard(mut settings: ResMut<EguiGlobalSettings>) {
    settings
        .input_system_settings
        .run_write_keyboard_input_messages_system = false;
}

/// What tells whether a Tab is the board's: a board on the screen, its cursor hidden and no
/// control of the panel holding the keyboard.
#[derive(SystemParam)]
struct BoardTakes<'w> {
    cursor: Res<'w, BoardCursor>,
    entry: Res<'w, TextEntry>,
    in_game: Option<Res<'w, State<InGame>>>,
}

impl BoardTakes<'_> {
    /// Whether the Tab pressed now gives the board the keyboard (the board's keys see it).
    fn takes_tab(&self) -> bool {
        self.in_game.is_some() && !self.cursor.shown && !self.entry.0
    }
}

/// Passes each key event to egui in order: the character it types (if the modifiers held
/// then let it type), the key with those modifiers, and copy, cut or paste for their chords.
fn write_keys(
    mut keys: EguiContextMessageReader<KeyboardInput>,
    board: BoardTakes,
    mut focus_lost: MessageReader<KeyboardFocusLost>,
    mut held: ResMut<Held>,
    mut clipboard: Option<ResMut<EguiClipboard>>,
    mut out: MessageWriter<EguiInputEvent>,
) {
    if focus_lost.read().count() > 0 {
        *held = Held::default();
    }
    for (message, context) in keys.read_with_non_window_focused(|message| message.window) {
        let pressed = message.state == ButtonState::Pressed;
        held.note(&message.logical_key, pressed);
        if pressed && message.logical_key == Key::Tab && board.takes_tab() {
            continue;
        }
        let mut send = |event| {
            out.write(EguiInputEvent { context, event });
        };
        if pressed && held.types() {
            match &message.logical_key {
                Key::Character(text) if !text.chars().any(char::is_control) => {
                    send(egui::Event::Text(text.to_string()));
                }
                Key::Space => send(egui::Event::Text(" ".to_string())),
                _ => {}
            }
        }
        let physical_key = helpers::bevy_to_egui_physical_key(&message.key_code);
        let Some(key) = helpers::bevy_to_egui_key(&message.logical_key).or(physical_key) else {
            continue;
        };
        let modifiers = held.modifiers();
        send(egui::Event::Key {
            key,
            pressed,
            repeat: false,
            modifiers,
            physical_key,
        });
        if pressed && modifiers.command {
            match key {
                egui::Key::C => send(egui::Event::Copy),
                egui::Key::X => send(egui::Event::Cut),
                egui::Key::V => {
                    if let Some(text) = clipboard.as_mut().and_then(|c| c.get_text()) {
                        send(egui::Event::Text(text));
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chord_typed_within_one_frame_keeps_its_modifier_for_its_key() {
        let mut held = Held::default();
        held.note(&Key::Control, true);
        assert!(!held.types(), "Ctrl+A selects: it types nothing");
        assert!(held.modifiers().command);
        held.note(&Key::Control, false);
        assert!(held.types());
    }

    #[test]
    fn altgr_types_outside_the_mac() {
        let mut held = Held::default();
        held.note(&Key::Control, true);
        held.note(&Key::Alt, true);
        assert_eq!(held.types(), !cfg!(target_os = "macos"));
    }
}
