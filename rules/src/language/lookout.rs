//! A guard of the royal pieces for files whose turn is its move alone and whose captures are all
//! by landing, where pins do not tell all a move can expose (a piece that hops over a screen, a
//! lame leaper, a capture of royal pieces only): the squares whose change could change whether
//! the mover's royal pieces stand attacked are found once per position, a move that touches none
//! of them is exactly as safe as the position is now, and any other is judged on the board alone,
//! made and unmade on one copy of it, never by playing the whole turn.

use super::compile::{Lang, Zone};
use super::notation::Travel;
use crate::board::Board;
use crate::event::Discard;
use crate::position::Position;
use crate::rules::Apply;
use crate::turn::Turn;
use crate::types::{Kind, Loc, LocSet, Piece, Side};
use std::ops::ControlFlow;

/// What a position's royal pieces risk, found once for all its turns: where they stand, whether
/// one stands attacked now, and the squares whose change (emptied, filled, or its piece taken)
/// could change that (see [`Lang::lookout`]). The opponent's pieces stay where they stand
/// during a move, so only their capturing lines that end on a royal piece are watched.
pub struct LookoutGuard {
    royals: LocSet,
    watched: LocSet,
    in_check: bool,
    /// A copy of the position's board, on which each judged move is made and unmade.
    board: Board,
}

impl LookoutGuard {
    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// The squares whose change could change whether a royal piece stands attacked.
    #[inline]
    pub fn watched(&self) -> LocSet {
        self.watched
    }

    /// Whether `turn`, a possible turn of `pos`, keeps the mover's royal pieces safe, where the
    /// board after its move tells: a drop, or a move that is no castling, no en passant
    /// capture, gives the opponent no piece by promotion and takes no royal piece nor a piece
    /// of its own side. A move of a piece that is not royal from and to unwatched squares keeps
    /// them as safe as they are; the rest are made on the board and looked at. `None` where
    /// only the position after the turn tells.
    pub fn judge(&mut self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        let enemy = pos.side.opponent();
        if let Some((piece, at)) = turn.placement {
            if !turn.is_drop() {
                return None;
            }
            if !self.watched.contains(at) {
                return Some(!self.in_check);
            }
            self.board.put(at, piece);
            let safe = lang.stand_safe(&self.board, self.royals, enemy);
            self.board.clear(at);
            return Some(safe);
        }
        let (from, to) = (turn.from, turn.to);
        let piece = pos.board.piece(from)?;
        let taken = pos.board.piece(to);
        if !lang.moves_plainly(pos, piece, turn)
            || taken.is_some_and(|p| p.side == piece.side || lang.piece(p.kind).royal)
            || lang.castle_of(pos, turn).is_some()
        {
            return None;
        }
        let royal = self.royals.contains(from);
        if !royal && !self.watched.contains(from) && !self.watched.contains(to) {
            return Some(!self.in_check);
        }
        let royals = if royal {
            self.royals.without(from).with(to)
        } else {
            self.royals
        };
        self.board.move_piece(from, to);
        let safe = lang.stand_safe(&self.board, royals, enemy);
        self.board.move_piece(to, from);
        if let Some(taken) = taken {
            self.board.put(to, taken);
        }
        Some(safe)
    }
}

impl Lang {
    /// Whether a [`LookoutGuard`] can judge this file's turns: every capture by landing, and a
    /// turn that is its move alone (no slide, no promotion at the turn's end) and never makes
    /// its mover a royal piece.
    fn lookout_guard_fits(&self) -> bool {
        self.plain_captures
            && self.slide.is_none()
            && !self.promotes_at_turn_end
            && !self.makes_own_royals
    }

    /// The [`LookoutGuard`] of the side to move's royal pieces in `pos`; `None` where the file
    /// has none (see [`Lang::lookout_guard_fits`]), where the side has no royal piece, or where
    /// some capture reaches anywhere.
    pub fn lookout_guard(&self, pos: &Position) -> Option<LookoutGuard> {
        if !self.lookout_guard_fits() {
            return None;
        }
        let board = &pos.board;
        let side = pos.side;
        let royals = self.royal_squares(board, side);
        if royals.is_empty() {
            return None;
        }
        Some(LookoutGuard {
            royals,
            watched: self.lookout(board, side, true)?,
            in_check: !self.stand_safe(board, royals, side.opponent()),
            board: *board,
        })
    }

    /// The squares of `side`'s royal pieces on `board`.
    pub(super) fn royal_squares(&self, board: &Board, side: Side) -> LocSet {
        self.royals.iter().fold(LocSet::EMPTY, |set, k| {
            set | board.locs_of(Piece::new(*k, side))
        })
    }

    /// Whether no piece of `by` on `board` could take on any of `royals` by landing there.
    fn stand_safe(&self, board: &Board, royals: LocSet, by: Side) -> bool {
        royals.iter().all(|at| !self.attacked(board, at, by))
    }

    /// The squares whose change could change whether a royal piece of `side` stands attacked on
    /// `board`: each royal piece's square and, along every capturing move of the opponent
    /// turned back from it, the squares up to the first piece or hole (up to the second for a
    /// hopping move, whose first is its screen; all of a leap's path); where `standing` (no
    /// piece of the opponent moves), only along the moves that a piece of the opponent stands
    /// at the far end of. `None` where a capture reaches anywhere or hangs on a region the
    /// holes move.
    pub(super) fn lookout(&self, board: &Board, side: Side, standing: bool) -> Option<LocSet> {
        let stops = board.blockers();
        let shifting =
            |zone: &Option<usize>| zone.is_some_and(|z| matches!(self.zones[z], Zone::LastOfFile));
        let royals = self.royal_squares(board, side);
        let mut seen = royals;
        for kind in &self.capturing_kinds {
            let rule = self.piece(*kind);
            if shifting(&rule.never_in) || rule.atom_zones.iter().any(shifting) {
                return None;
            }
            let theirs = if standing {
                board.locs_of(Piece::new(*kind, side.opponent()))
            } else {
                !LocSet::EMPTY
            };
            if theirs.is_empty() {
                continue;
            }
            for (atom, rays) in rule.atoms.iter().zip(&rule.rays) {
                if !atom.captures || atom.en_passant {
                    continue;
                }
                if atom.travel == Travel::Anywhere {
                    return None;
                }
                for at in royals {
                    for ray in rays.turned_back(side, at) {
                        if !ray.meets(theirs) {
                            continue;
                        }
                        seen |= if atom.hop {
                            let screen = ray.reach(stops, true) & stops;
                            ray.reach(stops & !screen, true)
                        } else if atom.travel == Travel::Ride {
                            ray.reach(stops, true)
                        } else {
                            ray.reach(LocSet::EMPTY, true)
                        };
                    }
                }
            }
        }
        Some(seen)
    }

    /// Every square a piece of `kind` and `side` on `from` could land on by one of its atoms on
    /// the empty board.
    fn span(&self, kind: Kind, side: Side, from: Loc) -> LocSet {
        let rule = self.piece(kind);
        rule.atoms
            .iter()
            .zip(&rule.rays)
            .fold(LocSet::EMPTY, |set, (atom, rays)| {
                set | match atom.travel {
                    Travel::Anywhere => self.basics.geometry.inside(),
                    _ => rays.span(side, from),
                }
            })
    }

    /// The number of legal turns of `pos` (whose game goes on, its turns moves alone) where its
    /// royal pieces have a [`LookoutGuard`] and no pin guard: the moves of each piece neither
    /// royal nor on a watched square that land on unwatched squares are counted by set
    /// arithmetic (every one legal out of check, none in check); the rest, and every move of
    /// the pieces that cannot be counted so, are listed and judged one by one. `None` where the
    /// position has no such guard.
    pub(super) fn count_looked_out(&self, pos: &Position) -> Option<u64> {
        let mut guard = self.lookout_guard(pos)?;
        let side = pos.side;
        let board = &pos.board;
        let watched = guard.watched();
        let check = guard.in_check();
        let unwatched = if check { LocSet::EMPTY } else { !watched };
        let landable = watched & !board.occupied_by(side);
        let landings = self.landings(pos);
        let (mut counted, mut listed) = (LocSet::EMPTY, LocSet::EMPTY);
        let mut count = 0;
        for from in board.occupied_by(side) {
            let piece = board.piece(from).expect("an occupied square");
            if watched.contains(from) || self.piece(piece.kind).royal || self.castles(piece.kind) {
                listed |= from.bit();
                continue;
            }
            let by_sets = self.count_by_sets(
                pos,
                from,
                piece,
                (false, unwatched),
                None,
                &landings,
                &mut || check,
            );
            match by_sets {
                Some(n) => {
                    count += n;
                    counted |= from.bit();
                    if self.span(piece.kind, side, from).intersects(landable) {
                        listed |= from.bit();
                    }
                }
                None => listed |= from.bit(),
            }
        }
        let _ = self.moves_of(pos, true, &|_| listed, &mut |turn| {
            if turn.placement.is_none() && counted.contains(turn.from) && !watched.contains(turn.to)
            {
                return ControlFlow::Continue(());
            }
            let legal = match guard.judge(self, pos, turn) {
                Some(safe) => safe,
                None => self.keeps_royals(pos, &self.apply(pos, turn, &mut Discard)),
            };
            count += u64::from(legal);
            ControlFlow::Continue(())
        });
        Some(count)
    }
}
