//! The tree search: principal-variation alpha-beta (negamax) over whole turns, with the
//! transposition table, move ordering, late-move reductions and a quiescence search on
//! captures. Each ply has its own preallocated turn list, so no node allocates.

use super::eval::Evaluator;
use super::order::{Ordering, is_quiet, pick};
use super::score::{INFINITE, WIN};
use super::tt::{Bound, Table};
use crate::rules::game::Game;
use crate::rules::outcome::Verdict;
use crate::rules::position::Position;
use crate::rules::turn::Turn;
use crate::rules::variant::Variant;
use std::sync::atomic::{AtomicBool, Ordering as Atomic};
use std::time::Instant;

/// The deepest ply the search reaches, quiescence included.
pub(super) const MAX_PLY: usize = 128;

/// How many plies of captures the quiescence search follows past the horizon.
const QUIESCENCE_PLIES: usize = 8;

/// How many of those plies may capture anywhere; after them only recaptures on the square of
/// the last turn are followed.
const FREE_CAPTURE_PLIES: usize = 2;

/// How much more than the material it takes a capture in the quiescence search may gain (by
/// placement, a promotion); captures that cannot raise the score even so are not searched.
const DELTA_MARGIN: i32 = 200;

/// How many nodes pass between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;

/// When the search must stop: the caller's flag, a deadline, a node budget.
pub(super) struct Halt<'a> {
    /// Set by the caller to stop at once.
    pub stop: &'a AtomicBool,
    /// No node is searched after this.
    pub deadline: Option<Instant>,
    /// No more nodes than this.
    pub nodes: Option<u64>,
}

/// One search's state: the game's history for repetitions, the table, the ordering and the
/// per-ply buffers.
pub(super) struct Tree<'a> {
    variant: &'a Variant,
    eval: Evaluator,
    table: &'a Table,
    order: Ordering,
    /// The legal turns of the node at each ply.
    turns: Vec<Vec<Turn>>,
    /// The ordering keys of those turns.
    keys: Vec<Vec<i32>>,
    /// The repetition keys of the game's positions before the root, then of the nodes on the
    /// path from the root to the current node (excluded).
    path: Vec<u64>,
    clock_draws: bool,
    /// Whether the quiescence search must play quiet-looking turns to see all captures.
    unseen_captures: bool,
    halt: Halt<'a>,
    /// Nodes searched so far.
    pub nodes: u64,
    halted: bool,
    /// The best turn found at the root in the current iteration.
    root_best: Option<Turn>,
    /// Root turns this iteration leaves out (the lines already found).
    excluded: Vec<Turn>,
}

impl<'a> Tree<'a> {
    /// A search of `game`'s current position, stopped as `halt` says.
    pub(super) fn new(game: &'a Game, table: &'a Table, halt: Halt<'a>) -> Tree<'a> {
        let variant = game.variant().as_ref();
        let mut path = Vec::with_capacity(game.turns().len() + MAX_PLY);
        path.extend(
            (0..game.turns().len()).filter_map(|ply| game.position_at(ply).map(Position::hash)),
        );
        Tree {
            variant,
            eval: Evaluator::new(variant),
            table,
            order: Ordering::new(MAX_PLY),
            turns: buffers(),
            keys: buffers(),
            path,
            clock_draws: variant.clock_draws(),
            unseen_captures: variant.unseen_captures(),
            halt,
            nodes: 0,
            halted: false,
            root_best: None,
            excluded: Vec::new(),
        }
    }

    /// The nodes counted since the last call.
    pub(super) fn take_nodes(&mut self) -> u64 {
        std::mem::take(&mut self.nodes)
    }

    /// Whether the search was stopped (by the flag, the deadline or the node budget).
    pub(super) fn halted(&self) -> bool {
        self.halted
    }

    /// The legal turns of `pos` in the order the search would try them first (captures of the
    /// most valuable pieces first); empty when the game is over.
    pub(super) fn ordered_turns(&mut self, pos: &Position) -> Vec<Turn> {
        self.variant.legal_turns_into(pos, &mut self.turns[0]);
        let table_turn = self
            .table
            .probe(self.variant.search_key(pos))
            .and_then(|e| e.best());
        self.order.rank(
            &self.eval,
            pos,
            &self.turns[0],
            table_turn,
            0,
            &mut self.keys[0],
        );
        let mut ordered = Vec::with_capacity(self.turns[0].len());
        while let Some((index, _)) = pick(&mut self.keys[0]) {
            ordered.push(self.turns[0][index]);
        }
        ordered
    }

    /// Searches the root `pos` (reached by `last`) `depth` plies deep, leaving out the turns
    /// `excluded` (the lines already found): its score, and the best turn if one was searched
    /// to the end before a halt.
    pub(super) fn root(
        &mut self,
        pos: &Position,
        last: Option<&Turn>,
        depth: i32,
        excluded: &[Turn],
    ) -> (i32, Option<Turn>) {
        self.root_best = None;
        self.excluded.clear();
        self.excluded.extend_from_slice(excluded);
        let score = self.negamax(pos, last, depth, 0, -INFINITE, INFINITE);
        (score, self.root_best.take())
    }

    /// The score of the position after `turn` of `pos`, searched `depth` plies deep in all
    /// (a full window, so an exact score), for the side that played it; `None` if halted.
    pub(super) fn score_turn(&mut self, pos: &Position, turn: &Turn, depth: i32) -> Option<i32> {
        let child = self.variant.play_unchecked(pos, turn);
        self.path.push(pos.hash());
        let score = -self.negamax(&child, Some(turn), depth - 1, 1, -INFINITE, INFINITE);
        self.path.pop();
        (!self.halted).then_some(score)
    }

    /// The principal variation from `pos`, read from the table, at most `length` turns.
    pub(super) fn principal_variation(&mut self, pos: &Position, length: usize) -> Vec<Turn> {
        let mut line = Vec::with_capacity(length);
        let mut seen = Vec::with_capacity(length);
        let mut at = *pos;
        while line.len() < length && !seen.contains(&at.hash()) {
            seen.push(at.hash());
            let Some(index) = self
                .table
                .probe(self.variant.search_key(&at))
                .and_then(|e| e.best())
            else {
                break;
            };
            self.variant.legal_turns_into(&at, &mut self.turns[0]);
            let Some(turn) = self.turns[0].get(index).copied() else {
                break;
            };
            line.push(turn);
            at = self.variant.play_unchecked(&at, &turn);
        }
        line
    }

    /// Counts a node and says whether to stop, looking at the flag and the clock now and then.
    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if !self.halted && self.nodes.is_multiple_of(CHECK_EVERY) {
            self.halted = self.halt.stop.load(Atomic::Relaxed)
                || self.halt.deadline.is_some_and(|d| Instant::now() >= d)
                || self.halt.nodes.is_some_and(|n| self.nodes >= n);
        }
        self.halted
    }

    /// Whether `pos` is drawn by its material or its history (a repetition since the last
    /// irreversible turn, or the fifty-move clock).
    fn drawn(&self, pos: &Position) -> bool {
        if self.variant.dead_position(pos) {
            return true;
        }
        if !self.clock_draws {
            return false;
        }
        let key = pos.hash();
        pos.halfmove >= 100
            || self
                .path
                .iter()
                .rev()
                .take(pos.halfmove as usize)
                .any(|k| *k == key)
    }

    /// The score of `pos`, which has no legal turn, at `ply`: the variant's own end.
    fn ended(&self, pos: &Position, last: Option<&Turn>, ply: usize) -> i32 {
        let won = WIN - ply as i32;
        match self.variant.own_outcome(pos, last).map(|o| o.verdict) {
            Some(Verdict::Draw) | None => 0,
            Some(verdict) if verdict == Verdict::win_for(pos.side) => won,
            Some(_) => -won,
        }
    }

    /// The score of `pos` for the side to move, searched `depth` plies deep within the window
    /// (`alpha`, `beta`).
    fn negamax(
        &mut self,
        pos: &Position,
        last: Option<&Turn>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth <= 0 || ply + QUIESCENCE_PLIES + 1 >= MAX_PLY {
            return self.quiesce(pos, last, ply, 0, alpha, beta);
        }
        if self.out_of_time() {
            return 0;
        }
        if ply > 0 && self.drawn(pos) {
            return 0;
        }
        let key = self.variant.search_key(pos);
        let entry = self.table.probe(key);
        if ply > 0
            && let Some(score) = entry.and_then(|e| e.cutoff(depth, ply, alpha, beta))
        {
            return score;
        }
        self.variant.legal_turns_into(pos, &mut self.turns[ply]);
        if self.turns[ply].is_empty() {
            return self.ended(pos, last, ply);
        }
        let table_turn = entry.and_then(|e| e.best());
        self.order.rank(
            &self.eval,
            pos,
            &self.turns[ply],
            table_turn,
            ply,
            &mut self.keys[ply],
        );
        let original_alpha = alpha;
        let mut best = (-INFINITE, None);
        self.path.push(key);
        let mut tried = 0;
        while let Some((index, order_key)) = pick(&mut self.keys[ply]) {
            let turn = self.turns[ply][index];
            if ply == 0 && self.excluded.contains(&turn) {
                continue;
            }
            let child = self.variant.play_unchecked(pos, &turn);
            let quiet = is_quiet(order_key);
            let score = if tried == 0 {
                -self.negamax(&child, Some(&turn), depth - 1, ply + 1, -beta, -alpha)
            } else {
                let reduction = i32::from(depth >= 3 && tried >= 4 && quiet);
                self.scout(&child, &turn, (depth, reduction), ply, (alpha, beta))
            };
            tried += 1;
            if self.halted {
                self.path.pop();
                return 0;
            }
            if score > best.0 {
                best = (score, Some(index));
                if ply == 0 {
                    self.root_best = Some(turn);
                }
                alpha = alpha.max(score);
                if alpha >= beta {
                    if quiet {
                        self.order.reward(&turn, pos.side, ply, depth);
                    }
                    break;
                }
            }
        }
        self.path.pop();
        let bound = if best.0 <= original_alpha {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if ply > 0 || self.excluded.is_empty() {
            self.table.store(key, depth, ply, (best.0, bound), best.1);
        }
        best.0
    }

    /// The score of `child` (after `turn`, not the first tried at `ply`) for the mover: a
    /// null-window search `reduction` plies shallower than `depth` first, searched again with
    /// the full window and depth when it beats `alpha`.
    fn scout(
        &mut self,
        child: &Position,
        turn: &Turn,
        (depth, reduction): (i32, i32),
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let last = Some(turn);
        let scout = -self.negamax(
            child,
            last,
            depth - 1 - reduction,
            ply + 1,
            -alpha - 1,
            -alpha,
        );
        if scout > alpha && (reduction > 0 || scout < beta) {
            -self.negamax(child, last, depth - 1, ply + 1, -beta, -alpha)
        } else {
            scout
        }
    }

    /// The score of `pos` past the horizon, `extra` plies into it: the static judgement, or
    /// better if a turn that takes enemy material gains (any capture in the first plies, then
    /// recaptures only).
    fn quiesce(
        &mut self,
        pos: &Position,
        last: Option<&Turn>,
        ply: usize,
        extra: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        self.variant.legal_turns_into(pos, &mut self.turns[ply]);
        if self.turns[ply].is_empty() {
            return self.ended(pos, last, ply);
        }
        let stand = self.eval.evaluate(self.variant, pos);
        if stand >= beta || extra >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        self.order.rank(
            &self.eval,
            pos,
            &self.turns[ply],
            None,
            ply,
            &mut self.keys[ply],
        );
        let enemy = pos.side.opponent();
        let enemies = pos.board.occupied_by(enemy).len();
        while let Some((index, key)) = pick(&mut self.keys[ply]) {
            if is_quiet(key) && !self.unseen_captures {
                break;
            }
            let turn = self.turns[ply][index];
            let recapture = last.is_some_and(|l| l.to == turn.to);
            if extra >= FREE_CAPTURE_PLIES && !recapture {
                continue;
            }
            let child = self.variant.play_unchecked(pos, &turn);
            let takes = child.board.occupied_by(enemy).len() < enemies || turn.removal.is_some();
            if !takes || stand + self.eval.taken(pos, &child, enemy) + DELTA_MARGIN <= alpha {
                continue;
            }
            let score = -self.quiesce(&child, Some(&turn), ply + 1, extra + 1, -beta, -alpha);
            if self.halted {
                return 0;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// One empty list per ply, each with room for the turns of a busy position.
fn buffers<T>() -> Vec<Vec<T>> {
    (0..MAX_PLY).map(|_| Vec::with_capacity(256)).collect()
}
