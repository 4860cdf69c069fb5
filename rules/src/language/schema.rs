//! The variant language as a file spells it: the RON shape of a variant file, field by field.
//! Reading checks the shape; [`super::compile`] checks the meaning.

use serde::Deserialize;
use std::collections::BTreeMap;

/// One variant file: the board, the pieces, what captures, the parts of a turn, the ends and the
/// words players read.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// The variant's id: the file is named after it (`chess` in `chess.ron`).
    pub id: String,
    /// The name players see.
    pub name: String,
    /// The two players' names, first player first.
    #[serde(default = "default_sides")]
    pub sides: [String; 2],
    /// The pieces' colours where the sides are not white and black, as `#rrggbb`.
    #[serde(default)]
    pub colours: Option<[String; 2]>,
    /// The board.
    pub board: BoardSpec,
    /// Named sets of squares, for promotion zones, barred squares and held regions.
    #[serde(default)]
    pub regions: BTreeMap<String, Region>,
    /// Every piece.
    pub pieces: Vec<PieceSpec>,
    /// The start position, as a FEN of this file's fields.
    pub start: String,
    /// The options a game may be started with.
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    /// The position's fields between the side to move and the clocks, in FEN order.
    #[serde(default)]
    pub state: Vec<StateField>,
    /// How pieces capture.
    #[serde(default)]
    pub capture: CaptureSpec,
    /// What a turn holds besides its move.
    #[serde(default)]
    pub turn: TurnSpec,
    /// Castling moves, written for the first player (the second player's mirror the ranks).
    #[serde(default)]
    pub castling: Vec<CastlingSpec>,
    /// How the game ends, checked in this order after every turn.
    pub ends: Vec<End>,
    /// Whether a turn may leave the opponent in check.
    #[serde(default)]
    pub checks: Checks,
    /// What sets the variant apart, in one line.
    #[serde(default)]
    pub tagline: String,
    /// How a game is won.
    #[serde(default)]
    pub goal: String,
    /// What is new to a chess player.
    #[serde(default)]
    pub novelty: String,
    /// The rules in a few paragraphs.
    #[serde(default)]
    pub summary: String,
}

fn default_sides() -> [String; 2] {
    ["White".to_string(), "Black".to_string()]
}

/// The board: a grid of squares with holes, or of points joined by lines.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Width, at most 12.
    pub files: u8,
    /// Height, at most 10.
    pub ranks: u8,
    /// Which locations hold squares: one string per rank from the top, `#` a square, `.` none.
    /// Absent: every location, unless the start position says otherwise.
    #[serde(default)]
    pub outline: Option<Vec<String>>,
    /// Which diagonal lines join neighbouring points.
    #[serde(default)]
    pub diagonals: Diagonals,
    /// Whether the squares themselves move (holes anywhere, as the position says; a position
    /// always has as many holes as the start position).
    #[serde(default)]
    pub moving_squares: bool,
}

/// Where a step along a diagonal exists.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Diagonals {
    /// Between every pair of diagonal neighbours (a chessboard).
    #[default]
    Everywhere,
    /// Only from the points whose file and rank numbers add up to an even number (`a1`, `b2`,
    /// …): an Alquerque board's lines.
    EvenPoints,
}

/// A set of squares, counted from its owner's side where it speaks of ranks.
#[derive(Clone, Debug, Deserialize)]
pub enum Region {
    /// These ranks, `1` being the owner's first rank.
    Ranks(Vec<u8>),
    /// These files, by letter (`"efg"`), on every rank.
    Files(String),
    /// These squares, the same for both sides.
    Squares(Vec<String>),
    /// The furthest square of each file from the owner (squares only; holes count as nothing).
    LastOfFile,
    /// The squares of these files (by letter) on these ranks, `1` being the owner's first rank:
    /// Xiangqi's palace is `Block(files: "def", ranks: [1, 2, 3])`.
    Block {
        /// The files, by letter.
        files: String,
        /// The ranks, counted from the owner.
        ranks: Vec<u8>,
    },
}

/// A piece: its letter, name, moves and how it is drawn.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// Upper-case letter (lower case for the second player).
    pub letter: char,
    /// Name.
    pub name: String,
    /// Movement notation (docs/variant-language.md): `"mfW mfnD@second cfF efF"`.
    pub moves: String,
    /// How it moves, in words, for the help.
    #[serde(default)]
    pub about: String,
    /// A royal piece: the game is lost when it is taken (or would be), by the file's ends.
    #[serde(default)]
    pub royal: bool,
    /// Its moves reset the halfmove clock, as a Pawn's do.
    #[serde(default)]
    pub pawn: bool,
    /// Worth, in hundredths of a Pawn, to the computer.
    #[serde(default)]
    pub value: Option<i32>,
    /// Its drawing: a shipped drawing's name, an SVG file beside the variant file, else a token
    /// with its letter.
    #[serde(default)]
    pub drawing: Option<String>,
    /// The option that brings it into the game.
    #[serde(default)]
    pub option: Option<String>,
    /// A region it never lands in, nor stands in: a position with it there is refused.
    #[serde(default)]
    pub never_in: Option<String>,
    /// The region it never leaves (nor stands outside: a position with it there is refused).
    #[serde(default)]
    pub only_in: Option<String>,
    /// Moves that capture royal pieces only, in the movement notation (`"vR"`): as a royal
    /// piece must never be left where it could be taken, royal pieces with these moves never
    /// face each other along them (Xiangqi's flying general).
    #[serde(default)]
    pub captures_royal: Option<String>,
    /// The most a side may have of it, on the board and in reserve together: a position with
    /// more is refused.
    #[serde(default)]
    pub at_most: Option<u8>,
    /// How it promotes.
    #[serde(default)]
    pub promotion: Option<PromotionSpec>,
}

/// How a piece changes into another.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSpec {
    /// Where: a region name.
    pub zone: String,
    /// The letters it may become, of its own side.
    #[serde(default)]
    pub to: String,
    /// The letters it may become of the opponent's side (the new piece changes hands).
    #[serde(default)]
    pub to_opponent: String,
    /// Under an option, further letters it may become.
    #[serde(default)]
    pub with_option: BTreeMap<String, String>,
    /// The part of the zone where the piece may also stay as it is (the rest of the zone
    /// promotes it always).
    #[serde(default)]
    pub optional_in: Option<String>,
    /// Where the new piece comes from.
    #[serde(default)]
    pub supply: Supply,
    /// When it happens.
    #[serde(default)]
    pub when: PromotionTime,
    /// Whether the move text names the new piece (`=Q`); a promotion with one choice may go
    /// unwritten.
    #[serde(default = "yes")]
    pub written: bool,
}

fn yes() -> bool {
    true
}

/// Where a promoted piece comes from.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Supply {
    /// From nowhere: any of the choices, always.
    #[default]
    Unlimited,
    /// From the owner's captured pieces, kept in the `Captured` field; without one the piece
    /// may not enter the zone.
    Captured,
    /// Only a piece its side has fewer of on the board than the start position gives it; without
    /// one the piece may not end a move where it must promote.
    BelowStart,
}

/// When a promotion happens.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum PromotionTime {
    /// As the piece's move ends in the zone.
    #[default]
    OnArrival,
    /// As its move ends in the zone, and at the end of each of its owner's turns for every such
    /// piece standing in the zone then (written after the turn's other parts).
    OnArrivalAndAtTurnEnd,
}

/// An option of the variant.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    /// Its kebab-case name.
    pub name: String,
    /// What it changes.
    pub description: String,
    /// The start position it uses instead.
    #[serde(default)]
    pub start: Option<String>,
}

/// A field of the position between the side to move and the clocks.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum StateField {
    /// Castling rights, `KQkq` or `-`.
    Castling,
    /// The square passed by the last double step, or `-`.
    EnPassant,
    /// The royal pieces that have not moved yet, by letter, the first player's first (`Kk`), or
    /// `-`: what `o` moves need. A side's right needs a royal piece of it where the start
    /// position has one.
    Unmoved,
    /// Pieces held off the board (captured pieces kept, pieces to place), sorted, with `+` after
    /// the side to move's letters when it may place one this turn; `-` when none. Only pieces
    /// that can be held appear, and `+` only where the file places pieces.
    Reserve,
    /// Each side's count of consecutive counted moves, one digit each (`00`).
    Counts,
    /// The squares of the promoted pieces that go back to what they promoted from when
    /// captured (`demote`), in square order (`d8e1`), or `-`.
    Promoted,
    /// The slide of the turn just played (`d5d4`: from a hole, now, to the orthogonally
    /// adjacent square it slid to), or `-`.
    LastSlide,
}

/// How captures happen.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureSpec {
    /// What a capture move does: each mode applies in order; with none (`[]`), moves never
    /// capture.
    #[serde(default = "default_modes")]
    pub modes: Vec<CaptureMode>,
    /// What a capture blows up besides the piece taken, when captures explode.
    #[serde(default)]
    pub explosion: Option<ExplosionSpec>,
    /// Whether pieces may capture their own side's pieces: never a royal one, and never by a
    /// royal one.
    #[serde(default)]
    pub own_pieces: bool,
    /// Whether a move that can capture must (each of its captures then a turn of its own).
    #[serde(default)]
    pub compulsory_for_the_move: bool,
    /// Whether captured pieces are kept for the `Captured` supply (not Pawns, not royals).
    #[serde(default)]
    pub keep_captured: bool,
    /// Whether a side that has a legal turn that captures must play one: its turns that
    /// capture nothing are then not legal.
    #[serde(default)]
    pub compulsory_for_the_turn: bool,
    /// Whether captured pieces go to the capturer's reserve, changing sides (crazyhouse).
    #[serde(default)]
    pub to_hand: bool,
    /// Whether a promoted piece captured goes to the hand as the piece it promoted from (the
    /// `Promoted` field remembers which pieces promoted).
    #[serde(default)]
    pub demote: bool,
}

impl Default for CaptureSpec {
    fn default() -> CaptureSpec {
        CaptureSpec {
            modes: default_modes(),
            explosion: None,
            own_pieces: false,
            compulsory_for_the_move: false,
            keep_captured: false,
            compulsory_for_the_turn: false,
            to_hand: false,
            demote: false,
        }
    }
}

fn default_modes() -> Vec<CaptureMode> {
    vec![CaptureMode::Replacement]
}

/// An explosion: the capturing piece, once its move has captured, is removed from the square
/// its move ended on, with every piece (of either side) on the squares around that square but
/// those it spares.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplosionSpec {
    /// The squares around, as the leaps of a movement notation from the capturing piece's
    /// square (`"K"`: the eight neighbours).
    pub around: String,
    /// The letters of the pieces an explosion around leaves standing (`"P"`).
    #[serde(default)]
    pub spares: String,
}

/// A way a move captures.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum CaptureMode {
    /// Landing on the piece.
    Replacement,
    /// Stopping next to it, moving towards it (the move lands on an empty point).
    Approach,
    /// Moving directly away from it.
    Withdrawal,
    /// Catching a piece diagonally between the moved piece and one of the mover's own.
    Interception,
}

/// What a turn holds besides the move.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    /// A piece put on the board from reserve before the move.
    #[serde(default)]
    pub placement: Option<PlacementSpec>,
    /// A piece of the opponent's removed after the move.
    #[serde(default)]
    pub removal: Option<RemovalSpec>,
    /// A square slid into a gap after the move.
    #[serde(default)]
    pub slide: Option<SlideSpec>,
    /// A count of consecutive moves of one sort, with a limit.
    #[serde(default)]
    pub limit: Option<LimitSpec>,
    /// A piece put from the reserve on an empty square instead of a move.
    #[serde(default)]
    pub drop: Option<DropSpec>,
}

/// Dropping a piece from the reserve on an empty square as the whole turn.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropSpec {
    /// The region drops go to (every square when absent).
    #[serde(default)]
    pub on: Option<String>,
    /// Per piece letter, a region it is never dropped on (`{"P": "ends"}`).
    #[serde(default)]
    pub not_on: BTreeMap<char, String>,
}

/// Putting a piece from reserve on the board before the move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementSpec {
    /// The letter of the piece placed.
    pub piece: char,
    /// It goes on an empty square next to (8 directions) a royal piece of its owner.
    pub beside_royal: bool,
    /// What gives a player the right, for its next turn only.
    pub given_by: Vec<Trigger>,
}

/// What gives a placement right.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum Trigger {
    /// The opponent's turn captured one of these pieces of the player's (letters).
    Lost(String),
    /// The opponent's turn left the player in check.
    Check,
}

/// Removing an opponent's piece from afar after the move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemovalSpec {
    /// The move must take its piece into this region from outside it.
    pub entering: String,
    /// What each mover may remove, by its letter.
    pub by: Vec<RemoverSpec>,
}

/// What one piece may remove on entering.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoverSpec {
    /// The moving piece's letter.
    pub piece: char,
    /// What it may remove.
    pub targets: Vec<TargetSpec>,
    /// The removal happens by itself (no choice, not written) rather than as a chosen part.
    #[serde(default)]
    pub automatic: bool,
}

/// A kind of piece that may be removed, and when.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    /// Its letter; a piece of it in reserve may be removed too (`x@`).
    pub piece: char,
    /// Only when the opponent has none of these pieces (on the board or in reserve).
    #[serde(default)]
    pub unless: String,
}

/// Sliding a square into a neighbouring gap after the move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlideSpec {
    /// Under this option a square with a piece on it may slide too, carrying it.
    #[serde(default)]
    pub carrying_under: Option<String>,
    /// Whether stalemating the opponent by the slide wins (the stalemate would not be there
    /// without it).
    #[serde(default)]
    pub stalemate_by_slide_wins: bool,
}

/// A limit on consecutive moves of one sort.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitSpec {
    /// The sort counted.
    pub counts: MoveSort,
    /// At this count, no more such moves.
    pub most: u8,
}

/// A sort of move.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum MoveSort {
    /// Straight along the rank.
    Sideways,
}

/// A castling move of the first player (the second player's mirrors the ranks).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSpec {
    /// The right's letter in the `Castling` field (`K`, `Q`).
    pub right: char,
    /// The royal piece's square and destination.
    pub king: (String, String),
    /// The partner's square and destination.
    pub rook: (String, String),
    /// The letter of the piece that castles, where it is not royal; by default the file's
    /// royal piece. A piece that is not royal castles through and out of attacked squares.
    #[serde(default)]
    pub piece: Option<char>,
}

/// A way the game ends.
#[derive(Clone, Debug, Deserialize)]
pub enum End {
    /// The side to move has no royal piece left (it was taken): it loses.
    RoyalTaken,
    /// A side with no royal piece whose opponent has none of these pieces (letters) wins; both
    /// at once draw.
    NoRoyalAgainstNone(String),
    /// A side holding the region with one of these pieces, judged after each second player's
    /// turn and whenever the side to move has no turn: one side holding wins, neither draws.
    Hold {
        /// The region's name.
        region: String,
        /// The letters of the pieces that hold it.
        pieces: String,
    },
    /// After this many full turns, a draw (`turn limit`), judged with the first player to
    /// move; a FEN's fullmove number goes no further than that position's.
    TurnLimit(u32),
    /// A side with at most `at_most` pieces (counted as `counted` says) against an opponent
    /// with at least `opponent_at_least` of them: `score` for that side.
    Extinction {
        /// What is counted: all of a side's pieces together, or each of the listed kinds on
        /// its own (the end applies when any one of them is down to `at_most`).
        counted: Counted,
        /// The most the side has for the end to apply.
        #[serde(default)]
        at_most: u8,
        /// The least the opponent has of the same for the end to apply.
        #[serde(default)]
        opponent_at_least: u8,
        /// Whether the side to move, brought down to `at_most` by the last turn, may reply
        /// first: against the side to move the opponent needs one more than
        /// `opponent_at_least`.
        #[serde(default)]
        reply: bool,
        /// What the end gives the side brought down.
        score: Score,
    },
    /// A side with a piece of one of `pieces` (letters) in `region` wins at once; with
    /// `one_more_turn`, the second player, to move when the first reached it, plays on when it
    /// can reach it in that turn, and both reaching draw.
    Reach {
        /// The region's name.
        region: String,
        /// The letters of the pieces that reach it.
        pieces: String,
        /// Whether the second player gets one more turn to reach it too.
        #[serde(default)]
        one_more_turn: bool,
    },
    /// No legal turn while in check: that side loses.
    Checkmate,
    /// No legal turn while in check: that side wins, loses or draws (Losers: it wins).
    Checkmated(Score),
    /// No legal turn while not in check: that side wins, loses or draws.
    Stalemate(Score),
    /// The same position for the nth time: a draw.
    Repetition(u8),
    /// This many half-moves without a capture, a Pawn move or a promotion: a draw.
    MoveCounter(u32),
    /// Only these material sets (letters besides royal pieces, per side) are left, or only
    /// royal pieces and pieces of the given letter all on one shade: a draw.
    InsufficientMaterial {
        /// What a side may have alone against a bare royal piece (`["", "B", "N"]`).
        lone: Vec<String>,
        /// The letter whose pieces, all on one shade, cannot win.
        one_shade: Option<char>,
    },
}

/// What an extinction end counts.
#[derive(Clone, Debug, Deserialize)]
pub enum Counted {
    /// All of a side's pieces together, on the board and in reserve.
    All,
    /// Each of these kinds (letters) on its own, on the board and in reserve.
    Each(String),
}

/// Whether a turn may give check.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Checks {
    /// A turn may leave the opponent in check.
    #[default]
    Allowed,
    /// No turn may leave the opponent in check.
    Forbidden,
}

/// What an end gives the side it speaks of (the stalemated side, the side brought down).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Score {
    /// It wins.
    Win,
    /// It loses.
    Loss,
    /// A draw.
    Draw,
    /// The side with fewer pieces on the board wins; as many draw.
    FewerPiecesWin,
}
