//! A variant as callers hold it: its rules, hints and helpers behind one box with its start
//! position, and what is alike for all variants built on them: FEN and move text, the search's
//! key, help diagrams.

use super::board::Board;
use super::error::Error;
use super::fen;
use super::position::{Position, RuleState};
use super::rules::{Rules, RulesExt};
use super::screen_helpers::ScreenHelpers;
use super::search_hints::SearchHints;
use super::turn::Turn;
use super::types::{Kind, Loc, LocSet, Piece, Side};
use super::zobrist;
use std::ops::Deref;

/// Everything a variant implements: its [`Rules`], its [`SearchHints`] and its
/// [`ScreenHelpers`], as one trait object for a [`Variant`] to hold. Every type that implements
/// the three implements it.
pub trait VariantRules: Rules + SearchHints + ScreenHelpers {}

impl<T: Rules + SearchHints + ScreenHelpers> VariantRules for T {}

/// One variant's rules built for a set of options, with its start position: what callers (the
/// game, the command line, the tests) hold. It dereferences to the variant's [`VariantRules`],
/// whose hooks callers ask directly (with [`RulesExt`] in scope for what is built on them), and
/// adds what is alike for all variants (FEN and move text, perft, help diagrams).
pub struct Variant {
    rules: Box<dyn VariantRules>,
    start: Position,
}

impl Deref for Variant {
    type Target = dyn VariantRules;

    fn deref(&self) -> &(dyn VariantRules + 'static) {
        self.rules.as_ref()
    }
}

impl Variant {
    /// The variant of `rules`, starting from its data's start position with its options; a
    /// start position the rules refuse is an [`Error::Data`].
    pub(crate) fn new(rules: Box<dyn VariantRules>) -> Result<Variant, Error> {
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
    /// a variant with Kings, a King of each side towards the corners (else where it starts or
    /// next to it) so that the rules allow play. `None` if the game has no such piece.
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
        // First the Kings towards the corners; where the rules keep them nearer home (as in a
        // palace), then where they start or next to it.
        let homes = |side: Side| -> Vec<Loc> {
            let home = self.start.board.locs_of(Piece::new(Kind::King, side));
            let near = home
                .iter()
                .fold(LocSet::EMPTY, |set, at| set | geometry.adjacent(at));
            home.iter().chain((near & !home).iter()).collect()
        };
        let placings = [
            (corners.clone(), corners.iter().rev().copied().collect()),
            (homes(piece.side), homes(piece.side.opponent())),
        ];
        for (own, enemy) in placings {
            let own_kings: Vec<Option<Loc>> = if with_kings && piece.kind != Kind::King {
                own.into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            let enemy_kings: Vec<Option<Loc>> = if with_kings {
                enemy.into_iter().map(Some).collect()
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
