//! The one interface every variant implements, and what every caller builds on it: legal turns,
//! playing a turn, FEN and move text, perft.

use super::attack::is_attacked;
use super::board::Board;
use super::data::{Options, VariantData};
use super::editing::{StateControl, clamp_controls};
use super::error::Error;
use super::event::{Discard, Event, Recorder};
use super::fen;
use super::geometry::{Geometry, LeapTable, Lines};
use super::letters::PieceLetters;
use super::movement::Movement;
use super::outcome::{Outcome, Reason};
use super::position::Position;
use super::position::RuleState;
use super::reach::Reach;
use super::turn::Turn;
use super::types::{Kind, Loc, LocSet, Piece, Side};
use super::zobrist;
use std::ops::Deref;

/// What every variant keeps alike: its data, the options it was built with, the board's shape,
/// the piece letters and the leap tables its pieces' [`Movement`]s name.
pub struct Basics {
    /// The variant's data (names, setup, options, help).
    pub data: VariantData,
    /// The options this instance was built with.
    pub options: Options,
    /// The board's shape.
    pub geometry: Geometry,
    /// The piece letters.
    pub letters: PieceLetters,
    /// The leap tables, table `i` for bit `i` of [`Movement::leaps`].
    leaps: Vec<LeapTable>,
}

impl Basics {
    /// The basics of a variant from its data and options, on a board joined by `lines`; `kinds`
    /// are the kinds of piece its rules know, each of which the data must describe once, and
    /// `leaps` the (file, rank) offsets of each of its leap tables.
    pub fn new(
        data: VariantData,
        options: Options,
        lines: Lines,
        kinds: &[Kind],
        leaps: &[&[(i8, i8)]],
    ) -> Result<Basics, Error> {
        let geometry = Geometry::new(data.files, data.ranks, lines);
        let letters = PieceLetters::new(&data, &options, kinds)?;
        let leaps = leaps
            .iter()
            .map(|offsets| LeapTable::new(&geometry, offsets))
            .collect();
        Ok(Basics {
            data,
            options,
            geometry,
            letters,
            leaps,
        })
    }

    /// Calls `visit(to, occupant)` for every location `movement` reaches from `from` on
    /// `board` (see [`Movement::reach`]).
    #[inline]
    pub fn reach(
        &self,
        movement: Movement,
        board: &Board,
        from: Loc,
        visit: impl FnMut(Loc, Option<Piece>),
    ) {
        movement.reach(&self.geometry, &self.leaps, board, from, visit);
    }

    /// The reach tables of this board, each piece moving and capturing as `movement` says
    /// along these leap tables.
    pub fn reach_tables(&self, movement: impl Fn(Piece) -> Movement) -> Reach {
        Reach::new(&self.geometry, &self.leaps, movement)
    }

    /// Whether a piece of `by` attacks `target` on `board`, each piece capturing by replacement
    /// as `capture(piece)` says (see [`is_attacked`]).
    #[inline]
    pub fn attacked(
        &self,
        board: &Board,
        target: Loc,
        by: Side,
        capture: impl Fn(Piece) -> Movement,
    ) -> bool {
        is_attacked(&self.geometry, &self.leaps, board, target, by, capture)
    }
}

/// How a variant plays a turn: the one method each variant writes, from which [`Play`] gives
/// both ways of playing, each compiled for its recorder.
pub(crate) trait Apply {
    /// The position after `turn`, which must be one of the legal turns of `pos`, noting what
    /// happened in `rec`.
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position;
}

/// Playing a turn, with or without its events: what [`Rules`] asks of a variant, given to every
/// variant by the one method it writes.
pub trait Play {
    /// The position after `turn`, which must be one of the legal turns of `pos`: the turn's
    /// legality is not checked (see [`Game::play`] for a checked play).
    ///
    /// [`Game::play`]: super::game::Game::play
    fn play_unchecked(&self, pos: &Position, turn: &Turn) -> Position;

    /// As [`Play::play_unchecked`], also noting in `events` what happened, in order.
    fn play_recorded(&self, pos: &Position, turn: &Turn, events: &mut Vec<Event>) -> Position;
}

impl<T: Apply> Play for T {
    fn play_unchecked(&self, pos: &Position, turn: &Turn) -> Position {
        self.apply(pos, turn, &mut Discard)
    }

    fn play_recorded(&self, pos: &Position, turn: &Turn, events: &mut Vec<Event>) -> Position {
        self.apply(pos, turn, events)
    }
}

/// A variant's rules, built for one set of options: the one interface each variant implements
/// and every caller asks, each hook declared here once. A [`Variant`] holds the rules of any
/// variant and dereferences to them, adding what is alike for all variants.
pub trait Rules: Play + Send + Sync {
    /// The variant's data, options, board shape and letters.
    fn basics(&self) -> &Basics;

    /// The variant's data (names, setup, options, help).
    fn data(&self) -> &VariantData {
        &self.basics().data
    }

    /// The options this instance was built with.
    fn options(&self) -> &Options {
        &self.basics().options
    }

    /// The board's shape.
    fn geometry(&self) -> &Geometry {
        &self.basics().geometry
    }

    /// The piece letters.
    fn letters(&self) -> &PieceLetters {
        &self.basics().letters
    }

    /// Puts the legal turns of `pos` into `out` (cleared first), in no particular order. It is
    /// left empty when the game is over by the variant's own rules.
    fn legal_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) {
        out.clear();
        self.push_legal_turns(pos, out);
    }

    /// Pushes the legal turns of `pos` onto the empty `out`, as [`Rules::legal_turns_into`]
    /// describes them: what each variant writes.
    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>);

    /// Puts into `out` (cleared first) the turns the search tries from `pos`: every legal turn,
    /// and perhaps some that [`Rules::play_candidate`] turns down when the search comes to
    /// them. A variant whose legality test costs more than the rest of its move generation
    /// leaves the test to the few turns a search plays. The same position always gives the same
    /// list, as the search's table names a turn by its place in it. By default, the legal turns.
    fn candidate_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.legal_turns_into(pos, out);
    }

    /// Whether every turn [`Rules::candidate_turns_into`] lists is legal (as by default), so
    /// the search plays them without asking [`Rules::play_candidate`].
    fn candidates_are_legal(&self) -> bool {
        true
    }

    /// The position after `turn`, one of the turns [`Rules::candidate_turns_into`] lists for
    /// `pos`; `None` where the turn is not legal.
    fn play_candidate(&self, pos: &Position, turn: &Turn) -> Option<Position> {
        Some(self.play_unchecked(pos, turn))
    }

    /// Puts into `out` (cleared first) the candidate turns of `pos` (see
    /// [`Rules::candidate_turns_into`]) the search's quiescence looks at past its horizon: the
    /// turns that take or promote (of turns that differ only in a part that takes nothing,
    /// such as Amoeba's slide, one is enough). True when the variant lists only those (so an
    /// empty list does not mean the game is over); by default it lists every candidate turn
    /// and says false.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        self.candidate_turns_into(pos, out);
        false
    }

    /// The legal turns of `pos`, in no particular order.
    fn legal_turns(&self, pos: &Position) -> Vec<Turn> {
        let mut out = Vec::new();
        self.legal_turns_into(pos, &mut out);
        out
    }

    /// The number of legal turns of `pos`: perft's last ply.
    fn count_turns(&self, pos: &Position, scratch: &mut Vec<Turn>) -> u64 {
        self.legal_turns_into(pos, scratch);
        scratch.len() as u64
    }

    /// Calls `visit(next)` with the position after each legal turn of `pos` (perft's inner
    /// plies), listing the turns in `scratch` first unless the variant finds them otherwise.
    fn for_each_child(
        &self,
        pos: &Position,
        scratch: &mut Vec<Turn>,
        visit: &mut dyn FnMut(&Position),
    ) {
        self.legal_turns_into(pos, scratch);
        for turn in scratch.iter() {
            visit(&self.play_unchecked(pos, turn));
        }
    }

    /// Whether the side to move is in check.
    fn in_check(&self, pos: &Position) -> bool;

    /// The end of the game by the variant's own rules (checkmate, stalemate, …), if any. This is
    /// exactly when [`Rules::legal_turns_into`] gives nothing. `last` is the turn that led to
    /// `pos`, when known (a position set up from a FEN has none).
    fn own_outcome(&self, pos: &Position, last: Option<&Turn>) -> Option<Outcome>;

    /// The position as it would be if the side to move passed: the other side to move, no en
    /// passant square, slide barred or placement right, the clock one on. `None` when passing would leave the
    /// mover's royal piece in check. For the search's null-move test and the analysis's threat
    /// (what the opponent would play if it were its turn); never a legal turn.
    fn null_move(&self, pos: &Position) -> Option<Position> {
        if self.in_check(pos) {
            return None;
        }
        let mut passed = *pos;
        passed.state.en_passant = None;
        passed.state.last_slide = None;
        passed.state.placement_right = false;
        passed.finish_turn(false);
        Some(passed)
    }

    /// Whether the game is over in `pos` by the variant's own rule whatever the side to move
    /// could play (Amphora's King removed, American Chess's Gauntlet judged, Pawns-to-Kings
    /// with no King left to make): such a position has no legal turn. The search asks before
    /// it judges a position by its material, so an end is never mistaken for a good position.
    /// Ends by the lack of a legal turn (checkmate) are not asked for here.
    fn decided(&self, _pos: &Position) -> bool {
        false
    }

    /// Whether the side to move has a legal turn.
    fn has_legal_turn(&self, pos: &Position) -> bool {
        !self.legal_turns(pos).is_empty()
    }

    /// The end of the game when the side to move has no legal turn: checkmate when it is in
    /// check, else the outcome `stalemate` gives; `None` while it has a turn.
    fn checkmate_or(&self, pos: &Position, stalemate: impl FnOnce() -> Outcome) -> Option<Outcome>
    where
        Self: Sized,
    {
        if self.has_legal_turn(pos) {
            return None;
        }
        Some(if self.in_check(pos) {
            Outcome::win(pos.side.opponent(), Reason::Checkmate)
        } else {
            stalemate()
        })
    }

    /// A draw by the material on the board alone (orthodox insufficient material).
    fn dead_position(&self, _pos: &Position) -> bool {
        false
    }

    /// Whether threefold repetition and the fifty-move rule apply; where they do not, the FEN
    /// has no halfmove clock.
    fn clock_draws(&self) -> bool {
        true
    }

    /// What makes two positions the same for repetition (by default the position's hash).
    fn repetition_key(&self, pos: &Position) -> u64 {
        pos.hash()
    }

    /// How many FEN fields of the variant's own stand between the side to move and the clocks
    /// (castling and en passant, a last slide, …).
    fn state_field_count(&self) -> usize {
        0
    }

    /// Reads the variant's own FEN fields (exactly [`Rules::state_field_count`] of them) for
    /// `side` to move.
    fn read_state(&self, _side: Side, _fields: &[&str]) -> Result<RuleState, Error> {
        Ok(RuleState::default())
    }

    /// Writes the variant's own FEN fields, each preceded by a space.
    fn write_state(&self, _pos: &Position, _out: &mut String) {}

    /// Checks the invariants of a whole position read from a FEN; an error names the bad token
    /// and advises a player setting the position up in their own words.
    fn validate(&self, pos: &Position) -> Result<(), Error>;

    /// The parts of the rule state a player sets by hand in the position editor, with the
    /// values `pos`'s pieces allow.
    fn state_controls(&self, _pos: &Position) -> Vec<StateControl> {
        Vec::new()
    }

    /// Drops from `pos` what its pieces no longer allow (a castling right whose Rook has gone,
    /// a stale en passant square, …): what the editor does after every change of the board.
    fn settle(&self, pos: &mut Position) {
        clamp_controls(self, pos);
    }

    /// The variant's own counters for the players, as (label, value) pairs: pieces in reserve,
    /// move limits and the like.
    fn counters(&self, _pos: &Position) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Where the piece on `from` could move in `pos`, for the player's help: its legal
    /// destinations as if it were its side's turn (the opponent's piece too). A variant whose
    /// legal turns stop at an end it judges (American Chess) answers from movement alone.
    fn piece_reach(&self, pos: &Position, from: Loc) -> LocSet {
        let Some(piece) = pos.board.piece(from) else {
            return LocSet::EMPTY;
        };
        self.legal_turns(&pos.asked_for(piece.side))
            .iter()
            .filter(|t| t.from == from)
            .map(|t| t.to)
            .collect()
    }

    /// The squares that form a zone with a meaning of its own, for drawing (American Chess's
    /// Gauntlet).
    fn zone(&self) -> LocSet {
        LocSet::EMPTY
    }

    /// Whether a turn may capture a piece that stands neither on its destination nor on the
    /// square its `x` part names (Amphora's interceptions; en passant is seen by the search).
    fn unseen_captures(&self) -> bool {
        false
    }

    /// Whether the search's quiescence follows captures anywhere for its whole depth, rather
    /// than anywhere for two plies and then recaptures only: for a variant whose captures are
    /// few enough (orthodox chess), not one where they multiply (American Chess's long-range
    /// pieces on a larger board).
    fn full_quiescence(&self) -> bool {
        false
    }

    /// Whether `turn`, a capture by replacement or a move to an empty square, wins at least
    /// `threshold` once both sides have recaptured on its square as long as it pays (the static
    /// exchange evaluation; for a move that takes nothing, less what the mover loses where it
    /// stands en prise), pieces other than royal ones worth `values` (indexed by kind); `None`
    /// (the default) where the variant cannot tell, as where pieces capture otherwise than by
    /// landing. The search plays the captures that do not reach 0 (lose material) late, not at
    /// all past its horizon, and near the horizon leaves out late turns that lose too much.
    fn exchange_at_least(
        &self,
        _pos: &Position,
        _turn: &Turn,
        _values: &[i32; Kind::COUNT],
        _threshold: i32,
    ) -> Option<bool> {
        None
    }

    /// Whether the search may try the null-move test (a pass, searched shallower, that still
    /// holds beta ends the node): true where zugzwang, a position in which any move only
    /// weakens, is rare. Amphora's pieces never step back, so there it is common.
    fn passing_is_safe(&self) -> bool {
        true
    }

    /// The variant's own terms in the computer opponent's judgement of `pos`, beyond material,
    /// in hundredths of a Pawn for the first player: how near each side is to the variant's goal
    /// and how well its pieces stand.
    fn positional(&self, _pos: &Position) -> i32 {
        0
    }

    /// The variant's whole judgement of `pos` for the first player, where it weighs material
    /// itself rather than by its pieces' fixed values (orthodox chess blends middlegame and
    /// endgame values); `None` (the default) judges by the values plus [`Rules::positional`].
    fn judgement(&self, _pos: &Position) -> Option<i32> {
        None
    }

    /// Whether the move number decides anything (American Chess's turn limit): the computer
    /// opponent's table then keeps apart positions that differ only in it.
    fn counts_moves(&self) -> bool {
        false
    }

    /// The pieces by which the variant judged `pos` over for `reason`, where it judges by pieces
    /// of its own choosing rather than by check or the Kings (American Chess: the Generals on
    /// the Gauntlet); `None` leaves the answer to [`Game::deciding_squares`].
    ///
    /// [`Game::deciding_squares`]: super::game::Game::deciding_squares
    fn judged_pieces(&self, _pos: &Position, _reason: Reason) -> Option<LocSet> {
        None
    }

    /// The piece `side` holds in reserve that a [`Removal::Reserve`] of its opponent takes, if
    /// any (Amphora's Guard).
    ///
    /// [`Removal::Reserve`]: super::turn::Removal::Reserve
    fn reserve_piece(&self, _side: Side) -> Option<Piece> {
        None
    }

    /// Where the board may lack squares.
    fn holes(&self) -> fen::Holes {
        fen::Holes::None
    }
}

/// One variant's rules built for a set of options, with its start position: what callers (the
/// game, the command line, the tests) hold. It dereferences to the variant's [`Rules`], whose
/// hooks callers ask directly, and adds what is alike for all variants (FEN and move text,
/// perft, help diagrams).
pub struct Variant {
    rules: Box<dyn Rules>,
    start: Position,
}

impl Deref for Variant {
    type Target = dyn Rules;

    fn deref(&self) -> &(dyn Rules + 'static) {
        self.rules.as_ref()
    }
}

impl Variant {
    /// The variant of `rules`, starting from its data's start position with its options; a
    /// start position the rules refuse is an [`Error::Data`].
    pub(crate) fn new(rules: Box<dyn Rules>) -> Result<Variant, Error> {
        let data = rules.data();
        let start =
            read_fen(rules.as_ref(), data.start_fen(rules.options())).map_err(|e| Error::Data {
                place: format!("rules/data/{}.ron", data.id),
                why: format!("start position: {e}"),
            })?;
        Ok(Variant { rules, start })
    }

    /// The variant's id.
    pub fn id(&self) -> &str {
        &self.data().id
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The legal turns of `pos` as canonical text, sorted by byte order.
    pub fn legal_turn_texts(&self, pos: &Position) -> Vec<String> {
        let mut texts: Vec<String> = self
            .legal_turns(pos)
            .iter()
            .map(|t| self.turn_text(t))
            .collect();
        texts.sort();
        texts
    }

    /// The canonical text of `turn`.
    pub fn turn_text(&self, turn: &Turn) -> String {
        turn.text(self.letters())
    }

    /// Reads a turn strictly: it must be the canonical text of a legal turn of `pos`.
    pub fn parse_turn(&self, pos: &Position, text: &str) -> Result<Turn, Error> {
        let turn = Turn::parse(text, self.letters()).map_err(|why| Error::turn(text, why))?;
        let legal = self.legal_turns(pos);
        if legal.contains(&turn) {
            return Ok(turn);
        }
        let why = if legal.is_empty() {
            "the game is over".to_string()
        } else if legal.iter().any(|t| t.from == turn.from && t.to == turn.to) {
            "not the canonical text of a legal turn (check its x, = and other parts)".to_string()
        } else {
            "not a legal turn in this position".to_string()
        };
        Err(Error::turn(text, why))
    }

    /// Reads a FEN of this variant, checking its invariants.
    pub fn parse_fen(&self, text: &str) -> Result<Position, Error> {
        read_fen(self.rules.as_ref(), text)
    }

    /// The FEN of `pos`.
    pub fn fen(&self, pos: &Position) -> String {
        write_fen(self.rules.as_ref(), pos)
    }

    /// The key under which the computer opponent's table keeps what it found about `pos`: its
    /// [`Position::hash`], and its move number where the variant counts moves.
    pub fn search_key(&self, pos: &Position) -> u64 {
        let number = if self.counts_moves() {
            zobrist::move_number(pos.fullmove)
        } else {
            0
        };
        pos.hash() ^ number
    }

    /// A position that shows how `piece` moves, for the help: the board of the start position
    /// emptied (its holes kept) but for `piece` as near the middle as it can move from and, in
    /// a variant with Kings, a King of each side towards the corners so that the rules allow
    /// play. `None` if the game has no such piece.
    pub fn piece_diagram(&self, piece: Piece) -> Option<PieceDiagram> {
        if !self.letters().kinds().any(|k| k == piece.kind) {
            return None;
        }
        let geometry = self.geometry();
        let holes = &self.start.board;
        let mut squares: Vec<Loc> = geometry
            .inside()
            .iter()
            .filter(|l| !holes.is_hole(*l))
            .collect();
        // Twice the distance from the middle, so a board of even width has a whole middle.
        let from_middle = |loc: &Loc| {
            let file = (2 * i32::from(loc.file()) - i32::from(geometry.files()) + 1).abs();
            let rank = (2 * i32::from(loc.rank()) - i32::from(geometry.ranks()) + 1).abs();
            (file.max(rank), loc.index())
        };
        squares.sort_by_key(from_middle);
        let corners: Vec<Loc> = squares.iter().rev().take(8).copied().collect();
        let with_kings = self.letters().kinds().any(|k| k == Kind::King);
        let own_kings: Vec<Option<Loc>> = if with_kings && piece.kind != Kind::King {
            corners.iter().copied().map(Some).collect()
        } else {
            vec![None]
        };
        let enemy_kings: Vec<Option<Loc>> = if with_kings {
            corners.iter().rev().copied().map(Some).collect()
        } else {
            vec![None]
        };
        for &at in &squares {
            for own in &own_kings {
                for enemy in &enemy_kings {
                    let kings = [(*own, piece.side), (*enemy, piece.side.opponent())];
                    if let Some(diagram) = self.diagram_with(piece, at, kings) {
                        return Some(diagram);
                    }
                }
            }
        }
        None
    }

    /// The diagram of `piece` on `at` with the given Kings, if the rules accept the position
    /// and the piece can move.
    fn diagram_with(
        &self,
        piece: Piece,
        at: Loc,
        kings: [(Option<Loc>, Side); 2],
    ) -> Option<PieceDiagram> {
        let mut board = Board::empty();
        for loc in (self.geometry().inside()).iter() {
            if self.start.board.is_hole(loc) {
                board.make_hole(loc);
            }
        }
        board.put(at, piece);
        for (king, side) in kings {
            let Some(king) = king else {
                continue;
            };
            if !board.is_empty(king) {
                return None;
            }
            board.put(king, Piece::new(Kind::King, side));
        }
        let asked = Position {
            board,
            side: piece.side,
            state: RuleState::default(),
            ..self.start
        };
        let position = self.parse_fen(&self.fen(&asked)).ok()?;
        let reach = self.piece_reach(&position, at);
        (!reach.is_empty()).then_some(PieceDiagram {
            position,
            at,
            reach,
        })
    }
}

/// A help diagram of one piece's movement (see [`Variant::piece_diagram`]).
#[derive(Clone, Copy, Debug)]
pub struct PieceDiagram {
    /// The position shown.
    pub position: Position,
    /// Where the piece stands.
    pub at: Loc,
    /// Where it can move from there.
    pub reach: LocSet,
}

/// Reads a FEN of the variant of `rules`, checking its invariants: the board, the side to move,
/// the variant's own fields, the halfmove clock where the variant has one and the fullmove
/// number.
fn read_fen(rules: &dyn Rules, text: &str) -> Result<Position, Error> {
    let own = rules.state_field_count();
    let clocks = if rules.clock_draws() { 2 } else { 1 };
    let fields = fen::split_fields(text, 2 + own + clocks)?;
    let board = fen::read_board(fields[0], rules.geometry(), rules.letters(), rules.holes())?;
    let side = fen::read_side(fields[1])?;
    let state = rules.read_state(side, &fields[2..2 + own])?;
    let (halfmove, fullmove) = match fields[2 + own..] {
        [half, full] => fen::read_clocks(half, full)?,
        [full] => (0, fen::read_fullmove(full)?),
        _ => unreachable!("split_fields counted the clocks"),
    };
    let pos = Position {
        board,
        side,
        halfmove,
        fullmove,
        state,
    };
    rules.validate(&pos)?;
    Ok(pos)
}

/// The FEN of `pos` in the variant of `rules`, in the order [`read_fen`] reads it.
fn write_fen(rules: &dyn Rules, pos: &Position) -> String {
    let mut out = fen::write_board(&pos.board, rules.geometry(), rules.letters());
    out.push(' ');
    out.push(pos.side.fen_char());
    rules.write_state(pos, &mut out);
    if rules.clock_draws() {
        out.push_str(&format!(" {}", pos.halfmove));
    }
    out.push_str(&format!(" {}", pos.fullmove));
    out
}
