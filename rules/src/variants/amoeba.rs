//! Amoeba: orthodox pieces on a 7×7 matrix of locations holding 38 squares, one of which may
//! slide into a neighbouring gap after every move. Which locations hold a square is part of the
//! position (the gaps are holes on the [`Board`]); the tables here describe only the fixed
//! matrix, and every question about squares is asked of the board.
//!
//! A position has up to a few hundred whole turns (piece move × slide × promotions). They are
//! judged without playing each one out: the slides are listed once per position, each piece move
//! is played once, and a slide only costs an attack test when it can change an attack on the
//! mover's King (see `Amoeba::slide_verdict`).

mod judge;

use super::chess::movement;
use crate::board::Board;
use crate::data::{Options, VariantData};
use crate::editing::clamp_controls;
use crate::error::Error;
use crate::event::{Event, Recorder};
use crate::fen;
use crate::geometry::{KNIGHT_OFFSETS, Lines};
use crate::landing::land;
use crate::movement::{Range, ride};
use crate::outcome::{Outcome, Reason};
use crate::position::{Position, RuleState};
use crate::rules::{Apply, Basics, Rules, RulesExt};
use crate::screen_helpers::ScreenHelpers;
use crate::search_hints::SearchHints;
use crate::turn::Turn;
use crate::types::{Dir, DirSet, Kind, LOC_COUNT, Loc, LocSet, MAX_FILES, Piece, Side};
use crate::validate::waiting_side_not_in_check;

/// The kinds of piece these rules know: the data gives each its letter, name and art.
const KINDS: [Kind; 5] = [
    Kind::King,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Pawn,
];

/// The option letting a square slide with a piece on it.
const OCCUPIED_SLIDE: &str = "occupied-slide";
/// The option adding the Bishop: as a promotion choice, and so as a piece of the game.
const BISHOP_PROMOTION: &str = "bishop-promotion";

/// What a Pawn may become.
const PROMOTIONS: [Kind; 2] = [Kind::Rook, Kind::Knight];
/// What a Pawn may become with `bishop-promotion`.
const PROMOTIONS_WITH_BISHOP: [Kind; 3] = [Kind::Rook, Kind::Knight, Kind::Bishop];

/// How many locations of the matrix hold no square, at every moment of the game.
const GAPS: usize = 11;
/// The most slides a position can offer: a square from each side of each gap.
const MAX_SLIDES: usize = GAPS * 4;

/// A square sliding from the first location into the neighbouring gap, the second.
type Slide = (Loc, Loc);

/// `a1`: a filler for the unused places of fixed-size lists.
const A1: Loc = match Loc::new(0, 0) {
    Some(loc) => loc,
    None => unreachable!(),
};

/// Moves the square on `from`, with whatever stands on it, into the gap `to`; `from` becomes a
/// gap.
fn slide_square(board: &mut Board, (from, to): Slide) {
    board.move_piece(from, to);
    board.make_hole(from);
}

/// The last of the squares of one file for `side`: the highest for White, the lowest for
/// Black (a location's index grows with its rank).
fn last_of_file(side: Side, file_squares: LocSet) -> LocSet {
    match side {
        Side::White => file_squares.highest(),
        Side::Black => file_squares.lowest(),
    }
}

/// A piece move before its slide: where it starts and ends, and whether a Pawn promotes on
/// arriving.
#[derive(Clone, Copy)]
struct PieceMove {
    from: Loc,
    to: Loc,
    promotes: bool,
}

/// A slide a position offers, with what it changes, worked out once per position.
#[derive(Clone, Copy)]
struct SlideEntry {
    from: Loc,
    to: Loc,
    /// `from` as a set.
    from_bit: LocSet,
    /// The two locations that change between square and gap.
    touched: LocSet,
    /// The files of those two locations.
    files: LocSet,
    /// The last squares of those files for the side to move, once the slide is made.
    last_squares: LocSet,
}

impl SlideEntry {
    /// A filler for the unused places of a [`SlideList`].
    const NONE: SlideEntry = SlideEntry {
        from: A1,
        to: A1,
        from_bit: LocSet::EMPTY,
        touched: LocSet::EMPTY,
        files: LocSet::EMPTY,
        last_squares: LocSet::EMPTY,
    };

    fn slide(&self) -> Slide {
        (self.from, self.to)
    }
}

/// The slides a position offers, whatever the piece move before them.
struct SlideList {
    len: usize,
    items: [SlideEntry; MAX_SLIDES],
}

impl SlideList {
    fn iter(&self) -> impl Iterator<Item = &SlideEntry> + '_ {
        self.items[..self.len].iter()
    }
}

/// What every turn of one position is judged against, worked out once per position.
struct Context {
    side: Side,
    king: Loc,
    /// The last square of every file for the mover.
    last_squares: LocSet,
    /// The mover's Pawns.
    pawns: LocSet,
    /// The enemy pieces sliding along ranks and files.
    rank_sliders: LocSet,
    /// The enemy pieces sliding along diagonals.
    diagonal_sliders: LocSet,
    slides: SlideList,
}

/// One piece move played on the board, before any slide.
struct AfterMove {
    board: Board,
    king: Loc,
    /// Whether the mover's King is safe if no slide changes anything.
    safe: bool,
    /// The locations where a square turning into a gap (or back) may open or close an enemy
    /// slider's line onto the King.
    sensitive: LocSet,
    /// The mover's Pawns.
    pawns: LocSet,
    /// The mover's Pawns on the last square of their file.
    last_pawns: LocSet,
}

/// Amoeba, with or without its options.
pub struct Amoeba {
    /// The basics, with the Knight's leaps as leap table 0.
    basics: Basics,
    promotions: &'static [Kind],
    occupied_slide: bool,
    /// Per location and direction: the locations of the matrix along that line, to its edge.
    rays: [[LocSet; 8]; LOC_COUNT],
    /// Per file (0 for `a`): its locations in the matrix.
    files: [LocSet; MAX_FILES as usize],
}

impl Amoeba {
    /// Whether a square can just have slid from the gap `from` to `to` on `pos`'s board: the
    /// two orthogonal neighbours, `from` a gap now and `to` a square.
    fn slide_possible(&self, pos: &Position, from: Loc, to: Loc) -> bool {
        let adjacent = DirSet::ORTHOGONAL
            .iter()
            .any(|dir| self.basics.geometry.neighbour(from, dir) == Some(to));
        adjacent && pos.board.is_hole(from) && !pos.board.is_hole(to)
    }

    /// Amoeba from its data, with `options`.
    pub fn new(data: VariantData, options: Options) -> Result<Amoeba, Error> {
        let bishops = options.has(BISHOP_PROMOTION);
        let occupied_slide = options.has(OCCUPIED_SLIDE);
        let basics = Basics::new(data, options, Lines::Full, &KINDS, &[&KNIGHT_OFFSETS])?;
        let geometry = &basics.geometry;
        let mut rays = [[LocSet::EMPTY; 8]; LOC_COUNT];
        let mut files = [LocSet::EMPTY; MAX_FILES as usize];
        for loc in geometry.inside().iter() {
            for dir in Dir::ALL {
                rays[loc.index()][dir.index()] = geometry.ray(loc, dir).collect();
            }
            files[usize::from(loc.file())] |= loc.bit();
        }
        Ok(Amoeba {
            basics,
            occupied_slide,
            promotions: if bishops {
                &PROMOTIONS_WITH_BISHOP
            } else {
                &PROMOTIONS
            },
            rays,
            files,
        })
    }

    fn attacked(&self, board: &Board, target: Loc, by: Side) -> bool {
        self.basics.attacked(board, target, by, movement)
    }

    fn king_attacked(&self, board: &Board, side: Side) -> bool {
        board
            .king_of(side)
            .is_some_and(|king| self.attacked(board, king, side.opponent()))
    }

    /// The locations of the matrix that hold a square.
    fn squares(&self, board: &Board) -> LocSet {
        let inside = self.basics.geometry.inside();
        (inside & !board.occupied())
            .iter()
            .filter(|loc| board.is_hole(*loc))
            .fold(inside, LocSet::without)
    }

    /// The locations of the file of `loc`.
    fn file_of(&self, loc: Loc) -> LocSet {
        self.files[usize::from(loc.file())]
    }

    /// The last square of every file for `side`, given the locations holding a square.
    fn last_squares(&self, side: Side, squares: LocSet) -> LocSet {
        self.files.iter().fold(LocSet::EMPTY, |last, file| {
            last | last_of_file(side, squares & *file)
        })
    }

    /// The slides allowed after any move of `pos` (the square's occupant aside): a square into
    /// an orthogonally adjacent gap, except back where the opponent's last slide came from.
    fn slides(&self, pos: &Position, squares: LocSet) -> SlideList {
        let mut list = SlideList {
            len: 0,
            items: [SlideEntry::NONE; MAX_SLIDES],
        };
        let barred = pos.state.last_slide.map(|(from, to)| (to, from));
        for to in (self.basics.geometry.inside() & !squares).iter() {
            for dir in DirSet::ORTHOGONAL.iter() {
                if let Some(from) = self.basics.geometry.neighbour(to, dir)
                    && squares.contains(from)
                    && barred != Some((from, to))
                    && list.len < MAX_SLIDES
                {
                    list.items[list.len] = self.slide_entry(pos.side, squares, from, to);
                    list.len += 1;
                }
            }
        }
        list
    }

    /// The slide of the square on `from` into the gap `to`, for `side` to make.
    fn slide_entry(&self, side: Side, squares: LocSet, from: Loc, to: Loc) -> SlideEntry {
        let after = squares & !from.bit() | to.bit();
        let (from_file, to_file) = (self.file_of(from), self.file_of(to));
        SlideEntry {
            from,
            to,
            from_bit: from.bit(),
            touched: from.bit() | to.bit(),
            files: from_file | to_file,
            last_squares: last_of_file(side, after & from_file)
                | last_of_file(side, after & to_file),
        }
    }

    /// What the turns of `pos` are judged against; `None` if the side to move has no King.
    fn context(&self, pos: &Position) -> Option<Context> {
        let side = pos.side;
        let king = pos.board.king_of(side)?;
        let squares = self.squares(&pos.board);
        let mut context = Context {
            side,
            king,
            last_squares: self.last_squares(side, squares),
            pawns: LocSet::EMPTY,
            rank_sliders: LocSet::EMPTY,
            diagonal_sliders: LocSet::EMPTY,
            slides: self.slides(pos, squares),
        };
        for (loc, piece) in pos.board.pieces() {
            let slides = movement(piece).slides;
            if piece.side == side {
                if piece.kind == Kind::Pawn {
                    context.pawns |= loc.bit();
                }
            } else {
                if slides.contains(Dir::N) {
                    context.rank_sliders |= loc.bit();
                }
                if slides.contains(Dir::NE) {
                    context.diagonal_sliders |= loc.bit();
                }
            }
        }
        Some(context)
    }

    /// Calls `visit` with every piece move of the side to move that follows the pieces'
    /// movement, whatever it does to its own King.
    fn for_each_piece_move(&self, board: &Board, ctx: &Context, mut visit: impl FnMut(PieceMove)) {
        let side = ctx.side;
        for (from, piece) in board.pieces_of(side) {
            if piece.kind == Kind::Pawn {
                self.pawn_moves(board, ctx, from, &mut visit);
                continue;
            }
            self.basics
                .reach(movement(piece), board, from, |to, occupant| {
                    if occupant.is_none_or(|p| p.side != side) {
                        visit(PieceMove {
                            from,
                            to,
                            promotes: false,
                        });
                    }
                });
        }
    }

    /// A Pawn's step straight forward onto an empty square and its diagonal captures; each
    /// promotes when it ends on the last square of its file.
    fn pawn_moves(
        &self,
        board: &Board,
        ctx: &Context,
        from: Loc,
        visit: &mut impl FnMut(PieceMove),
    ) {
        let side = ctx.side;
        let mut arrive = |to: Loc| {
            visit(PieceMove {
                from,
                to,
                promotes: ctx.last_squares.contains(to),
            });
        };
        if let Some(to) = self
            .basics
            .geometry
            .neighbour(from, side.forward_dir())
            .filter(|to| board.is_empty(*to))
        {
            arrive(to);
        }
        let captures = movement(Piece::new(Kind::Pawn, side)).steps;
        ride(
            &self.basics.geometry,
            board,
            from,
            captures,
            Range::Step,
            |_, to, occupant| {
                if occupant.is_some_and(|p| p.side != side) {
                    arrive(to);
                }
            },
        );
    }

    /// The move played on the board, with what its slides are judged against.
    fn after_move(&self, pos: &Position, ctx: &Context, m: PieceMove) -> AfterMove {
        let mut board = pos.board;
        board.move_piece(m.from, m.to);
        let king = if m.from == ctx.king { m.to } else { ctx.king };
        let survivors = !m.to.bit();
        let sensitive = self.slider_lines(
            king,
            ctx.rank_sliders & survivors,
            ctx.diagonal_sliders & survivors,
        );
        let mut pawns = ctx.pawns;
        if pawns.contains(m.from) {
            pawns &= !m.from.bit();
            if !m.promotes {
                pawns |= m.to.bit();
            }
        }
        AfterMove {
            safe: !self.attacked(&board, king, ctx.side.opponent()),
            board,
            king,
            sensitive,
            pawns,
            last_pawns: pawns & ctx.last_squares,
        }
    }

    /// The lines from `king` to the edge of the matrix along which one of the given sliders
    /// stands: only there can a square becoming a gap, or a gap a square, change an attack.
    fn slider_lines(&self, king: Loc, rank_sliders: LocSet, diagonal_sliders: LocSet) -> LocSet {
        Dir::ALL.into_iter().fold(LocSet::EMPTY, |lines, dir| {
            let ray = self.rays[king.index()][dir.index()];
            let sliders = if dir.is_diagonal() {
                diagonal_sliders
            } else {
                rank_sliders
            };
            if ray.intersects(sliders) {
                lines | ray
            } else {
                lines
            }
        })
    }

    /// Whether `slide` may follow the move, and if so whether the mover's King is then safe.
    ///
    /// An empty square changes only which lines are open, so it matters only on a line from the
    /// King with an enemy slider on it. A square carrying the mover's own piece (not the King)
    /// changes nothing: a gap blocks a line as well as the piece did. A square carrying the King
    /// or an enemy piece is played out.
    #[inline(always)]
    fn slide_verdict(&self, ctx: &Context, after: &AfterMove, slide: &SlideEntry) -> Option<bool> {
        let unchanged = if after.board.is_empty(slide.from) {
            !slide.touched.intersects(after.sensitive)
        } else if self.occupied_slide {
            after.board.occupied_by(ctx.side).intersects(slide.from_bit) && slide.from != after.king
        } else {
            return None;
        };
        Some(if unchanged {
            after.safe
        } else {
            self.safe_after_slide(ctx, after, slide.slide())
        })
    }

    /// The mover's Pawns on a last square after the move and `slide`: only the files the slide
    /// touches can change, and a Pawn it carries goes with it.
    #[inline(always)]
    fn last_pawns_after_slide(after: &AfterMove, slide: &SlideEntry) -> LocSet {
        let carried = after.pawns.intersects(slide.from_bit);
        let pawns = if carried {
            after.pawns ^ slide.touched
        } else {
            after.pawns
        };
        after.last_pawns & !slide.files | pawns & slide.last_squares
    }

    /// Whether the mover's King is safe once `slide` is made: played out on a copy of the board.
    #[inline(never)]
    fn safe_after_slide(&self, ctx: &Context, after: &AfterMove, slide: Slide) -> bool {
        let mut board = after.board;
        slide_square(&mut board, slide);
        let king = if slide.0 == after.king {
            slide.1
        } else {
            after.king
        };
        !self.attacked(&board, king, ctx.side.opponent())
    }

    /// Calls `visit(move, slide, promoted)` for every legal combination of a piece move and a
    /// slide (or none), with the Pawns promoted at the end of that turn. The promotion choices
    /// are left to the caller: they never change the mover's King's safety.
    fn for_each_legal(
        &self,
        pos: &Position,
        mut visit: impl FnMut(PieceMove, Option<Slide>, LocSet),
    ) {
        let Some(ctx) = self.context(pos) else {
            return;
        };
        self.for_each_piece_move(&pos.board, &ctx, |m| {
            let after = self.after_move(pos, &ctx, m);
            if after.safe {
                visit(m, None, after.last_pawns);
            }
            for slide in ctx.slides.iter() {
                if self.slide_verdict(&ctx, &after, slide) == Some(true) {
                    visit(
                        m,
                        Some(slide.slide()),
                        Self::last_pawns_after_slide(&after, slide),
                    );
                }
            }
        });
    }

    /// How many ways a turn may choose its promotions: one choice per promoting Pawn.
    fn promotion_choices(&self, promoting: u32) -> u64 {
        (self.promotions.len() as u64).pow(promoting)
    }

    /// How many turns one legal move and slide make: one per choice of its promotions.
    #[inline]
    fn turns_of(&self, m: PieceMove, promoted: LocSet) -> u64 {
        if promoted.is_empty() && !m.promotes {
            1
        } else {
            self.promotion_choices(promoted.len() as u32 + u32::from(m.promotes))
        }
    }

    /// Pushes every turn of one legal move and slide: each choice for a promotion on arrival
    /// and for each Pawn promoted at the end, those written in the order of their squares.
    fn push_turns(
        &self,
        side: Side,
        m: PieceMove,
        slide: Option<Slide>,
        promoted: LocSet,
        out: &mut Vec<Turn>,
    ) {
        let mut pawns = [A1; MAX_FILES as usize];
        let mut count = 0;
        for (slot, loc) in pawns.iter_mut().zip(promoted.iter()) {
            *slot = loc;
            count += 1;
        }
        pawns[..count].sort_unstable_by_key(|loc| loc.file());
        let choices = self.promotions.len();
        let piece = |choice: usize| Piece::new(self.promotions[choice], side);
        let arrivals: usize = if m.promotes { choices } else { 1 };
        for arrival in 0..arrivals {
            let mut base = Turn::new(m.from, m.to).promoting(m.promotes.then(|| piece(arrival)));
            base.slide = slide;
            for combination in 0..self.promotion_choices(count as u32) as usize {
                let mut turn = base;
                let mut rest = combination;
                for &at in &pawns[..count] {
                    turn.end_promotions.push(at, piece(rest % choices));
                    rest /= choices;
                }
                out.push(turn);
            }
        }
    }

    /// The position after the turn just played with its slide taken back (see the rules'
    /// stalemate by slide): `None` if that turn had no slide.
    fn without_slide(&self, pos: &Position, last: Option<&Turn>) -> Option<Position> {
        let (from, to) = pos.state.last_slide?;
        let mut board = pos.board;
        slide_square(&mut board, (to, from));
        let squares = self.squares(&board);
        for (at, piece) in last.iter().flat_map(|turn| turn.end_promotions.iter()) {
            let at = if at == to { from } else { at };
            if !self.last_squares(piece.side, squares).contains(at) {
                board.put(at, Piece::new(Kind::Pawn, piece.side));
            }
        }
        Some(Position {
            board,
            state: RuleState {
                last_slide: None,
                ..pos.state
            },
            ..*pos
        })
    }

    /// Whether the stalemate of `pos` was achieved by the slide of the turn just played.
    fn stalemated_by_slide(&self, pos: &Position, last: Option<&Turn>) -> bool {
        self.without_slide(pos, last).is_some_and(|unslid| {
            self.king_attacked(&unslid.board, pos.side.opponent()) || self.has_legal_turn(&unslid)
        })
    }

    /// Reads the last-slide field: `-` or two locations of the matrix (`d5d4`).
    fn read_last_slide(&self, field: &str) -> Result<Option<Slide>, Error> {
        if field == "-" {
            return Ok(None);
        }
        let inside = |loc: Loc| self.basics.geometry.contains(loc);
        let squares = Loc::scan(field).and_then(|(from, rest)| Some((from, Loc::parse(rest)?)));
        match squares.filter(|(from, to)| inside(*from) && inside(*to)) {
            Some(slide) => Ok(Some(slide)),
            _ => Err(Error::fen(
                field,
                "the last slide must be '-' or two squares such as d5d4",
            )),
        }
    }
}

impl Apply for Amoeba {
    /// The position after the legal `turn`: move, promotion on arrival, slide, promotions at the
    /// end; the clock and the last slide updated.
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        let mut next = *pos;
        let Some(piece) = pos.board.piece(turn.from) else {
            return next;
        };
        let victim = land(&mut next.board, turn.from, turn.to, turn.promotion, rec);
        if let Some((from, to)) = turn.slide {
            rec.record(|| Event::Slid { from, to });
            slide_square(&mut next.board, (from, to));
        }
        for (at, promoted) in turn.end_promotions.iter() {
            rec.record(|| Event::Promoted {
                at,
                from: Piece::new(Kind::Pawn, promoted.side),
                to: promoted,
            });
            next.board.put(at, promoted);
        }
        next.state.last_slide = turn.slide;
        let resets =
            piece.kind == Kind::Pawn || victim.is_some() || !turn.end_promotions.is_empty();
        next.end_turn(resets)
    }
}

impl Rules for Amoeba {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.for_each_legal(pos, |m, slide, promoted| {
            self.push_turns(pos.side, m, slide, promoted, out);
        });
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.king_attacked(&pos.board, pos.side)
    }

    fn has_legal_turn(&self, pos: &Position) -> bool {
        let mut any = false;
        self.for_each_legal(pos, |_, _, _| any = true);
        any
    }

    fn own_outcome(&self, pos: &Position, last: Option<&Turn>) -> Option<Outcome> {
        self.checkmate_or(pos, || {
            if self.stalemated_by_slide(pos, last) {
                Outcome::win(pos.side.opponent(), Reason::StalemateBySlide)
            } else {
                Outcome::draw(Reason::Stalemate)
            }
        })
    }

    /// Checks a position read from a FEN: the number of gaps, one King each, a possible last
    /// slide, and the side not to move not in check.
    fn validate(&self, pos: &Position) -> Result<(), Error> {
        let gaps = (self.basics.geometry.inside() & !self.squares(&pos.board)).len();
        if gaps != GAPS {
            return Err(Error::fen(
                fen::write_board(&pos.board, &self.basics.geometry, &self.basics.letters),
                format!("{gaps} gaps, expected {GAPS}"),
            )
            .advising(format!(
                "Amoeba's board has {GAPS} gaps; this one has {gaps}."
            )));
        }
        self.basics.one_king_each(&pos.board)?;
        if let Some((from, to)) = pos.state.last_slide
            && !self.slide_possible(pos, from, to)
        {
            return Err(Error::fen(
                format!("{from}{to}"),
                "the last slide must go from a gap to an orthogonally adjacent square",
            )
            .advising("The last slide cannot have been played on this board: set the gaps back."));
        }
        waiting_side_not_in_check(self, pos)
    }

    fn state_field_count(&self) -> usize {
        1
    }

    fn read_state(&self, _side: Side, fields: &[&str]) -> Result<RuleState, Error> {
        let [last_slide] = fen::exactly(fields)?;
        Ok(RuleState {
            last_slide: self.read_last_slide(last_slide)?,
            ..RuleState::default()
        })
    }

    fn write_state(&self, pos: &Position, out: &mut String) {
        let last_slide = pos
            .state
            .last_slide
            .map_or("-".to_string(), |(from, to)| format!("{from}{to}"));
        out.push_str(&format!(" {last_slide}"));
    }

    fn holes(&self) -> fen::Holes {
        fen::Holes::Anywhere
    }
}

impl SearchHints for Amoeba {
    /// The captures and promotions on arrival without a slide: a slide takes nothing, so the
    /// quiescence search needs only one version of each.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        out.clear();
        let Some(ctx) = self.context(pos) else {
            return true;
        };
        let enemies = pos.board.occupied_by(pos.side.opponent());
        self.for_each_piece_move(&pos.board, &ctx, |m| {
            if !enemies.contains(m.to) && !m.promotes {
                return;
            }
            let after = self.after_move(pos, &ctx, m);
            if after.safe {
                self.push_turns(pos.side, m, None, after.last_pawns, out);
            }
        });
        true
    }

    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        let mut count = 0;
        self.for_each_legal(pos, |m, _, promoted| {
            count += self.turns_of(m, promoted);
        });
        count
    }

    /// The King's shelter: squares around it (a King hemmed in by gaps is a slide away from
    /// stalemate) and friendly pieces on them; Pawns forward, Knights to the middle.
    fn positional(&self, pos: &Position) -> i32 {
        self.shelter_and_placement(pos)
    }
}

impl ScreenHelpers for Amoeba {
    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        let text = pos
            .state
            .last_slide
            .map_or("none".to_string(), |(from, to)| {
                format!("{from} to {to} (may not slide back)")
            });
        vec![("Last slide".to_string(), text)]
    }

    fn settle(&self, pos: &mut Position) {
        clamp_controls(self, pos);
        if pos
            .state
            .last_slide
            .is_some_and(|(from, to)| !self.slide_possible(pos, from, to))
        {
            pos.state.last_slide = None;
        }
    }
}
