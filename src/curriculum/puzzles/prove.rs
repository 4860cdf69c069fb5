//! The prover: whether the side to move wins within a number of its own turns against every
//! defence, and which first turns force it.
//!
//! A win within `n` solver turns means the solver's win is decided before its `(n + 1)`-th
//! turn, whatever the opponent replies: in American Chess, whose Gauntlet is judged only after
//! Red's turn, a Blue win in 1 is a Blue turn after which every Red reply loses.
//!
//! The search walks [`Position`]s with the variant's `legal_turns_into` and `play_unchecked`
//! rather than cloning [`Game`]s. Each node is judged as [`Game::outcome`] judges it (the
//! variant's own end, a dead position, the fifty-move rule on the position's clock) except for
//! threefold repetition, which needs the game's history: from a position set up alone the
//! horizon of two solver turns (four plies) cannot repeat a position a third time before the
//! solver's win is judged, so leaving it out changes no answer. Turns are tried forcing ones
//! first (checks, then captures), and every loop stops at its first answer: a solver turn at
//! the first reply that escapes, a reply at the first turn that wins.

use crate::rules::{Game, Loc, Position, RulesExt, Side, Turn, Variant, Verdict};

/// The pieces a turn moves, for uniqueness: its piece's start and end. Turns that differ only
/// in a slide, a removal, a placement or a promotion share it.
pub fn piece_move(turn: &Turn) -> (Loc, Loc) {
    (turn.from, turn.to)
}

/// Whether the side to move in `game` wins before its `(solver_turns + 1)`-th turn against any
/// defence.
pub fn forces_win(game: &Game, solver_turns: u32) -> bool {
    let mut prover = Prover::new(game.variant(), game.position().side);
    game.outcome().is_none() && prover.wins(game.position(), solver_turns)
}

/// The first turns of the side to move in `game` that force its win within `solver_turns` of
/// its turns (see [`forces_win`]), in the prover's order (forcing turns first).
pub fn winning_turns(game: &Game, solver_turns: u32) -> Vec<Turn> {
    if game.outcome().is_some() || solver_turns == 0 {
        return Vec::new();
    }
    let mut prover = Prover::new(game.variant(), game.position().side);
    let turns = game.variant().legal_turns(game.position());
    prover
        .ordered(game.position(), turns)
        .into_iter()
        .filter(|child| prover.holds(&child.pos, &child.turn, solver_turns - 1))
        .map(|child| child.turn)
        .collect()
}

/// Whether `solver`, having just played in `game_after_solver_turn`, still wins within
/// `solver_turns_left` more of its turns against any defence (0: the win is decided now, or,
/// as in American Chess, after any reply). For judging a player's try at a puzzle.
pub fn keeps_win(game_after_solver_turn: &Game, solver: Side, solver_turns_left: u32) -> bool {
    match game_after_solver_turn.outcome() {
        Some(outcome) => outcome.verdict == Verdict::win_for(solver),
        None => escape(game_after_solver_turn, solver, solver_turns_left).is_none(),
    }
}

/// An opponent reply in `game_after_solver_turn` after which `solver` can no longer win within
/// `solver_turns_left` more of its turns; `None` if there is none or the game is already over.
pub fn escape(game_after_solver_turn: &Game, solver: Side, solver_turns_left: u32) -> Option<Turn> {
    if game_after_solver_turn.outcome().is_some() {
        return None;
    }
    let variant = game_after_solver_turn.variant();
    let pos = game_after_solver_turn.position();
    let mut prover = Prover::new(variant, solver);
    prover.escape(pos, variant.legal_turns(pos), solver_turns_left)
}

/// Whether the side to move in `game` wins within `solver_turns` of its turns (see
/// [`forces_win`]), found within `budget` nodes of search; `None` if the budget ran out first.
/// A cheap first look for mining, where a position too costly to decide is passed over.
pub fn forces_win_within(game: &Game, solver_turns: u32, budget: u64) -> Option<bool> {
    let mut prover = Prover::new(game.variant(), game.position().side);
    prover.budget = budget;
    let wins = game.outcome().is_none() && prover.wins(game.position(), solver_turns);
    (prover.nodes <= budget).then_some(wins)
}

/// The nodes the prover searches to find that the side to move in `game` wins within
/// `solver_turns` of its turns: few when the solution is among the forcing turns it tries
/// first, many when it is a quiet turn found late. The puzzles' difficulty.
pub fn proof_nodes(game: &Game, solver_turns: u32) -> u64 {
    let mut prover = Prover::new(game.variant(), game.position().side);
    prover.wins(game.position(), solver_turns);
    prover.nodes
}

/// A turn and the position it leads to.
struct Child {
    turn: Turn,
    pos: Position,
}

/// One proof's state: the variant, whose win is sought, and the nodes searched.
struct Prover<'a> {
    variant: &'a Variant,
    solver: Side,
    nodes: u64,
    /// Past this many nodes every position is [`Node::Cut`].
    budget: u64,
}

impl<'a> Prover<'a> {
    fn new(variant: &'a Variant, solver: Side) -> Prover<'a> {
        Prover {
            variant,
            solver,
            nodes: 0,
            budget: u64::MAX,
        }
    }

    /// With the solver to move in the undecided `pos`: whether one of its turns forces the win
    /// within `left` of its turns.
    fn wins(&mut self, pos: &Position, left: u32) -> bool {
        left > 0 && self.wins_among(pos, self.variant.legal_turns(pos), left)
    }

    /// As [`Prover::wins`], the solver's legal `turns` of `pos` given.
    fn wins_among(&mut self, pos: &Position, turns: Vec<Turn>, left: u32) -> bool {
        self.ordered(pos, turns)
            .iter()
            .any(|child| self.holds(&child.pos, &child.turn, left - 1))
    }

    /// With the opponent to move in `pos`, reached by the solver's `last` turn: whether the
    /// solver's win is decided now, or follows every reply within `left` more solver turns.
    fn holds(&mut self, pos: &Position, last: &Turn, left: u32) -> bool {
        match self.visit(pos, last) {
            Node::Over(verdict) => verdict == Verdict::win_for(self.solver),
            Node::Going(replies) => self.escape(pos, replies, left).is_none(),
            Node::Cut => false,
        }
    }

    /// With the opponent to move in the undecided `pos`, whose legal turns are `replies`: its
    /// first reply after which the solver cannot win within `left` more turns. With none left
    /// every reply is tried as it comes (the first usually escapes); else forcing ones first.
    fn escape(&mut self, pos: &Position, replies: Vec<Turn>, left: u32) -> Option<Turn> {
        if left == 0 {
            return replies.into_iter().find(|reply| {
                let next = self.variant.play_unchecked(pos, reply);
                !self.answered(&next, reply, 0)
            });
        }
        self.ordered(pos, replies)
            .into_iter()
            .find(|child| !self.answered(&child.pos, &child.turn, left))
            .map(|child| child.turn)
    }

    /// With the solver to move in `pos`, reached by the opponent's `last` reply: whether the
    /// solver has already won, or wins within `left` more turns.
    fn answered(&mut self, pos: &Position, last: &Turn, left: u32) -> bool {
        match self.visit(pos, last) {
            Node::Over(verdict) => verdict == Verdict::win_for(self.solver),
            Node::Going(turns) => left > 0 && self.wins_among(pos, turns, left),
            Node::Cut => false,
        }
    }

    /// `pos`, reached by `last`, judged as [`Game::outcome`] judges it but for repetition (see
    /// the module's comment): over with its verdict, or going on with its legal turns. The
    /// variant's own end is asked for only where there is no legal turn, which is exactly
    /// where it has one ([`Rules::own_outcome`]).
    ///
    /// [`Rules::own_outcome`]: crate::rules::Rules::own_outcome
    fn visit(&mut self, pos: &Position, last: &Turn) -> Node {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Node::Cut;
        }
        let variant = self.variant;
        let turns = variant.legal_turns(pos);
        let own = if turns.is_empty() {
            variant.own_outcome(pos, Some(last))
        } else {
            None
        };
        let drawn =
            variant.dead_position(pos) || (variant.move_counter_draws() && pos.halfmove >= 100);
        match own {
            Some(outcome) => Node::Over(outcome.verdict),
            None if drawn => Node::Over(Verdict::Draw),
            None => Node::Going(turns),
        }
    }

    /// `turns` of `pos` with the positions they lead to, forcing ones first: checks, then
    /// captures.
    fn ordered(&self, pos: &Position, turns: Vec<Turn>) -> Vec<Child> {
        let variant = self.variant;
        let mut children: Vec<(u8, Child)> = turns
            .into_iter()
            .map(|turn| {
                let next = variant.play_unchecked(pos, &turn);
                let key = 2 * u8::from(variant.in_check(&next))
                    + u8::from(captures(pos, &next, pos.side.opponent()));
                (key, Child { turn, pos: next })
            })
            .collect();
        children.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
        children.into_iter().map(|(_, child)| child).collect()
    }
}

/// A position judged by the prover.
enum Node {
    /// The game is over, with this verdict.
    Over(Verdict),
    /// The game goes on, with these legal turns.
    Going(Vec<Turn>),
    /// Not searched: the budget ran out. No win is found through it.
    Cut,
}

/// Whether the opponent `side` has fewer pieces in `after` than in `before`.
fn captures(before: &Position, after: &Position, side: Side) -> bool {
    after.board.occupied_by(side).len() < before.board.occupied_by(side).len()
}
