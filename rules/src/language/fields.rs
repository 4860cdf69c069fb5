//! A file variant's own FEN fields (castling, en passant, unmoved royals, the reserve, the
//! move counts, the last slide), read and written in the file's order, and the checks a
//! position read from a FEN must pass.

use super::compile::{Castle, Lang};
use super::schema::{CaptureMode, PromotionTime, StateField};
use crate::error::Error;
use crate::fen::{self, Holes};
use crate::position::{Position, RuleState};
use crate::types::{Dir, Kind, Loc, Piece, Side};

impl Lang {
    /// The letter of the first royal kind, upper case.
    fn royal_letter(&self) -> Option<char> {
        let kind = *self.royals.first()?;
        Some(self.basics.letters.letter(Piece::new(kind, Side::White)))
    }

    /// The `Unmoved` field's letters for `rights` (one bit per side): the first player's royal
    /// letter, then the second's, each where its bit is set.
    fn unmoved_text(&self, rights: u8) -> String {
        let Some(letter) = self.royal_letter() else {
            return String::new();
        };
        Side::BOTH
            .into_iter()
            .filter(|side| rights & (1 << side.index()) != 0)
            .map(|side| match side {
                Side::White => letter,
                Side::Black => letter.to_ascii_lowercase(),
            })
            .collect()
    }

    /// Whether a piece of `kind` can be held in reserve: the piece placed from it, a captured
    /// piece kept there (never a royal piece or a Pawn), or any piece but a royal one where
    /// pieces are dropped or captured to the hand.
    pub(super) fn reservable(&self, kind: Kind) -> bool {
        let rule = self.piece(kind);
        let kept = self.capture.keep_captured && !rule.royal && !rule.pawn;
        let in_hand = (self.drops.is_some() || self.capture.to_hand) && !rule.royal;
        kept || in_hand || self.placement.as_ref().is_some_and(|p| p.kind == kind)
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
                StateField::Unmoved => out.push_str(&self.unmoved_text(pos.state.leap_rights)),
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
                StateField::Promoted => {
                    let mut squares: Vec<Loc> = pos.state.promoted.iter().collect();
                    squares.sort_by_key(|at| at.name_order());
                    for at in squares {
                        out.push_str(&at.to_string());
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
                        if self.unmoved_text(state.leap_rights) != text {
                            return Err(bad("names each side once, the first player first"));
                        }
                    }
                }
                StateField::Reserve => {
                    if text != "-" {
                        let mut last = None;
                        for c in text.chars() {
                            if c == '+' {
                                if self.placement.is_none() {
                                    return Err(bad("has '+', but nothing is placed"));
                                }
                                if last != Some(side) || state.placement_right {
                                    return Err(bad("has '+' but once, after the side to move"));
                                }
                                state.placement_right = true;
                                continue;
                            }
                            let piece = self
                                .basics
                                .letters
                                .piece(c)
                                .ok_or_else(|| bad("holds a letter of no piece"))?;
                            if !self.reservable(piece.kind) {
                                return Err(bad(&format!("holds '{c}', never held in reserve")));
                            }
                            let out_of_order =
                                last == Some(Side::Black) && piece.side == Side::White;
                            let after_right = state.placement_right && piece.side == side;
                            if self.placement.is_some() && (out_of_order || after_right) {
                                return Err(bad(
                                    "lists the first player's pieces first, '+' after the mover's",
                                ));
                            }
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
                        let squares = Loc::scan(text)
                            .and_then(|(from, rest)| Some((from, Loc::parse(rest)?)));
                        state.last_slide = Some(squares.ok_or_else(|| bad("is not a slide"))?);
                    }
                }
                StateField::Promoted => {
                    let mut rest = if text == "-" { "" } else { text };
                    while !rest.is_empty() {
                        let (at, after) = Loc::scan(rest).ok_or_else(|| bad("is not squares"))?;
                        state.promoted = state.promoted.with(at);
                        rest = after;
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

    /// Checks a position read from a FEN: royal pieces where the ends need them, a fullmove
    /// number within the turn limit, no piece standing where it never lands or where it would
    /// have promoted on arrival, no more of a piece than its `at_most`, no piece in the region
    /// it removes automatically on entering while what it removes is left, as many gaps as the
    /// start position on a board of moving squares, a last slide from a gap to an orthogonally
    /// adjacent square, the side not to move not in check where that cannot be, castling
    /// rights with their pieces home.
    pub fn check_position(&self, pos: &Position) -> Result<(), Error> {
        for end in &self.ends {
            let super::compile::CompiledEnd::TurnLimit(n) = end else {
                continue;
            };
            let last = if pos.side == Side::White { n + 1 } else { *n };
            if pos.fullmove > last {
                return Err(Error::fen(
                    pos.fullmove.to_string(),
                    format!(
                        "the fullmove number must be 1–{last} with {} to move",
                        self.basics.data.side_name(pos.side)
                    ),
                ));
            }
        }
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
                let needed =
                    (side != pos.side || !takes_royals) && self.royal_at_start[side.index()];
                if needed && !self.has_royal(&pos.board, side) {
                    return Err(Error::fen(
                        board_text(),
                        format!("{} has no royal piece", self.basics.data.side_name(side)),
                    ));
                }
            }
        }
        for (at, piece) in pos.board.pieces() {
            let rule = self.piece(piece.kind);
            if rule
                .never_in
                .is_some_and(|z| self.in_zone(z, piece.side, at, &pos.board))
            {
                return Err(Error::fen(
                    board_text(),
                    format!("a piece stands on {at}, where it never goes"),
                ));
            }
            let Some(promotion) = &rule.promotion else {
                continue;
            };
            if promotion.when == PromotionTime::OnArrival
                && self.in_zone(promotion.zone, piece.side, at, &pos.board)
                && !promotion
                    .optional_in
                    .is_some_and(|z| self.in_zone(z, piece.side, at, &pos.board))
            {
                return Err(Error::fen(
                    board_text(),
                    format!("a piece stands on {at}, where it would have promoted"),
                ));
            }
        }
        for (i, rule) in self.pieces.iter().enumerate() {
            let Some(most) = rule.as_ref().and_then(|r| r.at_most) else {
                continue;
            };
            for side in Side::BOTH {
                let piece = Piece::new(Kind::ALL[i], side);
                let owned = pos.board.count(piece) + usize::from(pos.state.reserve.count(piece));
                if owned > usize::from(most) {
                    return Err(Error::fen(
                        self.basics.letters.letter(piece).to_string(),
                        format!(
                            "a side has at most {most} of this piece, on the board and in reserve"
                        ),
                    ));
                }
            }
        }
        for at in pos.state.promoted {
            let promotes_to = pos
                .board
                .piece(at)
                .is_some_and(|p| self.demotions[p.kind.index()].is_some());
            if !promotes_to {
                return Err(Error::fen(
                    at.to_string(),
                    "a promoted square holds no piece a promotion makes",
                ));
            }
        }
        self.check_unmoved(pos)?;
        self.check_automatic_removals(pos)?;
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
                if !self.castle_at_home(pos, castle, side) {
                    return Err(Error::fen(
                        castle.letters[side.index()].to_string(),
                        "a castling right without its pieces at home",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether `side`'s pieces of `castle` stand on their first squares: the piece that
    /// castles and its partner (not royal), which a castling right needs.
    pub(super) fn castle_at_home(&self, pos: &Position, castle: &Castle, side: Side) -> bool {
        let (kf, _, rf, _) = castle.squares[side.index()];
        let king_home = pos
            .board
            .piece(kf)
            .is_some_and(|p| p.side == side && p.kind == castle.king);
        let partner_home = pos
            .board
            .piece(rf)
            .is_some_and(|p| p.side == side && !self.piece(p.kind).royal);
        king_home && partner_home
    }

    /// Refuses an `Unmoved` right of a side none of whose royal pieces stands where the start
    /// position has one: that piece has moved.
    pub(super) fn check_unmoved(&self, pos: &Position) -> Result<(), Error> {
        if pos.state.leap_rights == 0 {
            return Ok(());
        }
        let data = &self.basics.data;
        let start = data.start_fen(&self.basics.options);
        let board = start.split(' ').next().unwrap_or_default();
        let home = fen::read_board(
            board,
            &self.basics.geometry,
            &self.basics.letters,
            self.holes,
        )?;
        for side in Side::BOTH {
            let at_home = self.royals.iter().any(|k| {
                let royal = Piece::new(*k, side);
                let homes = home.locs_of(royal);
                pos.board.locs_of(royal).iter().any(|at| homes.contains(at))
            });
            if pos.state.leap_rights & (1 << side.index()) != 0 && !at_home {
                return Err(Error::fen(
                    self.unmoved_text(pos.state.leap_rights),
                    format!(
                        "{}'s royal piece has left its first square",
                        data.side_name(side)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Refuses a piece standing in the region it removes automatically on entering while what
    /// it removes is still on the board: entering would have removed it.
    fn check_automatic_removals(&self, pos: &Position) -> Result<(), Error> {
        let Some(removal) = &self.removal else {
            return Ok(());
        };
        for (i, remover) in removal.by.iter().enumerate() {
            let Some(remover) = remover.as_ref().filter(|r| r.automatic) else {
                continue;
            };
            for side in Side::BOTH {
                let piece = Piece::new(Kind::ALL[i], side);
                let entered = pos
                    .board
                    .locs_of(piece)
                    .iter()
                    .find(|at| self.in_zone(removal.zone, side, *at, &pos.board));
                let target_left = remover
                    .targets
                    .iter()
                    .any(|(kind, _)| pos.board.count(Piece::new(*kind, side.opponent())) > 0);
                if let Some(at) = entered
                    && target_left
                {
                    return Err(Error::fen(
                        "board",
                        format!(
                            "a piece stands on {at}, where entering removed what is still there"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}
