//! Counting a position's legal turns without playing them, for perft's last ply: where a turn
//! is its move alone, each piece's moves are counted by set arithmetic along its rays, onto
//! the squares the royal piece's guard leaves it (its pin's line, the squares answering a
//! check), with their promotions; only the moves the guard cannot tell about (an en passant
//! capture, a promotion giving the opponent a piece) are looked at one by one (where pins tell
//! too little, `lookout` counts the moves away from its watched squares so). Where a
//! slide follows the move, each move is played once and its slides judged on the board alone.

use super::attack::Guard;
use super::compile::{Lang, PieceRule, Zone};
use super::moves::Candidate;
use super::no_check::CheckSquares;
use super::notation::{Atom, Travel};
use super::rays::Rays;
use super::schema::Supply;
use super::shifts::ShiftPlan;
use super::turns::slide_on;
use crate::board::Board;
use crate::event::Discard;
use crate::position::Position;
use crate::rules::Apply;
use crate::turn::Turn;
use crate::types::{Loc, LocSet, Piece, Side};
use std::ops::ControlFlow;

/// What counting a kind's moves by sets needs (see [`Lang::kind_count`]): the squares it may
/// land on, and those it promotes on with the number of ways each such move is written.
pub(super) struct KindCount {
    allowed: LocSet,
    promoting: LocSet,
    ways: u64,
}

impl KindCount {
    /// The number of `atom`'s moves landing on `reach`: its en passant captures onto
    /// `passant`, else its moves onto `empty` and captures onto `takeable`, each promotion
    /// counted once per way.
    #[inline(always)]
    fn moves_to(
        &self,
        atom: &Atom,
        reach: LocSet,
        (passant, empty, takeable): (LocSet, LocSet, LocSet),
    ) -> u64 {
        if atom.en_passant {
            self.ways_to(reach & passant)
        } else {
            u64::from(atom.moves) * self.ways_to(reach & empty)
                + u64::from(atom.captures) * self.ways_to(reach & takeable)
        }
    }

    /// The number of moves landing on `set`, each promotion counted once per way.
    #[inline(always)]
    fn ways_to(&self, set: LocSet) -> u64 {
        if !set.intersects(self.promoting) {
            set.len() as u64
        } else {
            (set & !self.promoting).len() as u64 + self.ways * (set & self.promoting).len() as u64
        }
    }
}

/// Where a move of the side to move may land, found once per position: the empty squares, the
/// pieces it may take (by landing) and the squares that end a move along a line (pieces and
/// holes).
pub(super) struct Landings {
    pub empty: LocSet,
    pub takeable: LocSet,
    pub stops: LocSet,
}

impl Lang {
    /// The landings of the side to move in `pos`, for a piece that is not royal.
    #[inline(always)]
    pub(super) fn landings(&self, pos: &Position) -> Landings {
        let board = &pos.board;
        let side = pos.side;
        let stops = board.occupied() | board.holes();
        let mut takeable = board.occupied_by(side.opponent());
        if self.capture.own_pieces {
            takeable |= board.occupied_by(side) & !self.royal_squares(board, side);
        }
        Landings {
            empty: self.basics.geometry.inside() & !stops,
            takeable,
            stops,
        }
    }

    /// What counting the moves of `piece`'s kind (of the side to move in `pos`) by sets needs,
    /// the same for each of its pieces: the squares it may land on and those it promotes on
    /// with the number of ways; `None` where a capture is not by landing, one of its atoms
    /// captures royal pieces only, or a region or promotion cannot be counted by sets (see
    /// [`Lang::count_by_sets`]; `free`: the side has no royal piece, and every move is legal).
    #[inline(always)]
    pub(super) fn kind_count(&self, pos: &Position, piece: Piece, free: bool) -> Option<KindCount> {
        let rule = self.piece(piece.kind);
        let side = piece.side;
        if !(self.plain_captures || self.blast_judged) || rule.atoms.iter().any(|a| a.royal_only) {
            return None;
        }
        let fixed = |zone: usize| match &self.zones[zone] {
            Zone::Fixed(sets) => Some(sets[side.index()]),
            Zone::LastOfFile => None,
        };
        let allowed = match rule.never_in {
            None => !LocSet::EMPTY,
            Some(zone) => !fixed(zone)?,
        };
        let (promoting, ways) = match &rule.promotion {
            None => (LocSet::EMPTY, 1),
            Some(promotion) if !promotion.written => {
                if !free && promotion.own.is_empty() {
                    return None;
                }
                (LocSet::EMPTY, 1)
            }
            Some(promotion) => {
                if (!free && !promotion.opponent.is_empty()) || promotion.optional_in.is_some() {
                    return None;
                }
                let ways = match promotion.supply {
                    Supply::Unlimited => promotion.own.len() + promotion.opponent.len(),
                    Supply::Captured | Supply::BelowStart => {
                        self.written_choices(pos, piece, promotion).count()
                    }
                };
                (fixed(promotion.zone)?, ways as u64)
            }
        };
        Some(KindCount {
            allowed,
            promoting,
            ways,
        })
    }

    /// The number of legal moves of the piece on `from` (of the side to move in `pos`), counted
    /// along its rays by set arithmetic (a hopping move's capture beyond its screen) with what
    /// its kind needs (`kind`, see [`Lang::kind_count`]), where it is not a royal piece that
    /// hops, and either it is not royal and its moves are legal where they land on `landing`
    /// (`free`: the side has no royal piece, and every move is; else the squares the guard
    /// leaves it, where it can take no royal piece, has no en passant capture open and no
    /// promotion giving the opponent a piece), or it is the royal piece of `guard`, which never
    /// promotes nor takes en passant: it takes only enemy pieces, and each step is judged by
    /// whether its square is attacked (a step onto an enemy royal piece or a castling's end
    /// leaves it to be judged by the position after); `None` elsewhere.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn count_by_sets(
        &self,
        pos: &Position,
        from: Loc,
        piece: Piece,
        (free, landing): (bool, LocSet),
        kind: &KindCount,
        guard: Option<&Guard>,
        landings: &Landings,
        in_check: &mut dyn FnMut() -> bool,
    ) -> Option<u64> {
        let rule = self.piece(piece.kind);
        let side = piece.side;
        let royal_guard = match (rule.royal, guard) {
            (false, _) => None,
            (true, Some(guard))
                if rule.promotion.is_none() && !rule.atoms.iter().any(|a| a.en_passant) =>
            {
                Some(guard)
            }
            (true, _) => return None,
        };
        let safe = match royal_guard {
            None => !LocSet::EMPTY,
            Some(guard) => {
                let reach = self.reach(rule, side, from, landings.stops);
                if !(reach & self.royal_step_unsure(pos, from)).is_empty() {
                    return None;
                }
                let enemies = pos.board.occupied_by(side.opponent());
                guard.safe_landings(self, pos, reach & (landings.empty | enemies))
            }
        };
        if landing != !LocSet::EMPTY
            && (landings.takeable & !landing).intersects(self.enemy_royals(pos))
        {
            return None;
        }
        let allowed = kind.allowed & safe & landing;
        let (empty, takeable) = (landings.empty & allowed, landings.takeable & allowed);
        let mut count = 0;
        for ((atom, zone), rays) in rule.atoms.iter().zip(&rule.atom_zones).zip(&rule.rays) {
            if atom.hop && (royal_guard.is_some() || atom.travel != Travel::Ride || atom.en_passant)
            {
                return None;
            }
            if !self.atom_open(pos, &pos.board, from, side, (atom, zone), in_check) {
                continue;
            }
            if atom.hop {
                for ray in rays.from(side, from) {
                    let screened = ray.beyond_screen(landings.stops, pos.board.holes());
                    count += u64::from(atom.moves)
                        * kind.ways_to(ray.reach(landings.stops, true) & empty)
                        + u64::from(atom.captures) * kind.ways_to(screened & takeable);
                }
                continue;
            }
            let passant = match (atom.en_passant, pos.state.en_passant) {
                (false, _) => LocSet::EMPTY,
                (true, None) => continue,
                (true, Some(at)) => at.bit() & landings.empty,
            };
            if !free && !passant.is_empty() {
                let reach = rays
                    .from(side, from)
                    .iter()
                    .fold(LocSet::EMPTY, |set, ray| {
                        set | ray.reach(landings.stops, atom.travel == Travel::Ride)
                    });
                if reach.intersects(passant) {
                    return None;
                }
                continue;
            }
            let targets = (passant, empty, takeable);
            match atom.travel {
                Travel::Anywhere => {
                    let reach = self.basics.geometry.inside().without(from);
                    count += kind.moves_to(atom, reach, targets);
                }
                Travel::Leap if !atom.lame => {
                    count += kind.moves_to(atom, rays.span(side, from), targets);
                }
                travel => {
                    let rides = travel == Travel::Ride;
                    let from_here = rays.from(side, from);
                    if rays.disjoint() {
                        let reach = from_here.iter().fold(LocSet::EMPTY, |set, ray| {
                            set | ray.reach(landings.stops, rides)
                        });
                        count += kind.moves_to(atom, reach, targets);
                    } else {
                        for ray in from_here {
                            let reach = ray.reach(landings.stops, rides);
                            count += kind.moves_to(atom, reach, targets);
                        }
                    }
                }
            }
        }
        Some(count)
    }

    /// The number of legal moves of `pieces` (pieces of `piece`'s kind, of the side to move in
    /// `pos`, none royal nor castling, each moving freely: no pin, no check) counted all at once
    /// by the shifts of `plan`, where [`Lang::count_by_sets`] could count each, and the pieces
    /// counted: where the side has a royal piece (`free` false), those that could take en
    /// passant are left out, to be judged one by one. `None` where the kind cannot be counted
    /// by sets.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn count_by_shifts(
        &self,
        pos: &Position,
        piece: Piece,
        pieces: LocSet,
        (plan, kind): (&ShiftPlan, &KindCount),
        free: bool,
        landings: &Landings,
        in_check: &mut dyn FnMut() -> bool,
    ) -> (u64, LocSet) {
        let rule = self.piece(piece.kind);
        let passant = pos
            .state
            .en_passant
            .map_or(LocSet::EMPTY, |at| at.bit() & landings.empty);
        let mut pieces = pieces;
        if !free && !passant.is_empty() {
            for shift in plan.atoms.iter().filter(|s| rule.atoms[s.atom].en_passant) {
                for leap in &shift.leaps {
                    let takes = leap.landings(pieces & shift.from, landings.stops) & passant;
                    pieces &= !takes.shifted(-leap.lands);
                }
            }
        }
        let (empty, takeable) = (
            landings.empty & kind.allowed,
            landings.takeable & kind.allowed,
        );
        let mut count = 0;
        for shift in &plan.atoms {
            let atom = &rule.atoms[shift.atom];
            let from = pieces & shift.from;
            if from.is_empty() || !self.atom_open_now(pos, piece.side, atom, in_check) {
                continue;
            }
            for leap in &shift.leaps {
                let reach = leap.landings(from, landings.stops);
                count += kind.moves_to(atom, reach, (passant, empty, takeable));
            }
        }
        (count, pieces)
    }

    /// As [`Lang::count_by_shifts`], the moves of `piece`'s kind (whose [`KindCount`] is
    /// `sets`) counted by shifts for the pieces `movers` gives, and the pieces counted, where
    /// its moves are shifts, it is neither royal nor castles, and counting them at once pays;
    /// none elsewhere (`movers` is not asked).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn count_shifted(
        &self,
        pos: &Position,
        piece: Piece,
        sets: &KindCount,
        movers: impl FnOnce() -> LocSet,
        free: bool,
        landings: &Landings,
        in_check: &mut dyn FnMut() -> bool,
    ) -> (u64, LocSet) {
        let plan = self.shift_plans[piece.kind.index() * 2 + piece.side.index()].as_ref();
        let Some(plan) =
            plan.filter(|_| !self.piece(piece.kind).royal && !self.castles(piece.kind))
        else {
            return (0, LocSet::EMPTY);
        };
        let movers = movers();
        if !plan.pays_for(movers.len()) {
            return (0, LocSet::EMPTY);
        }
        self.count_by_shifts(pos, piece, movers, (plan, sets), free, landings, in_check)
    }

    /// Every square a piece with `rule`'s atoms on `from` (of `side`) could land on, whatever
    /// stands there, where `stops` end its lines.
    fn reach(&self, rule: &PieceRule, side: Side, from: Loc, stops: LocSet) -> LocSet {
        rule.atoms
            .iter()
            .zip(&rule.rays)
            .fold(LocSet::EMPTY, |reach, (atom, rays)| {
                reach | self.atom_reach(atom, rays, side, from, stops)
            })
    }

    /// Every square `atom` (whose rays are `rays`) takes a piece of `side` on `from` to,
    /// whatever stands there, where `stops` end its lines (a leap along the board's lines,
    /// `t`, is not looked at here).
    #[inline(always)]
    pub(super) fn atom_reach(
        &self,
        atom: &Atom,
        rays: &Rays,
        side: Side,
        from: Loc,
        stops: LocSet,
    ) -> LocSet {
        match atom.travel {
            Travel::Anywhere => self.basics.geometry.inside().without(from),
            Travel::Leap if !atom.lame => rays.span(side, from),
            travel => rays
                .from(side, from)
                .iter()
                .fold(LocSet::EMPTY, |set, ray| {
                    set | ray.reach(stops, travel == Travel::Ride)
                }),
        }
    }

    /// The squares of the royal pieces of the side not to move in `pos`.
    fn enemy_royals(&self, pos: &Position) -> LocSet {
        self.royal_squares(&pos.board, pos.side.opponent())
    }

    /// The squares a step of the royal piece on `from` in `pos` cannot be judged on by whether
    /// they are attacked: the enemy royal pieces' (taking one may end the game) and the ends of
    /// the castlings open to it (such a move castles).
    fn royal_step_unsure(&self, pos: &Position, from: Loc) -> LocSet {
        let royals = self.enemy_royals(pos);
        self.castling
            .iter()
            .map(|c| c.squares[pos.side.index()])
            .filter(|(king_from, ..)| *king_from == from)
            .fold(royals, |set, (_, king_to, ..)| set | king_to.bit())
    }

    /// Whether every turn is a move alone: no placement, removal, slide, limit on moves or
    /// promotion at the turn's end.
    fn turns_are_moves(&self) -> bool {
        self.placement.is_none()
            && self.removal.is_none()
            && self.slide.is_none()
            && self.limit.is_none()
            && !self.promotes_at_turn_end
    }

    /// The number of legal turns of `pos` (whose game goes on), counted piece by piece where
    /// turns are moves alone and either the side to move has no royal piece and cannot make
    /// one (every turn is legal) or its royal piece has a guard (where pins tell too little, a
    /// [`super::lookout::LookoutGuard`] counts them), and, where checks are forbidden, the
    /// squares giving check are known ([`super::no_check::CheckSquares`]): a piece that stays
    /// of its kind lands only where it gives none, other moves are judged one by one. `None`
    /// elsewhere, and where a turn's legality hangs on the side's other turns (a capture
    /// compulsory for the turn).
    #[inline(always)]
    pub fn count_legal(&self, pos: &Position) -> Option<u64> {
        if self.capture.compulsory_for_the_turn {
            return None;
        }
        if self.blast_judged {
            return self.count_blasted(pos);
        }
        let checks = match self.checks_forbidden {
            true => Some(self.check_squares(pos)?),
            false => None,
        };
        if !self.turns_are_moves() {
            return self.count_slid(pos).or_else(|| self.count_watched(pos));
        }
        let side = pos.side;
        let free = !self.makes_own_royals && !self.has_royal(&pos.board, side);
        let guard = if free {
            None
        } else {
            match self.guard(pos) {
                Some(guard) => Some(guard),
                None if checks.is_none() => return self.count_looked_out(pos),
                None => return None,
            }
        };
        let mut check = guard.as_ref().map(|g| g.in_check());
        let mut in_check = || *check.get_or_insert_with(|| self.in_check_now(pos));
        let mut landings = self.landings(pos);
        if checks.is_some() {
            // The opponent is out of check, so no move reaches an enemy royal piece: leaving
            // them out of what may be taken changes no count, and lets a piece whose landings
            // are narrowed to those giving no check be counted by sets.
            landings.takeable &= !self.enemy_royals(pos);
        }
        let freed = match (&guard, &checks) {
            (_, Some(_)) => LocSet::EMPTY,
            (Some(guard), None) => guard.freed(),
            (None, None) => !LocSet::EMPTY,
        };
        let mut scratch = (Vec::new(), Vec::new());
        let mut count = 0;
        for &kind in &self.kinds {
            let piece = Piece::new(kind, side);
            let mut pieces = pos.board.locs_of(piece);
            if pieces.is_empty() {
                continue;
            }
            let rule = self.piece(kind);
            let castles = self.castles(kind);
            let sets = self.kind_count(pos, piece, free);
            if let Some(sets) = &sets {
                let movers = || pieces & freed;
                let (n, counted) =
                    self.count_shifted(pos, piece, sets, movers, free, &landings, &mut in_check);
                count += n;
                pieces &= !counted;
            }
            for from in pieces {
                let landing = match &guard {
                    Some(guard) if !rule.royal => guard.landings(from),
                    _ => !LocSet::EMPTY,
                };
                let quiet = match &checks {
                    None => Some(!LocSet::EMPTY),
                    Some(checks) => self.quiet_landings(checks, from, piece),
                };
                let counted = sets.as_ref().zip(quiet).and_then(|(sets, quiet)| {
                    self.count_by_sets(
                        pos,
                        from,
                        piece,
                        (free, landing & quiet),
                        sets,
                        guard.as_ref(),
                        &landings,
                        &mut in_check,
                    )
                });
                if let Some(n) = counted {
                    count += n;
                    if !castles {
                        continue;
                    }
                }
                count += self.count_candidates(
                    pos,
                    (from, piece),
                    (free, guard.as_ref(), checks.as_ref()),
                    (counted.is_none(), castles),
                    &mut in_check,
                    &mut scratch,
                );
            }
        }
        Some(count + self.count_drops(pos, guard.as_ref()))
    }

    /// The number of legal turns of the piece on `from` (`piece`, of the side to move in
    /// `pos`) found one by one: its moves (where `moves`) and its castlings (where `castles`),
    /// each with its promotions, judged by the guard where it can and else by the position
    /// after; `free`: the side has no royal piece, and every turn is legal; where checks are
    /// forbidden (`checks`), each is also asked whether it gives one. `scratch` holds the
    /// candidates and promotion choices.
    fn count_candidates(
        &self,
        pos: &Position,
        (from, piece): (Loc, Piece),
        (free, guard, checks): (bool, Option<&Guard>, Option<&CheckSquares>),
        (moves, castles): (bool, bool),
        in_check: &mut dyn FnMut() -> bool,
        (candidates, choices): &mut (Vec<Candidate>, Vec<Piece>),
    ) -> u64 {
        let side = piece.side;
        let freed = guard.is_none_or(|g| g.frees(from));
        candidates.clear();
        if moves {
            self.piece_candidates(pos, &pos.board, from, piece, in_check, candidates);
        }
        if castles {
            self.castlings(pos, from, in_check, candidates);
        }
        let mut count = 0;
        for c in candidates.iter() {
            if !self.promotion_choices(pos, piece, c.to, choices) {
                continue;
            }
            let cleared = checks.is_none()
                && (free
                    || (freed
                        && choices.iter().all(|p| p.side == side)
                        && !(pos.state.en_passant == Some(c.to)
                            && pos.board.is_empty(c.to)
                            && self.takes_en_passant(piece, from, c.to))));
            let stays = choices.is_empty() || self.may_decline(pos, piece, c.to);
            if cleared {
                count += (choices.len() + usize::from(stays)) as u64;
                continue;
            }
            let turn = Turn::new(c.from, c.to).removing(c.removal);
            let promotions = choices.iter().map(|p| Some(*p));
            for promotion in promotions.chain(stays.then_some(None)) {
                let turn = turn.promoting(promotion);
                let next = || self.apply(pos, &turn, &mut Discard);
                let legal = match guard.and_then(|g| g.judge(self, pos, &turn)) {
                    Some(safe) => safe,
                    None => self.keeps_royals(pos, &next()),
                } && !(checks.is_some() && self.gives_check(checks, pos, &turn, next));
                count += u64::from(legal);
            }
        }
        count
    }

    /// The number of legal turns of `pos` (whose game goes on) where each is a move, a slide and
    /// the promotions at its end, captures are by landing, no move is limited and no turn makes
    /// its mover a royal piece: each move played once, each slide after it made and undone on
    /// the moved board and judged by whether a royal piece of the mover stands attacked on the
    /// board it leaves, and counted once per way to write the promotions; a slide away from
    /// every square that could change whether a royal piece stands attacked takes the move's
    /// own answer to that, and one away from every square that could change the promotions, the
    /// move's own count of ways. `None` elsewhere.
    fn count_slid(&self, pos: &Position) -> Option<u64> {
        if !self.plain_captures
            || self.slide.is_none()
            || self.limit.is_some()
            || self.makes_own_royals
        {
            return None;
        }
        let side = pos.side;
        let enemy = side.opponent();
        let safe = |board: &Board| {
            !self.royals.iter().any(|k| {
                board
                    .locs_of(Piece::new(*k, side))
                    .iter()
                    .any(|at| self.attacked(board, at, enemy))
            })
        };
        let ways = |board: &Board| {
            self.end_promoters(pos, board)
                .map(|(_, kinds)| kinds.len() as u64)
                .product::<u64>()
        };
        let mut count = 0;
        let _ = self.for_each_move(pos, &mut |turn| {
            let board = &mut self.play_move(pos, turn, &mut Discard).pos.board;
            let took_last = self.ends_on_royal_taken() && !self.has_royal(board, enemy);
            let guarded = self.lookout(board, side, (false, true)).map(|w| w.all);
            let promoting = self.promotion_lookout(board, side);
            let (safe_as_moved, ways_as_moved) = (took_last || safe(board), ways(board));
            for slide in self.slides(pos, board) {
                let touches =
                    |set: LocSet| slide.is_some_and(|(a, b)| set.contains(a) || set.contains(b));
                let safety_changes = slide.is_some() && guarded.is_none_or(touches);
                let ways_change = touches(promoting);
                let Some((from, to)) = slide.filter(|_| safety_changes || ways_change) else {
                    count += u64::from(safe_as_moved) * ways_as_moved;
                    continue;
                };
                slide_on(board, (from, to));
                let safe_now = if safety_changes {
                    took_last || safe(board)
                } else {
                    safe_as_moved
                };
                if safe_now {
                    count += if ways_change {
                        ways(board)
                    } else {
                        ways_as_moved
                    };
                }
                slide_on(board, (to, from));
            }
            ControlFlow::Continue(())
        });
        Some(count)
    }

    /// The squares whose change by a slide could change which of `side`'s pieces on `board`
    /// promote at the turn's end: each piece that may, and where its region is the end of its
    /// file (a slide makes one square a hole and one gap a square), the squares ahead of it
    /// where all are holes, the one square ahead where one is not, none where more are not.
    fn promotion_lookout(&self, board: &Board, side: Side) -> LocSet {
        let geometry = &self.basics.geometry;
        let mut seen = LocSet::EMPTY;
        for kind in &self.end_promoting_kinds {
            let Some(promotion) = &self.piece(*kind).promotion else {
                continue;
            };
            for at in board.locs_of(Piece::new(*kind, side)) {
                seen |= at.bit();
                if matches!(self.zones[promotion.zone], Zone::LastOfFile) {
                    let ahead: LocSet = geometry.ray(at, side.forward_dir()).collect();
                    let standing = ahead & !board.holes();
                    seen |= match standing.len() {
                        0 => ahead,
                        1 => standing,
                        _ => LocSet::EMPTY,
                    };
                }
            }
        }
        seen
    }
}
