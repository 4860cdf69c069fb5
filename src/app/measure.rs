//! Self-measurement for the README: time from start-up to the first frame, and frame times
//! while a game is on the board with the window redrawing continuously. Prints a summary and
//! exits.

use super::session::Command;
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// What has been measured so far.
#[derive(Resource)]
struct Measurement {
    started: Instant,
    first_frame: Option<Duration>,
    sample_for: Duration,
    sampling_since: Option<Instant>,
    frame_times: Vec<f32>,
}

/// Registers the measurement: a chess game is started, frames are timed for `seconds`.
pub fn plugin(started: Instant, seconds: f32) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(Measurement {
            started,
            first_frame: None,
            sample_for: Duration::from_secs_f32(seconds.max(1.0)),
            sampling_since: None,
            frame_times: Vec::new(),
        })
        .add_systems(Last, sample);
    }
}

fn sample(
    mut measurement: ResMut<Measurement>,
    time: Res<Time<Real>>,
    mut out: MessageWriter<Command>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(first) = measurement.first_frame else {
        measurement.first_frame = Some(measurement.started.elapsed());
        out.write(Command::Start {
            variant: "chess".into(),
            options: Vec::new(),
        });
        return;
    };
    let since = *measurement.sampling_since.get_or_insert_with(Instant::now);
    measurement.frame_times.push(time.delta_secs() * 1000.0);
    if since.elapsed() < measurement.sample_for {
        return;
    }
    let mut times = measurement.frame_times.clone();
    times.sort_by(f32::total_cmp);
    let mean = times.iter().sum::<f32>() / times.len().max(1) as f32;
    let p95 = times
        .get(times.len() * 95 / 100)
        .copied()
        .unwrap_or_default();
    println!(
        "first frame after {:.0} ms; {} frames: mean {mean:.1} ms ({:.0} fps), 95th percentile {p95:.1} ms",
        first.as_secs_f64() * 1000.0,
        times.len(),
        1000.0 / mean.max(0.001)
    );
    exit.write(AppExit::Success);
}
