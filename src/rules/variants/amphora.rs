//! Amphora: Kings, Guards and Pawns stepping on a jug-shaped board, capturing by replacement,
//! by diagonal interception and by telekinesis on entering the far rank, with a Guard held in
//! reserve and placed next to its King after a lost Pawn or a check.

use super::terms;
use crate::rules::board::{Board, Content};
use crate::rules::data::{Options, VariantData};
use crate::rules::error::Error;
use crate::rules::event::{Capture, Discard, Event, Recorder};
use crate::rules::fen;
use crate::rules::geometry::{Geometry, Lines};
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::position::{Position, Reserve, RuleState};
use crate::rules::turn::{Removal, Turn};
use crate::rules::types::{Dir, DirSet, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};
use crate::rules::variant::{Apply, Basics, Rules};

/// The kinds of piece these rules know: the data gives each its letter, name and art.
const KINDS: [Kind; 3] = [Kind::King, Kind::Guard, Kind::Pawn];

/// The most consecutive sideways moves a player may make.
const SIDEWAYS_LIMIT: u8 = 3;

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

/// Where one piece may step from one square, sideways steps included: onto an empty square
/// (`quiet`) and onto an enemy piece (`capture`).
#[derive(Clone, Copy, Default)]
struct Steps {
    quiet: LocSet,
    capture: LocSet,
}

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

    /// The steps of a piece of `kind` and `side` from every square of `geometry`.
    fn table(geometry: &Geometry, side: Side, kind: Kind) -> [Steps; LOC_COUNT] {
        let (quiet, capture) = Steps::dirs(side, kind);
        let neighbours = |from: Loc, dirs: DirSet| -> LocSet {
            dirs.iter()
                .filter_map(|dir| geometry.neighbour(from, dir))
                .collect()
        };
        let mut table = [Steps::default(); LOC_COUNT];
        for from in geometry.inside() {
            table[from.index()] = Steps {
                quiet: neighbours(from, quiet),
                capture: neighbours(from, capture),
            };
        }
        table
    }

    /// These steps without those onto `squares`.
    #[inline]
    fn without(self, squares: LocSet) -> Steps {
        Steps {
            quiet: self.quiet & !squares,
            capture: self.capture & !squares,
        }
    }

    /// The steps onto a square holding `occupant` (`None`: empty).
    #[inline]
    fn onto(self, occupant: Option<Piece>) -> LocSet {
        match occupant {
            None => self.quiet,
            Some(_) => self.capture,
        }
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

/// What the backward tests of whether a side removes the enemy King ask about.
#[derive(Clone, Copy)]
struct Threat<'a> {
    /// The board, the attacker's pieces on it.
    board: &'a Board,
    /// The reserve of both sides.
    reserve: &'a Reserve,
    /// The side that would move.
    attacker: Side,
    /// Whether the attacker may still step sideways.
    sideways: bool,
    /// Where the enemy King stands.
    king: Loc,
}

/// Amphora.
pub struct Amphora {
    basics: Basics,
    /// The squares of the jug (every other location of the rectangle is a hole).
    outline: LocSet,
    /// Per side, the squares of the rank just before its far rank: where telekinesis starts.
    before_far_rank: [LocSet; 2],
    /// Per piece (`kind * 2 + side`) and square: its steps.
    steps: Box<[[Steps; LOC_COUNT]; 2 * Kind::COUNT]>,
}

impl Amphora {
    /// Amphora from its data; the outline comes from the data's `outline` rows, which it must
    /// have.
    pub fn new(data: VariantData, options: Options) -> Result<Amphora, Error> {
        let outline = data.outline_squares()?.ok_or_else(|| Error::Data {
            place: format!("assets/variants/{}.ron", data.id),
            why: "no outline: the jug's squares must be given".into(),
        })?;
        let basics = Basics::new(data, options, Lines::Full, &KINDS, &[])?;
        let before_far_rank = Side::BOTH.map(|side| {
            let far = basics.geometry.last_rank(side);
            outline
                .iter()
                .filter(|at| at.rank().abs_diff(far) == 1)
                .collect()
        });
        let mut steps = Box::new([[Steps::default(); LOC_COUNT]; 2 * Kind::COUNT]);
        for kind in KINDS {
            for side in Side::BOTH {
                steps[kind.index() * 2 + side.index()] = Steps::table(&basics.geometry, side, kind);
            }
        }
        Ok(Amphora {
            basics,
            outline,
            before_far_rank,
            steps,
        })
    }

    /// Whether a step of `side` from `from` to `to` enters its far rank.
    fn enters_far_rank(&self, side: Side, from: Loc, to: Loc) -> bool {
        let far = self.basics.geometry.last_rank(side);
        to.rank() == far && from.rank() != far
    }

    /// The steps of `piece` from `from`, without the sideways ones unless `sideways`.
    #[inline]
    fn steps(&self, piece: Piece, from: Loc, sideways: bool) -> Steps {
        let steps = self.steps[piece.kind.index() * 2 + piece.side.index()][from.index()];
        if sideways {
            steps
        } else {
            steps.without(LocSet::rank(from.rank()))
        }
    }

    /// Where the piece `piece` on `from` may step on `board`.
    #[inline]
    fn targets(&self, board: &Board, from: Loc, piece: Piece, sideways: bool) -> LocSet {
        let steps = self.steps(piece, from, sideways);
        (steps.quiet & !board.blockers())
            | (steps.capture & board.occupied_by(piece.side.opponent()))
    }

    /// The empty squares next to `side`'s King, where its Guard may be placed.
    fn placement_squares(&self, board: &Board, side: Side) -> LocSet {
        board.king_of(side).map_or(LocSet::EMPTY, |king| {
            self.basics.geometry.adjacent(king) & !board.blockers()
        })
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
        if !self.basics.geometry.adjacent(to).intersects(enemies) {
            return taken;
        }
        for dir in DirSet::DIAGONAL.iter() {
            let Some(middle) = self.basics.geometry.neighbour(to, dir) else {
                continue;
            };
            let beyond = self.basics.geometry.neighbour(middle, dir);
            let pincered =
                enemies.contains(middle) && beyond.is_some_and(|b| board.is_side(b, piece.side));
            if let Some(victim) = board.piece(middle).filter(|_| pincered) {
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
    /// remove by telekinesis (a King's removal of the enemy King is automatic, not a choice).
    fn for_each_victim(
        &self,
        board: &Board,
        reserve: &Reserve,
        enemy: Side,
        mover: Kind,
        mut visit: impl FnMut(Removal),
    ) {
        let Some(king) = board.king_of(enemy) else {
            return;
        };
        let mut pawns = LocSet::EMPTY;
        let mut guard_at = None;
        for (at, piece) in board.pieces_of(enemy) {
            match piece.kind {
                Kind::Pawn => pawns |= at.bit(),
                Kind::Guard => guard_at = Some(Removal::At(at)),
                _ => {}
            }
        }
        let held = (reserve.count(guard(enemy)) > 0).then_some(Removal::Reserve);
        let guard = held.or(guard_at);
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

    /// Calls `emit(turn, next)` for every possible turn of the side to move (whatever it does
    /// to its own King) with the position after it: each move without placement, then, with
    /// the placement right, each move after each placement.
    fn for_each_turn(&self, pos: &Position, emit: &mut impl FnMut(Turn, &Position)) {
        self.for_each_move(pos, None, emit);
        if !pos.state.placement_right {
            return;
        }
        let piece = guard(pos.side);
        for at in self.placement_squares(&pos.board, pos.side).iter() {
            let mut placed = *pos;
            placed.board.put(at, piece);
            placed.state.reserve.take(piece);
            self.for_each_move(&placed, Some((piece, at)), emit);
        }
    }

    /// The turns of [`Amphora::for_each_turn`] that follow `placement` (already made in `pos`).
    fn for_each_move(
        &self,
        pos: &Position,
        placement: Option<(Piece, Loc)>,
        emit: &mut impl FnMut(Turn, &Position),
    ) {
        let sideways = pos.state.sideways[pos.side.index()] < SIDEWAYS_LIMIT;
        for (from, piece) in pos.board.pieces_of(pos.side) {
            for to in self.targets(&pos.board, from, piece, sideways) {
                let mut turn = Turn::new(from, to);
                turn.placement = placement;
                self.resolve(pos, piece.kind, turn, emit);
            }
        }
    }

    /// Emits the move `turn` of a `mover`: once without telekinesis, and once per victim when
    /// it may remove one.
    fn resolve(
        &self,
        pos: &Position,
        mover: Kind,
        turn: Turn,
        emit: &mut impl FnMut(Turn, &Position),
    ) {
        let mut landed = *pos;
        let taken = self.land(&mut landed.board, turn.from, turn.to, &mut Discard);
        if !self.enters_far_rank(pos.side, turn.from, turn.to) {
            self.finish(&mut landed, &turn, taken, &mut Discard);
            emit(turn, &landed);
            return;
        }
        let finished = |turn: &Turn| {
            let mut next = landed;
            self.finish(&mut next, turn, taken, &mut Discard);
            next
        };
        emit(turn, &finished(&turn));
        let (board, reserve) = (&landed.board, &landed.state.reserve);
        self.for_each_victim(board, reserve, pos.side.opponent(), mover, |removal| {
            let choice = turn.removing(Some(removal));
            emit(choice, &finished(&choice));
        });
    }

    /// The position after `turn`, from `next`, the position after its placement and its move
    /// (whose captures took `taken`): telekinesis, then the counts, the clocks and the
    /// opponent's placement right.
    fn finish(&self, next: &mut Position, turn: &Turn, mut taken: Taken, rec: &mut impl Recorder) {
        let side = next.side;
        let enemy = side.opponent();
        let mover = next.board.piece(turn.to);
        let king_enters = mover.is_some_and(|p| p.kind == Kind::King)
            && self.enters_far_rank(side, turn.from, turn.to);
        let removed = match turn.removal {
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
        if turn.removal == Some(Removal::Reserve) && next.state.reserve.take(guard(enemy)) {
            rec.record(|| Event::RemovedFromReserve {
                piece: guard(enemy),
            });
            taken.any = true;
        }
        let count = &mut next.state.sideways[side.index()];
        *count = if turn.from.rank() == turn.to.rank() {
            (*count + 1).min(SIDEWAYS_LIMIT)
        } else {
            0
        };
        next.state.placement_right = next.state.reserve.count(guard(enemy)) > 0
            && next.board.king_of(enemy).is_some()
            && (taken.pawn || self.threatens_king(next, side, false));
        let pawn_moved = mover.is_some_and(|p| p.kind == Kind::Pawn);
        next.finish_turn(pawn_moved || taken.any);
    }

    /// Whether `attacker`, were it to move now in `pos` (with its own sideways count, and with a
    /// Guard placement if `may_place`), would have a possible turn that removes the enemy King.
    fn threatens_king(&self, pos: &Position, attacker: Side, may_place: bool) -> bool {
        let Some(king) = pos.board.king_of(attacker.opponent()) else {
            return false;
        };
        let threat = Threat {
            board: &pos.board,
            reserve: &pos.state.reserve,
            attacker,
            sideways: pos.state.sideways[attacker.index()] < SIDEWAYS_LIMIT,
            king,
        };
        if self.reaches_king(&threat) {
            return true;
        }
        may_place
            && self
                .placement_squares(&pos.board, attacker)
                .iter()
                .any(|at| {
                    let mut placed = pos.board;
                    placed.put(at, guard(attacker));
                    self.reaches_king(&Threat {
                        board: &placed,
                        ..threat
                    })
                })
    }

    /// Whether a move of the attacker removes the enemy King: by replacement, by interception
    /// or by telekinesis. Worked backwards from the King, so most of it is a few table lookups.
    fn reaches_king(&self, threat: &Threat) -> bool {
        let Threat {
            board,
            attacker,
            sideways,
            king,
            ..
        } = *threat;
        self.can_arrive(board, attacker, king, sideways)
            || self.intercepts(board, attacker, king, sideways)
            || self.telekinesis_reaches(threat)
    }

    /// Whether a piece of `attacker` can step onto `to` (empty, or holding an enemy piece).
    fn can_arrive(&self, board: &Board, attacker: Side, to: Loc, sideways: bool) -> bool {
        let occupant = board.piece(to);
        let near = self.basics.geometry.adjacent(to) & board.occupied_by(attacker);
        near.into_iter().any(|from| {
            board.piece(from).is_some_and(|piece| {
                self.steps(piece, from, sideways)
                    .onto(occupant)
                    .contains(to)
            })
        })
    }

    /// Whether a piece of `attacker` can step diagonally next to `king` with a piece of its own
    /// side directly beyond the King.
    fn intercepts(&self, board: &Board, attacker: Side, king: Loc, sideways: bool) -> bool {
        let beyond = self.basics.geometry.adjacent(king) & board.occupied_by(attacker);
        beyond.into_iter().any(|beyond| {
            let dir = Dir::of_step(king, beyond).filter(|dir| dir.is_diagonal());
            let before = dir.and_then(|dir| self.basics.geometry.neighbour(king, dir.opposite()));
            before.is_some_and(|at| match board.content(at) {
                Content::Hole => false,
                Content::Occupied(p) if p.side == attacker => false,
                _ => self.can_arrive(board, attacker, at, sideways),
            })
        })
    }

    /// Whether a piece of the attacker can enter its far rank and so remove the enemy King: a
    /// King always, a Pawn or Guard when the enemy has nothing else it must take first (never
    /// while the enemy's Guard is in reserve).
    fn telekinesis_reaches(&self, threat: &Threat) -> bool {
        let Threat {
            board,
            reserve,
            attacker,
            sideways,
            king,
        } = *threat;
        let far = self.basics.geometry.last_rank(attacker);
        let enemy = attacker.opponent();
        let guard_held = reserve.count(guard(enemy)) > 0;
        let near = board.occupied_by(attacker) & self.before_far_rank[attacker.index()];
        near.iter().any(|from| {
            let Some(piece) = board.piece(from) else {
                return false;
            };
            if guard_held && piece.kind != Kind::King {
                return false;
            }
            let entries = self.targets(board, from, piece, sideways) & LocSet::rank(far);
            entries.into_iter().any(|to| {
                piece.kind == Kind::King || {
                    let mut landed = *board;
                    self.land(&mut landed, from, to, &mut Discard);
                    let mut king_victim = false;
                    self.for_each_victim(&landed, reserve, enemy, piece.kind, |r| {
                        king_victim |= r == Removal::At(king);
                    });
                    king_victim
                }
            })
        })
    }

    /// Calls `visit(turn, next)` for every legal turn of `pos` with the position after it: none
    /// once its King is gone.
    fn for_each_legal(&self, pos: &Position, mut visit: impl FnMut(Turn, &Position)) {
        if pos.board.king_of(pos.side).is_none() {
            return;
        }
        self.for_each_turn(pos, &mut |turn, next| {
            if self.king_survives(next) {
                visit(turn, next);
            }
        });
    }

    /// Whether the mover of the turn that led to `next` keeps its King: the opponent, with the
    /// placement right the turn gave it, has no possible turn that removes it.
    fn king_survives(&self, next: &Position) -> bool {
        next.board.king_of(next.side).is_none()
            || !self.threatens_king(next, next.side, next.state.placement_right)
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
        let mut next = *pos;
        if let Some((piece, at)) = turn.placement {
            rec.record(|| Event::Placed { piece, at });
            next.board.put(at, piece);
            next.state.reserve.take(piece);
        }
        let taken = self.land(&mut next.board, turn.from, turn.to, rec);
        self.finish(&mut next, turn, taken, rec);
        next
    }
}

impl Rules for Amphora {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.for_each_legal(pos, |turn, _| out.push(turn));
    }

    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        let mut count = 0;
        self.for_each_legal(pos, |_, _| count += 1);
        count
    }

    fn for_each_child(
        &self,
        pos: &Position,
        _scratch: &mut Vec<Turn>,
        visit: &mut dyn FnMut(&Position),
    ) {
        self.for_each_legal(pos, |_, next| visit(next));
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.threatens_king(pos, pos.side.opponent(), false)
    }

    fn unseen_captures(&self) -> bool {
        true
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

    fn own_outcome(&self, pos: &Position, _last: Option<&Turn>) -> Option<Outcome> {
        let winner = pos.side.opponent();
        if pos.board.king_of(pos.side).is_none() {
            return Some(Outcome::win(winner, Reason::KingCaptured));
        }
        self.checkmate_or(pos, || Outcome::win(winner, Reason::Stalemate))
    }

    /// Checks the invariants of a position read from a FEN.
    fn validate(&self, pos: &Position) -> Result<(), Error> {
        for side in Side::BOTH {
            let name = self.basics.data.sides[side.index()].as_str();
            if pos.board.kings_of(side).len() > 1 {
                return Err(Error::fen(name, "a side has at most one King"));
            }
            let guards = pos.board.count(guard(side));
            if guards > 1 {
                return Err(Error::fen(name, "a side has at most one Guard"));
            }
            if guards == 1 && pos.state.reserve.count(guard(side)) > 0 {
                return Err(Error::fen(
                    name,
                    "its Guard cannot be both on the board and in reserve",
                ));
            }
            let far = self.basics.geometry.last_rank(side);
            let king_home = pos.board.king_of(side).is_some_and(|k| k.rank() == far);
            if king_home && pos.board.king_of(side.opponent()).is_some() {
                return Err(Error::fen(
                    name,
                    "a King on its far rank has already removed the enemy King",
                ));
            }
        }
        let waiting = pos.side.opponent();
        if pos.board.king_of(waiting).is_none() {
            return Err(Error::fen(
                self.basics.data.sides[waiting.index()].as_str(),
                "the side not to move has no King",
            ));
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

    fn reserve_piece(&self, side: Side) -> Option<Piece> {
        Some(guard(side))
    }

    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        let mut counters: Vec<(String, String)> = Side::BOTH
            .iter()
            .map(|side| {
                let name = &self.basics.data.sides[side.index()];
                let guard = if pos.state.reserve.count(guard(*side)) > 0 {
                    "in reserve"
                } else if pos.board.count(guard(*side)) > 0 {
                    "on the board"
                } else {
                    "lost"
                };
                let sideways = pos.state.sideways[side.index()];
                (
                    format!("{name}'s Guard"),
                    format!("{guard}; sideways moves {sideways} of {SIDEWAYS_LIMIT}"),
                )
            })
            .collect();
        if pos.state.placement_right {
            let name = &self.basics.data.sides[pos.side.index()];
            counters.push((format!("{name} may place the Guard"), "this turn".into()));
        }
        counters
    }

    fn holes(&self) -> fen::Holes {
        fen::Holes::Outline(self.outline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants::Variant;

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

    /// A random position on the jug: both Kings, up to six other pieces each, random Guards in
    /// reserve, counts and side to move. Not every one is reachable; the check does not care.
    fn random_position(rules: &Amphora, start: &Position, random: &mut Random) -> Position {
        let squares: Vec<Loc> = rules.outline.iter().collect();
        let mut pos = *start;
        for (at, _) in start.board.pieces() {
            pos.board.clear(at);
        }
        pos.state.reserve = Reserve::default();
        for side in Side::BOTH {
            let kinds = [Kind::King, Kind::Guard, Kind::Pawn, Kind::Pawn, Kind::Pawn];
            for (i, kind) in kinds.into_iter().enumerate() {
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
        rules.for_each_turn(pos, &mut |_, next| {
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
            let mut pos = random_position(&rules, variant.start(), &mut random);
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
                    variant.play(&pos, &turn);
                }
                variant.own_outcome(&pos, None);
            }
        }
        assert!(accepted > 100, "only {accepted} mangled FENs were valid");
    }
}
