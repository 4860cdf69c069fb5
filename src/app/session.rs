//! The game session: the authoritative `Game` as a resource, the app's screens as states, and
//! the messages that change them. Turns reach the rules only here: clicks go through the turn
//! builder, which only ever picks among the engine's legal turns.

use super::turn_builder::{Choice, Progress, TurnBuilder};
use crate::rules::{Event, Game, GameRecord, Loc, Variant};
use bevy::prelude::*;
use std::sync::Arc;

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
}

/// Either game screen: what board entities live in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<InGame> {
        matches!(screen, Screen::Playing | Screen::GameOver).then_some(InGame)
    }
}

/// The game being played: the one authority on the position.
#[derive(Resource, Clone)]
pub struct ActiveGame(pub Game);

/// The turn the player is building.
#[derive(Resource, Default, Clone)]
pub struct Builder(pub TurnBuilder);

/// Which position the board shows: the live one, or an earlier one from the move list.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Viewing {
    /// The ply shown (0: the start), or `None` for the live position.
    pub ply: Option<usize>,
}

/// Whether the board is seen from the second player's side.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flipped(pub bool);

/// A location of the board was clicked (or dropped on): the input every turn is built from.
#[derive(Message, Clone, Copy, Debug)]
pub struct SquareClicked(pub Loc);

/// A request from the panels, the keyboard or a script.
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
    /// The player to move resigns.
    Resign,
    /// The players agree to a draw.
    AgreeDraw,
    /// Turn the board round.
    Flip,
    /// Drop the turn being built.
    CancelTurn,
    /// Answer the turn builder's question.
    Choose(Choice),
    /// Show an earlier position (or the live one, `None`).
    View(Option<usize>),
    /// Leave the game for the menu.
    Menu,
}

/// A turn was played: what happened, in order, for the view to animate.
#[derive(Message, Clone, Debug)]
pub struct TurnPlayed {
    /// The engine's account of the turn.
    pub events: Vec<Event>,
}

/// The position shown changed in a way that is not one turn forward (new game, undo, history):
/// the view redraws without animation.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// A problem to show the player (a save that could not be read, …).
#[derive(Resource, Default, Clone, Debug)]
pub struct Notice(pub Option<String>);

/// The order of work within a frame.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Frame {
    /// Read clicks and keys.
    Input,
    /// Turn them into turns and commands, and apply those to the game.
    Apply,
    /// Bring the board's entities in step with the game.
    Sync,
    /// Move what is moving.
    Animate,
}

/// Registers the session's states, resources, messages and systems.
pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<InGame>()
        .init_resource::<Builder>()
        .init_resource::<Viewing>()
        .init_resource::<Flipped>()
        .init_resource::<Notice>()
        .add_message::<SquareClicked>()
        .add_message::<Command>()
        .add_message::<TurnPlayed>()
        .add_message::<BoardReset>()
        .configure_sets(
            Update,
            (Frame::Input, Frame::Apply, Frame::Sync, Frame::Animate).chain(),
        )
        .add_systems(
            Update,
            (apply_commands, apply_clicks).chain().in_set(Frame::Apply),
        );
}

/// A fresh turn builder over the live position's legal turns.
pub fn builder_for(game: &Game) -> TurnBuilder {
    TurnBuilder::new(game.legal_turns())
}

fn apply_clicks(
    mut clicks: MessageReader<SquareClicked>,
    game: Option<ResMut<ActiveGame>>,
    mut builder: ResMut<Builder>,
    viewing: Res<Viewing>,
    mut played: MessageWriter<TurnPlayed>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some(mut game) = game else {
        clicks.clear();
        return;
    };
    for SquareClicked(square) in clicks.read() {
        if viewing.ply.is_some() {
            continue;
        }
        let mut progress = builder.0.click(*square);
        if progress == Progress::Ignored && builder.0.in_progress() {
            builder.0.cancel();
            progress = builder.0.click(*square);
        }
        finish(
            progress,
            &mut game,
            &mut builder,
            &mut played,
            &mut next_screen,
        );
    }
}

/// Plays a completed turn and readies the next one.
fn finish(
    progress: Progress,
    game: &mut ActiveGame,
    builder: &mut Builder,
    played: &mut MessageWriter<TurnPlayed>,
    next_screen: &mut NextState<Screen>,
) {
    let Progress::Complete(turn) = progress else {
        return;
    };
    if let Ok(events) = game.0.play(&turn) {
        played.write(TurnPlayed { events });
    }
    builder.0 = builder_for(&game.0);
    if game.0.outcome().is_some() {
        next_screen.set(Screen::GameOver);
    }
}

#[allow(clippy::too_many_arguments)]
fn apply_commands(
    mut commands_in: MessageReader<Command>,
    mut commands: Commands,
    game: Option<ResMut<ActiveGame>>,
    mut builder: ResMut<Builder>,
    mut viewing: ResMut<Viewing>,
    mut flipped: ResMut<Flipped>,
    mut notice: ResMut<Notice>,
    mut played: MessageWriter<TurnPlayed>,
    mut reset: MessageWriter<BoardReset>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let mut game = game;
    for command in commands_in.read() {
        match command {
            Command::Start { .. } | Command::Resume(_) => {
                let loaded = match command {
                    Command::Start { variant, options } => {
                        Variant::load(variant, options).map(|v| Game::new(Arc::new(v)))
                    }
                    Command::Resume(record) => Game::from_record(record),
                    _ => continue,
                };
                match loaded {
                    Ok(new) => {
                        start(
                            &mut commands,
                            &mut builder,
                            &mut viewing,
                            &mut next_screen,
                            new,
                        );
                        game = None;
                        reset.write(BoardReset);
                    }
                    Err(e) => notice.0 = Some(e.to_string()),
                }
            }
            Command::Flip => {
                flipped.0 = !flipped.0;
                reset.write(BoardReset);
            }
            Command::Menu => next_screen.set(Screen::Menu),
            Command::View(ply) => {
                viewing.ply = *ply;
                reset.write(BoardReset);
            }
            Command::CancelTurn => builder.0.cancel(),
            _ => {
                let Some(game) = game.as_mut() else {
                    continue;
                };
                match command {
                    Command::Undo => {
                        if game.0.undo() {
                            reset.write(BoardReset);
                        }
                    }
                    Command::Redo => {
                        if let Some(events) = game.0.redo() {
                            played.write(TurnPlayed { events });
                        }
                    }
                    Command::Resign => {
                        let side = game.0.position().side;
                        game.0.resign(side);
                    }
                    Command::AgreeDraw => game.0.agree_draw(),
                    Command::Choose(choice) => {
                        let progress = builder.0.choose(*choice);
                        finish(progress, game, &mut builder, &mut played, &mut next_screen);
                        continue;
                    }
                    _ => continue,
                }
                viewing.ply = None;
                builder.0 = builder_for(&game.0);
                next_screen.set(if game.0.outcome().is_some() {
                    Screen::GameOver
                } else {
                    Screen::Playing
                });
            }
        }
    }
}

fn start(
    commands: &mut Commands,
    builder: &mut Builder,
    viewing: &mut Viewing,
    next_screen: &mut NextState<Screen>,
    game: Game,
) {
    builder.0 = builder_for(&game);
    viewing.ply = None;
    next_screen.set(if game.outcome().is_some() {
        Screen::GameOver
    } else {
        Screen::Playing
    });
    commands.insert_resource(ActiveGame(game));
}
