//! Where pieces reach, as sets: per-variant tables of the board's rays and of each piece's
//! steps and leaps, built once when the variant is, so finding a piece's targets or a square's
//! attackers is a few set operations instead of a walk along the board.

use super::board::Board;
use super::geometry::{Geometry, LeapTable};
use super::movement::Movement;
use super::types::{Dir, DirSet, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};

/// How many pieces there are: both sides of every kind.
const PIECES: usize = 2 * Kind::COUNT;

/// A piece's index into per-piece tables.
#[inline]
const fn piece_index(piece: Piece) -> usize {
    piece.kind.index() * 2 + piece.side.index()
}

/// The directions going towards which raises a location's index (north, north-east, east and
/// north-west): the nearest location of a set along such a ray is its lowest.
const ASCENDING: DirSet = DirSet::of(&[Dir::N, Dir::NE, Dir::E, Dir::NW]);

/// The reach tables of one variant's board and pieces, each piece capturing by replacement as
/// the variant's movement function says.
#[derive(Clone, Debug)]
pub struct Reach {
    /// Per location and direction: the locations along the line from it, nearest first.
    rays: Box<[[LocSet; 8]; LOC_COUNT]>,
    /// Per piece and location: where its steps and leaps land, whatever stands there.
    jumps: Box<[[LocSet; LOC_COUNT]; PIECES]>,
    /// Per location: where a piece could stand to step or leap onto it.
    jumped_from: Box<[LocSet; LOC_COUNT]>,
    /// Per piece: the directions it slides along.
    slides: [DirSet; PIECES],
}

impl Reach {
    /// The tables of `geometry`, its pieces moving as `movement` says along `leaps`.
    pub fn new(
        geometry: &Geometry,
        leaps: &[LeapTable],
        movement: impl Fn(Piece) -> Movement,
    ) -> Reach {
        let mut rays = Box::new([[LocSet::EMPTY; 8]; LOC_COUNT]);
        for from in geometry.inside() {
            for dir in Dir::ALL {
                rays[from.index()][dir.index()] = geometry.ray(from, dir).collect();
            }
        }
        let mut jumps = Box::new([[LocSet::EMPTY; LOC_COUNT]; PIECES]);
        let mut jumped_from = Box::new([LocSet::EMPTY; LOC_COUNT]);
        let mut slides = [DirSet::NONE; PIECES];
        for kind in Kind::ALL {
            for side in Side::BOTH {
                let piece = Piece::new(kind, side);
                let moves = movement(piece);
                slides[piece_index(piece)] = moves.slides;
                let table = &mut jumps[piece_index(piece)];
                for from in geometry.inside() {
                    let landing: LocSet = moves
                        .steps
                        .iter()
                        .filter_map(|dir| geometry.neighbour(from, dir))
                        .chain(
                            leaps
                                .iter()
                                .enumerate()
                                .filter(|(i, _)| moves.leaps & (1 << i) != 0)
                                .flat_map(|(_, table)| table.targets(from).iter().copied()),
                        )
                        .collect();
                    table[from.index()] = landing;
                    for to in landing {
                        jumped_from[to.index()] |= from.bit();
                    }
                }
            }
        }
        Reach {
            rays,
            jumps,
            jumped_from,
            slides,
        }
    }

    /// The locations along the line from `from` towards `dir`, nearest first.
    #[inline]
    pub fn ray(&self, from: Loc, dir: Dir) -> LocSet {
        self.rays[from.index()][dir.index()]
    }

    /// The first location of `blockers` along the line from `from` towards `dir`, if any.
    #[inline]
    pub fn nearest(&self, from: Loc, dir: Dir, blockers: LocSet) -> Option<Loc> {
        let hit = self.ray(from, dir) & blockers;
        if ASCENDING.contains(dir) {
            hit.first()
        } else {
            hit.last()
        }
    }

    /// The locations from `from` towards `dir` up to and including `to`, which lies that way.
    #[inline]
    pub fn up_to(&self, from: Loc, dir: Dir, to: Loc) -> LocSet {
        self.ray(from, dir) ^ self.ray(to, dir)
    }

    /// A slide from `from` towards `dir`: the locations up to and including the first of
    /// `blockers`.
    #[inline]
    pub fn slide(&self, from: Loc, dir: Dir, blockers: LocSet) -> LocSet {
        Reach::slide_along(self.ray(from, dir), ASCENDING.contains(dir), blockers)
    }

    /// A slide along `ray`, a ray that raises the index when `ascending` and lowers it
    /// otherwise: its locations up to and including the first of `blockers`, found without a
    /// branch or a table.
    #[inline(always)]
    fn slide_along(ray: LocSet, ascending: bool, blockers: LocSet) -> LocSet {
        let hits = ray & blockers;
        if ascending {
            ray & hits.up_to_first()
        } else {
            ray & hits.from_last()
        }
    }

    /// Where a piece could stand to step or leap onto `to`.
    #[inline]
    pub fn jumped_from(&self, to: Loc) -> LocSet {
        self.jumped_from[to.index()]
    }

    /// Where `piece` on `from` lands by its steps and leaps, whatever stands there.
    #[inline]
    pub fn jumps(&self, piece: Piece, from: Loc) -> LocSet {
        self.jumps[piece_index(piece)][from.index()]
    }

    /// The directions `piece` slides along.
    #[inline]
    pub fn slides(&self, piece: Piece) -> DirSet {
        self.slides[piece_index(piece)]
    }

    /// Where `piece` on `from` could capture by replacement, slides stopping at the first of
    /// `blockers` (included, whoever it is: the caller removes its own pieces and holes).
    #[inline(always)]
    pub fn attacks(&self, piece: Piece, from: Loc, blockers: LocSet) -> LocSet {
        let slides = self.slides(piece).0;
        let rays = &self.rays[from.index()];
        let mut set = self.jumps(piece, from);
        for dir in DirSet(slides & ASCENDING.0).iter() {
            set |= Reach::slide_along(rays[dir.index()], true, blockers);
        }
        for dir in DirSet(slides & !ASCENDING.0).iter() {
            set |= Reach::slide_along(rays[dir.index()], false, blockers);
        }
        set
    }

    /// Where a hopper on `from` lands along `dirs` on `board`: on each line, the first piece
    /// beyond the first one (the screen, after empty squares), whoever each is; a hole ends a
    /// line.
    #[inline(always)]
    pub fn hops(&self, board: &Board, from: Loc, dirs: DirSet) -> LocSet {
        let blockers = board.blockers();
        let holes = board.holes();
        let mut set = LocSet::EMPTY;
        for dir in dirs.iter() {
            let target = self
                .nearest(from, dir, blockers)
                .filter(|screen| !holes.contains(*screen))
                .and_then(|screen| self.nearest(screen, dir, blockers));
            if let Some(to) = target.filter(|to| !holes.contains(*to)) {
                set |= to.bit();
            }
        }
        set
    }

    /// Whether a piece of `by` on `board` could capture on `target` by replacement, slides
    /// stopping at the first of `blockers` (which stand for the board's pieces and holes, some
    /// perhaps moved away).
    #[inline(always)]
    pub fn attacked(&self, board: &Board, target: Loc, by: Side, blockers: LocSet) -> bool {
        let enemies = board.occupied_by(by) & blockers;
        let jumper = (self.jumped_from(target) & enemies)
            .into_iter()
            .any(|at| self.jumps_onto(board, at, target));
        if jumper {
            return true;
        }
        // A loop rather than `Iterator::any`, whose closure is not always inlined and so would
        // miss the caller's bit instructions (`bits::with_bit_instructions`).
        for dir in Dir::ALL {
            if self.ray(target, dir).intersects(enemies)
                && self
                    .nearest(target, dir, blockers)
                    .is_some_and(|at| enemies.contains(at) && self.slides_onto(board, at, dir))
            {
                return true;
            }
        }
        false
    }

    /// Whether the piece on `at` steps or leaps onto `target`.
    #[inline]
    pub fn jumps_onto(&self, board: &Board, at: Loc, target: Loc) -> bool {
        board
            .piece(at)
            .is_some_and(|p| self.jumps(p, at).contains(target))
    }

    /// Whether the piece on `at`, seen from a target towards `dir`, slides back onto it.
    #[inline]
    pub fn slides_onto(&self, board: &Board, at: Loc, dir: Dir) -> bool {
        board
            .piece(at)
            .is_some_and(|p| self.slides(p).contains(dir.opposite()))
    }
}
