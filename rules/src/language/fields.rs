//! A file variant's own FEN fields (castling, en passant, unmoved royals, the reserve, the
//! move counts, the last slide), read and written in the file's order, and the checks a
//! position read from a FEN must pass.

use super::compile::Lang;
use super::schema::{CaptureMode, PromotionTime, StateField};
use crate::error::Error;
use crate::fen::Holes;
use crate::position::{Position, RuleState};
use crate::types::{Dir, Loc, Piece, Side};

impl Lang {
    /// The letter of the first royal kind, upper case.
    fn royal_letter(&self) -> Option<char> {
        let kind = *self.royals.first()?;
        Some(self.basics.letters.letter(Piece::new(kind, Side::White)))
    }

    /// Writes the file's fields of `pos`, each after a space.
    pub fn write_fields(&self, pos: &Position, out: &mut String) {
        for field in &self.state {
            out.push(' ');
            let start = out.len();
            match field {
                StateField::Castling => {
                    for side in Side::BOTH {
                        for castle in &self.castling {
                            if pos.state.castling.has(castle.bits[side.index()]) {
                                out.push(castle.letters[side.index()]);
                            }
                        }
                    }
                }
                StateField::EnPassant => {
                    if let Some(at) = pos.state.en_passant {
                        out.push_str(&at.to_string());
                    }
                }
                StateField::Unmoved => {
                    if let Some(letter) = self.royal_letter() {
                        for side in Side::BOTH {
                            if pos.state.leap_rights & (1 << side.index()) != 0 {
                                out.push(match side {
                                    Side::White => letter,
                                    Side::Black => letter.to_ascii_lowercase(),
                                });
                            }
                        }
                    }
                }
                StateField::Reserve => {
                    for side in Side::BOTH {
                        let mut letters: Vec<char> = Vec::new();
                        for kind in pos.state.reserve.kinds_of(side) {
                            let piece = Piece::new(kind, side);
                            let letter = self.basics.letters.letter(piece);
                            for _ in 0..pos.state.reserve.count(piece) {
                                letters.push(letter);
                            }
                        }
                        letters.sort_unstable();
                        out.extend(letters);
                        if pos.state.placement_right && pos.side == side {
                            out.push('+');
                        }
                    }
                }
                StateField::Counts => {
                    for side in Side::BOTH {
                        out.push_str(&pos.state.sideways[side.index()].to_string());
                    }
                }
                StateField::LastSlide => {
                    if let Some((from, to)) = pos.state.last_slide {
                        out.push_str(&format!("{from}{to}"));
                    }
                }
            }
            if out.len() == start {
                out.push('-');
            }
        }
    }

    /// Reads the file's fields for `side` to move.
    pub fn read_fields(&self, side: Side, fields: &[&str]) -> Result<RuleState, Error> {
        let mut state = RuleState::default();
        for (field, text) in self.state.iter().zip(fields) {
            let text = *text;
            let bad = |why: &str| Error::fen(text, why.to_string());
            match field {
                StateField::Castling => {
                    if text != "-" {
                        for c in text.chars() {
                            let bit = self.castling.iter().find_map(|castle| {
                                Side::BOTH
                                    .into_iter()
                                    .find(|s| castle.letters[s.index()] == c)
                                    .map(|s| castle.bits[s.index()])
                            });
                            let bit = bit.ok_or_else(|| bad("is not castling rights"))?;
                            state.castling.0 |= bit;
                        }
                    }
                }
                StateField::EnPassant => {
                    if text != "-" {
                        state.en_passant =
                            Some(Loc::parse(text).ok_or_else(|| bad("is not a square"))?);
                    }
                }
                StateField::Unmoved => {
                    if text != "-" {
                        let letter = self.royal_letter().ok_or_else(|| bad("no royal piece"))?;
                        for c in text.chars() {
                            if c == letter {
                                state.leap_rights |= 1;
                            } else if c == letter.to_ascii_lowercase() {
                                state.leap_rights |= 2;
                            } else {
                                return Err(bad("is not a royal piece's letters"));
                            }
                        }
                    }
                }
                StateField::Reserve => {
                    if text != "-" {
                        let mut last = None;
                        for c in text.chars() {
                            if c == '+' {
                                if last != Some(side) {
                                    return Err(bad("has '+' after the side not to move"));
                                }
                                state.placement_right = true;
                                continue;
                            }
                            let piece = self
                                .basics
                                .letters
                                .piece(c)
                                .ok_or_else(|| bad("holds a letter of no piece"))?;
                            state.reserve.add(piece);
                            last = Some(piece.side);
                        }
                    }
                }
                StateField::Counts => {
                    let digits: Vec<u8> = text
                        .chars()
                        .filter_map(|c| c.to_digit(10).map(|d| d as u8))
                        .collect();
                    let most = self.limit.map_or(9, |(_, m)| m);
                    if digits.len() != 2 || text.len() != 2 || digits.iter().any(|d| *d > most) {
                        return Err(bad(&format!("is not two counts 0–{most}")));
                    }
                    state.sideways = [digits[0], digits[1]];
                }
                StateField::LastSlide => {
                    if text != "-" {
                        let squares = (text.get(..2).and_then(Loc::parse))
                            .zip(text.get(2..).and_then(Loc::parse));
                        state.last_slide = Some(squares.ok_or_else(|| bad("is not a slide"))?);
                    }
                }
            }
        }
        Ok(state)
    }

    /// The number of gaps of the start position (for the options chosen): on a board of
    /// moving squares, every position has as many.
    fn start_gaps(&self) -> usize {
        let start = self.basics.data.start_fen(&self.basics.options);
        let board = start.split(' ').next().unwrap_or_default();
        board.chars().filter(|c| *c == '*').count()
    }

    /// Checks a position read from a FEN: royal pieces where the ends need them, no piece
    /// standing where it would have promoted on arrival, as many gaps as the start position
    /// on a board of moving squares, a last slide from a gap to an orthogonally adjacent
    /// square, the side not to move not in check where that cannot be, castling rights with
    /// their pieces home.
    pub fn check_position(&self, pos: &Position) -> Result<(), Error> {
        let board_text = || "board".to_string();
        let counts_kings = !self
            .ends
            .iter()
            .any(|e| matches!(e, super::compile::CompiledEnd::NoRoyalAgainstNone(_)));
        let takes_royals = self
            .ends
            .iter()
            .any(|e| matches!(e, super::compile::CompiledEnd::RoyalTaken));
        if counts_kings && !self.royals.is_empty() {
            for side in Side::BOTH {
                for kind in &self.royals {
                    let n = pos.board.count(Piece::new(*kind, side));
                    if n > 1 {
                        return Err(Error::fen(board_text(), "a side has two royal pieces"));
                    }
                }
                let needed = side != pos.side || !takes_royals;
                if needed && !self.has_royal(&pos.board, side) {
                    return Err(Error::fen(
                        board_text(),
                        format!("{} has no royal piece", self.basics.data.side_name(side)),
                    ));
                }
            }
        }
        for (at, piece) in pos.board.pieces() {
            let Some(promotion) = &self.piece(piece.kind).promotion else {
                continue;
            };
            if promotion.when == PromotionTime::OnArrival
                && self.in_zone(promotion.zone, piece.side, at, &pos.board)
            {
                return Err(Error::fen(
                    board_text(),
                    format!("a piece stands on {at}, where it would have promoted"),
                ));
            }
        }
        if self.holes == Holes::Anywhere {
            let gaps = pos.board.holes().len();
            let start_gaps = self.start_gaps();
            if gaps != start_gaps {
                return Err(Error::fen(
                    board_text(),
                    format!("{gaps} gaps, expected {start_gaps}"),
                ));
            }
        }
        if let Some((from, to)) = pos.state.last_slide {
            let geometry = &self.basics.geometry;
            let adjacent = [Dir::N, Dir::E, Dir::S, Dir::W]
                .into_iter()
                .any(|dir| geometry.neighbour(from, dir) == Some(to));
            let inside = geometry.contains(from) && geometry.contains(to);
            if !inside || !adjacent || !pos.board.is_hole(from) || pos.board.is_hole(to) {
                return Err(Error::fen(
                    format!("{from}{to}"),
                    "the last slide must go from a gap to an orthogonally adjacent square",
                ));
            }
        }
        let exact_check = !takes_royals && !self.capture.modes.contains(&CaptureMode::Interception);
        if exact_check && self.threatens(pos) {
            return Err(Error::fen(board_text(), "the side not to move is in check"));
        }
        for castle in &self.castling {
            for side in Side::BOTH {
                if !pos.state.castling.has(castle.bits[side.index()]) {
                    continue;
                }
                let (kf, _, rf, _) = castle.squares[side.index()];
                let home = |at: Loc, royal: bool| {
                    pos.board
                        .piece(at)
                        .is_some_and(|p| p.side == side && self.piece(p.kind).royal == royal)
                };
                if !home(kf, true) || !home(rf, false) {
                    return Err(Error::fen(
                        castle.letters[side.index()].to_string(),
                        "a castling right without its pieces at home",
                    ));
                }
            }
        }
        Ok(())
    }
}
