//! How long a `go` may think: its `movetime`, `depth` and `nodes` as they are, and for a game on
//! the clock a share of the side to move's time. That share is the time left over the moves
//! still to play (`movestogo`, or a guess) plus most of the increment, never more than a safe
//! part of what is left, less a margin for the GUI's own delay.

use super::command::Go;
use crate::rules::{Limits, Side};
use std::time::Duration;

/// The moves a game is guessed to have left when the GUI does not say (`movestogo`).
const MOVES_LEFT_GUESS: u32 = 30;

/// The most of the time left one move may take: one part in this many.
const SAFE_PARTS: u32 = 3;

/// The part of the increment spent on each move, in quarters.
const INCREMENT_QUARTERS: u32 = 3;

/// Kept back from every move's time for the GUI and the pipes between.
const OVERHEAD: Duration = Duration::from_millis(30);

/// The limits of `go` for `side` to move. `infinite` searches untimed (its depth and nodes
/// still hold); otherwise the tighter of `movetime` and the clock's share holds.
pub fn limits(go: &Go, side: Side) -> Limits {
    let clock = go.time_left[side.index()].map(|left| {
        share(
            left,
            go.increment[side.index()],
            go.moves_to_go.unwrap_or(MOVES_LEFT_GUESS),
        )
    });
    let time = if go.infinite {
        None
    } else {
        [go.movetime, clock].into_iter().flatten().min()
    };
    Limits {
        depth: go.depth,
        time,
        nodes: go.nodes,
    }
}

/// The time for one move with `left` on the clock, `increment` added per move and `moves`
/// (at least 1) still to play before more time comes.
fn share(left: Duration, increment: Duration, moves: u32) -> Duration {
    let planned = left / moves.max(1) + increment * INCREMENT_QUARTERS / 4;
    planned.min(left / SAFE_PARTS).saturating_sub(OVERHEAD)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(white: u64, black: u64, increment: u64) -> Go {
        Go {
            time_left: [
                Some(Duration::from_millis(white)),
                Some(Duration::from_millis(black)),
            ],
            increment: [Duration::from_millis(increment); 2],
            ..Go::default()
        }
    }

    #[test]
    fn a_move_takes_a_thirtieth_and_most_of_the_increment() {
        let go = clock(60_000, 30_000, 1_000);
        assert_eq!(
            limits(&go, Side::White).time,
            Some(Duration::from_millis(2_720))
        );
        assert_eq!(
            limits(&go, Side::Black).time,
            Some(Duration::from_millis(1_720))
        );
    }

    #[test]
    fn a_move_never_takes_more_than_a_third_of_what_is_left() {
        let last = Go {
            moves_to_go: Some(1),
            ..clock(9_000, 9_000, 0)
        };
        assert_eq!(
            limits(&last, Side::White).time,
            Some(Duration::from_millis(2_970))
        );
        let short = clock(300, 300, 5_000);
        assert_eq!(
            limits(&short, Side::White).time,
            Some(Duration::from_millis(70))
        );
        let none_left = clock(0, 0, 0);
        assert_eq!(limits(&none_left, Side::White).time, Some(Duration::ZERO));
    }

    #[test]
    fn movetime_and_the_clock_give_the_tighter_and_infinite_neither() {
        let go = Go {
            movetime: Some(Duration::from_millis(500)),
            depth: Some(9),
            ..clock(60_000, 60_000, 0)
        };
        assert_eq!(
            limits(&go, Side::White).time,
            Some(Duration::from_millis(500))
        );
        let infinite = Go {
            infinite: true,
            ..go
        };
        let limits = limits(&infinite, Side::Black);
        assert_eq!((limits.time, limits.depth), (None, Some(9)));
    }
}
