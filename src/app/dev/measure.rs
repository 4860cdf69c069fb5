//! Self-measurement for docs/architecture.md ("The window's speed"): time from start-up to the
//! first frame, then frame times for a number of seconds with a still game on the board (the
//! window redrawing continuously, from a few seconds into the game on, so that preparing the
//! shaders is left out), then for as long again while turns play out one after another
//! (captures first, so their effects show). Prints a summary and exits. Besides the frames'
//! wall times it prints the process's CPU time per frame (every thread's, the software
//! renderer's included), which another program's load changes far less than the wall time.

use crate::app::motion::timeline::Timeline;
use crate::app::shared::game::{ActiveGame, Builder};
use crate::app::shared::messages::{Command, SquareClicked};
use crate::app::shared::turn_builder::Part;
use crate::rules::Game;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::winit::WinitSettings;
use std::time::{Duration, Instant};

/// What has been measured so far.
#[derive(Resource)]
struct Measurement {
    started: Instant,
    first_frame: Option<Duration>,
    sample_for: Duration,
    sampling_since: Option<Instant>,
    game_since: Option<Instant>,
    still: Vec<f32>,
    animating: Vec<f32>,
    /// The CPU time the still and the animating phase took.
    cpu: [CpuSpent; 2],
}

/// The CPU time a phase has taken, from its first frame to its last.
#[derive(Clone, Copy, Default)]
struct CpuSpent {
    began: Option<Duration>,
    frames: u32,
    spent: Duration,
}

impl CpuSpent {
    /// Counts a frame of the phase.
    fn count_frame(&mut self) {
        let Some(now) = cpu_time() else {
            return;
        };
        match self.began {
            Some(began) => {
                self.frames += 1;
                self.spent = now.saturating_sub(began);
            }
            None => self.began = Some(now),
        }
    }

    /// The CPU time per frame, in words.
    fn per_frame(&self) -> String {
        if self.frames == 0 {
            return "CPU time unknown".into();
        }
        format!(
            "{:.1} ms of CPU a frame",
            self.spent.as_secs_f64() * 1000.0 / f64::from(self.frames)
        )
    }
}

/// The process's CPU time so far, every thread's, user and system (Linux's `/proc/self/stat`;
/// none elsewhere).
fn cpu_time() -> Option<Duration> {
    /// The unit of `/proc`'s times: `USER_HZ`, 100 in every Linux ABI.
    const TICKS_PER_SECOND: u64 = 100;
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields 14 and 15, counted from the state (field 3) after the command's name.
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis(
        (user + system) * 1000 / TICKS_PER_SECOND,
    ))
}

/// Registers the measurement: a chess game is started, frames are timed for `seconds` with
/// the board still and `seconds` with turns playing out.
pub fn plugin(started: Instant, seconds: f32) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(WinitSettings::game())
            .insert_resource(Measurement {
                started,
                first_frame: None,
                sample_for: Duration::from_secs_f32(seconds.max(1.0)),
                sampling_since: None,
                game_since: None,
                still: Vec::new(),
                animating: Vec::new(),
                cpu: [CpuSpent::default(); 2],
            })
            .add_systems(Last, sample);
    }
}

/// How long the game is drawn before the timing starts: the renderer prepares its shaders
/// in the background meanwhile, and frames without them cost little.
const WARM_UP: Duration = Duration::from_secs(4);

/// Median, mean and 95th percentile of frame times, in milliseconds.
fn summary(times: &[f32]) -> String {
    let mut times = times.to_vec();
    times.sort_by(f32::total_cmp);
    let mean = times.iter().sum::<f32>() / times.len().max(1) as f32;
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let p95 = times
        .get(times.len() * 95 / 100)
        .copied()
        .unwrap_or_default();
    format!(
        "{} frames: median {median:.1} ms ({:.0} fps), mean {mean:.1} ms, 95th percentile {p95:.1} ms",
        times.len(),
        1000.0 / median.max(0.001)
    )
}

/// What the measurement plays with.
#[derive(SystemParam)]
struct Player<'w> {
    timeline: Res<'w, Timeline>,
    game: Option<Res<'w, ActiveGame>>,
    builder: Res<'w, Builder>,
    clicks: MessageWriter<'w, SquareClicked>,
}

fn sample(
    mut measurement: ResMut<Measurement>,
    time: Res<Time<Real>>,
    mut player: Player,
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
    if player.game.is_none() {
        return;
    }
    if measurement
        .game_since
        .get_or_insert_with(Instant::now)
        .elapsed()
        < WARM_UP
    {
        return;
    }
    let since = *measurement.sampling_since.get_or_insert_with(Instant::now);
    let frame = time.delta_secs() * 1000.0;
    let elapsed = since.elapsed();
    let phase = usize::from(elapsed >= measurement.sample_for);
    if elapsed < measurement.sample_for * 2 {
        measurement.cpu[phase].count_frame();
    }
    if phase == 0 {
        measurement.still.push(frame);
        return;
    }
    if elapsed < measurement.sample_for * 2 {
        if player.timeline.running() {
            measurement.animating.push(frame);
        } else if let Some(game) = player.game.as_deref() {
            if game.0.outcome().is_some() {
                out.write(Command::Undo);
            } else {
                play_a_turn(&game.0, &player.builder, &mut player.clicks);
            }
        }
        return;
    }
    println!(
        "first frame after {:.0} ms; still: {}, {}; animating: {}, {}",
        first.as_secs_f64() * 1000.0,
        summary(&measurement.still),
        measurement.cpu[0].per_frame(),
        summary(&measurement.animating),
        measurement.cpu[1].per_frame(),
    );
    exit.write(AppExit::Success);
}

/// Clicks towards a turn, a capture where there is one.
fn play_a_turn(game: &Game, builder: &Builder, clicks: &mut MessageWriter<SquareClicked>) {
    let candidates = builder.0.candidates();
    let board = &game.position().board;
    let Some(turn) = candidates
        .iter()
        .find(|t| t.promotion.is_none() && board.piece(t.to).is_some())
        .or_else(|| candidates.iter().find(|t| t.promotion.is_none()))
    else {
        return;
    };
    let square = match builder.0.question() {
        Some(Part::To) => turn.to,
        _ => turn.from,
    };
    clicks.write(SquareClicked(square));
}
