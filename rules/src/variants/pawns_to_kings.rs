//! Pawns-to-Kings Chess: no Kings at the start; Pawns and Blacksmiths promote to a King for the
//! opponent (or an own Chancellor or Queen), pieces may capture their own side, and every King a
//! player has is royal.

mod judge;

use crate::attack::Pins;
use crate::board::Board;
use crate::data::{Options, VariantData};
use crate::error::Error;
use crate::event::{Discard, Recorder};
use crate::geometry::{KNIGHT_OFFSETS, Lines};
use crate::landing::land;
use crate::movement::{Movement, Range, ride};
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::reach::Reach;
use crate::rules::{Apply, Basics, Rules, RulesExt};
use crate::screen_helpers::ScreenHelpers;
use crate::search_hints::SearchHints;
use crate::turn::Turn;
use crate::types::{Dir, DirSet, Kind, Loc, LocSet, Piece, Side};
use crate::validate::waiting_side_not_in_check;

/// The kinds of piece these rules know: the data gives each its letter, name and art.
const KINDS: [Kind; 8] = [
    Kind::King,
    Kind::Queen,
    Kind::Chancellor,
    Kind::Archbishop,
    Kind::Waffle,
    Kind::Blacksmith,
    Kind::Knight,
    Kind::Pawn,
];

/// `Movement::leaps` bit of the Knight's leaps (leap table 0).
const KNIGHT: u8 = 1 << 0;
/// `Movement::leaps` bit of the Waffle's two-square diagonal jump (leap table 1).
const ALFIL: u8 = 1 << 1;
/// The Waffle's diagonal jumps, over whatever stands between.
const ALFIL_OFFSETS: [(i8, i8); 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];

/// A Pawn's captures, per side: straight forward and sideways.
const PAWN_CAPTURES: [DirSet; 2] = [
    DirSet::of(&[Dir::N, Dir::E, Dir::W]),
    DirSet::of(&[Dir::S, Dir::E, Dir::W]),
];
/// A Pawn's moves without capture, per side: diagonally forward.
const PAWN_MOVES: [DirSet; 2] = [
    DirSet::of(&[Dir::NE, Dir::NW]),
    DirSet::of(&[Dir::SE, Dir::SW]),
];
/// A Blacksmith's steps without capture: straight forward or backward.
const BLACKSMITH_STEPS: DirSet = DirSet::of(&[Dir::N, Dir::S]);
/// A Blacksmith's slides without capture: along its rank.
const BLACKSMITH_SLIDES: DirSet = DirSet::of(&[Dir::E, Dir::W]);

/// How a piece captures, and so which squares it attacks.
fn capture_movement(piece: Piece) -> Movement {
    let knight = Movement::leaper(KNIGHT);
    match piece.kind {
        Kind::Pawn => Movement::stepper(PAWN_CAPTURES[piece.side.index()]),
        Kind::Blacksmith => Movement::stepper(DirSet::DIAGONAL),
        Kind::Knight => knight,
        Kind::Archbishop => Movement::slider(DirSet::DIAGONAL).and(knight),
        Kind::Chancellor => Movement::slider(DirSet::ORTHOGONAL).and(knight),
        Kind::Queen => Movement::slider(DirSet::ALL),
        Kind::King => Movement::stepper(DirSet::ALL),
        Kind::Waffle => Movement::stepper(DirSet::ORTHOGONAL).and(Movement::leaper(ALFIL)),
        _ => Movement::NONE,
    }
}

/// How a piece moves onto an empty square (the Pawn's double step aside): as it captures,
/// except for the Pawn and the Blacksmith.
fn quiet_movement(piece: Piece) -> Movement {
    match piece.kind {
        Kind::Pawn => Movement::stepper(PAWN_MOVES[piece.side.index()]),
        Kind::Blacksmith => {
            Movement::stepper(BLACKSMITH_STEPS).and(Movement::slider(BLACKSMITH_SLIDES))
        }
        _ => capture_movement(piece),
    }
}

/// Whether a piece of this kind promotes on its far rank.
fn promotes(kind: Kind) -> bool {
    matches!(kind, Kind::Pawn | Kind::Blacksmith)
}

/// What a Pawn or Blacksmith of `side` may become: a King for the opponent, or its own
/// Chancellor or Queen.
fn promotions(side: Side) -> [Piece; 3] {
    [
        Piece::new(Kind::King, side.opponent()),
        Piece::new(Kind::Chancellor, side),
        Piece::new(Kind::Queen, side),
    ]
}

/// Whether `side` has a Pawn or a Blacksmith, the only pieces that can give the opponent a King.
fn has_promoter(board: &Board, side: Side) -> bool {
    promoter_count(board, side) > 0
}

/// How many Pawns and Blacksmiths `side` has (the board keeps the counts).
fn promoter_count(board: &Board, side: Side) -> usize {
    board.count(Piece::new(Kind::Pawn, side)) + board.count(Piece::new(Kind::Blacksmith, side))
}

/// The exhaustion end: a side without a King facing no enemy Pawn or Blacksmith wins, both at
/// once draw.
fn no_kings_outcome(board: &Board) -> Option<Outcome> {
    let [white, black] = Side::BOTH
        .map(|side| board.kings_of(side).is_empty() && !has_promoter(board, side.opponent()));
    match (white, black) {
        (true, true) => Some(Outcome::draw(Reason::NoKings)),
        (true, false) => Some(Outcome::win(Side::White, Reason::NoKings)),
        (false, true) => Some(Outcome::win(Side::Black, Reason::NoKings)),
        (false, false) => None,
    }
}

/// What the turns of one side's pieces read from the board, found once for all of them.
struct Targets {
    /// Where slides stop.
    blockers: LocSet,
    /// What a piece other than a King may take: any piece but a King.
    victims: LocSet,
    /// What a King may take: any enemy piece but a King.
    kings_victims: LocSet,
    /// Where the turns looked for may land: the enemy pieces for the captures alone, else
    /// anywhere.
    wanted: LocSet,
    /// The side's far rank, where its Pawns and Blacksmiths promote: also wanted for them.
    promoting: LocSet,
}

/// Pawns-to-Kings Chess.
pub struct PawnsToKings {
    /// The basics, with the Knight's leaps as leap table 0 and the Waffle's diagonal jumps as
    /// table 1.
    basics: Basics,
    /// Where each piece captures, as sets.
    captures: Reach,
    /// Where each piece moves without capturing, as sets.
    moves: Reach,
}

impl PawnsToKings {
    /// The variant from its data.
    pub fn new(data: VariantData, options: Options) -> Result<PawnsToKings, Error> {
        let leaps: [&[(i8, i8)]; 2] = [&KNIGHT_OFFSETS, &ALFIL_OFFSETS];
        let basics = Basics::new(data, options, Lines::Full, &KINDS, &leaps)?;
        let captures = basics.reach_tables(capture_movement);
        let moves = basics.reach_tables(quiet_movement);
        Ok(PawnsToKings {
            basics,
            captures,
            moves,
        })
    }

    /// Whether a piece of `by` attacks `target`.
    fn attacked(&self, board: &Board, target: Loc, by: Side) -> bool {
        self.basics.attacked(board, target, by, capture_movement)
    }

    /// Whether any of the Kings on `kings` is attacked by `by`.
    fn any_attacked(&self, board: &Board, kings: LocSet, by: Side) -> bool {
        kings.iter().any(|king| self.attacked(board, king, by))
    }

    /// Whether every King of the mover is unattacked after `turn`.
    fn kings_safe_after(&self, pos: &Position, turn: &Turn) -> bool {
        let next = self.apply(pos, turn, &mut Discard);
        let kings = next.board.kings_of(pos.side);
        !self.any_attacked(&next.board, kings, pos.side.opponent())
    }

    /// Calls `emit` with every turn of `side` that follows the pieces' movement, whatever it
    /// does to its Kings; with `noisy_only`, only those that take an enemy piece or promote.
    fn pseudo_legal(
        &self,
        board: &Board,
        side: Side,
        noisy_only: bool,
        emit: &mut impl FnMut(Turn),
    ) {
        let enemies = board.occupied_by(side.opponent());
        // Any piece but a King may take a friend; no King ever takes one, and no King is ever
        // taken.
        let kings = board.kings_of(Side::White) | board.kings_of(Side::Black);
        let targets = Targets {
            blockers: board.blockers(),
            victims: board.occupied() & !kings,
            kings_victims: enemies & !kings,
            wanted: if noisy_only { enemies } else { !LocSet::EMPTY },
            promoting: LocSet::rank(self.basics.geometry.last_rank(side)),
        };
        for (from, piece) in board.pieces_of(side) {
            self.piece_turns(board, &targets, from, piece, emit);
        }
    }

    /// Emits the turns of `piece` on `from` that `targets` wants: its moves to empty squares
    /// and its captures.
    fn piece_turns(
        &self,
        board: &Board,
        targets: &Targets,
        from: Loc,
        piece: Piece,
        emit: &mut impl FnMut(Turn),
    ) {
        let blockers = targets.blockers;
        let victims = if piece.kind == Kind::King {
            targets.kings_victims
        } else {
            targets.victims
        };
        let reached = self.captures.attacks(piece, from, blockers);
        let empty_reached = if quiet_movement(piece) == capture_movement(piece) {
            reached
        } else {
            self.moves.attacks(piece, from, blockers)
        } & !blockers;
        let wanted = if promotes(piece.kind) {
            targets.wanted | targets.promoting
        } else {
            targets.wanted
        };
        for to in (empty_reached | reached & victims) & wanted {
            self.land(piece, from, to, emit);
        }
        if piece.kind == Kind::Pawn && from.rank() == self.second_rank(piece.side) {
            self.double_steps(board, from, piece.side, &mut |to| {
                if wanted.contains(to) {
                    self.land(piece, from, to, emit);
                }
            });
        }
    }

    /// A Pawn's two diagonal steps forward in a straight line over an empty square onto an
    /// empty one.
    fn double_steps(&self, board: &Board, from: Loc, side: Side, land: &mut impl FnMut(Loc)) {
        ride(
            &self.basics.geometry,
            board,
            from,
            PAWN_MOVES[side.index()],
            Range::Step,
            |dir, over, occupant| {
                if occupant.is_none()
                    && let Some(to) = self.basics.geometry.neighbour(over, dir)
                    && board.is_empty(to)
                {
                    land(to);
                }
            },
        );
    }

    /// Emits the turn of `piece` from `from` to `to`, once per promotion choice where it must
    /// promote.
    fn land(&self, piece: Piece, from: Loc, to: Loc, emit: &mut impl FnMut(Turn)) {
        let turn = Turn::new(from, to);
        if promotes(piece.kind) && to.rank() == self.basics.geometry.last_rank(piece.side) {
            for promoted in promotions(piece.side) {
                emit(turn.promoting(Some(promoted)));
            }
        } else {
            emit(turn);
        }
    }

    /// A side's second rank, where its Pawns may double-step.
    fn second_rank(&self, side: Side) -> u8 {
        match side {
            Side::White => 1,
            Side::Black => self.basics.geometry.ranks() - 2,
        }
    }

    /// Keeps the turns of `out` that leave every King of the mover unattacked. Out of check, a
    /// turn that moves no King, makes no King and moves no pinned piece opens no line to a King
    /// (a friend it captures is replaced, so its square stays blocked) and needs no trial.
    fn keep_legal(&self, pos: &Position, out: &mut Vec<Turn>) {
        let board = &pos.board;
        let kings = board.kings_of(pos.side);
        if kings.is_empty() {
            return;
        }
        if self.any_attacked(board, kings, pos.side.opponent()) {
            out.retain(|turn| self.kings_safe_after(pos, turn));
            return;
        }
        let pinned = kings.iter().fold(LocSet::EMPTY, |set, king| {
            set | Pins::find(
                &self.basics.geometry,
                board,
                king,
                pos.side,
                capture_movement,
            )
            .pinned()
        });
        let needs_trial = kings | pinned;
        out.retain(|turn| {
            let makes_king = turn.promotion.is_some_and(|p| p.kind == Kind::King);
            if makes_king || needs_trial.contains(turn.from) {
                self.kings_safe_after(pos, turn)
            } else {
                true
            }
        });
    }
}

impl Apply for PawnsToKings {
    /// The position after `turn`, noting what happened in `rec`.
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        let mut next = *pos;
        let Some(piece) = pos.board.piece(turn.from) else {
            return next;
        };
        let victim = land(&mut next.board, turn.from, turn.to, turn.promotion, rec);
        let resets_clock = victim.is_some() || piece.kind == Kind::Pawn || turn.promotion.is_some();
        next.end_turn(resets_clock)
    }
}

impl Rules for PawnsToKings {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        if no_kings_outcome(&pos.board).is_some() {
            return;
        }
        self.pseudo_legal(&pos.board, pos.side, false, &mut |turn| out.push(turn));
        self.keep_legal(pos, out);
    }

    fn in_check(&self, pos: &Position) -> bool {
        let kings = pos.board.kings_of(pos.side);
        self.any_attacked(&pos.board, kings, pos.side.opponent())
    }

    fn own_outcome(&self, pos: &Position, _last: Option<&Turn>) -> Option<Outcome> {
        no_kings_outcome(&pos.board)
            .or_else(|| self.checkmate_or(pos, || Outcome::draw(Reason::Stalemate)))
    }

    /// Checks the invariants a FEN must keep: no Pawn on rank 1 or 8, no Blacksmith on its far
    /// rank, the side not to move not in check.
    fn validate(&self, pos: &Position) -> Result<(), Error> {
        self.basics.no_pawn_on_end_ranks(&pos.board)?;
        let geometry = &self.basics.geometry;
        if let Some((loc, _)) = pos
            .board
            .pieces()
            .find(|(loc, p)| p.kind == Kind::Blacksmith && loc.rank() == geometry.last_rank(p.side))
        {
            return Err(Error::fen(
                loc.to_string(),
                "a Blacksmith may not stand on its far rank",
            )
            .advising(format!(
                "Move the Blacksmith on {loc}: a Blacksmith never stands on its far rank."
            )));
        }
        waiting_side_not_in_check(self, pos)
    }
}

impl SearchHints for PawnsToKings {
    /// A side has no King and no piece left to make one.
    fn decided(&self, pos: &Position) -> bool {
        no_kings_outcome(&pos.board).is_some()
    }

    /// The captures of enemy pieces and the promotions alone.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        out.clear();
        if no_kings_outcome(&pos.board).is_some() {
            return false;
        }
        self.pseudo_legal(&pos.board, pos.side, true, &mut |turn| out.push(turn));
        self.keep_legal(pos, out);
        true
    }

    /// Without a King every turn the pieces can make is legal: those are counted as they come.
    fn count_turns(&self, pos: &Position, scratch: &mut Vec<Turn>) -> u64 {
        if !pos.board.kings_of(pos.side).is_empty() {
            self.legal_turns_into(pos, scratch);
            return scratch.len() as u64;
        }
        if no_kings_outcome(&pos.board).is_some() {
            return 0;
        }
        let mut count = 0;
        self.pseudo_legal(&pos.board, pos.side, false, &mut |_| count += 1);
        count
    }

    /// Kings are a burden (each can be checkmated, and a side holding one cannot win by
    /// exhaustion): each costs its owner, while a kingless side gains as the enemy's Pawns and
    /// Blacksmiths, which could still give it one, run out. Those pieces gain as they near the
    /// far rank.
    fn positional(&self, pos: &Position) -> i32 {
        self.burden_and_progress(pos)
    }
}

impl ScreenHelpers for PawnsToKings {
    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        Side::BOTH
            .iter()
            .map(|side| {
                let kings = pos.board.kings_of(*side).len();
                (
                    format!("{}'s Kings", self.basics.data.side_name(*side)),
                    kings.to_string(),
                )
            })
            .collect()
    }
}
