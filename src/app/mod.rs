//! The graphical game (Bevy, bevy_egui). The rules engine is the authority: this only shows
//! the game, turns clicks into the engine's legal turns, and animates what the engine says
//! happened. One plugin per concern, registered here.

pub mod analysis;
pub mod art;
pub mod audio;
pub mod board;
#[cfg(feature = "dev")]
mod dev;
pub mod editor;
mod icon;
pub mod learn;
pub mod motion;
pub mod online;
mod panels;
pub mod session;
pub mod shared;
pub mod speech;
pub mod storage;
pub mod view3d;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

/// The longest the window sleeps without input or a request for a frame.
const IDLE_WAIT: std::time::Duration = std::time::Duration::from_secs(3600);

/// How the game is started.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Open in this view rather than the one in the settings.
    pub view: Option<shared::settings::BoardView>,
    /// Run the scripted window test, writing screenshots into this directory.
    #[cfg(feature = "dev")]
    pub window_test: Option<std::path::PathBuf>,
    /// Measure start-up and frame times for this many seconds, print them and exit.
    #[cfg(feature = "dev")]
    pub measure: Option<f32>,
    /// Play the sound test: a quiet move, then a capture, with sound on; then exit.
    #[cfg(feature = "dev")]
    pub sound_test: bool,
}

/// Opens the game window and runs until it is closed.
pub fn run(launch: Launch) -> AppExit {
    #[cfg(feature = "dev")]
    let started = std::time::Instant::now();
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Oddboard".into(),
                    resolution: (1200, 800).into(),
                    resize_constraints: bevy::window::WindowResizeConstraints {
                        min_width: panels::SMALLEST_WINDOW[0],
                        min_height: panels::SMALLEST_WINDOW[1],
                        ..default()
                    },
                    ..default()
                }),
                ..default()
            })
            // Shaders compiled in the frame that first needs them: the reactive window draws
            // no frame when a pipeline compiled in the background becomes ready, so the 3D
            // board, switched to, would stay half drawn until the next input.
            .set(bevy::render::RenderPlugin {
                synchronous_pipeline_compilation: true,
                ..default()
            })
            // No prepass and no deferred lighting: the 3D view uses neither.
            .set(bevy::pbr::PbrPlugin {
                prepass_enabled: false,
                add_default_deferred_lighting_plugin: false,
                ..default()
            }),
    )
    .add_plugins(bevy_egui::EguiPlugin::default())
    // Reactive: a frame only on input or when asked (animations, clocks, the computer's
    // answer). No periodic wake-up: a 3D frame on a software renderer costs a second of CPU.
    .insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    })
    .insert_resource(storage::saves::DataDir::from_environment())
    .add_plugins((
        game_plugins,
        board::camera::plugin,
        board::picking::plugin,
        panels::plugin,
        editor::window_plugin,
        speech::window_plugin,
        view3d::window_plugin,
        icon::plugin,
    ));
    app.add_plugins(audio::plugin);
    if let Some(view) = launch.view {
        app.add_systems(
            PostStartup,
            move |mut settings: ResMut<shared::settings::Settings>| {
                settings.view = view;
            },
        );
    }
    #[cfg(feature = "dev")]
    dev::add_tools(&mut app, launch, started);
    app.run()
}

/// Every plugin of the game that needs no window: the shared types, the session, the board,
/// motion, art, storage, the editor, the 3D view's twins, the lessons and puzzles, network
/// play, the analysis board and what is said aloud. Headless tests add these to
/// `MinimalPlugins`.
pub fn game_plugins(app: &mut App) {
    app.add_plugins((
        shared::plugin,
        session::plugin,
        art::plugin,
        board::plugin,
        motion::plugin,
        storage::plugin,
        editor::plugin,
        view3d::plugin,
        learn::plugin,
        online::plugin,
        analysis::plugin,
        speech::plugin,
    ));
}
