//! A piece's moves from a square, as its notation and the file's capture rules give them: each
//! a candidate with what it captures, before promotion and the turn's other parts.

use super::compile::Lang;
use super::notation::{Atom, Travel};
use super::rays::Rays;
use super::schema::CaptureMode;
use crate::board::{Board, Content};
use crate::position::Position;
use crate::turn::Removal;
use crate::types::{Dir, Loc, Piece, Side};

/// One way a piece may move: from, to, and the piece its `x` part removes (approach or
/// withdrawal), if any. Replacement and en passant follow from the squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Where the piece starts.
    pub from: Loc,
    /// Where it ends.
    pub to: Loc,
    /// The piece taken by approach or withdrawal.
    pub removal: Option<Removal>,
}

/// A destination an atom reaches, before the capture rules: where, the first and last steps'
/// directions (for approach and withdrawal), the point passed by a two-step move, and whether
/// a hop was made.
#[derive(Clone, Copy)]
struct Reach {
    to: Loc,
    first: Option<Dir>,
    last: Option<Dir>,
    hopped: bool,
}

/// The oriented leap for `side`: the second player's turned half a circle.
#[inline]
pub fn oriented((df, dr): (i8, i8), side: Side) -> (i8, i8) {
    match side {
        Side::White => (df, dr),
        Side::Black => (-df, -dr),
    }
}

/// The direction of a one-step leap.
#[inline]
pub fn unit_dir(leap: (i8, i8)) -> Option<Dir> {
    Some(match leap {
        (0, 1) => Dir::N,
        (1, 1) => Dir::NE,
        (1, 0) => Dir::E,
        (1, -1) => Dir::SE,
        (0, -1) => Dir::S,
        (-1, -1) => Dir::SW,
        (-1, 0) => Dir::W,
        (-1, 1) => Dir::NW,
        _ => return None,
    })
}

/// The unit direction and count of a leap straight along a line (`D` is two `W`s).
#[inline]
pub fn straight((df, dr): (i8, i8)) -> Option<(Dir, i8)> {
    let n = df.abs().max(dr.abs());
    if n == 0 || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    Some((unit_dir((df / n, dr / n))?, n))
}

impl Lang {
    /// Calls `visit` with each destination `atom` (whose rays are `rays`) reaches from `from`
    /// for `side`.
    fn reaches(
        &self,
        board: &Board,
        from: Loc,
        side: Side,
        atom: &Atom,
        rays: &Rays,
        mut visit: impl FnMut(Reach, Option<Piece>),
    ) {
        let plain = |to: Loc, dir: Option<Dir>| Reach {
            to,
            first: dir,
            last: dir,
            hopped: false,
        };
        match atom.travel {
            Travel::Anywhere => {
                for to in self.basics.geometry.inside() {
                    if to != from && !board.is_hole(to) {
                        visit(plain(to, None), board.piece(to));
                    }
                }
            }
            Travel::Leap if atom.along_lines => {
                for &((first, second), via, to) in self.paths.from(from) {
                    let delta = (
                        to.file() as i8 - from.file() as i8,
                        to.rank() as i8 - from.rank() as i8,
                    );
                    let wanted = atom.leaps.iter().any(|l| oriented(*l, side) == delta);
                    if wanted && !board.is_hole(via) && !board.is_hole(to) {
                        let reach = Reach {
                            to,
                            first: Some(first),
                            last: Some(second),
                            hopped: false,
                        };
                        visit(reach, board.piece(to));
                    }
                }
            }
            Travel::Leap => {
                for ray in rays.from(side, from) {
                    let Some((&to, between)) = ray.squares().split_last() else {
                        continue;
                    };
                    let occupant = match board.content(to) {
                        Content::Hole => continue,
                        Content::Empty => None,
                        Content::Occupied(piece) => Some(piece),
                    };
                    if between.iter().all(|l| board.is_empty(*l)) {
                        visit(plain(to, ray.dir), occupant);
                    }
                }
            }
            Travel::Ride => {
                for ray in rays.from(side, from) {
                    let mut hopped = false;
                    for &to in ray.squares() {
                        let occupant = match board.content(to) {
                            Content::Hole => break,
                            Content::Empty => None,
                            Content::Occupied(piece) => Some(piece),
                        };
                        if !atom.hop || hopped {
                            let reach = Reach {
                                to,
                                first: ray.dir,
                                last: ray.dir,
                                hopped,
                            };
                            if !hopped || occupant.is_some() {
                                visit(reach, occupant);
                            }
                        } else if occupant.is_none() {
                            visit(plain(to, ray.dir), None);
                        }
                        if occupant.is_some() {
                            if atom.hop && !hopped {
                                hopped = true;
                            } else {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether `side`'s `atom`, with the region its `@` names (`zone`), may move from `from`
    /// now: from inside its region, with the right an `o` atom needs, out of check for a `k`
    /// atom.
    pub fn atom_open(
        &self,
        pos: &Position,
        board: &Board,
        from: Loc,
        side: Side,
        (atom, zone): (&Atom, &Option<usize>),
        in_check: &mut dyn FnMut() -> bool,
    ) -> bool {
        zone.is_none_or(|z| self.in_zone(z, side, from, board))
            && self.atom_open_now(pos, side, atom, in_check)
    }

    /// Whether `side`'s `atom` may move now wherever its region allows: with the right an `o`
    /// atom needs, out of check for a `k` atom.
    #[inline]
    pub fn atom_open_now(
        &self,
        pos: &Position,
        side: Side,
        atom: &Atom,
        in_check: &mut dyn FnMut() -> bool,
    ) -> bool {
        (!atom.once || pos.state.leap_rights & (1 << side.index()) != 0)
            && !(atom.not_in_check && in_check())
    }

    /// Pushes the candidates of the piece on `from` (of the side to move) onto `out`: each
    /// move its atoms allow, with its captures by the file's rules. `in_check` says, when
    /// asked, whether the side is in check (for `k` atoms).
    pub fn piece_candidates(
        &self,
        pos: &Position,
        board: &Board,
        from: Loc,
        piece: Piece,
        in_check: &mut dyn FnMut() -> bool,
        out: &mut Vec<Candidate>,
    ) {
        let rule = self.piece(piece.kind);
        let side = piece.side;
        let approach = self.capture.modes.contains(&CaptureMode::Approach);
        let withdrawal = self.capture.modes.contains(&CaptureMode::Withdrawal);
        let replacement = self.capture.modes.contains(&CaptureMode::Replacement);
        for ((atom, zone), rays) in rule.atoms.iter().zip(&rule.atom_zones).zip(&rule.rays) {
            if !self.atom_open(pos, board, from, side, (atom, zone), in_check) {
                continue;
            }
            self.reaches(board, from, side, atom, rays, |reach, occupant| {
                let to = reach.to;
                if atom.en_passant {
                    if occupant.is_none() && pos.state.en_passant == Some(to) {
                        out.push(Candidate {
                            from,
                            to,
                            removal: None,
                        });
                    }
                    return;
                }
                if !atom.royal_only
                    && rule
                        .never_in
                        .is_some_and(|z| self.in_zone(z, side, to, board))
                {
                    return;
                }
                if atom.royal_only && occupant.is_none_or(|p| !self.piece(p.kind).royal) {
                    return;
                }
                match occupant {
                    Some(target) => {
                        let allowed = if target.side == side {
                            self.capture.own_pieces && !rule.royal && !self.piece(target.kind).royal
                        } else {
                            true
                        };
                        if atom.captures && (replacement || reach.hopped) && allowed {
                            out.push(Candidate {
                                from,
                                to,
                                removal: None,
                            });
                        }
                    }
                    None if reach.hopped => {}
                    None => {
                        let mut taken = [None, None];
                        if approach
                            && let Some(at) = reach
                                .last
                                .and_then(|d| self.basics.geometry.neighbour(to, d))
                            && board.piece(at).is_some_and(|p| p.side != side)
                        {
                            taken[0] = Some(at);
                        }
                        if withdrawal
                            && let Some(at) = reach
                                .first
                                .and_then(|d| self.basics.geometry.neighbour(from, d.opposite()))
                            && board.piece(at).is_some_and(|p| p.side != side)
                        {
                            taken[1] = Some(at);
                        }
                        let can_take = taken.iter().any(Option::is_some);
                        if can_take && !atom.captures {
                            return;
                        }
                        if atom.moves && !(can_take && self.capture.compulsory_for_the_move) {
                            out.push(Candidate {
                                from,
                                to,
                                removal: None,
                            });
                        }
                        for at in taken.into_iter().flatten() {
                            out.push(Candidate {
                                from,
                                to,
                                removal: Some(Removal::At(at)),
                            });
                        }
                    }
                }
            });
        }
    }
}
