//! Amphora: Kings, Guards and Pawns stepping on a jug-shaped board, capturing by replacement,
//! by diagonal interception and by telekinesis on entering the far rank, with a Guard held in
//! reserve and placed next to its King after a lost Pawn or a check.
//!
//! Turns are generated and judged on the pieces as square sets ([`Layout`]): a possible turn is
//! a [`Play`] holding the sets it leaves, its legality is a few set operations on them, and a
//! position is made only for the turns that are legal and wanted.

mod judge;
mod layout;
mod threat;

use super::terms;
use crate::bits::bit_instructions;
use crate::board::Board;
use crate::data::{Options, VariantData};
use crate::editing::{StateControl, StateKey};
use crate::error::Error;
use crate::event::{Capture, Discard, Event, Recorder};
use crate::fen;
use crate::geometry::{Geometry, Lines};
use crate::outcome::{Outcome, Reason};
use crate::position::{Position, Reserve, RuleState};
use crate::rules::{Apply, Basics, Rules, RulesExt};
use crate::screen_helpers::ScreenHelpers;
use crate::search_hints::SearchHints;
use crate::turn::{Removal, Turn};
use crate::types::{Dir, DirSet, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};
use layout::{KINDS, Layout};

/// The most consecutive sideways moves a player may make: as many as the rule state counts.
const SIDEWAYS_LIMIT: u8 = RuleState::MAX_SIDEWAYS;

/// Along the rank: the sideways directions.
const SIDEWAYS: DirSet = DirSet::of(&[Dir::E, Dir::W]);

/// The directions ahead of `side`: straight and diagonally forward.
const fn ahead(side: Side) -> DirSet {
    match side {
        Side::White => DirSet::of(&[Dir::NW, Dir::N, Dir::NE]),
        Side::Black => DirSet::of(&[Dir::SW, Dir::S, Dir::SE]),
    }
}

/// The directions diagonally forward for `side`.
const fn diagonally_ahead(side: Side) -> DirSet {
    DirSet(ahead(side).0 & DirSet::DIAGONAL.0)
}

/// What a Guard held in reserve is worth to the computer opponent: it comes on next to the
/// King after a lost Pawn or a check.
const GUARD_IN_HAND: i32 = 150;

/// `side`'s Guard.
const fn guard(side: Side) -> Piece {
    Piece::new(Kind::Guard, side)
}

/// The index of `side`'s pieces of `kind` in the per-piece tables.
const fn piece_index(side: Side, kind: Kind) -> usize {
    let slot = match kind {
        Kind::King => 0,
        Kind::Guard => 1,
        _ => 2,
    };
    slot * 2 + side.index()
}

/// Squares joined to one square by one piece's steps, sideways steps included: through a step
/// onto an empty square (`quiet`) and through a step onto an enemy piece (`capture`). Read from
/// a square, where the piece goes; read onto a square, where it comes from.
#[derive(Clone, Copy, Default)]
struct Steps {
    quiet: LocSet,
    capture: LocSet,
}

/// A table of [`Steps`] per piece (see [`piece_index`]) and square.
type StepTable = [[Steps; LOC_COUNT]; 2 * KINDS.len()];

impl Steps {
    /// The directions a piece of `kind` and `side` steps in: quietly, and to capture.
    const fn dirs(side: Side, kind: Kind) -> (DirSet, DirSet) {
        let forward = DirSet::of(&[side.forward_dir()]);
        match kind {
            Kind::Pawn => (forward.union(SIDEWAYS), diagonally_ahead(side)),
            Kind::Guard => (ahead(side).union(SIDEWAYS), DirSet::ALL),
            _ => {
                let all = ahead(side).union(SIDEWAYS);
                (all, all)
            }
        }
    }

    /// Every piece's steps from every square of `outline` onto squares of it (`from`), and the
    /// same steps read backwards, onto every square (`onto`).
    fn tables(geometry: &Geometry, outline: LocSet) -> (Box<StepTable>, Box<StepTable>) {
        let mut from = Box::new([[Steps::default(); LOC_COUNT]; 2 * KINDS.len()]);
        let mut onto = from.clone();
        for kind in KINDS {
            for side in Side::BOTH {
                let (quiet, capture) = Steps::dirs(side, kind);
                let piece = piece_index(side, kind);
                for start in outline.iter() {
                    for dir in DirSet::ALL.iter() {
                        let Some(end) = geometry.neighbour(start, dir) else {
                            continue;
                        };
                        if !outline.contains(end) {
                            continue;
                        }
                        if quiet.contains(dir) {
                            from[piece][start.index()].quiet |= end.bit();
                            onto[piece][end.index()].quiet |= start.bit();
                        }
                        if capture.contains(dir) {
                            from[piece][start.index()].capture |= end.bit();
                            onto[piece][end.index()].capture |= start.bit();
                        }
                    }
                }
            }
        }
        (from, onto)
    }

    /// These steps without those onto `squares`.
    #[inline]
    fn without(self, squares: LocSet) -> Steps {
        Steps {
            quiet: self.quiet & !squares,
            capture: self.capture & !squares,
        }
    }

    /// The steps onto a square that holds a piece (`occupied`) or not.
    #[inline]
    fn onto(self, occupied: bool) -> LocSet {
        if occupied { self.capture } else { self.quiet }
    }
}

/// What the captures of a turn took from the opponent, so far.
#[derive(Clone, Copy, Default)]
struct Taken {
    /// Anything at all (the halfmove clock restarts).
    any: bool,
    /// At least one Pawn (the opponent may get the placement right).
    pawn: bool,
}

impl Taken {
    /// Counts `victim` as taken.
    fn note(&mut self, victim: Piece) {
        self.any = true;
        self.pawn |= victim.kind == Kind::Pawn;
    }
}

/// One possible turn as the square sets it leaves: enough to judge it and count it, and to
/// write it as a [`Turn`] when it is wanted.
#[derive(Clone, Copy)]
struct Play {
    /// The square the Guard is placed on before the move, if it is.
    placement: Option<Loc>,
    /// Where the moving piece starts.
    from: Loc,
    /// Where it ends.
    to: Loc,
    /// The kind of the moving piece.
    mover: Kind,
    /// Whether the move took anything by replacement or interception.
    took: bool,
    /// The piece removed by telekinesis, when the turn chooses one.
    removal: Option<Removal>,
    /// The pieces as the turn leaves them.
    after: Layout,
    /// Whether the turn took a Pawn of the opponent.
    took_pawn: bool,
    /// Per side: whether its Guard is still in reserve after the turn.
    guard_held: [bool; 2],
    /// Whether the mover may still step sideways on its next turn.
    sideways_next: bool,
}

impl Play {
    /// Whether the play is a plain move of a Pawn or Guard that takes nothing: the opponent's
    /// pieces stay as they were and only two squares change.
    fn is_quiet(&self) -> bool {
        self.placement.is_none() && self.removal.is_none() && !self.took && self.mover != Kind::King
    }

    /// The turn of `side` this play is.
    fn turn(&self, side: Side) -> Turn {
        let mut turn = Turn::new(self.from, self.to).removing(self.removal);
        turn.placement = self.placement.map(|at| (guard(side), at));
        turn
    }
}

/// Where the move of a turn starts: the pieces after the turn's placement, if it has one, and
/// the Guards then in reserve.
#[derive(Clone, Copy)]
struct Start {
    /// The pieces, the placed Guard among them.
    layout: Layout,
    /// Where the Guard was placed, if it was.
    placement: Option<Loc>,
    /// Per side: whether its Guard is in reserve.
    guard_held: [bool; 2],
}

impl Start {
    /// The start of a turn of `pos`, whose pieces are `layout`, without placement.
    fn unplaced(pos: &Position, layout: &Layout) -> Start {
        Start {
            layout: *layout,
            placement: None,
            guard_held: Side::BOTH.map(|side| pos.state.reserve.count(guard(side)) > 0),
        }
    }

    /// This start with `side`'s Guard placed on `at`.
    fn placing(&self, side: Side, at: Loc) -> Start {
        let mut placed = *self;
        placed.layout.put(side, Kind::Guard, at);
        placed.placement = Some(at);
        placed.guard_held[side.index()] = false;
        placed
    }
}

/// Moves left out of a walk over the plays, which the caller counts itself: those without
/// placement from a square of `from` to a square of `to`.
#[derive(Clone, Copy)]
struct Skip {
    from: LocSet,
    to: LocSet,
}

impl Skip {
    /// Nothing left out.
    const NONE: Skip = Skip {
        from: LocSet::EMPTY,
        to: LocSet::EMPTY,
    };
}

/// Amphora.
pub struct Amphora {
    basics: Basics,
    /// The squares of the jug (every other location of the rectangle is a hole).
    outline: LocSet,
    /// Per side, the squares of the rank just before its far rank: where telekinesis starts.
    before_far_rank: [LocSet; 2],
    /// Per piece (see [`piece_index`]) and square: where its steps from there go.
    steps: Box<StepTable>,
    /// Per piece and square: where its steps onto there come from.
    arrivals: Box<StepTable>,
    /// Per square: the squares at most two steps from it, where a placed Guard can help to
    /// remove a King standing there.
    near: Box<[LocSet; LOC_COUNT]>,
}

impl Amphora {
    /// Amphora from its data; the outline comes from the data's `outline` rows, which it must
    /// have.
    pub fn new(data: VariantData, options: Options) -> Result<Amphora, Error> {
        let outline = data.outline_squares()?.ok_or_else(|| Error::Data {
            place: format!("rules/data/{}.ron", data.id),
            why: "no outline: the jug's squares must be given".into(),
        })?;
        let basics = Basics::new(data, options, Lines::Full, &KINDS, &[])?;
        let geometry = &basics.geometry;
        let before_far_rank = Side::BOTH.map(|side| {
            let far = geometry.last_rank(side);
            outline
                .iter()
                .filter(|at| at.rank().abs_diff(far) == 1)
                .collect()
        });
        let (steps, arrivals) = Steps::tables(geometry, outline);
        let mut near = Box::new([LocSet::EMPTY; LOC_COUNT]);
        for at in geometry.inside().iter() {
            near[at.index()] = geometry
                .adjacent(at)
                .iter()
                .fold(at.bit(), |set, next| set | geometry.adjacent(next));
        }
        Ok(Amphora {
            basics,
            outline,
            before_far_rank,
            steps,
            arrivals,
            near,
        })
    }

    /// Whether a step of `side` from `from` to `to` enters its far rank.
    fn enters_far_rank(&self, side: Side, from: Loc, to: Loc) -> bool {
        let far = self.basics.geometry.last_rank(side);
        to.rank() == far && from.rank() != far
    }

    /// The steps of `side`'s `kind` from `from`, without the sideways ones unless `sideways`.
    #[inline]
    fn steps(&self, side: Side, kind: Kind, from: Loc, sideways: bool) -> Steps {
        let steps = self.steps[piece_index(side, kind)][from.index()];
        if sideways {
            steps
        } else {
            steps.without(LocSet::rank(from.rank()))
        }
    }

    /// Where `side`'s `kind` on `from` may step among `layout`'s pieces.
    #[inline]
    fn targets(
        &self,
        layout: &Layout,
        side: Side,
        kind: Kind,
        from: Loc,
        sideways: bool,
    ) -> LocSet {
        let steps = self.steps(side, kind, from, sideways);
        (steps.quiet & !layout.occupied()) | (steps.capture & layout.side(side.opponent()))
    }

    /// The empty squares next to `side`'s King, where its Guard may be placed.
    fn placement_squares(&self, layout: &Layout, side: Side) -> LocSet {
        layout.king(side).map_or(LocSet::EMPTY, |king| {
            self.basics.geometry.adjacent(king) & self.outline & !layout.occupied()
        })
    }

    /// The enemy pieces a piece landing on `to` intercepts, `enemies` and `friends` standing
    /// as the step leaves them: each enemy diagonally next to `to` with a friend beyond it.
    fn intercepted(
        &self,
        to: Loc,
        enemies: LocSet,
        friends: LocSet,
    ) -> impl Iterator<Item = Loc> + '_ {
        let geometry = &self.basics.geometry;
        let any = geometry.adjacent(to).intersects(enemies);
        DirSet::DIAGONAL
            .iter()
            .filter(move |_| any)
            .filter_map(move |dir| {
                let middle = geometry.neighbour(to, dir)?;
                let beyond = geometry.neighbour(middle, dir)?;
                (enemies.contains(middle) && friends.contains(beyond)).then_some(middle)
            })
    }

    /// The pieces after `side`'s `kind` steps from `from` to `to` among `layout`'s, with the
    /// enemy pieces its replacement capture and interceptions took. Always inlined: a layout
    /// handed back through memory costs more than the set operations that make it.
    #[inline(always)]
    fn land_on(
        &self,
        layout: &Layout,
        side: Side,
        kind: Kind,
        from: Loc,
        to: Loc,
    ) -> (Layout, LocSet) {
        let enemy = side.opponent();
        let mut after = *layout;
        after.remove(enemy, to.bit());
        after.shift(side, kind, from, to);
        let taken: LocSet = self
            .intercepted(to, after.side(enemy), after.side(side))
            .collect();
        after.remove(enemy, taken);
        (after, taken | (layout.side(enemy) & to.bit()))
    }

    /// Moves the piece on `from` to `to` on `board` and makes the move's replacement capture
    /// and interceptions, saying what they took.
    fn land(&self, board: &mut Board, from: Loc, to: Loc, rec: &mut impl Recorder) -> Taken {
        let mut taken = Taken::default();
        let Some(piece) = board.piece(from) else {
            return taken;
        };
        rec.record(|| Event::Moved {
            piece,
            path: vec![from, to],
        });
        if let Some(victim) = board.piece(to) {
            rec.record(|| Event::Captured {
                piece: victim,
                at: to,
                how: Capture::Replacement,
            });
            taken.note(victim);
        }
        board.move_piece(from, to);
        let enemies = board.occupied_by(piece.side.opponent());
        let friends = board.occupied_by(piece.side);
        for middle in self.intercepted(to, enemies, friends) {
            if let Some(victim) = board.piece(middle) {
                rec.record(|| Event::Captured {
                    piece: victim,
                    at: middle,
                    how: Capture::Interception,
                });
                board.clear(middle);
                taken.note(victim);
            }
        }
        taken
    }

    /// Calls `visit(removal)` for every piece of `enemy` a `mover` entering its far rank may
    /// remove by telekinesis from `after`, the pieces as the move leaves them, the enemy's
    /// Guard in reserve if `guard_held` (a King's removal of the enemy King is automatic, not
    /// a choice).
    fn for_each_victim(
        &self,
        after: &Layout,
        guard_held: bool,
        enemy: Side,
        mover: Kind,
        mut visit: impl FnMut(Removal),
    ) {
        let Some(king) = after.king(enemy) else {
            return;
        };
        let pawns = after.of_kind(enemy, Kind::Pawn);
        let placed = after.of_kind(enemy, Kind::Guard).first().map(Removal::At);
        let guard = if guard_held {
            Some(Removal::Reserve)
        } else {
            placed
        };
        let pawn_removals = pawns.iter().map(Removal::At);
        match mover {
            Kind::Pawn if !pawns.is_empty() => pawn_removals.for_each(visit),
            Kind::Pawn => visit(guard.unwrap_or(Removal::At(king))),
            Kind::Guard => {
                visit(guard.unwrap_or(Removal::At(king)));
                pawn_removals.for_each(visit);
            }
            _ => {}
        }
    }

    /// Calls `visit(play)` for every possible turn of the side to move in `pos`, whose pieces
    /// are `layout` (whatever the turn does to its own King), but the moves `skip` leaves to
    /// the caller, which it counts: each move without placement, then, with the placement
    /// right, each move after each placement.
    fn for_each_play(
        &self,
        pos: &Position,
        layout: &Layout,
        skip: Skip,
        visit: &mut impl FnMut(&Play),
    ) -> u64 {
        let start = Start::unplaced(pos, layout);
        let skipped = self.for_each_move(pos, &start, skip, visit);
        if !pos.state.placement_right {
            return skipped;
        }
        for at in self.placement_squares(layout, pos.side).iter() {
            self.for_each_move(pos, &start.placing(pos.side, at), Skip::NONE, visit);
        }
        skipped
    }

    /// The plays of [`Amphora::for_each_play`] from `start`, but those `skip` leaves out,
    /// which it counts.
    #[inline(always)]
    fn for_each_move(
        &self,
        pos: &Position,
        start: &Start,
        skip: Skip,
        visit: &mut impl FnMut(&Play),
    ) -> u64 {
        let layout = &start.layout;
        let side = pos.side;
        let sideways = pos.state.sideways[side.index()] < SIDEWAYS_LIMIT;
        let mut skipped = 0;
        for kind in KINDS {
            for from in layout.of_kind(side, kind).iter() {
                let mut targets = self.targets(layout, side, kind, from, sideways);
                if skip.from.contains(from) {
                    skipped += (targets & skip.to).len() as u64;
                    targets &= !skip.to;
                }
                for to in targets.iter() {
                    let play = self.play(pos, start, kind, from, to);
                    self.resolve(side, play, visit);
                }
            }
        }
        skipped
    }

    /// The play of `pos`'s side to move that steps its `kind` from `from` to `to` from
    /// `start`, choosing no telekinesis (a King entering its far rank takes the enemy King,
    /// which is no choice).
    #[inline(always)]
    fn play(&self, pos: &Position, start: &Start, kind: Kind, from: Loc, to: Loc) -> Play {
        let (side, enemy) = (pos.side, pos.side.opponent());
        let layout = &start.layout;
        let (mut after, taken) = self.land_on(layout, side, kind, from, to);
        if kind == Kind::King && self.enters_far_rank(side, from, to) {
            after.remove(enemy, after.of_kind(enemy, Kind::King));
        }
        let count = pos.state.sideways[side.index()];
        let count = if from.rank() == to.rank() {
            count + 1
        } else {
            0
        };
        Play {
            placement: start.placement,
            from,
            to,
            mover: kind,
            took: !taken.is_empty(),
            removal: None,
            after,
            took_pawn: taken.intersects(layout.of_kind(enemy, Kind::Pawn)),
            guard_held: start.guard_held,
            sideways_next: count < SIDEWAYS_LIMIT,
        }
    }

    /// `play` of `side`, with telekinesis removing `removal`.
    fn removing(side: Side, play: &Play, removal: Removal) -> Play {
        let enemy = side.opponent();
        let mut chosen = *play;
        chosen.removal = Some(removal);
        match removal {
            Removal::At(at) => {
                chosen.took_pawn |= play.after.of_kind(enemy, Kind::Pawn).contains(at);
                chosen.after.remove(enemy, at.bit());
            }
            Removal::Reserve => chosen.guard_held[enemy.index()] = false,
        }
        chosen
    }

    /// Visits the move `play` of `side`: once without telekinesis, and once per victim when
    /// its Pawn or Guard enters the far rank and may remove one.
    fn resolve(&self, side: Side, play: Play, visit: &mut impl FnMut(&Play)) {
        visit(&play);
        if play.mover == Kind::King || !self.enters_far_rank(side, play.from, play.to) {
            return;
        }
        let enemy = side.opponent();
        let held = play.guard_held[enemy.index()];
        self.for_each_victim(&play.after, held, enemy, play.mover, |removal| {
            visit(&Self::removing(side, &play, removal));
        });
    }

    /// The play of `pos` that `turn` is.
    fn play_of(&self, pos: &Position, turn: &Turn) -> Play {
        let side = pos.side;
        let mut start = Start::unplaced(pos, &Layout::of(pos));
        if let Some((_, at)) = turn.placement {
            start = start.placing(side, at);
        }
        let kind = start.layout.kind_at(turn.from);
        let play = self.play(pos, &start, kind, turn.from, turn.to);
        match turn.removal {
            Some(removal) => Self::removing(side, &play, removal),
            None => play,
        }
    }

    /// The position after `play` of `pos`, its events told to `rec`.
    fn make(&self, pos: &Position, play: &Play, rec: &mut impl Recorder) -> Position {
        let mut next = *pos;
        if let Some(at) = play.placement {
            let piece = guard(pos.side);
            rec.record(|| Event::Placed { piece, at });
            next.board.put(at, piece);
            next.state.reserve.take(piece);
        }
        let taken = self.land(&mut next.board, play.from, play.to, rec);
        self.finish(&mut next, play, taken, rec);
        next
    }

    /// The position after `play`, from `next`, the position after its placement and its move
    /// (whose captures took `taken`): telekinesis, then the counts, the clocks and the
    /// opponent's placement right.
    fn finish(&self, next: &mut Position, play: &Play, mut taken: Taken, rec: &mut impl Recorder) {
        let side = next.side;
        let enemy = side.opponent();
        let king_enters =
            play.mover == Kind::King && self.enters_far_rank(side, play.from, play.to);
        let removed = match play.removal {
            Some(Removal::At(at)) => Some(at),
            None if king_enters => next.board.king_of(enemy),
            _ => None,
        };
        if let Some(at) = removed
            && let Some(victim) = next.board.piece(at)
        {
            rec.record(|| Event::Captured {
                piece: victim,
                at,
                how: Capture::Telekinesis,
            });
            next.board.clear(at);
            taken.note(victim);
        }
        if play.removal == Some(Removal::Reserve) && next.state.reserve.take(guard(enemy)) {
            rec.record(|| Event::RemovedFromReserve {
                piece: guard(enemy),
            });
            taken.any = true;
        }
        let count = &mut next.state.sideways[side.index()];
        *count = if play.from.rank() == play.to.rank() {
            (*count + 1).min(SIDEWAYS_LIMIT)
        } else {
            0
        };
        next.state.placement_right = self.gives_right(side, play);
        next.finish_turn(play.mover == Kind::Pawn || taken.any);
    }

    /// Reads the guards field: which Guards are in reserve, and whether the side to move holds
    /// the placement right.
    fn read_guards(&self, field: &str, to_move: Side) -> Result<(Reserve, bool), Error> {
        let mut reserve = Reserve::default();
        let mut right = false;
        if field == "-" {
            return Ok((reserve, right));
        }
        let mut rest = field;
        for side in Side::BOTH {
            let letter = self.basics.letters.letter(guard(side));
            let Some(after) = rest.strip_prefix(letter) else {
                continue;
            };
            reserve.add(guard(side));
            rest = after;
            if let Some(after) = rest.strip_prefix('+') {
                if side != to_move {
                    return Err(Error::fen(
                        field,
                        "only the side to move can hold the placement right",
                    ));
                }
                right = true;
                rest = after;
            }
        }
        if !rest.is_empty() || reserve.is_empty() {
            return Err(Error::fen(
                field,
                "guards must be one of Gg G+g Gg+ G G+ g g+ -",
            ));
        }
        Ok((reserve, right))
    }

    /// Reads the sideways counts: two digits 0–3, White's then Black's.
    fn read_counts(field: &str) -> Result<[u8; 2], Error> {
        let digits: Vec<u8> = field.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        match digits[..] {
            [white, black] if white <= SIDEWAYS_LIMIT && black <= SIDEWAYS_LIMIT => {
                Ok([white, black])
            }
            _ => Err(Error::fen(
                field,
                "sideways counts must be two digits from 0 to 3",
            )),
        }
    }

    /// The guards field of `pos`.
    fn guards_text(&self, pos: &Position) -> String {
        let mut out = String::new();
        for side in Side::BOTH {
            if pos.state.reserve.count(guard(side)) > 0 {
                out.push(self.basics.letters.letter(guard(side)));
                if side == pos.side && pos.state.placement_right {
                    out.push('+');
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

impl Apply for Amphora {
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        self.make(pos, &self.play_of(pos, turn), rec)
    }
}

impl Rules for Amphora {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.for_each_legal(pos, |play| out.push(play.turn(pos.side)));
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.threatens_king(pos, pos.side.opponent(), false)
    }

    fn own_outcome(&self, pos: &Position, _last: Option<&Turn>) -> Option<Outcome> {
        let winner = pos.side.opponent();
        if pos.board.king_of(pos.side).is_none() {
            return Some(Outcome::win(winner, Reason::KingCaptured));
        }
        self.checkmate_or(pos, || Outcome::win(winner, Reason::Stalemate))
    }

    /// Checks the invariants of a position read from a FEN.
    fn validate(&self, pos: &Position) -> Result<(), Error> {
        let data = &self.basics.data;
        for side in Side::BOTH {
            let name = data.side_name(side);
            let kings = pos.board.kings_of(side).len();
            if kings > 1 {
                return Err(Error::fen(name, "a side has at most one King")
                    .advising(self.basics.king_count_advice(side, kings)));
            }
            let guards = pos.board.count(guard(side));
            if guards > 1 {
                return Err(
                    Error::fen(name, "a side has at most one Guard").advising(format!(
                        "Take off all but one {}.",
                        data.piece_words(guard(side))
                    )),
                );
            }
            if guards == 1 && pos.state.reserve.count(guard(side)) > 0 {
                return Err(Error::fen(
                    name,
                    "its Guard cannot be both on the board and in reserve",
                )
                .advising(format!(
                    "{name}'s Guard is on the board, so it cannot also be in hand."
                )));
            }
            let far = self.basics.geometry.last_rank(side);
            let king_home = pos.board.king_of(side).is_some_and(|k| k.rank() == far);
            if king_home && pos.board.king_of(side.opponent()).is_some() {
                return Err(Error::fen(
                    name,
                    "a King on its far rank has already removed the enemy King",
                )
                .advising(format!(
                    "{name}'s King on the far rank has already taken the other King: \
                     move one of the Kings."
                )));
            }
        }
        let waiting = pos.side.opponent();
        if pos.board.king_of(waiting).is_none() {
            let name = data.side_name(waiting);
            return Err(
                Error::fen(name, "the side not to move has no King").advising(format!(
                    "Put the {} on the board: only the side to move may have lost its King.",
                    data.piece_words(Piece::new(Kind::King, waiting))
                )),
            );
        }
        Ok(())
    }

    fn state_field_count(&self) -> usize {
        2
    }

    fn read_state(&self, side: Side, fields: &[&str]) -> Result<RuleState, Error> {
        let [guards, counts] = fen::exactly(fields)?;
        let (reserve, placement_right) = self.read_guards(guards, side)?;
        Ok(RuleState {
            reserve,
            placement_right,
            sideways: Self::read_counts(counts)?,
            ..RuleState::default()
        })
    }

    fn write_state(&self, pos: &Position, out: &mut String) {
        let [white, black] = pos.state.sideways;
        out.push_str(&format!(" {} {white}{black}", self.guards_text(pos)));
    }

    fn holes(&self) -> fen::Holes {
        fen::Holes::Outline(self.outline)
    }
}

impl SearchHints for Amphora {
    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        bit_instructions!(self.count_legal(pos))
    }

    fn for_each_child(
        &self,
        pos: &Position,
        _scratch: &mut Vec<Turn>,
        visit: &mut dyn FnMut(&Position),
    ) {
        bit_instructions!({
            self.for_each_legal(pos, |play| {
                visit(&self.make(pos, play, &mut Discard));
            });
        });
    }

    /// Every possible turn: whether it keeps the King is worked out only for the turns the
    /// search plays.
    fn candidate_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) {
        out.clear();
        self.for_each_candidate_where(pos, |_| true, |play| out.push(play.turn(pos.side)));
    }

    fn candidates_are_legal(&self) -> bool {
        false
    }

    fn play_candidate(&self, pos: &Position, turn: &Turn) -> Option<Position> {
        let play = self.play_of(pos, turn);
        self.is_legal(pos, &play)
            .then(|| self.make(pos, &play, &mut Discard))
    }

    /// The turns that take something: by replacement, interception or telekinesis (the
    /// enemy Guard in reserve included), or the enemy King by entering the far rank; whether
    /// they keep the King is left to the search (see [`SearchHints::candidate_turns_into`]).
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        out.clear();
        let enemy = pos.side.opponent();
        self.for_each_candidate_where(
            pos,
            |play| play.took || play.removal.is_some() || play.after.king(enemy).is_none(),
            |play| out.push(play.turn(pos.side)),
        );
        true
    }

    fn unseen_captures(&self) -> bool {
        true
    }

    /// Pieces never step back (the Guard only to take) and sideways steps run out: every
    /// move commits, a position where any move only weakens is common, and a pass there
    /// proves nothing.
    fn passing_is_safe(&self) -> bool {
        false
    }

    /// The race to the far rank (the King there wins; a Pawn or Guard entering it removes a
    /// piece), the King's escort of friendly pieces, and the Guard still in hand.
    fn positional(&self, pos: &Position) -> i32 {
        let geometry = &self.basics.geometry;
        let board = &pos.board;
        let placed = terms::sum_for_white(board, |loc, piece| {
            let ahead = terms::progress(geometry, loc, piece.side);
            match piece.kind {
                Kind::King => {
                    let escort = terms::neighbours(geometry, board, loc)
                        .filter(|(_, next)| board.is_side(*next, piece.side))
                        .count() as i32;
                    12 * ahead + 8 * escort
                }
                Kind::Pawn | Kind::Guard => 2 * ahead * ahead,
                _ => 0,
            }
        });
        let in_hand: i32 = Side::BOTH
            .into_iter()
            .map(|side| {
                let held = i32::from(pos.state.reserve.count(guard(side)));
                terms::for_white(side, GUARD_IN_HAND * held)
            })
            .sum();
        placed + in_hand
    }

    /// The side to move has lost its King.
    fn decided(&self, pos: &Position) -> bool {
        pos.board.kings_of(pos.side).is_empty()
    }
}

impl ScreenHelpers for Amphora {
    /// Amphora is won by taking the King: a mated King is one that cannot escape capture.
    fn mate_in_words(&self, mated: &str) -> String {
        format!("{mated}'s King is attacked and cannot escape capture.")
    }

    fn state_controls(&self, pos: &Position) -> Vec<StateControl> {
        let data = &self.basics.data;
        let mut controls = Vec::new();
        for side in Side::BOTH {
            let name = data.side_name(side);
            let off_board = pos.board.count(guard(side)) == 0;
            controls.push(StateControl::flag(
                StateKey::Reserve(guard(side)),
                format!("{name}'s Guard is in hand"),
                off_board,
            ));
            controls.push(StateControl::count(
                StateKey::Sideways(side),
                format!("{name}'s sideways moves in a row"),
                0,
                u32::from(SIDEWAYS_LIMIT),
            ));
        }
        let in_hand = pos.state.reserve.count(guard(pos.side)) > 0;
        controls.push(StateControl::flag(
            StateKey::PlacementRight,
            format!("{} may place the Guard this turn", data.side_name(pos.side)),
            in_hand,
        ));
        controls
    }

    fn reserve_piece(&self, side: Side) -> Option<Piece> {
        Some(guard(side))
    }

    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        let mut counters: Vec<(String, String)> = Side::BOTH
            .iter()
            .flat_map(|side| {
                let name = self.basics.data.side_name(*side);
                let guard = if pos.state.reserve.count(guard(*side)) > 0 {
                    "in reserve"
                } else if pos.board.count(guard(*side)) > 0 {
                    "on the board"
                } else {
                    "lost"
                };
                let sideways = pos.state.sideways[side.index()];
                [
                    (format!("{name}'s Guard"), guard.to_string()),
                    (
                        format!("{name}'s sideways moves"),
                        format!("{sideways} of {SIDEWAYS_LIMIT}"),
                    ),
                ]
            })
            .collect();
        if pos.state.placement_right {
            let name = self.basics.data.side_name(pos.side);
            counters.push((format!("{name} may place the Guard"), "this turn".into()));
        }
        counters
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    /// A small deterministic xorshift generator, so failures reproduce.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// A random position on the jug: both Kings, up to a Guard and `pawns` Pawns each, random
    /// Guards in reserve, counts and side to move. Not every one is reachable; the check does
    /// not care.
    fn random_position(
        rules: &Amphora,
        start: &Position,
        random: &mut Random,
        pawns: usize,
    ) -> Position {
        let squares: Vec<Loc> = rules.outline.iter().collect();
        let mut pos = *start;
        for (at, _) in start.board.pieces() {
            pos.board.clear(at);
        }
        pos.state.reserve = Reserve::default();
        for side in Side::BOTH {
            let kinds = [Kind::King, Kind::Guard].into_iter();
            let kinds = kinds.chain(std::iter::repeat_n(Kind::Pawn, pawns));
            for (i, kind) in kinds.enumerate() {
                let at = squares[random.below(squares.len() as u64) as usize];
                if i == 0 || (pos.board.is_empty(at) && random.below(3) > 0) {
                    pos.board.put(at, Piece::new(kind, side));
                }
            }
            if pos.board.count(guard(side)) == 0 && random.below(2) == 0 {
                pos.state.reserve.add(guard(side));
            }
            pos.state.sideways[side.index()] = random.below(4) as u8;
        }
        pos.side = Side::BOTH[random.below(2) as usize];
        pos
    }

    /// Whether the side to move in `pos` has a possible turn that removes the enemy King, found
    /// by playing every possible turn.
    fn removes_king_by_playing(rules: &Amphora, pos: &Position) -> bool {
        let mut found = false;
        rules.for_each_play(pos, &Layout::of(pos), Skip::NONE, &mut |play| {
            let next = rules.apply(pos, &play.turn(pos.side), &mut Discard);
            found |= next.board.king_of(next.side).is_none();
        });
        found
    }

    /// The backward check agrees with playing every possible turn, with and without placement.
    #[test]
    fn threat_matches_every_possible_turn() {
        let variant = Variant::load("amphora", &[]).expect("amphora loads");
        let data = variant.data().clone();
        let rules = Amphora::new(data, Options::default()).expect("amphora builds");
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut threats = 0;
        for _ in 0..20_000 {
            let mut pos = random_position(&rules, variant.start(), &mut random, 3);
            if pos.board.king_of(Side::White).is_none() || pos.board.king_of(Side::Black).is_none()
            {
                continue;
            }
            pos.state.placement_right = pos.state.reserve.count(guard(pos.side)) > 0;
            for may_place in [false, pos.state.placement_right] {
                let mut tried = pos;
                tried.state.placement_right = may_place;
                let expected = removes_king_by_playing(&rules, &tried);
                threats += usize::from(expected);
                assert_eq!(
                    rules.threatens_king(&tried, tried.side, may_place),
                    expected,
                    "{}",
                    variant.fen(&tried)
                );
            }
        }
        assert!(threats > 1000, "only {threats} threats seen");
    }

    /// Every play's sets agree with the board its turn makes, its legality with the full test
    /// on that board, and both the count (quiet moves judged at once, many counted from sets)
    /// and the listing (quiet moves judged at once) with the legal plays.
    #[test]
    fn plays_match_the_positions_they_make() {
        let variant = Variant::load("amphora", &[]).expect("amphora loads");
        let data = variant.data().clone();
        let rules = Amphora::new(data, Options::default()).expect("amphora builds");
        let mut random = Random(0x5851_f42d_4c95_7f2d);
        let mut legal = 0;
        for _ in 0..20_000 {
            let pawns = 3 + random.below(6) as usize;
            let mut pos = random_position(&rules, variant.start(), &mut random, pawns);
            let (side, enemy) = (pos.side, pos.side.opponent());
            if pos.board.king_of(side).is_none() || pos.board.king_of(enemy).is_none() {
                continue;
            }
            pos.state.placement_right =
                pos.state.reserve.count(guard(side)) > 0 && random.below(2) == 0;
            let pawns = |pos: &Position| pos.board.count(Piece::new(Kind::Pawn, enemy));
            let mut expected = Vec::new();
            let layout = Layout::of(&pos);
            rules.for_each_play(&pos, &layout, Skip::NONE, &mut |play| {
                let next = rules.make(&pos, play, &mut Discard);
                let fen = variant.fen(&next);
                assert!(Layout::of(&next) == play.after, "{fen}");
                let held = next.state.reserve.count(guard(enemy)) > 0;
                let right = held
                    && next.board.king_of(enemy).is_some()
                    && (pawns(&next) < pawns(&pos) || rules.threatens_king(&next, side, false));
                assert_eq!(next.state.placement_right, right, "{fen}");
                let survives = next.board.king_of(enemy).is_none()
                    || !rules.threatens_king(&next, enemy, right);
                assert_eq!(rules.is_legal(&pos, play), survives, "{fen}");
                if survives {
                    expected.push(play.turn(side));
                }
            });
            let fen = variant.fen(&pos);
            assert_eq!(rules.count_legal(&pos), expected.len() as u64, "{fen}");
            let mut listed = Vec::new();
            rules.for_each_legal(&pos, |play| listed.push(play.turn(side)));
            assert_eq!(listed.len(), expected.len(), "{fen}");
            assert!(listed.iter().all(|t| expected.contains(t)), "{fen}");
            legal += expected.len();
        }
        assert!(legal > 10_000, "only {legal} legal turns seen");
    }

    /// The data's outline is the jug of the rules: 40 squares, rank by rank.
    #[test]
    fn outline_is_the_jug() {
        let variant = Variant::load("amphora", &[]).expect("amphora loads");
        let squares = variant.data().outline_squares().expect("outline reads");
        let squares = squares.expect("amphora has an outline");
        assert_eq!(squares.len(), 40);
        let files_per_rank = [5, 3, 5, 7, 7, 5, 3, 5];
        for (rank, files) in files_per_rank.into_iter().enumerate() {
            let on_rank = squares.iter().filter(|l| usize::from(l.rank()) == rank);
            assert_eq!(on_rank.count(), files, "rank {}", rank + 1);
        }
    }

    /// The events of a turn, in order, as the game animates them.
    fn events(fen: &str, turn: &str) -> Vec<Event> {
        let variant = Variant::load("amphora", &[]).expect("amphora loads");
        let pos = variant.parse_fen(fen).expect("valid FEN");
        let turn = variant.parse_turn(&pos, turn).expect("legal turn");
        let mut events = Vec::new();
        variant.play_recorded(&pos, &turn, &mut events);
        events
    }

    fn at(square: &str) -> Loc {
        Loc::parse(square).expect("a square")
    }

    /// A placement, the move, then its replacement and interception captures.
    #[test]
    fn events_of_placement_and_interception() {
        const FEN: &str = "*5*/**2k**/*5*/2P4/1p2P2/*5*/**3**/*K4* b Gg+ 00 0 1";
        let guard = guard(Side::Black);
        assert_eq!(
            events(FEN, "g@d7,d7d6"),
            vec![
                Event::Placed {
                    piece: guard,
                    at: at("d7")
                },
                Event::Moved {
                    piece: guard,
                    path: vec![at("d7"), at("d6")]
                },
                Event::Captured {
                    piece: Piece::new(Kind::Pawn, Side::White),
                    at: at("c5"),
                    how: Capture::Interception
                },
            ]
        );
    }

    /// Telekinesis from the board and from the reserve, and the entering King's removal.
    #[test]
    fn events_of_telekinesis() {
        const PAWNS: &str = "*5*/**1P1**/*5*/p4kp/7/*5*/**3**/*K4* w Gg 00 0 1";
        let pawn = Piece::new(Kind::Pawn, Side::White);
        let moved = Event::Moved {
            piece: pawn,
            path: vec![at("d7"), at("d8")],
        };
        assert_eq!(
            events(PAWNS, "d7d8xa5"),
            vec![
                moved.clone(),
                Event::Captured {
                    piece: Piece::new(Kind::Pawn, Side::Black),
                    at: at("a5"),
                    how: Capture::Telekinesis
                },
            ]
        );
        const HELD: &str = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w Gg 00 0 1";
        assert_eq!(
            events(HELD, "d7d8x@"),
            vec![
                moved,
                Event::RemovedFromReserve {
                    piece: guard(Side::Black)
                },
            ]
        );
        const KING: &str = "*5*/**1K1**/*5*/p6/1k5/*5*/**3**/*5* w Gg 00 0 1";
        assert_eq!(
            events(KING, "d7c8")[1],
            Event::Captured {
                piece: Piece::new(Kind::King, Side::Black),
                at: at("b4"),
                how: Capture::Telekinesis
            }
        );
    }

    /// Mangled FENs never make the engine panic: each is rejected, or gives a position whose
    /// turns all play.
    #[test]
    fn mangled_fens_never_panic() {
        let variant = Variant::load("amphora", &[]).expect("amphora loads");
        let seeds = [
            "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w Gg 00 0 1",
            "*5*/**1G1**/*5*/p4k1/7/*5*/**3**/*K4* w g 00 0 1",
            "*5*/**2k**/*5*/2P4/1p2P2/*5*/**3**/*K4* b Gg+ 00 0 1",
        ];
        let alphabet: Vec<char> = "*/ 0123456789PKGpkgwb+-x".chars().collect();
        let mut random = Random(0x2545_f491_4f6c_dd1d);
        let mut accepted = 0;
        for round in 0..20_000 {
            let mut text: Vec<char> = seeds[round % seeds.len()].chars().collect();
            for _ in 0..=random.below(2) {
                let i = random.below(text.len() as u64) as usize;
                let c = alphabet[random.below(alphabet.len() as u64) as usize];
                match random.below(3) {
                    0 => text[i] = c,
                    1 => text.insert(i, c),
                    _ => {
                        text.remove(i);
                    }
                }
            }
            let fen: String = text.into_iter().collect();
            if let Ok(pos) = variant.parse_fen(&fen) {
                accepted += 1;
                for turn in variant.legal_turns(&pos) {
                    variant.play_unchecked(&pos, &turn);
                }
                variant.own_outcome(&pos, None);
            }
        }
        assert!(accepted > 100, "only {accepted} mangled FENs were valid");
    }
}
