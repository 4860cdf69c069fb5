//! How a file variant's game ends: its ends taken in the file's order, each judged on the
//! position (and, for a stalemate by a slide, on the turn that led to it).

use super::compile::{CompiledEnd, Extinction, Lang};
use super::schema::{PromotionTime, Score};
use crate::board::Board;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Kind, Piece, Side};
use std::ops::ControlFlow;

/// The result of a judgement on two sides: one wins, both (or neither) draw.
fn judged(white: bool, black: bool, reason: Reason) -> Option<Outcome> {
    match (white, black) {
        (true, true) => Some(Outcome::draw(reason)),
        (true, false) => Some(Outcome::win(Side::White, reason)),
        (false, true) => Some(Outcome::win(Side::Black, reason)),
        (false, false) => None,
    }
}

/// What `score` gives `side` at `pos`, for `reason`.
fn scored(score: Score, side: Side, reason: Reason, pos: &Position) -> Outcome {
    let pieces = |s: Side| pos.board.occupied_by(s).len();
    match score {
        Score::Win => Outcome::win(side, reason),
        Score::Loss => Outcome::win(side.opponent(), reason),
        Score::Draw => Outcome::draw(reason),
        Score::FewerPiecesWin => match pieces(side).cmp(&pieces(side.opponent())) {
            std::cmp::Ordering::Less => Outcome::win(side, reason),
            std::cmp::Ordering::Greater => Outcome::win(side.opponent(), reason),
            std::cmp::Ordering::Equal => Outcome::draw(reason),
        },
    }
}

impl Lang {
    /// Whether `side` has a piece of one of `kinds` on the board or in reserve.
    fn has_any(&self, pos: &Position, side: Side, kinds: &[Kind]) -> bool {
        kinds.iter().any(|k| {
            let p = Piece::new(*k, side);
            pos.board.count(p) > 0 || pos.state.reserve.count(p) > 0
        })
    }

    /// Whether `side` holds zone `zone` with a piece of `kinds`.
    fn holds(&self, board: &Board, side: Side, zone: usize, kinds: &[Kind]) -> bool {
        kinds.iter().any(|k| {
            board
                .locs_of(Piece::new(*k, side))
                .iter()
                .any(|at| self.in_zone(zone, side, at, board))
        })
    }

    /// The end decided before any turn is looked for: a royal piece taken, no royal pieces, a
    /// held region at a full turn's end, the turn limit.
    pub fn decided_now(&self, pos: &Position) -> Option<Outcome> {
        self.ends
            .iter()
            .find_map(|end| self.judge_now(end, pos, false))
    }

    /// One end judged without asking for legal turns (`stuck`: the side to move has none).
    fn judge_now(&self, end: &CompiledEnd, pos: &Position, stuck: bool) -> Option<Outcome> {
        match end {
            CompiledEnd::RoyalTaken => (!self.has_royal(&pos.board, pos.side))
                .then(|| Outcome::win(pos.side.opponent(), Reason::KingCaptured)),
            CompiledEnd::NoRoyalAgainstNone(makers) => {
                let wins = |s: Side| {
                    !self.has_royal(&pos.board, s) && !self.has_any(pos, s.opponent(), makers)
                };
                judged(wins(Side::White), wins(Side::Black), Reason::NoKings)
            }
            CompiledEnd::Hold(zone, kinds) => {
                if pos.side != Side::White && !stuck {
                    return None;
                }
                let holds = |s: Side| self.holds(&pos.board, s, *zone, kinds);
                match (holds(Side::White), holds(Side::Black)) {
                    (true, true) => None,
                    (false, false) => Some(Outcome::draw(Reason::Gauntlet)),
                    (w, _) => Some(Outcome::win(
                        if w { Side::White } else { Side::Black },
                        Reason::Gauntlet,
                    )),
                }
            }
            CompiledEnd::TurnLimit(n) => (pos.side == Side::White && pos.fullmove > *n)
                .then(|| Outcome::draw(Reason::TurnLimit)),
            CompiledEnd::Extinction(extinction) => self.extinct(extinction, pos),
            CompiledEnd::Reach(zone, kinds, one_more_turn) => {
                self.reached(pos, *zone, kinds, *one_more_turn)
            }
            _ => None,
        }
    }

    /// The extinction end at `pos`: the side that just moved judged first, then the side to
    /// move.
    fn extinct(&self, extinction: &Extinction, pos: &Position) -> Option<Outcome> {
        let owned = |side: Side, kind: Option<Kind>| -> usize {
            match kind {
                Some(k) => {
                    let p = Piece::new(k, side);
                    pos.board.count(p) + usize::from(pos.state.reserve.count(p))
                }
                None => {
                    let held = pos.state.reserve.kinds_of(side);
                    pos.board.occupied_by(side).len()
                        + held
                            .map(|k| usize::from(pos.state.reserve.count(Piece::new(k, side))))
                            .sum::<usize>()
                }
            }
        };
        let reason = match (&extinction.each, extinction.at_most) {
            (None, 0) => Reason::NoPiecesLeft,
            (None, _) => Reason::BareKing,
            (Some(_), _) => Reason::Extinction,
        };
        for side in [pos.side.opponent(), pos.side] {
            let needed = usize::from(extinction.opponent_at_least)
                + usize::from(extinction.reply && side == pos.side);
            let down_to = |kind: Option<Kind>| {
                owned(side, kind) <= usize::from(extinction.at_most)
                    && owned(side.opponent(), kind) >= needed
            };
            let down = match &extinction.each {
                None => down_to(None),
                Some(kinds) => kinds.iter().any(|k| down_to(Some(*k))),
            };
            if down {
                return Some(scored(extinction.score, side, reason, pos));
            }
        }
        None
    }

    /// The end by reaching `zone` with a piece of `kinds` at `pos`. The side to move that
    /// reached it on its last turn wins where the second player had one more turn (a draw
    /// where the second player reached it too, the first to move); the side that just moved
    /// and reached it wins, unless the second player gets one more turn and can reach it in
    /// this one.
    fn reached(
        &self,
        pos: &Position,
        zone: usize,
        kinds: &[Kind],
        one_more_turn: bool,
    ) -> Option<Outcome> {
        let reached = |side: Side| self.holds(&pos.board, side, zone, kinds);
        let (mover, waiting) = (pos.side, pos.side.opponent());
        if one_more_turn && reached(mover) {
            return Some(if mover == Side::White && reached(waiting) {
                Outcome::draw(Reason::GoalReached)
            } else {
                Outcome::win(mover, Reason::GoalReached)
            });
        }
        if !reached(waiting) {
            return None;
        }
        let answers = one_more_turn
            && mover == Side::Black
            && self
                .for_each_legal(pos, &mut |_, next| {
                    if self.holds(&next().board, mover, zone, kinds) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break();
        (!answers).then(|| Outcome::win(waiting, Reason::GoalReached))
    }

    /// The end of the game at `pos` by the file's ends, in order; `last` is the turn that led
    /// to it, when known.
    pub fn outcome(&self, pos: &Position, last: Option<&Turn>) -> Option<Outcome> {
        if let Some(outcome) = self.decided_now(pos) {
            return Some(outcome);
        }
        if self.has_legal(pos) {
            return None;
        }
        for end in &self.ends {
            if let Some(outcome) = self.judge_now(end, pos, true) {
                return Some(outcome);
            }
            match end {
                CompiledEnd::Checkmate(score) if self.in_check_now(pos) => {
                    return Some(scored(*score, pos.side, Reason::Checkmate, pos));
                }
                CompiledEnd::Stalemate(score) if !self.in_check_now(pos) => {
                    if self.slide.is_some_and(|(_, wins)| wins)
                        && self.stalemated_by_slide(pos, last)
                    {
                        return Some(Outcome::win(pos.side.opponent(), Reason::StalemateBySlide));
                    }
                    return Some(scored(*score, pos.side, Reason::Stalemate, pos));
                }
                _ => {}
            }
        }
        None
    }

    /// Whether the stalemate at `pos` came from the slide of the turn before: in the position
    /// without that slide, the side to move would have a legal turn (or the slider would be in
    /// check).
    fn stalemated_by_slide(&self, pos: &Position, last: Option<&Turn>) -> bool {
        let Some((from, to)) = pos.state.last_slide else {
            return false;
        };
        let mut without = *pos;
        let carried = without.board.piece(to);
        without.board.make_hole(to);
        without.board.clear(from);
        if let Some(piece) = carried {
            without.board.put(from, piece);
        }
        if let Some(turn) = last {
            for (at, new) in turn.end_promotions.iter() {
                let at = if at == to { from } else { at };
                let Some(was) = self.promoted_from(new.kind) else {
                    continue;
                };
                let pawn = Piece::new(was, new.side);
                let rule = self.piece(was);
                let zone = rule.promotion.as_ref().map(|p| p.zone);
                if zone.is_some_and(|z| !self.in_zone(z, new.side, at, &without.board)) {
                    without.board.put(at, pawn);
                }
            }
        }
        without.state.last_slide = None;
        let mut slider = without;
        slider.side = pos.side.opponent();
        if self.in_check_now(&slider) {
            return true;
        }
        self.has_legal(&without)
    }

    /// The kind that becomes `kind` by a promotion at the end of a turn.
    fn promoted_from(&self, kind: Kind) -> Option<Kind> {
        self.pieces.iter().enumerate().find_map(|(i, rule)| {
            let promotion = rule.as_ref()?.promotion.as_ref()?;
            (promotion.when == PromotionTime::OnArrivalAndAtTurnEnd
                && promotion.own.contains(&kind))
            .then(|| Kind::ALL[i])
        })
    }

    /// Whether only material that cannot win is left, by the file's insufficient-material end.
    pub fn dead(&self, pos: &Position) -> bool {
        self.ends.iter().any(|end| {
            let CompiledEnd::Insufficient(lone, one_shade) = end else {
                return false;
            };
            let others = |s: Side| -> Vec<Kind> {
                let held = pos.state.reserve.kinds_of(s).flat_map(|k| {
                    std::iter::repeat_n(k, usize::from(pos.state.reserve.count(Piece::new(k, s))))
                });
                let mut kinds: Vec<Kind> = pos
                    .board
                    .pieces_of(s)
                    .map(|(_, p)| p.kind)
                    .chain(held)
                    .filter(|k| !self.piece(*k).royal)
                    .collect();
                kinds.sort();
                kinds
            };
            let (w, b) = (others(Side::White), others(Side::Black));
            let bare = |kinds: &Vec<Kind>| kinds.is_empty();
            let is_lone = |kinds: &Vec<Kind>| {
                lone.iter().any(|set| {
                    let mut set = set.clone();
                    set.sort();
                    set == *kinds
                })
            };
            if (bare(&w) && is_lone(&b)) || (bare(&b) && is_lone(&w)) {
                return true;
            }
            one_shade.is_some_and(|k| {
                let all: Vec<_> = pos
                    .board
                    .pieces()
                    .filter(|(_, p)| !self.piece(p.kind).royal)
                    .collect();
                !all.is_empty()
                    && pos.state.reserve.is_empty()
                    && all.iter().all(|(_, p)| p.kind == k)
                    && (all.iter().all(|(l, _)| l.is_light())
                        || all.iter().all(|(l, _)| !l.is_light()))
            })
        })
    }
}
