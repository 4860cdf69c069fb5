//! Move ordering: the transposition table's turn first, then captures by the value of what they
//! take, then the killers of the ply, then the reply that last refuted the opponent's turn,
//! then quiet turns by their history of cut-offs (their own, and as replies to the two turns
//! before them), and last the captures that lose material in the exchange that follows (where
//! the variant can tell). The quiet turns are ranked only once the captures before them have
//! all been searched, so a node a capture ends ranks none.

use super::eval::Evaluator;
use crate::position::Position;
use crate::turn::{Removal, Turn};
use crate::types::{Kind, LOC_COUNT, Side};
use crate::variant::Variant;

/// The ordering key of the transposition table's turn.
const TABLE_TURN: i32 = 1 << 30;
/// The ordering key of a capture, before the value of what it takes.
const CAPTURE: i32 = 1 << 28;
/// The ordering key of the ply's first killer (the second is one less).
const KILLER: i32 = 1 << 27;
/// The ordering key of the counter-move: the quiet reply that last refuted the turn just
/// played, below the killers.
const COUNTER: i32 = KILLER - 2;
/// Each history score stays between minus this and this.
const HISTORY_CAP: i32 = 1 << 14;
/// A quiet turn's ordering key is the sum of three history scores (its own and its two
/// continuations), so it stays between minus this and this, below the killers.
const QUIET_CAP: i32 = 3 * HISTORY_CAP;
/// The ordering key of a capture that loses in its exchange, before the value of what it
/// takes: below every quiet turn.
const LOSING_CAPTURE: i32 = -(1 << 28);

/// How many arrivals there are: a piece of a kind coming to a location.
const ARRIVALS: usize = Kind::COUNT * LOC_COUNT;

/// The killers of each ply, the counter-moves and the histories of quiet turns that caused
/// cut-offs.
pub(super) struct Ordering {
    killers: Vec<[Option<Turn>; 2]>,
    /// The quiet turn that last caused a cut-off straight after a turn: indexed by that turn's
    /// side (the opponent of the replying side), from-location and to-location.
    counters: Vec<Option<Turn>>,
    /// Indexed by side, then from-location and to-location.
    history: Vec<i32>,
    /// The continuation history: how a quiet turn fared as a later reply to an earlier turn,
    /// indexed by the replying side, the earlier turn's arrival and the reply's arrival. One
    /// table serves the turn one ply before and the turn two plies before (the mover's own).
    continuation: Vec<i16>,
    /// The arrival of the turn played at each ply on the path (`None` for a pass or a turn
    /// with no moving piece).
    arrivals: Vec<Option<usize>>,
}

impl Ordering {
    /// Empty killers for `plies` plies and empty histories.
    pub(super) fn new(plies: usize) -> Ordering {
        Ordering {
            killers: vec![[None; 2]; plies],
            counters: vec![None; 2 * LOC_COUNT * LOC_COUNT],
            history: vec![0; 2 * LOC_COUNT * LOC_COUNT],
            continuation: vec![0; 2 * ARRIVALS * ARRIVALS],
            arrivals: vec![None; plies],
        }
    }

    /// Notes the turn of `pos` played at `ply` (`None` for a pass), for the continuation
    /// histories of the replies below it.
    pub(super) fn play(&mut self, pos: &Position, turn: Option<&Turn>, ply: usize) {
        self.arrivals[ply] = turn.and_then(|turn| arrival(pos, turn));
    }

    /// Where the continuation histories of `turn` of `pos` at `ply` are kept: as a reply to
    /// the turn one ply before and to the turn two plies before, where there were such turns.
    fn continuations(&self, pos: &Position, turn: &Turn, ply: usize) -> [Option<usize>; 2] {
        let reply = arrival(pos, turn);
        [1, 2].map(|back| {
            let earlier = self.arrivals[ply.checked_sub(back)?]?;
            Some((pos.side.index() * ARRIVALS + earlier) * ARRIVALS + reply?)
        })
    }

    /// The next turn of `pos` (reached by `last`) at `ply` to search, from the node's `turns`
    /// as [`Ranked::start`] began them: its index in `turns` and its ordering key; `None` when
    /// all have been taken.
    pub(super) fn next(
        &self,
        variant: &Variant,
        eval: &Evaluator,
        (pos, last): (&Position, Option<&Turn>),
        turns: &[Turn],
        ply: usize,
        ranked: &mut Ranked,
    ) -> Option<(usize, i32)> {
        if let Some(index) = ranked.table.filter(|_| !ranked.table_taken) {
            ranked.table_taken = true;
            return Some((index, TABLE_TURN));
        }
        if !ranked.listed {
            ranked.listed = true;
            for (index, turn) in turns.iter().enumerate() {
                if Some(index) == ranked.table {
                    continue;
                }
                match capture_key(variant, eval, pos, turn) {
                    Some(key) => ranked.push(key, index),
                    None => ranked.quiets.push(index),
                }
            }
        }
        if ranked.good_captures == 0 && !ranked.quiets.is_empty() {
            let counter = last.and_then(|last| self.counters[counter_index(pos.side, last)]);
            ranked.rank_quiets(|index| self.quiet_key(pos, &turns[index], ply, counter));
        }
        ranked.take()
    }

    /// The ordering key of the quiet `turn` of `pos` at `ply` (one that takes nothing the
    /// board shows), where `counter` is the counter-move of the turn that reached `pos`.
    fn quiet_key(&self, pos: &Position, turn: &Turn, ply: usize, counter: Option<Turn>) -> i32 {
        if let Some(slot) = self.killers[ply].iter().position(|k| holds(k, turn)) {
            KILLER - slot as i32
        } else if holds(&counter, turn) {
            COUNTER
        } else {
            self.history[history_index(pos.side, turn)]
                + self
                    .continuations(pos, turn, ply)
                    .into_iter()
                    .flatten()
                    .map(|index| i32::from(self.continuation[index]))
                    .sum::<i32>()
        }
    }

    /// Notes that the quiet `turn` of `pos`, reached by `last`, caused a cut-off at `ply`,
    /// `depth` plies from the horizon.
    pub(super) fn reward(
        &mut self,
        turn: &Turn,
        (pos, last): (&Position, Option<&Turn>),
        ply: usize,
        depth: i32,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(*turn) {
            killers[1] = killers[0];
            killers[0] = Some(*turn);
        }
        if let Some(last) = last {
            self.counters[counter_index(pos.side, last)] = Some(*turn);
        }
        self.adjust(turn, pos, ply, depth * depth);
    }

    /// Notes that the quiet `turn` of `pos` was searched at `ply` before another turn caused a
    /// cut-off, `depth` plies from the horizon.
    pub(super) fn punish(&mut self, turn: &Turn, pos: &Position, ply: usize, depth: i32) {
        self.adjust(turn, pos, ply, -depth * depth);
    }

    /// Moves `turn`'s histories (its own and its continuations) by `bonus`.
    fn adjust(&mut self, turn: &Turn, pos: &Position, ply: usize, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_CAP, HISTORY_CAP);
        let history = &mut self.history[history_index(pos.side, turn)];
        *history = nudged(*history, bonus);
        for index in self.continuations(pos, turn, ply).into_iter().flatten() {
            let continuation = &mut self.continuation[index];
            *continuation = nudged(i32::from(*continuation), bonus) as i16;
        }
    }
}

/// A history score `score` moved by `bonus`, less the more it already leans that way, so it
/// stays within `HISTORY_CAP` either way and recent results count most.
fn nudged(score: i32, bonus: i32) -> i32 {
    score + bonus - (i64::from(score) * i64::from(bonus.abs()) / i64::from(HISTORY_CAP)) as i32
}

/// The arrival of `turn` of `pos`: the kind of its moving piece and where it lands, as an index
/// below [`ARRIVALS`]; `None` where no piece stands on its from-location.
fn arrival(pos: &Position, turn: &Turn) -> Option<usize> {
    let piece = pos.board.piece(turn.from)?;
    Some(piece.kind.index() * LOC_COUNT + turn.to.index())
}

/// Whether `held` (a killer or a counter-move) is `turn`: the from- and to-locations are
/// compared first, since they tell nearly every pair of turns apart.
#[inline]
fn holds(held: &Option<Turn>, turn: &Turn) -> bool {
    held.as_ref()
        .is_some_and(|held| held.from == turn.from && held.to == turn.to && held == turn)
}

/// Whether an ordering key is that of a quiet turn (no capture seen, not the table's turn).
pub(super) fn is_quiet(key: i32) -> bool {
    (-QUIET_CAP..CAPTURE).contains(&key)
}

/// How many plies less than its place in the node says a late turn of ordering key `key` is
/// reduced: one for a killer or the counter-move, up to two more or two less for a quiet turn
/// by its histories of cut-offs (a ply for each `HISTORY_CAP` of their sum), none for a losing
/// capture.
pub(super) fn reduction_relief(key: i32) -> i32 {
    if (COUNTER..CAPTURE).contains(&key) {
        1
    } else if is_quiet(key) {
        (key / HISTORY_CAP).clamp(-2, 2)
    } else {
        0
    }
}

/// Whether an ordering key is that of a capture that loses in its exchange.
pub(super) fn is_losing(key: i32) -> bool {
    key < -QUIET_CAP
}

/// How many turns of a node are picked one by one (the likeliest to cut the node off at once)
/// before the rest are sorted in one go.
const PICKED_ONE_BY_ONE: usize = 4;

/// A node's turns in the order to search them: the table's turn, then the others, each entry a
/// turn's ordering key above its index in the node's list (so entries compare by key), taken
/// best first.
#[derive(Default)]
pub(super) struct Ranked {
    entries: Vec<i64>,
    next: usize,
    /// The table's turn, searched before the others are ranked.
    table: Option<usize>,
    /// Whether the table's turn has been taken.
    table_taken: bool,
    /// Whether the turns other than the table's have been looked at: the captures ranked in
    /// `entries`, the quiet ones noted in `quiets`.
    listed: bool,
    /// The quiet turns (their indexes) not yet ranked: their keys are found only once the
    /// captures that do not lose are all taken, since one of those often ends the node.
    quiets: Vec<usize>,
    /// How many ranked captures that do not lose are still to be taken.
    good_captures: usize,
    /// Whether the entries after the first few taken are in order.
    sorted: bool,
}

impl Ranked {
    /// Begins a node of `count` turns: the table's turn (an index into them) comes first, and
    /// the others are ranked only if it does not cut the node off.
    pub(super) fn start(&mut self, count: usize, table_turn: Option<usize>) {
        self.next = 0;
        self.entries.clear();
        self.table = table_turn.filter(|index| *index < count);
        self.table_taken = false;
        self.listed = false;
        self.quiets.clear();
        self.good_captures = 0;
        self.sorted = false;
    }

    /// Ranks the quiet turns noted so far, each by `key` of its index.
    fn rank_quiets(&mut self, key: impl Fn(usize) -> i32) {
        for i in 0..self.quiets.len() {
            let index = self.quiets[i];
            self.push(key(index), index);
        }
        self.quiets.clear();
    }

    /// Ranks the turn of index `index` with ordering key `key`.
    fn push(&mut self, key: i32, index: usize) {
        if key >= CAPTURE {
            self.good_captures += 1;
        }
        self.entries.push(i64::from(key) << 16 | index as i64);
        self.sorted = false;
    }

    /// The next of the ranked turns: its index in the node's list and its ordering key; `None`
    /// when all have been taken. The first few are found by a pass over the rest, then the rest
    /// is sorted once, so a node cut off early sorts nothing and one searched through sorts once.
    fn take(&mut self) -> Option<(usize, i32)> {
        let rest = self.entries.get_mut(self.next..)?;
        if rest.is_empty() {
            return None;
        }
        if self.next < PICKED_ONE_BY_ONE {
            let best = (0..rest.len()).max_by_key(|&i| rest[i])?;
            rest.swap(0, best);
        } else if !self.sorted {
            rest.sort_unstable_by(|a, b| b.cmp(a));
            self.sorted = true;
        }
        let entry = rest[0];
        self.next += 1;
        let key = (entry >> 16) as i32;
        if key >= CAPTURE {
            self.good_captures -= 1;
        }
        Some(((entry & 0xFFFF) as usize, key))
    }
}

/// What `turn` visibly wins, judged from the board alone without playing it: the value of the
/// enemy piece on its destination, removed by its `x` part or taken en passant, less a tenth of
/// the mover's, plus what a promotion adds. Captures the board does not show (interceptions)
/// count as none.
fn gain(eval: &Evaluator, pos: &Position, turn: &Turn) -> i32 {
    // Most turns land on an empty or friendly square and remove and promote nothing: told
    // apart by a set and three fields before any piece is read.
    if !pos.board.is_side(turn.to, pos.side.opponent())
        && turn.removal.is_none()
        && turn.promotion.is_none()
        && pos.state.en_passant != Some(turn.to)
    {
        return 0;
    }
    let enemy_value = |at| {
        pos.board
            .piece(at)
            .filter(|p| p.side != pos.side)
            .map_or(0, |p| eval.value(p.kind).max(1))
    };
    let mover = pos.board.piece(turn.from);
    let mut victim = enemy_value(turn.to);
    match turn.removal {
        Some(Removal::At(at)) => victim += enemy_value(at),
        Some(Removal::Reserve) => victim += 1,
        None => {}
    }
    if pos.state.en_passant == Some(turn.to) && mover.is_some_and(|p| p.kind == Kind::Pawn) {
        victim += eval.value(Kind::Pawn).max(1);
    }
    let mover = mover.map_or(0, |p| eval.value(p.kind));
    let promotion = eval.promotion_gain(pos, turn);
    if victim == 0 && promotion == 0 {
        return 0;
    }
    (16 * (victim + promotion) - mover / 10).max(1)
}

/// The ordering key of `turn` of `pos` if it visibly takes something: above every quiet turn,
/// or below them all if it loses its exchange; `None` for a quiet turn.
fn capture_key(variant: &Variant, eval: &Evaluator, pos: &Position, turn: &Turn) -> Option<i32> {
    let gain = gain(eval, pos, turn);
    if gain <= 0 {
        return None;
    }
    let losing = may_lose(eval, pos, turn)
        && variant.exchange_at_least(pos, turn, eval.values(), 0) == Some(false);
    Some(if losing {
        LOSING_CAPTURE + gain
    } else {
        CAPTURE + gain
    })
}

/// Whether `turn` might lose its exchange: only a capture by a piece worth more than the one it
/// takes can (a legal turn of a royal piece, worth nothing here, never walks into a capture).
fn may_lose(eval: &Evaluator, pos: &Position, turn: &Turn) -> bool {
    let worth = |at| pos.board.piece(at).map_or(0, |p| eval.value(p.kind));
    worth(turn.from) > worth(turn.to)
}

/// Where the counter-move to `last`, played by `side`'s opponent, is kept.
fn counter_index(side: Side, last: &Turn) -> usize {
    history_index(side.opponent(), last)
}

fn history_index(side: Side, turn: &Turn) -> usize {
    (side.index() * LOC_COUNT + turn.from.index()) * LOC_COUNT + turn.to.index()
}
