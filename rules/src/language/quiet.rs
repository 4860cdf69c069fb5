//! A guard of the royal pieces for files whose pieces step or leap, capturing by replacement
//! and interception, with a removal on entering a region and a placement (see
//! [`Lang::quiet_watch_fits`]): a quiet turn changes only the square its piece leaves and the
//! one it enters, and the opponent's ways to take a royal piece read the mover's pieces at a
//! few squares only, so one answer, found once per position, holds for every quiet turn that
//! touches none of them.

use super::compile::Lang;
use super::notation::Travel;
use super::schema::CaptureMode;
use crate::board::Board;
use crate::event::Discard;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Dir, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};

/// The diagonal directions, along which interceptions are made.
pub(super) const DIAGONALS: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

/// What a position's royal pieces risk, found once for all its turns: whether the opponent,
/// moving now, could take one, and the squares whose change could alter that. Where a turn is
/// quiet (see [`Lang::is_quiet_step`]) and leaves and enters none of them, the opponent after
/// it has exactly the ways it has now: it moves no piece of the opponent's, changes the
/// opponent's count of nothing, and the placement the turn may give the opponent cannot help
/// (else the position has no watch).
pub struct QuietWatch {
    safe: bool,
    touchy: LocSet,
}

impl QuietWatch {
    /// Whether the opponent, moving now, could take none of the royal pieces.
    #[inline]
    pub fn safe(&self) -> bool {
        self.safe
    }

    /// The squares whose change could alter whether the royal pieces are safe.
    #[inline]
    pub fn touchy(&self) -> LocSet {
        self.touchy
    }

    /// Whether `turn`, a possible turn of `pos`, keeps the royal pieces safe, where the watch
    /// knows for certain; `None` where only the position after the turn tells.
    #[inline]
    pub fn judge(&self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        let touches = self.touchy.contains(turn.from) || self.touchy.contains(turn.to);
        (!touches && lang.is_quiet_step(pos, turn)).then_some(self.safe)
    }
}

impl Lang {
    /// Whether a [`QuietWatch`] can judge this file's quiet turns: captures by replacement and
    /// interception only, nothing exploding, no drops, no slide, castling, en passant, promotion at the
    /// turn's end or capture of one's own pieces, no turn that makes its mover a royal piece,
    /// and pieces that only leap (no riding, hopping, moving anywhere or along the lines). Worked
    /// out once, when the file is compiled.
    pub fn quiet_watch_fits(&self) -> bool {
        let modes_fit = self
            .capture
            .modes
            .iter()
            .all(|m| matches!(m, CaptureMode::Replacement | CaptureMode::Interception));
        let atoms_fit = self.pieces.iter().flatten().all(|p| {
            p.atoms
                .iter()
                .all(|a| a.travel == Travel::Leap && !a.along_lines && !a.hop && !a.en_passant)
        });
        modes_fit
            && atoms_fit
            && !self.plain_captures
            && self.explosion.is_none()
            && self.drops.is_none()
            && self.slide.is_none()
            && self.castling.is_empty()
            && !self.promotes_at_turn_end
            && !self.capture.own_pieces
            && !self.makes_own_royals
    }

    /// The [`QuietWatch`] of the side to move's royal pieces in `pos`; `None` where the file
    /// has none, where the opponent has no royal piece, where a piece of the opponent stands
    /// where it could take a royal piece by entering the removal region, or where a piece the
    /// opponent could place might help it take one.
    pub fn quiet_watch(&self, pos: &Position) -> Option<QuietWatch> {
        if !self.quiet_watch_fits {
            return None;
        }
        let (side, enemy) = (pos.side, pos.side.opponent());
        let board = &pos.board;
        if !self.has_royal(board, enemy) || !self.royal_removers(board, enemy).is_empty() {
            return None;
        }
        let royals = self.royal_squares(board, side);
        if self.placement_may_help(pos, royals) {
            return None;
        }
        let geometry = &self.basics.geometry;
        let intercepts = self.capture.modes.contains(&CaptureMode::Interception);
        let mut touchy = royals;
        for royal in royals {
            touchy |= self.passed_to(royal, enemy);
            if !intercepts {
                continue;
            }
            for dir in DIAGONALS {
                let beyond_theirs = geometry
                    .neighbour(royal, dir)
                    .is_some_and(|beyond| board.is_side(beyond, enemy));
                if let Some(landing) = geometry.neighbour(royal, dir.opposite())
                    && beyond_theirs
                {
                    touchy |= landing.bit() | self.passed_to(landing, enemy);
                }
            }
        }
        Some(QuietWatch {
            safe: !self.in_check_now(pos),
            touchy,
        })
    }

    /// The squares a leap of a piece of `by` to `at` passes on its way (a lame leap's), for
    /// every kind: what must stay empty for it.
    fn passed_to(&self, at: Loc, by: Side) -> LocSet {
        self.passed[by.index() * LOC_COUNT + at.index()]
    }

    /// The table behind [`Lang::passed_to`], per side and square.
    pub fn passed_tables(&self) -> Vec<LocSet> {
        let mut out = vec![LocSet::EMPTY; 2 * LOC_COUNT];
        for by in Side::BOTH {
            for at in self.basics.geometry.inside() {
                let mut passed = LocSet::EMPTY;
                for rule in self.pieces.iter().flatten() {
                    for (atom, rays) in rule.atoms.iter().zip(&rule.rays) {
                        if atom.travel != Travel::Leap || atom.along_lines {
                            continue;
                        }
                        for ray in rays.from(by.opponent(), at) {
                            if let Some((_, between)) = ray.squares().split_last() {
                                passed |= between.iter().copied().collect::<LocSet>();
                            }
                        }
                    }
                }
                out[by.index() * LOC_COUNT + at.index()] = passed;
            }
        }
        out
    }

    /// Whether `turn`, a possible whole turn of `pos`, keeps its mover's royal pieces: as
    /// [`Lang::keeps_royals`] on the position after it, asked first without the placement
    /// right the turn gives the opponent (a threat without a placement is one with it), and
    /// with it only where a placement could help.
    pub fn keeps_royals_watched(&self, pos: &Position, turn: &Turn) -> bool {
        let mut after = self.play_move(pos, turn, &mut Discard);
        self.play_after_parts(pos, &mut after, turn, &mut Discard);
        let next = &after.pos;
        if self.lost_own_royal(pos, next) {
            return false;
        }
        if self.ends_on_royal_taken() && !self.has_royal(&next.board, next.side) {
            return true;
        }
        if self.threatens(next) {
            return false;
        }
        let Some(placement) = &self.placement else {
            return true;
        };
        let royals = self.royal_squares(&next.board, pos.side);
        if !self.placement_may_help(pos, royals) || !self.placement_right(placement, &mut after) {
            return true;
        }
        after.pos.state.placement_right = true;
        !self.threatens(&after.pos)
    }

    /// Whether the piece the opponent of the side to move in `pos` may place, if a turn gives
    /// it the right, could help it take one of the royal pieces on `royals`: placed where it
    /// could land on one, land diagonally next to one (to intercept it) or stand there (the far
    /// end of an interception), or enter the removal region and remove one. The squares beside
    /// the opponent's royal pieces are taken as they are, empty or not, since a turn may empty
    /// one.
    fn placement_may_help(&self, pos: &Position, royals: LocSet) -> bool {
        let Some(placement) = &self.placement else {
            return false;
        };
        let enemy = pos.side.opponent();
        let kind = placement.kind;
        if pos.state.reserve.count(Piece::new(kind, enemy)) == 0 {
            return false;
        }
        let geometry = &self.basics.geometry;
        let spots = if placement.beside_royal {
            self.royals.iter().fold(LocSet::EMPTY, |set, k| {
                pos.board
                    .locs_of(Piece::new(*k, enemy))
                    .iter()
                    .fold(set, |set, at| set | geometry.adjacent(at))
            })
        } else {
            geometry.inside()
        };
        let mut helps = LocSet::EMPTY;
        for royal in royals {
            helps |= self.leap_sources_of(kind, enemy, royal);
            for dir in DIAGONALS {
                if let Some(next) = geometry.neighbour(royal, dir) {
                    helps |= next.bit() | self.leap_sources_of(kind, enemy, next);
                }
            }
        }
        if self.royal_removing_kinds.contains(&kind) {
            helps |= self.removal_entries[enemy.index()];
        }
        spots.intersects(helps)
    }

    /// Whether `turn`, a possible turn of `pos`, is quiet for a [`QuietWatch`]: a piece that is
    /// not royal steps to an empty square, with no placement, removal or promotion, intercepting
    /// nothing and making no automatic removal. It changes the board at its two squares only.
    #[inline]
    pub fn is_quiet_step(&self, pos: &Position, turn: &Turn) -> bool {
        let board = &pos.board;
        if turn.placement.is_some() || turn.removal.is_some() || turn.promotion.is_some() {
            return false;
        }
        let Some(piece) = board.piece(turn.from) else {
            return false;
        };
        let rule = self.piece(piece.kind);
        let (from, to, side) = (turn.from, turn.to, piece.side);
        if rule.royal || !board.is_empty(to) {
            return false;
        }
        if rule
            .promotion
            .as_ref()
            .is_some_and(|p| self.in_zone(p.zone, side, to, board))
        {
            return false;
        }
        if let Some(removal) = &self.removal
            && removal.by[piece.kind.index()]
                .as_ref()
                .is_some_and(|r| r.automatic)
            && !self.in_zone(removal.zone, side, from, board)
            && self.in_zone(removal.zone, side, to, board)
        {
            return false;
        }
        !self.capture.modes.contains(&CaptureMode::Interception)
            || !self.intercepts_from(board, from, to, side)
    }

    /// Whether a piece of `side` moving from `from` to `to` on `board` would intercept an enemy
    /// piece there: one diagonally next to `to` with a piece of `side` beyond it.
    fn intercepts_from(&self, board: &Board, from: Loc, to: Loc, side: Side) -> bool {
        let geometry = &self.basics.geometry;
        DIAGONALS.into_iter().any(|dir| {
            let Some(between) = geometry.neighbour(to, dir) else {
                return false;
            };
            let Some(beyond) = geometry.neighbour(between, dir) else {
                return false;
            };
            beyond != from && board.is_side(between, side.opponent()) && board.is_side(beyond, side)
        })
    }

    /// The squares a piece of `kind` of `side` could leap to `at` from on an empty board.
    fn leap_sources_of(&self, kind: Kind, side: Side, at: Loc) -> LocSet {
        self.leap_sources[(kind.index() * 2 + side.index()) * LOC_COUNT + at.index()]
    }
}
