//! The one way a test waits for another thread, a socket or a process: look again and again
//! until what is awaited shows, and fail naming it once a deadline has passed. The deadline is
//! a bound against a wait that never ends, never a measure of speed: no test asserts on how
//! long anything took. Each test binary includes this file with
//! `#[path = "../support/wait.rs"] mod wait;`.

use std::time::{Duration, Instant};

/// How long a wait may take before its test fails, however loaded the machine.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// How long a wait sleeps between two looks, leaving the cores to the threads it waits for.
const POLL: Duration = Duration::from_millis(2);

/// Calls `look` until it gives something, and returns that; panics naming `what` once
/// `deadline` has passed since the wait began without it.
pub fn wait_for<T>(what: &str, deadline: Duration, mut look: impl FnMut() -> Option<T>) -> T {
    let began = Instant::now();
    loop {
        if let Some(found) = look() {
            return found;
        }
        if began.elapsed() >= deadline {
            panic!("waited {deadline:?} for {what}");
        }
        std::thread::sleep(POLL);
    }
}
