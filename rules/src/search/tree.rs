//! The tree search: principal-variation alpha-beta (negamax) over whole turns, with the
//! transposition table, move ordering, late-move reductions and a quiescence search on
//! captures. Each ply has its own preallocated turn list, so no node allocates.

use super::eval::{Evaluator, Judged};
use super::order::{Ordering, Ranked, is_losing, is_quiet, reduction_relief};
use super::score::{DECIDED, INFINITE, WIN};
use super::tt::{Bound, Entry, Table};
use crate::game::Game;
use crate::outcome::Verdict;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Kind, Piece};
use crate::variant::Variant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};
use std::time::Instant;

/// The deepest ply the search reaches, quiescence included.
pub(super) const MAX_PLY: usize = 128;

/// How many plies of captures the quiescence search follows past the horizon.
const QUIESCENCE_PLIES: usize = 8;

/// How many of those plies may capture anywhere; after them only recaptures on the square of
/// the last turn are followed (in every ply where the variant asks for a full quiescence).
const FREE_CAPTURE_PLIES: usize = 2;

/// How much more than the material it takes a capture in the quiescence search may gain (by
/// placement, a promotion); captures that cannot raise the score even so are not searched.
const DELTA_MARGIN: i32 = 200;

/// How many nodes pass between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;

/// Reverse futility: within this many plies of the horizon, a static judgement this much per
/// ply above beta ends the node (a ply less where the node is improving).
const REVERSE_FUTILITY_DEPTH: i32 = 6;
const REVERSE_FUTILITY_MARGIN: i32 = 90;

/// A node this many plies or more from the horizon that the table knows no turn for is
/// searched a ply shallower (internal iterative reduction): its turns are ordered by guesswork,
/// and the next iteration comes back to it with the turn this one finds.
const UNGUIDED_REDUCTION_DEPTH: i32 = 4;

/// Singular extensions: a node this many plies or more from the horizon whose table entry,
/// searched at most `SINGULAR_DEPTH_LAG` plies shallower, holds a turn at least as good as a
/// score tests whether every other turn falls `SINGULAR_MARGIN` per ply short of that score
/// in a search half as deep; if so, the table's turn is searched a ply deeper.
const SINGULAR_DEPTH: i32 = 8;
const SINGULAR_DEPTH_LAG: i32 = 3;
const SINGULAR_MARGIN: i32 = 2;

/// The null-move test runs this many plies or more from the horizon.
const NULL_MOVE_DEPTH: i32 = 3;

/// Late-move pruning: within this many plies of the horizon, an improving node searches at most
/// `LATE_MOVE_BASE + depth²` quiet turns, another about half as many.
const LATE_MOVE_DEPTH: usize = 4;
const LATE_MOVE_BASE: usize = 3;

/// Futility: within this many plies of the horizon, quiet turns are not searched where the
/// static judgement plus this much per ply is no better than alpha.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 120;

/// Exchange pruning: within this many plies of the horizon, a late turn of a scout node whose
/// exchange on its square loses more than a margin is not searched: this much per ply for a
/// quiet turn, this much per ply squared for a capture.
const EXCHANGE_PRUNING_DEPTH: i32 = 8;
const QUIET_EXCHANGE_MARGIN: i32 = 60;
const CAPTURE_EXCHANGE_MARGIN: i32 = 20;

/// The repetition key pushed on the path for a pass, so no position repeats through it and no
/// pass follows a pass.
const NULL_KEY: u64 = 0;

/// What the pruning decisions of one node of the main search need to know.
struct Node {
    /// Plies to the horizon.
    depth: i32,
    /// Plies from the root.
    ply: usize,
    /// Whether the side to move is in check.
    in_check: bool,
    /// Whether the window is null (a scout node, not on the principal variation).
    scout: bool,
    /// The static judgement (meaningless in check).
    stand: i32,
    /// Whether the static judgement is better than at the mover's previous node on the path
    /// (two plies up): where it is not, the node is pruned and reduced harder.
    improving: bool,
}

impl Node {
    /// Whether the node's late turns may be left out unsearched: only at a scout node, never in
    /// check.
    fn prunes_turns(&self) -> bool {
        self.scout && !self.in_check
    }
}

/// What the singular test found of a node's table turn.
enum Singular {
    /// Not tested, or other turns come near it.
    No,
    /// Every other turn falls short: it is searched a ply deeper.
    Extend,
    /// Other turns too reach beta: the node is cut off at this score.
    Cut(i32),
}

/// Late-move reductions: how many plies shallower the `n`th turn of a node `depth` plies from
/// the horizon is searched first, growing with the logarithms of both.
struct Reductions([[u8; 64]; 64]);

impl Reductions {
    fn new() -> Reductions {
        let mut table = [[0; 64]; 64];
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (tried, cell) in row.iter_mut().enumerate().skip(1) {
                let r = 0.75 + (depth as f64).ln() * (tried as f64).ln() / 2.25;
                *cell = r.max(0.0) as u8;
            }
        }
        Reductions(table)
    }

    /// The reduction of the `tried`th turn (0 first) at `depth`, one less off the principal
    /// variation's nodes and `relief` less besides (see [`reduction_relief`]), leaving at least
    /// one ply.
    fn of(&self, depth: i32, tried: usize, scout: bool, relief: i32) -> i32 {
        if depth < 3 || tried < 2 {
            return 0;
        }
        let r =
            i32::from(self.0[(depth as usize).min(63)][tried.min(63)]) - i32::from(!scout) - relief;
        r.clamp(0, depth - 2)
    }
}

/// When the search must stop: the caller's flag, a deadline, a node budget.
pub(super) struct Halt<'a> {
    /// Set by the caller to stop at once.
    pub stop: &'a AtomicBool,
    /// No node is searched after this.
    pub deadline: Option<Instant>,
    /// No more nodes than this.
    pub nodes: Option<u64>,
    /// Where a helper thread adds the nodes it searches, as it goes.
    pub tally: Option<&'a AtomicU64>,
}

/// One search's state: the game's history for repetitions, the table, the ordering and the
/// per-ply buffers.
pub(super) struct Tree<'a> {
    variant: &'a Variant,
    eval: Evaluator,
    judged: Judged,
    table: &'a Table,
    order: Ordering,
    /// The candidate turns of the node at each ply (see
    /// [`crate::search_hints::SearchHints::candidate_turns_into`]).
    turns: Vec<Vec<Turn>>,
    /// Those turns in the order to search them.
    ranked: Vec<Ranked>,
    /// The quiet turns searched so far at each ply's node.
    quiets: Vec<Vec<Turn>>,
    /// The static judgement of the node at each ply on the path (`-INFINITE` in check).
    stands: Vec<i32>,
    /// The repetition keys of the game's positions before the root, then of the nodes on the
    /// path from the root to the current node (excluded).
    path: Vec<u64>,
    clock_draws: bool,
    /// Whether 100 half-moves without a capture or a Pawn's move draw.
    move_counter_draws: bool,
    /// The turn (an index into the node's list) each ply's node leaves out while it tests
    /// whether that turn is singular.
    skipped: Vec<Option<usize>>,
    /// Whether the variant's candidate turns are all legal (see
    /// [`crate::search_hints::SearchHints::candidates_are_legal`]).
    candidates_legal: bool,
    /// Whether the null-move test may be tried (see
    /// [`crate::search_hints::SearchHints::passing_is_safe`]).
    passing_is_safe: bool,
    /// Whether the quiescence search must play quiet-looking turns to see all captures.
    unseen_captures: bool,
    /// How many quiescence plies may capture anywhere.
    free_capture_plies: usize,
    halt: Halt<'a>,
    /// Nodes searched so far.
    pub nodes: u64,
    halted: bool,
    /// The best turn found at the root in the current iteration.
    root_best: Option<Turn>,
    /// Root turns this iteration leaves out (the lines already found).
    excluded: Vec<Turn>,
    reductions: Reductions,
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
            judged: Judged::new(),
            table,
            order: Ordering::new(MAX_PLY),
            turns: buffers(),
            ranked: (0..MAX_PLY).map(|_| Ranked::default()).collect(),
            quiets: buffers(),
            stands: vec![-INFINITE; MAX_PLY],
            skipped: vec![None; MAX_PLY],
            path,
            clock_draws: variant.clock_draws(),
            move_counter_draws: variant.move_counter_draws(),
            passing_is_safe: variant.passing_is_safe(),
            candidates_legal: variant.candidates_are_legal(),
            unseen_captures: variant.unseen_captures(),
            free_capture_plies: if variant.full_quiescence() {
                QUIESCENCE_PLIES
            } else {
                FREE_CAPTURE_PLIES
            },
            halt,
            nodes: 0,
            halted: false,
            root_best: None,
            excluded: Vec::new(),
            reductions: Reductions::new(),
        }
    }

    /// Whether the search was stopped (by the flag, the deadline or the node budget).
    pub(super) fn halted(&self) -> bool {
        self.halted
    }

    /// The legal turns of `pos` in the order the search would try them first (captures of the
    /// most valuable pieces first); empty when the game is over.
    pub(super) fn ordered_turns(&mut self, pos: &Position) -> Vec<Turn> {
        self.variant.candidate_turns_into(pos, &mut self.turns[0]);
        let table_turn = self
            .table
            .probe(self.variant.search_key(pos))
            .and_then(|e| e.best());
        self.ranked[0].start(self.turns[0].len(), table_turn);
        let mut ordered = Vec::with_capacity(self.turns[0].len());
        while let Some((index, _)) = self.next_turn(pos, None, 0) {
            let turn = self.turns[0][index];
            if self.play(pos, &turn).is_some() {
                ordered.push(turn);
            }
        }
        ordered
    }

    /// Searches the root `pos` (reached by `last`) `depth` plies deep within the window
    /// (`alpha`, `beta`), leaving out the turns `excluded` (the lines already found): its
    /// score, and the best turn if one was searched to the end before a halt.
    pub(super) fn root(
        &mut self,
        pos: &Position,
        last: Option<&Turn>,
        depth: i32,
        excluded: &[Turn],
        (alpha, beta): (i32, i32),
    ) -> (i32, Option<Turn>) {
        self.root_best = None;
        self.excluded.clear();
        self.excluded.extend_from_slice(excluded);
        let score = self.negamax(pos, last, depth, 0, alpha, beta);
        (score, self.root_best.take())
    }

    /// The score of the position after `turn` of `pos`, searched `depth` plies deep in all
    /// (a full window, so an exact score), for the side that played it; `None` if halted.
    pub(super) fn score_turn(&mut self, pos: &Position, turn: &Turn, depth: i32) -> Option<i32> {
        let child = self.variant.play_unchecked(pos, turn);
        self.order.play(pos, Some(turn), 0);
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
            self.variant.candidate_turns_into(&at, &mut self.turns[0]);
            let Some(turn) = self.turns[0].get(index).copied() else {
                break;
            };
            let Some(after) = self.play(&at, &turn) else {
                break;
            };
            line.push(turn);
            at = after;
        }
        line
    }

    /// The next turn to search of the node `pos` (reached by `last`) at `ply` (listed in
    /// `turns[ply]` and started in `ranked[ply]`): its index and ordering key.
    fn next_turn(
        &mut self,
        pos: &Position,
        last: Option<&Turn>,
        ply: usize,
    ) -> Option<(usize, i32)> {
        self.order.next(
            self.variant,
            &self.eval,
            (pos, last),
            &self.turns[ply],
            ply,
            &mut self.ranked[ply],
        )
    }

    /// The position after `turn`, a candidate turn of `pos`; `None` where it is not legal.
    fn play(&self, pos: &Position, turn: &Turn) -> Option<Position> {
        if self.candidates_legal {
            Some(self.variant.play_unchecked(pos, turn))
        } else {
            self.variant.play_candidate(pos, turn)
        }
    }

    /// Counts a node and says whether to stop, looking at the flag and the clock now and then.
    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if !self.halted && self.nodes.is_multiple_of(CHECK_EVERY) {
            if let Some(tally) = self.halt.tally {
                tally.fetch_add(CHECK_EVERY, Atomic::Relaxed);
            }
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
        (self.move_counter_draws && pos.halfmove >= 100)
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
        if ply + QUIESCENCE_PLIES + 1 >= MAX_PLY {
            return self.eval.evaluate(self.variant, pos);
        }
        let in_check = ply > 0 && self.variant.in_check(pos);
        let depth = depth + i32::from(in_check);
        if depth <= 0 {
            return self.quiesce(pos, last, ply, 0, alpha, beta);
        }
        if self.out_of_time() {
            return 0;
        }
        if ply > 0 && self.drawn(pos) {
            return 0;
        }
        if self.variant.decided(pos) {
            return self.ended(pos, last, ply);
        }
        let key = self.variant.search_key(pos);
        let entry = self.table.probe(key);
        // A search that leaves a turn out has a score of its own: the table's is not its, and
        // it writes none.
        let skipped = self.skipped[ply].take();
        if ply > 0
            && skipped.is_none()
            && let Some(score) = entry.and_then(|e| e.cutoff(depth, ply, alpha, beta))
        {
            return score;
        }
        let table_turn = entry.and_then(|e| e.best());
        let unguided = table_turn.is_none() && depth >= UNGUIDED_REDUCTION_DEPTH;
        let depth = depth - i32::from(unguided);
        let stand = if in_check {
            -INFINITE
        } else {
            self.judged.judge(&self.eval, self.variant, pos, key)
        };
        self.stands[ply] = stand;
        let node = Node {
            depth,
            ply,
            in_check,
            scout: beta - alpha == 1,
            stand,
            improving: ply >= 2 && stand > self.stands[ply - 2] && !in_check,
        };
        let mut extension = 0;
        if skipped.is_none() {
            if let Some(score) = self.prune_node(pos, key, &node, beta) {
                return score;
            }
            match self.singularity(pos, last, &node, entry, beta) {
                Singular::Cut(score) => return score,
                Singular::Extend => extension = 1,
                Singular::No => {}
            }
        }
        self.variant.candidate_turns_into(pos, &mut self.turns[ply]);
        if self.turns[ply].is_empty() {
            return self.ended(pos, last, ply);
        }
        self.ranked[ply].start(self.turns[ply].len(), table_turn);
        let original_alpha = alpha;
        let mut best = (-INFINITE, None);
        self.path.push(key);
        self.quiets[ply].clear();
        let mut tried = 0;
        let mut quiets = 0;
        let mut any_legal = false;
        while let Some((index, order_key)) = self.next_turn(pos, last, ply) {
            let turn = self.turns[ply][index];
            // The lines already found and the table's turn are legal turns of the node.
            if (ply == 0 && self.excluded.contains(&turn)) || skipped == Some(index) {
                any_legal = true;
                continue;
            }
            let quiet = is_quiet(order_key);
            // A capture that loses its exchange is pruned and reduced as a quiet turn is.
            let late = quiet || is_losing(order_key);
            if late
                && tried > 0
                && best.0 > -DECIDED
                && node.prunes_turns()
                && (self.futile(&node, quiets, alpha)
                    || self.loses_too_much(pos, &turn, &node, quiet))
            {
                quiets += 1;
                continue;
            }
            // Only a turn about to be searched has its legality tested.
            let played = self.play(pos, &turn);
            let Some(child) = &played else {
                continue;
            };
            self.table.prefetch(self.variant.search_key(child));
            any_legal = true;
            quiets += usize::from(late);
            self.order.play(pos, Some(&turn), ply);
            let score = if tried == 0 {
                let depth = depth - 1 + extension;
                -self.negamax(child, Some(&turn), depth, ply + 1, -beta, -alpha)
            } else {
                let reduction = if late && !in_check {
                    let relief = reduction_relief(order_key);
                    self.reductions.of(depth, tried, node.scout, relief)
                } else {
                    0
                };
                self.scout(child, &turn, (depth, reduction), ply, (alpha, beta))
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
                        self.order.reward(&turn, (pos, last), ply, depth);
                        for earlier in &self.quiets[ply] {
                            self.order.punish(earlier, pos, ply, depth);
                        }
                    }
                    break;
                }
            }
            if quiet {
                self.quiets[ply].push(turn);
            }
        }
        self.path.pop();
        if !any_legal {
            return self.ended(pos, last, ply);
        }
        if best.1.is_none() {
            return alpha;
        }
        if (ply > 0 || self.excluded.is_empty()) && skipped.is_none() {
            let bound = Bound::of(best.0, (original_alpha, beta));
            self.table.store(key, depth, ply, (best.0, bound), best.1);
        }
        best.0
    }

    /// A score that ends the search of a scout node before its turns are listed, where the
    /// position is so good for the mover that the opponent would avoid it: the static
    /// judgement far above `beta` near the horizon (reverse futility), or a search after
    /// passing, a few plies shallower, still at `beta` or above (the null-move test; not in
    /// check, not straight after another pass, and only where the variant says passing is a
    /// safe test and the mover has pieces besides its Pawns and royal pieces, where zugzwang
    /// is rare).
    fn prune_node(&mut self, pos: &Position, key: u64, node: &Node, beta: i32) -> Option<i32> {
        if !node.scout || node.in_check || node.ply == 0 || beta.abs() >= DECIDED {
            return None;
        }
        if node.depth <= REVERSE_FUTILITY_DEPTH
            && node.stand - REVERSE_FUTILITY_MARGIN * (node.depth - i32::from(node.improving))
                >= beta
        {
            return Some(node.stand);
        }
        let after_pass = self.path.last() == Some(&NULL_KEY);
        if !self.passing_is_safe
            || node.depth < NULL_MOVE_DEPTH
            || node.stand < beta
            || after_pass
            || !self.has_officers(pos)
        {
            return None;
        }
        let passed = self.variant.null_move(pos)?;
        self.order.play(pos, None, node.ply);
        let reduction = 3 + node.depth / 4;
        self.path.push(key);
        self.path.push(NULL_KEY);
        let score = -self.negamax(
            &passed,
            None,
            node.depth - 1 - reduction,
            node.ply + 1,
            -beta,
            -beta + 1,
        );
        self.path.truncate(self.path.len() - 2);
        if self.halted {
            return Some(0);
        }
        (score >= beta).then_some(if score >= DECIDED { beta } else { score })
    }

    /// Whether the table's turn of the scout or principal node `pos` (reached by `last`) is
    /// singular: the table says it reaches `score`, and a search half as deep of the other
    /// turns against a bar a little below that score fails low. Where even the bar is at or
    /// above `beta`, several turns cut the node off and it is cut off at the bar (multi-cut).
    fn singularity(
        &mut self,
        pos: &Position,
        last: Option<&Turn>,
        node: &Node,
        entry: Option<Entry>,
        beta: i32,
    ) -> Singular {
        let Some(entry) = entry else {
            return Singular::No;
        };
        let (score, bound) = entry.score(node.ply);
        let Some(index) = entry.best() else {
            return Singular::No;
        };
        if node.ply == 0
            || node.depth < SINGULAR_DEPTH
            || entry.depth() < node.depth - SINGULAR_DEPTH_LAG
            || bound == Bound::Upper
            || score.abs() >= DECIDED
        {
            return Singular::No;
        }
        let bar = score - SINGULAR_MARGIN * node.depth;
        self.skipped[node.ply] = Some(index);
        let others = self.negamax(pos, last, (node.depth - 1) / 2, node.ply, bar - 1, bar);
        self.skipped[node.ply] = None;
        if self.halted {
            Singular::No
        } else if others < bar {
            Singular::Extend
        } else if bar >= beta {
            Singular::Cut(bar)
        } else {
            Singular::No
        }
    }

    /// Whether the side to move has a piece other than Pawns and royal pieces.
    fn has_officers(&self, pos: &Position) -> bool {
        Kind::ALL
            .into_iter()
            .filter(|kind| !matches!(kind, Kind::Pawn | Kind::King))
            .any(|kind| pos.board.count(Piece::new(kind, pos.side)) > 0)
    }

    /// Whether the next quiet turn of a scout node is not worth searching: near the horizon, after
    /// enough quiet turns were tried (late-move pruning; about half as many where the node is
    /// not improving), or where even a good placement could not lift the static judgement to
    /// `alpha` (futility).
    fn futile(&self, node: &Node, quiets: usize, alpha: i32) -> bool {
        let depth = node.depth as usize;
        let late_moves = if node.improving {
            LATE_MOVE_BASE + depth * depth
        } else {
            (LATE_MOVE_BASE + depth * depth) / 2 + 1
        };
        (depth <= LATE_MOVE_DEPTH && quiets >= late_moves)
            || (node.depth <= FUTILITY_DEPTH
                && node.stand + FUTILITY_MARGIN * node.depth <= alpha
                && alpha.abs() < DECIDED)
    }

    /// Whether the late `turn` of the scout node `pos` (`quiet`, or a capture that loses its
    /// exchange) is not worth searching near the horizon: its exchange on its square loses
    /// more than a margin that grows with the depth.
    fn loses_too_much(&self, pos: &Position, turn: &Turn, node: &Node, quiet: bool) -> bool {
        if node.depth > EXCHANGE_PRUNING_DEPTH {
            return false;
        }
        let margin = if quiet {
            QUIET_EXCHANGE_MARGIN * node.depth
        } else {
            CAPTURE_EXCHANGE_MARGIN * node.depth * node.depth
        };
        self.variant
            .exchange_at_least(pos, turn, self.eval.values(), -margin)
            == Some(false)
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
    /// better if a turn that takes enemy material or promotes gains (any capture or promotion
    /// in the first plies, then recaptures only). The score goes to the table at depth 0 where
    /// the table knows nothing of `pos`, without a best turn (an index into the captures would
    /// not name the same turn in the full list of turns the main search reads it against).
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
        if self.variant.decided(pos) {
            return self.ended(pos, last, ply);
        }
        let key = self.variant.search_key(pos);
        let entry = self.table.probe(key);
        if let Some(score) = entry.and_then(|e| e.cutoff(0, ply, alpha, beta)) {
            return score;
        }
        let evading = extra < QUIESCENCE_PLIES && self.variant.in_check(pos);
        let stand = if evading {
            -INFINITE
        } else {
            self.judged.judge(&self.eval, self.variant, pos, key)
        };
        if stand >= beta || extra >= QUIESCENCE_PLIES {
            return stand;
        }
        let noisy_only = if evading {
            self.variant.candidate_turns_into(pos, &mut self.turns[ply]);
            false
        } else {
            self.variant.noisy_turns_into(pos, &mut self.turns[ply])
        };
        if self.turns[ply].is_empty() {
            return if noisy_only {
                stand
            } else {
                self.ended(pos, last, ply)
            };
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        let mut best = stand;
        self.ranked[ply].start(
            self.turns[ply].len(),
            entry.and_then(|e| e.best()).filter(|_| !noisy_only),
        );
        let enemy = pos.side.opponent();
        let enemies = pos.board.occupied_by(enemy).len();
        // In check every turn is tried, so one found legal tells the game goes on; elsewhere
        // the stand-pat score stands for a position with no legal turn.
        let mut any_legal = !evading;
        while let Some((index, order_key)) = self.next_turn(pos, last, ply) {
            let unpromising =
                is_losing(order_key) || (is_quiet(order_key) && !self.unseen_captures);
            if unpromising && !evading {
                break;
            }
            let turn = self.turns[ply][index];
            let recapture = last.is_some_and(|l| l.to == turn.to);
            if extra >= self.free_capture_plies && !recapture && !evading {
                continue;
            }
            let played = self.play(pos, &turn);
            let Some(child) = &played else {
                continue;
            };
            self.table.prefetch(self.variant.search_key(child));
            any_legal = true;
            self.order.play(pos, Some(&turn), ply);
            let takes = child.board.occupied_by(enemy).len() < enemies || turn.removal.is_some();
            let promotion = self.eval.promotion_gain(pos, &turn);
            let hopeless =
                stand + self.eval.taken(pos, child, enemy) + promotion + DELTA_MARGIN <= alpha;
            if !evading && (!(takes || promotion > 0) || hopeless) {
                continue;
            }
            let score = -self.quiesce(child, Some(&turn), ply + 1, extra + 1, -beta, -alpha);
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
        if !any_legal {
            return self.ended(pos, last, ply);
        }
        if entry.is_none() {
            let bound = Bound::of(best, (original_alpha, beta));
            self.table.store(key, 0, ply, (best, bound), None);
        }
        best
    }
}

/// One empty list per ply, each with room for the turns of a busy position.
fn buffers<T>() -> Vec<Vec<T>> {
    (0..MAX_PLY).map(|_| Vec::with_capacity(256)).collect()
}
