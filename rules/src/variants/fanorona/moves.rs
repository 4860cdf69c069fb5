//! Fanorona's movement: every move of a side by the movement and capture rules (approach
//! and withdrawal), whatever it does to its own King.

use super::Fanorona;
use crate::board::Board;
use crate::geometry::Geometry;
use crate::movement::{Movement, Path, Range, path_leap, ride};
use crate::position::Reserve;
use crate::turn::{Removal, Turn};
use crate::types::{Dir, DirSet, Kind, Loc, Piece, Side};

/// How each piece moves when it may capture, in one table that move generation and both halves
/// of the check test read: its one-point steps, its slides, and (`leaps == 1`) the Knight's
/// two-step paths. The King's first-move leap and the Pawn's double step never capture, so they
/// are not here.
pub(super) const fn movement(piece: Piece) -> Movement {
    let knight = Movement::leaper(1);
    match piece.kind {
        Kind::King => Movement::stepper(DirSet::ALL),
        Kind::Queen => Movement::slider(DirSet::ALL),
        Kind::Rook => Movement::slider(DirSet::ORTHOGONAL),
        Kind::Chancellor => Movement::slider(DirSet::ORTHOGONAL).and(knight),
        Kind::Bishop => Movement::slider(DirSet::DIAGONAL),
        Kind::Knight => knight,
        Kind::Pawn => Movement::stepper(pawn_dirs(piece.side)),
        _ => Movement::NONE,
    }
}

/// Whether a move may capture: the King's leap and the Pawn's double step never do, and are
/// allowed only where they would not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kinetics {
    Capturing,
    Peaceful,
}

/// Which of a position's turns move generation looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    /// Every turn.
    All,
    /// Only the turns that take a piece or promote a Pawn.
    Noisy,
}

/// One turn as move generation finds it, lighter than a [`Turn`]: where the piece goes, what it
/// takes and what it promotes to.
#[derive(Clone, Copy)]
pub(super) struct Play {
    pub(super) from: Loc,
    pub(super) to: Loc,
    pub(super) removed: Option<Loc>,
    pub(super) promotion: Option<Piece>,
}

impl Play {
    /// The turn this play is.
    pub(super) fn turn(self) -> Turn {
        Turn::new(self.from, self.to)
            .promoting(self.promotion)
            .removing(self.removed.map(Removal::At))
    }
}

/// One move before its capture choices: where it goes and the directions of its first and last
/// steps (which decide withdrawal and approach).
#[derive(Clone, Copy)]
struct Stride {
    from: Loc,
    to: Loc,
    first: Dir,
    last: Dir,
    kinetics: Kinetics,
    /// Whether an enemy piece stands beside `from`: without one, no move from there withdraws.
    may_withdraw: bool,
}

/// The directions a Pawn of `side` steps in: straight and diagonally forward.
pub(super) const fn pawn_dirs(side: Side) -> DirSet {
    match side {
        Side::White => DirSet::of(&[Dir::N, Dir::NE, Dir::NW]),
        Side::Black => DirSet::of(&[Dir::S, Dir::SE, Dir::SW]),
    }
}

/// The rank a side's Pawns start on: the second from its own side.
fn pawn_start_rank(side: Side, geometry: &Geometry) -> u8 {
    match side {
        Side::White => 1,
        Side::Black => geometry.ranks() - 2,
    }
}

impl Fanorona {
    /// Calls `emit(play)` for every move of `side` that follows the movement and capture rules
    /// and is `wanted`, whatever it does to `side`'s own King. `leap` says whether the King may
    /// leap.
    pub(super) fn for_each_turn(
        &self,
        board: &Board,
        reserve: &Reserve,
        (side, leap): (Side, bool),
        wanted: Wanted,
        mut emit: impl FnMut(Play),
    ) {
        let geometry = &self.basics.geometry;
        let empty = geometry.inside() & !board.blockers();
        let enemies = board.occupied_by(side.opponent());
        for (from, piece) in board.pieces_of(side) {
            let may_withdraw = geometry.adjacent(from).intersects(enemies);
            let promotes =
                |to: Loc| piece.kind == Kind::Pawn && to.rank() == geometry.last_rank(side);
            let enemy_towards = |at: Loc, dir: Dir| {
                geometry
                    .neighbour(at, dir)
                    .is_some_and(|beside| enemies.contains(beside))
            };
            let mut stride = |first: Dir, last: Dir, to: Loc, kinetics: Kinetics| {
                // Looking for captures, a move with no enemy beyond its end nor behind its
                // start (and no promotion) is passed over before its captures are worked out.
                if wanted == Wanted::Noisy
                    && !(promotes(to)
                        || enemy_towards(to, last)
                        || may_withdraw && enemy_towards(from, first.opposite()))
                {
                    return;
                }
                let stride = Stride {
                    from,
                    to,
                    first,
                    last,
                    kinetics,
                    may_withdraw,
                };
                self.resolve(board, reserve, side, stride, promotes(to), &mut emit);
            };
            let mut slide_or_step = |dir: Dir, to: Loc, occupant: Option<Piece>| {
                if occupant.is_none() {
                    stride(dir, dir, to, Kinetics::Capturing);
                }
            };
            let moves = movement(piece);
            // A piece with no empty point beside it can neither step nor slide (on a crowded
            // board, most of them): only its leaps are left to look at.
            if geometry.adjacent(from).intersects(empty) {
                for (dirs, range) in [(moves.steps, Range::Step), (moves.slides, Range::Slide)] {
                    ride(geometry, board, from, dirs, range, &mut slide_or_step);
                }
            }
            let mut knight = |kinetics: Kinetics| {
                path_leap(
                    &self.knight_paths,
                    board,
                    from,
                    |(first, last): Path, _, to, occupant| {
                        if occupant.is_none() {
                            stride(first, last, to, kinetics);
                        }
                    },
                );
            };
            // The King's leap and the Pawn's double step never capture nor promote.
            if moves.leaps != 0 {
                knight(Kinetics::Capturing);
            } else if piece.kind == Kind::King && leap && wanted == Wanted::All {
                knight(Kinetics::Peaceful);
            }
            if wanted == Wanted::All
                && piece.kind == Kind::Pawn
                && self.double_step
                && from.rank() == pawn_start_rank(side, geometry)
            {
                let forward = side.forward_dir();
                let over = geometry
                    .neighbour(from, forward)
                    .filter(|l| board.is_empty(*l));
                if let Some(to) = over.and_then(|l| geometry.neighbour(l, forward))
                    && board.is_empty(to)
                {
                    stride(forward, forward, to, Kinetics::Peaceful);
                }
            }
        }
    }

    /// Turns the stride into turns: one per capture it can make (or one without capture), and
    /// one per promotion choice; a peaceful stride that would capture is no turn at all.
    fn resolve(
        &self,
        board: &Board,
        reserve: &Reserve,
        side: Side,
        stride: Stride,
        promotes: bool,
        emit: &mut impl FnMut(Play),
    ) {
        let enemy = |loc: Option<Loc>| loc.filter(|l| board.is_side(*l, side.opponent()));
        let approach = enemy(self.basics.geometry.neighbour(stride.to, stride.last));
        let withdrawal = if stride.may_withdraw {
            enemy(
                self.basics
                    .geometry
                    .neighbour(stride.from, stride.first.opposite()),
            )
        } else {
            None
        };
        let captures = [approach, withdrawal];
        let captures_any = captures.iter().any(Option::is_some);
        if stride.kinetics == Kinetics::Peaceful && captures_any {
            return;
        }
        let mut with_capture = |promotion: Option<Piece>| {
            let play = Play {
                from: stride.from,
                to: stride.to,
                removed: None,
                promotion,
            };
            if captures_any {
                for target in captures.iter().flatten() {
                    emit(Play {
                        removed: Some(*target),
                        ..play
                    });
                }
            } else {
                emit(play);
            }
        };
        if promotes {
            for kind in reserve.kinds_of(side) {
                with_capture(Some(Piece::new(kind, side)));
            }
        } else {
            with_capture(None);
        }
    }
}
