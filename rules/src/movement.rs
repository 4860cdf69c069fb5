//! The movement helpers every variant builds its pieces from, written once: riders (steppers and
//! sliders), leapers, hoppers and path-leapers, and the movement description of pieces that
//! capture the way they move. Each helper reports the locations a piece could go to with what
//! stands there, and the variant decides what to do with them (capture enemies, friends, or
//! nothing at all).

use super::board::Board;
use super::geometry::{Geometry, LeapTable};
use super::types::{Dir, DirSet, LOC_COUNT, Loc, Piece};

/// How far a piece goes along a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Range {
    /// One square.
    Step,
    /// Over any number of empty squares, up to and including the first piece.
    Slide,
}

/// Goes along each line in `dirs` as far as `range` allows: calls `visit(dir, to, None)` for every
/// empty square and `visit(dir, to, Some(piece))` for the first occupied one; a hole or the edge
/// ends the line.
#[inline]
pub fn ride(
    geometry: &Geometry,
    board: &Board,
    from: Loc,
    dirs: DirSet,
    range: Range,
    mut visit: impl FnMut(Dir, Loc, Option<Piece>),
) {
    for dir in dirs.iter() {
        let mut at = from;
        while let Some(to) = geometry.neighbour(at, dir) {
            if board.is_hole(to) {
                break;
            }
            let occupant = board.piece(to);
            visit(dir, to, occupant);
            if occupant.is_some() || range == Range::Step {
                break;
            }
            at = to;
        }
    }
}

/// Leaps to each target of `table` that holds a square: calls `visit(to, occupant)`.
#[inline]
pub fn leap(
    table: &LeapTable,
    board: &Board,
    from: Loc,
    mut visit: impl FnMut(Loc, Option<Piece>),
) {
    for &to in table.targets(from) {
        if !board.is_hole(to) {
            visit(to, board.piece(to));
        }
    }
}

/// A two-step path (first direction, second direction), taken along the board's lines.
pub type Path = (Dir, Dir);

/// The sixteen two-step paths that reach an orthodox knight's destinations: a diagonal step then
/// an orthogonal one continuing away, or an orthogonal step then a diagonal one. On a board where
/// diagonal lines exist only at some points (Fanorona) the neighbour table keeps exactly the
/// paths that follow lines.
pub const KNIGHT_PATHS: [Path; 16] = [
    (Dir::NE, Dir::N),
    (Dir::NE, Dir::E),
    (Dir::SE, Dir::E),
    (Dir::SE, Dir::S),
    (Dir::SW, Dir::S),
    (Dir::SW, Dir::W),
    (Dir::NW, Dir::W),
    (Dir::NW, Dir::N),
    (Dir::N, Dir::NE),
    (Dir::N, Dir::NW),
    (Dir::E, Dir::NE),
    (Dir::E, Dir::SE),
    (Dir::S, Dir::SE),
    (Dir::S, Dir::SW),
    (Dir::W, Dir::SW),
    (Dir::W, Dir::NW),
];

/// A board's two-step paths from each location, found once: each path with the point it
/// passes and the one it lands on.
#[derive(Clone, Debug)]
pub struct PathTable {
    paths: Vec<Vec<(Path, Loc, Loc)>>,
}

impl PathTable {
    /// The `paths` that `geometry`'s lines allow from each location.
    pub fn new(geometry: &Geometry, paths: &[Path]) -> PathTable {
        let mut table = vec![Vec::new(); LOC_COUNT];
        for from in geometry.inside() {
            for &(first, second) in paths {
                let via = geometry.neighbour(from, first);
                if let Some((via, to)) = via.and_then(|v| Some((v, geometry.neighbour(v, second)?)))
                {
                    table[from.index()].push(((first, second), via, to));
                }
            }
        }
        PathTable { paths: table }
    }

    /// The paths from `from`: each with the point it passes and the one it lands on.
    #[inline]
    pub fn from(&self, from: Loc) -> &[(Path, Loc, Loc)] {
        &self.paths[from.index()]
    }
}

/// Leaps along the two-step paths of `table` whose points are not holes: calls
/// `visit(path, via, to, occupant)` for each destination square.
#[inline]
pub fn path_leap(
    table: &PathTable,
    board: &Board,
    from: Loc,
    mut visit: impl FnMut(Path, Loc, Loc, Option<Piece>),
) {
    for &(path, via, to) in table.from(from) {
        if !board.is_hole(via) && !board.is_hole(to) {
            visit(path, via, to, board.piece(to));
        }
    }
}

/// How a piece captures, for pieces that capture by landing where they could move: one-step
/// directions, sliding directions, and whether it uses the variant's leap table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Movement {
    /// Directions of a single step.
    pub steps: DirSet,
    /// Directions of a slide.
    pub slides: DirSet,
    /// The variant's leap tables it leaps along: bit `i` for table `i`.
    pub leaps: u8,
}

impl Movement {
    /// No movement at all.
    pub const NONE: Movement = Movement {
        steps: DirSet::NONE,
        slides: DirSet::NONE,
        leaps: 0,
    };

    /// A piece that steps one square along each of `dirs`.
    pub const fn stepper(dirs: DirSet) -> Movement {
        Movement {
            steps: dirs,
            ..Movement::NONE
        }
    }

    /// A piece that slides along each of `dirs`.
    pub const fn slider(dirs: DirSet) -> Movement {
        Movement {
            slides: dirs,
            ..Movement::NONE
        }
    }

    /// A piece that leaps along the variant's leap tables `tables` (bit `i` for table `i`).
    pub const fn leaper(tables: u8) -> Movement {
        Movement {
            leaps: tables,
            ..Movement::NONE
        }
    }

    /// A compound piece: this movement and `other`'s.
    pub const fn and(self, other: Movement) -> Movement {
        Movement {
            steps: self.steps.union(other.steps),
            slides: self.slides.union(other.slides),
            leaps: self.leaps | other.leaps,
        }
    }

    /// Calls `visit(to, occupant)` for every location the piece reaches from `from`: steps,
    /// slides (up to and including the first piece) and leaps.
    #[inline]
    pub fn reach(
        &self,
        geometry: &Geometry,
        leaps: &[LeapTable],
        board: &Board,
        from: Loc,
        mut visit: impl FnMut(Loc, Option<Piece>),
    ) {
        for (dirs, range) in [(self.steps, Range::Step), (self.slides, Range::Slide)] {
            ride(geometry, board, from, dirs, range, |_, to, p| visit(to, p));
        }
        let mut tables = self.leaps;
        while tables != 0 {
            if let Some(table) = leaps.get(tables.trailing_zeros() as usize) {
                leap(table, board, from, &mut visit);
            }
            tables &= tables - 1;
        }
    }
}
