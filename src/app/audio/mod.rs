//! The game's sounds: one short sound for each [`Cue`] ([`synth`]), played at the settings'
//! volume through a sound server ([`output`]). Without one the game is silent and says so once.

pub mod output;
mod synth;

use crate::app::shared::cue::Cue;
use crate::app::shared::screen::Frame;
use crate::app::shared::settings::Settings;
use crate::app::shared::sound::SoundServer;
use bevy::prelude::*;
use output::{Outcome, Voice};
use std::collections::HashMap;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};

/// Synthesises the sounds, starts the playback thread (unless an [`Output`] is already there, as
/// in tests) and plays one sound for each cue the board sends.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Output>() {
        let (voices, outcome) = output::start();
        app.insert_resource(Output::new(voices, outcome));
    }
    app.insert_resource(Sounds(
        synth::CUES
            .iter()
            .map(|&cue| (cue, synth::samples(cue).into()))
            .collect(),
    ))
    .init_resource::<SoundServer>()
    .add_systems(Update, (play, hear_outcome).in_set(Frame::Follow));
}

/// The sound of each cue.
#[derive(Resource)]
struct Sounds(HashMap<Cue, Arc<[i16]>>);

/// The sound of `cue`: mono 16-bit samples at 44.1 kHz.
pub fn sound(cue: Cue) -> Vec<i16> {
    synth::samples(cue)
}

/// The playback thread's ends: sounds go in, the connection's outcome comes out once.
#[derive(Resource)]
pub struct Output {
    voices: Sender<Voice>,
    outcome: Mutex<Receiver<Outcome>>,
}

impl Output {
    /// The ends of a playback thread (or of a test's channels).
    pub fn new(voices: Sender<Voice>, outcome: Receiver<Outcome>) -> Output {
        Output {
            voices,
            outcome: Mutex::new(outcome),
        }
    }
}

/// Plays each cue sent this frame once, unless muted or its sound is switched off.
fn play(
    mut cues: MessageReader<Cue>,
    settings: Res<Settings>,
    sounds: Res<Sounds>,
    output: Res<Output>,
) {
    let mut heard: Vec<Cue> = Vec::new();
    for &cue in cues.read() {
        if !heard.contains(&cue) {
            heard.push(cue);
        }
    }
    let volume = settings.volume.clamp(0.0, 1.0);
    if settings.muted || volume == 0.0 {
        return;
    }
    for cue in heard.into_iter().filter(|&cue| settings.sounds.allows(cue)) {
        let Some(samples) = sounds.0.get(&cue) else {
            continue;
        };
        // A send fails only once the thread has ended (no server): the sound is dropped.
        let _ = output.voices.send(Voice {
            samples: samples.clone(),
            volume,
        });
    }
}

/// Takes the connection's outcome when it comes, saying once (in the log) when the game is
/// silent.
fn hear_outcome(mut output: ResMut<Output>, mut server: ResMut<SoundServer>) {
    if *server != SoundServer::Connecting {
        return;
    }
    let Ok(outcome) = output.outcome.get_mut() else {
        return;
    };
    let reason = match outcome.try_recv() {
        Err(TryRecvError::Empty) => return,
        Ok(Ok(())) => {
            *server = SoundServer::Playing;
            return;
        }
        Ok(Err(reason)) => reason,
        Err(TryRecvError::Disconnected) => "the sound thread ended".to_string(),
    };
    info!("{} ({reason})", SoundServer::SILENT);
    *server = SoundServer::Silent(reason);
}
