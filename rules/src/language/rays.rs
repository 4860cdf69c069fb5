//! The squares each atom's leaps pass, worked out once from the board's geometry: per side and
//! starting square, one ray per leap, so a move or an attack is followed by looking squares up
//! rather than by stepping offsets. Holes belong to the position and are looked at in play.

use super::moves::{oriented, straight, unit_dir};
use super::notation::{Atom, Travel, bent_first_step};
use crate::geometry::Geometry;
use crate::types::{Dir, LOC_COUNT, Loc, LocSet, MAX_FILES, Side};

/// The most squares a ray passes: no line of the board is longer.
const MAX_RAY: usize = MAX_FILES as usize;

/// The squares one leap of an atom passes from a square, in order: a leaper's one square, a
/// lame leaper's path (its last square the target), a rider's line up to the edge or its range.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// The direction of a one-step leap (for approach and withdrawal), if it is one.
    pub dir: Option<Dir>,
    len: u8,
    squares: [Loc; MAX_RAY],
    /// The squares as a set.
    set: LocSet,
    /// Whether the squares go up in index from the start (a line's squares go one way).
    ascending: bool,
}

impl Ray {
    /// The squares, nearest first.
    #[inline]
    pub fn squares(&self) -> &[Loc] {
        &self.squares[..usize::from(self.len)]
    }

    /// Whether one of `set` stands on the ray.
    #[inline]
    pub fn meets(&self, set: LocSet) -> bool {
        self.set.intersects(set)
    }

    /// Adds `at` after the ray's last square.
    fn push(&mut self, at: Loc) {
        self.squares[usize::from(self.len)] = at;
        self.len += 1;
        self.set = self.set.with(at);
    }

    /// The squares the ray lets a move reach where `stops` (the pieces and holes) end it: a
    /// rider's up to and including the first stop, a leap's last square where no stop comes
    /// before it.
    #[inline(always)]
    pub fn reach(&self, stops: LocSet, rides: bool) -> LocSet {
        let stopped = self.set & stops;
        if rides {
            return self.set
                & if self.ascending {
                    stopped.up_to_first()
                } else {
                    stopped.from_last()
                };
        }
        let to = self.squares[usize::from(self.len) - 1];
        if stopped.without(to).is_empty() {
            to.bit()
        } else {
            LocSet::EMPTY
        }
    }

    /// The square a hopper along the ray could land on by capture where `stops` (the pieces
    /// and holes, of which `holes` the holes) stand: the first stop past the first, where
    /// neither is a hole.
    #[inline]
    pub fn beyond_screen(&self, stops: LocSet, holes: LocSet) -> LocSet {
        let stopped = self.set & stops;
        let nearest = |set: LocSet| {
            if self.ascending {
                set.lowest()
            } else {
                set.highest()
            }
        };
        let screen = nearest(stopped);
        let landing = nearest(stopped & !screen);
        if (screen | landing).intersects(holes) {
            LocSet::EMPTY
        } else {
            landing
        }
    }
}

/// An atom's rays from every square, for both sides (see [`Ray`]); none for an atom that
/// reaches anywhere or along the board's lines, which follow their own tables.
#[derive(Clone, Debug)]
pub struct Rays {
    /// Per side and square (`side * LOC_COUNT + index`), where its rays begin in `rays`; one
    /// more entry ends the last.
    starts: Vec<u16>,
    rays: Vec<Ray>,
    /// Per side and square (indexed as `starts`), every square its rays pass.
    spans: Vec<LocSet>,
    /// Whether the rays from each square share no square, so the squares they reach may be
    /// counted as one set.
    disjoint: bool,
    /// For a lame atom with bent leaps (`nN`), the rays looked along backwards from a target
    /// (indexed as `rays`): each leap's source last, the square that lames it before; absent
    /// where they are the rays themselves.
    back: Option<Vec<Ray>>,
}

impl Rays {
    /// The rays of `atom` on `geometry`.
    pub fn new(geometry: &Geometry, atom: &Atom) -> Rays {
        let mut starts = Vec::with_capacity(2 * LOC_COUNT + 1);
        let mut rays = Vec::new();
        let mut disjoint = true;
        let mut spans = vec![LocSet::EMPTY; 2 * LOC_COUNT];
        let bent = atom.lame
            && atom.travel == Travel::Leap
            && atom.leaps.iter().any(|l| bent_first_step(*l).is_some());
        let mut back = Vec::new();
        for side in Side::BOTH {
            for index in 0..LOC_COUNT {
                starts.push(rays.len() as u16);
                let Some(from) = Loc::from_index(index).filter(|l| geometry.contains(*l)) else {
                    continue;
                };
                if atom.travel == Travel::Anywhere || atom.along_lines {
                    continue;
                }
                let first = rays.len();
                for &leap in &atom.leaps {
                    let leap = oriented(leap, side);
                    let forward = ray(geometry, atom, from, leap, false);
                    if bent && forward.is_some() {
                        back.extend(ray(geometry, atom, from, leap, true));
                    }
                    rays.extend(forward);
                }
                let mut seen = LocSet::EMPTY;
                for ray in &rays[first..] {
                    disjoint &= (seen & ray.set).is_empty();
                    seen |= ray.set;
                }
                spans[side.index() * LOC_COUNT + index] = seen;
            }
        }
        starts.push(rays.len() as u16);
        Rays {
            starts,
            rays,
            spans,
            disjoint,
            back: bent.then_some(back),
        }
    }

    /// The rays of `side`'s atom from `at` for finding what could leap onto `at` (each leap
    /// turned back, as [`Rays::from`] for the other side), with the squares that lame each leap
    /// as seen from its source.
    #[inline]
    pub fn turned_back(&self, side: Side, at: Loc) -> &[Ray] {
        let i = side.index() * LOC_COUNT + at.index();
        let range = usize::from(self.starts[i])..usize::from(self.starts[i + 1]);
        match &self.back {
            Some(back) => &back[range],
            None => &self.rays[range],
        }
    }

    /// Every square the rays of `side`'s atom from `from` pass.
    #[inline]
    pub fn span(&self, side: Side, from: Loc) -> LocSet {
        self.spans[side.index() * LOC_COUNT + from.index()]
    }

    /// Whether the rays from each square share no square, so the squares they reach may be
    /// counted as one set.
    #[inline]
    pub fn disjoint(&self) -> bool {
        self.disjoint
    }

    /// The rays of `side`'s atom from `from`, in the atom's leap order.
    #[inline]
    pub fn from(&self, side: Side, from: Loc) -> &[Ray] {
        let i = side.index() * LOC_COUNT + from.index();
        &self.rays[usize::from(self.starts[i])..usize::from(self.starts[i + 1])]
    }
}

/// The ray of `atom`'s oriented `leap` from `from`, if it reaches a square; `back`: the ray for
/// looking backwards, where a bent lame leap's laming square lies next to the far end.
pub(super) fn ray(
    geometry: &Geometry,
    atom: &Atom,
    from: Loc,
    leap: (i8, i8),
    back: bool,
) -> Option<Ray> {
    let mut out = Ray {
        dir: unit_dir(leap),
        len: 0,
        squares: [from; MAX_RAY],
        set: LocSet::EMPTY,
        ascending: false,
    };
    let mut at = from;
    match atom.travel {
        Travel::Leap => match straight(leap).filter(|_| atom.lame) {
            Some((dir, n)) => {
                for _ in 0..n {
                    at = geometry.neighbour(at, dir)?;
                    out.push(at);
                }
                out.dir = Some(dir);
            }
            None => {
                let to = step(geometry, at, leap)?;
                if let Some(first) = bent_first_step(leap).filter(|_| atom.lame) {
                    let (df, dr) = if back {
                        (leap.0 - first.0, leap.1 - first.1)
                    } else {
                        first
                    };
                    out.push(at.offset(df, dr)?);
                }
                out.push(to);
            }
        },
        Travel::Ride => {
            while let Some(next) = step(geometry, at, leap) {
                if (atom.range != 0 && out.len >= atom.range) || usize::from(out.len) == MAX_RAY {
                    break;
                }
                at = next;
                out.push(at);
            }
        }
        Travel::Anywhere => {}
    }
    out.ascending = out.squares[0].index() > from.index();
    (out.len > 0).then_some(out)
}

/// One step of `leap` from `at` on the bare board: along the board's lines for a one-step
/// leap, else by offset.
fn step(geometry: &Geometry, at: Loc, leap: (i8, i8)) -> Option<Loc> {
    match unit_dir(leap) {
        Some(dir) => geometry.neighbour(at, dir),
        None => at.offset(leap.0, leap.1).filter(|l| geometry.contains(*l)),
    }
}

/// The squares along each of the board's eight lines from every square, as sets: a royal
/// piece's guard finds its pins and the checks it could block by looking along them.
#[derive(Clone, Debug)]
pub struct LineSets {
    /// Per direction and square (`dir * LOC_COUNT + index`), the line up to the board's edge.
    lines: Vec<Line>,
}

/// One line from a square up to the board's edge, as a set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Line {
    set: LocSet,
    /// Whether the squares go up in index from the start.
    ascending: bool,
}

impl Line {
    /// The squares of the line up to and including the first of `stops` (all of it where none
    /// stands on it).
    #[inline]
    pub fn up_to(&self, stops: LocSet) -> LocSet {
        let stopped = self.set & stops;
        self.set
            & if self.ascending {
                stopped.up_to_first()
            } else {
                stopped.from_last()
            }
    }

    /// Whether one of `set` stands on the line.
    #[inline]
    pub fn meets(&self, set: LocSet) -> bool {
        self.set.intersects(set)
    }

    /// The first of `stops` along the line, if one stands on it.
    #[inline]
    pub fn first(&self, stops: LocSet) -> Option<Loc> {
        let stopped = self.set & stops;
        if self.ascending {
            stopped.first()
        } else {
            stopped.last()
        }
    }
}

impl LineSets {
    /// The lines of `geometry` (each step along its lines, as [`Geometry::neighbour`] takes
    /// it).
    pub fn new(geometry: &Geometry) -> LineSets {
        let mut lines = vec![Line::default(); 8 * LOC_COUNT];
        for dir in Dir::ALL {
            for from in geometry.inside() {
                let mut line = Line::default();
                let mut at = from;
                while let Some(next) = geometry.neighbour(at, dir) {
                    line.ascending = next.index() > from.index();
                    line.set = line.set.with(next);
                    at = next;
                }
                lines[dir.index() * LOC_COUNT + from.index()] = line;
            }
        }
        LineSets { lines }
    }

    /// The line from `from` along `dir`.
    #[inline]
    pub fn from(&self, from: Loc, dir: Dir) -> &Line {
        &self.lines[dir.index() * LOC_COUNT + from.index()]
    }
}
