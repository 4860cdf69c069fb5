//! Fanorona's legality: whether a turn leaves the mover's King where an enemy could capture
//! it, found backwards from the King and, line by line, only where a turn changes what a line
//! read.

use super::Fanorona;
use super::moves::{Play, Wanted, movement};
use crate::board::Board;
use crate::position::{Position, Reserve};
use crate::types::{Dir, DirSet, Kind, LOC_COUNT, Loc, Piece, Side};
use std::cell::Cell;

/// How much of a turn's legality move generation tests.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tested {
    /// All of it: only legal turns are listed.
    Fully,
    /// Out of check none of it; in check only what the King's watch answers without testing
    /// a line again (the turns that take or change what a line from the King read are listed
    /// untested).
    Cheaply,
}

/// The directions a Knight's path turns to after a first step towards `dir`, and turned from
/// before a last step towards it: an eighth of a turn either way (see
/// [`KNIGHT_PATHS`](crate::movement::KNIGHT_PATHS)).
const fn knight_turns(dir: Dir) -> [Dir; 2] {
    let i = dir.index();
    [Dir::ALL[(i + 1) % 8], Dir::ALL[(i + 7) % 8]]
}

/// What [`Fanorona::king_capturable`] reads of a board: the board itself, or the board as a
/// turn leaves it.
pub(super) trait Points {
    /// The piece on `at`, if any.
    fn piece(&self, at: Loc) -> Option<Piece>;

    /// Whether `at` is a point with nothing on it.
    fn is_empty(&self, at: Loc) -> bool;

    /// `side`'s King, when it has exactly one.
    fn king_of(&self, side: Side) -> Option<Loc>;
}

impl Points for Board {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        Board::piece(self, at)
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        Board::is_empty(self, at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        Board::king_of(self, side)
    }
}

/// A King's safety line by line, found once per position: the lines along which an enemy could
/// capture it, and for each point the lines whose tests read it (a turn that changes none of a
/// line's points leaves that line's answer as it was).
struct KingWatch {
    king: Loc,
    /// The lines along which an enemy could capture the King now.
    capturable: DirSet,
    /// Per point, the lines whose tests read it; the King's own point counts for every line.
    readers: [DirSet; LOC_COUNT],
}

impl KingWatch {
    /// Whether an enemy could capture the King now.
    fn in_check(&self) -> bool {
        self.capturable != DirSet::NONE
    }

    /// The lines whose tests read `from`, `to` or `removed`: those a turn changing these
    /// points may change.
    #[inline]
    fn lines_reading(&self, from: Loc, to: Loc, removed: Option<Loc>) -> DirSet {
        let removed = removed.map_or(DirSet::NONE, |at| self.readers[at.index()]);
        self.readers[from.index()]
            .union(self.readers[to.index()])
            .union(removed)
    }

    /// Whether an enemy could capture the King after a turn that changes points only the
    /// `touched` lines read, neither moving the King nor changing the reserve: the other lines
    /// keep their answer, the touched ones ask `along(away)` again.
    #[inline]
    fn capturable_after(&self, touched: DirSet, along: impl Fn(Dir) -> bool) -> bool {
        self.capturable.0 & !touched.0 != 0 || touched.iter().any(along)
    }
}

/// A board that notes every point read of it as read by the test of the King's `line`: when a
/// turn changes none of them, that test gives the same answer after the turn.
struct Watched<'a> {
    board: &'a Board,
    line: Dir,
    readers: &'a [Cell<DirSet>],
}

impl Watched<'_> {
    #[inline]
    fn note(&self, at: Loc) {
        let readers = &self.readers[at.index()];
        readers.set(readers.get().union(DirSet::of(&[self.line])));
    }
}

impl Points for Watched<'_> {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        self.note(at);
        self.board.piece(at)
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        self.note(at);
        self.board.is_empty(at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        let king = self.board.king_of(side);
        if let Some(at) = king {
            self.note(at);
        }
        king
    }
}

/// A board with the piece on `from` lifted off it, read without copying it: a King's lines from
/// the point it moves to are tested on it (its `king_of` answers as the board does, so the King
/// is named by where it goes, not asked for).
struct Lifted<'a> {
    board: &'a Board,
    from: Loc,
}

impl Points for Lifted<'_> {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        if at == self.from {
            None
        } else {
            self.board.piece(at)
        }
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        at == self.from || self.board.is_empty(at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        self.board.king_of(side)
    }
}

/// A board as a move leaves it, read without copying it: `piece` gone from `from` to `to`
/// (promoted already), and whatever stood on `removed` taken.
struct Moved<'a> {
    board: &'a Board,
    from: Loc,
    to: Loc,
    piece: Piece,
    removed: Option<Loc>,
}

impl Points for Moved<'_> {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        if at == self.to {
            Some(self.piece)
        } else if at == self.from || Some(at) == self.removed {
            None
        } else {
            self.board.piece(at)
        }
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        self.piece(at).is_none() && !self.board.is_hole(at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        if self.piece == Piece::new(Kind::King, side) {
            Some(self.to)
        } else {
            self.board.king_of(side)
        }
    }
}

impl Fanorona {
    /// Calls `emit(play)` for every legal turn of `pos` that is `wanted`, and for
    /// `Tested::Cheaply` some that are not. A turn that neither moves the King nor gives the
    /// opponent a piece back keeps each line from the King as safe as it was unless it changes
    /// a point that line's test read (see [`KingWatch`]); only those lines are tested again, on
    /// the board as the turn leaves it (for `Tested::Cheaply`, not here: the search tests the
    /// turns it plays with [`SearchHints::play_candidate`]).
    ///
    /// [`SearchHints::play_candidate`]: crate::search_hints::SearchHints::play_candidate
    pub(super) fn for_each_legal(
        &self,
        pos: &Position,
        (wanted, tested): (Wanted, Tested),
        mut emit: impl FnMut(Play),
    ) {
        let board = &pos.board;
        let side = pos.side;
        let reserve = &pos.state.reserve;
        if tested == Tested::Cheaply && !self.king_capturable(board, reserve, side) {
            let leap = self.may_leap(pos, false);
            self.for_each_turn(board, reserve, (side, leap), wanted, emit);
            return;
        }
        let watch = self.watch_king(board, reserve, side);
        let in_check = watch.as_ref().is_some_and(KingWatch::in_check);
        let leap = self.may_leap(pos, in_check);
        self.for_each_turn(board, reserve, (side, leap), wanted, |play| {
            let legal = watch
                .as_ref()
                .is_none_or(|watch| !self.exposes(watch, (board, reserve, side), play, tested));
            if legal {
                emit(play);
            }
        });
    }

    /// Whether `play` leaves `side`'s King, watched on `board` by `watch`, where an enemy could
    /// capture it; for `Tested::Cheaply`, only where that is found without testing a line
    /// again. Most turns take nothing and change no point the watch read: they leave the King
    /// as it was, found here without a call.
    #[inline]
    fn exposes(
        &self,
        watch: &KingWatch,
        (board, reserve, side): (&Board, &Reserve, Side),
        play: Play,
        tested: Tested,
    ) -> bool {
        let touched = watch.lines_reading(play.from, play.to, play.removed);
        if play.removed.is_none() && touched == DirSet::NONE {
            watch.in_check()
        } else {
            tested == Tested::Fully
                && self.exposes_touched(watch, board, reserve, side, play, touched)
        }
    }

    /// [`Fanorona::exposes`] for a turn that takes a piece or changes what the lines `touched`
    /// read.
    #[inline(never)]
    fn exposes_touched(
        &self,
        watch: &KingWatch,
        board: &Board,
        reserve: &Reserve,
        side: Side,
        play: Play,
        touched: DirSet,
    ) -> bool {
        let returned = play
            .removed
            .and_then(|at| board.piece(at))
            .filter(|victim| !matches!(victim.kind, Kind::Pawn | Kind::King));
        if returned.is_none() && touched == DirSet::NONE {
            return watch.in_check();
        }
        let Some(piece) = board.piece(play.from) else {
            return false;
        };
        let after = Moved {
            board,
            from: play.from,
            to: play.to,
            piece: play.promotion.unwrap_or(piece),
            removed: play.removed,
        };
        if returned.is_none() && piece.kind != Kind::King {
            watch.capturable_after(touched, |away| {
                self.capturable_along(&after, reserve, watch.king, away, side.opponent())
            })
        } else if play.removed.is_none() {
            // A King's move that takes nothing: its lines from `to` never read `to` itself, so
            // the board with the King lifted off `from` answers as the board after the move.
            let lifted = Lifted {
                board,
                from: play.from,
            };
            Dir::ALL
                .into_iter()
                .any(|away| self.capturable_along(&lifted, reserve, play.to, away, side.opponent()))
        } else {
            let mut reserve = *reserve;
            if let Some(victim) = returned {
                reserve.add(victim);
            }
            self.king_capturable(&after, &reserve, side)
        }
    }

    /// `side`'s King's safety line by line on `board`, with the lines whose tests read each
    /// point; `None` when it has no one King.
    fn watch_king(&self, board: &Board, reserve: &Reserve, side: Side) -> Option<KingWatch> {
        let king = board.king_of(side)?;
        let mut watch = KingWatch {
            king,
            capturable: DirSet::NONE,
            readers: [DirSet::NONE; LOC_COUNT],
        };
        watch.readers[king.index()] = DirSet::ALL;
        let readers = Cell::from_mut(&mut watch.readers[..]).as_slice_of_cells();
        for away in Dir::ALL {
            let watched = Watched {
                board,
                line: away,
                readers,
            };
            if self.capturable_along(&watched, reserve, king, away, side.opponent()) {
                watch.capturable = watch.capturable.union(DirSet::of(&[away]));
            }
        }
        Some(watch)
    }

    /// Whether the opponent of `side`, moving now, could capture `side`'s King: by withdrawal
    /// (an enemy piece beside the King moving straight away from it) or by approach (an enemy
    /// piece arriving on an empty point beside the King with its last step towards it). Worked
    /// backwards from the King, so it costs a few table lookups rather than a move generation.
    pub(super) fn king_capturable(
        &self,
        board: &impl Points,
        reserve: &Reserve,
        side: Side,
    ) -> bool {
        let Some(king) = board.king_of(side) else {
            return false;
        };
        Dir::ALL
            .into_iter()
            .any(|away| self.capturable_along(board, reserve, king, away, side.opponent()))
    }

    /// Whether a piece of `enemy` could capture the King on `king` from the point beside it
    /// towards `away`: by withdrawal from it, or by approach onto it.
    fn capturable_along(
        &self,
        board: &impl Points,
        reserve: &Reserve,
        king: Loc,
        away: Dir,
        enemy: Side,
    ) -> bool {
        let Some(beside) = self.basics.geometry.neighbour(king, away) else {
            return false;
        };
        match board.piece(beside) {
            Some(piece) if piece.side == enemy => {
                self.can_start(board, reserve, piece, beside, away)
            }
            Some(_) => false,
            None => self.can_arrive(board, reserve, enemy, beside, away.opposite()),
        }
    }

    /// Whether `piece` on `from` has a capturing move whose first step goes towards `first`.
    fn can_start(
        &self,
        board: &impl Points,
        reserve: &Reserve,
        piece: Piece,
        from: Loc,
        first: Dir,
    ) -> bool {
        let Some(next) = self.basics.geometry.neighbour(from, first) else {
            return false;
        };
        let moves = movement(piece);
        let steps_onto_next = board.is_empty(next)
            && (moves.slides.contains(first) || self.may_step(reserve, piece, next, first));
        let knight_from_here = moves.leaps != 0
            && knight_turns(first).into_iter().any(|second| {
                self.basics
                    .geometry
                    .neighbour(next, second)
                    .is_some_and(|to| board.is_empty(to))
            });
        steps_onto_next || knight_from_here
    }

    /// Whether a piece of `side` can arrive on the empty point `to` with its last step towards
    /// `last`.
    fn can_arrive(
        &self,
        board: &impl Points,
        reserve: &Reserve,
        side: Side,
        to: Loc,
        last: Dir,
    ) -> bool {
        let back = last.opposite();
        let Some(behind) = self.basics.geometry.neighbour(to, back) else {
            return false;
        };
        let next_to = board.piece(behind);
        if next_to.is_some_and(|p| p.side == side && self.may_step(reserve, p, to, last)) {
            return true;
        }
        let slider = next_to
            .or_else(|| {
                self.basics
                    .geometry
                    .ray(behind, back)
                    .find_map(|at| board.piece(at))
            })
            .is_some_and(|piece| piece.side == side && movement(piece).slides.contains(last));
        slider
            || knight_turns(last).into_iter().any(|first| {
                self.basics
                    .geometry
                    .neighbour(behind, first.opposite())
                    .and_then(|start| board.piece(start))
                    .is_some_and(|p| p.side == side && movement(p).leaps != 0)
            })
    }

    /// Whether `piece` may step towards `dir` onto the empty point `to`: a Pawn onto the far
    /// rank only with a lost piece to promote to.
    fn may_step(&self, reserve: &Reserve, piece: Piece, to: Loc, dir: Dir) -> bool {
        let side = piece.side;
        movement(piece).steps.contains(dir)
            && (piece.kind != Kind::Pawn
                || to.rank() != self.basics.geometry.last_rank(side)
                || reserve.kinds_of(side).next().is_some())
    }

    pub(super) fn may_leap(&self, pos: &Position, in_check: bool) -> bool {
        pos.state.leap_rights & (1 << pos.side.index()) != 0 && !in_check
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Discard;
    use crate::rules::{Apply, Play as _, Rules, RulesExt};
    use crate::search::SplitMix64;
    use crate::variant::Variant;

    /// The legal turns, judged by the King's watched lines, are exactly the possible turns that
    /// pass the plain test: the King not capturable on the board, and with the reserve, the
    /// turn leaves. In the positions of random games of both boards.
    #[test]
    fn watched_legality_matches_the_plain_test() {
        let mut random = SplitMix64::new(0xfa40_2042);
        let mut judged = 0;
        for id in ["fanorona-chess", "double-fanorona-chess"] {
            let variant = Variant::load(id, &[]).expect("the variant loads");
            let rules = Fanorona::new(variant.data().clone(), variant.options().clone())
                .expect("the rules build");
            for _ in 0..12 {
                let mut pos = *variant.start();
                for _ in 0..150 {
                    let (board, reserve, side) = (&pos.board, &pos.state.reserve, pos.side);
                    let leap = rules.may_leap(&pos, rules.in_check(&pos));
                    let mut plain = Vec::new();
                    rules.for_each_turn(board, reserve, (side, leap), Wanted::All, |play| {
                        let next = rules.apply(&pos, &play.turn(), &mut Discard);
                        if !rules.king_capturable(&next.board, &next.state.reserve, side) {
                            plain.push(play.turn());
                        }
                    });
                    let listed = rules.legal_turns(&pos);
                    let fen = variant.fen(&pos);
                    assert_eq!(listed.len(), plain.len(), "{fen}");
                    assert!(listed.iter().all(|t| plain.contains(t)), "{fen}");
                    judged += plain.len();
                    if listed.is_empty() {
                        break;
                    }
                    pos = rules.play_unchecked(&pos, &listed[random.below(listed.len())]);
                }
            }
        }
        assert!(judged > 10_000, "only {judged} turns judged");
    }
}
