//! The app's screens and the order of work within a frame: what every feature's systems are
//! scheduled by.

use bevy::prelude::*;

/// The app's screens.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    /// Choosing a variant and its options.
    #[default]
    Menu,
    /// A game in progress.
    Playing,
    /// A finished game, still on the board.
    GameOver,
    /// Setting up a position to start a game from.
    Editor,
}

/// Either game screen: what board entities live in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;

    /// Playing → game over (or any other change between the two) keeps the board: only
    /// entering from the menu and leaving for it rebuild the world.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: Screen) -> Option<InGame> {
        matches!(screen, Screen::Playing | Screen::GameOver).then_some(InGame)
    }
}

/// The order of work within a frame.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Frame {
    /// Read clicks and keys.
    Input,
    /// Complete a turn still playing out on the board if any input came, before it acts.
    Finish,
    /// Turn them into turns and commands, and apply those to the game.
    Apply,
    /// Bring the board's entities (and what is saved) in step with the game.
    Sync,
    /// Move what is moving.
    Animate,
    /// Follow the board as posed: the 3D view's twins and camera, the sounds of its cues.
    Follow,
}
