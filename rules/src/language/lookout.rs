//! A guard of the royal pieces for files whose turn is its move alone and whose captures are all
//! by landing, where pins do not tell all a move can expose (a piece that hops over a screen, a
//! lame leaper, a capture of royal pieces only): the squares whose change could change whether
//! the mover's royal pieces stand attacked are found once per position, a move that touches none
//! of them is exactly as safe as the position is now, and any other is judged on the board alone
//! (its lines' stops changed, or a capture made and unmade on one copy of it), never by playing
//! the whole turn.

use super::compile::{Lang, Zone};
use super::notation::Travel;
use crate::board::Board;
use crate::event::Discard;
use crate::position::Position;
use crate::rules::Apply;
use crate::turn::Turn;
use crate::types::{Kind, Loc, LocSet, Piece, Side};
use std::ops::ControlFlow;

/// The squares whose change could change whether a royal piece stands attacked (see
/// [`Lang::lookout`]).
#[derive(Clone, Copy)]
pub struct Watched {
    /// Every such square.
    pub all: LocSet,
    /// Those along hopping moves, where a square filled could give a hopper its screen (or
    /// its target): elsewhere, filling a square only blocks lines.
    pub screens: LocSet,
}

/// What a position's royal pieces risk, found once for all its turns: where they stand, whether
/// one stands attacked now, and the squares whose change (emptied, filled, or its piece taken)
/// could change that (see [`Lang::lookout`]). The opponent's pieces stay where they stand
/// during a move, so only their capturing lines that end on a royal piece are watched.
pub struct LookoutGuard {
    side: Side,
    royals: LocSet,
    watched: Watched,
    in_check: bool,
    /// A copy of the position's board, made at the first capture judged, on which each judged
    /// capture is made and unmade.
    board: Option<Board>,
}

impl LookoutGuard {
    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// The squares whose change could change whether a royal piece stands attacked.
    #[inline]
    pub fn watched(&self) -> Watched {
        self.watched
    }

    /// Whether `turn`, a possible turn of `pos`, keeps the mover's royal pieces safe, where the
    /// board after its move tells: a drop, or a move that is no castling, no en passant
    /// capture, gives the opponent no piece by promotion and takes no royal piece nor a piece
    /// of its own side (see [`LookoutGuard::move_safe`]). `None` where only the position after
    /// the turn tells.
    pub fn judge(&mut self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        if let Some((_, at)) = turn.placement {
            return turn
                .is_drop()
                .then(|| self.move_safe(lang, &pos.board, (at, at)));
        }
        let piece = pos.board.piece(turn.from)?;
        let taken = pos.board.piece(turn.to);
        if !lang.moves_plainly(pos, piece, turn)
            || taken.is_some_and(|p| p.side == piece.side || lang.piece(p.kind).royal)
            || lang.castle_of(pos, turn).is_some()
        {
            return None;
        }
        Some(self.move_safe(lang, &pos.board, (turn.from, turn.to)))
    }

    /// Whether the mover's royal pieces stand unattacked on `board` (the position's) after its
    /// piece on `from` moves to `to`, empty or holding an enemy piece that is not royal (or a
    /// piece is dropped there, where `from` is `to`). A piece that is not royal leaving an
    /// unwatched square keeps them as safe as they are where it lands on an unwatched square,
    /// and out of check also where it takes there (the square stays filled, and the opponent
    /// only loses a piece) or fills a square no hopper could screen with. Else, onto an empty
    /// square, the board is read with its lines' stops changed (the opponent's pieces stay,
    /// and whether a square is attacked does not hang on what stands on it, but for a capture
    /// of royal pieces only, which a royal piece stepping there meets); a capture is made and
    /// unmade on the copy.
    #[inline(always)]
    pub fn move_safe(&mut self, lang: &Lang, board: &Board, (from, to): (Loc, Loc)) -> bool {
        let royal = self.royals.contains(from);
        let Watched { all, screens } = self.watched;
        if !royal && !all.contains(from) {
            if !all.contains(to) {
                return !self.in_check;
            }
            if !self.in_check && (board.piece(to).is_some() || !screens.contains(to)) {
                return true;
            }
        }
        let royals = if royal {
            self.royals.without(from).with(to)
        } else {
            self.royals
        };
        let enemy = self.side.opponent();
        if !board.is_side(to, enemy) {
            let stops = board.blockers().without(from).with(to);
            return royals
                .iter()
                .all(|at| !lang.attacked_through(board, at, enemy, stops));
        }
        let copy = self.board.get_or_insert(*board);
        let taken = copy.piece(to);
        copy.move_piece(from, to);
        let safe = lang.stand_safe(copy, royals, enemy);
        copy.move_piece(to, from);
        if let Some(taken) = taken {
            copy.put(to, taken);
        }
        safe
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
    #[inline(always)]
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
            side,
            royals,
            watched: self.lookout(board, side, (true, true))?,
            in_check: !self.stand_safe(board, royals, side.opponent()),
            board: None,
        })
    }

    /// The squares of `side`'s royal pieces on `board`.
    #[inline(always)]
    pub(super) fn royal_squares(&self, board: &Board, side: Side) -> LocSet {
        self.royals.iter().fold(LocSet::EMPTY, |set, k| {
            set | board.locs_of(Piece::new(*k, side))
        })
    }

    /// Whether no piece of `by` on `board` could take on any of `royals` by landing there.
    #[inline(always)]
    fn stand_safe(&self, board: &Board, royals: LocSet, by: Side) -> bool {
        royals.iter().all(|at| !self.attacked(board, at, by))
    }

    /// The squares whose change could change whether a royal piece of `side` stands attacked on
    /// `board`: each royal piece's square and, along every capturing move of the opponent
    /// turned back from it, the squares up to the first piece or hole (up to the second for a
    /// hopping move, whose first is its screen; all of a leap's path); where `standing` (no
    /// piece of the opponent moves), only along the moves that a piece of the opponent stands
    /// at the far end of; a plain leap's only where `leaps` (else only a square's emptying is
    /// asked about, and it changes no plain leap). `None` where a capture reaches anywhere or
    /// hangs on a region the holes move.
    #[inline(always)]
    pub(super) fn lookout(
        &self,
        board: &Board,
        side: Side,
        (standing, leaps): (bool, bool),
    ) -> Option<Watched> {
        let stops = board.blockers();
        let shifting =
            |zone: &Option<usize>| zone.is_some_and(|z| matches!(self.zones[z], Zone::LastOfFile));
        let royals = self.royal_squares(board, side);
        let mut seen = Watched {
            all: royals,
            screens: LocSet::EMPTY,
        };
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
                if !leaps && atom.travel == Travel::Leap && !atom.lame && !atom.hop {
                    continue;
                }
                for at in royals {
                    for ray in rays.turned_back(side, at) {
                        if !ray.meets(theirs) {
                            continue;
                        }
                        if atom.hop {
                            let screen = ray.reach(stops, true) & stops;
                            let line = ray.reach(stops & !screen, true);
                            seen.all |= line;
                            seen.screens |= line;
                        } else if atom.travel == Travel::Ride {
                            seen.all |= ray.reach(stops, true);
                        } else {
                            seen.all |= ray.reach(LocSet::EMPTY, true);
                        }
                    }
                }
            }
        }
        Some(seen)
    }

    /// Every square a piece of `kind` and `side` on `from` could land on by one of its atoms,
    /// onto a piece or not, where `stops` (of which `holes` the holes) end its lines: a
    /// hopping move's squares before its screen and the one beyond.
    #[inline(always)]
    fn reach_with_hops(
        &self,
        kind: Kind,
        side: Side,
        from: Loc,
        (stops, holes): (LocSet, LocSet),
    ) -> LocSet {
        let rule = self.piece(kind);
        rule.atoms
            .iter()
            .zip(&rule.rays)
            .fold(LocSet::EMPTY, |set, (atom, rays)| {
                set | if atom.hop {
                    rays.from(side, from)
                        .iter()
                        .fold(LocSet::EMPTY, |set, ray| {
                            set | ray.reach(stops, true) | ray.beyond_screen(stops, holes)
                        })
                } else {
                    self.atom_reach(atom, rays, side, from, stops)
                }
            })
    }

    /// The number of legal turns of `pos` (whose game goes on, its turns moves alone) where its
    /// royal pieces have a [`LookoutGuard`] and no pin guard: each piece that is not royal has
    /// its moves counted by set arithmetic onto the squares where they keep the royal pieces
    /// safe: out of check, from an unwatched square, every square but the empty ones a hopper
    /// could screen with; and each other square it could reach where
    /// [`LookoutGuard::move_safe`] says so. The royal pieces' moves, and those of the pieces
    /// that cannot be counted so (or could take an enemy royal piece), are listed and judged
    /// one by one. `None` where the position has no such guard.
    #[inline(always)]
    pub(super) fn count_looked_out(&self, pos: &Position) -> Option<u64> {
        let mut guard = self.lookout_guard(pos)?;
        let side = pos.side;
        let board = &pos.board;
        let watched = guard.watched();
        let check = guard.in_check();
        let unsure = watched.screens & !board.occupied();
        let stops = (board.blockers(), board.holes());
        let landings = self.landings(pos);
        let enemy_royals = self.royal_squares(board, side.opponent());
        let mut listed = LocSet::EMPTY;
        let mut count = 0;
        for from in board.occupied_by(side) {
            let piece = board.piece(from).expect("an occupied square");
            if self.piece(piece.kind).royal || self.castles(piece.kind) {
                listed |= from.bit();
                continue;
            }
            let (safe, judged) = if watched.all.contains(from) {
                (LocSet::EMPTY, !LocSet::EMPTY)
            } else if check {
                (LocSet::EMPTY, watched.all)
            } else {
                (!unsure, unsure)
            };
            let reach = self.reach_with_hops(piece.kind, side, from, stops);
            if reach.intersects(enemy_royals) {
                listed |= from.bit();
                continue;
            }
            let judged = reach & judged & !board.occupied_by(side);
            let safe = judged.iter().fold(safe, |set, to| {
                if guard.move_safe(self, board, (from, to)) {
                    set.with(to)
                } else {
                    set
                }
            });
            let landing = (false, safe | enemy_royals);
            let counted = self.kind_count(pos, piece, false).and_then(|kind| {
                self.count_by_sets(
                    pos,
                    from,
                    piece,
                    landing,
                    &kind,
                    None,
                    &landings,
                    &mut || check,
                )
            });
            match counted {
                Some(n) => count += n,
                None => listed |= from.bit(),
            }
        }
        let _ = self.moves_of(pos, true, &|_| listed, &mut |turn| {
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
