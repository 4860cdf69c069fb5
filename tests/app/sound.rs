//! Sound on a headless app, its output a channel the test reads: the board asks for the right
//! cue (a move, a capture, a clock's last seconds) and its sound is played, sounds switched off
//! are not played, and without a sound server the game runs on, silent, and says so.

use crate::support::*;
use oddboard::app::audio::output::{Outcome, Voice};
use oddboard::app::audio::{Output, sound};
use oddboard::app::shared::clocks::{Clocks, TimeControl};
use oddboard::app::shared::cue::Cue;
use oddboard::app::shared::settings::Settings;
use oddboard::app::shared::sound::SoundServer;
use oddboard::rules::{Capture, Side};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// The cues asked for so far.
#[derive(Resource, Default)]
struct Heard(Vec<Cue>);

fn hear(mut cues: MessageReader<Cue>, mut heard: ResMut<Heard>) {
    heard.0.extend(cues.read().copied());
}

/// A headless app with the sounds, played into the returned receiver, the sound server having
/// answered `outcome`.
fn app_with_sound(outcome: Outcome) -> (App, Receiver<Voice>) {
    let mut app = app();
    let (voices, played) = channel();
    let (answer, answered) = channel();
    answer.send(outcome).unwrap();
    app.insert_resource(Output::new(voices, answered))
        .init_resource::<Heard>()
        .add_plugins(oddboard::app::audio::plugin)
        .add_systems(Update, hear);
    app.update();
    (app, played)
}

/// The cues asked for since the last call.
fn heard(app: &mut App) -> Vec<Cue> {
    std::mem::take(&mut app.world_mut().resource_mut::<Heard>().0)
}

/// The sounds played since the last call.
fn played(voices: &Receiver<Voice>) -> Vec<Vec<i16>> {
    voices
        .try_iter()
        .map(|voice| voice.samples.to_vec())
        .collect()
}

/// Plays a turn by clicking its two squares and lets it play out.
fn play(app: &mut App, from: &str, to: &str) {
    click(app, from);
    click(app, to);
    settle(app);
}

/// Chess after 1. e4 d5, the sounds so far taken.
fn before_exd5(app: &mut App, voices: &Receiver<Voice>) {
    start(app, "chess", &[], None);
    play(app, "e2", "e4");
    play(app, "d7", "d5");
    heard(app);
    played(voices);
}

#[test]
fn a_move_and_a_capture_ask_for_their_cues_and_play_their_sounds() {
    let (mut app, voices) = app_with_sound(Ok(()));
    assert_eq!(*app.world().resource::<SoundServer>(), SoundServer::Playing);
    start(&mut app, "chess", &[], None);
    heard(&mut app);
    play(&mut app, "e2", "e4");
    assert_eq!(heard(&mut app), [Cue::Move]);
    assert_eq!(played(&voices), [sound(Cue::Move)]);
    play(&mut app, "d7", "d5");
    heard(&mut app);
    played(&voices);
    play(&mut app, "e4", "d5");
    let capture = Cue::Capture(Capture::Replacement);
    assert!(heard(&mut app).contains(&capture));
    let sounds = played(&voices);
    assert!(sounds.contains(&sound(capture)), "the capture is heard");
    assert_ne!(sound(capture), sound(Cue::Move));
}

#[test]
fn an_explosion_in_a_variant_file_is_heard_as_one() {
    let (mut app, voices) = app_with_sound(Ok(()));
    let atomic = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/atomic.ron");
    // Atomic chess after 1. Nf3 a6 2. Ne5 a5: Nxd7 blows up the Bishop, Queen and King.
    let fen = "rnbqkbnr/1ppppppp/8/p3N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 3";
    start(&mut app, atomic, &[], Some(fen));
    heard(&mut app);
    played(&voices);
    play(&mut app, "e5", "d7");
    let explosion = Cue::Capture(Capture::Explosion);
    assert!(heard(&mut app).contains(&explosion));
    assert!(
        played(&voices).contains(&sound(explosion)),
        "the explosion is heard"
    );
}

#[test]
fn a_running_clock_warns_once_a_second_in_its_last_ten_seconds() {
    let (mut app, voices) = app_with_sound(Ok(()));
    start(&mut app, "chess", &[], None);
    command(
        &mut app,
        Command::Clocks(Clocks::new(Some(TimeControl {
            base: Duration::from_secs(60),
            increment: Duration::ZERO,
            per_turn: false,
        }))),
    );
    play(&mut app, "e2", "e4");
    play(&mut app, "e7", "e5");
    assert!(
        !heard(&mut app).contains(&Cue::ClockWarning),
        "a minute left"
    );
    played(&voices);
    app.world_mut().resource_mut::<Clocks>().left[Side::White.index()] =
        Duration::from_millis(10_300);
    // 1.5 s of frames: the clock passes 10 and 9 seconds.
    for _ in 0..30 {
        app.update();
    }
    let warnings = heard(&mut app)
        .into_iter()
        .filter(|&cue| cue == Cue::ClockWarning)
        .count();
    assert_eq!(warnings, 2);
    assert_eq!(played(&voices), vec![sound(Cue::ClockWarning); 2]);
}

#[test]
fn sounds_switched_off_are_not_played() {
    let (mut app, voices) = app_with_sound(Ok(()));
    before_exd5(&mut app, &voices);
    app.world_mut().resource_mut::<Settings>().sounds.captures = false;
    play(&mut app, "e4", "d5");
    assert!(heard(&mut app).contains(&Cue::Capture(Capture::Replacement)));
    assert_eq!(played(&voices), [sound(Cue::Move)], "the move only");
    app.world_mut().resource_mut::<Settings>().muted = true;
    play(&mut app, "g8", "f6");
    assert_eq!(heard(&mut app), [Cue::Move]);
    assert!(played(&voices).is_empty(), "muted");
}

#[test]
fn without_a_sound_server_the_game_runs_on_silent_and_says_so() {
    let (mut app, _voices) = app_with_sound(Err("no sound server's socket".into()));
    assert_eq!(
        *app.world().resource::<SoundServer>(),
        SoundServer::Silent("no sound server's socket".into())
    );
    start(&mut app, "chess", &[], None);
    play(&mut app, "e2", "e4");
    play(&mut app, "e7", "e5");
    assert_eq!(game(&app).turns().len(), 2);
    assert!(matches!(
        app.world().resource::<SoundServer>(),
        SoundServer::Silent(_)
    ));
}
