//! Orthodox chess's judgement: material and piece-square tables for the middlegame and the
//! endgame, blended by how much material is left (a tapered evaluation), with terms for the
//! Pawns, the files, mobility, threats and the King's safety. The piece values and the tables
//! started as Ronald Friederich's PeSTO, as published on the Chess Programming Wiki ("PeSTO's
//! Evaluation Function"); the tables, and the other terms' weights, have since been fitted to
//! Stockfish's judgement of quiet positions (the tune bench). Each table is written from White's
//! point of view with the eighth rank first, as PeSTO's are published.

use super::bitboard::{self, Bitboards, Squares};
use crate::types::{Kind, Side};

/// How much each of those kinds counts towards the middlegame (24 with every piece on).
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
const FULL_PHASE: i32 = 24;

#[rustfmt::skip]
const MG_PAWN: [i32; 64] = [
      0,    0,    0,    0,    0,    0,    0,    0,
     98,  134,   61,   95,   68,  126,   34,  -11,
      5,   27,   49,   58,   40,   63,   31,   39,
     -6,   16,   14,   32,   39,   40,   27,    3,
    -18,   -2,   13,   21,   20,   13,    6,  -13,
    -16,  -11,    4,   -7,    2,    2,   24,  -11,
    -27,  -10,  -11,  -38,  -29,    7,   23,  -20,
      0,    0,    0,    0,    0,    0,    0,    0,
];

#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
      0,    0,    0,    0,    0,    0,    0,    0,
    178,  173,  158,  134,  147,  132,  165,  187,
     35,   47,   20,    3,   13,   17,    0,   17,
     26,   17,   31,   13,   10,   17,   16,   22,
     15,   21,   11,   -2,   15,   21,    8,   17,
     16,   28,   12,   17,    9,   19,   -1,    7,
     30,   26,   28,   34,   30,   28,    7,    8,
      0,    0,    0,    0,    0,    0,    0,    0,
];

#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
   -167,  -89,  -34,  -49,   61,  -97,  -15, -107,
    -73,  -41,   50,   36,   23,   65,    7,  -17,
    -47,   53,   36,  109,  102,  118,   69,   44,
     52,   48,   47,   74,   55,   80,   49,   70,
      8,   14,   52,   42,   56,   48,   37,   28,
    -12,   14,   30,   33,   50,   33,   35,    2,
    -29,   -1,   13,   22,   20,   25,  -12,    1,
   -105,  -12,   -6,   13,  -14,  -12,  -11,  -23,
];

#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
    -58,  -38,  -13,  -28,  -31,  -27,  -63,  -99,
    -25,   -8,   -4,   -2,   -9,  -25,  -24,  -52,
    -24,    7,    3,    7,   26,   -4,   -6,  -41,
    -16,    7,   64,   19,   36,   10,   24,    8,
     36,   20,   36,   46,   41,   49,   29,   14,
     -3,   26,   24,   63,   25,   22,    7,   -8,
    -42,  -20,   13,   27,   28,   21,   16,    0,
    -29,  -23,  -22,   36,   18,   16,  -31,  -64,
];

#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
    -29,    4,  -82,  -37,  -25,  -42,    7,   -8,
    -26,    4,  -24,  -13,   -4,   59,   18,  -47,
     -1,   31,   11,   26,   29,   30,   55,   34,
     -8,   11,   18,   29,   20,   45,   17,   21,
     18,    6,   15,   28,   15,    9,   31,   12,
     12,   37,   18,   10,   16,   19,   22,    3,
     44,   26,   25,   -1,    8,   -3,   31,   13,
      5,    8,   -6,  -19,  -16,  -10,  -39,  -15,
];

#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
    -14,  -21,  -11,   -8,   -7,   -9,  -17,  -24,
     -8,    0,   24,  -12,   14,  -13,   -4,  -14,
     22,  -16,    0,   -4,  -17,   15,    6,   -4,
      9,   11,  -13,   14,   19,   -1,   19,  -11,
    -25,    3,   25,    4,    5,   22,   -4,    0,
     22,    4,   37,   21,   30,   22,   16,  -15,
     10,   21,    2,   37,   12,   25,   -2,   22,
     12,   39,   27,   20,   26,   14,   -5,   31,
];

#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      8,   44,   52,   43,   62,    3,   30,   65,
     37,   23,   42,   53,   88,   49,   24,   48,
    -25,    4,   34,   61,   17,   49,   63,   17,
    -12,   21,    9,   27,   35,   44,   17,  -12,
    -31,  -21,  -17,  -20,   20,   -2,   -6,  -16,
    -32,  -16,  -44,  -22,  -11,   -3,   -5,  -23,
    -48,  -21,   -7,    2,    2,  -15,  -14,  -39,
    -22,  -16,  -17,  -10,    8,    4,   -9,  -16,
];

#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
     46,   26,   37,   24,   19,   32,   16,   36,
     34,   18,   38,   19,   13,   11,    2,   32,
     25,   18,   21,    5,   -2,   24,    7,   20,
     25,   24,   35,   22,   13,   15,   30,   25,
     30,   53,   27,   29,    6,   22,    9,   14,
     33,   14,   38,   25,   20,   11,   12,   15,
     17,   10,   10,    1,   -3,  -15,    2,    0,
     25,   28,   39,   20,    2,   16,   14,   16,
];

#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
    -30,   17,   29,   12,   59,   44,   43,   37,
    -13,  -16,    9,    1,  -16,   57,   28,   54,
    -13,  -17,   -8,   15,   15,   58,   49,   57,
    -10,  -16,   -6,  -15,  -25,   15,    8,   21,
      0,   -2,    0,    0,   -3,  -18,    4,    8,
      6,    2,    0,    5,    3,    1,   10,   -4,
     -5,    8,   13,   17,   12,   16,   23,    1,
      7,    0,   -1,    4,   16,   -3,  -31,  -50,
];

#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      4,   29,   22,   27,   27,   19,   10,   15,
    -17,   57,   48,   41,   58,   25,   30,    0,
    -20,    6,   34,   51,   60,   44,   19,    9,
     24,   27,   56,   49,   82,   51,   58,   45,
    -10,   19,   34,   39,   39,   45,   32,   38,
    -17,   13,   32,   -5,   23,   16,   34,    8,
    -29,  -29,  -14,   -6,  -23,   -8,  -32,  -32,
    -33,  -18,   -5,  -33,  -11,  -40,  -20,  -41,
];

#[rustfmt::skip]
const MG_KING: [i32; 64] = [
    -65,   23,   16,  -15,  -56,  -34,    2,   13,
     29,   -1,  -20,   -7,   -8,   -4,  -38,  -29,
     -9,   23,   13,  -23,  -27,    0,   20,  -22,
    -17,  -26,  -16,  -35,  -37,  -33,  -14,  -53,
    -36,   -7,  -33,  -50,  -40,  -33,  -34,  -57,
     -8,   -2,  -19,  -25,  -28,  -41,   25,  -31,
     -1,   10,  -29,  -43,  -39,  -39,   -8,   -2,
     13,   61,   42,  -52,  -11,  -32,   21,   17,
];

#[rustfmt::skip]
const EG_KING: [i32; 64] = [
    -74,  -35,  -18,  -18,  -11,   15,    4,  -17,
    -12,   17,   14,   17,   17,   38,   23,   11,
     10,   43,   41,   24,    9,   32,   12,   13,
     -8,   37,   34,   34,   23,    5,    4,  -29,
    -19,    2,   25,   30,   36,   15,   -3,   -8,
     -7,    6,   15,   24,   18,   22,  -11,  -23,
    -12,    1,    6,   16,   14,   15,   -4,  -31,
      9,  -45,  -28,  -13,  -25,  -15,  -25,  -33,
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
    /// Mobility: per square a Knight, Bishop, Rook or Queen could move to beyond the number it
    /// has on an average board, by kind.
    pub mobility: [Tapered; 5],
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
    /// Where one side has no Pawn and the other is at least [`MOP_UP_MARGIN`] ahead: the
    /// stronger side's bonus per square the defending King stands from the centre (from the
    /// nearest corner its Bishop covers, when a Bishop and a Knight are all it has), and per
    /// square the two Kings stand closer than fourteen apart. Mating a lone King needs it
    /// driven there with the attacking King beside it, deeper than the search sees.
    pub mop_up: (i32, i32),
}

/// The weights the engine plays with: PeSTO's piece values; the tables and every other weight
/// but the passed Pawns' and the mop-up's fitted by the tune bench to 193,144 quiet positions
/// judged by Stockfish (`tools/stockfish-labels.py`, depth 8 and 9), the Pawns' tables on the
/// seventh rank held with the passed Pawns (the positions' selection, no promotion as the best
/// turn, leans against them). Kept on a match: 52.5/100 against the weights before, at 100 ms a
/// turn.
pub const WEIGHTS: Weights = Weights {
    value: [(82, 94), (337, 281), (365, 297), (477, 512), (1025, 936)],
    squares: SQUARES,
    bishop_pair: (25, 77),
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
    isolated: (-16, -6),
    doubled: (-11, -44),
    open_file: (40, 8),
    half_open_file: (8, 49),
    shield: 9,
    mobility: [(0, 0), (1, 0), (4, 5), (3, 1), (1, 9)],
    attack_units: [0, 3, 5, 5, 7],
    safe_checks: [0, 23, 14, 10, 19],
    king_danger: 12,
    threat_by_pawn: (-66, -66),
    threat_by_minor: (-63, -56),
    open_king_file: -22,
    tempo: 28,
    mop_up: (12, 4),
};

impl Weights {
    /// Every weight, named, for a tuner to change one at a time; the piece values' names start
    /// with `value.` (a tuner may hold them, keeping the scale the search's margins assume), the
    /// tables' with `squares.` and the kind (`squares.knight.e4.mg`). Left out are the weights of
    /// a Pawn or a passed Pawn on its first and last rank, where no Pawn stands, and a Pawn's
    /// mobility, attack units and safe checks, which are not counted.
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
        for (kind, weight) in KINDS.iter().zip(&mut self.mobility).skip(1) {
            tapered(&mut named, &format!("mobility.{kind}"), weight);
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

/// How many squares a Knight, Bishop, Rook or Queen can move to on an average board.
const AVERAGE_MOBILITY: [i32; 5] = [0, 4, 6, 7, 13];

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
    for side in Side::BOTH {
        let (own, enemy) = (side.index(), side.opponent().index());
        let sign = sign(side);
        for (kind, &set) in board.pieces[own].iter().enumerate() {
            let table = &weights.squares[kind];
            let (value, weight) = (
                weights.value.get(kind).copied().unwrap_or((0, 0)),
                weights.mobility.get(kind).copied().unwrap_or((0, 0)),
            );
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
                let beyond =
                    (attacked & !board.occupied[own]).count_ones() as i32 - AVERAGE_MOBILITY[kind];
                mg += sign * weight.0 * beyond;
                eg += sign * weight.1 * beyond;
                let near_king = (attacked & zones[enemy]).count_ones() as i32;
                if near_king > 0 {
                    attackers[own] += 1;
                    units[own] += weights.attack_units[kind] * near_king;
                }
            }
        }
    }
    for side in Side::BOTH {
        let sign = sign(side);
        let (own, enemy) = (side.index(), side.opponent().index());
        let pieces = &board.pieces[own];
        let majors = pieces[Kind::Rook.index()] | pieces[Kind::Queen.index()];
        let officers = majors | pieces[Kind::Knight.index()] | pieces[Kind::Bishop.index()];
        let minor_reach = reach[enemy][Kind::Knight.index()] | reach[enemy][Kind::Bishop.index()];
        for (threatened, weight) in [
            (officers & pawn_reach[enemy], weights.threat_by_pawn),
            (majors & minor_reach, weights.threat_by_minor),
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
        if attackers[own] >= 2 {
            mg += sign * weights.king_danger(units[own]);
        }
        if board.pieces[own][Kind::Bishop.index()].count_ones() >= 2 {
            mg += sign * weights.bishop_pair.0;
            eg += sign * weights.bishop_pair.1;
        }
        let (m, e) = pawn_structure(weights, side, pawns[own], pawns[enemy]);
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

/// The middlegame and endgame terms of `side`'s Pawns on `own`, the enemy's on `enemy`: each
/// passed, isolated or doubled one.
#[inline(always)]
fn pawn_structure(weights: &Weights, side: Side, own: Squares, enemy: Squares) -> Tapered {
    // A Pawn is passed when no enemy Pawn stands ahead of it on its file or the files beside:
    // when it is not behind, from its side's point of view, any enemy Pawn or beside that.
    let enemy_behind = bitboard::ahead(enemy, side.opponent());
    let passed = own & !(enemy_behind | bitboard::beside(enemy_behind));
    let isolated = own & !bitboard::beside(bitboard::files_of(own));
    let doubled = own & bitboard::ahead(own, side.opponent());
    let count = |set: Squares| set.count_ones() as i32;
    let mut mg = weights.isolated.0 * count(isolated) + weights.doubled.0 * count(doubled);
    let mut eg = weights.isolated.1 * count(isolated) + weights.doubled.1 * count(doubled);
    for square in bitboard::squares(passed) {
        let rank = square / 8;
        let from_home = match side {
            Side::White => rank,
            Side::Black => 7 - rank,
        };
        mg += weights.passed[from_home].0;
        eg += weights.passed[from_home].1;
    }
    (mg, eg)
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
}
