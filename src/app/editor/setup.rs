//! The position editor: a variant's board to set up by hand — pieces put from a palette or
//! taken off, Amoeba's gaps moved, the side to move, the variant's own state (castling rights, pieces in hand,
//! counts), and a FEN box that edits the same position — and a game started from it, between
//! two people or against the computer. The editor keeps what the player set (a castling right
//! ticked stays wished for); the position it shows and starts from is that with whatever the
//! pieces do not allow dropped by the engine, so a right comes back by itself when its Rook
//! does. The engine judges every position: one it refuses is explained in a player's words and
//! cannot be started. "Analyse this position" starts it between two people with the analysis
//! on.

use crate::app::shared::clocks::Clocks;
use crate::app::shared::game::Notice;
use crate::app::shared::messages::{AnalysisRequest, Command};
use crate::app::shared::players::{Names, Players};
use crate::app::shared::screen::{Frame, Screen};
use crate::rules::{Error, GameRecord, Holes, Loc, Piece, Position, Side, StateKey, Variant};
use bevy::prelude::*;
use std::sync::Arc;

/// What a click on the editor's board does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Brush {
    /// Puts this piece there.
    Piece(Piece),
    /// Takes whatever stands there off.
    Erase,
    /// Turns a square into a gap (with whatever stood on it) or a gap into an empty square,
    /// where the variant's squares move (Amoeba).
    Gap,
}

/// A request to the editor, from its panel (or a test).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum EditorAction {
    /// Opens the editor on a variant's start position.
    Open {
        /// The variant id.
        variant: String,
        /// The option names.
        options: Vec<String>,
    },
    /// Chooses what clicks do.
    Brush(Brush),
    /// A click on a square of the editor's board.
    Click(Loc),
    /// Sets the side to move.
    SideToMove(Side),
    /// Sets one part of the variant's rule state (a right: 0 or 1; else a count).
    State(StateKey, u32),
    /// Chooses who plays each side of the game started from the position.
    Players(Players),
    /// Takes every piece off.
    Clear,
    /// The FEN box was edited: the position it describes, if the engine reads it.
    Fen(String),
    /// Starts a game from the position, with the players chosen.
    Start,
    /// Opens the position on the analysis board: a game between two people from it, with the
    /// analysis on.
    Analyse,
    /// Leaves the editor for the menu.
    Close,
}

/// The position being set up, with what the engine says of it.
#[derive(Resource, Clone)]
pub struct Editor {
    variant: Arc<Variant>,
    options: Vec<String>,
    /// The position as the player set it, rights the pieces rule out included.
    intended: Position,
    /// The position that is played: `intended` with what its pieces rule out dropped.
    position: Position,
    /// What a click does.
    pub brush: Brush,
    /// The FEN box's text: the position's FEN, or what the player is typing.
    pub fen_text: String,
    /// Why the engine refuses the position (or the FEN typed), if it does.
    pub problem: Option<Refusal>,
    /// Who plays each side of the game started from here.
    pub players: Players,
}

/// Why a position cannot be played: in a player's words, and as the FEN reader says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What to do about it, in a player's words ("Put the Black King on the board.").
    pub advice: String,
    /// The engine's one-line FEN message, naming the bad token.
    pub fen_words: String,
}

impl Refusal {
    fn of(error: &Error) -> Refusal {
        Refusal {
            advice: error
                .advice()
                .unwrap_or("The text in the FEN box is not a position of this variant.")
                .to_string(),
            fen_words: error.to_string(),
        }
    }
}

impl Editor {
    /// An editor on `variant`'s start position.
    pub fn new(variant: Arc<Variant>, options: Vec<String>) -> Editor {
        let position = *variant.start();
        let mut editor = Editor {
            variant,
            options,
            intended: position,
            position,
            brush: Brush::Erase,
            fen_text: String::new(),
            problem: None,
            players: Players::default(),
        };
        editor.judge();
        editor
    }

    /// The variant being set up.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The position as set up.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Drops what the pieces no longer allow, writes the position's FEN into the box and asks
    /// the engine whether it accepts it.
    fn judge(&mut self) {
        self.position = self.intended;
        self.variant.settle(&mut self.position);
        self.fen_text = self.variant.fen(&self.position);
        self.problem = self
            .variant
            .parse_fen(&self.fen_text)
            .err()
            .map(|e| Refusal::of(&e));
    }

    /// Applies one request; `Start` gives the game to begin when the position is accepted.
    fn act(&mut self, action: &EditorAction) -> Option<GameRecord> {
        match action {
            EditorAction::Brush(brush) => self.brush = *brush,
            EditorAction::Click(at) => {
                let board = &mut self.intended.board;
                let gap = board.is_hole(*at);
                match self.brush {
                    Brush::Gap if self.variant.holes() != Holes::Anywhere => return None,
                    Brush::Gap if gap => board.clear(*at),
                    Brush::Gap => board.make_hole(*at),
                    _ if gap => return None,
                    Brush::Piece(piece) => board.put(*at, piece),
                    Brush::Erase => board.clear(*at),
                }
                self.judge();
            }
            EditorAction::SideToMove(side) => {
                self.intended.side = *side;
                self.judge();
            }
            EditorAction::State(key, value) => {
                self.intended.set_state_value(*key, *value);
                self.judge();
            }
            EditorAction::Players(players) => self.players = *players,
            EditorAction::Clear => {
                let occupied: Vec<Loc> = self.intended.board.pieces().map(|(at, _)| at).collect();
                for at in occupied {
                    self.intended.board.clear(at);
                }
                self.judge();
            }
            EditorAction::Fen(text) => match self.variant.parse_fen(text) {
                Ok(position) => {
                    self.intended = position;
                    self.judge();
                }
                Err(e) => {
                    self.fen_text = text.clone();
                    self.problem = Some(Refusal::of(&e));
                }
            },
            EditorAction::Start | EditorAction::Analyse if self.problem.is_none() => {
                return Some(GameRecord {
                    variant: self.variant.id().to_string(),
                    options: self.options.clone(),
                    start: self.fen_text.clone(),
                    turns: Vec::new(),
                    redo: Vec::new(),
                    ending: None,
                });
            }
            EditorAction::Open { .. }
            | EditorAction::Start
            | EditorAction::Analyse
            | EditorAction::Close => {}
        }
        None
    }
}

/// Registers the editor.
pub fn plugin(app: &mut App) {
    app.add_message::<EditorAction>()
        .add_systems(Update, edit.in_set(Frame::Input));
}

fn edit(
    mut commands: Commands,
    mut actions: MessageReader<EditorAction>,
    mut editor: Option<ResMut<Editor>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut out: MessageWriter<Command>,
    mut analysis: MessageWriter<AnalysisRequest>,
    mut notice: ResMut<Notice>,
) {
    for action in actions.read() {
        match action {
            EditorAction::Open { variant, options } => match Variant::load(variant, options) {
                Ok(loaded) => {
                    let opened = Editor::new(Arc::new(loaded), options.clone());
                    editor = None;
                    commands.insert_resource(opened);
                    NextState::set_if_neq(&mut next_screen, Screen::Editor);
                }
                Err(e) => notice.0 = Some(e.to_string()),
            },
            EditorAction::Close => {
                commands.remove_resource::<Editor>();
                editor = None;
                NextState::set_if_neq(&mut next_screen, Screen::Menu);
            }
            _ => {
                let Some(editor) = editor.as_mut() else {
                    continue;
                };
                if let Some(record) = editor.act(action) {
                    let analyse = *action == EditorAction::Analyse;
                    let players = if analyse {
                        Players::default()
                    } else {
                        editor.players
                    };
                    if analyse {
                        analysis.write(AnalysisRequest::On);
                    }
                    out.write_batch([
                        Command::Resume(record),
                        Command::Players(players),
                        Command::Names(Names::default()),
                        Command::Clocks(Clocks::default()),
                    ]);
                    commands.remove_resource::<Editor>();
                }
            }
        }
    }
}
