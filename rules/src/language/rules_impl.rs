//! A file variant behind the engine's traits: the same [`Rules`] and [`SearchHints`] every
//! built-in variant answers (the screens' helpers are in `screen`), so the game, the command
//! line and the computer opponent play it alike.

use super::after_move::AfterMoveJudge;
use super::blast_guard::BlastJudge;
use super::compile::{CompiledEnd, Lang};
use super::turns::Next;
use crate::bits::bit_instructions;
use crate::error::Error;
use crate::event::Discard;
use crate::event::Recorder;
use crate::fen;
use crate::outcome::Outcome;
use crate::position::{Position, RuleState};
use crate::rules::{Apply, Basics, Rules};
use crate::search_hints::SearchHints;
use crate::turn::Turn;
use crate::types::Side;
use std::ops::ControlFlow;

impl Apply for Lang {
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        let moved = self.play_move(pos, turn, rec);
        self.play_after(pos, moved, turn, rec)
    }
}

impl Lang {
    /// Whether the side to move has a legal turn.
    pub fn has_legal(&self, pos: &Position) -> bool {
        self.for_each_legal(pos, &mut |_, _| ControlFlow::Break(()))
            .is_break()
    }

    /// Calls `visit` with each legal turn of `pos` and a way to the position it leaves, until
    /// it breaks: each turn that keeps the mover's royal pieces, gives no check where checks
    /// are forbidden, and captures where the side must and can.
    pub(super) fn for_each_legal(
        &self,
        pos: &Position,
        visit: &mut impl FnMut(&Turn, &Next) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !self.capture.compulsory_for_the_turn {
            return self.for_each_allowed(pos, visit);
        }
        let must_capture = self
            .for_each_allowed(pos, &mut |turn, _| {
                if self.turn_captures(pos, turn) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .is_break();
        self.for_each_allowed(pos, &mut |turn, next| {
            if must_capture && !self.turn_captures(pos, turn) {
                ControlFlow::Continue(())
            } else {
                visit(turn, next)
            }
        })
    }

    /// [`Lang::for_each_safe`] without the turns that give check, where checks are forbidden.
    fn for_each_allowed(
        &self,
        pos: &Position,
        visit: &mut impl FnMut(&Turn, &Next) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !self.checks_forbidden {
            return self.for_each_safe(pos, visit);
        }
        let checks = self.check_squares(pos);
        self.for_each_safe(pos, &mut |turn, next| {
            if self.gives_check(checks.as_ref(), pos, turn, next) {
                ControlFlow::Continue(())
            } else {
                visit(turn, next)
            }
        })
    }

    /// Whether `turn`, a possible turn of `pos`, captures a piece.
    fn turn_captures(&self, pos: &Position, turn: &Turn) -> bool {
        if !self.plain_captures {
            return self
                .play_move_before_blast(pos, turn, &mut Discard)
                .captured;
        }
        let Some(piece) = pos.board.piece(turn.from) else {
            return false;
        };
        pos.board.piece(turn.to).is_some()
            || (pos.state.en_passant == Some(turn.to)
                && self.takes_en_passant(piece, turn.from, turn.to))
    }

    /// Calls `visit` with each turn of `pos` that keeps the mover's royal pieces and a way to
    /// the position it leaves, until it breaks: every turn of a side that has no royal piece
    /// and cannot make one is; else the royal piece's guard judges the turns it can, the
    /// position after the rest.
    fn for_each_safe(
        &self,
        pos: &Position,
        visit: &mut impl FnMut(&Turn, &Next) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !self.makes_own_royals && !self.has_royal(&pos.board, pos.side) {
            return self.for_each_turn(pos, visit);
        }
        let guard = self.guard(pos);
        let mut lookout = guard.is_none().then(|| self.lookout_guard(pos)).flatten();
        let lines_guard = self.lines_guard(pos);
        let quiet_watch = self.quiet_watch(pos);
        let mut after_move = AfterMoveJudge::default();
        let mut blast = self.blast_judged.then(|| BlastJudge::new(self, pos));
        self.for_each_turn(pos, &mut |turn, next| {
            let judged = guard.as_ref().and_then(|g| g.judge(self, pos, turn));
            let judged = judged.or_else(|| lookout.as_mut()?.judge(self, pos, turn));
            let judged = judged.or_else(|| lines_guard.as_ref()?.judge(self, pos, turn));
            let judged = judged.or_else(|| quiet_watch.as_ref()?.judge(self, pos, turn));
            let legal = match judged {
                Some(safe) => safe,
                None if let Some(blast) = &mut blast => blast.keeps_royals(self, pos, turn),
                None if self.lines_guard_suffices => after_move.keeps_royals(self, pos, turn),
                None => self.keeps_royals(pos, &next()),
            };
            if legal {
                visit(turn, next)
            } else {
                ControlFlow::Continue(())
            }
        })
    }
}

impl Rules for Lang {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        if self.decided_now(pos).is_some() {
            return;
        }
        let _ = self.for_each_legal(pos, &mut |turn, _| {
            out.push(*turn);
            ControlFlow::Continue(())
        });
    }

    fn has_legal_turn(&self, pos: &Position) -> bool {
        self.decided_now(pos).is_none() && self.has_legal(pos)
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.in_check_now(pos)
    }

    fn own_outcome(&self, pos: &Position, last: Option<&Turn>) -> Option<Outcome> {
        self.outcome(pos, last)
    }

    fn dead_position(&self, pos: &Position) -> bool {
        self.dead(pos)
    }

    fn clock_draws(&self) -> bool {
        self.clocks
    }

    fn move_counter_draws(&self) -> bool {
        self.move_counter
    }

    fn state_field_count(&self) -> usize {
        self.state.len()
    }

    fn read_state(&self, side: Side, fields: &[&str]) -> Result<RuleState, Error> {
        self.read_fields(side, fields)
    }

    fn write_state(&self, pos: &Position, out: &mut String) {
        self.write_fields(pos, out);
    }

    fn validate(&self, pos: &Position) -> Result<(), Error> {
        self.check_position(pos)
    }

    fn holes(&self) -> fen::Holes {
        self.holes
    }
}

impl SearchHints for Lang {
    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        if self.decided_now(pos).is_some() {
            return 0;
        }
        bit_instructions!({
            if let Some(count) = self.count_legal(pos) {
                return count;
            }
            let mut count = 0;
            let _ = self.for_each_legal(pos, &mut |_, _| {
                count += 1;
                ControlFlow::Continue(())
            });
            count
        })
    }

    fn for_each_child(
        &self,
        pos: &Position,
        _scratch: &mut Vec<Turn>,
        visit: &mut dyn FnMut(&Position),
    ) {
        if self.decided_now(pos).is_some() {
            return;
        }
        bit_instructions!({
            let _ = self.for_each_legal(pos, &mut |_, next| {
                visit(&next());
                ControlFlow::Continue(())
            });
        });
    }

    fn decided(&self, pos: &Position) -> bool {
        self.decided_now(pos).is_some()
    }

    fn positional(&self, pos: &Position) -> i32 {
        self.reserve_worth(pos) + self.mobility(pos)
    }

    fn counts_moves(&self) -> bool {
        self.ends
            .iter()
            .any(|e| matches!(e, CompiledEnd::TurnLimit(_)))
    }
}
