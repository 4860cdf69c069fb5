//! Whole turns of a file variant: every possible turn, part by part, and which of them are
//! legal (none leaves a royal piece of the mover where the opponent could take it).

use super::compile::{Lang, Promotion};
use super::moves::Candidate;
use super::play::Moved;
use super::schema::{CaptureMode, MoveSort, Supply};
use crate::board::Board;
use crate::event::Discard;
use crate::position::Position;
use crate::turn::{EndPromotions, Removal, Turn};
use crate::types::{Dir, Kind, Loc, LocSet, Piece, Side};
use std::ops::ControlFlow;

/// A way to the position a turn leaves, worked out only when asked.
pub type Next<'a> = dyn Fn() -> Position + 'a;

impl Lang {
    /// Whether `side` has a royal piece on `board`.
    pub fn has_royal(&self, board: &Board, side: Side) -> bool {
        self.royals
            .iter()
            .any(|k| board.count(Piece::new(*k, side)) > 0)
    }

    /// How many royal pieces `side` has on `board`.
    pub fn royal_count(&self, board: &Board, side: Side) -> usize {
        self.royals
            .iter()
            .map(|k| board.count(Piece::new(*k, side)))
            .sum()
    }

    /// Whether the side to move in `pos` is in check: the opponent, to move now without a
    /// placement, could take one of its royal pieces.
    pub fn in_check_now(&self, pos: &Position) -> bool {
        self.in_check_in_place(&mut { *pos })
    }

    /// [`Lang::in_check_now`] without copying `pos`: it is handed to the opponent, asked, and
    /// given back as it was.
    pub(super) fn in_check_in_place(&self, pos: &mut Position) -> bool {
        let (side, en_passant, right) = (pos.side, pos.state.en_passant, pos.state.placement_right);
        pos.side = side.opponent();
        pos.state.en_passant = None;
        pos.state.placement_right = false;
        let check = self.threatens(pos);
        pos.side = side;
        pos.state.en_passant = en_passant;
        pos.state.placement_right = right;
        check
    }

    /// Whether the side to move in `pos` has a possible turn that takes a royal piece of the
    /// other side by its captures (where captures explode, not by the explosion alone) and
    /// keeps its own: looked for backwards where all captures are by landing, else among the
    /// moves of the pieces [`Lang::royal_takers`] finds.
    pub fn threatens(&self, pos: &Position) -> bool {
        let victim = pos.side.opponent();
        if self.plain_captures {
            return self.royals.iter().any(|k| {
                pos.board
                    .locs_of(Piece::new(*k, victim))
                    .iter()
                    .any(|at| self.attacked(&pos.board, at, pos.side))
            });
        }
        let royal_count = |board: &Board| self.royal_count(board, victim);
        let before = royal_count(&pos.board);
        if before == 0 {
            return false;
        }
        let takers = self.royal_takers(pos);
        if takers.is_empty() && self.placements(pos).is_none_or(|(_, at)| at.is_empty()) {
            return false;
        }
        let is_royal = |at: Loc| {
            pos.board
                .piece(at)
                .is_some_and(|p| p.side == victim && self.piece(p.kind).royal)
        };
        let by_move_alone =
            !self.capture.modes.contains(&CaptureMode::Interception) && self.removal.is_none();
        let movers = |staged: &Position| {
            if std::ptr::eq(staged, pos) {
                takers
            } else {
                self.royal_takers(staged)
            }
        };
        self.moves_of(pos, false, &movers, &mut |turn| {
            if by_move_alone {
                let taken = is_royal(turn.to)
                    || matches!(turn.removal, Some(Removal::At(at)) if is_royal(at));
                return if taken && self.blast_spares_mover(pos, turn) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                };
            }
            let moved = &self.play_move_before_blast(pos, turn, &mut Discard);
            let taken = royal_count(&moved.pos.board) < before
                || self
                    .removal_targets(moved)
                    .iter()
                    .any(|r| self.removes_royal(moved, *r));
            if taken && self.blast_spares_mover(pos, turn) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Whether the removal `r` after `moved` takes a royal piece.
    fn removes_royal(&self, moved: &Moved, r: Removal) -> bool {
        match r {
            Removal::At(at) => moved
                .pos
                .board
                .piece(at)
                .is_some_and(|p| self.piece(p.kind).royal),
            Removal::Reserve => false,
        }
    }

    /// The piece the side to move may place to begin its turn and the empty squares it may go
    /// to; `None` where it holds no placement right or no such piece.
    pub(super) fn placements(&self, pos: &Position) -> Option<(Piece, LocSet)> {
        let placement = self.placement.as_ref()?;
        let piece = Piece::new(placement.kind, pos.side);
        if !pos.state.placement_right || pos.state.reserve.count(piece) == 0 {
            return None;
        }
        let mut squares = LocSet::EMPTY;
        if placement.beside_royal {
            for k in &self.royals {
                for at in pos.board.locs_of(Piece::new(*k, pos.side)) {
                    squares |= self.basics.geometry.adjacent(at);
                }
            }
        } else {
            squares = self.basics.geometry.inside();
        }
        let empty = self.basics.geometry.inside() & !pos.board.occupied() & !pos.board.holes();
        Some((piece, squares & empty))
    }

    /// Pushes onto `out` the promotions a move of `piece` to `to` must choose among, when it
    /// promotes written; true when it may make the move (no promotion, an unwritten one, or
    /// at least one choice).
    pub(super) fn promotion_choices(
        &self,
        pos: &Position,
        piece: Piece,
        to: Loc,
        out: &mut Vec<Piece>,
    ) -> bool {
        out.clear();
        let Some(promotion) = &self.piece(piece.kind).promotion else {
            return true;
        };
        if !promotion.written || !self.in_zone(promotion.zone, piece.side, to, &pos.board) {
            return true;
        }
        out.extend(self.written_choices(pos, piece, promotion));
        !out.is_empty() || self.may_decline(pos, piece, to)
    }

    /// Whether a move of `piece` to `to` may leave it as it is: where it does not promote, or
    /// in the part of its zone where promoting is optional.
    pub(super) fn may_decline(&self, pos: &Position, piece: Piece, to: Loc) -> bool {
        self.piece(piece.kind).promotion.as_ref().is_none_or(|p| {
            p.optional_in
                .is_some_and(|z| self.in_zone(z, piece.side, to, &pos.board))
        })
    }

    /// The pieces `piece` may become by its written `promotion` in `pos`.
    pub(super) fn written_choices<'a>(
        &'a self,
        pos: &'a Position,
        piece: Piece,
        promotion: &'a Promotion,
    ) -> impl Iterator<Item = Piece> + 'a {
        let own = promotion
            .own
            .iter()
            .map(move |k| Piece::new(*k, piece.side));
        let theirs = promotion
            .opponent
            .iter()
            .map(move |k| Piece::new(*k, piece.side.opponent()));
        own.filter(move |p| match promotion.supply {
            Supply::Unlimited => true,
            Supply::Captured => pos.state.reserve.count(*p) > 0,
            Supply::BelowStart => pos.board.count(*p) < self.start_count(*p),
        })
        .chain(theirs)
    }

    /// Calls `visit` with each possible turn's placement, move, capture and promotion (the
    /// turn's parts up to its move), until it breaks.
    pub fn for_each_move(
        &self,
        pos: &Position,
        visit: &mut impl FnMut(&Turn) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.moves_of(
            pos,
            true,
            &|staged| staged.board.occupied_by(staged.side),
            visit,
        )
    }

    /// [`Lang::for_each_move`] for the pieces on `movers` of the position after each placement
    /// only, asking whether the side to move is in check for its `k` atoms only when
    /// `asks_check`, and then with the drops; else they count as open, as for a threat (a side
    /// threatens what its pieces could take, in check or not, as a pinned piece still gives
    /// check), and drops, which take nothing, are left out.
    pub(super) fn moves_of(
        &self,
        pos: &Position,
        asks_check: bool,
        movers: &dyn Fn(&Position) -> LocSet,
        visit: &mut impl FnMut(&Turn) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let side = pos.side;
        let mut check = None;
        let mut in_check = || asks_check && *check.get_or_insert_with(|| self.in_check_now(pos));
        let mut candidates = Vec::with_capacity(128);
        let mut choices = Vec::new();
        let placements = self
            .placements(pos)
            .into_iter()
            .flat_map(|(piece, squares)| squares.iter().map(move |at| Some((piece, at))));
        for placement in std::iter::once(None).chain(placements) {
            let placed;
            let staged = match placement {
                None => pos,
                Some((piece, at)) => {
                    let mut with = *pos;
                    with.board.put(at, piece);
                    with.state.reserve.take(piece);
                    placed = with;
                    &placed
                }
            };
            candidates.clear();
            for from in movers(staged) & staged.board.occupied_by(side) {
                let piece = staged.board.piece(from).expect("an occupied square");
                self.piece_candidates(
                    staged,
                    &staged.board,
                    from,
                    piece,
                    &mut in_check,
                    &mut candidates,
                );
                if self.castles(piece.kind) {
                    self.castlings(staged, from, &mut in_check, &mut candidates);
                }
            }
            for c in &candidates {
                if let Some((MoveSort::Sideways, most)) = self.limit
                    && c.from.rank() == c.to.rank()
                    && pos.state.sideways[side.index()] >= most
                {
                    continue;
                }
                let piece = staged.board.piece(c.from).expect("a candidate's piece");
                if !self.promotion_choices(staged, piece, c.to, &mut choices) {
                    continue;
                }
                let mut turn = Turn::new(c.from, c.to).removing(c.removal);
                turn.placement = placement;
                if choices.is_empty() || self.may_decline(staged, piece, c.to) {
                    visit(&turn)?;
                }
                for promotion in &choices {
                    visit(&turn.promoting(Some(*promotion)))?;
                }
            }
        }
        if asks_check {
            self.for_each_drop(pos, visit)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether pieces of `kind` castle.
    pub(super) fn castles(&self, kind: Kind) -> bool {
        self.castling.iter().any(|c| c.king == kind)
    }

    /// Pushes the castlings of the piece on `from` that are open now: through no attacked
    /// square and not out of check, where it is royal.
    pub(super) fn castlings(
        &self,
        pos: &Position,
        from: Loc,
        in_check: &mut dyn FnMut() -> bool,
        out: &mut Vec<Candidate>,
    ) {
        let side = pos.side;
        for castle in &self.castling {
            let (kf, kt, rf, rt) = castle.squares[side.index()];
            if kf != from
                || !pos.state.castling.has(castle.bits[side.index()])
                || pos.board.piece(from).is_none_or(|p| p.kind != castle.king)
            {
                continue;
            }
            let royal = self.piece(castle.king).royal;
            if !pos
                .board
                .piece(rf)
                .is_some_and(|p| p.side == side && !self.piece(p.kind).royal)
            {
                continue;
            }
            let blocked = (span(kf, kt) | span(rf, rt)) & pos.board.blockers();
            if !blocked.without(kf).without(rf).is_empty() || (royal && in_check()) {
                continue;
            }
            let passes_attack = royal
                && span(kf, kt)
                    .into_iter()
                    .any(|l| l != kf && l != kt && self.castle_passes_attack(pos, kf, l));
            if !passes_attack {
                out.push(Candidate {
                    from: kf,
                    to: kt,
                    removal: None,
                });
            }
        }
    }

    /// The removals the mover may choose after `moved`: none when the move did not enter the
    /// region, or the removal is automatic, or the opponent has no royal piece left.
    pub fn removal_targets(&self, moved: &Moved) -> Vec<Removal> {
        let mut out = Vec::new();
        let Some(removal) = &self.removal else {
            return out;
        };
        let Some(remover) = &removal.by[moved.piece.kind.index()] else {
            return out;
        };
        let enemy = moved.piece.side.opponent();
        let board = &moved.pos.board;
        if !moved.entered || !self.has_royal(board, enemy) {
            return out;
        }
        let has = |k: &Kind| {
            let p = Piece::new(*k, enemy);
            board.count(p) > 0 || moved.pos.state.reserve.count(p) > 0
        };
        for (kind, unless) in &remover.targets {
            if unless.iter().any(has) {
                continue;
            }
            let target = Piece::new(*kind, enemy);
            out.extend(board.locs_of(target).iter().map(Removal::At));
            if moved.pos.state.reserve.count(target) > 0 && !out.contains(&Removal::Reserve) {
                out.push(Removal::Reserve);
            }
        }
        if remover.automatic {
            out.retain(|r| self.removes_royal(moved, *r));
        }
        out
    }

    /// The slides open on `board` after a move of `side`: every square (empty, or any with
    /// carrying) next to a gap along a rank or file, but not the opponent's last slide undone;
    /// the turn without a slide first. Read from `board` at once, so it may change meanwhile.
    pub(super) fn slides<'a>(
        &'a self,
        pos: &Position,
        board: &Board,
    ) -> impl Iterator<Item = Option<(Loc, Loc)>> + use<'a> {
        let geometry = &self.basics.geometry;
        let last = pos.state.last_slide;
        let (gaps, open) = match self.slide {
            None => (LocSet::EMPTY, LocSet::EMPTY),
            Some((true, _)) => (board.holes(), !board.holes()),
            Some((false, _)) => (board.holes(), !board.holes() & !board.occupied()),
        };
        let sides = move |gap| {
            [Dir::N, Dir::E, Dir::S, Dir::W]
                .into_iter()
                .filter_map(move |dir| {
                    let from = geometry.neighbour(gap, dir)?;
                    (open.contains(from) && last != Some((gap, from))).then_some(Some((from, gap)))
                })
        };
        std::iter::once(None).chain(gaps.into_iter().flat_map(sides))
    }

    /// The pieces of the side to move in `pos` that promote at the end of its turn on `board`:
    /// where each stands and the kinds it may become.
    pub(super) fn end_promoters<'a>(
        &'a self,
        pos: &Position,
        board: &'a Board,
    ) -> impl Iterator<Item = (Loc, &'a [Kind])> + 'a {
        let side = pos.side;
        self.end_promoting_kinds.iter().flat_map(move |kind| {
            let promotion = self.piece(*kind).promotion.as_ref();
            board
                .locs_of(Piece::new(*kind, side))
                .into_iter()
                .filter_map(move |at| {
                    let promotion = promotion?;
                    self.in_zone(promotion.zone, side, at, board)
                        .then_some((at, promotion.own.as_slice()))
                })
        })
    }

    /// Every way to write the promotions at the end of a turn of `side` on `board`: one list per
    /// combination of each promoting piece's choices, by square.
    fn end_promotions(&self, pos: &Position, board: &Board) -> Vec<EndPromotions> {
        let side = pos.side;
        let mut each: Vec<(Loc, Vec<Piece>)> = self
            .end_promoters(pos, board)
            .map(|(at, kinds)| (at, kinds.iter().map(|k| Piece::new(*k, side)).collect()))
            .collect();
        each.sort_by_key(|(at, _)| at.name_order());
        let mut out = vec![EndPromotions::default()];
        for (at, choices) in each {
            out = out
                .into_iter()
                .flat_map(|list| {
                    choices.iter().map(move |c| {
                        let mut more = list;
                        more.push(at, *c);
                        more
                    })
                })
                .collect();
        }
        out
    }

    /// Calls `visit` with every possible whole turn of `pos` and a way to the position it
    /// leaves, until it breaks.
    pub fn for_each_turn(
        &self,
        pos: &Position,
        visit: &mut impl FnMut(&Turn, &Next) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_move(pos, &mut |turn| self.whole_turns(pos, turn, visit))
    }

    /// Calls `visit` with each possible whole turn that begins with `turn` (its placement,
    /// move and promotion, a possible turn's first parts in `pos`) and a way to the position it
    /// leaves, until it breaks: the move is played first only where a removal, a slide or a
    /// promotion at the turn's end may follow it.
    pub(super) fn whole_turns(
        &self,
        pos: &Position,
        turn: &Turn,
        visit: &mut impl FnMut(&Turn, &Next) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let alone = self.slide.is_none() && !self.promotes_at_turn_end;
        if alone && !self.may_remove(pos, turn) {
            return visit(turn, &|| {
                let moved = self.play_move(pos, turn, &mut Discard);
                self.play_after(pos, moved, turn, &mut Discard)
            });
        }
        let moved = &self.play_move(pos, turn, &mut Discard);
        let remover = self
            .removal
            .as_ref()
            .and_then(|r| r.by[moved.piece.kind.index()].as_ref());
        let chosen = if remover.is_some_and(|r| !r.automatic) {
            self.removal_targets(moved)
        } else {
            Vec::new()
        };
        for removal in std::iter::once(None).chain(chosen.into_iter().map(Some)) {
            let mut whole = *turn;
            whole.removal = removal.or(turn.removal);
            self.finish_turn(pos, moved, whole, visit)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether the move of `turn`, a possible turn of `pos`, takes a piece that removes on
    /// entering the removal region into it from outside: only then has the turn a removal
    /// after its move.
    fn may_remove(&self, pos: &Position, turn: &Turn) -> bool {
        let Some(removal) = &self.removal else {
            return false;
        };
        let board = &pos.board;
        let Some(piece) = board.piece(turn.from).or(turn.placement.map(|(p, _)| p)) else {
            return true;
        };
        removal.by[piece.kind.index()].is_some()
            && !self.in_zone(removal.zone, pos.side, turn.from, board)
            && self.in_zone(removal.zone, pos.side, turn.to, board)
    }

    /// Calls `visit` with each way to end `turn` (its placement, move and removal chosen,
    /// `moved` its move played on `pos`): its slide and its promotions at the turn's end.
    fn finish_turn(
        &self,
        pos: &Position,
        moved: &Moved,
        turn: Turn,
        visit: &mut impl FnMut(&Turn, &Next) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.slide.is_none() && !self.promotes_at_turn_end {
            return visit(&turn, &|| self.play_after(pos, *moved, &turn, &mut Discard));
        }
        for slide in self.slides(pos, &moved.pos.board) {
            let mut board = moved.pos.board;
            if let Some(slide) = slide {
                slide_on(&mut board, slide);
            }
            for ends in self.end_promotions(pos, &board) {
                let mut whole = turn;
                whole.slide = slide;
                whole.end_promotions = ends;
                visit(&whole, &|| {
                    self.play_after(pos, *moved, &whole, &mut Discard)
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the turn from `before` that led to `next` is legal: it lost no royal piece of
    /// its mover, and none can be taken (a turn that took the opponent's last royal piece, where
    /// that ends the game, always is).
    pub fn keeps_royals(&self, before: &Position, next: &Position) -> bool {
        if self.lost_own_royal(before, next) {
            return false;
        }
        let takes_last = self.ends_on_royal_taken() && !self.has_royal(&next.board, next.side);
        takes_last || !self.threatens(next)
    }

    /// Whether taking the last royal piece ends the game.
    pub(super) fn ends_on_royal_taken(&self) -> bool {
        self.ends
            .iter()
            .any(|e| matches!(e, super::compile::CompiledEnd::RoyalTaken))
    }
}

/// Slides the square on `from` into the gap `to` on `board`, with what stands on it.
pub(super) fn slide_on(board: &mut Board, (from, to): (Loc, Loc)) {
    let carried = board.piece(from);
    board.make_hole(from);
    board.clear(to);
    if let Some(p) = carried {
        board.put(to, p);
    }
}

/// The locations from `a` to `b` along their rank (both included), or just the two.
fn span(a: Loc, b: Loc) -> LocSet {
    if a.rank() != b.rank() {
        return a.bit() | b.bit();
    }
    let (lo, hi) = (a.min(b), a.max(b));
    lo.bit().from_last() & hi.bit().up_to_first()
}
