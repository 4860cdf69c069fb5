//! The sound test (`play --sound-test`): with sound on at full volume, a quiet move and then a
//! capture, two seconds apart, for `.ci/sound` to record from the sound server and measure;
//! then it exits, non-zero when no sound server answered or a turn could not be played.

use crate::app::shared::game::ActiveGame;
use crate::app::shared::messages::Command;
use crate::app::shared::settings::Settings;
use crate::app::shared::sound::SoundServer;
use crate::rules::GameRecord;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// Chess after 1. e4 d5: White's knight makes a quiet move, then Black takes the pawn on e4.
const FEN: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

/// The turns and when each is played, from the game's start.
const TURNS: [(Duration, &str); 2] = [
    (Duration::from_secs(1), "g1f3"),
    (Duration::from_secs(3), "d5e4"),
];

/// When the test ends, from the game's start: the capture's sound has long ended.
const END: Duration = Duration::from_secs(5);

/// Plays the sound test, redrawing continuously so its turns keep their times.
pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::Continuous,
        unfocused_mode: UpdateMode::Continuous,
    })
    .add_systems(Update, run);
}

/// Where the test is: waiting for the sound server, or the time the game started.
#[derive(Default)]
struct Progress {
    started: Option<Duration>,
    played: usize,
}

/// Once the sound server has answered, starts the game with sound on, plays each turn at its
/// time and exits at [`END`].
fn run(
    time: Res<Time<Real>>,
    server: Res<SoundServer>,
    game: Option<Res<ActiveGame>>,
    mut settings: ResMut<Settings>,
    mut progress: Local<Progress>,
    mut out: MessageWriter<Command>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = time.elapsed();
    let Some(started) = progress.started else {
        match &*server {
            SoundServer::Connecting => {}
            SoundServer::Playing => {
                settings.muted = false;
                settings.volume = 1.0;
                out.write(Command::Resume(GameRecord {
                    variant: "chess".into(),
                    options: Vec::new(),
                    start: FEN.into(),
                    turns: Vec::new(),
                    redo: Vec::new(),
                    ending: None,
                }));
                progress.started = Some(now);
            }
            SoundServer::Silent(reason) => {
                error!("sound test: {} ({reason})", SoundServer::SILENT);
                exit.write(AppExit::error());
            }
        }
        return;
    };
    let since = now.saturating_sub(started);
    if let Some(&(at, text)) = TURNS.get(progress.played)
        && since >= at
    {
        let Some(game) = game else {
            error!("sound test: no game on the board");
            exit.write(AppExit::error());
            return;
        };
        match game.0.variant().parse_turn(game.0.position(), text) {
            Ok(turn) => {
                info!("sound test: {text} at {:.2} s", since.as_secs_f32());
                out.write(Command::Play(turn));
                progress.played += 1;
            }
            Err(error) => {
                error!("sound test: {text}: {error}");
                exit.write(AppExit::error());
            }
        }
    } else if since >= END {
        info!("sound test: done");
        exit.write(AppExit::Success);
    }
}
