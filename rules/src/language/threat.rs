//! Which pieces could take a royal piece, found backwards from it: for every capture the
//! language has (landing, approach, withdrawal, interception, removal on entering a region),
//! the squares a taker must start from. [`Lang::threatens`] then plays out only those pieces'
//! moves, so a royal piece's safety costs a few pieces' moves rather than the whole side's.

use super::compile::{Lang, Zone};
use super::notation::{Atom, Travel};
use super::rays::Rays;
use super::schema::CaptureMode;
use crate::board::{Board, Content};
use crate::position::Position;
use crate::types::{Dir, Kind, LOC_COUNT, Loc, LocSet, Piece, Side};

/// The farthest a move along the board's lines (`t` atoms) lands from where it starts, in
/// steps along a rank or file.
const LINE_LEAP_REACH: u8 = 2;

impl Lang {
    /// The squares of the side to move's pieces that could take a royal piece of the other
    /// side by some move of `pos`: every piece that can, and maybe a few that cannot.
    pub fn royal_takers(&self, pos: &Position) -> LocSet {
        let by = pos.side;
        let board = &pos.board;
        let mut out = LocSet::EMPTY;
        for kind in &self.royals {
            for royal in board.locs_of(Piece::new(*kind, by.opponent())) {
                out |= self.takers_of(board, royal, by);
            }
        }
        if let Some(passed) = pos.state.en_passant {
            out |= self.landers(board, passed, by);
        }
        out |= self.royal_removers(board, by);
        out & board.occupied_by(by)
    }

    /// The squares `by`'s takers of the piece on `royal` could start from, by the file's
    /// capture modes (removal apart).
    fn takers_of(&self, board: &Board, royal: Loc, by: Side) -> LocSet {
        let modes = &self.capture.modes;
        let geometry = &self.basics.geometry;
        let mut out = LocSet::EMPTY;
        if self.captures_by_landing {
            out |= self.landers(board, royal, by);
        }
        if modes.contains(&CaptureMode::Withdrawal) {
            out |= geometry.adjacent(royal);
        }
        let approaches = modes.contains(&CaptureMode::Approach);
        let intercepts = modes.contains(&CaptureMode::Interception);
        if !approaches && !intercepts {
            return out;
        }
        let leapers = self.line_leapers(board, by);
        for dir in Dir::ALL {
            let Some(next) = geometry.neighbour(royal, dir) else {
                continue;
            };
            if approaches && board.is_empty(next) {
                out |= first_pieces(board, geometry.ray(next, dir), 1) | near(leapers, next);
            }
            if intercepts
                && dir.is_diagonal()
                && geometry
                    .neighbour(royal, dir.opposite())
                    .and_then(|beyond| board.piece(beyond))
                    .is_some_and(|p| p.side == by)
            {
                out |= self.landers(board, next, by);
            }
        }
        out
    }

    /// The squares of `by`'s pieces that could reach `at` by some move, onto a piece or not.
    fn landers(&self, board: &Board, at: Loc, by: Side) -> LocSet {
        let mut out = LocSet::EMPTY;
        for &kind in &self.kinds {
            out |=
                self.leap_sources[leap_index(kind, by, at)] & board.locs_of(Piece::new(kind, by));
        }
        for &kind in &self.riding_kinds {
            let theirs = board.locs_of(Piece::new(kind, by));
            if theirs.is_empty() {
                continue;
            }
            let rule = self.piece(kind);
            for (atom, rays) in rule.atoms.iter().zip(&rule.rays) {
                if atom.travel == Travel::Ride {
                    out |= ridden_from(board, at, by, atom, rays) & theirs;
                }
            }
        }
        out
    }

    /// The table behind [`Lang::leap_sources`]: for each kind, side and square, the squares
    /// a leap of it (or a move along the lines, or anywhere) could come from on an empty board.
    pub fn leap_sources(&self) -> Vec<LocSet> {
        let geometry = &self.basics.geometry;
        let mut out = vec![LocSet::EMPTY; Kind::COUNT * 2 * LOC_COUNT];
        for (kind, rule) in Kind::ALL.into_iter().zip(&self.pieces) {
            let Some(rule) = rule else {
                continue;
            };
            for side in Side::BOTH {
                for from in geometry.inside() {
                    let mut reached = LocSet::EMPTY;
                    for (atom, rays) in rule.atoms.iter().zip(&rule.rays) {
                        reached |= match atom.travel {
                            Travel::Anywhere => geometry.inside(),
                            _ if atom.along_lines => {
                                self.paths.from(from).iter().map(|p| p.2).collect()
                            }
                            Travel::Leap => rays
                                .from(side, from)
                                .iter()
                                .filter_map(|ray| ray.squares().last().copied())
                                .collect(),
                            Travel::Ride => LocSet::EMPTY,
                        };
                    }
                    for to in reached {
                        out[leap_index(kind, side, to)] |= from.bit();
                    }
                }
            }
        }
        out
    }

    /// The squares of `by`'s pieces with a move along the board's lines (`t` atoms).
    fn line_leapers(&self, board: &Board, by: Side) -> LocSet {
        let mut out = LocSet::EMPTY;
        for kind in &self.line_leaping_kinds {
            out |= board.locs_of(Piece::new(*kind, by));
        }
        out
    }

    /// The squares of `by`'s pieces that could take a royal piece by entering the removal
    /// region: those of a kind that removes a royal kind, standing where such a piece could
    /// enter it.
    pub(super) fn royal_removers(&self, board: &Board, by: Side) -> LocSet {
        let mut out = LocSet::EMPTY;
        for kind in &self.royal_removing_kinds {
            out |= board.locs_of(Piece::new(*kind, by));
        }
        out & self.removal_entries[by.index()]
    }

    /// The squares from which a piece of `side` of a kind that removes a royal kind could enter
    /// the removal region by one move, on an empty board (every square where the region moves
    /// with the holes).
    pub fn removal_entries(&self, side: Side) -> LocSet {
        let geometry = &self.basics.geometry;
        let Some(removal) = &self.removal else {
            return LocSet::EMPTY;
        };
        let Zone::Fixed(zones) = &self.zones[removal.zone] else {
            return geometry.inside();
        };
        let zone = zones[side.index()];
        let enters = |from: Loc, atom: &Atom, rays: &Rays| match atom.travel {
            Travel::Anywhere => !zone.is_empty(),
            _ if atom.along_lines => self.paths.from(from).iter().any(|p| zone.contains(p.2)),
            _ => rays
                .from(side, from)
                .iter()
                .any(|ray| ray.squares().iter().any(|l| zone.contains(*l))),
        };
        let mut out = LocSet::EMPTY;
        for from in geometry.inside() {
            let entering = self.royal_removing_kinds.iter().any(|kind| {
                let rule = self.piece(*kind);
                rule.atoms
                    .iter()
                    .zip(&rule.rays)
                    .any(|(atom, rays)| enters(from, atom, rays))
            });
            if entering && !zone.contains(from) {
                out |= from.bit();
            }
        }
        out
    }
}

/// Where `leap_sources` keeps the squares a piece of `kind` of `side` could leap to `at` from.
fn leap_index(kind: Kind, side: Side, at: Loc) -> usize {
    (kind.index() * 2 + side.index()) * LOC_COUNT + at.index()
}

/// The squares from which the riding `atom` (whose rays are `rays`) of a piece of `by` could
/// reach `at`, looked along its rays for the other side (each leap turned back) from `at`: a
/// rider's first piece, a hopper's first two.
fn ridden_from(board: &Board, at: Loc, by: Side, atom: &Atom, rays: &Rays) -> LocSet {
    let count = if atom.hop { 2 } else { 1 };
    let mut out = LocSet::EMPTY;
    for ray in rays.from(by.opponent(), at) {
        out |= first_pieces(board, ray.squares().iter().copied(), count);
    }
    out
}

/// The squares of `pieces` near enough to `at` for a move along the board's lines to join them.
fn near(pieces: LocSet, at: Loc) -> LocSet {
    pieces
        .iter()
        .filter(|l| {
            l.file().abs_diff(at.file()) <= LINE_LEAP_REACH
                && l.rank().abs_diff(at.rank()) <= LINE_LEAP_REACH
        })
        .collect()
}

/// The squares of the first `count` pieces along `line`, before any hole: where a piece stands
/// that could move along it to its start (a rider, a hopper over the first, a step's or a lame
/// leap's piece).
fn first_pieces(board: &Board, line: impl Iterator<Item = Loc>, count: usize) -> LocSet {
    let mut out = LocSet::EMPTY;
    for at in line {
        match board.content(at) {
            Content::Hole => break,
            Content::Empty => {}
            Content::Occupied(_) => {
                out |= at.bit();
                if out.len() == count {
                    break;
                }
            }
        }
    }
    out
}

/// What a position's royal pieces risk where captures are only by approach and withdrawal
/// (see [`Lang::lines_guard`]): whether the side to move is in check now, and the squares whose
/// emptying could change that: each neighbour of its royal pieces and the first piece beyond
/// it along the line (emptying a square further out opens no way to that neighbour, nor
/// beyond it for an enemy piece there to withdraw), and, where an enemy `t` mover stands beside
/// one, every square within three steps. Out of check, a turn that only moves a piece from
/// elsewhere to an empty square, capturing nothing and promoting to no enemy piece, stays out
/// of it: filling squares only takes the opponent's ways away.
pub struct LinesGuard {
    in_check: bool,
    open: LocSet,
}

impl LinesGuard {
    /// Whether `turn`, a possible turn of `pos`, keeps the royal pieces safe, where the guard
    /// knows for certain; `None` where only the position after the turn tells.
    pub fn judge(&self, lang: &Lang, pos: &Position, turn: &crate::Turn) -> Option<bool> {
        let quiet = lang.is_quiet(pos, turn);
        (quiet && !self.in_check && !self.open.contains(turn.from)).then_some(true)
    }
}

impl Lang {
    /// The [`LinesGuard`] of the side to move's royal pieces, where every capture is by approach
    /// or withdrawal and a turn is its move alone (no placement, removal, slide, promotion at
    /// the turn's end or en passant square).
    pub fn lines_guard(&self, pos: &Position) -> Option<LinesGuard> {
        if !self.lines_guard_suffices {
            return None;
        }
        let geometry = &self.basics.geometry;
        let side = pos.side;
        let leapers = self.line_leapers(&pos.board, side.opponent());
        let mut open = LocSet::EMPTY;
        for kind in &self.royals {
            for royal in pos.board.locs_of(Piece::new(*kind, side)) {
                for dir in Dir::ALL {
                    if let Some(next) = geometry.neighbour(royal, dir) {
                        open |= next.bit() | first_pieces(&pos.board, geometry.ray(next, dir), 1);
                    }
                }
                if leapers.intersects(geometry.adjacent(royal)) {
                    open |= geometry
                        .inside()
                        .iter()
                        .filter(|l| {
                            l.file().abs_diff(royal.file()) <= LINE_LEAP_REACH + 1
                                && l.rank().abs_diff(royal.rank()) <= LINE_LEAP_REACH + 1
                        })
                        .collect::<LocSet>();
                }
            }
        }
        Some(LinesGuard {
            in_check: self.in_check_now(pos),
            open,
        })
    }
}
