//! Drops (crazyhouse): a piece from the side's reserve put on an empty square as the whole turn;
//! captured pieces going to the capturer's hand; and promoted pieces remembered where they go
//! back, when captured, to what they promoted from.

use super::attack::Guard;
use super::compile::{Drops, Lang, Zone};
use crate::board::Board;
use crate::position::{Position, RuleState};
use crate::turn::Turn;
use crate::types::{Kind, Loc, LocSet, Piece, Side};
use std::ops::ControlFlow;

impl Lang {
    /// The squares of zone `zone` for `side` on `board`.
    fn zone_squares(&self, zone: usize, side: Side, board: &Board) -> LocSet {
        match &self.zones[zone] {
            Zone::Fixed(sets) => sets[side.index()],
            Zone::LastOfFile => self
                .basics
                .geometry
                .inside()
                .iter()
                .filter(|at| self.in_zone(zone, side, *at, board))
                .collect(),
        }
    }

    /// The empty squares a piece of `kind` of the side to move in `pos` may be dropped on: in
    /// the drops' region, never in its own `never_in` or `not_on` region, nor where it would
    /// promote on arrival.
    fn drop_squares(&self, drops: &Drops, pos: &Position, kind: Kind) -> LocSet {
        let (board, side) = (&pos.board, pos.side);
        let mut squares = self.basics.geometry.inside() & !board.occupied() & !board.holes();
        if let Some(zone) = drops.on {
            squares &= self.zone_squares(zone, side, board);
        }
        let rule = self.piece(kind);
        let promotes = rule
            .promotion
            .as_ref()
            .filter(|p| p.when == super::schema::PromotionTime::OnArrival)
            .map(|p| p.zone);
        for zone in [drops.not_on[kind.index()], rule.never_in, promotes]
            .into_iter()
            .flatten()
        {
            squares &= !self.zone_squares(zone, side, board);
        }
        squares
    }

    /// Calls `visit` with each possible drop of the side to move in `pos`, until it breaks.
    pub(super) fn for_each_drop(
        &self,
        pos: &Position,
        visit: &mut impl FnMut(&Turn) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(drops) = &self.drops else {
            return ControlFlow::Continue(());
        };
        for kind in pos.state.reserve.kinds_of(pos.side) {
            let piece = Piece::new(kind, pos.side);
            for at in self.drop_squares(drops, pos, kind) {
                visit(&Turn::drop(piece, at))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The number of legal drops of the side to move in `pos`, judged by its royal piece's
    /// `guard` (none where the side has no royal piece to keep): out of check every drop is
    /// legal (a piece put on the board only blocks lines), in check those that block it.
    pub(super) fn count_drops(&self, pos: &Position, guard: Option<&Guard>) -> u64 {
        let Some(drops) = &self.drops else {
            return 0;
        };
        let mut count = 0;
        for kind in pos.state.reserve.kinds_of(pos.side) {
            let squares = self.drop_squares(drops, pos, kind);
            count += match guard {
                Some(guard) if guard.in_check() => {
                    let piece = Piece::new(kind, pos.side);
                    squares
                        .iter()
                        .filter(|at| guard.drop_safe(self, pos, piece, *at))
                        .count() as u64
                }
                _ => squares.len() as u64,
            };
        }
        count
    }

    /// Hands `piece`, captured on `at` by `capturer`, to the capturer's reserve where captures
    /// go to the hand (a promoted piece as what it promoted from, where captures demote), and
    /// forgets that the piece on `at` was promoted.
    pub(super) fn to_hand(&self, state: &mut RuleState, at: Loc, piece: Piece, capturer: Side) {
        let was_promoted = state.promoted.contains(at);
        state.promoted = state.promoted.without(at);
        if !self.capture.to_hand || self.piece(piece.kind).royal {
            return;
        }
        let kind = if was_promoted {
            self.demotions[piece.kind.index()].unwrap_or(piece.kind)
        } else {
            piece.kind
        };
        state.reserve.add(Piece::new(kind, capturer));
    }

    /// What the pieces in reserve are worth to the first player where they can be dropped: each
    /// kind's value times how many more of it the first player holds (0 without drops).
    pub(super) fn reserve_worth(&self, pos: &Position) -> i32 {
        if self.drops.is_none() || pos.state.reserve.is_empty() {
            return 0;
        }
        let held =
            |kind: Kind, side: Side| i32::from(pos.state.reserve.count(Piece::new(kind, side)));
        self.basics
            .data
            .pieces
            .iter()
            .map(|p| p.value * (held(p.kind, Side::White) - held(p.kind, Side::Black)))
            .sum()
    }

    /// Forgets the promoted mark of each square that no longer holds a piece some promotion
    /// makes (the editor's board changed under it).
    pub(super) fn settle_promoted(&self, pos: &mut Position) {
        let board = &pos.board;
        pos.state.promoted = pos
            .state
            .promoted
            .iter()
            .filter(|at| {
                board
                    .piece(*at)
                    .is_some_and(|p| self.demotions[p.kind.index()].is_some())
            })
            .collect();
    }

    /// Follows a promoted piece moving from `from` to `to`, where captures demote.
    pub(super) fn carry_promoted(&self, state: &mut RuleState, from: Loc, to: Loc) {
        if state.promoted.contains(from) {
            state.promoted = state.promoted.without(from).with(to);
        }
    }

    /// Marks the piece that promoted on `at` as promoted, where captures demote.
    pub(super) fn mark_promoted(&self, state: &mut RuleState, at: Loc) {
        if self.capture.demote {
            state.promoted = state.promoted.with(at);
        }
    }
}
