//! Whether a side, were it to move now, has a possible turn that removes the enemy King: by
//! replacement, by interception or by telekinesis, worked backwards from the King on the
//! pieces as square sets.

use super::layout::{KINDS, Layout};
use super::{Amphora, SIDEWAYS_LIMIT, guard, piece_index};
use crate::position::Position;
use crate::types::{DirSet, Kind, Loc, LocSet, Side};

/// What the backward tests of whether a side removes the enemy King ask about.
#[derive(Clone, Copy)]
pub(super) struct Threat<'a> {
    /// The pieces on the board.
    pub(super) layout: &'a Layout,
    /// The side that would move.
    pub(super) attacker: Side,
    /// Whether the attacker may still step sideways.
    pub(super) sideways: bool,
    /// Whether the enemy's Guard is in reserve (telekinesis by a Pawn or Guard then never
    /// reaches its King).
    pub(super) guard_held: bool,
    /// Where the enemy King stands.
    pub(super) king: Loc,
}

impl Amphora {
    /// Whether `attacker`, were it to move now in `pos` (with its own sideways count, and with a
    /// Guard placement if `may_place`), would have a possible turn that removes the enemy King.
    pub(super) fn threatens_king(&self, pos: &Position, attacker: Side, may_place: bool) -> bool {
        let layout = Layout::of(pos);
        let enemy = attacker.opponent();
        let Some(king) = layout.king(enemy) else {
            return false;
        };
        let threat = Threat {
            layout: &layout,
            attacker,
            sideways: pos.state.sideways[attacker.index()] < SIDEWAYS_LIMIT,
            guard_held: pos.state.reserve.count(guard(enemy)) > 0,
            king,
        };
        self.reaches_king(&threat)
            || (may_place
                && self.reaches_king_placed(&threat, self.placement_squares(&layout, attacker)))
    }

    /// Whether a move of the attacker removes the enemy King after its Guard is placed on one
    /// of `squares`.
    pub(super) fn reaches_king_placed(&self, threat: &Threat, squares: LocSet) -> bool {
        squares.iter().any(|at| {
            let mut placed = *threat.layout;
            placed.put(threat.attacker, Kind::Guard, at);
            self.reaches_king(&Threat {
                layout: &placed,
                ..*threat
            })
        })
    }

    /// Whether a move of the attacker removes the enemy King: by replacement, by interception
    /// or by telekinesis. Worked backwards from the King, so most of it is a few set
    /// operations.
    pub(super) fn reaches_king(&self, threat: &Threat) -> bool {
        let Threat {
            layout,
            attacker,
            sideways,
            king,
            ..
        } = *threat;
        self.can_arrive(layout, attacker, king, sideways)
            || self.intercepts(threat)
            || self.telekinesis_reaches(threat)
    }

    /// Whether a piece of `attacker` can step onto `to` (empty, or holding a piece).
    #[inline]
    fn can_arrive(&self, layout: &Layout, attacker: Side, to: Loc, sideways: bool) -> bool {
        let occupied = layout.occupied().contains(to);
        let mut from = LocSet::EMPTY;
        for kind in KINDS {
            let onto = self.arrivals[piece_index(attacker, kind)][to.index()].onto(occupied);
            from |= onto & layout.of_kind(attacker, kind);
        }
        if !sideways {
            from &= !LocSet::rank(to.rank());
        }
        !from.is_empty()
    }

    /// Whether a piece of the attacker can step diagonally next to the enemy King with a
    /// piece of its own side directly beyond the King.
    fn intercepts(&self, threat: &Threat) -> bool {
        let Threat {
            layout,
            attacker,
            sideways,
            king,
            ..
        } = *threat;
        let geometry = &self.basics.geometry;
        let attackers = layout.side(attacker);
        if !geometry.adjacent(king).intersects(attackers) {
            return false;
        }
        let open = self.outline & !attackers;
        DirSet::DIAGONAL.iter().any(|dir| {
            geometry
                .neighbour(king, dir)
                .is_some_and(|beyond| attackers.contains(beyond))
                && geometry
                    .neighbour(king, dir.opposite())
                    .filter(|before| open.contains(*before))
                    .is_some_and(|before| self.can_arrive(layout, attacker, before, sideways))
        })
    }

    /// Whether a piece of the attacker can enter its far rank and so remove the enemy King: a
    /// King always, a Pawn or Guard when the enemy has nothing else it must take first (never
    /// while the enemy's Guard is in reserve).
    fn telekinesis_reaches(&self, threat: &Threat) -> bool {
        let Threat {
            layout,
            attacker,
            sideways,
            guard_held,
            ..
        } = *threat;
        let far = LocSet::rank(self.basics.geometry.last_rank(attacker));
        let enemy = attacker.opponent();
        let near = layout.side(attacker) & self.before_far_rank[attacker.index()];
        near.iter().any(|from| {
            let kind = layout.kind_at(from);
            if guard_held && kind != Kind::King {
                return false;
            }
            let entries = self.targets(layout, attacker, kind, from, sideways) & far;
            entries.iter().any(|to| {
                kind == Kind::King || {
                    let (after, _) = self.land_on(layout, attacker, kind, from, to);
                    let unguarded = after.of_kind(enemy, Kind::Guard).is_empty();
                    let pawnless = after.of_kind(enemy, Kind::Pawn).is_empty();
                    unguarded && (kind == Kind::Guard || pawnless)
                }
            })
        })
    }
}
