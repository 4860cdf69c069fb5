//! American Chess: an 11 × 9 board without Kings, won by holding the Gauntlet (the three middle
//! files) with a General at the end of each full turn.

mod judge;

use crate::bits::bit_instructions;
use crate::board::Board;
use crate::data::{Options, VariantData};
use crate::editing::{StateControl, StateKey};
use crate::error::Error;
use crate::event::Recorder;
use crate::geometry::{Geometry, Lines};
use crate::landing::land;
use crate::movement::Movement;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::reach::Reach;
use crate::rules::{Apply, Basics, Rules};
use crate::screen_helpers::ScreenHelpers;
use crate::search_hints::SearchHints;
use crate::turn::Turn;
use crate::types::{DirSet, Kind, Loc, LocSet, Piece, Side};

/// The kinds of piece these rules know: the data gives each its letter, name and art.
const KINDS: [Kind; 7] = [
    Kind::Rook,
    Kind::Colonel,
    Kind::Bishop,
    Kind::Missile,
    Kind::Queen,
    Kind::Artillery,
    Kind::Soldier,
];

/// The Colonel's leaps: the sixteen squares on the border of the 5 × 5 block around it.
const COLONEL_OFFSETS: [(i8, i8); 16] = [
    (-2, -2),
    (-1, -2),
    (0, -2),
    (1, -2),
    (2, -2),
    (-2, -1),
    (2, -1),
    (-2, 0),
    (2, 0),
    (-2, 1),
    (2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 2),
    (2, 2),
];

/// The files of the Gauntlet: e, f and g.
const GAUNTLET_FILES: [u8; 3] = [4, 5, 6];

/// The last full turn: after Red's move in it, a Gauntlet both sides hold is a draw.
const TURN_LIMIT: u32 = 50;

/// How the pieces get around on the board (the Colonel along leap table 0): every piece but the
/// Artillery also captures this way. The Artillery slides like a General to empty squares and
/// captures by hopping; the Missile moves by rules of its own.
fn movement(piece: Piece) -> Movement {
    match piece.kind {
        Kind::Soldier => Movement::stepper(DirSet::ALL),
        Kind::Rook => Movement::slider(DirSet::ORTHOGONAL),
        Kind::Bishop => Movement::slider(DirSet::DIAGONAL),
        Kind::Queen | Kind::Artillery => Movement::slider(DirSet::ALL),
        Kind::Colonel => Movement::leaper(1),
        _ => Movement::NONE,
    }
}

/// Whether a piece of `kind` becomes a General on reaching the opponent's back rank.
fn promotes(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Soldier | Kind::Rook | Kind::Colonel | Kind::Bishop | Kind::Artillery
    )
}

/// The result when `holds[side]` says which sides hold the Gauntlet: the one holder wins, no
/// holder is a drawn Gauntlet, and two holders draw for `both` (or play on when it is `None`).
fn verdict(holds: [bool; 2], both: Option<Reason>) -> Option<Outcome> {
    match holds {
        [true, false] => Some(Outcome::win(Side::White, Reason::Gauntlet)),
        [false, true] => Some(Outcome::win(Side::Black, Reason::Gauntlet)),
        [false, false] => Some(Outcome::draw(Reason::Gauntlet)),
        [true, true] => both.map(Outcome::draw),
    }
}

/// The squares of `geometry` for which `keep` holds.
fn squares_where(geometry: &Geometry, keep: impl Fn(Loc) -> bool) -> LocSet {
    geometry.inside().iter().filter(|loc| keep(*loc)).collect()
}

/// American Chess.
pub struct American {
    /// The basics, with the Colonel's leaps as leap table 0.
    basics: Basics,
    /// The squares of files e, f and g.
    gauntlet: LocSet,
    /// Each side's back rank, indexed by side.
    back_ranks: [LocSet; 2],
    /// Where each piece reaches, as sets.
    reach: Reach,
}

impl American {
    /// The last full move number a position with `side` to move may have.
    fn move_number_limit(side: Side) -> u32 {
        match side {
            Side::White => TURN_LIMIT + 1,
            Side::Black => TURN_LIMIT,
        }
    }

    /// American Chess from its data.
    pub fn new(data: VariantData, options: Options) -> Result<American, Error> {
        let basics = Basics::new(data, options, Lines::Full, &KINDS, &[&COLONEL_OFFSETS])?;
        let geometry = &basics.geometry;
        let gauntlet = squares_where(geometry, |loc| GAUNTLET_FILES.contains(&loc.file()));
        let back_ranks = Side::BOTH.map(|side| {
            let rank = geometry.last_rank(side.opponent());
            squares_where(geometry, |loc| loc.rank() == rank)
        });
        let reach = basics.reach_tables(movement);
        Ok(American {
            basics,
            gauntlet,
            back_ranks,
            reach,
        })
    }

    /// The squares `piece` on `from` may move to: empty squares and enemy pieces it reaches.
    #[inline(always)]
    fn destinations(&self, board: &Board, from: Loc, piece: Piece) -> LocSet {
        let side = piece.side;
        let blockers = board.blockers();
        let reached = match piece.kind {
            Kind::Missile => {
                self.basics.geometry.inside() & !self.back_ranks[side.opponent().index()]
            }
            Kind::Artillery => {
                self.reach.attacks(piece, from, blockers) & !blockers
                    | self.reach.hops(board, from, DirSet::ALL)
            }
            _ => self.reach.attacks(piece, from, blockers),
        };
        reached & !board.occupied_by(side)
    }

    /// Each piece of `side` with the squares it may move to.
    fn moves<'a>(
        &'a self,
        board: &'a Board,
        side: Side,
    ) -> impl Iterator<Item = (Loc, LocSet)> + 'a {
        board
            .pieces_of(side)
            .map(move |(from, piece)| (from, self.destinations(board, from, piece)))
    }

    /// The Generals of `side` on files e, f and g.
    fn generals_in_gauntlet(&self, board: &Board, side: Side) -> LocSet {
        (board.occupied_by(side) & self.gauntlet)
            .iter()
            .filter(|loc| board.piece(*loc).is_some_and(|p| p.kind == Kind::Queen))
            .collect()
    }

    /// Whether `side` has a General on file e, f or g.
    fn holds_gauntlet(&self, board: &Board, side: Side) -> bool {
        !self.generals_in_gauntlet(board, side).is_empty()
    }

    /// Which sides hold the Gauntlet, indexed by side.
    fn holders(&self, board: &Board) -> [bool; 2] {
        Side::BOTH.map(|side| self.holds_gauntlet(board, side))
    }

    /// The judgement at the end of a full turn: only positions with Blue to move are judged.
    fn full_turn_judgement(&self, pos: &Position) -> Option<Outcome> {
        if pos.side != Side::White {
            return None;
        }
        let limit = (pos.fullmove > TURN_LIMIT).then_some(Reason::TurnLimit);
        verdict(self.holders(&pos.board), limit)
    }
}

impl Apply for American {
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        let mut next = *pos;
        let Some(piece) = pos.board.piece(turn.from) else {
            return next;
        };
        let becomes_general =
            promotes(piece.kind) && turn.to.rank() == self.basics.geometry.last_rank(piece.side);
        let general = becomes_general.then_some(Piece::new(Kind::Queen, piece.side));
        land(&mut next.board, turn.from, turn.to, general, rec);
        next.pass_turn();
        next
    }
}

impl Rules for American {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        if self.full_turn_judgement(pos).is_some() {
            return;
        }
        bit_instructions!({
            for (from, destinations) in self.moves(&pos.board, pos.side) {
                out.extend(destinations.iter().map(|to| Turn::new(from, to)));
            }
        });
    }

    fn in_check(&self, _pos: &Position) -> bool {
        false
    }

    fn own_outcome(&self, pos: &Position, _last: Option<&Turn>) -> Option<Outcome> {
        self.full_turn_judgement(pos).or_else(|| {
            let stuck = self
                .moves(&pos.board, pos.side)
                .all(|(_, destinations)| destinations.is_empty());
            if stuck {
                verdict(self.holders(&pos.board), Some(Reason::Stalemate))
            } else {
                None
            }
        })
    }

    fn clock_draws(&self) -> bool {
        false
    }

    fn validate(&self, pos: &Position) -> Result<(), Error> {
        let data = &self.basics.data;
        let limit = Self::move_number_limit(pos.side);
        if pos.fullmove > limit {
            return Err(Error::fen(
                pos.fullmove.to_string(),
                format!(
                    "the fullmove number must be 1–{limit} with {} to move",
                    data.side_name(pos.side)
                ),
            )
            .advising(format!(
                "The game ends after turn {TURN_LIMIT}: set the turn to {limit} or less."
            )));
        }
        for side in Side::BOTH {
            let far = self.back_ranks[side.opponent().index()];
            if let Some((loc, _)) = pos
                .board
                .pieces_of(side)
                .find(|(loc, p)| far.contains(*loc) && p.kind != Kind::Queen)
            {
                let (name, other) = (data.side_name(side), data.side_name(side.opponent()));
                return Err(Error::fen(
                    loc.to_string(),
                    format!("a {name} piece on {other}'s back rank must be a General"),
                )
                .advising(format!(
                    "Move the piece on {loc}: only {name}'s Generals stand on {other}'s back \
                     rank (the others are promoted there)."
                )));
            }
        }
        Ok(())
    }
}

impl SearchHints for American {
    /// The Gauntlet decides at the end of a full turn.
    fn decided(&self, pos: &Position) -> bool {
        self.full_turn_judgement(pos).is_some()
    }

    /// The captures and the moves that make a General.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        out.clear();
        if self.full_turn_judgement(pos).is_some() {
            return false;
        }
        let board = &pos.board;
        let enemy = pos.side.opponent();
        let enemies = board.occupied_by(enemy);
        let promotion_rank = self.back_ranks[enemy.index()];
        bit_instructions!({
            for (from, piece) in board.pieces_of(pos.side) {
                let noisy = if promotes(piece.kind) {
                    enemies | promotion_rank
                } else {
                    enemies
                };
                let turns = self.destinations(board, from, piece) & noisy;
                out.extend(turns.iter().map(|to| Turn::new(from, to)));
            }
        });
        true
    }

    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        if self.full_turn_judgement(pos).is_some() {
            return 0;
        }
        bit_instructions!({
            self.moves(&pos.board, pos.side)
                .map(|(_, destinations)| destinations.len() as u64)
                .sum()
        })
    }

    /// The turn limit ends the game by the move number.
    fn counts_moves(&self) -> bool {
        true
    }

    /// The Gauntlet: holding it (worth more as the turn limit nears), Generals on or near files
    /// e–g, Soldiers nearer the far rank, where they become Generals, and every other piece but
    /// the Missile (which goes anywhere) by the squares it may move to.
    fn positional(&self, pos: &Position) -> i32 {
        bit_instructions!(self.placement(pos))
    }
}

impl ScreenHelpers for American {
    fn piece_reach(&self, pos: &Position, from: Loc) -> LocSet {
        pos.board.piece(from).map_or(LocSet::EMPTY, |piece| {
            self.destinations(&pos.board, from, piece)
        })
    }

    fn zone(&self) -> LocSet {
        self.gauntlet
    }

    /// Every end of its own is judged by the Generals on the Gauntlet, both sides'.
    fn judged_pieces(&self, pos: &Position, reason: Reason) -> Option<LocSet> {
        matches!(
            reason,
            Reason::Gauntlet | Reason::TurnLimit | Reason::Stalemate
        )
        .then(|| {
            self.generals_in_gauntlet(&pos.board, Side::White)
                | self.generals_in_gauntlet(&pos.board, Side::Black)
        })
    }

    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        let generals = |side: Side| self.generals_in_gauntlet(&pos.board, side).len();
        vec![
            (
                "Full turn".to_string(),
                format!("{} of {TURN_LIMIT}", pos.fullmove.min(TURN_LIMIT)),
            ),
            (
                "Generals in the Gauntlet".to_string(),
                format!(
                    "{} {}, {} {}",
                    self.basics.data.side_name(Side::White),
                    generals(Side::White),
                    self.basics.data.side_name(Side::Black),
                    generals(Side::Black)
                ),
            ),
        ]
    }

    fn state_controls(&self, pos: &Position) -> Vec<StateControl> {
        vec![StateControl::count(
            StateKey::MoveNumber,
            format!("Turn (the game ends after turn {TURN_LIMIT})"),
            1,
            Self::move_number_limit(pos.side),
        )]
    }
}
