//! A variant's rules: the trait each variant implements for what the game is (legal turns,
//! playing them, the end, FEN fields and invariants), what every variant keeps alike
//! ([`Basics`]) and what is built on the rules alike for every variant ([`RulesExt`]).

use super::attack::is_attacked;
use super::board::Board;
use super::data::{Options, VariantData};
use super::error::Error;
use super::event::{Discard, Event, Recorder};
use super::fen;
use super::geometry::{Geometry, LeapTable, Lines};
use super::letters::PieceLetters;
use super::movement::Movement;
use super::outcome::{Outcome, Reason};
use super::position::{Position, RuleState};
use super::reach::Reach;
use super::turn::Turn;
use super::types::{Kind, Loc, Piece, Side};

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

/// A variant's rules, built for one set of options: what a position is (its own FEN fields,
/// its invariants, where its board lacks squares), which turns are legal, how a turn is played
/// (through [`Play`]) and how the game ends. Every caller asks these: the game, notation, the
/// search, perft and the screens. A variant implements them with its [`SearchHints`] and
/// [`ScreenHelpers`]; what is alike for every variant is built on them in [`RulesExt`].
///
/// [`SearchHints`]: super::search_hints::SearchHints
/// [`ScreenHelpers`]: super::screen_helpers::ScreenHelpers
pub trait Rules: Play + Send + Sync {
    /// The variant's data, options, board shape and letters.
    fn basics(&self) -> &Basics;

    /// Pushes the legal turns of `pos` onto the empty `out`, in no particular order, none when
    /// the game is over by the variant's own rules: what [`RulesExt::legal_turns_into`] and
    /// [`RulesExt::legal_turns`] give.
    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>);

    /// Whether the side to move has a legal turn (by default, whether it has any of
    /// [`RulesExt::legal_turns`]; a variant may stop at the first it finds).
    fn has_legal_turn(&self, pos: &Position) -> bool {
        !self.legal_turns(pos).is_empty()
    }

    /// Whether the side to move is in check.
    fn in_check(&self, pos: &Position) -> bool;

    /// The end of the game by the variant's own rules (checkmate, stalemate, …), if any. This is
    /// exactly when [`Rules::push_legal_turns`] gives nothing. `last` is the turn that led to
    /// `pos`, when known (a position set up from a FEN has none).
    fn own_outcome(&self, pos: &Position, last: Option<&Turn>) -> Option<Outcome>;

    /// A draw by the material on the board alone (orthodox insufficient material).
    fn dead_position(&self, _pos: &Position) -> bool {
        false
    }

    /// Whether threefold repetition and the fifty-move rule apply; where they do not, the FEN
    /// has no halfmove clock.
    fn clock_draws(&self) -> bool {
        true
    }

    /// Whether 100 half-moves without a capture or a Pawn's move draw (the fifty-move rule),
    /// where the halfmove clock is kept.
    fn move_counter_draws(&self) -> bool {
        self.clock_draws()
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

    /// Where the board may lack squares: what a FEN's board may hold and which squares a
    /// player's text and the screens count as on the board.
    fn holes(&self) -> fen::Holes {
        fen::Holes::None
    }
}

/// What every variant's [`Rules`] give alike, built on them: no variant writes these. Callers
/// bring it into scope (`use oddboard_rules::RulesExt`) to ask a [`Variant`] for its data,
/// shape, letters and legal turns.
///
/// [`Variant`]: super::variant::Variant
pub trait RulesExt: Rules {
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

    /// The legal turns of `pos`, in no particular order.
    fn legal_turns(&self, pos: &Position) -> Vec<Turn> {
        let mut out = Vec::new();
        self.legal_turns_into(pos, &mut out);
        out
    }

    /// The end of the game when the side to move has no legal turn: checkmate when it is in
    /// check, else the outcome `stalemate` gives; `None` while it has a turn.
    fn checkmate_or(&self, pos: &Position, stalemate: impl FnOnce() -> Outcome) -> Option<Outcome> {
        if self.has_legal_turn(pos) {
            return None;
        }
        Some(if self.in_check(pos) {
            Outcome::win(pos.side.opponent(), Reason::Checkmate)
        } else {
            stalemate()
        })
    }
}

impl<R: Rules + ?Sized> RulesExt for R {}
