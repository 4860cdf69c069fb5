//! Which moves would give check, found once per position where a file forbids giving check
//! (see [`Lang::no_check_fits`]): a move alone changes the board only where its piece leaves
//! and lands, so it gives check either from where it lands (its kind attacks an enemy royal
//! piece from there) or by uncovering a rider of its side (it stood alone between the rider and
//! an enemy royal piece, and leaves the line). Perft's last ply counts the moves that give no
//! check by set arithmetic, and a turn's legality is told without the position after it.

use super::compile::Lang;
use super::notation::Travel;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Dir, Kind, Loc, LocSet, Piece, Side};

/// The most lines along which a piece of the side to move may stand alone between an enemy
/// royal piece and a rider of its side that [`CheckSquares`] keeps (eight per royal piece, for
/// two); a position with more is judged turn by turn.
const MAX_COVERS: usize = 16;

/// Where the moves of the side to move would give check, for a position whose opponent is not
/// in check: the squares from which a piece of each kind of the side would attack an enemy
/// royal piece, and the pieces that stand alone between an enemy royal piece and a rider of
/// their side, each with the squares it may move to and keep the rider covered.
pub struct CheckSquares {
    /// Per kind, the squares from which a piece of it (of the side to move) would attack an
    /// enemy royal piece, the board as it stands.
    direct: [LocSet; Kind::COUNT],
    /// The squares of the covering pieces.
    covering: LocSet,
    /// Each covering piece's square (as a set) and its line: the squares from the royal piece
    /// up to and including the rider (as many as `count`; one piece may cover two royal
    /// pieces).
    covers: [(LocSet, LocSet); MAX_COVERS],
    count: usize,
}

impl CheckSquares {
    /// The squares a move of a piece of `kind` from `from` may land on without giving check,
    /// where it stays of its kind and the move changes the board only on `from` and where it
    /// lands. A line through `from` to an enemy royal piece that a move along it away from the
    /// royal piece would keep open is open already: the opponent would be in check.
    #[inline]
    pub fn quiet_landings(&self, from: Loc, kind: Kind) -> LocSet {
        let mut out = !self.direct[kind.index()];
        if self.covering.contains(from) {
            for (at, line) in &self.covers[..self.count] {
                if at.contains(from) {
                    out &= *line;
                }
            }
        }
        out
    }

    /// Whether `turn`, a possible turn of `pos`, gives check, where it is a move alone of a
    /// piece that stays of its kind; `None` for a drop, a castling, an en passant capture and a
    /// move into its piece's promotion region.
    #[inline]
    pub fn judge(&self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        if turn.placement.is_some() || turn.promotion.is_some() {
            return None;
        }
        let piece = pos.board.piece(turn.from)?;
        if lang
            .piece(piece.kind)
            .promotion
            .as_ref()
            .is_some_and(|p| lang.in_zone(p.zone, piece.side, turn.to, &pos.board))
        {
            return None;
        }
        let en_passant = pos.state.en_passant == Some(turn.to)
            && pos.board.is_empty(turn.to)
            && lang.takes_en_passant(piece, turn.from, turn.to);
        if en_passant || (lang.castles(piece.kind) && lang.castle_of(pos, turn).is_some()) {
            return None;
        }
        Some(!self.quiet_landings(turn.from, piece.kind).contains(turn.to))
    }
}

impl Lang {
    /// Whether a [`CheckSquares`] tells which moves give check: checks are forbidden, captures
    /// are by landing and pins along the board's lines tell all a move can expose (see
    /// [`Lang::pins_suffice`]; no rider off them, [`Lang::skew_riders`]), every
    /// turn is a move alone (no drop, placement, removal, slide, limit or promotion at the
    /// turn's end), and every capture, but en passant ones by a leap, is a leap or a ride from
    /// anywhere that takes any piece. Worked out once, when the file is compiled.
    pub fn no_check_fits(&self) -> bool {
        let atoms_fit = self.pieces.iter().flatten().all(|p| {
            p.atoms.iter().zip(&p.atom_zones).all(|(a, zone)| {
                !a.captures
                    || (a.en_passant && a.travel == Travel::Leap)
                    || (a.travel != Travel::Anywhere && zone.is_none() && !a.royal_only)
            })
        });
        self.checks_forbidden
            && self.plain_captures
            && self.pins_suffice
            && self.skew_riders.is_empty()
            && self.drops.is_none()
            && self.placement.is_none()
            && self.removal.is_none()
            && self.slide.is_none()
            && self.limit.is_none()
            && !self.promotes_at_turn_end
            && atoms_fit
    }

    /// The [`CheckSquares`] of the side to move in `pos`; `None` where the file does not fit
    /// (see [`Lang::no_check_fits`]), where the opponent is in check, and where more pieces
    /// cover riders than it keeps.
    #[inline(never)]
    pub fn check_squares(&self, pos: &Position) -> Option<CheckSquares> {
        if !self.no_check_fits {
            return None;
        }
        let mut out = CheckSquares {
            direct: [LocSet::EMPTY; Kind::COUNT],
            covering: LocSet::EMPTY,
            covers: [(LocSet::EMPTY, LocSet::EMPTY); MAX_COVERS],
            count: 0,
        };
        let enemy = pos.side.opponent();
        for kind in &self.royals {
            for royal in pos.board.locs_of(Piece::new(*kind, enemy)) {
                self.direct_checks(pos, royal, &mut out.direct)?;
                self.covers(pos, royal, &mut out)?;
            }
        }
        Some(out)
    }

    /// Adds to `direct` the squares from which each kind of the side to move in `pos` would
    /// attack `royal`; `None` where a piece of it stands on one (the opponent is in check).
    fn direct_checks(
        &self,
        pos: &Position,
        royal: Loc,
        direct: &mut [LocSet; Kind::COUNT],
    ) -> Option<()> {
        let (side, board) = (pos.side, &pos.board);
        let stops = board.blockers();
        for &kind in &self.capturing_kinds {
            let ours = board.locs_of(Piece::new(kind, side));
            if ours.is_empty() || self.barred(kind, side, royal, pos) {
                continue;
            }
            let rule = self.piece(kind);
            let mut from = LocSet::EMPTY;
            for (atom, rays) in rule.atoms.iter().zip(&rule.rays) {
                if !atom.captures || atom.en_passant {
                    continue;
                }
                from |= match atom.travel {
                    Travel::Leap if !atom.lame => rays.span(side.opponent(), royal),
                    travel => rays
                        .turned_back(side.opponent(), royal)
                        .iter()
                        .fold(LocSet::EMPTY, |set, ray| {
                            set | ray.reach(stops, travel == Travel::Ride)
                        }),
                };
            }
            if from.intersects(ours) {
                return None;
            }
            direct[kind.index()] |= from;
        }
        Some(())
    }

    /// Adds to `out` the pieces of the side to move in `pos` that stand alone between `royal`
    /// and a rider of their side riding towards it (the mirror of a guard's pins); `None` where
    /// `out` has no room left.
    fn covers(&self, pos: &Position, royal: Loc, out: &mut CheckSquares) -> Option<()> {
        let (side, board) = (pos.side, &pos.board);
        let stops = board.blockers();
        let riders = self.riders_towards(board, side);
        for dir in Dir::ALL {
            let line = self.lines.from(royal, dir);
            if !line.meets(riders[dir.index()]) {
                continue;
            }
            let Some(first) = line.first(stops).filter(|at| board.is_side(*at, side)) else {
                continue;
            };
            let beyond = stops.without(first);
            let Some(rider) = line.first(beyond) else {
                continue;
            };
            let reach = line.up_to(beyond);
            let uncovers = board.piece(rider).is_some_and(|p| {
                p.side == side
                    && self.rides_towards(p, dir.opposite(), reach.len() as u8)
                    && !self.barred(p.kind, side, royal, pos)
            });
            if uncovers {
                *out.covers.get_mut(out.count)? = (first.bit(), reach);
                out.count += 1;
                out.covering |= first.bit();
            }
        }
        Some(())
    }

    /// Whether pieces of `kind` (of `side`) may never stand on `at` in `pos`, so take nothing
    /// there.
    fn barred(&self, kind: Kind, side: Side, at: Loc, pos: &Position) -> bool {
        self.piece(kind)
            .never_in
            .is_some_and(|z| self.in_zone(z, side, at, &pos.board))
    }

    /// The squares a move of `piece` from `from` may land on without giving check (see
    /// [`CheckSquares::quiet_landings`]); `None` for a piece that promotes, whose kind a move
    /// may change.
    #[inline]
    pub(super) fn quiet_landings(
        &self,
        checks: &CheckSquares,
        from: Loc,
        piece: Piece,
    ) -> Option<LocSet> {
        if self.piece(piece.kind).promotion.is_some() {
            return None;
        }
        Some(checks.quiet_landings(from, piece.kind))
    }

    /// Whether `turn`, a possible turn of `pos`, gives check: told by `checks` where it can,
    /// else by the position after it (`next`).
    #[inline]
    pub(super) fn gives_check(
        &self,
        checks: Option<&CheckSquares>,
        pos: &Position,
        turn: &Turn,
        next: impl FnOnce() -> Position,
    ) -> bool {
        match checks.and_then(|c| c.judge(self, pos, turn)) {
            Some(gives) => gives,
            None => self.in_check_now(&next()),
        }
    }
}
