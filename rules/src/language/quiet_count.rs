//! Counting a position's legal turns at perft's last ply where a [`super::quiet::QuietWatch`] judges them
//! (see [`Lang::quiet_watch_fits`]): a freed piece's quiet moves are counted from its rays
//! without a turn each, and only its other moves, and every move of the pieces the watch does
//! not free, are made into turns and judged.

use super::compile::{Lang, Zone};
use super::quiet::DIAGONALS;
use super::schema::{CaptureMode, MoveSort};
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{LocSet, Side};
use std::ops::ControlFlow;

impl Lang {
    /// The number of legal turns of `pos` (whose game goes on) where the side to move holds no
    /// placement right and the position has a [`super::quiet::QuietWatch`]; `None` elsewhere.
    pub fn count_watched(&self, pos: &Position) -> Option<u64> {
        let watch = self.quiet_watch(pos)?;
        if self.placements(pos).is_some() {
            return None;
        }
        let side = pos.side;
        let board = &pos.board;
        let stops = board.occupied() | board.holes();
        let empty = self.basics.geometry.inside() & !stops;
        let enemies = board.occupied_by(side.opponent());
        let replaces = self.capture.modes.contains(&CaptureMode::Replacement);
        let quiet = empty & !watch.touchy() & !self.interceptions(pos, side);
        let sideways_spent = matches!(self.limit, Some((MoveSort::Sideways, most))
            if pos.state.sideways[side.index()] >= most);
        let mut in_check = || !watch.safe();
        let (mut count, mut judged) = (0, 0);
        let mut judge = |turn: &Turn| {
            let _ = self.whole_turns(pos, turn, &mut |turn, _| {
                let legal = watch
                    .judge(self, pos, turn)
                    .unwrap_or_else(|| self.keeps_royals_watched(pos, turn));
                judged += u64::from(legal);
                ControlFlow::Continue(())
            });
        };
        let mut held = LocSet::EMPTY;
        for from in board.occupied_by(side) {
            let piece = board.piece(from).expect("an occupied square");
            let rule = self.piece(piece.kind);
            if rule.royal || rule.promotion.is_some() || watch.touchy().contains(from) {
                held |= from.bit();
                continue;
            }
            let mut open = !LocSet::EMPTY;
            if let Some(zone) = rule.never_in {
                open &= !self.fixed_zone_squares(zone, side)?;
            }
            if sideways_spent {
                open &= !LocSet::rank(from.rank());
            }
            let mut quiet_here = quiet;
            if let Some(removal) = &self.removal
                && removal.by[piece.kind.index()].is_some()
            {
                let zone = self.fixed_zone_squares(removal.zone, side)?;
                if !zone.contains(from) {
                    quiet_here &= !zone;
                }
            }
            for ((atom, zone), rays) in rule.atoms.iter().zip(&rule.atom_zones).zip(&rule.rays) {
                if !self.atom_open(pos, board, from, side, (atom, zone), &mut in_check) {
                    continue;
                }
                for ray in rays.from(side, from) {
                    let Some(to) = (ray.reach(stops, false) & open).first() else {
                        continue;
                    };
                    if atom.moves && quiet_here.contains(to) {
                        count += u64::from(watch.safe());
                    } else if (atom.moves && empty.contains(to))
                        || (atom.captures && replaces && enemies.contains(to))
                    {
                        judge(&Turn::new(from, to));
                    }
                }
            }
        }
        let _ = self.moves_of(pos, true, &|_| held, &mut |turn| {
            judge(turn);
            ControlFlow::Continue(())
        });
        Some(count + judged)
    }

    /// The squares of `zone` for `side`, where they are the same in every position.
    fn fixed_zone_squares(&self, zone: usize, side: Side) -> Option<LocSet> {
        match &self.zones[zone] {
            Zone::Fixed(sets) => Some(sets[side.index()]),
            Zone::LastOfFile => None,
        }
    }

    /// The squares where a piece of `side` landing in `pos` would intercept an enemy piece:
    /// diagonally next to one with a piece of `side` beyond it (and maybe a few more: where the
    /// piece beyond is the one that moves).
    fn interceptions(&self, pos: &Position, side: Side) -> LocSet {
        let geometry = &self.basics.geometry;
        let board = &pos.board;
        let mut out = LocSet::EMPTY;
        if !self.capture.modes.contains(&CaptureMode::Interception) {
            return out;
        }
        for enemy in board.occupied_by(side.opponent()) {
            for dir in DIAGONALS {
                if let Some(beyond) = geometry.neighbour(enemy, dir)
                    && board.is_side(beyond, side)
                    && let Some(landing) = geometry.neighbour(enemy, dir.opposite())
                {
                    out |= landing.bit();
                }
            }
        }
        out
    }
}
