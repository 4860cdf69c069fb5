//! Counting the leaps of many pieces of one kind at once, for perft's last ply: where every
//! leap of a kind's moves lands at the same index offset from wherever it starts (as on a
//! rectangle, a square's index being `rank * 12 + file`), the squares all its pieces reach by
//! that leap are their set shifted by the offset, so eight Pawns' pushes cost one shift and one
//! count of bits rather than eight looks along rays.

use super::compile::{Lang, PieceRule, Zone};
use super::moves::oriented;
use super::notation::Travel;
use super::rays::ray;
use crate::geometry::Geometry;
use crate::types::{LocSet, Side};

/// One leap of an atom as index offsets: from which squares it reaches a square, the offsets
/// of the squares it passes (which must be empty: a lame leap's) and of the one it lands on.
#[derive(Clone, Debug)]
pub struct ShiftLeap {
    /// The squares the leap reaches a square from.
    pub sources: LocSet,
    /// The offsets of the squares it passes on the way.
    pub passes: Vec<i8>,
    /// The offset of the square it lands on.
    pub lands: i8,
}

impl ShiftLeap {
    /// The squares the pieces on `from` land on by this leap where `stops` (the pieces and
    /// holes) block the squares it passes: one per piece that can, so a count of them counts
    /// the moves.
    #[inline(always)]
    pub fn landings(&self, from: LocSet, stops: LocSet) -> LocSet {
        let open = self.passes.iter().fold(from & self.sources, |open, pass| {
            open & !stops.shifted(-*pass)
        });
        open.shifted(self.lands)
    }
}

/// The leaps of one atom of a kind, for one side.
#[derive(Clone, Debug)]
pub struct ShiftAtom {
    /// The atom's index in its piece's atoms.
    pub atom: usize,
    /// The squares it may start from (its `@` region's, or every square).
    pub from: LocSet,
    /// Its leaps.
    pub leaps: Vec<ShiftLeap>,
}

/// The moves of one kind of one side as shifts: every atom a leap (lame or not) that lands at
/// one offset from wherever it starts, from a region that is the same in every position.
#[derive(Clone, Debug)]
pub struct ShiftPlan {
    /// Its atoms.
    pub atoms: Vec<ShiftAtom>,
    leap_count: usize,
}

impl ShiftPlan {
    /// Whether counting `pieces` pieces by shifts costs less than one by one: one shift per
    /// leap against one look per atom and piece.
    #[inline]
    pub fn pays_for(&self, pieces: usize) -> bool {
        pieces * self.atoms.len() > self.leap_count
    }
}

impl Lang {
    /// The table behind [`Lang::shift_plan`]: per kind and side, its moves as shifts where
    /// they are leaps that can be (see [`ShiftPlan`]).
    pub fn shift_plans(&self) -> Vec<Option<ShiftPlan>> {
        let mut out = Vec::new();
        for rule in &self.pieces {
            for side in Side::BOTH {
                out.push(rule.as_ref().and_then(|rule| self.plan_of(rule, side)));
            }
        }
        out
    }

    /// The moves of `rule`'s piece of `side` as shifts, if every atom's leaps can be.
    fn plan_of(&self, rule: &PieceRule, side: Side) -> Option<ShiftPlan> {
        let geometry = &self.basics.geometry;
        let mut atoms = Vec::new();
        let mut leap_count = 0;
        for (index, (atom, zone)) in rule.atoms.iter().zip(&rule.atom_zones).enumerate() {
            if atom.travel != Travel::Leap || atom.along_lines || atom.hop {
                return None;
            }
            let from = match zone.map(|z| &self.zones[z]) {
                None => geometry.inside(),
                Some(Zone::Fixed(sets)) => sets[side.index()],
                Some(Zone::LastOfFile) => return None,
            };
            let leaps = atom
                .leaps
                .iter()
                .map(|leap| shift_leap(geometry, atom, oriented(*leap, side)))
                .collect::<Option<Vec<_>>>()?;
            leap_count += leaps.len();
            atoms.push(ShiftAtom {
                atom: index,
                from,
                leaps,
            });
        }
        Some(ShiftPlan { atoms, leap_count })
    }
}

/// `leap` of `atom` as offsets, if it passes and lands at the same offsets from every square it
/// reaches a square from.
fn shift_leap(
    geometry: &Geometry,
    atom: &super::notation::Atom,
    leap: (i8, i8),
) -> Option<ShiftLeap> {
    let mut sources = LocSet::EMPTY;
    let mut offsets: Option<Vec<i8>> = None;
    for from in geometry.inside() {
        let Some(path) = ray(geometry, atom, from, leap, false) else {
            continue;
        };
        let these: Vec<i8> = path
            .squares()
            .iter()
            .map(|to| to.index() as i8 - from.index() as i8)
            .collect();
        if offsets.get_or_insert_with(|| these.clone()) != &these {
            return None;
        }
        sources = sources.with(from);
    }
    let mut passes = offsets.unwrap_or_default();
    let lands = passes.pop().unwrap_or(0);
    Some(ShiftLeap {
        sources,
        passes,
        lands,
    })
}
