//! Orthodox chess, built from the shared helpers like every other variant: the reference whose
//! perft numbers are published.

mod bitboard;
mod pesto;

pub use pesto::{WEIGHTS, Weights};

use crate::bits::bit_instructions;
use crate::board::Board;
use crate::data::{Options, VariantData};
use crate::editing::{StateControl, StateKey, clamp_controls};
use crate::error::Error;
use crate::event::{Capture, Discard, Event, Recorder};
use crate::fen;
use crate::geometry::{Geometry, KNIGHT_OFFSETS, Lines};
use crate::landing::land;
use crate::movement::Movement;
use crate::outcome::{Outcome, Reason};
use crate::position::{Castling, Position, RuleState};
use crate::reach::Reach;
use crate::royal::KingSafety;
use crate::rules::{Apply, Basics, Rules, RulesExt};
use crate::screen_helpers::ScreenHelpers;
use crate::search_hints::SearchHints;
use crate::turn::Turn;
use crate::types::{Dir, DirSet, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};
use crate::validate::waiting_side_not_in_check;
use bitboard::Bitboards;

/// The kinds of piece these rules know: the data gives each its letter, name and art.
const KINDS: [Kind; 6] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Pawn,
];

/// What a King counts for in an exchange: more than everything else, so taking on a square its
/// capture would end an exchange the other side can carry on.
const ROYAL_WORTH: i32 = 20_000;

const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// How each orthodox piece moves and captures (a Pawn's captures; its pushes are separate).
/// Shared with the variants that use orthodox pieces.
pub(super) fn movement(piece: Piece) -> Movement {
    match piece.kind {
        Kind::Pawn => Movement::stepper(match piece.side {
            Side::White => DirSet::of(&[Dir::NE, Dir::NW]),
            Side::Black => DirSet::of(&[Dir::SE, Dir::SW]),
        }),
        Kind::Knight => Movement::leaper(1),
        Kind::Bishop => Movement::slider(DirSet::DIAGONAL),
        Kind::Rook => Movement::slider(DirSet::ORTHOGONAL),
        Kind::Queen => Movement::slider(DirSet::ALL),
        Kind::King => Movement::stepper(DirSet::ALL),
        _ => Movement::NONE,
    }
}

/// One wing's castling, alike for both sides: the King's and Rook's squares (file indexes on the
/// home rank), the squares that must be empty, and the square the King passes, which must be
/// unattacked as its start and destination are.
struct Wing {
    king_to: u8,
    rook_from: u8,
    rook_to: u8,
    empty: &'static [u8],
    safe: &'static [u8],
}

/// Castling short, towards the h-file.
const KING_SIDE: Wing = Wing {
    king_to: 6,
    rook_from: 7,
    rook_to: 5,
    empty: &[5, 6],
    safe: &[5],
};

/// Castling long, towards the a-file.
const QUEEN_SIDE: Wing = Wing {
    king_to: 2,
    rook_from: 0,
    rook_to: 3,
    empty: &[1, 2, 3],
    safe: &[3],
};

/// A castling move: the right it needs, the side that makes it and on which wing.
struct CastlingMove {
    right: u8,
    side: Side,
    wing: Wing,
}

const KING_FILE: u8 = 4;

const CASTLINGS: [CastlingMove; 4] = [
    castling(Castling::WHITE_KING, Side::White, KING_SIDE),
    castling(Castling::WHITE_QUEEN, Side::White, QUEEN_SIDE),
    castling(Castling::BLACK_KING, Side::Black, KING_SIDE),
    castling(Castling::BLACK_QUEEN, Side::Black, QUEEN_SIDE),
];

/// The castling of `side` on `wing`, under `right`.
const fn castling(right: u8, side: Side, wing: Wing) -> CastlingMove {
    CastlingMove { right, side, wing }
}

fn home(side: Side, file: u8) -> Loc {
    let rank = if side == Side::White { 0 } else { 7 };
    Loc::new(file.into(), rank).unwrap_or_else(|| unreachable!("8x8 squares exist"))
}

/// A castling move with its squares found once: the right it needs, the side that makes it, the
/// King's and the Rook's start and end, the squares that must be empty and those the King passes
/// and lands on, which must be unattacked.
struct Castle {
    right: u8,
    side: Side,
    king: (Loc, Loc),
    rook: (Loc, Loc),
    empty: LocSet,
    safe: LocSet,
}

impl Castle {
    /// The squares of `castling`.
    fn of(castling: &CastlingMove) -> Castle {
        let at = |file: &u8| home(castling.side, *file);
        let wing = &castling.wing;
        Castle {
            right: castling.right,
            side: castling.side,
            king: (at(&KING_FILE), at(&wing.king_to)),
            rook: (at(&wing.rook_from), at(&wing.rook_to)),
            empty: wing.empty.iter().map(at).collect(),
            safe: wing.safe.iter().chain([&wing.king_to]).map(at).collect(),
        }
    }
}

/// Orthodox chess.
pub struct Chess {
    /// The basics, with the Knight's leaps as leap table 0.
    basics: Basics,
    /// Where each piece reaches.
    reach: Reach,
    /// Each side's far rank, where its Pawns promote.
    last_ranks: [LocSet; 2],
    /// Per side: the rank one step ahead of its Pawns' start, from which a Pawn just stepped
    /// there may step again.
    double_steps: [LocSet; 2],
    /// The castling moves, as [`CASTLINGS`] lists them.
    castles: [Castle; 4],
    /// Per location: the castling rights lost when a piece moves from or to it.
    lost_rights: [u8; LOC_COUNT],
}

impl Chess {
    /// Whether the King and Rook of castling `c` stand on their starting squares in `pos`.
    fn castle_possible(&self, pos: &Position, c: &Castle) -> bool {
        pos.board.piece(c.king.0) == Some(Piece::new(Kind::King, c.side))
            && pos.board.piece(c.rook.0) == Some(Piece::new(Kind::Rook, c.side))
    }

    /// Whether a Pawn of the side that just moved can have double-stepped past `ep` in `pos`.
    fn en_passant_possible(&self, pos: &Position, ep: Loc) -> bool {
        let mover = pos.side.opponent();
        let geometry = &self.basics.geometry;
        let behind = geometry.neighbour(ep, mover.forward_dir().opposite());
        let ahead = geometry.neighbour(ep, mover.forward_dir());
        let ep_rank = if mover == Side::White { 2 } else { 5 };
        ep.rank() == ep_rank
            && pos.board.is_empty(ep)
            && behind.is_some_and(|l| pos.board.is_empty(l))
            && ahead.is_some_and(|l| pos.board.piece(l) == Some(Piece::new(Kind::Pawn, mover)))
    }

    /// Chess from its data.
    pub fn new(data: VariantData, options: Options) -> Result<Chess, Error> {
        let basics = Basics::new(data, options, Lines::Full, &KINDS, &[&KNIGHT_OFFSETS])?;
        let reach = basics.reach_tables(movement);
        let geometry = &basics.geometry;
        let rank = |rank: u8| -> LocSet {
            geometry
                .inside()
                .iter()
                .filter(|l| l.rank() == rank)
                .collect()
        };
        let last_ranks = Side::BOTH.map(|side| rank(geometry.last_rank(side)));
        let double_steps = [rank(2), rank(5)];
        let castles = CASTLINGS.each_ref().map(Castle::of);
        let mut lost_rights = [0; LOC_COUNT];
        for castle in &castles {
            lost_rights[castle.king.0.index()] |= castle.right;
            lost_rights[castle.rook.0.index()] |= castle.right;
        }
        Ok(Chess {
            basics,
            reach,
            last_ranks,
            double_steps,
            castles,
            lost_rights,
        })
    }

    /// The judgement of `pos` for White by `weights` (the engine plays with
    /// [`pesto::WEIGHTS`]; a tuner tries others).
    #[inline(always)]
    pub fn judge(&self, pos: &Position, weights: &Weights) -> i32 {
        bit_instructions!(pesto::evaluate(
            weights,
            &Bitboards::of(&pos.board),
            pos.side
        ))
    }

    #[inline]
    fn attacked(&self, board: &Board, target: Loc, by: Side) -> bool {
        self.reach.attacked(board, target, by, board.blockers())
    }

    fn king_safe_after(&self, pos: &Position, turn: &Turn) -> bool {
        let next = self.apply(pos, turn, &mut Discard);
        next.board
            .king_of(pos.side)
            .is_some_and(|king| !self.attacked(&next.board, king, pos.side.opponent()))
    }

    /// Puts the legal moves of the side to move into `moves`, a piece or a set of Pawns at a
    /// time.
    #[inline]
    fn legal_moves(&self, pos: &Position, moves: &mut impl Moves) {
        let board = &pos.board;
        let side = pos.side;
        let Some(king) = board.king_of(side) else {
            return;
        };
        let own = board.occupied_by(side);
        let blockers = board.blockers();
        let safety = KingSafety::find(&self.reach, board, king, side);
        let king_piece = Piece::new(Kind::King, side);
        let without_king = blockers.without(king);
        let king_to = (self.reach.attacks(king_piece, king, blockers) & !own)
            .into_iter()
            .filter(|to| {
                !self
                    .reach
                    .attacked(board, *to, side.opponent(), without_king)
            })
            .collect();
        moves.piece(king, king_to, false);
        if !safety.in_check() {
            self.castling_moves(pos, moves);
        }
        if safety.double_check() {
            return;
        }
        let pinned = safety.pinned();
        let allowed = safety.allowed(king) & !own;
        let mut free_pawns = LocSet::EMPTY;
        for (from, piece) in board.pieces_on(own & !pinned & !king.bit()) {
            if piece.kind == Kind::Pawn {
                free_pawns |= from.bit();
            } else {
                self.piece_moves(from, piece, blockers, allowed, moves);
            }
        }
        self.free_pawn_moves(pos, free_pawns, allowed, moves);
        for (from, piece) in board.pieces_on(pinned) {
            let allowed = safety.allowed(from) & !own;
            if piece.kind == Kind::Pawn {
                self.pawn_moves(pos, from, allowed, moves);
            } else {
                self.piece_moves(from, piece, blockers, allowed, moves);
            }
        }
        self.en_passant(pos, moves);
    }

    /// The moves of `piece` (not a Pawn) on `from` onto `allowed`, its slides stopping at
    /// `blockers`.
    #[inline(always)]
    fn piece_moves(
        &self,
        from: Loc,
        piece: Piece,
        blockers: LocSet,
        allowed: LocSet,
        moves: &mut impl Moves,
    ) {
        moves.piece(
            from,
            self.reach.attacks(piece, from, blockers) & allowed,
            false,
        );
    }

    /// The moves of the Pawns `pawns`, none of them pinned, onto `allowed`, all at once.
    #[inline]
    fn free_pawn_moves(
        &self,
        pos: &Position,
        pawns: LocSet,
        allowed: LocSet,
        moves: &mut impl Moves,
    ) {
        let side = pos.side;
        let forward = side.forward_dir();
        let empty = !pos.board.blockers();
        let geometry = &self.basics.geometry;
        let one = geometry.moved(pawns, forward) & empty;
        let two = geometry.moved(one & self.double_steps[side.index()], forward) & empty;
        let last = self.last_ranks[side.index()];
        let mut emit = |targets: LocSet, dir: Dir, steps: u8| {
            let targets = targets & allowed;
            moves.pawns(targets & !last, dir.opposite(), steps, false);
            moves.pawns(targets & last, dir.opposite(), steps, true);
        };
        emit(one, forward, 1);
        emit(two, forward, 2);
        let enemies = pos.board.occupied_by(side.opponent());
        for dir in movement(Piece::new(Kind::Pawn, side)).steps.iter() {
            emit(geometry.moved(pawns, dir) & enemies, dir, 1);
        }
    }

    /// The moves of the pinned Pawn on `from` onto `allowed`.
    fn pawn_moves(&self, pos: &Position, from: Loc, allowed: LocSet, moves: &mut impl Moves) {
        let board = &pos.board;
        let side = pos.side;
        let captures = self.reach.jumps(Piece::new(Kind::Pawn, side), from);
        let mut targets = captures & board.occupied_by(side.opponent());
        if let Some(one) = self.basics.geometry.neighbour(from, side.forward_dir())
            && board.is_empty(one)
        {
            targets |= one.bit();
            if self.double_steps[side.index()].contains(one)
                && let Some(two) = self.basics.geometry.neighbour(one, side.forward_dir())
                && board.is_empty(two)
            {
                targets |= two.bit();
            }
        }
        targets &= allowed;
        let last = self.last_ranks[side.index()];
        moves.piece(from, targets & !last, false);
        moves.piece(from, targets & last, true);
    }

    /// The en passant captures, each played out to test its King's safety.
    #[inline]
    fn en_passant(&self, pos: &Position, moves: &mut impl Moves) {
        let Some(ep) = pos.state.en_passant else {
            return;
        };
        let pawn = Piece::new(Kind::Pawn, pos.side);
        let capturers = self.reach.jumped_from(ep) & pos.board.occupied_by(pos.side);
        for from in capturers {
            if pos.board.piece(from) == Some(pawn)
                && self.reach.jumps(pawn, from).contains(ep)
                && self.king_safe_after(pos, &Turn::new(from, ep))
            {
                moves.piece(from, ep.bit(), false);
            }
        }
    }

    #[inline]
    fn castling_moves(&self, pos: &Position, moves: &mut impl Moves) {
        let enemy = pos.side.opponent();
        let blockers = pos.board.blockers();
        for c in self.castles.iter().filter(|c| c.side == pos.side) {
            if pos.state.castling.has(c.right)
                && !c.empty.intersects(blockers)
                && c.safe
                    .iter()
                    .all(|at| !self.attacked(&pos.board, at, enemy))
            {
                moves.piece(c.king.0, c.king.1.bit(), false);
            }
        }
    }
}

/// Where [`Chess::legal_moves`] puts the moves it finds: each is a turn per promotion when
/// `promotes`, else one turn.
trait Moves {
    /// The piece on `from` may go to each of `targets`.
    fn piece(&mut self, from: Loc, targets: LocSet, promotes: bool);

    /// A Pawn may go to each of `targets`, from the point `steps` steps towards `back`.
    fn pawns(&mut self, targets: LocSet, back: Dir, steps: u8, promotes: bool);
}

/// Counts the turns: perft's last ply.
struct Count(u64);

impl Count {
    #[inline]
    fn add(&mut self, targets: LocSet, promotes: bool) {
        let each = if promotes { PROMOTIONS.len() } else { 1 };
        self.0 += (targets.len() * each) as u64;
    }
}

impl Moves for Count {
    #[inline]
    fn piece(&mut self, _from: Loc, targets: LocSet, promotes: bool) {
        self.add(targets, promotes);
    }

    #[inline]
    fn pawns(&mut self, targets: LocSet, _back: Dir, _steps: u8, promotes: bool) {
        self.add(targets, promotes);
    }
}

/// Lists the turns.
struct TurnList<'a> {
    out: &'a mut Vec<Turn>,
    side: Side,
    geometry: &'a Geometry,
}

impl Moves for TurnList<'_> {
    fn piece(&mut self, from: Loc, targets: LocSet, promotes: bool) {
        for to in targets {
            if promotes {
                let side = self.side;
                self.out.extend(
                    PROMOTIONS
                        .map(|kind| Turn::new(from, to).promoting(Some(Piece::new(kind, side)))),
                );
            } else {
                self.out.push(Turn::new(from, to));
            }
        }
    }

    fn pawns(&mut self, targets: LocSet, back: Dir, steps: u8, promotes: bool) {
        for to in targets {
            let from = (0..steps).try_fold(to, |at, _| self.geometry.neighbour(at, back));
            if let Some(from) = from {
                self.piece(from, to.bit(), promotes);
            }
        }
    }
}

/// Lists the turns that take (onto the enemy's pieces, or a Pawn onto the en passant square) or
/// promote.
struct Noisy<'a> {
    list: TurnList<'a>,
    enemies: LocSet,
    en_passant: LocSet,
    /// The mover's Pawns: only they take en passant.
    pawns: LocSet,
}

impl Noisy<'_> {
    /// Of `targets`, those a move there takes or promotes on, for a Pawn when `pawn`.
    fn noisy(&self, targets: LocSet, pawn: bool, promotes: bool) -> LocSet {
        if promotes {
            targets
        } else if pawn {
            targets & (self.enemies | self.en_passant)
        } else {
            targets & self.enemies
        }
    }
}

impl Moves for Noisy<'_> {
    fn piece(&mut self, from: Loc, targets: LocSet, promotes: bool) {
        let targets = self.noisy(targets, self.pawns.contains(from), promotes);
        self.list.piece(from, targets, promotes);
    }

    fn pawns(&mut self, targets: LocSet, back: Dir, steps: u8, promotes: bool) {
        let targets = self.noisy(targets, true, promotes);
        self.list.pawns(targets, back, steps, promotes);
    }
}

fn castling_text(castling: Castling) -> String {
    let text: String = [
        (Castling::WHITE_KING, 'K'),
        (Castling::WHITE_QUEEN, 'Q'),
        (Castling::BLACK_KING, 'k'),
        (Castling::BLACK_QUEEN, 'q'),
    ]
    .iter()
    .filter(|(bit, _)| castling.has(*bit))
    .map(|(_, c)| *c)
    .collect();
    if text.is_empty() { "-".into() } else { text }
}

fn read_castling(field: &str) -> Result<Castling, Error> {
    if field == "-" {
        return Ok(Castling::default());
    }
    let order = "KQkq";
    let mut bits = 0;
    let mut last = None;
    for c in field.chars() {
        let index = order
            .find(c)
            .ok_or_else(|| Error::fen(field, format!("'{c}' is not a castling right")))?;
        if last.is_some_and(|l| l >= index) {
            return Err(Error::fen(
                field,
                "castling rights must be written in the order KQkq",
            ));
        }
        last = Some(index);
        bits |= 1 << index;
    }
    Ok(Castling(bits))
}

impl Apply for Chess {
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        let mut next = *pos;
        let side = pos.side;
        let Some(piece) = pos.board.piece(turn.from) else {
            return next;
        };
        let file_step = i32::from(turn.to.file()) - i32::from(turn.from.file());
        if piece.kind == Kind::Pawn
            && file_step != 0
            && pos.board.is_empty(turn.to)
            && let Some(passed) = Loc::new(turn.to.file().into(), turn.from.rank().into())
        {
            if let Some(victim) = pos.board.piece(passed) {
                rec.record(|| Event::Captured {
                    piece: victim,
                    at: passed,
                    how: Capture::EnPassant,
                });
            }
            next.board.clear(passed);
        }
        let victim = land(&mut next.board, turn.from, turn.to, turn.promotion, rec);
        let reset_clock = piece.kind == Kind::Pawn || victim.is_some();
        if piece.kind == Kind::King
            && file_step.abs() == 2
            && let Some(c) = self
                .castles
                .iter()
                .find(|c| c.side == side && c.king.1 == turn.to)
        {
            let (rook_from, rook_to) = c.rook;
            rec.record(|| Event::Moved {
                piece: Piece::new(Kind::Rook, side),
                path: vec![rook_from, rook_to],
            });
            next.board.move_piece(rook_from, rook_to);
        }
        next.state.castling.0 &=
            !(self.lost_rights[turn.from.index()] | self.lost_rights[turn.to.index()]);
        let rank_step = i32::from(turn.to.rank()) - i32::from(turn.from.rank());
        next.state.en_passant = if piece.kind == Kind::Pawn && rank_step.abs() == 2 {
            self.basics
                .geometry
                .neighbour(turn.from, side.forward_dir())
        } else {
            None
        };
        next.finish_turn(reset_clock);
        next
    }
}

impl Rules for Chess {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        let mut list = TurnList {
            out,
            side: pos.side,
            geometry: &self.basics.geometry,
        };
        bit_instructions!(self.legal_moves(pos, &mut list));
    }

    fn in_check(&self, pos: &Position) -> bool {
        pos.board
            .king_of(pos.side)
            .is_some_and(|king| self.attacked(&pos.board, king, pos.side.opponent()))
    }

    fn own_outcome(&self, pos: &Position, _last: Option<&Turn>) -> Option<Outcome> {
        self.checkmate_or(pos, || Outcome::draw(Reason::Stalemate))
    }

    fn dead_position(&self, pos: &Position) -> bool {
        let mut knights = 0;
        let mut bishop_colours = [false; 2];
        for (loc, piece) in pos.board.pieces() {
            match piece.kind {
                Kind::King => {}
                Kind::Knight => knights += 1,
                Kind::Bishop => bishop_colours[usize::from(loc.is_light())] = true,
                _ => return false,
            }
        }
        let bishops_one_colour = !(bishop_colours[0] && bishop_colours[1]);
        let has_bishop = bishop_colours[0] || bishop_colours[1];
        (knights == 0 && bishops_one_colour) || (knights == 1 && !has_bishop)
    }

    fn repetition_key(&self, pos: &Position) -> u64 {
        let capturable = pos.state.en_passant.is_some_and(|ep| {
            let mut turns = Vec::new();
            self.legal_turns_into(pos, &mut turns);
            turns.iter().any(|t| {
                t.to == ep
                    && pos
                        .board
                        .piece(t.from)
                        .is_some_and(|p| p.kind == Kind::Pawn)
            })
        });
        let mut key_pos = *pos;
        if !capturable {
            key_pos.state.en_passant = None;
        }
        key_pos.hash()
    }

    fn validate(&self, pos: &Position) -> Result<(), Error> {
        self.basics.one_king_each(&pos.board)?;
        self.basics.no_pawn_on_end_ranks(&pos.board)?;
        if let Some(c) = self
            .castles
            .iter()
            .find(|c| pos.state.castling.has(c.right) && !self.castle_possible(pos, c))
        {
            return Err(Error::fen(
                castling_text(pos.state.castling),
                "a castling right needs its King and Rook on their starting squares",
            )
            .advising(format!(
                "{} cannot castle {}: its King and Rook are not on their starting squares.",
                self.basics.data.side_name(c.side),
                wing_words(c.right)
            )));
        }
        if let Some(ep) = pos.state.en_passant
            && !self.en_passant_possible(pos, ep)
        {
            return Err(Error::fen(
                ep.to_string(),
                "no Pawn could just have double-stepped past this square",
            )
            .advising(format!(
                "No Pawn can just have passed {ep}: take away the en passant square."
            )));
        }
        waiting_side_not_in_check(self, pos)
    }

    fn state_field_count(&self) -> usize {
        2
    }

    fn read_state(&self, _side: Side, fields: &[&str]) -> Result<RuleState, Error> {
        let [castling, ep] = fen::exactly(fields)?;
        let en_passant = match ep {
            "-" => None,
            text => Some(
                Loc::parse(text)
                    .filter(|l| self.basics.geometry.contains(*l))
                    .ok_or_else(|| Error::fen(text, "en passant square must be '-' or a square"))?,
            ),
        };
        Ok(RuleState {
            castling: read_castling(castling)?,
            en_passant,
            ..RuleState::default()
        })
    }

    fn write_state(&self, pos: &Position, out: &mut String) {
        let ep = pos
            .state
            .en_passant
            .map_or("-".to_string(), |l| l.to_string());
        out.push_str(&format!(" {} {ep}", castling_text(pos.state.castling)));
    }
}

impl SearchHints for Chess {
    /// Captures are few: quiescence follows them all the way.
    fn full_quiescence(&self) -> bool {
        true
    }

    /// The captures (en passant included) and promotions alone.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        out.clear();
        let mut noisy = Noisy {
            list: TurnList {
                out,
                side: pos.side,
                geometry: &self.basics.geometry,
            },
            enemies: pos.board.occupied_by(pos.side.opponent()),
            en_passant: pos.state.en_passant.map_or(LocSet::EMPTY, Loc::bit),
            pawns: pos
                .board
                .pieces_of(pos.side)
                .filter(|(_, piece)| piece.kind == Kind::Pawn)
                .map(|(loc, _)| loc)
                .collect(),
        };
        bit_instructions!(self.legal_moves(pos, &mut noisy));
        true
    }

    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        let mut count = Count(0);
        bit_instructions!(self.legal_moves(pos, &mut count));
        count.0
    }

    /// Whether a plain capture's or a plain move's exchange on its square reaches `threshold`,
    /// on 64-bit sets; not told for en passant and promotions, which gain more than the square
    /// shows, nor for the King, whose legal moves never stand en prise.
    fn exchange_at_least(
        &self,
        pos: &Position,
        turn: &Turn,
        values: &[i32; Kind::COUNT],
        threshold: i32,
    ) -> Option<bool> {
        if turn.promotion.is_some()
            || turn.removal.is_some()
            || pos.state.en_passant == Some(turn.to)
            || pos.board.is_side(turn.to, pos.side)
        {
            return None;
        }
        pos.board
            .piece(turn.from)
            .filter(|mover| mover.kind != Kind::King)?;
        let worth = |kind: Kind| match kind {
            Kind::King => ROYAL_WORTH,
            _ => values[kind.index()],
        };
        Some(bitboard::exchange_at_least(
            &pos.board, turn.from, turn.to, threshold, worth,
        ))
    }

    /// Material and placement by tapered tables (PeSTO's, fitted further), Pawn structure, open
    /// files, the King's shelter, attacks on it, mobility, threats and the move (`pesto.rs`).
    fn judgement(&self, pos: &Position) -> Option<i32> {
        Some(self.judge(pos, &pesto::WEIGHTS))
    }
}

impl ScreenHelpers for Chess {
    fn state_controls(&self, pos: &Position) -> Vec<StateControl> {
        self.castles
            .iter()
            .map(|c| {
                StateControl::flag(
                    StateKey::Castling(c.right),
                    format!(
                        "{} may castle {}",
                        self.basics.data.side_name(c.side),
                        wing_words(c.right)
                    ),
                    self.castle_possible(pos, c),
                )
            })
            .collect()
    }

    fn settle(&self, pos: &mut Position) {
        clamp_controls(self, pos);
        if pos
            .state
            .en_passant
            .is_some_and(|ep| !self.en_passant_possible(pos, ep))
        {
            pos.state.en_passant = None;
        }
    }
}

/// The wing of castling right `right` in words.
fn wing_words(right: u8) -> &'static str {
    if right & (Castling::WHITE_KING | Castling::BLACK_KING) != 0 {
        "king-side"
    } else {
        "queen-side"
    }
}
