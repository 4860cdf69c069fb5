//! The shared vocabulary of the game: the screens and the order of work in a frame, the piece
//! drawings, the game resources, the messages features send each other, the players, names,
//! clocks and settings as plain data, the pointer's and the keyboard's state, and what is said
//! aloud. No behaviour: features import it, it imports no feature. Its plugin only registers
//! these types.

pub mod clocks;
pub mod cue;
pub mod drawings;
pub mod game;
pub mod messages;
pub mod players;
pub mod pointer;
pub mod screen;
pub mod settings;
pub mod sound;
pub mod speech;
pub mod storage;
pub mod turn_builder;

use bevy::prelude::*;

/// Registers the screens, the frame's sets, the shared resources and the messages.
pub fn plugin(app: &mut App) {
    use game::{Banner, Builder, Flipped, Hint, Notice, Pending, Studying, Viewing};
    use messages::{
        AnalysisRequest, BoardReset, Command, ComputerRequest, HintFound, Refused, SquareClicked,
        SwitchView, TurnPlayed,
    };
    use screen::{Frame, InGame, Screen};
    app.init_state::<Screen>()
        .add_computed_state::<InGame>()
        .configure_sets(
            Update,
            (
                Frame::Input,
                Frame::Finish,
                Frame::Apply,
                Frame::Sync,
                Frame::Animate,
                Frame::Follow,
            )
                .chain(),
        )
        .init_resource::<Builder>()
        .init_resource::<Viewing>()
        .init_resource::<Flipped>()
        .init_resource::<Notice>()
        .init_resource::<Hint>()
        .init_resource::<Pending>()
        .init_resource::<Banner>()
        .init_resource::<Studying>()
        .init_resource::<settings::Settings>()
        .init_resource::<clocks::Clocks>()
        .init_resource::<players::Players>()
        .init_resource::<players::Names>()
        .init_resource::<pointer::Hovered>()
        .init_resource::<pointer::Dragged>()
        .init_resource::<pointer::TextEntry>()
        .init_resource::<pointer::BoardCursor>()
        .init_resource::<pointer::MoveEntry>()
        .init_resource::<speech::Spoken>()
        .add_message::<SquareClicked>()
        .add_message::<Refused>()
        .add_message::<Command>()
        .add_message::<TurnPlayed>()
        .add_message::<BoardReset>()
        .add_message::<HintFound>()
        .add_message::<ComputerRequest>()
        .add_message::<AnalysisRequest>()
        .add_message::<SwitchView>()
        .add_message::<storage::Storage>()
        .add_message::<cue::Cue>();
}
