//! The board's shape: the rectangle of locations, which of them hold fixed squares, and which
//! one-step lines join them. Tables are built once per variant, so move generation only looks
//! things up.

use super::types::{Dir, LOC_COUNT, Loc, LocSet, MAX_FILES, MAX_RANKS};

const NO_LOC: u8 = u8::MAX;

/// Which steps between neighbouring locations exist.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lines {
    /// Every orthogonal and diagonal step within the rectangle (chess-like boards).
    Full,
    /// Alquerque (Fanorona) lines: orthogonal steps everywhere, diagonal steps only between
    /// strong points, the dark locations (see [`Loc::is_light`]; `a1` is strong).
    Alquerque,
}

/// The rectangle of a variant's board and its precomputed neighbour table.
#[derive(Clone, Debug)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    lines: Lines,
    /// The locations inside the rectangle.
    inside: LocSet,
    neighbours: [[u8; 8]; LOC_COUNT],
    /// Per location: its neighbours, as a set.
    adjacent: [LocSet; LOC_COUNT],
    /// Per direction: the locations with a neighbour that way.
    starts: [LocSet; 8],
    /// Per distance: the locations at least that many steps inside the rectangle's edge.
    insets: [LocSet; INSETS],
}

/// How many insets a geometry keeps: the middle of the largest rectangle is four steps in.
const INSETS: usize = (MAX_RANKS as usize).div_ceil(2);

impl Geometry {
    /// The geometry of a `files` × `ranks` rectangle (clamped to 12 × 10) joined by `lines`.
    pub fn new(files: u8, ranks: u8, lines: Lines) -> Geometry {
        let files = files.clamp(1, MAX_FILES);
        let ranks = ranks.clamp(1, MAX_RANKS);
        let mut inside = LocSet::EMPTY;
        let mut neighbours = [[NO_LOC; 8]; LOC_COUNT];
        let mut adjacent = [LocSet::EMPTY; LOC_COUNT];
        let mut starts = [LocSet::EMPTY; 8];
        let mut insets = [LocSet::EMPTY; INSETS];
        for rank in 0..ranks {
            for file in 0..files {
                let Some(loc) = Loc::new(file.into(), rank.into()) else {
                    continue;
                };
                inside |= loc.bit();
                let depth = file.min(files - 1 - file).min(rank.min(ranks - 1 - rank));
                for inset in &mut insets[..=usize::from(depth)] {
                    *inset |= loc.bit();
                }
                for dir in Dir::ALL {
                    if lines == Lines::Alquerque && dir.is_diagonal() && loc.is_light() {
                        continue;
                    }
                    let (df, dr) = dir.delta();
                    let (f, r) = (
                        i32::from(file) + i32::from(df),
                        i32::from(rank) + i32::from(dr),
                    );
                    if f >= 0
                        && r >= 0
                        && f < i32::from(files)
                        && r < i32::from(ranks)
                        && let Some(to) = Loc::new(f, r)
                    {
                        neighbours[loc.index()][dir.index()] = to.index() as u8;
                        adjacent[loc.index()] |= to.bit();
                        starts[dir.index()] |= loc.bit();
                    }
                }
            }
        }
        Geometry {
            files,
            ranks,
            lines,
            inside,
            neighbours,
            adjacent,
            starts,
            insets,
        }
    }

    /// Number of files (`a`.. ).
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks (`1`.. ).
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Which steps exist.
    pub fn lines(&self) -> Lines {
        self.lines
    }

    /// Whether `loc` lies inside the rectangle.
    pub fn contains(&self, loc: Loc) -> bool {
        self.inside.contains(loc)
    }

    /// The locations of the rectangle, as a set.
    pub fn inside(&self) -> LocSet {
        self.inside
    }

    /// The locations at least `steps` steps inside the rectangle's edge (all of them for 0).
    pub fn inset(&self, steps: usize) -> LocSet {
        self.insets.get(steps).copied().unwrap_or_default()
    }

    /// The number of steps inside the rectangle's edge that the largest inset goes.
    pub fn deepest_inset(&self) -> usize {
        INSETS - 1
    }

    /// The location of `file`, `rank` (0-based), if inside the rectangle.
    pub fn loc(&self, file: i32, rank: i32) -> Option<Loc> {
        Loc::new(file, rank).filter(|loc| self.contains(*loc))
    }

    /// The location one step from `loc` towards `dir`, if a line joins them.
    #[inline]
    pub fn neighbour(&self, loc: Loc, dir: Dir) -> Option<Loc> {
        Loc::from_index(self.neighbours[loc.index()][dir.index()].into())
    }

    /// The locations one step from `loc`, whichever way.
    #[inline]
    pub fn adjacent(&self, loc: Loc) -> LocSet {
        self.adjacent[loc.index()]
    }

    /// The locations whose neighbour towards `dir` lies in `set`: the whole set moved one step
    /// against `dir` at once, along the lines, by a shift that is fixed when `dir` is.
    #[inline]
    pub fn toward(&self, set: LocSet, dir: Dir) -> LocSet {
        let (df, dr) = dir.delta();
        set.shifted(-(df + dr * MAX_FILES as i8)) & self.starts[dir.index()]
    }

    /// Each location of `set` moved one step towards `dir` along the lines, those with no
    /// neighbour that way dropped (the lines join both ways).
    #[inline]
    pub fn moved(&self, set: LocSet, dir: Dir) -> LocSet {
        self.toward(set, dir.opposite())
    }

    /// The locations from `loc` towards `dir`, nearest first, as far as the lines go.
    pub fn ray(&self, loc: Loc, dir: Dir) -> impl Iterator<Item = Loc> + '_ {
        let mut at = loc;
        std::iter::from_fn(move || {
            at = self.neighbour(at, dir)?;
            Some(at)
        })
    }

    /// The rank index a side counts as its far rank (the opponent's first rank).
    pub fn last_rank(&self, side: super::Side) -> u8 {
        match side {
            super::Side::White => self.ranks - 1,
            super::Side::Black => 0,
        }
    }
}

/// The targets of a leaper from every location: for each location the locations reached by
/// each of a fixed list of (file, rank) offsets that stay inside the rectangle.
#[derive(Clone, Debug)]
pub struct LeapTable {
    starts: [u16; LOC_COUNT + 1],
    targets: Vec<Loc>,
}

impl LeapTable {
    /// The table of `offsets` on `geometry`.
    pub fn new(geometry: &Geometry, offsets: &[(i8, i8)]) -> LeapTable {
        let mut starts = [0u16; LOC_COUNT + 1];
        let mut targets = Vec::new();
        for (index, start) in starts.iter_mut().enumerate().take(LOC_COUNT) {
            *start = targets.len() as u16;
            let Some(from) = Loc::from_index(index).filter(|l| geometry.contains(*l)) else {
                continue;
            };
            for &(df, dr) in offsets {
                if let Some(to) = from.offset(df, dr).filter(|l| geometry.contains(*l)) {
                    targets.push(to);
                }
            }
        }
        starts[LOC_COUNT] = targets.len() as u16;
        LeapTable { starts, targets }
    }

    /// The locations a leap from `from` reaches.
    #[inline]
    pub fn targets(&self, from: Loc) -> &[Loc] {
        let i = from.index();
        &self.targets[usize::from(self.starts[i])..usize::from(self.starts[i + 1])]
    }
}

/// The orthodox knight's eight (file, rank) offsets.
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Random sets on boards of every kind, for the tests of set arithmetic.
#[cfg(test)]
pub(crate) mod samples {
    use super::*;
    use crate::search::SplitMix64;

    /// A chess board, a Fanorona board (diagonals only between strong points) and the largest
    /// rectangle (where a step off the edge must not wrap onto the next rank), each with 64
    /// random sets of its locations (about a third of them each), seeded by `seed`.
    pub(crate) fn random_sets(seed: u64) -> Vec<(Geometry, Vec<LocSet>)> {
        let mut random = SplitMix64::new(seed);
        [
            Geometry::new(8, 8, Lines::Full),
            Geometry::new(9, 5, Lines::Alquerque),
            Geometry::new(MAX_FILES, MAX_RANKS, Lines::Full),
        ]
        .into_iter()
        .map(|geometry| {
            let sets = (0..64)
                .map(|_| {
                    geometry
                        .inside()
                        .iter()
                        .filter(|_| random.below(3) == 0)
                        .collect()
                })
                .collect();
            (geometry, sets)
        })
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moving a set one step along or against a direction at once finds the same locations as
    /// looking at each location's neighbour that way, on boards of every kind.
    #[test]
    fn a_set_moved_toward_a_direction_is_its_neighbours_one_by_one() {
        for (geometry, sets) in samples::random_sets(0x70_a4d5) {
            for set in sets {
                for dir in Dir::ALL {
                    let one_by_one: LocSet = geometry
                        .inside()
                        .iter()
                        .filter(|loc| {
                            geometry
                                .neighbour(*loc, dir)
                                .is_some_and(|n| set.contains(n))
                        })
                        .collect();
                    assert_eq!(geometry.toward(set, dir), one_by_one, "{dir:?}");
                    let moved: LocSet = set
                        .iter()
                        .filter_map(|loc| geometry.neighbour(loc, dir))
                        .collect();
                    assert_eq!(geometry.moved(set, dir), moved, "{dir:?}");
                }
            }
        }
    }
}
