//! Whether a square is attacked, found from the square: each capture atom of each kind the
//! attacker has is looked along backwards from the target, so a royal piece's safety costs a
//! few lookups rather than a list of the attacker's moves. Used where every capture is by
//! landing (see [`Lang::plain_captures`]).

use super::compile::Lang;
use super::moves::{oriented, unit_dir};
use super::notation::{Atom, Travel};
use super::rays::Rays;
use crate::board::Board;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Dir, Kind, Loc, LocSet, Piece, Side};

impl Lang {
    /// Whether a piece of `by` could take on `target` by landing there (an atom that captures
    /// royal pieces only, where it is empty or holds a royal piece, wherever its piece may
    /// never stand).
    #[inline]
    pub fn attacked(&self, board: &Board, target: Loc, by: Side) -> bool {
        self.attacked_through(board, target, by, board.blockers())
    }

    /// Whether a piece of `by` on `board` could take on `target` by landing there were the
    /// squares that end a line (the pieces and holes) `stops`: the board as a move of the other
    /// side that takes nothing of `by`'s would leave it.
    pub fn attacked_through(&self, board: &Board, target: Loc, by: Side, stops: LocSet) -> bool {
        self.capturing_kinds.iter().any(|&kind| {
            !self
                .kind_attackers(board, target, (kind, by), stops, true)
                .is_empty()
        })
    }

    /// The squares of `by`'s pieces on `board` that could take on `target` by landing there
    /// (see [`Lang::attacked_through`] for `stops`).
    pub fn attackers(&self, board: &Board, target: Loc, by: Side, stops: LocSet) -> LocSet {
        self.capturing_kinds
            .iter()
            .fold(LocSet::EMPTY, |set, &kind| {
                set | self.kind_attackers(board, target, (kind, by), stops, false)
            })
    }

    /// The squares of `by`'s pieces of `kind` that could take on `target` by landing there (a
    /// few of them, at least one where there are any, where `some` is true).
    #[inline(always)]
    fn kind_attackers(
        &self,
        board: &Board,
        target: Loc,
        (kind, by): (Kind, Side),
        stops: LocSet,
        some: bool,
    ) -> LocSet {
        let theirs = board.locs_of(Piece::new(kind, by));
        if theirs.is_empty() {
            return LocSet::EMPTY;
        }
        let rule = self.piece(kind);
        let barred = rule
            .never_in
            .is_some_and(|z| self.in_zone(z, by, target, board));
        if barred && !rule.atoms.iter().any(|a| a.royal_only) {
            return LocSet::EMPTY;
        }
        let mut out = LocSet::EMPTY;
        for ((atom, zone), rays) in rule.atoms.iter().zip(&rule.atom_zones).zip(&rule.rays) {
            if !atom.captures || atom.en_passant {
                continue;
            }
            let allowed = if atom.royal_only {
                board.piece(target).is_none_or(|p| self.piece(p.kind).royal)
            } else {
                !barred
            };
            if !allowed {
                continue;
            }
            let first = some && zone.is_none();
            let from = atom_attackers(board, target, (by, theirs), (atom, rays), stops, first);
            out |= match zone {
                None => from,
                Some(z) => from
                    .iter()
                    .filter(|l| self.in_zone(*z, by, *l, board))
                    .collect(),
            };
            if some && !out.is_empty() {
                break;
            }
        }
        out
    }
}

/// The squares of `theirs` (pieces of one kind, of side `by`) that could take on `target` with
/// `atom` (whose rays are `rays`), where `stops` end lines (the first found along a line where
/// `some` is true): along the rays the atom has for the other side (each leap turned back) from
/// `target`, none looked along where no such piece stands on them.
#[inline(always)]
fn atom_attackers(
    board: &Board,
    target: Loc,
    (by, theirs): (Side, LocSet),
    (atom, rays): (&Atom, &Rays),
    stops: LocSet,
    some: bool,
) -> LocSet {
    if atom.travel == Travel::Anywhere {
        return theirs.without(target);
    }
    let side = by.opponent();
    let near = rays.span(side, target) & theirs;
    if near.is_empty() {
        return LocSet::EMPTY;
    }
    if atom.travel == Travel::Leap && !atom.lame {
        return near;
    }
    let rides = atom.travel == Travel::Ride;
    let mut out = LocSet::EMPTY;
    for ray in rays.turned_back(side, target) {
        if !ray.meets(theirs) {
            continue;
        }
        out |= theirs
            & if atom.hop {
                ray.beyond_screen(stops, board.holes())
            } else {
                ray.reach(stops, rides)
            };
        if some && !out.is_empty() {
            break;
        }
    }
    out
}

/// The most lines from a royal piece its guard follows: the board's eight and, for riders off
/// them (a Nightrider's), eight more.
const MAX_LINES: usize = 16;

/// What a position's royal piece risks, found once for all the turns of a position: where it
/// stands, whether it is in check, which pieces of its side stand pinned before it and along
/// which line each may move, and where a move must land to answer a check. A turn that moves
/// no pinned piece and not the royal piece, and gives the opponent no piece by promotion, out
/// of no check, keeps it safe without a look at the position after; any other move alone (no
/// castling, en passant or gift) is safe where it lands on its piece's line (if pinned) and on
/// a square that answers the check (if in check).
pub struct Guard {
    royal: Loc,
    in_check: bool,
    pinned: LocSet,
    /// Each pinned piece's square and the line it may move along (up to and including its
    /// pinner), the first `pin_count` of them.
    pins: [(Loc, LocSet); MAX_LINES],
    pin_count: usize,
    /// Where a move of a piece other than the royal one must land to answer the check: every
    /// square out of check.
    answers: LocSet,
}

impl Guard {
    /// Whether `turn`, a possible turn of `pos`, keeps the royal piece safe, where the guard
    /// knows for certain; `None` where only the position after the turn tells.
    #[inline]
    pub fn judge(&self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        if let Some((piece, at)) = turn.placement {
            return turn.is_drop().then(|| self.drop_safe(lang, pos, piece, at));
        }
        let piece = pos.board.piece(turn.from)?;
        if !lang.moves_plainly(pos, piece, turn) {
            return None;
        }
        if turn.from == self.royal {
            return self.royal_step_safe(lang, pos, turn);
        }
        if self.frees(turn.from) {
            return Some(true);
        }
        if takes_royal(lang, pos, turn) {
            return None;
        }
        Some(self.landings(turn.from).contains(turn.to))
    }

    /// Whether every move of the piece on `from` that is no en passant capture and gives the
    /// opponent no piece keeps the royal piece safe: out of check, a piece neither royal nor
    /// pinned.
    #[inline]
    pub fn frees(&self, from: Loc) -> bool {
        !self.in_check && from != self.royal && !self.pinned.contains(from)
    }

    /// The squares whose pieces (of the side to move) move freely: as [`Guard::frees`], every
    /// square but the royal piece's and the pinned pieces' out of check, none in check.
    #[inline]
    pub fn freed(&self) -> LocSet {
        if self.in_check {
            LocSet::EMPTY
        } else {
            !self.pinned.with(self.royal)
        }
    }

    /// Where a move of the piece on `from`, not the royal one, that is no en passant capture,
    /// gives the opponent no piece and takes no royal piece may land and keep the royal piece
    /// safe: along its line if pinned, onto a square answering the check if in check. Vacating
    /// a square that pins nothing opens no line, and filling one only closes them.
    #[inline]
    pub fn landings(&self, from: Loc) -> LocSet {
        let line = if self.pinned.contains(from) {
            self.pins[..self.pin_count]
                .iter()
                .filter(|(at, _)| *at == from)
                .fold(!LocSet::EMPTY, |line, pin| line & pin.1)
        } else {
            !LocSet::EMPTY
        };
        line & self.answers
    }

    /// Whether the royal piece's own `turn` leaves it unattacked, where the turn only moves it
    /// or castles (no promotion, no enemy royal piece taken, nothing promoting at the turn's
    /// end); `None` otherwise.
    fn royal_step_safe(&self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        if takes_royal(lang, pos, turn) || turn.promotion.is_some() || lang.promotes_at_turn_end {
            return None;
        }
        if let Some(castle) = lang.castle_of(pos, turn) {
            return Some(lang.castle_safe(pos, castle));
        }
        Some(self.royal_lands_safe(lang, pos, turn.to))
    }

    /// The squares of `set` the royal piece could step to from its square in `pos` and stand
    /// unattacked on.
    #[inline(always)]
    pub fn safe_landings(&self, lang: &Lang, pos: &Position, set: LocSet) -> LocSet {
        set.iter()
            .filter(|to| self.royal_lands_safe(lang, pos, *to))
            .collect()
    }

    /// Whether the royal piece, stepping from its square in `pos` to `to`, stands unattacked
    /// there (by the board without it: whether a square is attacked does not hang on what
    /// stands on it).
    #[inline]
    pub fn royal_lands_safe(&self, lang: &Lang, pos: &Position, to: Loc) -> bool {
        let stops = pos.board.blockers().without(self.royal);
        !lang.attacked_through(&pos.board, to, pos.side.opponent(), stops)
    }

    /// Whether dropping `piece` on `at`, an empty square, keeps the royal piece safe: always out
    /// of check (a piece put on the board only blocks lines), in check where it blocks.
    pub fn drop_safe(&self, lang: &Lang, pos: &Position, piece: Piece, at: Loc) -> bool {
        if !self.in_check {
            return true;
        }
        let mut board = pos.board;
        board.put(at, piece);
        !lang.attacked(&board, self.royal, pos.side.opponent())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.in_check
    }
}

/// Whether `turn` lands on a royal piece.
fn takes_royal(lang: &Lang, pos: &Position, turn: &Turn) -> bool {
    pos.board
        .piece(turn.to)
        .is_some_and(|p| lang.piece(p.kind).royal)
}

impl Lang {
    /// Whether `turn`, a move of `piece` in `pos`, changes the board at its two squares alone
    /// and leaves the opponent no piece more: no en passant capture and no promotion giving the
    /// opponent a piece.
    #[inline]
    pub fn moves_plainly(&self, pos: &Position, piece: Piece, turn: &Turn) -> bool {
        let en_passant = pos.state.en_passant == Some(turn.to)
            && pos.board.is_empty(turn.to)
            && self.takes_en_passant(piece, turn.from, turn.to);
        let gives = match turn.promotion {
            Some(new) => new.side != piece.side,
            None => self.piece(piece.kind).promotion.as_ref().is_some_and(|p| {
                !p.written
                    && p.own.is_empty()
                    && self.in_zone(p.zone, piece.side, turn.to, &pos.board)
            }),
        };
        !en_passant && !gives
    }

    /// The guard of the side to move's royal piece, where pins tell all that a move can
    /// expose: one royal piece and no way to make another, no slides, and attackers that leap
    /// or ride straight lines.
    pub fn guard(&self, pos: &Position) -> Option<Guard> {
        if !self.pins_suffice || self.makes_own_royals {
            return None;
        }
        let side = pos.side;
        let board = &pos.board;
        let mut royal = None;
        for kind in &self.royals {
            for at in board.locs_of(Piece::new(*kind, side)) {
                if royal.replace(at).is_some() {
                    return None;
                }
            }
        }
        let king = royal?;
        let stops = board.blockers();
        let enemies = board.occupied_by(side.opponent());
        let rides = |at: Loc, dir: Dir, reach: LocSet| {
            enemies.contains(at)
                && board
                    .piece(at)
                    .is_some_and(|p| self.rides_towards(p, dir.opposite(), reach.len() as u8))
        };
        let mut pinned = LocSet::EMPTY;
        let mut pins = [(king, LocSet::EMPTY); MAX_LINES];
        let mut count = 0;
        let mut checking_lines = [LocSet::EMPTY; MAX_LINES];
        let mut line_count = 0;
        let riders = self.riders_towards(board, side.opponent());
        for dir in Dir::ALL {
            let line = self.lines.from(king, dir);
            if !line.meets(riders[dir.index()]) {
                continue;
            }
            let Some(first) = line.first(stops) else {
                continue;
            };
            let near = line.up_to(stops);
            if rides(first, dir, near) {
                checking_lines[line_count] = near;
                line_count += 1;
                continue;
            }
            if !board.is_side(first, side) {
                continue;
            }
            let beyond = stops.without(first);
            let Some(pinner) = line.first(beyond) else {
                continue;
            };
            let reach = line.up_to(beyond);
            if rides(pinner, dir, reach) {
                pinned |= first.bit();
                pins[count] = (first, reach);
                count += 1;
            }
        }
        let enemy = side.opponent();
        for &(kind, atom) in &self.skew_riders {
            let theirs = board.locs_of(Piece::new(kind, enemy));
            let rays = &self.piece(kind).rays[atom];
            if !rays.span(side, king).intersects(theirs) {
                continue;
            }
            for ray in rays.turned_back(side, king) {
                if !ray.meets(theirs) {
                    continue;
                }
                let near = ray.reach(stops, true);
                let first = near & stops;
                if first.intersects(theirs) {
                    *checking_lines.get_mut(line_count)? = near;
                    line_count += 1;
                    continue;
                }
                if !first.intersects(board.occupied_by(side)) {
                    continue;
                }
                let beyond = stops & !first;
                let reach = ray.reach(beyond, true);
                if (reach & beyond).intersects(theirs) {
                    pinned |= first;
                    *pins.get_mut(count)? = (first.first()?, reach);
                    count += 1;
                }
            }
        }
        let in_check = self.attacked_through(board, king, enemy, stops);
        let answers = if in_check {
            self.check_answers(board, king, enemy, &checking_lines[..line_count])
        } else {
            !LocSet::EMPTY
        };
        Some(Guard {
            royal: king,
            in_check,
            pinned,
            pins,
            pin_count: count,
            answers,
        })
    }

    /// Where a move of a piece other than the royal one on `king`, which `enemy` checks, must
    /// land to answer the check: nowhere against two checkers; the checker's square, and where
    /// it checks along a line (one of `checking_lines`, each from the royal piece up to the
    /// checker) and no other way (it checks no more with every square between filled: no
    /// attacker hops), also the squares between.
    fn check_answers(
        &self,
        board: &Board,
        king: Loc,
        enemy: Side,
        checking_lines: &[LocSet],
    ) -> LocSet {
        let stops = board.blockers();
        let checkers = self.attackers(board, king, enemy, stops);
        if checkers.len() != 1 {
            return LocSet::EMPTY;
        }
        match checking_lines.iter().find(|l| l.intersects(checkers)) {
            Some(line) if !self.attacked_through(board, king, enemy, stops | *line) => *line,
            _ => checkers,
        }
    }

    /// The table behind [`Lang::ride_dirs`]: per kind and side, the directions along which a
    /// piece of it rides capturing, without hopping.
    pub fn ride_dirs(&self) -> Vec<u8> {
        let mut out = vec![0; Kind::COUNT * 2];
        for (kind, rule) in Kind::ALL.into_iter().zip(&self.pieces) {
            let Some(rule) = rule else {
                continue;
            };
            for side in Side::BOTH {
                for atom in &rule.atoms {
                    if !atom.captures || atom.travel != Travel::Ride || atom.hop {
                        continue;
                    }
                    for leap in &atom.leaps {
                        if let Some(dir) = unit_dir(oriented(*leap, side)) {
                            out[kind.index() * 2 + side.index()] |= 1 << dir.index();
                        }
                    }
                }
            }
        }
        out
    }

    /// The squares of `by`'s pieces on `board` that ride capturing towards each direction's
    /// opposite (those that could check or pin along the line from a square that way).
    pub(super) fn riders_towards(&self, board: &Board, by: Side) -> [LocSet; 8] {
        let mut out = [LocSet::EMPTY; 8];
        for kind in &self.riding_kinds {
            let theirs = board.locs_of(Piece::new(*kind, by));
            let dirs = self.ride_dirs[kind.index() * 2 + by.index()];
            if theirs.is_empty() || dirs == 0 {
                continue;
            }
            for dir in Dir::ALL {
                if dirs & (1 << dir.index()) != 0 {
                    out[dir.opposite().index()] |= theirs;
                }
            }
        }
        out
    }

    /// Whether `piece` rides along `dir` at least `distance` steps, capturing.
    pub(super) fn rides_towards(&self, piece: Piece, dir: Dir, distance: u8) -> bool {
        self.piece(piece.kind).atoms.iter().any(|a| {
            a.captures
                && a.travel == Travel::Ride
                && (a.range == 0 || a.range >= distance)
                && a.leaps
                    .iter()
                    .any(|l| unit_dir(oriented(*l, piece.side)) == Some(dir))
        })
    }
}
