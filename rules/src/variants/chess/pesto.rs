//! Orthodox chess's judgement: material and piece-square tables for the middlegame and the
//! endgame, blended by how much material is left (a tapered evaluation), with terms for the
//! Pawns, the files, outposts, mobility, threats and the King's safety. The piece values and
//! the tables started as Ronald Friederich's PeSTO, as published on the Chess Programming Wiki
//! ("PeSTO's Evaluation Function"); the tables, and the other terms' weights, have since been
//! fitted to Stockfish's judgement of quiet positions (the tune bench). Each table is written
//! from White's point of view with the eighth rank first, as PeSTO's are published.

use super::bitboard::{self, Bitboards, Squares};
use crate::types::{Kind, Side};

/// How much each of those kinds counts towards the middlegame (24 with every piece on).
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
const FULL_PHASE: i32 = 24;

#[rustfmt::skip]
const MG_PAWN: [i32; 64] = [
      0,    0,    0,    0,    0,    0,    0,    0,
     98,  134,   61,   95,   68,  126,   34,  -11,
     -3,    1,   18,   38,   14,   32,   17,   34,
    -17,  -10,  -13,    4,   10,   14,   -2,   -5,
    -23,  -19,   -3,    1,    2,   -3,   -8,  -21,
    -30,  -32,  -17,  -27,  -19,  -20,    2,  -26,
    -29,  -18,  -14,  -31,  -28,   -1,   13,  -19,
      0,    0,    0,    0,    0,    0,    0,    0,
];

#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
      0,    0,    0,    0,    0,    0,    0,    0,
    178,  173,  158,  134,  147,  132,  165,  187,
     31,   50,   21,   -4,   10,   12,   -2,   12,
     21,   12,   27,    7,    5,   13,   11,   18,
     10,   17,   10,   -4,   14,   19,    6,   14,
     16,   29,   17,   22,   16,   22,    3,    9,
     28,   32,   28,   28,   30,   31,   14,    4,
      0,    0,    0,    0,    0,    0,    0,    0,
];

#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
   -167,  -89,  -34,  -49,   61,  -97,  -15, -107,
    -73,  -41,   29,   36,   23,   55,    7,  -17,
    -47,   16,    9,   82,   75,   83,   38,   44,
     41,   28,   18,   49,   36,   54,   32,   64,
      3,    7,   31,   30,   39,   33,   30,   25,
    -16,    5,   15,   16,   36,   19,   24,    0,
    -29,   11,    9,   21,   19,   15,   -8,    7,
   -105,  -10,    2,   15,   -1,   -7,   -9,  -23,
];

#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
    -58,  -38,  -13,  -28,  -31,  -27,  -63,  -99,
    -25,   -8,    6,   -2,   -9,  -25,  -24,  -52,
    -24,   10,   11,    4,   39,    6,  -12,  -41,
    -34,  -11,   66,   16,   31,   10,    6,   -3,
     31,   13,   28,   32,   34,   43,   28,    6,
     -3,   13,   16,   65,   21,   15,   -3,   -9,
    -42,  -20,    5,    9,   11,   12,   22,    4,
    -29,  -16,  -40,   26,    9,    9,  -22,  -64,
];

#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
    -29,    4,  -82,  -37,  -25,  -42,    7,   -8,
    -26,    4,  -31,  -13,  -33,   59,   18,  -47,
     -1,    7,   -5,   12,   25,   10,   54,   42,
    -13,    9,   19,   20,   18,   42,   18,   21,
     22,    3,   15,   30,   18,   12,   35,   14,
     10,   34,   23,   12,   18,   23,   22,    6,
     45,   24,   28,    6,   15,   -3,   30,   19,
     12,   14,   -4,   -8,  -15,  -10,  -39,  -16,
];

#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
    -14,  -21,  -11,   -8,   -7,   -9,  -17,  -24,
     -8,   -3,   24,  -12,   25,  -13,   -4,  -14,
     16,  -23,    3,    0,  -21,   23,    0,  -19,
      7,    2,  -17,   23,   20,   -2,    9,  -19,
    -38,   -1,   28,    5,   11,   24,  -11,    0,
     28,    4,   37,   23,   30,   19,   14,  -16,
      7,   21,   -4,   28,    4,   25,   -4,   30,
     19,   46,   30,   11,   23,   18,   -5,   46,
];

#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
    -22,   47,   77,   28,   66,  -17,   33,   75,
     24,   18,   20,   43,   92,   25,   33,   44,
    -41,   -2,   26,   71,   29,   44,   61,   21,
    -20,   24,    3,   24,   43,   44,   28,  -13,
    -38,  -26,  -22,  -27,    8,   -7,  -15,  -20,
    -36,  -17,  -53,  -23,  -20,   -4,   -6,  -26,
    -56,  -26,  -18,    1,   -2,  -17,  -21,  -42,
    -28,  -18,  -19,  -12,    6,   -1,  -11,  -20,
];

#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
     74,   41,   47,   44,   34,   54,   33,   45,
     51,   35,   61,   35,   28,   31,   14,   48,
     45,   35,   36,   13,    7,   42,   23,   37,
     42,   36,   52,   40,   24,   25,   43,   37,
     47,   71,   39,   46,   22,   39,   25,   29,
     45,   27,   58,   33,   35,   23,   23,   29,
     31,   24,   23,   11,    8,   -2,   16,    8,
     36,   40,   48,   32,   15,   27,   23,   24,
];

#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
    -30,   44,   29,   12,   59,   44,   43,   39,
    -11,  -20,   10,    1,  -16,   57,   28,   54,
    -13,  -17,  -17,   30,   14,   61,   51,   57,
     -8,  -12,   -7,  -12,  -30,   14,   10,   18,
     -2,    2,    0,    1,   -4,  -18,    4,    5,
      7,   -3,    0,    4,    0,   -1,    1,  -10,
      2,    6,    8,   18,   14,    8,   24,    1,
      6,   -1,    0,    4,   15,    7,  -31,  -50,
];

#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
     18,   33,   22,   27,   27,   19,   10,   14,
    -17,   91,   58,   41,   58,   25,   30,    0,
    -20,    6,   67,   54,   81,   64,   19,    9,
     40,   39,   87,   63,  119,   70,   65,   61,
     -3,    4,   54,   53,   57,   66,   24,   51,
    -18,   35,   41,    0,   48,   23,   62,   20,
    -51,  -38,    0,   -5,  -28,    9,  -38,  -32,
    -33,  -10,    5,  -29,  -12,  -60,  -20,  -41,
];

#[rustfmt::skip]
const MG_KING: [i32; 64] = [
    -65,   23,   16,  -15,  -56,  -34,    2,   13,
     29,   -1,  -20,   -7,   -8,   -4,  -38,  -29,
     -9,   15,   33,  -37,  -37,   -6,   24,  -22,
    -17,  -40,  -21,  -51,  -47,  -39,   -3,  -70,
    -12,  -19,  -46,  -64,  -31,  -17,  -35,  -64,
     -5,    9,  -21,  -15,  -24,  -48,   33,  -26,
      4,   15,  -21,  -35,  -29,  -33,    2,   13,
     11,   62,   45,  -41,   -4,  -25,   23,   24,
];

#[rustfmt::skip]
const EG_KING: [i32; 64] = [
    -74,  -35,  -18,  -18,  -11,   15,    4,  -17,
    -12,   17,   14,   17,   17,   38,   23,   11,
     10,   50,   44,   29,    9,   31,    5,   13,
     -8,   42,   35,   36,   24,    3,    3,  -26,
    -20,    4,   27,   31,   32,   10,   -4,   -5,
     -4,    4,   15,   20,   15,   23,  -14,  -23,
     -6,    1,    5,   15,    9,   12,   -9,  -33,
     22,  -47,  -29,  -16,  -29,  -19,  -31,  -39,
];

/// The middlegame and endgame tables of each orthodox kind, by [`Kind::index`], zipped square
/// by square into the tapered weights of [`WEIGHTS`].
const SQUARES: [[Tapered; 64]; 6] = [
    zipped(&MG_PAWN, &EG_PAWN),
    zipped(&MG_KNIGHT, &EG_KNIGHT),
    zipped(&MG_BISHOP, &EG_BISHOP),
    zipped(&MG_ROOK, &EG_ROOK),
    zipped(&MG_QUEEN, &EG_QUEEN),
    zipped(&MG_KING, &EG_KING),
];

/// A middlegame and an endgame table as one table of tapered weights.
const fn zipped(mg: &[i32; 64], eg: &[i32; 64]) -> [Tapered; 64] {
    let mut table = [(0, 0); 64];
    let mut square = 0;
    while square < 64 {
        table[square] = (mg[square], eg[square]);
        square += 1;
    }
    table
}

/// The index of `square` (a1 is 0, h8 63) in a table, seen from `side`'s own first rank.
#[inline(always)]
fn table_index(square: usize, side: Side) -> usize {
    match side {
        Side::White => square ^ 56,
        Side::Black => square,
    }
}

/// A middlegame and an endgame weight.
pub type Tapered = (i32, i32);

/// The judgement's weights: each term's middlegame and endgame worth in hundredths of a Pawn. [`WEIGHTS`] are the ones the engine plays with; the tune
/// bench (`cargo bench --bench tune -- --variant chess`) fits them to self-play results.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The values of a Pawn, Knight, Bishop, Rook and Queen.
    pub value: [Tapered; 5],
    /// The piece-square tables: each kind's worth (by [`Kind::index`]) on each square, seen
    /// from its own side with the eighth rank first, as the tables above are written.
    pub squares: [[Tapered; 64]; 6],
    /// Two Bishops work together: a bonus for the pair.
    pub bishop_pair: Tapered,
    /// A passed Pawn's bonus by how many ranks it has come from its own first rank.
    pub passed: [Tapered; 8],
    /// A Pawn with no friendly Pawn on the files beside it.
    pub isolated: Tapered,
    /// A Pawn behind another of its side.
    pub doubled: Tapered,
    /// A Rook on a file with no Pawn.
    pub open_file: Tapered,
    /// A Rook on a file with no Pawn of its own side.
    pub half_open_file: Tapered,
    /// In the middlegame, each Pawn of its own in the three squares before the King (on its
    /// first two ranks). The fit to Stockfish's judgement made it slightly negative: the open
    /// files beside the King count a missing Pawn's cost, and a Pawn still on those files
    /// counts for its file there.
    pub shield: i32,
    /// Mobility: a Knight's, Bishop's, Rook's or Queen's worth (by kind) by how many squares
    /// it could move to that no enemy Pawn attacks (a Queen's 27 at most).
    pub mobility: [[Tapered; MOBILITY_COUNTS]; 5],
    /// An attack on the King: per square around an enemy King that a Knight, Bishop, Rook or
    /// Queen attacks, this many units of danger, by kind (after the Chess Programming Wiki's
    /// "King Safety").
    pub attack_units: [i32; 5],
    /// A safe check: the units of danger a Knight, Bishop, Rook or Queen adds, by kind, where
    /// it could move to a square that gives check and that no enemy piece guards.
    pub safe_checks: [i32; 5],
    /// The middlegame penalty for a King that two pieces or more attack, in hundredths of a
    /// Pawn per hundred squared units of danger: it grows with the square of the units as an
    /// attack gathers, up to five Pawns.
    pub king_danger: i32,
    /// A Knight, Bishop, Rook or Queen that an enemy Pawn attacks: about to lose material or a
    /// tempo.
    pub threat_by_pawn: Tapered,
    /// A Rook or Queen that an enemy Knight or Bishop attacks.
    pub threat_by_minor: Tapered,
    /// In the middlegame, per file at or beside the King with no Pawn of its own: lines the
    /// enemy's Rooks and Queen can open onto it.
    pub open_king_file: i32,
    /// The side to move's bonus for having the move.
    pub tempo: i32,
    /// A Knight, Bishop, Rook or Queen that an enemy piece attacks and no piece of its own
    /// guards.
    pub hanging: Tapered,
    /// A Queen that an enemy Rook attacks.
    pub threat_by_rook: Tapered,
    /// An attack on the King: the units of danger per square beside the King that the enemy
    /// attacks and no Pawn, Knight, Bishop or Rook of the King's side guards.
    pub weak_king_square: i32,
    /// In the middlegame, per file at or beside the King: its own rearmost Pawn there before
    /// the King, by how many ranks that Pawn has come from its side's first rank (0 where there
    /// is none).
    pub shelter: [i32; 7],
    /// In the middlegame, per file at or beside the King: the enemy Pawn there before the King
    /// nearest it, by how many ranks it stands from the King's side's first rank (0 where
    /// there is none).
    pub storm: [i32; 7],
    /// A Knight or Bishop (by kind, from the Knight) on the fourth to sixth rank, guarded by a
    /// Pawn of its own, where no enemy Pawn can ever attack it.
    pub outpost: [Tapered; 2],
    /// A Pawn guarded by a Pawn of its own or with one beside it, by how many ranks it has
    /// come from its own first rank.
    pub connected: [Tapered; 7],
    /// A Pawn that no Pawn of its own beside it can come to guard and whose square ahead an
    /// enemy Pawn attacks (an isolated Pawn counts as isolated only).
    pub backward: Tapered,
    /// Where one side has no Pawn and the other is at least [`MOP_UP_MARGIN`] ahead: the
    /// stronger side's bonus per square the defending King stands from the centre (from the
    /// nearest corner its Bishop covers, when a Bishop and a Knight are all it has), and per
    /// square the two Kings stand closer than fourteen apart. Mating a lone King needs it
    /// driven there with the attacking King beside it, deeper than the search sees.
    pub mop_up: (i32, i32),
}

/// The fitted mobility tables ([`Weights::mobility`]): a Knight's, Bishop's, Rook's and Queen's
/// worth by how many squares it could move to, from none to its most; the rest of each row
/// is never used.
#[rustfmt::skip]
const MOBILITY: [[Tapered; MOBILITY_COUNTS]; 5] = [
    // Pawn (no mobility counted)
    [(0, 0); MOBILITY_COUNTS],
    // Knight
    pad([
        (-38, 8), (-17, 3), (-6, 36), (1, 37), (9, 45), (16, 42), (23, 31),
        (36, 12), (44, -14),
    ]),
    // Bishop
    pad([
        (-33, -37), (-27, -17), (-18, 4), (-9, 16), (-2, 31), (-2, 32), (1, 38),
        (2, 39), (2, 47), (12, 35), (10, 37), (46, 26), (24, 30), (18, 29),
    ]),
    // Rook
    pad([
        (-36, -25), (-26, -4), (-23, 20), (-16, 15), (-15, 22), (-13, 37), (-9, 38),
        (-2, 33), (1, 36), (5, 37), (12, 31), (11, 35), (4, 40), (-15, 45),
        (69, 7),
    ]),
    // Queen
    pad([
        (-14, -104), (1, -96), (3, -89), (7, -87), (9, -69), (13, -41), (16, -13),
        (19, -21), (21, 8), (23, 19), (23, 20), (27, 51), (23, 52), (28, 58),
        (17, 90), (29, 78), (22, 86), (33, 88), (35, 77), (31, 80), (29, 71),
        (28, 84), (28, 82), (14, 65), (11, 88), (12, 96), (13, 104), (14, 112),
    ]),
];

/// `used` followed by nothing up to a mobility table's length.
const fn pad<const N: usize>(used: [Tapered; N]) -> [Tapered; MOBILITY_COUNTS] {
    let mut table = [(0, 0); MOBILITY_COUNTS];
    let mut moves = 0;
    while moves < N {
        table[moves] = used[moves];
        moves += 1;
    }
    table
}

/// The weights the engine plays with: PeSTO's piece values; the tables and every other weight
/// but the passed Pawns' and the mop-up's fitted by the tune bench to 193,144 quiet positions
/// judged by Stockfish (`tools/stockfish-labels.py`, depth 8 and 9), the Pawns' tables on the
/// seventh rank held with the passed Pawns (the positions' selection, no promotion as the best
/// turn, leans against them). Kept on matches at 100 ms a turn against the weights before:
/// 52.5/100 for the fitted tables, 56.5/100 for the terms from [`Weights::hanging`] on, 52/100
/// for the mobility tables, each fitted with all the rest.
pub const WEIGHTS: Weights = Weights {
    value: [(82, 94), (337, 281), (365, 297), (477, 512), (1025, 936)],
    squares: SQUARES,
    bishop_pair: (26, 77),
    passed: [
        (0, 0),
        (2, 10),
        (5, 15),
        (10, 25),
        (20, 45),
        (35, 75),
        (55, 120),
        (0, 0),
    ],
    isolated: (-9, -5),
    doubled: (-7, -43),
    open_file: (41, 4),
    half_open_file: (10, 38),
    shield: 4,
    mobility: MOBILITY,

    attack_units: [0, 3, 3, 3, 5],
    safe_checks: [0, 21, 13, 6, 19],
    king_danger: 11,
    threat_by_pawn: (-69, -49),
    threat_by_minor: (-57, -36),
    open_king_file: -30,
    tempo: 31,
    hanging: (-22, -36),
    threat_by_rook: (-102, 16),
    weak_king_square: 3,
    shelter: [36, 37, 31, 28, 27, 23, -110],
    storm: [-25, 194, -18, -23, -21, -18, -19],
    outpost: [(24, 24), (31, 5)],
    connected: [
        (0, 0),
        (5, -6),
        (19, 0),
        (15, 4),
        (26, 14),
        (77, 14),
        (0, 0),
    ],
    backward: (-8, -12),
    mop_up: (12, 4),
};

impl Weights {
    /// Every weight, named, for a tuner to change one at a time; the piece values' names start
    /// with `value.` (a tuner may hold them, keeping the scale the search's margins assume), the
    /// tables' with `squares.` and the kind (`squares.knight.e4.mg`). Left out are the weights of
    /// a Pawn or a passed Pawn on its first and last rank, where no Pawn stands, a Pawn's
    /// mobility, attack units and safe checks, which are not counted, and the mobility beyond
    /// the most squares a kind can move to.
    pub fn each_mut(&mut self) -> Vec<(String, &mut i32)> {
        fn tapered<'a>(
            named: &mut Vec<(String, &'a mut i32)>,
            name: &str,
            weight: &'a mut Tapered,
        ) {
            named.push((format!("{name}.mg"), &mut weight.0));
            named.push((format!("{name}.eg"), &mut weight.1));
        }
        let mut named = Vec::new();
        for (kind, weight) in KINDS.iter().zip(&mut self.value) {
            tapered(&mut named, &format!("value.{kind}"), weight);
        }
        for (kind, table) in KINDS.iter().zip(&mut self.squares) {
            for (at, weight) in table.iter_mut().enumerate() {
                let rank = 8 - at / 8;
                if *kind == "pawn" && (rank == 1 || rank == 8) {
                    continue;
                }
                let file = char::from(b'a' + (at % 8) as u8);
                tapered(&mut named, &format!("squares.{kind}.{file}{rank}"), weight);
            }
        }
        tapered(&mut named, "bishop_pair", &mut self.bishop_pair);
        for (rank, weight) in self.passed.iter_mut().enumerate().take(7).skip(1) {
            tapered(&mut named, &format!("passed.{rank}"), weight);
        }
        tapered(&mut named, "isolated", &mut self.isolated);
        tapered(&mut named, "doubled", &mut self.doubled);
        tapered(&mut named, "open_file", &mut self.open_file);
        tapered(&mut named, "half_open_file", &mut self.half_open_file);
        for ((kind, table), most) in KINDS.iter().zip(&mut self.mobility).zip(MOST_MOVES).skip(1) {
            for (moves, weight) in table.iter_mut().enumerate().take(most + 1) {
                tapered(&mut named, &format!("mobility.{kind}.{moves}"), weight);
            }
        }
        tapered(&mut named, "threat_by_pawn", &mut self.threat_by_pawn);
        tapered(&mut named, "threat_by_minor", &mut self.threat_by_minor);
        named.push(("shield".into(), &mut self.shield));
        for (kind, units) in KINDS.iter().zip(&mut self.attack_units).skip(1) {
            named.push((format!("attack_units.{kind}"), units));
        }
        for (kind, units) in KINDS.iter().zip(&mut self.safe_checks).skip(1) {
            named.push((format!("safe_checks.{kind}"), units));
        }
        named.push(("king_danger".into(), &mut self.king_danger));
        named.push(("open_king_file".into(), &mut self.open_king_file));
        named.push(("tempo".into(), &mut self.tempo));
        named.push(("mop_up.edge".into(), &mut self.mop_up.0));
        named.push(("mop_up.kings".into(), &mut self.mop_up.1));
        tapered(&mut named, "hanging", &mut self.hanging);
        tapered(&mut named, "threat_by_rook", &mut self.threat_by_rook);
        named.push(("weak_king_square".into(), &mut self.weak_king_square));
        for (rank, weight) in self.shelter.iter_mut().enumerate() {
            named.push((format!("shelter.{rank}"), weight));
        }
        for (rank, weight) in self.storm.iter_mut().enumerate() {
            named.push((format!("storm.{rank}"), weight));
        }
        for (kind, weight) in ["knight", "bishop"].iter().zip(&mut self.outpost) {
            tapered(&mut named, &format!("outpost.{kind}"), weight);
        }
        for (rank, weight) in self.connected.iter_mut().enumerate().skip(1) {
            tapered(&mut named, &format!("connected.{rank}"), weight);
        }
        tapered(&mut named, "backward", &mut self.backward);
        named
    }

    /// The middlegame penalty for `units` of danger around a King that two pieces or more
    /// attack.
    fn king_danger(&self, units: i32) -> i32 {
        (units * units * self.king_danger / 100).min(MAX_KING_DANGER)
    }
}

/// The names of the kinds [`Weights`] lists by index, for a tuner's report.
const KINDS: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The most a King's danger costs: five Pawns.
const MAX_KING_DANGER: i32 = 500;

/// The most squares a Knight, Bishop, Rook or Queen can move to, by kind.
const MOST_MOVES: [usize; 5] = [0, 8, 13, 14, 27];

/// The length of a mobility table: one entry per count from none to a Queen's most.
const MOBILITY_COUNTS: usize = 28;

/// The judgement of `board` with `mover` to move, for White, in hundredths of a Pawn (roughly:
/// PeSTO's Pawn is 82 in the middlegame and 94 in the endgame).
#[inline(always)]
pub fn evaluate(weights: &Weights, board: &Bitboards, mover: Side) -> i32 {
    let blockers = board.all();
    let pawns = Side::BOTH.map(|side| board.pieces[side.index()][Kind::Pawn.index()]);
    let pawn_reach = Side::BOTH.map(|side| bitboard::pawn_attacks(pawns[side.index()], side));
    // Each side's King's square and the squares around it.
    let zones = Side::BOTH.map(|side| {
        let king = board.pieces[side.index()][Kind::King.index()];
        bitboard::squares(king).fold(king, |zone, at| zone | bitboard::king(at))
    });
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    // Per side and kind: the squares its pieces of that kind attack.
    let mut reach = [[0; Kind::COUNT]; 2];
    // Per side: the pieces attacking the enemy King's zone, and the units of danger they bring.
    let mut attackers = [0; 2];
    let mut units = [0; 2];
    // Per side: its material at endgame values, for the mop-up.
    let mut material = [0; 2];
    // Per side: the squares its pieces' mobility counts, those neither its own pieces hold nor
    // enemy Pawns attack.
    let areas = Side::BOTH
        .map(|side| !(board.occupied[side.index()] | pawn_reach[side.opponent().index()]));
    for side in Side::BOTH {
        let (own, enemy) = (side.index(), side.opponent().index());
        let sign = sign(side);
        for (kind, &set) in board.pieces[own].iter().enumerate() {
            let table = &weights.squares[kind];
            let value = weights.value.get(kind).copied().unwrap_or((0, 0));
            let count = set.count_ones() as i32;
            mg += sign * value.0 * count;
            eg += sign * value.1 * count;
            material[own] += value.1 * count;
            phase += PHASE.get(kind).copied().unwrap_or(0) * count;
            for square in bitboard::squares(set) {
                let at = table_index(square, side);
                mg += sign * table[at].0;
                eg += sign * table[at].1;
                let attacked = match Kind::ALL[kind] {
                    Kind::Knight => bitboard::knight(square),
                    Kind::Bishop => bitboard::bishop(square, blockers),
                    Kind::Rook => bitboard::rook(square, blockers),
                    Kind::Queen => {
                        bitboard::bishop(square, blockers) | bitboard::rook(square, blockers)
                    }
                    _ => continue,
                };
                reach[own][kind] |= attacked;
                let moves = (attacked & areas[own]).count_ones() as usize;
                let (m, e) = weights.mobility[kind][moves];
                mg += sign * m;
                eg += sign * e;
                let near_king = (attacked & zones[enemy]).count_ones() as i32;
                if near_king > 0 {
                    attackers[own] += 1;
                    units[own] += weights.attack_units[kind] * near_king;
                }
            }
        }
    }
    // Per side: every square its pieces attack (the King's own square with them), and those
    // its Pawns, Knights, Bishops and Rooks attack: the guards that do not mind the trade.
    let reach_all = Side::BOTH.map(|side| {
        let own = side.index();
        reach[own]
            .iter()
            .fold(pawn_reach[own] | zones[own], |a, b| a | b)
    });
    let guards = Side::BOTH.map(|side| {
        let own = side.index();
        [Kind::Knight, Kind::Bishop, Kind::Rook]
            .iter()
            .fold(pawn_reach[own], |a, kind| a | reach[own][kind.index()])
    });
    for side in Side::BOTH {
        let sign = sign(side);
        let (own, enemy) = (side.index(), side.opponent().index());
        let pieces = &board.pieces[own];
        let majors = pieces[Kind::Rook.index()] | pieces[Kind::Queen.index()];
        let officers = majors | pieces[Kind::Knight.index()] | pieces[Kind::Bishop.index()];
        let minor_reach = reach[enemy][Kind::Knight.index()] | reach[enemy][Kind::Bishop.index()];
        let outposts = outposts(side, pawn_reach[own], pawns[enemy]);
        for (threatened, weight) in [
            (officers & pawn_reach[enemy], weights.threat_by_pawn),
            (majors & minor_reach, weights.threat_by_minor),
            (
                pieces[Kind::Queen.index()] & reach[enemy][Kind::Rook.index()],
                weights.threat_by_rook,
            ),
            (
                officers & reach_all[enemy] & !reach_all[own],
                weights.hanging,
            ),
            (pieces[Kind::Knight.index()] & outposts, weights.outpost[0]),
            (pieces[Kind::Bishop.index()] & outposts, weights.outpost[1]),
        ] {
            let threatened = threatened.count_ones() as i32;
            mg += sign * weight.0 * threatened;
            eg += sign * weight.1 * threatened;
        }
        let guarded = reach[enemy]
            .iter()
            .fold(pawn_reach[enemy] | zones[enemy], |a, b| a | b);
        let safe = !(board.occupied[own] | guarded);
        for king in bitboard::squares(board.pieces[enemy][Kind::King.index()]) {
            units[own] += safe_checks(weights, king, blockers, &reach[own], safe);
        }
        let weak = zones[enemy] & reach_all[own] & !guards[enemy];
        units[own] += weights.weak_king_square * weak.count_ones() as i32;
        if attackers[own] >= 2 {
            mg += sign * weights.king_danger(units[own]);
        }
        if board.pieces[own][Kind::Bishop.index()].count_ones() >= 2 {
            mg += sign * weights.bishop_pair.0;
            eg += sign * weights.bishop_pair.1;
        }
        let (m, e) = pawn_structure(weights, side, [pawns[own], pawns[enemy]], pawn_reach);
        mg += sign * m;
        eg += sign * e;
        for rook in bitboard::squares(board.pieces[own][Kind::Rook.index()]) {
            let file = bitboard::file(rook % 8);
            if pawns[own] & file == 0 {
                let (m, e) = if pawns[enemy] & file == 0 {
                    weights.open_file
                } else {
                    weights.half_open_file
                };
                mg += sign * m;
                eg += sign * e;
            }
        }
        for king in bitboard::squares(board.pieces[own][Kind::King.index()]) {
            mg += sign * weights.shield * shield(pawns[own], side, king);
            let files = bitboard::files_of(1 << king);
            let open = (files | bitboard::beside(files)) & !bitboard::files_of(pawns[own]);
            mg += sign * weights.open_king_file * (open & bitboard::rank(0)).count_ones() as i32;
            mg += sign * shelter(weights, side, king, pawns[own], pawns[enemy]);
        }
    }
    let phase = phase.min(FULL_PHASE);
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
        + sign(mover) * weights.tempo
        + mop_up(weights, board, material)
}

/// How far ahead in material (endgame values) a side must be, against no Pawn, for
/// [`Weights::mop_up`]: a Rook against nothing, a Queen against a Rook, two minor pieces.
pub const MOP_UP_MARGIN: i32 = 400;

/// The mop-up bonus of `board`, for White (see [`Weights::mop_up`]), where `material` is each
/// side's material at endgame values.
#[inline(always)]
fn mop_up(weights: &Weights, board: &Bitboards, material: [i32; 2]) -> i32 {
    let king = |side: Side| {
        let king = board.pieces[side.index()][Kind::King.index()];
        (king != 0).then(|| king.trailing_zeros() as usize)
    };
    for strong in Side::BOTH {
        let weak = strong.opponent();
        if board.pieces[weak.index()][Kind::Pawn.index()] != 0
            || material[strong.index()] - material[weak.index()] < MOP_UP_MARGIN
        {
            continue;
        }
        let (Some(attacker), Some(defender)) = (king(strong), king(weak)) else {
            continue;
        };
        let own = &board.pieces[strong.index()];
        let bishop_and_knight = own[Kind::Bishop.index()].count_ones() == 1
            && own[Kind::Knight.index()].count_ones() == 1
            && (Kind::Pawn.index()..Kind::King.index()).all(|kind| {
                matches!(Kind::ALL[kind], Kind::Bishop | Kind::Knight) || own[kind] == 0
            });
        let edge = if bishop_and_knight {
            let light = own[Kind::Bishop.index()] & bitboard::LIGHT != 0;
            let corners: [usize; 2] = if light { [7, 56] } else { [0, 63] };
            7 - corners
                .iter()
                .map(|&c| distance(defender, c))
                .min()
                .unwrap_or(7)
                .min(7)
        } else {
            let (file, rank) = ((defender % 8) as i32, (defender / 8) as i32);
            (3 - file).max(file - 4) + (3 - rank).max(rank - 4)
        };
        let bonus =
            weights.mop_up.0 * edge + weights.mop_up.1 * (14 - distance(attacker, defender));
        return sign(strong) * bonus;
    }
    0
}

/// How many steps along ranks and files part two squares.
fn distance(a: usize, b: usize) -> i32 {
    let (a, b) = (a as i32, b as i32);
    (a % 8 - b % 8).abs() + (a / 8 - b / 8).abs()
}

/// The middlegame and endgame terms of `side`'s Pawns, where `[own, enemy]` are its Pawns and
/// the enemy's and `reach` the squares each side's Pawns attack (by [`Side::index`]): each
/// passed, isolated, doubled, backward or connected one.
#[inline(always)]
fn pawn_structure(
    weights: &Weights,
    side: Side,
    [own, enemy]: [Squares; 2],
    reach: [Squares; 2],
) -> Tapered {
    // A Pawn is passed when no enemy Pawn stands ahead of it on its file or the files beside:
    // when it is not behind, from its side's point of view, any enemy Pawn or beside that.
    let enemy_behind = bitboard::ahead(enemy, side.opponent());
    let passed = own & !(enemy_behind | bitboard::beside(enemy_behind));
    let isolated = own & !bitboard::beside(bitboard::files_of(own));
    let doubled = own & bitboard::ahead(own, side.opponent());
    let count = |set: Squares| set.count_ones() as i32;
    let mut mg = weights.isolated.0 * count(isolated) + weights.doubled.0 * count(doubled);
    let mut eg = weights.isolated.1 * count(isolated) + weights.doubled.1 * count(doubled);
    let stops_attacked = forward(own, side) & reach[side.opponent().index()];
    let supportable = bitboard::beside(own | bitboard::ahead(own, side));
    let backward = own & forward(stops_attacked, side.opponent()) & !supportable & !isolated;
    mg += weights.backward.0 * count(backward);
    eg += weights.backward.1 * count(backward);
    let connected = own & (reach[side.index()] | bitboard::beside(own));
    for (set, table) in [
        (passed, &weights.passed[..]),
        (connected, &weights.connected[..]),
    ] {
        for square in bitboard::squares(set) {
            let (m, e) = table[from_home(square, side).min(table.len() - 1)];
            mg += m;
            eg += e;
        }
    }
    (mg, eg)
}

/// How many ranks `square` stands from `side`'s first rank.
#[inline(always)]
fn from_home(square: usize, side: Side) -> usize {
    match side {
        Side::White => square / 8,
        Side::Black => 7 - square / 8,
    }
}

/// The squares one rank ahead of those of `set`, from `side`'s point of view.
#[inline(always)]
fn forward(set: Squares, side: Side) -> Squares {
    match side {
        Side::White => set << 8,
        Side::Black => set >> 8,
    }
}

/// The squares on `side`'s fourth to sixth ranks that its Pawns guard (`guarded`) and no
/// enemy Pawn (on `enemy`) can ever attack.
#[inline(always)]
fn outposts(side: Side, guarded: Squares, enemy: Squares) -> Squares {
    let ranks = match side {
        Side::White => bitboard::rank(3) | bitboard::rank(4) | bitboard::rank(5),
        Side::Black => bitboard::rank(2) | bitboard::rank(3) | bitboard::rank(4),
    };
    let enemy_span = bitboard::pawn_attacks(
        enemy | bitboard::ahead(enemy, side.opponent()),
        side.opponent(),
    );
    ranks & guarded & !enemy_span
}

/// The middlegame worth of the Pawns before `side`'s King on `king` on its file and those
/// beside it: its own rearmost Pawn on each ([`Weights::shelter`]) and the enemy's nearest
/// ([`Weights::storm`]).
#[inline(always)]
fn shelter(weights: &Weights, side: Side, king: usize, own: Squares, enemy: Squares) -> i32 {
    let file = king % 8;
    let before_king = bitboard::ahead(1 << king, side);
    let before_king = before_king | bitboard::beside(before_king);
    let nearest = |pawns: Squares| -> usize {
        let square = match side {
            _ if pawns == 0 => return 0,
            Side::White => pawns.trailing_zeros() as usize,
            Side::Black => 63 - pawns.leading_zeros() as usize,
        };
        from_home(square, side).min(6)
    };
    (file.saturating_sub(1)..=(file + 1).min(7))
        .map(|file| {
            let before = bitboard::file(file) & before_king;
            weights.shelter[nearest(own & before)] + weights.storm[nearest(enemy & before)]
        })
        .sum()
}

/// How many of `side`'s Pawns on `pawns` stand on the three squares before its King on
/// `king`, when the King is on its first two ranks.
#[inline(always)]
fn shield(pawns: Squares, side: Side, king: usize) -> i32 {
    let rank = king / 8;
    let front = match side {
        Side::White if rank <= 1 => rank + 1,
        Side::Black if rank >= 6 => rank - 1,
        _ => return 0,
    };
    (bitboard::king(king) & bitboard::rank(front) & pawns).count_ones() as i32
}

/// The units of danger safe checks bring against the King on `king`: for each kind whose pieces
/// attack (`reach`, by kind) a `safe` square from which that kind gives check.
#[inline(always)]
fn safe_checks(
    weights: &Weights,
    king: usize,
    blockers: Squares,
    reach: &[Squares; Kind::COUNT],
    safe: Squares,
) -> i32 {
    let diagonal = bitboard::bishop(king, blockers);
    let straight = bitboard::rook(king, blockers);
    [
        (Kind::Knight, bitboard::knight(king)),
        (Kind::Bishop, diagonal),
        (Kind::Rook, straight),
        (Kind::Queen, diagonal | straight),
    ]
    .into_iter()
    .filter(|&(kind, checks)| reach[kind.index()] & checks & safe != 0)
    .map(|(kind, _)| weights.safe_checks[kind.index()])
    .sum()
}

/// 1 for White, -1 for Black.
fn sign(side: Side) -> i32 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::types::{Loc, Piece};

    /// The judgement, by `weights`, of the two Kings on e1 and e8 with `pieces` added
    /// (letters as in FEN), White to move.
    fn judged(weights: &Weights, pieces: &[(&str, Kind, Side)]) -> i32 {
        let mut board = Board::empty();
        board.put(at("e1"), Piece::new(Kind::King, Side::White));
        board.put(at("e8"), Piece::new(Kind::King, Side::Black));
        for &(square, kind, side) in pieces {
            board.put(at(square), Piece::new(kind, side));
        }
        evaluate(weights, &Bitboards::of(&board), Side::White)
    }

    fn at(square: &str) -> Loc {
        Loc::parse(square).expect("a square")
    }

    /// What the threat-by-Pawn term adds to the judgement of a White Knight on d5 and a Black
    /// Pawn on `pawn`.
    fn threat_of_pawn_on(pawn: &str) -> i32 {
        let pieces = [
            ("d5", Kind::Knight, Side::White),
            (pawn, Kind::Pawn, Side::Black),
        ];
        let unthreatened = Weights {
            threat_by_pawn: (0, 0),
            ..WEIGHTS
        };
        judged(&WEIGHTS, &pieces) - judged(&unthreatened, &pieces)
    }

    #[test]
    fn a_knight_a_pawn_attacks_is_judged_threatened() {
        let phase = PHASE[Kind::Knight.index()];
        let (mg, eg) = WEIGHTS.threat_by_pawn;
        let penalty = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
        assert!((threat_of_pawn_on("c6") - penalty).abs() <= 1);
        assert!((threat_of_pawn_on("e6") - penalty).abs() <= 1);
        assert_eq!(threat_of_pawn_on("d6"), 0);
        assert_eq!(threat_of_pawn_on("c4"), 0);
    }

    /// The bitboard index of the square named `name`.
    fn square(name: &str) -> usize {
        let name = name.as_bytes();
        usize::from(name[0] - b'a') + 8 * usize::from(name[1] - b'1')
    }

    #[test]
    fn a_knight_that_could_check_from_a_square_no_enemy_guards_brings_danger() {
        // A White Knight on g4 against the Black King on g8: it could check from f6 or h6.
        let (king, knight) = (square("g8"), square("g4"));
        let mut reach = [0; Kind::COUNT];
        reach[Kind::Knight.index()] = bitboard::knight(knight);
        let blockers = 1 << king | 1 << knight;
        let units = |guarded: Squares| safe_checks(&WEIGHTS, king, blockers, &reach, !guarded);
        assert_eq!(units(0), WEIGHTS.safe_checks[Kind::Knight.index()]);
        // A Black Pawn on g7 guards both squares: no safe check.
        assert_eq!(units(1 << square("f6") | 1 << square("h6")), 0);
        assert_eq!(
            units(1 << square("f6")),
            WEIGHTS.safe_checks[Kind::Knight.index()]
        );
    }

    #[test]
    fn a_king_whose_file_has_no_pawn_of_its_own_is_judged_open() {
        // Queens on, so the middlegame counts for 8/24; White's e-file has no White Pawn.
        let pieces = [
            ("d1", Kind::Queen, Side::White),
            ("d8", Kind::Queen, Side::Black),
            ("d2", Kind::Pawn, Side::White),
            ("f2", Kind::Pawn, Side::White),
            ("d7", Kind::Pawn, Side::Black),
            ("e7", Kind::Pawn, Side::Black),
            ("f7", Kind::Pawn, Side::Black),
        ];
        let closed = Weights {
            open_king_file: 0,
            ..WEIGHTS
        };
        let phase = 2 * PHASE[Kind::Queen.index()];
        let penalty = WEIGHTS.open_king_file * phase / FULL_PHASE;
        let open = judged(&WEIGHTS, &pieces) - judged(&closed, &pieces);
        assert!((open - penalty).abs() <= 1, "{open} against {penalty}");
    }

    /// The mop-up bonus of a board of exactly `pieces`: what the judgement gains by it.
    fn mopped(pieces: &[(&str, Kind, Side)]) -> i32 {
        let mut board = Board::empty();
        for &(square, kind, side) in pieces {
            board.put(at(square), Piece::new(kind, side));
        }
        let sets = Bitboards::of(&board);
        let unmopped = Weights {
            mop_up: (0, 0),
            ..WEIGHTS
        };
        evaluate(&WEIGHTS, &sets, Side::White) - evaluate(&unmopped, &sets, Side::White)
    }

    #[test]
    fn a_lone_king_is_driven_to_the_edge_with_the_attacking_king_beside_it() {
        let kings = |attacker: &str, defender: &str| {
            mopped(&[
                (attacker, Kind::King, Side::White),
                ("c2", Kind::Queen, Side::White),
                (defender, Kind::King, Side::Black),
            ])
        };
        let with = |defender: &str| kings("d3", defender);
        assert!(with("d5") > 0);
        assert!(with("d8") > with("d5"));
        assert!(with("a8") > with("d8"));
        assert!(
            kings("b6", "a8") > kings("d3", "a8"),
            "the attacking King is nearer"
        );
        let defended = [
            ("d3", Kind::King, Side::White),
            ("c2", Kind::Queen, Side::White),
            ("d6", Kind::King, Side::Black),
        ];
        assert_eq!(
            mopped(&[
                defended[0],
                defended[1],
                defended[2],
                ("a7", Kind::Pawn, Side::Black)
            ]),
            0,
            "a defence with a Pawn is no lone King"
        );
        let rook_against_rook = [
            ("d3", Kind::King, Side::White),
            ("c2", Kind::Rook, Side::White),
            ("d8", Kind::King, Side::Black),
            ("h8", Kind::Rook, Side::Black),
        ];
        assert_eq!(mopped(&rook_against_rook), 0, "no side is far enough ahead");
        let black_queen = [
            ("d6", Kind::King, Side::Black),
            ("c7", Kind::Queen, Side::Black),
            ("d1", Kind::King, Side::White),
        ];
        assert!(mopped(&black_queen) < 0);
    }

    #[test]
    fn bishop_and_knight_drive_the_king_to_a_corner_the_bishop_covers() {
        // The Bishop on c1 moves on dark squares: a1 and h8 are its corners.
        let with = |king: &str| {
            mopped(&[
                ("c3", Kind::King, Side::White),
                ("c1", Kind::Bishop, Side::White),
                ("e2", Kind::Knight, Side::White),
                (king, Kind::King, Side::Black),
            ])
        };
        assert!(with("a1") > with("h1"));
        assert!(with("h8") > with("a8"));
    }

    #[test]
    fn the_side_to_move_has_the_tempo() {
        let mut board = Board::empty();
        board.put(at("e1"), Piece::new(Kind::King, Side::White));
        board.put(at("e8"), Piece::new(Kind::King, Side::Black));
        let sets = Bitboards::of(&board);
        let judge = |mover| evaluate(&WEIGHTS, &sets, mover);
        assert_eq!(judge(Side::White) - judge(Side::Black), 2 * WEIGHTS.tempo);
    }

    #[test]
    fn a_pawn_with_no_pawn_of_its_own_beside_it_is_isolated_and_one_behind_another_doubled() {
        let plain = Weights {
            isolated: (0, 0),
            doubled: (0, 0),
            ..WEIGHTS
        };
        // Kings and Pawns alone: the endgame weights count whole.
        let terms =
            |pieces: &[(&str, Kind, Side)]| judged(&WEIGHTS, pieces) - judged(&plain, pieces);
        let (isolated, doubled) = (WEIGHTS.isolated.1, WEIGHTS.doubled.1);
        let white = |square| (square, Kind::Pawn, Side::White);
        assert_eq!(terms(&[white("d4"), white("d5"), white("e3")]), doubled);
        assert_eq!(
            terms(&[white("d4"), white("d5"), white("h3")]),
            3 * isolated + doubled
        );
        let black = |square| (square, Kind::Pawn, Side::Black);
        assert_eq!(terms(&[black("d4"), black("d5"), black("e6")]), -doubled);
    }

    #[test]
    fn a_pawn_with_no_enemy_pawn_before_it_or_beside_it_is_passed() {
        let passed_only = Weights {
            isolated: (0, 0),
            doubled: (0, 0),
            ..WEIGHTS
        };
        let unpassed = Weights {
            passed: [(0, 0); 8],
            ..passed_only.clone()
        };
        let bonus = |pieces: &[(&str, Kind, Side)]| {
            judged(&passed_only, pieces) - judged(&unpassed, pieces)
        };
        let white_d5 = ("d5", Kind::Pawn, Side::White);
        // Kings and Pawns alone: the endgame weight counts whole.
        assert_eq!(bonus(&[white_d5]), WEIGHTS.passed[4].1);
        assert_eq!(bonus(&[white_d5, ("e6", Kind::Pawn, Side::Black)]), 0);
        assert_eq!(bonus(&[white_d5, ("d7", Kind::Pawn, Side::Black)]), 0);
    }

    /// What the weights `without` leaves out add to the judgement of the two Kings on e1 and
    /// e8 with `pieces`, White to move.
    fn term(without: &Weights, pieces: &[(&str, Kind, Side)]) -> i32 {
        judged(&WEIGHTS, pieces) - judged(without, pieces)
    }

    #[test]
    fn a_piece_an_enemy_attacks_and_nothing_guards_hangs() {
        let unhung = Weights {
            hanging: (0, 0),
            ..WEIGHTS
        };
        let knight = ("d5", Kind::Knight, Side::White);
        let rook = ("d8", Kind::Rook, Side::Black);
        assert!(term(&unhung, &[knight, rook]) < 0, "the Rook attacks it");
        let pawn = ("e4", Kind::Pawn, Side::White);
        assert_eq!(term(&unhung, &[knight, rook, pawn]), 0, "a Pawn guards it");
        assert_eq!(term(&unhung, &[knight]), 0, "nothing attacks it");
    }

    #[test]
    fn a_knight_a_pawn_guards_where_no_enemy_pawn_can_come_is_on_an_outpost() {
        let without = Weights {
            outpost: [(0, 0); 2],
            ..WEIGHTS
        };
        let knight = ("d5", Kind::Knight, Side::White);
        let guard = ("e4", Kind::Pawn, Side::White);
        assert!(term(&without, &[knight, guard]) > 0);
        assert_eq!(term(&without, &[knight]), 0, "no Pawn guards it");
        let chaser = ("c7", Kind::Pawn, Side::Black);
        assert_eq!(
            term(&without, &[knight, guard, chaser]),
            0,
            "c7-c6 would attack it"
        );
        let passed_by = ("c4", Kind::Pawn, Side::Black);
        assert!(
            term(&without, &[knight, guard, passed_by]) > 0,
            "a Pawn behind it never can"
        );
    }

    #[test]
    fn a_pawn_no_neighbour_can_guard_whose_square_ahead_is_attacked_is_backward() {
        let without = Weights {
            backward: (0, 0),
            ..WEIGHTS
        };
        let (d3, e4) = (
            ("d3", Kind::Pawn, Side::White),
            ("e4", Kind::Pawn, Side::White),
        );
        let attacker = ("c5", Kind::Pawn, Side::Black);
        assert!(term(&without, &[d3, e4, attacker]) < 0, "d4 is attacked");
        assert_eq!(term(&without, &[d3, e4]), 0, "d4 is not attacked");
        let c2 = ("c2", Kind::Pawn, Side::White);
        assert_eq!(
            term(&without, &[d3, e4, attacker, c2]),
            0,
            "c2-c3 can guard it"
        );
    }

    #[test]
    fn pawns_guarding_each_other_or_side_by_side_are_connected() {
        let without = Weights {
            connected: [(0, 0); 7],
            ..WEIGHTS
        };
        let white = |square| (square, Kind::Pawn, Side::White);
        // Kings and Pawns alone: the endgame weights count whole.
        let on_the_fourth = WEIGHTS.connected[3].1;
        assert_eq!(
            term(&without, &[white("d4"), white("e4")]),
            2 * on_the_fourth
        );
        assert_eq!(term(&without, &[white("d4"), white("e3")]), on_the_fourth);
        assert_eq!(term(&without, &[white("d4"), white("f4")]), 0);
    }

    #[test]
    fn the_pawns_before_a_castled_king_shelter_it_and_the_enemy_pawns_there_storm_it() {
        let without = Weights {
            shelter: [0; 7],
            storm: [0; 7],
            ..WEIGHTS
        };
        let mut board = Board::empty();
        board.put(at("g1"), Piece::new(Kind::King, Side::White));
        board.put(at("b8"), Piece::new(Kind::King, Side::Black));
        board.put(at("d1"), Piece::new(Kind::Queen, Side::White));
        board.put(at("d8"), Piece::new(Kind::Queen, Side::Black));
        for square in ["f2", "g2", "h3"] {
            board.put(at(square), Piece::new(Kind::Pawn, Side::White));
        }
        board.put(at("h4"), Piece::new(Kind::Pawn, Side::Black));
        let sets = Bitboards::of(&board);
        let white_king =
            WEIGHTS.shelter[1] * 2 + WEIGHTS.shelter[2] + WEIGHTS.storm[0] * 2 + WEIGHTS.storm[3];
        // The Black King on b8 has no Pawn on the a-, b- and c-files.
        let black_king = WEIGHTS.shelter[0] * 3 + WEIGHTS.storm[0] * 3;
        let phase = 2 * PHASE[Kind::Queen.index()];
        let expected = (white_king - black_king) * phase / FULL_PHASE;
        let found = evaluate(&WEIGHTS, &sets, Side::White) - evaluate(&without, &sets, Side::White);
        assert!((found - expected).abs() <= 1, "{found} against {expected}");
    }

    #[test]
    fn a_piece_is_worth_its_mobility_by_the_squares_it_could_go_to_that_no_enemy_pawn_attacks() {
        let immobile = Weights {
            mobility: [[(0, 0); MOBILITY_COUNTS]; 5],
            ..WEIGHTS
        };
        let knight = ("a1", Kind::Knight, Side::White);
        // From a1 the Knight could go to b3 and c2; a Black Pawn on a4 attacks b3.
        let chaser = ("a4", Kind::Pawn, Side::Black);
        let worth = |moves: usize| {
            let (mg, eg) = WEIGHTS.mobility[Kind::Knight.index()][moves];
            let phase = PHASE[Kind::Knight.index()];
            (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
        };
        assert!((term(&immobile, &[knight]) - worth(2)).abs() <= 1);
        assert!((term(&immobile, &[knight, chaser]) - worth(1)).abs() <= 1);
    }
}
