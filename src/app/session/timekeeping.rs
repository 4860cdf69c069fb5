//! Timekeeping, the systems that run the game's clocks (their data is `shared::clocks`): a time
//! control chosen for a new game, each side's time running only while it is to move, from its
//! second turn on (its first is free, as on lichess), and the game is on the board, the increment
//! after each turn, and the flag: a side whose time runs out loses. A running clock wakes the
//! reactive window a few times a second so it is seen to run; a still game with no clock lets the
//! window sleep.

use crate::app::shared::clocks::{Clocks, TENTHS_UNDER};
use crate::app::shared::cue::Cue;
use crate::app::shared::game::ActiveGame;
use crate::app::shared::messages::Command;
use crate::app::shared::screen::{Frame, Screen};
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// Registers the clocks.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            increment.run_if(resource_exists_and_changed::<ActiveGame>),
            run_down
                .run_if(in_state(Screen::Playing))
                .run_if(resource_exists::<ActiveGame>),
            wake_while_running
                .run_if(resource_exists::<ActiveGame>.and_then(resource_exists::<WinitSettings>)),
        )
            .chain()
            .in_set(Frame::Apply),
    );
}

/// After each turn played (one more than before: not a look back, an undo or a game loaded),
/// the side that played gets its increment.
fn increment(game: Res<ActiveGame>, mut clocks: ResMut<Clocks>, mut plies: Local<usize>) {
    let played = game.0.turns().len();
    if played == *plies + 1 {
        clocks.turn_played(game.0.position().side.opponent());
    }
    *plies = played;
}

/// The clock of the side to move runs down while the game is on the board, once both sides
/// have played a turn; when it reaches zero that side loses on time. It reads real time: the game's own clock caps each frame's
/// step, and a sleeping window's frames are a second apart.
fn run_down(
    time: Res<Time<Real>>,
    game: Res<ActiveGame>,
    mut clocks: ResMut<Clocks>,
    mut out: MessageWriter<Command>,
    mut cues: MessageWriter<Cue>,
) {
    let Some(side) = clocks.running(&game.0) else {
        return;
    };
    let left = &mut clocks.left[side.index()];
    let before = *left;
    *left = left.saturating_sub(time.delta());
    if left.is_zero() {
        out.write(Command::TimeOut(side));
    } else if warns(before, *left) {
        cues.write(Cue::ClockWarning);
    }
}

/// Whether a clock running down from `before` to `after` passed one of its last ten seconds
/// (the clock's warning: 10, 9 … 1 seconds left).
fn warns(before: Duration, after: Duration) -> bool {
    let whole = |left: Duration| left.as_millis().div_ceil(1000);
    whole(after) < whole(before) && whole(after) <= WARNED_SECONDS
}

/// The last seconds of a clock that each sound a warning.
const WARNED_SECONDS: u128 = 10;

/// While a clock runs, the reactive window wakes every second (every tenth under
/// [`TENTHS_UNDER`]); once none runs the window's own settings are back. The wait changes only
/// at those two moments: winit redraws at once whenever it changes.
fn wake_while_running(
    clocks: Res<Clocks>,
    game: Res<ActiveGame>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<WinitSettings>,
    mut own: Local<Option<WinitSettings>>,
) {
    let running = clocks
        .running(&game.0)
        .filter(|_| *screen.get() == Screen::Playing)
        .map(|side| clocks.left(side));
    match running {
        Some(left) => {
            own.get_or_insert_with(|| settings.clone());
            let tick = UpdateMode::reactive(face_step(left));
            if settings.focused_mode != tick || settings.unfocused_mode != tick {
                settings.focused_mode = tick;
                settings.unfocused_mode = tick;
            }
        }
        None => {
            if let Some(own) = own.take() {
                *settings = own;
            }
        }
    }
}

/// The least change a clock with `left` shows: a second, or a tenth under [`TENTHS_UNDER`].
fn face_step(left: Duration) -> Duration {
    if left < TENTHS_UNDER {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    }
}
