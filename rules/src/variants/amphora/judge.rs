//! Which possible turns are legal: each judged by the threat test on the pieces it leaves, the
//! quiet ones judged once per position, and the last ply counting many of them from target
//! sets alone.

use super::layout::Layout;
use super::threat::Threat;
use super::{Amphora, Play, SIDEWAYS_LIMIT, Skip, guard};
use crate::position::Position;
use crate::types::{DirSet, Kind, LocSet, MAX_FILES, Side};

/// What a position says of all its quiet moves (see [`Play::is_quiet`]) at once: such a move
/// that neither leaves nor enters a square of `touchy` is legal exactly when `safe`.
#[derive(Clone, Copy)]
struct QuietWatch {
    /// The King's square and the squares diagonally next to it opposite an enemy piece.
    touchy: LocSet,
    /// Whether the opponent, moving now, could not remove the King.
    safe: bool,
}

impl Amphora {
    /// Calls `visit(play)` for every legal turn of `pos`: none once its King is gone.
    #[inline(always)]
    pub(super) fn for_each_legal(&self, pos: &Position, visit: impl FnMut(&Play)) {
        if pos.board.king_of(pos.side).is_none() {
            return;
        }
        let layout = Layout::of(pos);
        let watch = self.quiet_watch(pos, &layout);
        self.for_each_judged(pos, &layout, (watch, Skip::NONE), visit);
    }

    /// Calls `visit(play)` for every possible turn of `pos` that `wanted` picks, legal or not:
    /// the search tests the few it plays ([`Amphora::is_legal`]). None once its King is gone.
    #[inline(always)]
    pub(super) fn for_each_candidate_where(
        &self,
        pos: &Position,
        wanted: impl Fn(&Play) -> bool,
        mut visit: impl FnMut(&Play),
    ) {
        if pos.board.king_of(pos.side).is_none() {
            return;
        }
        self.for_each_play(pos, &Layout::of(pos), Skip::NONE, &mut |play| {
            if wanted(play) {
                visit(play);
            }
        });
    }

    /// Calls `visit(play)` for every legal turn of `pos` (whose pieces are `layout`) that
    /// `skip` does not leave out, the quiet ones judged by `watch` when there is one; the
    /// number of moves left out.
    fn for_each_judged(
        &self,
        pos: &Position,
        layout: &Layout,
        (watch, skip): (Option<QuietWatch>, Skip),
        mut visit: impl FnMut(&Play),
    ) -> u64 {
        self.for_each_play(pos, layout, skip, &mut |play| {
            let judged = watch.filter(|watch| {
                play.is_quiet() && !watch.touchy.intersects(play.from.bit() | play.to.bit())
            });
            let legal = judged.map_or_else(|| self.is_legal(pos, play), |watch| watch.safe);
            if legal {
                visit(play);
            }
        })
    }

    /// How many legal turns `pos` has. Where a [`QuietWatch`] holds, the quiet moves of the
    /// Pawns and Guard away from the King's watched squares that intercept nothing and do not
    /// enter the far rank are counted from their target sets, without a play each.
    #[inline(always)]
    pub(super) fn count_legal(&self, pos: &Position) -> u64 {
        if pos.board.king_of(pos.side).is_none() {
            return 0;
        }
        let layout = Layout::of(pos);
        let watch = self.quiet_watch(pos, &layout);
        let skip = watch.map_or(Skip::NONE, |watch| self.quiet_skip(pos, &layout, watch));
        let mut count = 0;
        let skipped = self.for_each_judged(pos, &layout, (watch, skip), |_| count += 1);
        if watch.is_some_and(|watch| watch.safe) {
            count += skipped;
        }
        count
    }

    /// The quiet moves of `pos` (whose pieces are `layout`) that `watch` judges and that need
    /// no play: from the Pawns and Guard of the side to move off the watched squares, onto
    /// empty squares off them that intercept nothing and are not on the far rank.
    fn quiet_skip(&self, pos: &Position, layout: &Layout, watch: QuietWatch) -> Skip {
        let side = pos.side;
        let own = layout.side(side);
        let enemies = layout.side(side.opponent());
        // A square where a landing intercepts: an enemy one diagonal step away, a friend two.
        // The steps are shifts of the sets; one that runs off the jug's side wraps into the
        // next row's locations beyond the seventh file, where no piece stands.
        let intercepting = DirSet::DIAGONAL.iter().fold(LocSet::EMPTY, |set, dir| {
            let (file, rank) = dir.delta();
            let step = file + rank * MAX_FILES as i8;
            set | (enemies.shifted(-step) & own.shifted(-2 * step))
        });
        let far = LocSet::rank(self.basics.geometry.last_rank(side));
        let open = self.outline & !layout.occupied() & !watch.touchy & !far;
        Skip {
            from: own & !layout.of_kind(side, Kind::King) & !watch.touchy,
            to: open & !intercepting,
        }
    }

    /// The [`QuietWatch`] of `pos` (whose pieces are `layout`), when one answer holds for its
    /// quiet moves. A quiet move changes only the two squares it leaves and enters, and the
    /// opponent's ways to remove the King read the mover's pieces only at a few of them:
    /// whether a square diagonally next to the King, opposite an enemy piece, is empty (an
    /// interception), and, for telekinesis by a Pawn or Guard, which needs the King's own
    /// Guard out of reserve, where the mover's Pawns and Guard stand. A Guard the opponent
    /// places helps only within two steps of the King, or by such a telekinesis. So the
    /// answer holds unless the opponent has a Pawn or Guard just before its far rank or a
    /// Guard to place while the King's Guard is out of reserve, or could place its Guard that
    /// near the King.
    fn quiet_watch(&self, pos: &Position, layout: &Layout) -> Option<QuietWatch> {
        let (side, enemy) = (pos.side, pos.side.opponent());
        let (king, enemy_king) = (layout.king(side)?, layout.king(enemy)?);
        let reserve = &pos.state.reserve;
        let geometry = &self.basics.geometry;
        let guard_held = reserve.count(guard(side)) > 0;
        let entering = layout.side(enemy) & !layout.of_kind(enemy, Kind::King);
        let telekinetic = !guard_held && entering.intersects(self.before_far_rank[enemy.index()]);
        let placeable = reserve.count(guard(enemy)) > 0
            && (!guard_held
                || geometry
                    .adjacent(enemy_king)
                    .intersects(self.near[king.index()]));
        if telekinetic || placeable {
            return None;
        }
        let threat = Threat {
            layout,
            attacker: enemy,
            sideways: pos.state.sideways[enemy.index()] < SIDEWAYS_LIMIT,
            guard_held,
            king,
        };
        let enemies = layout.side(enemy);
        let touchy = DirSet::DIAGONAL
            .iter()
            .filter(|dir| {
                geometry
                    .neighbour(king, *dir)
                    .is_some_and(|beyond| enemies.contains(beyond))
            })
            .filter_map(|dir| geometry.neighbour(king, dir.opposite()))
            .fold(king.bit(), LocSet::with);
        Some(QuietWatch {
            touchy,
            safe: !self.reaches_king(&threat),
        })
    }

    /// Whether `play`, a possible turn of `pos`, keeps the mover's King: the opponent, with the
    /// placement right the play gives it, has no possible turn that removes it. A placed Guard
    /// can only help where the King's own Guard may be taken by telekinesis or within two
    /// steps of the King, so the right is worked out only when such a square is free.
    pub(super) fn is_legal(&self, pos: &Position, play: &Play) -> bool {
        let (side, enemy) = (pos.side, pos.side.opponent());
        let after = &play.after;
        let (Some(king), Some(_)) = (after.king(side), after.king(enemy)) else {
            return true;
        };
        let threat = Threat {
            layout: after,
            attacker: enemy,
            sideways: pos.state.sideways[enemy.index()] < SIDEWAYS_LIMIT,
            guard_held: play.guard_held[side.index()],
            king,
        };
        if self.reaches_king(&threat) {
            return false;
        }
        if !play.guard_held[enemy.index()] {
            return true;
        }
        let mut squares = self.placement_squares(after, enemy);
        if threat.guard_held {
            squares &= self.near[king.index()];
        }
        squares.is_empty()
            || !self.gives_right(side, play)
            || !self.reaches_king_placed(&threat, squares)
    }

    /// Whether `play`, a possible turn of `side`, gives the opponent the placement right: its
    /// Guard is in reserve, and the play took one of its Pawns or leaves its King attacked.
    pub(super) fn gives_right(&self, side: Side, play: &Play) -> bool {
        let enemy = side.opponent();
        let Some(king) = play.after.king(enemy) else {
            return false;
        };
        play.guard_held[enemy.index()]
            && (play.took_pawn
                || self.reaches_king(&Threat {
                    layout: &play.after,
                    attacker: side,
                    sideways: play.sideways_next,
                    guard_held: true,
                    king,
                }))
    }
}
