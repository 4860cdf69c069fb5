//! The game in words, for a screen reader: a turn, the end of the game, a square, a side's
//! pieces, whose turn it is and what attacks a square. Side and piece names are the variant's
//! own (its data's `sides` and pieces); squares are named as everywhere (`e4`), Fanorona's
//! points too. Like the readable text, a turn is told from the engine's own account of it (its
//! events), not worked out again.

use super::account::{Account, Away, Wing};
use super::event::{Capture, Event};
use super::fen::Holes;
use super::game::Game;
use super::outcome::Verdict;
use super::position::Position;
use super::rules::RulesExt;
use super::turn::Turn;
use super::types::{Kind, Loc, Piece, Side};
use super::variant::Variant;

impl Variant {
    /// `turn`, one of the legal turns of `before`, in words, as its events tell it: `White
    /// Knight g1 to f3`, `White Queen d1 takes Black Bishop h5`, `White Pawn e5 takes d6 en
    /// passant`, `White Rook c3 to c4, takes c2 by withdrawal`, `White castles king side`,
    /// `White places a Guard on e7, then Guard e7 to d6`, `White Pawn e7 to e8, becomes a
    /// Queen`, `…, the square b4 slides to c4`, ending `, check` or `, checkmate`. A turn whose
    /// events name no piece moving from its start (not a legal turn) keeps its canonical text.
    pub fn spoken_turn(&self, before: &Position, turn: &Turn) -> String {
        let mut events = Vec::new();
        let after = self.play_recorded(before, turn, &mut events);
        let account = Account::of(turn, &events);
        let Some(mover) = account.mover else {
            return self.turn_text(turn);
        };
        let data = self.data();
        let mut first = data.side_name(mover.side).to_string();
        if let Some((piece, at)) = account.placed {
            first.push_str(&format!(
                " places {} on {at}, then",
                a(data.piece_name(piece.kind))
            ));
        }
        first.push(' ');
        first.push_str(&match account.castling(turn) {
            Some(Wing::Right) => "castles king side".to_string(),
            Some(Wing::Left) => "castles queen side".to_string(),
            None => self.spoken_move(turn, mover, &account),
        });
        let mut phrases = vec![first];
        if let Some(piece) = account.promoted {
            phrases.push(format!("becomes {}", self.spoken_new(piece, mover.side)));
        }
        phrases.extend(account.elsewhere.iter().map(|away| match away {
            Away::Square(at, how) => format!("takes {at} {}", how.words()),
            Away::Reserve(piece) => format!("takes the {} in reserve", data.piece_words(*piece)),
        }));
        if let Some((from, to)) = account.slide {
            phrases.push(format!("the square {from} slides to {to}"));
        }
        phrases.extend(account.end_promotions.iter().map(|(at, was, piece)| {
            format!(
                "the {} on {at} becomes {}",
                data.piece_name(was.kind),
                self.spoken_new(*piece, mover.side)
            )
        }));
        match self.check_mark(turn, &after) {
            "#" => phrases.push("checkmate".into()),
            "+" => phrases.push("check".into()),
            _ => {}
        }
        phrases.join(", ")
    }

    /// The move of `mover` in words, without its side: `Knight g1 to f3`, `Queen d1 takes Black
    /// Bishop h5`, `Pawn e5 takes d6 en passant`.
    fn spoken_move(&self, turn: &Turn, mover: Piece, account: &Account) -> String {
        let data = self.data();
        let name = data.piece_name(mover.kind);
        let (from, to) = (turn.from, turn.to);
        match account.landed_on {
            Some((taken, Capture::Replacement)) => {
                format!("{name} {from} takes {} {to}", data.piece_words(taken))
            }
            Some((_, how)) => format!("{name} {from} takes {to} {}", how.words()),
            None => format!("{name} {from} to {to}"),
        }
    }

    /// What a piece of `mover`'s became, with its article: `a Queen`, or with its side's name
    /// when it is the opponent's (`a Black King`).
    fn spoken_new(&self, piece: Piece, mover: Side) -> String {
        let data = self.data();
        if piece.side == mover {
            a(data.piece_name(piece.kind))
        } else {
            a(&data.piece_words(piece))
        }
    }

    /// What `loc` holds, in words: `e4, White Knight`, `e4, empty`; `c4, gap` for a location
    /// without a square in a variant whose squares move (Amoeba); `a1, off the board` for one
    /// outside the board's shape (Amphora's jug, or the rectangle).
    pub fn spoken_square(&self, pos: &Position, loc: Loc) -> String {
        let what = if !self.geometry().contains(loc) {
            "off the board".to_string()
        } else if pos.board.is_hole(loc) {
            match self.holes() {
                Holes::Anywhere => "gap".to_string(),
                Holes::None | Holes::Outline(_) => "off the board".to_string(),
            }
        } else {
            match pos.board.piece(loc) {
                Some(piece) => self.data().piece_words(piece),
                None => "empty".to_string(),
            }
        };
        format!("{loc}, {what}")
    }

    /// `side`'s pieces in words, by kind in the order the variant's data lists them, each
    /// kind's squares by file then rank, then what it holds in reserve: `White: King e1; Queen
    /// d1; Rooks a1, h1; …; Pawns a2, b2, …`, `…; Guard in reserve`; `White: no pieces`.
    pub fn spoken_pieces(&self, pos: &Position, side: Side) -> String {
        let data = self.data();
        let mut groups = Vec::new();
        for kind in self.letters().kinds() {
            let piece = Piece::new(kind, side);
            let mut squares: Vec<Loc> = self
                .geometry()
                .inside()
                .iter()
                .filter(|l| pos.board.piece(*l) == Some(piece))
                .collect();
            if !squares.is_empty() {
                squares.sort_by_key(|l| (l.file(), l.rank()));
                let names: Vec<String> = squares.iter().map(Loc::to_string).collect();
                let many = counted(data.piece_name(kind), squares.len(), false);
                groups.push(format!("{many} {}", names.join(", ")));
            }
        }
        for kind in self.letters().kinds() {
            let held = usize::from(pos.state.reserve.count(Piece::new(kind, side)));
            if held > 0 {
                let many = counted(data.piece_name(kind), held, true);
                groups.push(format!("{many} in reserve"));
            }
        }
        if groups.is_empty() {
            groups.push("no pieces".into());
        }
        format!("{}: {}", data.side_name(side), groups.join("; "))
    }

    /// Whose turn it is and the move number: `White to move, move 12`, with `, in check`.
    pub fn spoken_to_move(&self, pos: &Position) -> String {
        let check = if self.in_check(pos) { ", in check" } else { "" };
        format!(
            "{} to move, move {}{check}",
            self.data().side_name(pos.side),
            pos.fullmove
        )
    }

    /// What attacks and defends the piece on `loc`, or what could move onto it if it is empty,
    /// in words: `e4: attacked by Black Pawn d5, Black Knight f6; defended by White Knight c3`,
    /// `e4: attacked by Black Knight f6; not defended`, `e4: no piece attacks it`, `e4: reached
    /// by White Pawn e2, White Knight f3`, `e4: no piece can move there`.
    ///
    /// A piece of one side *attacks* the piece on `loc` when that side, were it its turn, has
    /// a legal turn moving it whose events capture the piece on `loc`, by any capture kind: by
    /// landing on it (replacement, en passant), by approach or withdrawal (the mover takes it
    /// from afar), by interception (the mover closes the diagonal on it) or by telekinesis
    /// (the Pawn that reaches the far rank removes it). Were it not its turn, the position is
    /// asked with that side to move ([`Position::asked_for`]), so a pinned piece does not
    /// attack. A piece *defends* it when it would attack a piece of the other side standing
    /// there instead (the same kind); a King is never said to be defended, nor any piece when
    /// that swap makes a position the variant refuses. On an empty square, the pieces of both
    /// sides that could move there, each as if it were its side's turn. Only pieces on the
    /// board count (not one placed from reserve), each once, ordered as [`Variant::spoken_pieces`]
    /// orders them, the side to move first.
    pub fn spoken_attackers(&self, pos: &Position, loc: Loc) -> String {
        let Some(piece) = pos.board.piece(loc) else {
            let sides = [pos.side, pos.side.opponent()];
            let reaching: Vec<(Piece, Loc)> = sides
                .into_iter()
                .flat_map(|side| self.pieces_with_turn(pos, side, |turn, _| turn.to == loc))
                .collect();
            return if reaching.is_empty() {
                format!("{loc}: no piece can move there")
            } else {
                format!("{loc}: reached by {}", self.listed(&reaching))
            };
        };
        let takes = |_: &Turn, events: &[Event]| {
            events
                .iter()
                .any(|e| matches!(e, Event::Captured { at, .. } if *at == loc))
        };
        let attackers = self.pieces_with_turn(pos, piece.side.opponent(), takes);
        let mut probe = *pos;
        probe
            .board
            .put(loc, Piece::new(piece.kind, piece.side.opponent()));
        let defenders =
            if piece.kind == Kind::King || self.validate(&probe.asked_for(piece.side)).is_err() {
                Vec::new()
            } else {
                self.pieces_with_turn(&probe, piece.side, takes)
            };
        match (attackers.is_empty(), defenders.is_empty()) {
            (true, true) => format!("{loc}: no piece attacks it"),
            (true, false) => format!(
                "{loc}: no piece attacks it; defended by {}",
                self.listed(&defenders)
            ),
            (false, true) => format!(
                "{loc}: attacked by {}; not defended",
                self.listed(&attackers)
            ),
            (false, false) => format!(
                "{loc}: attacked by {}; defended by {}",
                self.listed(&attackers),
                self.listed(&defenders)
            ),
        }
    }

    /// The pieces of `side` on the board with a legal turn of `pos`, asked with `side` to
    /// move, for which `test(turn, events)` holds: each once, by kind in data order, then by
    /// file and rank.
    fn pieces_with_turn(
        &self,
        pos: &Position,
        side: Side,
        test: impl Fn(&Turn, &[Event]) -> bool,
    ) -> Vec<(Piece, Loc)> {
        let asked = pos.asked_for(side);
        let mut found = Vec::new();
        for turn in self.legal_turns(&asked) {
            let Some(piece) = asked.board.piece(turn.from) else {
                continue;
            };
            if turn.placement.is_some() || found.contains(&(piece, turn.from)) {
                continue;
            }
            let mut events = Vec::new();
            self.play_recorded(&asked, &turn, &mut events);
            if test(&turn, &events) {
                found.push((piece, turn.from));
            }
        }
        let order = |kind: Kind| self.letters().kinds().position(|k| k == kind);
        found.sort_by_key(|(piece, at)| (order(piece.kind), at.file(), at.rank()));
        found
    }

    /// Pieces and where they stand, in words: `Black Pawn d5, Black Knight f6`.
    fn listed(&self, pieces: &[(Piece, Loc)]) -> String {
        let words: Vec<String> = pieces
            .iter()
            .map(|(piece, at)| format!("{} {at}", self.data().piece_words(*piece)))
            .collect();
        words.join(", ")
    }
}

impl Game {
    /// How the game ended, in words, if it has: `White wins by checkmate`, `Draw by
    /// stalemate` (the side names are the variant's, the reason as the result writes it).
    pub fn spoken_outcome(&self) -> Option<String> {
        let outcome = self.outcome()?;
        let reason = outcome.reason.text();
        let winner = match outcome.verdict {
            Verdict::WhiteWins => Side::White,
            Verdict::BlackWins => Side::Black,
            Verdict::Draw => return Some(format!("Draw by {reason}")),
        };
        let name = self.variant().data().side_name(winner);
        Some(format!("{name} wins by {reason}"))
    }
}

/// `name` after its indefinite article: `a Queen`, `an Archbishop`.
fn a(name: &str) -> String {
    let vowel = name.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// `count` pieces named `name`: the name alone for one (`Rook`), else its plural (`Rooks`),
/// with the number first when `numbered` (`2 Guards`).
fn counted(name: &str, count: usize, numbered: bool) -> String {
    if count == 1 {
        return name.to_string();
    }
    let plural = match name.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{name}s"),
    };
    if numbered {
        format!("{count} {plural}")
    } else {
        plural
    }
}
