//! Playing a move that captures by replacement: the step most variants' turns are built on.

use super::board::Board;
use super::event::{Capture, Event, Recorder};
use super::types::{Loc, Piece};

/// Moves the piece on `from` to `to`, capturing by replacement whatever stands there, and turns
/// it into `promotion` if one is given, recording each step. Returns the piece captured.
pub fn land(
    board: &mut Board,
    from: Loc,
    to: Loc,
    promotion: Option<Piece>,
    rec: &mut impl Recorder,
) -> Option<Piece> {
    let piece = board.piece(from)?;
    let victim = board.piece(to);
    if let Some(victim) = victim {
        rec.record(|| Event::Captured {
            piece: victim,
            at: to,
            how: Capture::Replacement,
        });
    }
    rec.record(|| Event::Moved {
        piece,
        path: vec![from, to],
    });
    board.move_piece(from, to);
    if let Some(promoted) = promotion {
        rec.record(|| Event::Promoted {
            at: to,
            from: piece,
            to: promoted,
        });
        board.put(to, promoted);
    }
    victim
}
