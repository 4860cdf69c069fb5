//! Learning by doing: a lesson or a puzzle is an ordinary game on the board, started from its
//! position, each turn judged by the engine (a lesson's task, a puzzle's proof), a wrong try
//! explained and taken back after its motion, the progress kept; a lesson offers only the turns
//! its course has taught. The study panel shows it.

mod lesson;
pub mod library;
pub mod on_board;
mod open;
pub mod progress;
mod puzzle;

use crate::app::shared::game::{ActiveGame, Builder};
use crate::app::shared::screen::{Frame, Screen};
use bevy::prelude::*;
use on_board::{Study, StudyAction};

/// Registers the library of courses and puzzles, the progress and the study: opening one,
/// judging each turn, and playing what the study plays itself once the board is still.
pub fn plugin(app: &mut App) {
    let studying = resource_exists::<Study>.and_then(resource_exists::<ActiveGame>);
    app.add_plugins((library::plugin, progress::plugin))
        .add_message::<StudyAction>()
        .add_systems(OnEnter(Screen::Menu), on_board::leave)
        .add_systems(Update, open::act.in_set(Frame::Input))
        .add_systems(
            Update,
            (
                lesson::judge,
                puzzle::judge,
                lesson::offer.run_if(resource_changed::<Builder>),
            )
                .run_if(studying.clone())
                .in_set(Frame::Sync),
        )
        .add_systems(
            Update,
            on_board::play_queue.run_if(studying).in_set(Frame::Follow),
        );
}
