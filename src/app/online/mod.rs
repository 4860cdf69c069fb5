//! Play over the network, in the window: hosting a game (a server on a thread of this
//! process, which this window joins like any other player), joining one at an address, and the
//! game itself, whose every turn, clock and end come from the server. The board plays the
//! opponent's turns with their full motion through the session, like the computer's. The
//! servers joined are remembered, and may be checked at start for games where it is the
//! player's turn.

pub mod check;
pub mod link;
mod received;
pub mod servers;
mod sync;

use bevy::prelude::*;
use link::{Link, OnlineAction};

/// Registers network play.
pub fn plugin(app: &mut App) {
    use crate::app::shared::game::ActiveGame;
    use crate::app::shared::screen::{Frame, Screen};
    app.init_resource::<Link>()
        .init_resource::<link::ConnectPatience>()
        .init_resource::<servers::KnownServers>()
        .init_resource::<check::ServerChecks>()
        .add_message::<OnlineAction>()
        .add_message::<servers::ServerReached>()
        .add_systems(Startup, servers::load)
        .add_systems(PostStartup, check::begin)
        .add_systems(
            Update,
            (link::act, sync::receive, servers::remember)
                .chain()
                .in_set(Frame::Input),
        )
        .add_systems(Update, check::poll.in_set(Frame::Input))
        .add_systems(
            Update,
            sync::send_own_turn
                .run_if(resource_exists::<ActiveGame>)
                .in_set(Frame::Sync),
        )
        .add_systems(OnEnter(Screen::Menu), link::leave_table);
}
