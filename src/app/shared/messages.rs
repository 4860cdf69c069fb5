//! The messages features send each other: clicks on the board, requests, turns played and
//! board resets.

use super::clocks::Clocks;
use super::players::{Names, Players};
use super::turn_builder::Choice;
use crate::rules::{Event, GameRecord, Loc, Piece, Side, Turn};
use bevy::prelude::*;

/// A location of the board was clicked (or dropped on): the input every turn is built from.
#[derive(Message, Clone, Copy, Debug)]
pub struct SquareClicked(pub Loc);

/// A click on a piece that cannot move now (the opponent's, or one without a legal move): the
/// board shakes it, and the `Hint` says why.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused(pub Loc);

/// A request to the session, from the panels, the keyboard or a script.
#[derive(Message, Clone, Debug)]
pub enum Command {
    /// Start a new game of a variant with options.
    Start {
        /// The variant id.
        variant: String,
        /// The option names.
        options: Vec<String>,
    },
    /// Resume a saved game.
    Resume(GameRecord),
    /// Take back the last turn.
    Undo,
    /// Play again the last turn taken back.
    Redo,
    /// The player to move asks to resign: asked to confirm first (`Pending`).
    Resign,
    /// The players ask to agree a draw: asked to confirm first (`Pending`).
    AgreeDraw,
    /// Confirms what is `Pending`.
    Confirm,
    /// The same variant, options and start position again, sides kept.
    Rematch,
    /// Turn the board round.
    Flip,
    /// Drop the turn being built.
    CancelTurn,
    /// Answer the turn builder's question.
    Choose(Choice),
    /// Pick a piece from the hand to drop (or put it back, picked again).
    PickFromHand(Piece),
    /// Play this turn, chosen by the computer (ignored unless legal in the live position).
    Play(Turn),
    /// The turns a text typed in the move box names: the turn being built keeps only these,
    /// and is played when one is left (as the player's clicks are).
    Narrow(Vec<Turn>),
    /// Who plays each side from now on.
    Players(Players),
    /// The players' names from now on.
    Names(Names),
    /// The game's clocks from now on (a new game's, or a saved game's).
    Clocks(Clocks),
    /// `side`'s clock ran out.
    TimeOut(Side),
    /// Show an earlier position (or the live one, `None`).
    View(Option<usize>),
    /// Show the position after the first `shown` turns of `turns`, a line played from the
    /// record's position shown, without playing them (`None`, or none shown: that position
    /// again).
    Explore(Option<Explored>),
    /// Leave the game for the menu.
    Menu,
}

/// A line of turns from the record's position shown, and how many of them the board shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explored {
    /// The line, from the record's position shown.
    pub turns: Vec<Turn>,
    /// How many of its turns are played out on the board.
    pub shown: usize,
}

/// A turn was played: what happened, in order, for the view to animate.
#[derive(Message, Clone, Debug)]
pub struct TurnPlayed {
    /// The engine's account of the turn.
    pub events: Vec<Event>,
    /// Whether the turn is being taken back (an undo, or a step back through the moves): the
    /// board plays it in reverse.
    pub backwards: bool,
}

/// The position shown changed in a way that is not one turn forward (new game, undo, history):
/// the view redraws without animation.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// The computer's hint for the side to move: the turn it suggests, for the board to draw as an
/// arrow and the panel to name.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintFound(pub Turn);

/// A request to the computer opponent, from the panels or the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComputerRequest {
    /// Ask the computer for a hint for the side to move (drawn as an arrow).
    Hint,
    /// Pause (or go on with) the computer's turns, to watch it play itself.
    Pause(bool),
    /// While paused, let the computer play one turn.
    Step,
}

/// A request to the analysis board, from the panels, the keyboard or the position editor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisRequest {
    /// Turn the analysis on or off, where it is offered (not in a lesson, a puzzle or a game
    /// over the network).
    Toggle,
    /// Turn it on, for the next game (the editor's "Analyse this position").
    On,
    /// Evaluate every position of the game so far, for its graph and its mistakes.
    Review,
}

/// Switch between the 2D and the 3D view (saved with the settings).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SwitchView;
