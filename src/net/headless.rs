//! The headless Bevy app that a server and each connection run: no window, no renderer, the
//! protocol registered, and every schedule on one thread (a few systems a frame: a thread pool's
//! hand-offs would cost more than the work, at two hundred frames a second).

use super::wire;
use bevy::app::ScheduleRunnerPlugin;
use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetChannelsExt, RepliconRenetPlugins};
use std::time::Duration;

/// A headless app with replicon over renet and the protocol, updated every `frame` when run.
pub fn app(frame: Duration) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(frame)),
        StatesPlugin,
        RepliconPlugins,
        RepliconRenetPlugins,
        wire::plugin,
    ));
    app
}

/// renet's connection settings for `app`'s replicon channels (the same on both ends).
pub fn connection_config(app: &App) -> ConnectionConfig {
    let channels = app.world().resource::<RepliconChannels>();
    ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..default()
    }
}

/// Puts every schedule of `app` on one thread; called once all its systems are added.
pub fn single_threaded(app: &mut App) {
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}
