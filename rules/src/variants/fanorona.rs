//! Fanorona Chess and Double Fanorona Chess: chess pieces on an Alquerque board, capturing by
//! approach and withdrawal instead of by replacement.

use super::terms;
use crate::bits::bit_instructions;
use crate::board::Board;
use crate::data::{Options, VariantData};
use crate::editing::{StateControl, StateKey};
use crate::error::Error;
use crate::event::{Capture, Event, Recorder};
use crate::fen;
use crate::geometry::{Geometry, Lines};
use crate::movement::{KNIGHT_PATHS, Movement, Path, PathTable, Range, path_leap, ride};
use crate::outcome::{Outcome, Reason};
use crate::position::{Position, Reserve, RuleState};
use crate::rules::{Apply, Basics, Play as _, Rules, RulesExt};
use crate::screen_helpers::ScreenHelpers;
use crate::search_hints::SearchHints;
use crate::turn::{Removal, Turn};
use crate::types::{Dir, DirSet, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};
use crate::validate::waiting_side_not_in_check;
use std::cell::Cell;

/// The kinds of piece these rules know: the data gives each its letter, name and art. The
/// Chancellor only plays where the data has one (Double Fanorona Chess).
const KINDS: [Kind; 7] = [
    Kind::King,
    Kind::Queen,
    Kind::Chancellor,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Pawn,
];

/// How each piece moves when it may capture, in one table that move generation and both halves
/// of the check test read: its one-point steps, its slides, and (`leaps == 1`) the Knight's
/// two-step paths. The King's first-move leap and the Pawn's double step never capture, so they
/// are not here.
const fn movement(piece: Piece) -> Movement {
    let knight = Movement::leaper(1);
    match piece.kind {
        Kind::King => Movement::stepper(DirSet::ALL),
        Kind::Queen => Movement::slider(DirSet::ALL),
        Kind::Rook => Movement::slider(DirSet::ORTHOGONAL),
        Kind::Chancellor => Movement::slider(DirSet::ORTHOGONAL).and(knight),
        Kind::Bishop => Movement::slider(DirSet::DIAGONAL),
        Kind::Knight => knight,
        Kind::Pawn => Movement::stepper(pawn_dirs(piece.side)),
        _ => Movement::NONE,
    }
}

/// Whether a move may capture: the King's leap and the Pawn's double step never do, and are
/// allowed only where they would not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kinetics {
    Capturing,
    Peaceful,
}

/// Which of a position's turns move generation looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// Every turn.
    All,
    /// Only the turns that take a piece or promote a Pawn.
    Noisy,
}

/// How much of a turn's legality move generation tests.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tested {
    /// All of it: only legal turns are listed.
    Fully,
    /// Out of check none of it; in check only what the King's watch answers without testing
    /// a line again (the turns that take or change what a line from the King read are listed
    /// untested).
    Cheaply,
}

/// One turn as move generation finds it, lighter than a [`Turn`]: where the piece goes, what it
/// takes and what it promotes to.
#[derive(Clone, Copy)]
struct Play {
    from: Loc,
    to: Loc,
    removed: Option<Loc>,
    promotion: Option<Piece>,
}

impl Play {
    /// The turn this play is.
    fn turn(self) -> Turn {
        Turn::new(self.from, self.to)
            .promoting(self.promotion)
            .removing(self.removed.map(Removal::At))
    }
}

/// One move before its capture choices: where it goes and the directions of its first and last
/// steps (which decide withdrawal and approach).
#[derive(Clone, Copy)]
struct Stride {
    from: Loc,
    to: Loc,
    first: Dir,
    last: Dir,
    kinetics: Kinetics,
    /// Whether an enemy piece stands beside `from`: without one, no move from there withdraws.
    may_withdraw: bool,
}

/// One side's pieces by the directions they step or slide in: every piece's steps and slides
/// together are the four orthogonal directions, the four diagonal ones, all eight, none (the
/// Knight), or the Pawn's three forward.
#[derive(Default)]
struct Movers {
    orthogonal: LocSet,
    diagonal: LocSet,
    pawns: LocSet,
    pawn_dirs: DirSet,
}

impl Movers {
    /// `side`'s pieces on `board`, by the directions they move in.
    #[inline(always)]
    fn of(board: &Board, side: Side) -> Movers {
        let mut movers = Movers::default();
        for kind in KINDS {
            let piece = Piece::new(kind, side);
            let moves = movement(piece);
            let dirs = moves.steps.union(moves.slides);
            let locs = board.locs_of(piece);
            if kind == Kind::Pawn {
                movers.pawns = locs;
                movers.pawn_dirs = dirs;
            } else {
                if dirs.contains(Dir::N) {
                    movers.orthogonal |= locs;
                }
                if dirs.contains(Dir::NE) {
                    movers.diagonal |= locs;
                }
            }
        }
        movers
    }

    /// The pieces that step or slide towards `dir`.
    #[inline(always)]
    fn towards(&self, dir: Dir) -> LocSet {
        let lines = if dir.is_diagonal() {
            self.diagonal
        } else {
            self.orthogonal
        };
        if self.pawn_dirs.contains(dir) {
            lines | self.pawns
        } else {
            lines
        }
    }
}

/// The board as one side's threats read it, per direction: the points whose neighbour that
/// way is empty, and those whose neighbour that way is an enemy.
struct ThreatBoard<'a> {
    geometry: &'a Geometry,
    before_empty: &'a [LocSet; 8],
    before_enemy: [LocSet; 8],
}

impl ThreatBoard<'_> {
    /// How many threats `movers` make towards the direction of index `D` (a constant, so the
    /// sets move by a fixed shift): pieces that could step there onto an empty point with an
    /// enemy beyond it (approach) or right behind them (withdrawal).
    #[inline(always)]
    fn threats<const D: usize>(&self, movers: &Movers) -> i32 {
        let dir = Dir::from_index(D);
        let beyond = self.geometry.toward(self.before_enemy[D], dir);
        let behind = self.before_enemy[dir.opposite().index()];
        (movers.towards(dir) & self.before_empty[D] & (beyond | behind)).len() as i32
    }
}

/// The locations whose neighbour towards each direction (in [`Dir::ALL`]'s order) lies in
/// `set`, each moved by a fixed shift.
#[inline(always)]
fn toward_each(geometry: &Geometry, set: LocSet) -> [LocSet; 8] {
    [
        geometry.toward(set, Dir::ALL[0]),
        geometry.toward(set, Dir::ALL[1]),
        geometry.toward(set, Dir::ALL[2]),
        geometry.toward(set, Dir::ALL[3]),
        geometry.toward(set, Dir::ALL[4]),
        geometry.toward(set, Dir::ALL[5]),
        geometry.toward(set, Dir::ALL[6]),
        geometry.toward(set, Dir::ALL[7]),
    ]
}

/// Fanorona Chess or Double Fanorona Chess, as the data says.
pub struct Fanorona {
    basics: Basics,
    /// Whether Pawns may step two points from their first rank (the data's
    /// `pawn_double_step`).
    double_step: bool,
    /// Where each side's King starts: its leap right is only valid there.
    king_homes: [Option<Loc>; 2],
    /// How many of each piece each side has at the start: the most it can ever own.
    setup: Reserve,
    /// The Knight's (and leaping King's) paths from each point.
    knight_paths: PathTable,
}

impl Fanorona {
    /// Whether `side`'s King stands on its starting point in `pos`, where a leap right needs it.
    fn leap_possible(&self, pos: &Position, side: Side) -> bool {
        pos.board.king_of(side) == self.king_homes[side.index()]
    }

    /// The variant of `data` (Fanorona Chess or Double Fanorona Chess); a start position that
    /// cannot be read is an [`Error::Data`].
    pub fn new(data: VariantData, options: Options) -> Result<Fanorona, Error> {
        let kinds: Vec<Kind> = KINDS
            .into_iter()
            .filter(|kind| *kind != Kind::Chancellor || data.piece(*kind).is_some())
            .collect();
        let double_step = data.pawn_double_step;
        let basics = Basics::new(data, options, Lines::Alquerque, &kinds, &[])?;
        let fen = basics.data.start_fen(&basics.options);
        let start_board = fen::read_board(
            fen.split(' ').next().unwrap_or_default(),
            &basics.geometry,
            &basics.letters,
            fen::Holes::None,
        )
        .map_err(|e| Error::Data {
            place: format!("assets/variants/{}.ron: start", basics.data.id),
            why: e.to_string(),
        })?;
        let mut setup = Reserve::default();
        for (_, piece) in start_board.pieces() {
            setup.add(piece);
        }
        let king_homes = Side::BOTH.map(|side| start_board.king_of(side));
        let knight_paths = PathTable::new(&basics.geometry, &KNIGHT_PATHS);
        Ok(Fanorona {
            basics,
            knight_paths,
            double_step,
            king_homes,
            setup,
        })
    }

    /// Calls `emit(play)` for every move of `side` that follows the movement and capture rules
    /// and is `wanted`, whatever it does to `side`'s own King. `leap` says whether the King may
    /// leap.
    fn for_each_turn(
        &self,
        board: &Board,
        reserve: &Reserve,
        (side, leap): (Side, bool),
        wanted: Wanted,
        mut emit: impl FnMut(Play),
    ) {
        let geometry = &self.basics.geometry;
        let empty = geometry.inside() & !board.blockers();
        let enemies = board.occupied_by(side.opponent());
        for (from, piece) in board.pieces_of(side) {
            let may_withdraw = geometry.adjacent(from).intersects(enemies);
            let promotes =
                |to: Loc| piece.kind == Kind::Pawn && to.rank() == geometry.last_rank(side);
            let enemy_towards = |at: Loc, dir: Dir| {
                geometry
                    .neighbour(at, dir)
                    .is_some_and(|beside| enemies.contains(beside))
            };
            let mut stride = |first: Dir, last: Dir, to: Loc, kinetics: Kinetics| {
                // Looking for captures, a move with no enemy beyond its end nor behind its
                // start (and no promotion) is passed over before its captures are worked out.
                if wanted == Wanted::Noisy
                    && !(promotes(to)
                        || enemy_towards(to, last)
                        || may_withdraw && enemy_towards(from, first.opposite()))
                {
                    return;
                }
                let stride = Stride {
                    from,
                    to,
                    first,
                    last,
                    kinetics,
                    may_withdraw,
                };
                self.resolve(board, reserve, side, stride, promotes(to), &mut emit);
            };
            let mut slide_or_step = |dir: Dir, to: Loc, occupant: Option<Piece>| {
                if occupant.is_none() {
                    stride(dir, dir, to, Kinetics::Capturing);
                }
            };
            let moves = movement(piece);
            // A piece with no empty point beside it can neither step nor slide (on a crowded
            // board, most of them): only its leaps are left to look at.
            if geometry.adjacent(from).intersects(empty) {
                for (dirs, range) in [(moves.steps, Range::Step), (moves.slides, Range::Slide)] {
                    ride(geometry, board, from, dirs, range, &mut slide_or_step);
                }
            }
            let mut knight = |kinetics: Kinetics| {
                path_leap(
                    &self.knight_paths,
                    board,
                    from,
                    |(first, last): Path, _, to, occupant| {
                        if occupant.is_none() {
                            stride(first, last, to, kinetics);
                        }
                    },
                );
            };
            // The King's leap and the Pawn's double step never capture nor promote.
            if moves.leaps != 0 {
                knight(Kinetics::Capturing);
            } else if piece.kind == Kind::King && leap && wanted == Wanted::All {
                knight(Kinetics::Peaceful);
            }
            if wanted == Wanted::All
                && piece.kind == Kind::Pawn
                && self.double_step
                && from.rank() == pawn_start_rank(side, geometry)
            {
                let forward = side.forward_dir();
                let over = geometry
                    .neighbour(from, forward)
                    .filter(|l| board.is_empty(*l));
                if let Some(to) = over.and_then(|l| geometry.neighbour(l, forward))
                    && board.is_empty(to)
                {
                    stride(forward, forward, to, Kinetics::Peaceful);
                }
            }
        }
    }

    /// Calls `emit(play)` for every legal turn of `pos` that is `wanted`, and for
    /// `Tested::Cheaply` some that are not. A turn that neither moves the King nor gives the
    /// opponent a piece back keeps each line from the King as safe as it was unless it changes
    /// a point that line's test read (see [`KingWatch`]); only those lines are tested again, on
    /// the board as the turn leaves it (for `Tested::Cheaply`, not here: the search tests the
    /// turns it plays with [`SearchHints::play_candidate`]).
    fn for_each_legal(
        &self,
        pos: &Position,
        (wanted, tested): (Wanted, Tested),
        mut emit: impl FnMut(Play),
    ) {
        let board = &pos.board;
        let side = pos.side;
        let reserve = &pos.state.reserve;
        if tested == Tested::Cheaply && !self.king_capturable(board, reserve, side) {
            let leap = self.may_leap(pos, false);
            self.for_each_turn(board, reserve, (side, leap), wanted, emit);
            return;
        }
        let watch = self.watch_king(board, reserve, side);
        let in_check = watch.as_ref().is_some_and(KingWatch::in_check);
        let leap = self.may_leap(pos, in_check);
        self.for_each_turn(board, reserve, (side, leap), wanted, |play| {
            let legal = watch
                .as_ref()
                .is_none_or(|watch| !self.exposes(watch, (board, reserve, side), play, tested));
            if legal {
                emit(play);
            }
        });
    }

    /// Whether `play` leaves `side`'s King, watched on `board` by `watch`, where an enemy could
    /// capture it; for `Tested::Cheaply`, only where that is found without testing a line
    /// again. Most turns take nothing and change no point the watch read: they leave the King
    /// as it was, found here without a call.
    #[inline]
    fn exposes(
        &self,
        watch: &KingWatch,
        (board, reserve, side): (&Board, &Reserve, Side),
        play: Play,
        tested: Tested,
    ) -> bool {
        let touched = watch.lines_reading(play.from, play.to, play.removed);
        if play.removed.is_none() && touched == DirSet::NONE {
            watch.in_check()
        } else {
            tested == Tested::Fully
                && self.exposes_touched(watch, board, reserve, side, play, touched)
        }
    }

    /// [`Fanorona::exposes`] for a turn that takes a piece or changes what the lines `touched`
    /// read.
    #[inline(never)]
    fn exposes_touched(
        &self,
        watch: &KingWatch,
        board: &Board,
        reserve: &Reserve,
        side: Side,
        play: Play,
        touched: DirSet,
    ) -> bool {
        let returned = play
            .removed
            .and_then(|at| board.piece(at))
            .filter(|victim| !matches!(victim.kind, Kind::Pawn | Kind::King));
        if returned.is_none() && touched == DirSet::NONE {
            return watch.in_check();
        }
        let Some(piece) = board.piece(play.from) else {
            return false;
        };
        let after = Moved {
            board,
            from: play.from,
            to: play.to,
            piece: play.promotion.unwrap_or(piece),
            removed: play.removed,
        };
        if returned.is_none() && piece.kind != Kind::King {
            watch.capturable_after(touched, |away| {
                self.capturable_along(&after, reserve, watch.king, away, side.opponent())
            })
        } else if play.removed.is_none() {
            // A King's move that takes nothing: its lines from `to` never read `to` itself, so
            // the board with the King lifted off `from` answers as the board after the move.
            let lifted = Lifted {
                board,
                from: play.from,
            };
            Dir::ALL
                .into_iter()
                .any(|away| self.capturable_along(&lifted, reserve, play.to, away, side.opponent()))
        } else {
            let mut reserve = *reserve;
            if let Some(victim) = returned {
                reserve.add(victim);
            }
            self.king_capturable(&after, &reserve, side)
        }
    }

    /// `side`'s King's safety line by line on `board`, with the lines whose tests read each
    /// point; `None` when it has no one King.
    fn watch_king(&self, board: &Board, reserve: &Reserve, side: Side) -> Option<KingWatch> {
        let king = board.king_of(side)?;
        let mut watch = KingWatch {
            king,
            capturable: DirSet::NONE,
            readers: [DirSet::NONE; LOC_COUNT],
        };
        watch.readers[king.index()] = DirSet::ALL;
        let readers = Cell::from_mut(&mut watch.readers[..]).as_slice_of_cells();
        for away in Dir::ALL {
            let watched = Watched {
                board,
                line: away,
                readers,
            };
            if self.capturable_along(&watched, reserve, king, away, side.opponent()) {
                watch.capturable = watch.capturable.union(DirSet::of(&[away]));
            }
        }
        Some(watch)
    }

    /// Turns the stride into turns: one per capture it can make (or one without capture), and
    /// one per promotion choice; a peaceful stride that would capture is no turn at all.
    fn resolve(
        &self,
        board: &Board,
        reserve: &Reserve,
        side: Side,
        stride: Stride,
        promotes: bool,
        emit: &mut impl FnMut(Play),
    ) {
        let enemy = |loc: Option<Loc>| loc.filter(|l| board.is_side(*l, side.opponent()));
        let approach = enemy(self.basics.geometry.neighbour(stride.to, stride.last));
        let withdrawal = if stride.may_withdraw {
            enemy(
                self.basics
                    .geometry
                    .neighbour(stride.from, stride.first.opposite()),
            )
        } else {
            None
        };
        let captures = [approach, withdrawal];
        let captures_any = captures.iter().any(Option::is_some);
        if stride.kinetics == Kinetics::Peaceful && captures_any {
            return;
        }
        let mut with_capture = |promotion: Option<Piece>| {
            let play = Play {
                from: stride.from,
                to: stride.to,
                removed: None,
                promotion,
            };
            if captures_any {
                for target in captures.iter().flatten() {
                    emit(Play {
                        removed: Some(*target),
                        ..play
                    });
                }
            } else {
                emit(play);
            }
        };
        if promotes {
            for kind in reserve.kinds_of(side) {
                with_capture(Some(Piece::new(kind, side)));
            }
        } else {
            with_capture(None);
        }
    }

    /// Whether the opponent of `side`, moving now, could capture `side`'s King: by withdrawal
    /// (an enemy piece beside the King moving straight away from it) or by approach (an enemy
    /// piece arriving on an empty point beside the King with its last step towards it). Worked
    /// backwards from the King, so it costs a few table lookups rather than a move generation.
    fn king_capturable(&self, board: &impl Points, reserve: &Reserve, side: Side) -> bool {
        let Some(king) = board.king_of(side) else {
            return false;
        };
        Dir::ALL
            .into_iter()
            .any(|away| self.capturable_along(board, reserve, king, away, side.opponent()))
    }

    /// Whether a piece of `enemy` could capture the King on `king` from the point beside it
    /// towards `away`: by withdrawal from it, or by approach onto it.
    fn capturable_along(
        &self,
        board: &impl Points,
        reserve: &Reserve,
        king: Loc,
        away: Dir,
        enemy: Side,
    ) -> bool {
        let Some(beside) = self.basics.geometry.neighbour(king, away) else {
            return false;
        };
        match board.piece(beside) {
            Some(piece) if piece.side == enemy => {
                self.can_start(board, reserve, piece, beside, away)
            }
            Some(_) => false,
            None => self.can_arrive(board, reserve, enemy, beside, away.opposite()),
        }
    }

    /// Whether `piece` on `from` has a capturing move whose first step goes towards `first`.
    fn can_start(
        &self,
        board: &impl Points,
        reserve: &Reserve,
        piece: Piece,
        from: Loc,
        first: Dir,
    ) -> bool {
        let Some(next) = self.basics.geometry.neighbour(from, first) else {
            return false;
        };
        let moves = movement(piece);
        let steps_onto_next = board.is_empty(next)
            && (moves.slides.contains(first) || self.may_step(reserve, piece, next, first));
        let knight_from_here = moves.leaps != 0
            && knight_turns(first).into_iter().any(|second| {
                self.basics
                    .geometry
                    .neighbour(next, second)
                    .is_some_and(|to| board.is_empty(to))
            });
        steps_onto_next || knight_from_here
    }

    /// Whether a piece of `side` can arrive on the empty point `to` with its last step towards
    /// `last`.
    fn can_arrive(
        &self,
        board: &impl Points,
        reserve: &Reserve,
        side: Side,
        to: Loc,
        last: Dir,
    ) -> bool {
        let back = last.opposite();
        let Some(behind) = self.basics.geometry.neighbour(to, back) else {
            return false;
        };
        let next_to = board.piece(behind);
        if next_to.is_some_and(|p| p.side == side && self.may_step(reserve, p, to, last)) {
            return true;
        }
        let slider = next_to
            .or_else(|| {
                self.basics
                    .geometry
                    .ray(behind, back)
                    .find_map(|at| board.piece(at))
            })
            .is_some_and(|piece| piece.side == side && movement(piece).slides.contains(last));
        slider
            || knight_turns(last).into_iter().any(|first| {
                self.basics
                    .geometry
                    .neighbour(behind, first.opposite())
                    .and_then(|start| board.piece(start))
                    .is_some_and(|p| p.side == side && movement(p).leaps != 0)
            })
    }

    /// Whether `piece` may step towards `dir` onto the empty point `to`: a Pawn onto the far
    /// rank only with a lost piece to promote to.
    fn may_step(&self, reserve: &Reserve, piece: Piece, to: Loc, dir: Dir) -> bool {
        let side = piece.side;
        movement(piece).steps.contains(dir)
            && (piece.kind != Kind::Pawn
                || to.rank() != self.basics.geometry.last_rank(side)
                || reserve.kinds_of(side).next().is_some())
    }

    fn may_leap(&self, pos: &Position, in_check: bool) -> bool {
        pos.state.leap_rights & (1 << pos.side.index()) != 0 && !in_check
    }

    /// [`SearchHints::positional`] for the first player: each piece's placement, and 8 for each
    /// threat it makes. Inlined into [`SearchHints::positional`]'s bit instructions.
    #[inline(always)]
    fn placement_and_threats(&self, board: &Board) -> i32 {
        let geometry = &self.basics.geometry;
        let before_empty = toward_each(geometry, geometry.inside() & !board.blockers());
        let mut sum = 0;
        for side in Side::BOTH {
            let movers = Movers::of(board, side);
            let others = board.occupied_by(side) & !movers.pawns & !board.kings_of(side);
            let placed = 5 * terms::progress_of(geometry, movers.pawns, side)
                + 3 * terms::centrality_of(geometry, others);
            let lines = ThreatBoard {
                geometry,
                before_empty: &before_empty,
                before_enemy: toward_each(geometry, board.occupied_by(side.opponent())),
            };
            let threats = lines.threats::<0>(&movers)
                + lines.threats::<1>(&movers)
                + lines.threats::<2>(&movers)
                + lines.threats::<3>(&movers)
                + lines.threats::<4>(&movers)
                + lines.threats::<5>(&movers)
                + lines.threats::<6>(&movers)
                + lines.threats::<7>(&movers);
            sum += terms::for_white(side, placed + 8 * threats);
        }
        sum
    }

    /// The points a move passes, start and destination included: straight for steps and slides,
    /// through the one intermediate point for a Knight's (or leaping King's) path.
    fn path(&self, from: Loc, to: Loc) -> Vec<Loc> {
        for dir in Dir::ALL {
            let mut path = vec![from];
            for at in self.basics.geometry.ray(from, dir) {
                path.push(at);
                if at == to {
                    return path;
                }
            }
        }
        self.knight_paths
            .from(from)
            .iter()
            .find(|(_, _, end)| *end == to)
            .map_or_else(|| vec![from, to], |(_, via, _)| vec![from, *via, to])
    }

    fn read_reserve(&self, field: &str) -> Result<Reserve, Error> {
        let mut reserve = Reserve::default();
        if field == "-" {
            return Ok(reserve);
        }
        for c in field.chars() {
            let piece = self
                .basics
                .letters
                .piece(c)
                .filter(|p| !matches!(p.kind, Kind::Pawn | Kind::King))
                .ok_or_else(|| Error::fen(field, format!("'{c}' cannot be a captured piece")))?;
            reserve.add(piece);
        }
        Ok(reserve)
    }

    fn reserve_text(&self, reserve: &Reserve) -> String {
        let mut letters: Vec<char> = Vec::new();
        for side in Side::BOTH {
            for kind in reserve.kinds_of(side) {
                let piece = Piece::new(kind, side);
                for _ in 0..reserve.count(piece) {
                    letters.push(self.basics.letters.letter(piece));
                }
            }
        }
        letters.sort_unstable();
        if letters.is_empty() {
            "-".into()
        } else {
            letters.into_iter().collect()
        }
    }
}

/// The directions a Knight's path turns to after a first step towards `dir`, and turned from
/// before a last step towards it: an eighth of a turn either way (see [`KNIGHT_PATHS`]).
const fn knight_turns(dir: Dir) -> [Dir; 2] {
    let i = dir.index();
    [Dir::ALL[(i + 1) % 8], Dir::ALL[(i + 7) % 8]]
}

/// What [`Fanorona::king_capturable`] reads of a board: the board itself, or the board as a
/// turn leaves it.
trait Points {
    /// The piece on `at`, if any.
    fn piece(&self, at: Loc) -> Option<Piece>;

    /// Whether `at` is a point with nothing on it.
    fn is_empty(&self, at: Loc) -> bool;

    /// `side`'s King, when it has exactly one.
    fn king_of(&self, side: Side) -> Option<Loc>;
}

impl Points for Board {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        Board::piece(self, at)
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        Board::is_empty(self, at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        Board::king_of(self, side)
    }
}

/// A King's safety line by line, found once per position: the lines along which an enemy could
/// capture it, and for each point the lines whose tests read it (a turn that changes none of a
/// line's points leaves that line's answer as it was).
struct KingWatch {
    king: Loc,
    /// The lines along which an enemy could capture the King now.
    capturable: DirSet,
    /// Per point, the lines whose tests read it; the King's own point counts for every line.
    readers: [DirSet; LOC_COUNT],
}

impl KingWatch {
    /// Whether an enemy could capture the King now.
    fn in_check(&self) -> bool {
        self.capturable != DirSet::NONE
    }

    /// The lines whose tests read `from`, `to` or `removed`: those a turn changing these
    /// points may change.
    #[inline]
    fn lines_reading(&self, from: Loc, to: Loc, removed: Option<Loc>) -> DirSet {
        let removed = removed.map_or(DirSet::NONE, |at| self.readers[at.index()]);
        self.readers[from.index()]
            .union(self.readers[to.index()])
            .union(removed)
    }

    /// Whether an enemy could capture the King after a turn that changes points only the
    /// `touched` lines read, neither moving the King nor changing the reserve: the other lines
    /// keep their answer, the touched ones ask `along(away)` again.
    #[inline]
    fn capturable_after(&self, touched: DirSet, along: impl Fn(Dir) -> bool) -> bool {
        self.capturable.0 & !touched.0 != 0 || touched.iter().any(along)
    }
}

/// A board that notes every point read of it as read by the test of the King's `line`: when a
/// turn changes none of them, that test gives the same answer after the turn.
struct Watched<'a> {
    board: &'a Board,
    line: Dir,
    readers: &'a [Cell<DirSet>],
}

impl Watched<'_> {
    #[inline]
    fn note(&self, at: Loc) {
        let readers = &self.readers[at.index()];
        readers.set(readers.get().union(DirSet::of(&[self.line])));
    }
}

impl Points for Watched<'_> {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        self.note(at);
        self.board.piece(at)
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        self.note(at);
        self.board.is_empty(at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        let king = self.board.king_of(side);
        if let Some(at) = king {
            self.note(at);
        }
        king
    }
}

/// A board with the piece on `from` lifted off it, read without copying it: a King's lines from
/// the point it moves to are tested on it (its `king_of` answers as the board does, so the King
/// is named by where it goes, not asked for).
struct Lifted<'a> {
    board: &'a Board,
    from: Loc,
}

impl Points for Lifted<'_> {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        if at == self.from {
            None
        } else {
            self.board.piece(at)
        }
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        at == self.from || self.board.is_empty(at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        self.board.king_of(side)
    }
}

/// A board as a move leaves it, read without copying it: `piece` gone from `from` to `to`
/// (promoted already), and whatever stood on `removed` taken.
struct Moved<'a> {
    board: &'a Board,
    from: Loc,
    to: Loc,
    piece: Piece,
    removed: Option<Loc>,
}

impl Points for Moved<'_> {
    #[inline]
    fn piece(&self, at: Loc) -> Option<Piece> {
        if at == self.to {
            Some(self.piece)
        } else if at == self.from || Some(at) == self.removed {
            None
        } else {
            self.board.piece(at)
        }
    }

    #[inline]
    fn is_empty(&self, at: Loc) -> bool {
        self.piece(at).is_none() && !self.board.is_hole(at)
    }

    #[inline]
    fn king_of(&self, side: Side) -> Option<Loc> {
        if self.piece == Piece::new(Kind::King, side) {
            Some(self.to)
        } else {
            self.board.king_of(side)
        }
    }
}

/// The directions a Pawn of `side` steps in: straight and diagonally forward.
const fn pawn_dirs(side: Side) -> DirSet {
    match side {
        Side::White => DirSet::of(&[Dir::N, Dir::NE, Dir::NW]),
        Side::Black => DirSet::of(&[Dir::S, Dir::SE, Dir::SW]),
    }
}

/// The rank a side's Pawns start on: the second from its own side.
fn pawn_start_rank(side: Side, geometry: &Geometry) -> u8 {
    match side {
        Side::White => 1,
        Side::Black => geometry.ranks() - 2,
    }
}

fn leap_text(rights: u8) -> &'static str {
    match rights & 3 {
        0 => "-",
        1 => "K",
        2 => "k",
        _ => "Kk",
    }
}

impl Apply for Fanorona {
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        let mut next = *pos;
        let Some(piece) = pos.board.piece(turn.from) else {
            return next;
        };
        rec.record(|| Event::Moved {
            piece,
            path: self.path(turn.from, turn.to),
        });
        next.board.move_piece(turn.from, turn.to);
        let mut reset_clock = piece.kind == Kind::Pawn;
        if let Some(Removal::At(at)) = turn.removal
            && let Some(victim) = pos.board.piece(at)
        {
            let adjacent = Dir::ALL
                .iter()
                .any(|d| self.basics.geometry.neighbour(turn.to, *d) == Some(at));
            rec.record(|| Event::Captured {
                piece: victim,
                at,
                how: if adjacent {
                    Capture::Approach
                } else {
                    Capture::Withdrawal
                },
            });
            if !matches!(victim.kind, Kind::Pawn | Kind::King) {
                next.state.reserve.add(victim);
            }
            next.board.clear(at);
            reset_clock = true;
        }
        if let Some(promoted) = turn.promotion {
            rec.record(|| Event::Promoted {
                at: turn.to,
                from: piece,
                to: promoted,
            });
            next.board.put(turn.to, promoted);
            next.state.reserve.take(promoted);
        }
        if piece.kind == Kind::King {
            next.state.leap_rights &= !(1 << pos.side.index());
        }
        next.end_turn(reset_clock)
    }
}

impl Rules for Fanorona {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.for_each_legal(pos, (Wanted::All, Tested::Fully), |play| {
            out.push(play.turn());
        });
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.king_capturable(&pos.board, &pos.state.reserve, pos.side)
    }

    fn own_outcome(&self, pos: &Position, _last: Option<&Turn>) -> Option<Outcome> {
        self.checkmate_or(pos, || Outcome::win(pos.side.opponent(), Reason::Stalemate))
    }

    fn validate(&self, pos: &Position) -> Result<(), Error> {
        self.basics.one_king_each(&pos.board)?;
        let data = &self.basics.data;
        for side in Side::BOTH {
            let right = pos.state.leap_rights & (1 << side.index()) != 0;
            if right && !self.leap_possible(pos, side) {
                return Err(Error::fen(
                    leap_text(pos.state.leap_rights),
                    "a leap right needs its King on its starting point",
                )
                .advising(format!(
                    "{}'s King has left its starting point, so it cannot leap.",
                    data.side_name(side)
                )));
            }
            for kind in Kind::ALL {
                let piece = Piece::new(kind, side);
                let owned = pos.board.count(piece) + usize::from(pos.state.reserve.count(piece));
                if owned > usize::from(self.setup.count(piece)) {
                    return Err(Error::fen(
                        self.basics.letters.letter(piece).to_string(),
                        "more of this piece than the setup has",
                    )
                    .advising(format!(
                        "There are more of the {} (on the board and lost) than the game \
                         starts with: take one off.",
                        data.piece_words(piece)
                    )));
                }
            }
        }
        self.basics.no_pawn_on_end_ranks(&pos.board)?;
        waiting_side_not_in_check(self, pos)
    }

    fn state_field_count(&self) -> usize {
        2
    }

    fn read_state(&self, _side: Side, fields: &[&str]) -> Result<RuleState, Error> {
        let [leap, captured] = fen::exactly(fields)?;
        let leap_rights = match leap {
            "-" => 0,
            "K" => 1,
            "k" => 2,
            "Kk" => 3,
            other => return Err(Error::fen(other, "leap rights must be one of - K k Kk")),
        };
        Ok(RuleState {
            leap_rights,
            reserve: self.read_reserve(captured)?,
            ..RuleState::default()
        })
    }

    fn write_state(&self, pos: &Position, out: &mut String) {
        out.push_str(&format!(
            " {} {}",
            leap_text(pos.state.leap_rights),
            self.reserve_text(&pos.state.reserve),
        ));
    }
}

impl SearchHints for Fanorona {
    /// Every turn, with the full test of the King's safety left for the turns the search
    /// reaches: it plays few of the turns it lists.
    fn candidate_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) {
        out.clear();
        self.for_each_legal(pos, (Wanted::All, Tested::Cheaply), |play| {
            out.push(play.turn());
        });
    }

    fn candidates_are_legal(&self) -> bool {
        false
    }

    fn play_candidate(&self, pos: &Position, turn: &Turn) -> Option<Position> {
        let after = self.play_unchecked(pos, turn);
        (!self.king_capturable(&after.board, &after.state.reserve, pos.side)).then_some(after)
    }

    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        let mut count = 0;
        self.for_each_legal(pos, (Wanted::All, Tested::Fully), |_| count += 1);
        count
    }

    /// The turns that take a piece (by approach or withdrawal) or promote a Pawn; a quiet move
    /// is passed over before its captures are worked out or its legality is tested.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        out.clear();
        self.for_each_legal(pos, (Wanted::Noisy, Tested::Cheaply), |play| {
            out.push(play.turn());
        });
        true
    }

    /// Pawns forward, pieces to the middle, and threats: an enemy piece in line beyond an empty
    /// point a piece could step to (approach), or right behind a piece that could step away
    /// from it (withdrawal).
    fn positional(&self, pos: &Position) -> i32 {
        bit_instructions!(self.placement_and_threats(&pos.board))
    }
}

impl ScreenHelpers for Fanorona {
    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        Side::BOTH
            .iter()
            .map(|side| {
                let names: Vec<&str> = pos
                    .state
                    .reserve
                    .kinds_of(*side)
                    .flat_map(|kind| {
                        let piece = Piece::new(kind, *side);
                        let name = self
                            .basics
                            .data
                            .piece(kind)
                            .map_or("?", |p| p.name.as_str());
                        std::iter::repeat_n(name, usize::from(pos.state.reserve.count(piece)))
                    })
                    .collect();
                let value = if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                };
                (
                    format!("{} can promote to", self.basics.data.side_name(*side)),
                    value,
                )
            })
            .collect()
    }

    fn state_controls(&self, pos: &Position) -> Vec<StateControl> {
        let data = &self.basics.data;
        let mut controls = Vec::new();
        for side in Side::BOTH {
            let name = data.side_name(side);
            controls.push(StateControl::flag(
                StateKey::LeapRight(side),
                format!("{name}'s King may still leap"),
                self.leap_possible(pos, side),
            ));
            for kind in self.setup.kinds_of(side) {
                let piece = Piece::new(kind, side);
                if matches!(kind, Kind::Pawn | Kind::King) {
                    continue;
                }
                let on_board = u32::try_from(pos.board.count(piece)).unwrap_or(u32::MAX);
                let lost = u32::from(self.setup.count(piece)).saturating_sub(on_board);
                let name = data.piece_words(piece);
                controls.push(StateControl::count(
                    StateKey::Reserve(piece),
                    format!("{name}s lost (to come back by promotion)"),
                    0,
                    lost,
                ));
            }
        }
        controls
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Discard;
    use crate::search::SplitMix64;
    use crate::variant::Variant;

    /// The legal turns, judged by the King's watched lines, are exactly the possible turns that
    /// pass the plain test: the King not capturable on the board, and with the reserve, the
    /// turn leaves. In the positions of random games of both boards.
    #[test]
    fn watched_legality_matches_the_plain_test() {
        let mut random = SplitMix64::new(0xfa40_2042);
        let mut judged = 0;
        for id in ["fanorona-chess", "double-fanorona-chess"] {
            let variant = Variant::load(id, &[]).expect("the variant loads");
            let rules = Fanorona::new(variant.data().clone(), variant.options().clone())
                .expect("the rules build");
            for _ in 0..12 {
                let mut pos = *variant.start();
                for _ in 0..150 {
                    let (board, reserve, side) = (&pos.board, &pos.state.reserve, pos.side);
                    let leap = rules.may_leap(&pos, rules.in_check(&pos));
                    let mut plain = Vec::new();
                    rules.for_each_turn(board, reserve, (side, leap), Wanted::All, |play| {
                        let next = rules.apply(&pos, &play.turn(), &mut Discard);
                        if !rules.king_capturable(&next.board, &next.state.reserve, side) {
                            plain.push(play.turn());
                        }
                    });
                    let listed = rules.legal_turns(&pos);
                    let fen = variant.fen(&pos);
                    assert_eq!(listed.len(), plain.len(), "{fen}");
                    assert!(listed.iter().all(|t| plain.contains(t)), "{fen}");
                    judged += plain.len();
                    if listed.is_empty() {
                        break;
                    }
                    pos = rules.play_unchecked(&pos, &listed[random.below(listed.len())]);
                }
            }
        }
        assert!(judged > 10_000, "only {judged} turns judged");
    }

    /// The judgement's threats sort pieces by their lines ([`Movers`]): each piece's steps and
    /// slides together are all the orthogonal directions or none, all the diagonal ones or
    /// none, except the Pawn's three forward.
    #[test]
    fn every_piece_moves_along_whole_classes_of_lines() {
        for kind in KINDS {
            for side in Side::BOTH {
                let moves = movement(Piece::new(kind, side));
                let dirs = moves.steps.union(moves.slides);
                if kind == Kind::Pawn {
                    assert_eq!(dirs, pawn_dirs(side));
                    continue;
                }
                for class in [DirSet::ORTHOGONAL, DirSet::DIAGONAL] {
                    let part = dirs.0 & class.0;
                    assert!(part == 0 || part == class.0, "{kind:?} {side:?}");
                }
            }
        }
    }

    /// The judgement's threats, counted a direction at a time over whole sets, are those a
    /// walk from each piece along each of its lines finds: an empty point next to it with an
    /// enemy beyond (approach) or an enemy right behind it (withdrawal). In the positions of
    /// random games of both boards.
    #[test]
    fn threats_counted_set_wise_are_those_found_piece_by_piece() {
        let mut random = SplitMix64::new(0x7e_a75);
        for id in ["fanorona-chess", "double-fanorona-chess"] {
            let variant = Variant::load(id, &[]).expect("the variant loads");
            let rules = Fanorona::new(variant.data().clone(), variant.options().clone())
                .expect("the rules build");
            let geometry = &rules.basics.geometry;
            for _ in 0..8 {
                let mut pos = *variant.start();
                for _ in 0..100 {
                    let board = &pos.board;
                    let walked = terms::sum_for_white(board, |loc, piece| {
                        let enemy = piece.side.opponent();
                        let enemy_at = |from: Loc, towards: Dir| {
                            geometry
                                .neighbour(from, towards)
                                .is_some_and(|l| board.is_side(l, enemy))
                        };
                        let moves = movement(piece);
                        let threats = moves
                            .steps
                            .union(moves.slides)
                            .iter()
                            .filter(|dir| {
                                geometry.neighbour(loc, *dir).is_some_and(|to| {
                                    board.is_empty(to)
                                        && (enemy_at(to, *dir) || enemy_at(loc, dir.opposite()))
                                })
                            })
                            .count() as i32;
                        let placed = match piece.kind {
                            Kind::Pawn => 5 * terms::progress(geometry, loc, piece.side),
                            Kind::King => 0,
                            _ => 3 * terms::centrality(geometry, loc),
                        };
                        8 * threats + placed
                    });
                    assert_eq!(
                        rules.placement_and_threats(board),
                        walked,
                        "{}",
                        variant.fen(&pos)
                    );
                    let listed = variant.legal_turns(&pos);
                    if listed.is_empty() {
                        break;
                    }
                    pos = variant.play_unchecked(&pos, &listed[random.below(listed.len())]);
                }
            }
        }
    }

    /// The quiescence search's turns, less those found illegal when the search comes to them,
    /// are exactly the legal turns that take a piece or promote a Pawn, though quiet moves are
    /// passed over before their captures are worked out. In the positions of random games of
    /// both boards.
    #[test]
    fn noisy_turns_are_the_legal_captures_and_promotions() {
        let mut random = SplitMix64::new(0x0015_e0a1);
        let mut captures = 0;
        for id in ["fanorona-chess", "double-fanorona-chess"] {
            let variant = Variant::load(id, &[]).expect("the variant loads");
            for _ in 0..12 {
                let mut pos = *variant.start();
                for _ in 0..150 {
                    let listed = variant.legal_turns(&pos);
                    let wanted: Vec<Turn> = listed
                        .iter()
                        .filter(|t| t.removal.is_some() || t.promotion.is_some())
                        .copied()
                        .collect();
                    let mut noisy = Vec::new();
                    variant.noisy_turns_into(&pos, &mut noisy);
                    noisy.retain(|t| variant.play_candidate(&pos, t).is_some());
                    assert_eq!(noisy, wanted, "{}", variant.fen(&pos));
                    captures += noisy.len();
                    if listed.is_empty() {
                        break;
                    }
                    pos = variant.play_unchecked(&pos, &listed[random.below(listed.len())]);
                }
            }
        }
        assert!(captures > 1_000, "only {captures} captures seen");
    }
}
