//! Orthodox chess's judgement: material and piece-square tables for the middlegame and the
//! endgame, blended by how much material is left (a tapered evaluation). The values are those
//! of Ronald Friederich's PeSTO, as published on the Chess Programming Wiki ("PeSTO's
//! Evaluation Function"), tuned there on many games; each table is written from White's point
//! of view with the eighth rank first, as it is published.

use super::bitboard::{self, Bitboards, Squares};
use crate::types::{Kind, Side};

/// How much each of those kinds counts towards the middlegame (24 with every piece on).
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
const FULL_PHASE: i32 = 24;

#[rustfmt::skip]
const MG_PAWN: [i32; 64] = [
      0,   0,   0,   0,   0,   0,  0,   0,
     98, 134,  61,  95,  68, 126, 34, -11,
     -6,   7,  26,  31,  65,  56, 25, -20,
    -14,  13,   6,  21,  23,  12, 17, -23,
    -27,  -2,  -5,  12,  17,   6, 10, -25,
    -26,  -4,  -4, -10,   3,   3, 33, -12,
    -35,  -1, -20, -23, -15,  24, 38, -22,
      0,   0,   0,   0,   0,   0,  0,   0,
];

#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23,
];

#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
];

#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
];

#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
    -14, -21, -11,  -8,  -7,  -9, -17, -24,
     -8,  -4,   7, -12,  -3, -13,  -4, -14,
      2,  -8,   0,  -1,  -2,   6,   0,   4,
     -3,   9,  12,   9,  14,  10,   3,   2,
     -6,   3,  13,  19,   7,  10,  -3,  -9,
    -12,  -3,   8,  10,  13,   3,  -7, -15,
    -14, -18,  -7,  -1,   4,  -9, -15, -27,
    -23,  -9, -23,  -5,  -9, -16,  -5, -17,
];

#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
     32,  42,  32,  51,  63,   9,  31,  43,
     27,  32,  58,  62,  80,  67,  26,  44,
     -5,  19,  26,  36,  17,  45,  61,  16,
    -24, -11,   7,  26,  24,  35,  -8, -20,
    -36, -26, -12,  -1,   9,  -7,   6, -23,
    -45, -25, -16, -17,   3,   0,  -5, -33,
    -44, -16, -20,  -9,  -1,  11,  -6, -71,
    -19, -13,   1,  17,  16,   7, -37, -26,
];

#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
     13,  10,  18,  15,  12,  12,   8,   5,
     11,  13,  13,  11,  -3,   3,   8,   3,
      7,   7,   7,   5,   4,  -3,  -5,  -3,
      4,   3,  13,   1,   2,   1,  -1,   2,
      3,   5,   8,   4,  -5,  -6,  -8, -11,
     -4,   0,  -5,  -1,  -7, -12,  -8, -16,
     -6,  -6,   0,   2,  -9,  -9, -11,  -3,
     -9,   2,   3,  -1,  -5, -13,   4, -20,
];

#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
];

#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
];

#[rustfmt::skip]
const MG_KING: [i32; 64] = [
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
];

#[rustfmt::skip]
const EG_KING: [i32; 64] = [
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
];

/// The middlegame and endgame tables of each orthodox kind, by [`Kind::index`].
const TABLES: [(&[i32; 64], &[i32; 64]); 6] = [
    (&MG_PAWN, &EG_PAWN),
    (&MG_KNIGHT, &EG_KNIGHT),
    (&MG_BISHOP, &EG_BISHOP),
    (&MG_ROOK, &EG_ROOK),
    (&MG_QUEEN, &EG_QUEEN),
    (&MG_KING, &EG_KING),
];

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

/// The judgement's weights besides the piece-square tables: each term's middlegame and endgame
/// worth in hundredths of a Pawn. [`WEIGHTS`] are the ones the engine plays with; the tune
/// bench (`cargo bench --bench tune -- --variant chess`) fits them to self-play results.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The values of a Pawn, Knight, Bishop, Rook and Queen.
    pub value: [Tapered; 5],
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

/// The weights the engine plays with: PeSTO's piece values, the other terms set by hand and each
/// kept on a match, but the King's safety (shield, attack units, safe checks, danger, open
/// files), fitted by the tune bench to 22,788 quiet positions judged by Stockfish
/// (`tools/stockfish-labels.py`, depth 9) with every other weight held. (A fit of every weight
/// to those positions lost 44.5/100 to the weights before; one to 3,000 self-play games at
/// 4,000 nodes a turn, 12/43.)
pub const WEIGHTS: Weights = Weights {
    value: [(82, 94), (337, 281), (365, 297), (477, 512), (1025, 936)],
    bishop_pair: (25, 50),
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
    isolated: (-10, -12),
    doubled: (-8, -20),
    open_file: (25, 10),
    half_open_file: (12, 8),
    shield: -10,
    mobility: [(0, 0), (4, 4), (5, 5), (2, 4), (1, 2)],
    attack_units: [0, 2, 9, 3, 10],
    safe_checks: [0, 41, 19, 12, 31],
    king_danger: 9,
    threat_by_pawn: (-50, -35),
    threat_by_minor: (-35, -15),
    open_king_file: -44,
    tempo: 15,
    mop_up: (12, 4),
};

impl Weights {
    /// Every weight, named, for a tuner to change one at a time; the piece values' names start
    /// with `value.` (PeSTO fitted its tables together with them: a tuner may hold them). Left
    /// out are the weights of a passed Pawn on its first and last rank, which no Pawn stands
    /// on, and a Pawn's mobility, attack units and safe checks, which are not counted.
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
const KINDS: [&str; 5] = ["pawn", "knight", "bishop", "rook", "queen"];

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
            let (mg_table, eg_table) = TABLES[kind];
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
                mg += sign * mg_table[at];
                eg += sign * eg_table[at];
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
