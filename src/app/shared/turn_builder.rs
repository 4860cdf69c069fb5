//! Builds a whole turn from the player's clicks by narrowing the engine's legal turns: each
//! click keeps the turns that agree with it, and a question is asked only where the remaining
//! turns differ. Plain Rust: the rules decide, this only chooses among what they allow.

use crate::rules::{EndPromotions, Loc, Piece, Removal, Turn};

/// The parts of a turn, in the order the player settles them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// A piece put on the board before the move (Amphora's Guard).
    Placement,
    /// The piece that moves.
    From,
    /// Where it goes.
    To,
    /// Which piece the move removes (approach or withdrawal, telekinesis).
    Removal,
    /// What the moving piece becomes.
    Promotion,
    /// Which square slides after the move (Amoeba).
    Slide,
    /// The promotions at the end of the turn (Amoeba).
    EndPromotions,
}

const PARTS: [Part; 7] = [
    Part::Placement,
    Part::From,
    Part::To,
    Part::Removal,
    Part::Promotion,
    Part::Slide,
    Part::EndPromotions,
];

/// One value of a part, for comparing turns part by part.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// A placement, or none.
    Placement(Option<(Piece, Loc)>),
    /// A square (the mover's start or destination).
    Square(Loc),
    /// A removal, or none.
    Removal(Option<Removal>),
    /// A promotion, or none.
    Promotion(Option<Piece>),
    /// A slide, or none.
    Slide(Option<(Loc, Loc)>),
    /// A set of end-of-turn promotions.
    EndPromotions(EndPromotions),
}

fn choice(turn: &Turn, part: Part) -> Choice {
    match part {
        Part::Placement => Choice::Placement(turn.placement),
        Part::From => Choice::Square(turn.from),
        Part::To => Choice::Square(turn.to),
        Part::Removal => Choice::Removal(turn.removal),
        Part::Promotion => Choice::Promotion(turn.promotion),
        Part::Slide => Choice::Slide(turn.slide),
        Part::EndPromotions => Choice::EndPromotions(turn.end_promotions),
    }
}

/// A promotion offered on the board: where, and the choices, each of which becomes one piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionOffer {
    /// The square the piece promotes on.
    pub at: Loc,
    /// The choices offered.
    pub options: Vec<Choice>,
}

impl PromotionOffer {
    /// The piece a choice makes: `None` for a choice to stay as it is (`Promotion(None)`).
    pub fn piece(choice: &Choice) -> Option<Piece> {
        match choice {
            Choice::Promotion(piece) => *piece,
            Choice::EndPromotions(list) => list.iter().next().map(|(_, piece)| piece),
            _ => None,
        }
    }
}

/// What happened to a click or a choice.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// It narrowed the turn; more is to be chosen.
    Narrowed,
    /// The turn is complete: play it.
    Complete(Turn),
    /// It matched nothing the rules allow; nothing changed.
    Ignored,
}

/// The turn being built: the legal turns that still agree with every choice made.
#[derive(Clone, Debug, Default)]
pub struct TurnBuilder {
    legal: Vec<Turn>,
    candidates: Vec<Turn>,
    /// Parts already settled by the player or because every candidate agreed.
    settled: usize,
    /// The first click of a slide (its square), waiting for the gap it slides into.
    slide_square: Option<Loc>,
    /// The piece picked from the hand to drop, waiting for its square.
    dropping: Option<Piece>,
}

impl TurnBuilder {
    /// A builder over the legal turns of the position.
    pub fn new(legal: Vec<Turn>) -> TurnBuilder {
        let mut builder = TurnBuilder {
            candidates: legal.clone(),
            legal,
            settled: 0,
            slide_square: None,
            dropping: None,
        };
        builder.settle_agreed();
        builder
    }

    /// Forgets every choice made (right-click, Escape).
    pub fn cancel(&mut self) {
        *self = TurnBuilder::new(std::mem::take(&mut self.legal));
    }

    /// Whether the player has started choosing (a piece picked, a placement made).
    pub fn in_progress(&self) -> bool {
        self.candidates.len() != self.legal.len()
            || self.slide_square.is_some()
            || self.dropping.is_some()
    }

    /// The part the player must settle next, if the turn is not yet complete. The piece and its
    /// destination are always the player's to pick, even when only one turn is legal.
    pub fn question(&self) -> Option<Part> {
        PARTS.get(self.settled).copied()
    }

    /// The turns still possible.
    pub fn candidates(&self) -> &[Turn] {
        &self.candidates
    }

    /// The distinct values the next part can take.
    pub fn options(&self) -> Vec<Choice> {
        let Some(part) = self.question() else {
            return Vec::new();
        };
        let mut options: Vec<Choice> = Vec::new();
        for turn in &self.candidates {
            let c = choice(turn, part);
            if !options.contains(&c) {
                options.push(c);
            }
        }
        options
    }

    /// The promotion to choose on the board, when one is asked for a single square: that
    /// square and the choices (a promotion of the move, or an end-of-turn promotion of one
    /// Pawn). `None` while something else is asked, or end-of-turn promotions of several Pawns
    /// are to be chosen together.
    pub fn promotion_offer(&self) -> Option<PromotionOffer> {
        let options = self.options();
        let at = match self.question()? {
            Part::Promotion => self.candidates.first()?.to,
            Part::EndPromotions => {
                let mut squares = options.iter().map(|option| match option {
                    Choice::EndPromotions(list) if list.iter().count() == 1 => {
                        list.iter().next().map(|(at, _)| at)
                    }
                    _ => None,
                });
                let first = squares.next()??;
                if !squares.all(|at| at == Some(first)) {
                    return None;
                }
                first
            }
            _ => return None,
        };
        Some(PromotionOffer { at, options })
    }

    /// The square of the piece picked, while its destination is asked.
    pub fn picked(&self) -> Option<Loc> {
        if self.question() != Some(Part::To) {
            return None;
        }
        self.candidates.first().map(|turn| turn.from)
    }

    /// The square picked to slide, waiting for its gap.
    pub fn slide_square(&self) -> Option<Loc> {
        self.slide_square
    }

    /// The pieces the turn may drop from the hand, each once, in kind order: offered while the
    /// placement is asked.
    pub fn hand(&self) -> Vec<Piece> {
        if self.question() != Some(Part::Placement) {
            return Vec::new();
        }
        let mut pieces: Vec<Piece> = self
            .candidates
            .iter()
            .filter(|turn| turn.is_drop())
            .filter_map(|turn| turn.placement.map(|(piece, _)| piece))
            .collect();
        pieces.sort_by_key(|piece| piece.kind.index());
        pieces.dedup();
        pieces
    }

    /// The piece picked from the hand, waiting for the square it is dropped on.
    pub fn dropping(&self) -> Option<Piece> {
        self.dropping
    }

    /// The player picked `piece` from the hand to drop (picking it again puts it back).
    pub fn pick_from_hand(&mut self, piece: Piece) -> Progress {
        if !self.hand().contains(&piece) {
            return Progress::Ignored;
        }
        self.dropping = (self.dropping != Some(piece)).then_some(piece);
        Progress::Narrowed
    }

    /// The placements worth marking now: once a piece is picked from the hand, where it may be
    /// dropped; else the placements made before a move (Amphora's Guard), since a drop's
    /// squares are shown once its piece is picked.
    pub fn placements_offered(&self) -> Vec<(Piece, Loc)> {
        if self.question() != Some(Part::Placement) {
            return Vec::new();
        }
        let mut offered: Vec<(Piece, Loc)> = self
            .candidates
            .iter()
            .filter(|turn| match self.dropping {
                Some(piece) => turn.is_drop() && turn.placement.is_some_and(|(p, _)| p == piece),
                None => !turn.is_drop(),
            })
            .filter_map(|turn| turn.placement)
            .collect();
        offered.sort_by_key(|(piece, at)| (*at, piece.kind.index()));
        offered.dedup();
        offered
    }

    /// The squares worth marking now: where a click would narrow the turn.
    pub fn clickable(&self) -> Vec<Loc> {
        let mut squares: Vec<Loc> = match self.question() {
            Some(Part::Placement) => match self.dropping {
                Some(_) => self
                    .placements_offered()
                    .into_iter()
                    .map(|(_, at)| at)
                    .collect(),
                None => self
                    .candidates
                    .iter()
                    .filter(|t| !t.is_drop())
                    .map(|t| t.placement.map_or(t.from, |(_, at)| at))
                    .collect(),
            },
            Some(Part::From) => self.candidates.iter().map(|t| t.from).collect(),
            Some(Part::To) => self.candidates.iter().map(|t| t.to).collect(),
            Some(Part::Removal) => self
                .candidates
                .iter()
                .filter_map(|t| match t.removal {
                    Some(Removal::At(at)) => Some(at),
                    _ => None,
                })
                .collect(),
            Some(Part::Slide) => self
                .candidates
                .iter()
                .filter_map(|t| t.slide)
                .filter_map(|(from, to)| match self.slide_square {
                    None => Some(from),
                    Some(square) => (square == from).then_some(to),
                })
                .collect(),
            _ => Vec::new(),
        };
        squares.sort();
        squares.dedup();
        squares
    }

    /// The player clicked `square` on the board.
    pub fn click(&mut self, square: Loc) -> Progress {
        match self.question() {
            None => Progress::Ignored,
            Some(Part::Placement) => {
                let placed = self.placement_at(square);
                match placed {
                    Some(placement) => self.choose(Choice::Placement(Some(placement))),
                    None => {
                        let before = self.snapshot();
                        if self.choose(Choice::Placement(None)) == Progress::Ignored {
                            return Progress::Ignored;
                        }
                        let progress = self.click(square);
                        if progress == Progress::Ignored {
                            self.restore(before);
                        }
                        progress
                    }
                }
            }
            Some(Part::From) => self.choose(Choice::Square(square)),
            Some(Part::To) => self.choose(Choice::Square(square)),
            Some(Part::Removal) => self.choose(Choice::Removal(Some(Removal::At(square)))),
            Some(Part::Slide) => match self.slide_square {
                None if self
                    .candidates
                    .iter()
                    .any(|t| t.slide.is_some_and(|(from, _)| from == square)) =>
                {
                    self.slide_square = Some(square);
                    Progress::Narrowed
                }
                Some(from) => {
                    let progress = self.choose(Choice::Slide(Some((from, square))));
                    if progress == Progress::Ignored {
                        self.slide_square = None;
                    }
                    progress
                }
                None => Progress::Ignored,
            },
            Some(_) => Progress::Ignored,
        }
    }

    /// The player picked `choice` for the current question (from a dialog or a click).
    pub fn choose(&mut self, choice_made: Choice) -> Progress {
        let Some(part) = self.question() else {
            return Progress::Ignored;
        };
        let kept: Vec<Turn> = self
            .candidates
            .iter()
            .filter(|t| choice(t, part) == choice_made)
            .copied()
            .collect();
        if kept.is_empty() {
            return Progress::Ignored;
        }
        self.candidates = kept;
        self.slide_square = None;
        self.dropping = None;
        self.settled += 1;
        self.settle_agreed();
        match (self.question(), self.candidates.as_slice()) {
            (None, [turn]) => Progress::Complete(*turn),
            _ => Progress::Narrowed,
        }
    }

    /// Keeps only the candidates among `turns` (a turn typed in the move box, whole or its first
    /// parts): every part on which those left agree is settled, the piece and its destination
    /// too, so the board asks only what the text left open.
    pub fn narrow(&mut self, turns: &[Turn]) -> Progress {
        let kept: Vec<Turn> = self
            .candidates
            .iter()
            .filter(|turn| turns.contains(turn))
            .copied()
            .collect();
        let Some(first) = kept.first().copied() else {
            return Progress::Ignored;
        };
        self.candidates = kept;
        self.slide_square = None;
        self.dropping = None;
        while let Some(part) = PARTS.get(self.settled) {
            if self
                .candidates
                .iter()
                .any(|turn| choice(turn, *part) != choice(&first, *part))
            {
                break;
            }
            self.settled += 1;
        }
        match self.candidates.as_slice() {
            [turn] => Progress::Complete(*turn),
            _ => Progress::Narrowed,
        }
    }

    /// Skips every part on which all candidates agree, except the piece and its destination.
    fn settle_agreed(&mut self) {
        let drops_only = !self.candidates.is_empty() && self.candidates.iter().all(Turn::is_drop);
        while let Some(part) = PARTS
            .get(self.settled)
            .filter(|p| drops_only || !matches!(p, Part::From | Part::To))
        {
            let first = self.candidates.first().map(|t| choice(t, *part));
            if self
                .candidates
                .iter()
                .any(|t| Some(choice(t, *part)) != first)
            {
                break;
            }
            self.settled += 1;
        }
    }

    /// The placement a click on `square` makes: the piece picked from the hand dropped there,
    /// or else the one placement before a move there (none where several pieces could go).
    fn placement_at(&self, square: Loc) -> Option<(Piece, Loc)> {
        let mut here = self.candidates.iter().filter_map(|t| {
            let (piece, at) = t.placement?;
            let wanted = match self.dropping {
                Some(dropping) => t.is_drop() && piece == dropping,
                None => !t.is_drop(),
            };
            (wanted && at == square).then_some((piece, at))
        });
        let first = here.next()?;
        here.all(|other| other == first).then_some(first)
    }

    fn snapshot(&self) -> (Vec<Turn>, usize) {
        (self.candidates.clone(), self.settled)
    }

    fn restore(&mut self, (candidates, settled): (Vec<Turn>, usize)) {
        self.candidates = candidates;
        self.settled = settled;
    }
}
