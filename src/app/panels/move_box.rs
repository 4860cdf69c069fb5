//! The move box: `/` opens it in the side panel with the keyboard in it, Enter plays the turn
//! typed (readable text as the move list writes it, or canonical text), Escape closes it. While
//! typing it says which turns still fit; a text that fits several narrows the turn on the board
//! and waits for the rest, part by part. It also answers spoken commands about the position.

use super::help::keys_list;
use crate::app::shared::game::{Builder, Viewing};
use crate::app::shared::messages::Command;
use crate::app::shared::pointer::{BoardCursor, MoveEntry};
use crate::app::shared::speech::Spoken;
use crate::app::speech::announce::last_turn;
use crate::app::speech::tree::live_region;
use crate::rules::{Game, Loc, RulesExt, Side, Turn, Typed};
use bevy::a11y::AccessibilityRequested;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// How many fitting turns the box lists while typing.
const LISTED: usize = 8;

/// What the box holds between frames: the text typed, and whether it is to take the keyboard.
#[derive(Resource, Default)]
pub struct MoveBoxText {
    text: String,
    focus: bool,
}

/// The move box's state, and the announcement it answers in (shown under it as a live region
/// while the keyboard plays or a screen reader listens).
#[derive(SystemParam)]
pub struct MoveBox<'w> {
    entry: ResMut<'w, MoveEntry>,
    held: ResMut<'w, MoveBoxText>,
    spoken: ResMut<'w, Spoken>,
    cursor: Res<'w, BoardCursor>,
    viewing: Res<'w, Viewing>,
    listening: Res<'w, AccessibilityRequested>,
}

/// The commands the box understands besides turns, for its help line.
const COMMANDS: &str = "turn · pieces [side] · square e4 · attacks e4 · last";

/// What the box's field says on hover.
const FIELD_HELP: &str = "Enter plays the turn typed (or answers the question); Esc closes the \
                          box, and / opens it again";

impl MoveBox<'_> {
    /// The box in the panel, while open: its text field and what the text fits; and the last
    /// announcement while the box is open, the board has the keyboard or a screen reader
    /// listens.
    pub fn section(
        &mut self,
        ui: &mut egui::Ui,
        game: &Game,
        builder: &Builder,
        out: &mut MessageWriter<Command>,
    ) {
        if self.entry.open {
            if !self.entry.early.is_empty() {
                let early = std::mem::take(&mut self.entry.early);
                self.held.text.push_str(&early);
                self.held.focus = true;
            }
            self.field(ui, game, builder, out);
        } else {
            self.held.focus = true;
            self.keys_hint(ui);
        }
        if (self.entry.open || self.cursor.shown || self.listening.get())
            && !self.spoken.0.is_empty()
        {
            live_region(ui, &self.spoken.0);
        }
    }

    /// Where the box opens, while it is closed: a line naming the keys that play without the
    /// pointer (those of the board's cursor while it shows), every key on hover. Not while the
    /// board shows an earlier position or a line, whose notice above takes its place, so the
    /// controls under them stay put.
    fn keys_hint(&self, ui: &mut egui::Ui) {
        if !self.viewing.is_live() {
            return;
        }
        let hint = match self.cursor.shown {
            true => "Arrows: the cursor · Space, Enter: click · Tab: the panel",
            false => "Keys: / type a move · Tab board cursor",
        };
        ui.add(egui::Label::new(egui::RichText::new(hint).weak()).truncate())
            .on_hover_ui(keys_list);
    }

    /// The text field, and what Enter would do with the text typed.
    fn field(
        &mut self,
        ui: &mut egui::Ui,
        game: &Game,
        builder: &Builder,
        out: &mut MessageWriter<Command>,
    ) {
        ui.horizontal(|ui| {
            ui.label("Move:");
            let field = egui::TextEdit::singleline(&mut self.held.text)
                .hint_text("Nf3, e2e4, or a command")
                .desired_width(f32::INFINITY);
            let response = ui.add(field).on_hover_text(FIELD_HELP);
            if std::mem::take(&mut self.held.focus) {
                response.request_focus();
            }
            let (enter, escape) = ui.input(|i| {
                (
                    i.key_pressed(egui::Key::Enter),
                    i.key_pressed(egui::Key::Escape),
                )
            });
            if escape {
                self.close();
            } else if response.lost_focus() && enter {
                self.enter(game, builder, out);
            }
        });
        let line = preview(game, builder, &self.held.text);
        if self.entry.open && line != self.spoken.0 {
            ui.weak(line);
        }
    }

    /// Closes the box, forgetting its text.
    fn close(&mut self) {
        self.entry.open = false;
        self.held.text.clear();
    }

    /// Acts on the text typed: answers a command, plays the turn it names, or narrows the turn
    /// being built to the turns it fits and waits for the rest.
    fn enter(&mut self, game: &Game, builder: &Builder, out: &mut MessageWriter<Command>) {
        let text = self.held.text.trim().trim_start_matches('/').to_string();
        self.held.focus = true;
        if let Some(answer) = command(game, &text) {
            self.say(answer);
            self.held.text.clear();
            return;
        }
        match read(game, builder, &text) {
            Typed::Turn(turn) => {
                out.write(Command::Narrow(vec![turn]));
                self.close();
            }
            Typed::Candidates(turns) => {
                let listed = listing(game, &turns);
                out.write(Command::Narrow(turns));
                self.say(format!("{listed}: type the rest"));
                self.held.text.clear();
            }
            Typed::Refused(why) => self.say(why),
        }
    }

    /// Says `text` aloud (and under the box).
    fn say(&mut self, text: String) {
        self.spoken.set_if_neq(Spoken(text));
    }
}

/// What `text` names: among the turns the board's turn in progress still allows, else among
/// all the legal turns (so a text may start a turn afresh).
fn read(game: &Game, builder: &Builder, text: &str) -> Typed {
    let variant = game.variant();
    let pos = game.position();
    if game.outcome().is_some() {
        return Typed::Refused("The game is over.".into());
    }
    let narrowed = variant.read_typed(pos, builder.0.candidates(), text);
    if !matches!(narrowed, Typed::Refused(_)) || !builder.0.in_progress() {
        return narrowed;
    }
    match variant.read_typed(pos, &game.legal_turns(), text) {
        Typed::Refused(_) => narrowed,
        fresh => fresh,
    }
}

/// The line under the box while typing: what Enter would do.
fn preview(game: &Game, builder: &Builder, text: &str) -> String {
    if text.trim().is_empty() {
        return format!("Type a turn, or: {COMMANDS}");
    }
    match read(game, builder, text) {
        Typed::Turn(turn) => format!("Enter plays {}", listing(game, &[turn])),
        Typed::Candidates(turns) => listing(game, &turns),
        Typed::Refused(why) => why,
    }
}

/// The readable texts of `turns`, the first few of them.
fn listing(game: &Game, turns: &[Turn]) -> String {
    let variant = game.variant();
    let pos = game.position();
    let mut texts: Vec<String> = turns
        .iter()
        .take(LISTED)
        .map(|turn| variant.readable_turn(pos, turn))
        .collect();
    if turns.len() > LISTED {
        texts.push(format!("and {} more", turns.len() - LISTED));
    }
    texts.join(", ")
}

/// The answer to a spoken command about the position, or `None` when `text` is not one.
pub fn command(game: &Game, text: &str) -> Option<String> {
    let variant = game.variant();
    let pos = game.position();
    let mut words = text.split_whitespace();
    let first = words.next()?.to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    let square = |word: Option<&&str>| -> Result<Loc, String> {
        let word = word.ok_or("name a square, as in 'attacks e4'")?;
        Loc::parse(word)
            .filter(|loc| variant.geometry().contains(*loc))
            .ok_or_else(|| format!("'{word}' is not a square of this board"))
    };
    let answer = match first.as_str() {
        "turn" => Ok(variant.spoken_to_move(pos)),
        "pieces" => match rest.first() {
            None => Ok(Side::BOTH
                .map(|side| variant.spoken_pieces(pos, side))
                .join(". ")),
            Some(name) => side_named(game, name)
                .map(|side| variant.spoken_pieces(pos, side))
                .ok_or_else(|| format!("'{name}' is not a side of this game")),
        },
        "square" => square(rest.first()).map(|at| variant.spoken_square(pos, at)),
        "attacks" => square(rest.first()).map(|at| variant.spoken_attackers(pos, at)),
        "last" => Ok(last_turn(game).unwrap_or_else(|| "No turn has been played.".into())),
        _ => return None,
    };
    Some(answer.unwrap_or_else(|why| why))
}

/// The side whose name (as the variant calls its sides) is `name`, in any case.
fn side_named(game: &Game, name: &str) -> Option<Side> {
    let sides = &game.variant().data().sides;
    Side::BOTH
        .into_iter()
        .find(|side| sides[side.index()].eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use std::sync::Arc;

    /// A game of `variant` after `turns` (canonical text).
    fn game(variant: &str, turns: &[&str]) -> Game {
        let variant = Arc::new(Variant::load(variant, &[]).expect("variant loads"));
        let mut game = Game::new(variant);
        for text in turns {
            let turn = game
                .variant()
                .parse_turn(game.position(), text)
                .expect("legal");
            game.play(&turn).expect("plays");
        }
        game
    }

    #[test]
    fn the_spoken_commands_answer_about_the_position() {
        let game = game("chess", &["e2e4", "d7d5", "b1c3", "g8f6"]);
        let said = |text: &str| command(&game, text).expect("a command");
        assert_eq!(said("turn"), "White to move, move 3");
        assert_eq!(said("square e4"), "e4, White Pawn");
        assert_eq!(
            said("attacks e4"),
            "e4: attacked by Black Knight f6, Black Pawn d5; defended by White Knight c3"
        );
        assert!(said("pieces black").starts_with("Black: King e8; Queen d8"));
        assert!(said("Pieces").contains(". Black:"), "both sides, any case");
        assert_eq!(said("last"), "Black Knight g8 to f6");
    }

    #[test]
    fn a_bad_command_says_why_and_a_turn_is_no_command() {
        let game = game("chess", &[]);
        assert_eq!(
            command(&game, "attacks z9").as_deref(),
            Some("'z9' is not a square of this board")
        );
        assert_eq!(
            command(&game, "attacks").as_deref(),
            Some("name a square, as in 'attacks e4'")
        );
        assert_eq!(
            command(&game, "pieces purple").as_deref(),
            Some("'purple' is not a side of this game")
        );
        assert_eq!(
            command(&game, "last").as_deref(),
            Some("No turn has been played.")
        );
        assert_eq!(command(&game, "Nf3"), None);
        assert_eq!(command(&game, ""), None);
    }
}
