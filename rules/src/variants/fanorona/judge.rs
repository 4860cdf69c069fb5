//! Fanorona's judgement beyond material: each piece's placement and the threats it makes.

use super::super::terms;
use super::moves::movement;
use super::{Fanorona, KINDS};
use crate::board::Board;
use crate::geometry::Geometry;
use crate::types::{Dir, DirSet, Kind, LocSet, Piece, Side};

/// One side's pieces by the directions they step or slide in: every piece's steps and slides
/// together are the four orthogonal directions, the four diagonal ones, all eight, none (the
/// Knight), or the Pawn's three forward.
#[derive(Default)]
struct Movers {
    orthogonal: LocSet,
    diagonal: LocSet,
    pawns: LocSet,
    pawn_dirs: DirSet,
}

impl Movers {
    /// `side`'s pieces on `board`, by the directions they move in.
    #[inline(always)]
    fn of(board: &Board, side: Side) -> Movers {
        let mut movers = Movers::default();
        for kind in KINDS {
            let piece = Piece::new(kind, side);
            let moves = movement(piece);
            let dirs = moves.steps.union(moves.slides);
            let locs = board.locs_of(piece);
            if kind == Kind::Pawn {
                movers.pawns = locs;
                movers.pawn_dirs = dirs;
            } else {
                if dirs.contains(Dir::N) {
                    movers.orthogonal |= locs;
                }
                if dirs.contains(Dir::NE) {
                    movers.diagonal |= locs;
                }
            }
        }
        movers
    }

    /// The pieces that step or slide towards `dir`.
    #[inline(always)]
    fn towards(&self, dir: Dir) -> LocSet {
        let lines = if dir.is_diagonal() {
            self.diagonal
        } else {
            self.orthogonal
        };
        if self.pawn_dirs.contains(dir) {
            lines | self.pawns
        } else {
            lines
        }
    }
}

/// The board as one side's threats read it, per direction: the points whose neighbour that
/// way is empty, and those whose neighbour that way is an enemy.
struct ThreatBoard<'a> {
    geometry: &'a Geometry,
    before_empty: &'a [LocSet; 8],
    before_enemy: [LocSet; 8],
}

impl ThreatBoard<'_> {
    /// How many threats `movers` make towards the direction of index `D` (a constant, so the
    /// sets move by a fixed shift): pieces that could step there onto an empty point with an
    /// enemy beyond it (approach) or right behind them (withdrawal).
    #[inline(always)]
    fn threats<const D: usize>(&self, movers: &Movers) -> i32 {
        let dir = Dir::from_index(D);
        let beyond = self.geometry.toward(self.before_enemy[D], dir);
        let behind = self.before_enemy[dir.opposite().index()];
        (movers.towards(dir) & self.before_empty[D] & (beyond | behind)).len() as i32
    }
}

/// The locations whose neighbour towards each direction (in [`Dir::ALL`]'s order) lies in
/// `set`, each moved by a fixed shift.
#[inline(always)]
fn toward_each(geometry: &Geometry, set: LocSet) -> [LocSet; 8] {
    [
        geometry.toward(set, Dir::ALL[0]),
        geometry.toward(set, Dir::ALL[1]),
        geometry.toward(set, Dir::ALL[2]),
        geometry.toward(set, Dir::ALL[3]),
        geometry.toward(set, Dir::ALL[4]),
        geometry.toward(set, Dir::ALL[5]),
        geometry.toward(set, Dir::ALL[6]),
        geometry.toward(set, Dir::ALL[7]),
    ]
}

impl Fanorona {
    /// [`SearchHints::positional`] for the first player: each piece's placement, and 8 for each
    /// threat it makes. Inlined into [`SearchHints::positional`]'s bit instructions.
    ///
    /// [`SearchHints::positional`]: crate::search_hints::SearchHints::positional
    #[inline(always)]
    pub(super) fn placement_and_threats(&self, board: &Board) -> i32 {
        let geometry = &self.basics.geometry;
        let before_empty = toward_each(geometry, geometry.inside() & !board.blockers());
        let mut sum = 0;
        for side in Side::BOTH {
            let movers = Movers::of(board, side);
            let others = board.occupied_by(side) & !movers.pawns & !board.kings_of(side);
            let placed = 5 * terms::progress_of(geometry, movers.pawns, side)
                + 3 * terms::centrality_of(geometry, others);
            let lines = ThreatBoard {
                geometry,
                before_empty: &before_empty,
                before_enemy: toward_each(geometry, board.occupied_by(side.opponent())),
            };
            let threats = lines.threats::<0>(&movers)
                + lines.threats::<1>(&movers)
                + lines.threats::<2>(&movers)
                + lines.threats::<3>(&movers)
                + lines.threats::<4>(&movers)
                + lines.threats::<5>(&movers)
                + lines.threats::<6>(&movers)
                + lines.threats::<7>(&movers);
            sum += terms::for_white(side, placed + 8 * threats);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::super::moves::pawn_dirs;
    use super::*;
    use crate::rules::RulesExt;
    use crate::search::SplitMix64;
    use crate::types::Loc;
    use crate::variant::Variant;

    /// The judgement's threats sort pieces by their lines ([`Movers`]): each piece's steps and
    /// slides together are all the orthogonal directions or none, all the diagonal ones or
    /// none, except the Pawn's three forward.
    #[test]
    fn every_piece_moves_along_whole_classes_of_lines() {
        for kind in KINDS {
            for side in Side::BOTH {
                let moves = movement(Piece::new(kind, side));
                let dirs = moves.steps.union(moves.slides);
                if kind == Kind::Pawn {
                    assert_eq!(dirs, pawn_dirs(side));
                    continue;
                }
                for class in [DirSet::ORTHOGONAL, DirSet::DIAGONAL] {
                    let part = dirs.0 & class.0;
                    assert!(part == 0 || part == class.0, "{kind:?} {side:?}");
                }
            }
        }
    }

    /// The judgement's threats, counted a direction at a time over whole sets, are those a
    /// walk from each piece along each of its lines finds: an empty point next to it with an
    /// enemy beyond (approach) or an enemy right behind it (withdrawal). In the positions of
    /// random games of both boards.
    #[test]
    fn threats_counted_set_wise_are_those_found_piece_by_piece() {
        let mut random = SplitMix64::new(0x7e_a75);
        for id in ["fanorona-chess", "double-fanorona-chess"] {
            let variant = Variant::load(id, &[]).expect("the variant loads");
            let rules = Fanorona::new(variant.data().clone(), variant.options().clone())
                .expect("the rules build");
            let geometry = &rules.basics.geometry;
            for _ in 0..8 {
                let mut pos = *variant.start();
                for _ in 0..100 {
                    let board = &pos.board;
                    let walked = terms::sum_for_white(board, |loc, piece| {
                        let enemy = piece.side.opponent();
                        let enemy_at = |from: Loc, towards: Dir| {
                            geometry
                                .neighbour(from, towards)
                                .is_some_and(|l| board.is_side(l, enemy))
                        };
                        let moves = movement(piece);
                        let threats = moves
                            .steps
                            .union(moves.slides)
                            .iter()
                            .filter(|dir| {
                                geometry.neighbour(loc, *dir).is_some_and(|to| {
                                    board.is_empty(to)
                                        && (enemy_at(to, *dir) || enemy_at(loc, dir.opposite()))
                                })
                            })
                            .count() as i32;
                        let placed = match piece.kind {
                            Kind::Pawn => 5 * terms::progress(geometry, loc, piece.side),
                            Kind::King => 0,
                            _ => 3 * terms::centrality(geometry, loc),
                        };
                        8 * threats + placed
                    });
                    assert_eq!(
                        rules.placement_and_threats(board),
                        walked,
                        "{}",
                        variant.fen(&pos)
                    );
                    let listed = variant.legal_turns(&pos);
                    if listed.is_empty() {
                        break;
                    }
                    pos = variant.play_unchecked(&pos, &listed[random.below(listed.len())]);
                }
            }
        }
    }
}
