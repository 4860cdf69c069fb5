//! A variant file made ready to play: its names resolved to kinds, squares and regions, its
//! notation read, and every reference checked, each problem a one-line error naming the file's
//! field.

use super::explosion::Explosion;
use super::notation::{self, Atom, Travel};
use super::rays::{LineSets, Rays};
use super::schema::{
    CaptureSpec, Checks, Counted, Diagonals, End, MoveSort, PromotionTime, Region, Score,
    StateField, Supply, Trigger, VariantFile,
};
use super::shifts::ShiftPlan;
use crate::data::{OptionData, Options, PieceData, VariantData};
use crate::error::Error;
use crate::fen::Holes;
use crate::geometry::{Geometry, Lines};
use crate::movement::{KNIGHT_PATHS, PathTable};
use crate::rules::Basics;
use crate::types::{Kind, Loc, LocSet, MAX_FILES, MAX_RANKS, Side};
use std::path::Path;

/// A region of the board, for each side.
#[derive(Clone, Debug)]
pub enum Zone {
    /// The same squares in every position: the first player's, then the second's.
    Fixed([LocSet; 2]),
    /// The furthest square of each file from the owner, as the position's holes stand.
    LastOfFile,
}

/// A piece's rules.
#[derive(Clone, Debug)]
pub struct PieceRule {
    /// Its moves.
    pub atoms: Vec<Atom>,
    /// The region (index into [`Lang::zones`]) each atom's `@` names.
    pub atom_zones: Vec<Option<usize>>,
    /// The squares each atom's leaps pass.
    pub rays: Vec<Rays>,
    /// Whether it is royal.
    pub royal: bool,
    /// Whether its moves reset the halfmove clock.
    pub pawn: bool,
    /// The region it never lands in.
    pub never_in: Option<usize>,
    /// The most a side may have of it, on the board and in reserve.
    pub at_most: Option<u8>,
    /// How it promotes.
    pub promotion: Option<Promotion>,
}

/// A piece's promotion, resolved.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// The zone's index.
    pub zone: usize,
    /// Kinds it may become, of its own side.
    pub own: Vec<Kind>,
    /// Kinds it may become, of the opponent's side.
    pub opponent: Vec<Kind>,
    /// The part of the zone where the piece may also stay as it is.
    pub optional_in: Option<usize>,
    /// Where the new piece comes from.
    pub supply: Supply,
    /// When.
    pub when: PromotionTime,
    /// Whether the text names the new piece.
    pub written: bool,
}

/// The placement before the move, resolved.
#[derive(Clone, Debug)]
pub struct Placement {
    /// The kind placed.
    pub kind: Kind,
    /// Beside a royal piece of its owner.
    pub beside_royal: bool,
    /// Losing one of these kinds gives the right.
    pub lost: Vec<Kind>,
    /// Being left in check gives the right.
    pub check: bool,
}

/// The drop instead of a move, resolved.
#[derive(Clone, Debug)]
pub struct Drops {
    /// The zone drops go to, if only there.
    pub on: Option<usize>,
    /// Per kind, a zone it is never dropped on.
    pub not_on: Vec<Option<usize>>,
}

/// What one kind may remove on entering the removal region.
#[derive(Clone, Debug)]
pub struct Remover {
    /// The targets: a kind, and the kinds whose presence rules it out.
    pub targets: Vec<(Kind, Vec<Kind>)>,
    /// Whether it happens by itself.
    pub automatic: bool,
}

/// The removal after the move, resolved.
#[derive(Clone, Debug)]
pub struct Removal {
    /// The zone entered.
    pub zone: usize,
    /// Per kind, what it removes.
    pub by: Vec<Option<Remover>>,
}

/// A castling move, resolved for each side.
#[derive(Clone, Debug)]
pub struct Castle {
    /// Its right's bit in [`crate::Castling`], per side.
    pub bits: [u8; 2],
    /// Its letter, per side.
    pub letters: [char; 2],
    /// (king from, king to, rook from, rook to), per side.
    pub squares: [(Loc, Loc, Loc, Loc); 2],
    /// The kind that castles (the royal piece, unless the file names another).
    pub king: Kind,
}

/// A variant file, compiled.
pub struct Lang {
    /// What every variant keeps alike.
    pub basics: Basics,
    /// Per kind index, its rules.
    pub pieces: Vec<Option<PieceRule>>,
    /// Regions, by index.
    pub zones: Vec<Zone>,
    /// Capture rules.
    pub capture: CaptureSpec,
    /// What captures blow up, where they explode.
    pub explosion: Option<Explosion>,
    /// The placement part.
    pub placement: Option<Placement>,
    /// The removal part.
    pub removal: Option<Removal>,
    /// The drop instead of a move.
    pub drops: Option<Drops>,
    /// Per kind, what a promoted piece of it goes back to when captured, where captured pieces
    /// are demoted (the first piece whose promotion lists it).
    pub demotions: Vec<Option<Kind>>,
    /// The slide part: whether it carries pieces, whether a stalemate by it wins.
    pub slide: Option<(bool, bool)>,
    /// The limit on consecutive moves.
    pub limit: Option<(MoveSort, u8)>,
    /// Castling moves.
    pub castling: Vec<Castle>,
    /// The ends, in order, with their regions resolved.
    pub ends: Vec<CompiledEnd>,
    /// The position's own FEN fields.
    pub state: Vec<StateField>,
    /// Whether the FEN has a halfmove clock (repetition applies).
    pub clocks: bool,
    /// Whether 100 half-moves without a capture, a Pawn's move or a promotion draw.
    pub move_counter: bool,
    /// Where the board may lack squares.
    pub holes: Holes,
    /// Knight paths along the lines, for `t` atoms.
    pub paths: PathTable,
    /// The board's eight lines from every square, as sets.
    pub lines: LineSets,
    /// Per kind and side (`kind * 2 + side`), the directions (bits by [`crate::Dir::index`])
    /// along which a piece of it rides capturing, without hopping (see [`Lang::ride_dirs`]).
    pub ride_dirs: Vec<u8>,
    /// Per kind and side (`kind * 2 + side`), its moves as shifts where they can be (see
    /// [`Lang::shift_plans`]).
    pub shift_plans: Vec<Option<ShiftPlan>>,
    /// The royal kinds.
    pub royals: Vec<Kind>,
    /// Whether captures are all by landing, so a square's attackers can be found from it.
    pub plain_captures: bool,
    /// The kinds with a move that captures by landing, in kind order.
    pub capturing_kinds: Vec<Kind>,
    /// Whether pins tell all a move can expose (see [`super::attack::Guard`]): captures by
    /// landing, no slides, attackers that leap (lame only along one-step lines) or ride
    /// without hopping.
    pub pins_suffice: bool,
    /// The capturing atoms (kind, index among its atoms) that ride off the board's lines (a
    /// Nightrider's), along which a royal piece's guard looks for checks and pins besides the
    /// board's lines.
    pub skew_riders: Vec<(Kind, usize)>,
    /// Whether some piece promotes at the end of a turn as well as on arrival.
    pub promotes_at_turn_end: bool,
    /// The kinds that promote at the end of a turn as well as on arrival, in kind order.
    pub end_promoting_kinds: Vec<Kind>,
    /// Whether some move captures by landing on the piece (replacement, or a hop's capture).
    pub captures_by_landing: bool,
    /// The kinds with a move along the board's lines (`t` atoms), in kind order.
    pub line_leaping_kinds: Vec<Kind>,
    /// The kinds the file defines, in kind order.
    pub kinds: Vec<Kind>,
    /// The kinds with a riding move (`R`, `NN`, `W3`), in kind order.
    pub riding_kinds: Vec<Kind>,
    /// The kinds that may remove a royal piece on entering the removal region, in kind order.
    pub royal_removing_kinds: Vec<Kind>,
    /// Per side, the squares from which a piece of those kinds could enter the removal region
    /// by one move on some board (see [`Lang::removal_entries`]).
    pub removal_entries: [LocSet; 2],
    /// Per kind, side and square, where a piece could leap to it from by one move on an empty
    /// board (leaps, moves along the lines, moves anywhere; see [`Lang::leap_sources`]).
    pub leap_sources: Vec<LocSet>,
    /// Whether a [`super::threat::LinesGuard`] tells all a turn can expose: captures only by
    /// approach and withdrawal, and a turn that is its move alone.
    pub lines_guard_suffices: bool,
    /// Whether a [`super::blast_guard::BlastJudge`] judges every turn: captures explode and are
    /// otherwise by landing alone, and a turn is its move alone (a drop at most).
    pub blast_judged: bool,
    /// Whether a turn can give its mover a royal piece (by its own promotion or placement):
    /// where it cannot, a side without one has every possible turn legal.
    pub makes_own_royals: bool,
    /// Whether no turn may leave the opponent in check.
    pub checks_forbidden: bool,
    /// Whether a [`super::no_check::CheckSquares`] tells which moves give check (see
    /// [`Lang::no_check_fits`]).
    pub no_check_fits: bool,
    /// Per side, whether the start position gives it a royal piece: a side it gives none plays
    /// without one.
    pub royal_at_start: [bool; 2],
    /// Per kind, how many pieces of it each side has in the start position (for the
    /// `BelowStart` supply).
    pub start_counts: Vec<[usize; 2]>,
    /// Whether a [`super::quiet::QuietWatch`] judges quiet turns (see
    /// [`Lang::quiet_watch_fits`]).
    pub quiet_watch_fits: bool,
    /// Per side and square, the squares a leap of that side's pieces to it passes (see
    /// [`Lang::passed_tables`]).
    pub passed: Vec<LocSet>,
}

/// An end, resolved.
#[derive(Clone, Debug)]
pub enum CompiledEnd {
    /// See [`End::RoyalTaken`].
    RoyalTaken,
    /// See [`End::NoRoyalAgainstNone`].
    NoRoyalAgainstNone(Vec<Kind>),
    /// See [`End::Hold`]: the zone and the kinds.
    Hold(usize, Vec<Kind>),
    /// See [`End::TurnLimit`].
    TurnLimit(u32),
    /// See [`End::Checkmate`] and [`End::Checkmated`]: what it gives the side checkmated.
    Checkmate(Score),
    /// See [`End::Stalemate`].
    Stalemate(super::schema::Score),
    /// See [`End::InsufficientMaterial`]: lone sets and the one-shade kind.
    Insufficient(Vec<Vec<Kind>>, Option<Kind>),
    /// See [`End::Extinction`].
    Extinction(Extinction),
    /// See [`End::Reach`]: the zone, the kinds, and whether the second player gets one more
    /// turn.
    Reach(usize, Vec<Kind>, bool),
}

/// An extinction end, resolved.
#[derive(Clone, Debug)]
pub struct Extinction {
    /// The kinds counted each on its own; `None`: all pieces together.
    pub each: Option<Vec<Kind>>,
    /// The most the side brought down has.
    pub at_most: u8,
    /// The least its opponent has of the same.
    pub opponent_at_least: u8,
    /// Whether the side to move may reply first.
    pub reply: bool,
    /// What it gives the side brought down.
    pub score: Score,
}

/// A problem in the file, at a field.
pub(super) fn bad(file: &str, field: &str, why: impl Into<String>) -> Error {
    Error::Data {
        place: format!("{file}: {field}"),
        why: why.into(),
    }
}

/// The engine kinds the file's pieces take, in file order: the first royal piece is a King and
/// the first Pawn-like piece a Pawn (so the screens mark them as such), the rest in kind order.
fn assign_kinds(file: &str, spec: &VariantFile) -> Result<Vec<Kind>, Error> {
    if spec.pieces.len() > Kind::COUNT {
        return Err(bad(
            file,
            "pieces",
            format!("{} pieces, at most {}", spec.pieces.len(), Kind::COUNT),
        ));
    }
    let royal = spec.pieces.iter().position(|p| p.royal);
    let pawn = spec.pieces.iter().position(|p| p.pawn && !p.royal);
    let taken = |kind: Kind| match kind {
        Kind::King => royal.is_some(),
        Kind::Pawn => pawn.is_some(),
        _ => false,
    };
    let mut spare = Kind::ALL
        .into_iter()
        .filter(|k| !matches!(k, Kind::King | Kind::Pawn))
        .chain([Kind::King, Kind::Pawn])
        .filter(|k| !taken(*k));
    Ok((0..spec.pieces.len())
        .map(|i| {
            if Some(i) == royal {
                Kind::King
            } else if Some(i) == pawn {
                Kind::Pawn
            } else {
                spare.next().expect("no more pieces than kinds")
            }
        })
        .collect())
}

/// The square named `text`, inside the board.
fn square(file: &str, field: &str, text: &str, files: u8, ranks: u8) -> Result<Loc, Error> {
    Loc::parse(text)
        .filter(|l| l.file() < files && l.rank() < ranks)
        .ok_or_else(|| {
            bad(
                file,
                field,
                format!("'{text}' is not a square of the board"),
            )
        })
}

/// The mirror of `loc` for the second player: the same file, the rank counted from the top.
fn mirrored(loc: Loc, ranks: u8) -> Loc {
    Loc::new(loc.file().into(), i32::from(ranks - 1 - loc.rank())).unwrap_or(loc)
}

/// The drawing a piece's `drawing` names: a shipped drawing's name, an SVG beside the file (as
/// an absolute path), or `letter` for a lettered token.
fn drawing(path: &Path, named: Option<&str>) -> String {
    match named {
        Some(name) if name.ends_with(".svg") => {
            let beside = path.parent().unwrap_or(Path::new(".")).join(name);
            std::fs::canonicalize(&beside)
                .unwrap_or(beside)
                .to_string_lossy()
                .into_owned()
        }
        Some(name) => name.to_string(),
        None => "letter".to_string(),
    }
}

impl Lang {
    /// Compiles `spec`, read from `path` (named `file` in errors), for `options`.
    pub fn new(
        path: &Path,
        file: &str,
        spec: VariantFile,
        option_names: &[String],
    ) -> Result<Lang, Error> {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if spec.id != stem {
            return Err(bad(
                file,
                "id",
                format!("'{}' is not the file's name '{stem}'", spec.id),
            ));
        }
        let (files, ranks) = (spec.board.files, spec.board.ranks);
        if !(1..=MAX_FILES).contains(&files) || !(1..=MAX_RANKS).contains(&ranks) {
            return Err(bad(
                file,
                "board",
                format!("{files} × {ranks}: at most {MAX_FILES} files × {MAX_RANKS} ranks"),
            ));
        }
        let kinds = assign_kinds(file, &spec)?;
        let unvalued: Vec<Kind> = (spec.pieces.iter().zip(&kinds))
            .filter(|(p, _)| p.value.is_none())
            .map(|(_, kind)| *kind)
            .collect();
        let kind_of = |letter: char, field: &str| -> Result<Kind, Error> {
            spec.pieces
                .iter()
                .position(|p| p.letter == letter.to_ascii_uppercase())
                .map(|i| kinds[i])
                .ok_or_else(|| {
                    bad(
                        file,
                        field,
                        format!("'{letter}' is not a piece of the file"),
                    )
                })
        };
        let kinds_of = |letters: &str, field: &str| -> Result<Vec<Kind>, Error> {
            letters.chars().map(|c| kind_of(c, field)).collect()
        };
        for (i, piece) in spec.pieces.iter().enumerate() {
            if !piece.letter.is_ascii_uppercase() {
                return Err(bad(
                    file,
                    "pieces",
                    format!("{}: '{}' is no capital letter", piece.name, piece.letter),
                ));
            }
            if spec.pieces[..i].iter().any(|p| p.letter == piece.letter) {
                return Err(bad(
                    file,
                    "pieces",
                    format!("{}: letter '{}' taken twice", piece.name, piece.letter),
                ));
            }
        }
        let data = VariantData {
            id: path.to_string_lossy().into_owned(),
            name: spec.name.clone(),
            sides: spec.sides.clone(),
            colours: spec.colours.clone(),
            files,
            ranks,
            outline: spec.board.outline.clone(),
            start: spec.start.clone(),
            options: spec
                .options
                .iter()
                .map(|o| OptionData {
                    name: o.name.clone(),
                    description: o.description.clone(),
                    start: o.start.clone(),
                })
                .collect(),
            pieces: spec
                .pieces
                .iter()
                .zip(&kinds)
                .map(|(p, kind)| PieceData {
                    kind: *kind,
                    value: p.value.unwrap_or(0),
                    letter: p.letter,
                    name: p.name.clone(),
                    moves: if p.about.is_empty() {
                        p.moves.clone()
                    } else {
                        p.about.clone()
                    },
                    art: Some(drawing(path, p.drawing.as_deref())),
                    option: p.option.clone(),
                })
                .collect(),
            tagline: spec.tagline.clone(),
            goal: spec.goal.clone(),
            novelty: spec.novelty.clone(),
            summary: spec.summary.clone(),
            pawn_double_step: false,
        };
        let options = Options::parse(&data, option_names)?;
        let lines = match spec.board.diagonals {
            Diagonals::Everywhere => Lines::Full,
            Diagonals::EvenPoints => Lines::Alquerque,
        };
        let geometry = Geometry::new(files, ranks, lines);
        let holes = match (&spec.board.outline, spec.board.moving_squares) {
            (Some(_), true) => {
                return Err(bad(
                    file,
                    "board",
                    "an outline and moving squares exclude each other",
                ));
            }
            (Some(rows), false) => Holes::Outline(outline(file, rows, files, ranks)?),
            (None, true) => Holes::Anywhere,
            (None, false) => Holes::None,
        };
        let mut zone_names: Vec<String> = Vec::new();
        let mut zones = Vec::new();
        for (name, region) in &spec.regions {
            let field = format!("regions: {name}");
            let zone = match region {
                Region::Ranks(list) => Zone::Fixed(rank_sets(file, &field, list, &geometry)?),
                Region::Files(letters) => {
                    let set = file_set(file, &field, letters, &geometry)?;
                    Zone::Fixed([set, set])
                }
                Region::Squares(list) => {
                    let mut set = LocSet::EMPTY;
                    for s in list {
                        set |= square(file, &field, s, files, ranks)?.bit();
                    }
                    Zone::Fixed([set, set])
                }
                Region::Block {
                    files: letters,
                    ranks: list,
                } => {
                    let columns = file_set(file, &field, letters, &geometry)?;
                    let [first, second] = rank_sets(file, &field, list, &geometry)?;
                    Zone::Fixed([first & columns, second & columns])
                }
                Region::LastOfFile => Zone::LastOfFile,
            };
            zone_names.push(name.clone());
            zones.push(zone);
        }
        let zone_of = |name: &str, field: &str| -> Result<usize, Error> {
            zone_names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| bad(file, field, format!("no region named '{name}'")))
        };
        let mut pieces: Vec<Option<PieceRule>> = vec![None; Kind::COUNT];
        for (p, kind) in spec.pieces.iter().zip(&kinds) {
            let field = format!("pieces: {}", p.name);
            let mut atoms =
                notation::parse(&p.moves).map_err(|e| bad(file, &field, format!("moves: {e}")))?;
            if let Some(text) = &p.captures_royal {
                let royal_only = notation::parse(text)
                    .map_err(|e| bad(file, &field, format!("captures_royal: {e}")))?;
                atoms.extend(royal_only.into_iter().map(|a| Atom {
                    moves: false,
                    captures: true,
                    royal_only: true,
                    ..a
                }));
            }
            let atom_zones = atoms
                .iter()
                .map(|a| {
                    a.from_region
                        .as_deref()
                        .map(|n| zone_of(n, &field))
                        .transpose()
                })
                .collect::<Result<Vec<_>, _>>()?;
            if let Some(atom) = atoms.iter().find(|a| !lands_anywhere(&geometry, a)) {
                return Err(bad(
                    file,
                    &field,
                    format!(
                        "moves: a leap of {:?} leaves the board from every square",
                        atom.leaps.first().copied().unwrap_or_default()
                    ),
                ));
            }
            if spec.capture.modes.is_empty()
                && atoms.iter().any(|a| !a.moves || a.hop || a.en_passant)
            {
                return Err(bad(
                    file,
                    &field,
                    "moves: a 'c', 'p' or 'e' move captures, and the file's capture modes are none",
                ));
            }
            if atoms.iter().any(|a| a.once) && !spec.state.contains(&StateField::Unmoved) {
                return Err(bad(
                    file,
                    &field,
                    "an 'o' move needs the Unmoved state field",
                ));
            }
            let promotion = match &p.promotion {
                None => None,
                Some(pr) => {
                    let mut own = kinds_of(&pr.to, &field)?;
                    for (option, more) in &pr.with_option {
                        if !spec.options.iter().any(|o| &o.name == option) {
                            return Err(bad(file, &field, format!("no option '{option}'")));
                        }
                        if options.has(option) {
                            own.extend(kinds_of(more, &field)?);
                        }
                    }
                    let opponent = kinds_of(&pr.to_opponent, &field)?;
                    if own.is_empty() && opponent.is_empty() {
                        return Err(bad(file, &field, "a promotion with nothing to become"));
                    }
                    if !pr.written && own.len() + opponent.len() > 1 {
                        return Err(bad(file, &field, "an unwritten promotion has one choice"));
                    }
                    if pr.optional_in.is_some() && !pr.written {
                        return Err(bad(file, &field, "an optional promotion is written"));
                    }
                    Some(super::compile::Promotion {
                        zone: zone_of(&pr.zone, &field)?,
                        optional_in: pr
                            .optional_in
                            .as_deref()
                            .map(|n| zone_of(n, &field))
                            .transpose()?,
                        own,
                        opponent,
                        supply: pr.supply,
                        when: pr.when,
                        written: pr.written,
                    })
                }
            };
            pieces[kind.index()] = Some(PieceRule {
                rays: atoms.iter().map(|a| Rays::new(&geometry, a)).collect(),
                atoms,
                atom_zones,
                royal: p.royal,
                pawn: p.pawn,
                never_in: barred(
                    &mut zones,
                    p.never_in
                        .as_deref()
                        .map(|n| zone_of(n, &field))
                        .transpose()?,
                    p.only_in
                        .as_deref()
                        .map(|n| zone_of(n, &field))
                        .transpose()?,
                )
                .map_err(|why| bad(file, &field, why))?,
                at_most: p.at_most,
                promotion,
            });
        }
        let placement = match &spec.turn.placement {
            None => None,
            Some(pl) => {
                let field = "turn: placement";
                let mut lost = Vec::new();
                let mut check = false;
                for t in &pl.given_by {
                    match t {
                        Trigger::Lost(letters) => lost.extend(kinds_of(letters, field)?),
                        Trigger::Check => check = true,
                    }
                }
                if !spec.state.contains(&StateField::Reserve) {
                    return Err(bad(
                        file,
                        field,
                        "a placement needs the Reserve state field",
                    ));
                }
                Some(Placement {
                    kind: kind_of(pl.piece, field)?,
                    beside_royal: pl.beside_royal,
                    lost,
                    check,
                })
            }
        };
        let removal = match &spec.turn.removal {
            None => None,
            Some(r) => {
                let field = "turn: removal";
                let mut by = vec![None; Kind::COUNT];
                for remover in &r.by {
                    let targets = remover
                        .targets
                        .iter()
                        .map(|t| Ok((kind_of(t.piece, field)?, kinds_of(&t.unless, field)?)))
                        .collect::<Result<Vec<_>, Error>>()?;
                    by[kind_of(remover.piece, field)?.index()] = Some(Remover {
                        targets,
                        automatic: remover.automatic,
                    });
                }
                Some(Removal {
                    zone: zone_of(&r.entering, field)?,
                    by,
                })
            }
        };
        let drops = match &spec.turn.drop {
            None => None,
            Some(d) => {
                let field = "turn: drop";
                if !spec.state.contains(&StateField::Reserve) {
                    return Err(bad(file, field, "a drop needs the Reserve state field"));
                }
                if spec.turn.placement.is_some() {
                    return Err(bad(
                        file,
                        field,
                        "a drop and a placement exclude each other",
                    ));
                }
                let mut not_on = vec![None; Kind::COUNT];
                for (letter, region) in &d.not_on {
                    not_on[kind_of(*letter, field)?.index()] = Some(zone_of(region, field)?);
                }
                Some(Drops {
                    on: d.on.as_deref().map(|z| zone_of(z, field)).transpose()?,
                    not_on,
                })
            }
        };
        let capture_field = "capture";
        if spec.capture.to_hand && spec.capture.keep_captured {
            return Err(bad(
                file,
                capture_field,
                "to_hand and keep_captured exclude each other",
            ));
        }
        if spec.capture.demote && !spec.capture.to_hand {
            return Err(bad(file, capture_field, "demote needs to_hand"));
        }
        if spec.capture.demote != spec.state.contains(&StateField::Promoted) {
            return Err(bad(
                file,
                capture_field,
                "demote and the Promoted state field come together",
            ));
        }
        let mut demotions = vec![None; Kind::COUNT];
        if spec.capture.demote {
            for kind in &kinds {
                let promoted = pieces[kind.index()]
                    .as_ref()
                    .and_then(|r| r.promotion.as_ref())
                    .map_or(&[][..], |p| p.own.as_slice());
                for to in promoted {
                    demotions[to.index()].get_or_insert(*kind);
                }
            }
        }
        let slide = match &spec.turn.slide {
            None => None,
            Some(s) => {
                if !spec.board.moving_squares {
                    return Err(bad(file, "turn: slide", "slides need moving_squares: true"));
                }
                if !spec.state.contains(&StateField::LastSlide) {
                    return Err(bad(
                        file,
                        "turn: slide",
                        "a slide needs the LastSlide field",
                    ));
                }
                let carrying = s.carrying_under.as_deref().is_some_and(|o| options.has(o));
                Some((carrying, s.stalemate_by_slide_wins))
            }
        };
        let mut ends = Vec::new();
        let mut clocks = (false, false);
        for end in &spec.ends {
            let field = "ends";
            ends.push(match end {
                End::RoyalTaken => CompiledEnd::RoyalTaken,
                End::NoRoyalAgainstNone(letters) => {
                    CompiledEnd::NoRoyalAgainstNone(kinds_of(letters, field)?)
                }
                End::Hold { region, pieces } => {
                    CompiledEnd::Hold(zone_of(region, field)?, kinds_of(pieces, field)?)
                }
                End::TurnLimit(n) => CompiledEnd::TurnLimit(*n),
                End::Checkmate => CompiledEnd::Checkmate(Score::Loss),
                End::Checkmated(score) => CompiledEnd::Checkmate(*score),
                End::Stalemate(score) => CompiledEnd::Stalemate(*score),
                End::Repetition(n) => {
                    if *n != 3 {
                        return Err(bad(file, field, "repetition draws at the third time (3)"));
                    }
                    clocks.0 = true;
                    continue;
                }
                End::MoveCounter(n) => {
                    if *n != 100 {
                        return Err(bad(file, field, "the move counter draws at 100 half-moves"));
                    }
                    clocks.1 = true;
                    continue;
                }
                End::Extinction {
                    counted,
                    at_most,
                    opponent_at_least,
                    reply,
                    score,
                } => CompiledEnd::Extinction(Extinction {
                    each: match counted {
                        Counted::All => None,
                        Counted::Each(letters) if letters.is_empty() => {
                            return Err(bad(file, field, "an extinction counts at least one kind"));
                        }
                        Counted::Each(letters) => Some(kinds_of(letters, field)?),
                    },
                    at_most: *at_most,
                    opponent_at_least: *opponent_at_least,
                    reply: *reply,
                    score: *score,
                }),
                End::Reach {
                    region,
                    pieces,
                    one_more_turn,
                } => {
                    if pieces.is_empty() {
                        return Err(bad(file, field, "a region is reached by at least one kind"));
                    }
                    CompiledEnd::Reach(
                        zone_of(region, field)?,
                        kinds_of(pieces, field)?,
                        *one_more_turn,
                    )
                }
                End::InsufficientMaterial { lone, one_shade } => CompiledEnd::Insufficient(
                    lone.iter()
                        .map(|l| kinds_of(l, field))
                        .collect::<Result<_, _>>()?,
                    one_shade.map(|c| kind_of(c, field)).transpose()?,
                ),
            });
        }
        if clocks.1 && !clocks.0 {
            return Err(bad(
                file,
                "ends",
                "MoveCounter(100) comes with Repetition(3)",
            ));
        }
        let royals: Vec<Kind> = spec
            .pieces
            .iter()
            .zip(&kinds)
            .filter(|(p, _)| p.royal)
            .map(|(_, k)| *k)
            .collect();
        let needs_royal = ends
            .iter()
            .any(|e| matches!(e, CompiledEnd::Checkmate(_) | CompiledEnd::RoyalTaken));
        if needs_royal && royals.is_empty() {
            return Err(bad(file, "ends", "checkmate needs a royal piece"));
        }
        let mut castling = Vec::new();
        for (i, c) in spec.castling.iter().enumerate() {
            let field = "castling";
            if i >= 2 || !spec.state.contains(&StateField::Castling) {
                return Err(bad(
                    file,
                    field,
                    "at most two castlings, with the Castling field",
                ));
            }
            let sq = |t: &str| square(file, field, t, files, ranks);
            let white = (
                sq(&c.king.0)?,
                sq(&c.king.1)?,
                sq(&c.rook.0)?,
                sq(&c.rook.1)?,
            );
            let m = |l: Loc| mirrored(l, ranks);
            let black = (m(white.0), m(white.1), m(white.2), m(white.3));
            let bit = |side: usize| 1u8 << (side * 2 + i);
            let king = match c.piece {
                Some(letter) => kind_of(letter, field)?,
                None => spec
                    .pieces
                    .iter()
                    .position(|p| p.royal)
                    .map(|i| kinds[i])
                    .ok_or_else(|| {
                        bad(file, field, "castling needs a royal piece, or its `piece`")
                    })?,
            };
            castling.push(Castle {
                king,
                bits: [bit(0), bit(1)],
                letters: [c.right.to_ascii_uppercase(), c.right.to_ascii_lowercase()],
                squares: [white, black],
            });
        }
        let explosion = spec
            .capture
            .explosion
            .as_ref()
            .map(|e| {
                let spares = kinds_of(&e.spares, "capture: explosion: spares")?;
                Explosion::new(file, &geometry, e, &spec.capture.modes, spares)
            })
            .transpose()?;
        let royal_may_go = ends.iter().any(|e| {
            matches!(
                e,
                CompiledEnd::RoyalTaken | CompiledEnd::NoRoyalAgainstNone(_)
            )
        });
        if explosion.as_ref().is_some_and(|e| e.reaches_any(&royals)) && !royal_may_go {
            return Err(bad(
                file,
                "ends",
                "an explosion can blow up a royal piece, and no end says what then (RoyalTaken)",
            ));
        }
        let plain_captures = spec.capture.modes == [super::schema::CaptureMode::Replacement]
            && explosion.is_none()
            && spec.turn.removal.is_none()
            && spec.turn.placement.is_none()
            && pieces
                .iter()
                .flatten()
                .all(|p| p.atoms.iter().all(|a| !a.along_lines));
        let pins_suffice = plain_captures
            && spec.turn.slide.is_none()
            && pieces
                .iter()
                .flatten()
                .all(|p| p.atoms.iter().all(|a| !a.royal_only))
            && pieces.iter().flatten().all(|p| {
                p.atoms
                    .iter()
                    .filter(|a| a.captures)
                    .all(|a| match a.travel {
                        Travel::Anywhere => true,
                        Travel::Leap => {
                            !a.lame || a.leaps.iter().all(|l| super::moves::unit_dir(*l).is_some())
                        }
                        Travel::Ride => !a.hop,
                    })
            });
        let skew_riders = pieces
            .iter()
            .enumerate()
            .filter_map(|(index, rule)| Some((Kind::ALL[index], rule.as_ref()?)))
            .flat_map(|(kind, rule)| {
                rule.atoms.iter().enumerate().filter_map(move |(atom, a)| {
                    let skew = a.captures
                        && a.travel == Travel::Ride
                        && a.leaps.iter().any(|l| super::moves::unit_dir(*l).is_none());
                    skew.then_some((kind, atom))
                })
            })
            .collect();
        let capturing_kinds = Kind::ALL
            .into_iter()
            .filter(|k| {
                pieces[k.index()]
                    .as_ref()
                    .is_some_and(|p| p.atoms.iter().any(|a| a.captures && !a.en_passant))
            })
            .collect();
        let end_promoting_kinds: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| {
                pieces[k.index()].as_ref().is_some_and(|p| {
                    p.promotion
                        .as_ref()
                        .is_some_and(|pr| pr.when == PromotionTime::OnArrivalAndAtTurnEnd)
                })
            })
            .collect();
        let promotes_at_turn_end = !end_promoting_kinds.is_empty();
        let captures_by_landing = spec
            .capture
            .modes
            .contains(&super::schema::CaptureMode::Replacement)
            || pieces
                .iter()
                .flatten()
                .any(|p| p.atoms.iter().any(|a| a.captures && a.hop));
        let kinds_where = |wanted: &dyn Fn(Kind, &PieceRule) -> bool| -> Vec<Kind> {
            Kind::ALL
                .into_iter()
                .filter(|k| pieces[k.index()].as_ref().is_some_and(|p| wanted(*k, p)))
                .collect()
        };
        let line_leaping_kinds = kinds_where(&|_, p| p.atoms.iter().any(|a| a.along_lines));
        let defined_kinds = kinds_where(&|_, _| true);
        let riding_kinds = kinds_where(&|_, p| p.atoms.iter().any(|a| a.travel == Travel::Ride));
        let royal_removing_kinds = kinds_where(&|k, _| {
            removal
                .as_ref()
                .and_then(|r| r.by[k.index()].as_ref())
                .is_some_and(|r| {
                    r.targets
                        .iter()
                        .any(|(t, _)| pieces[t.index()].as_ref().is_some_and(|p| p.royal))
                })
        });
        let lines_guard_suffices = !captures_by_landing
            && spec.capture.modes.iter().all(|m| {
                matches!(
                    m,
                    super::schema::CaptureMode::Approach | super::schema::CaptureMode::Withdrawal
                )
            })
            && spec.turn.placement.is_none()
            && spec.turn.drop.is_none()
            && spec.turn.removal.is_none()
            && spec.turn.slide.is_none()
            && !promotes_at_turn_end
            && !spec.state.contains(&StateField::EnPassant);
        let blast_judged = explosion.is_some()
            && spec.capture.modes == [super::schema::CaptureMode::Replacement]
            && spec.turn.placement.is_none()
            && spec.turn.removal.is_none()
            && spec.turn.slide.is_none()
            && !promotes_at_turn_end
            && line_leaping_kinds.is_empty();
        let is_royal = |k: &Kind| royals.contains(k);
        let makes_own_royals = placement.as_ref().is_some_and(|p| is_royal(&p.kind))
            || pieces.iter().flatten().any(|p| {
                p.promotion
                    .as_ref()
                    .is_some_and(|pr| pr.own.iter().any(is_royal))
            });
        let mut start_counts = vec![[0; 2]; Kind::COUNT];
        let start_board = spec.start.split_whitespace().next().unwrap_or("");
        for (p, kind) in spec.pieces.iter().zip(&kinds) {
            for (side, letter) in [p.letter, p.letter.to_ascii_lowercase()]
                .into_iter()
                .enumerate()
            {
                start_counts[kind.index()][side] =
                    start_board.chars().filter(|c| *c == letter).count();
            }
        }
        let paths = PathTable::new(&geometry, &KNIGHT_PATHS);
        let basics = Basics::new(data, options, lines, &kinds, &[]).map_err(|e| match e {
            Error::Data { why, .. } => bad(file, "pieces", why),
            other => other,
        })?;
        let mut lang = Lang {
            basics,
            pieces,
            zones,
            capture: spec.capture,
            explosion,
            placement,
            removal,
            drops,
            demotions,
            slide,
            limit: spec.turn.limit.map(|l| (l.counts, l.most)),
            castling,
            ends,
            state: spec.state,
            clocks: clocks.0,
            move_counter: clocks.1,
            holes,
            paths,
            lines: LineSets::new(&geometry),
            ride_dirs: Vec::new(),
            shift_plans: Vec::new(),
            royals,
            plain_captures,
            capturing_kinds,
            promotes_at_turn_end,
            end_promoting_kinds,
            pins_suffice,
            skew_riders,
            captures_by_landing,
            line_leaping_kinds,
            kinds: defined_kinds,
            riding_kinds,
            royal_removing_kinds,
            removal_entries: [LocSet::EMPTY; 2],
            leap_sources: Vec::new(),
            lines_guard_suffices,
            blast_judged,
            makes_own_royals,
            checks_forbidden: spec.checks == Checks::Forbidden,
            royal_at_start: [false; 2],
            start_counts,
            quiet_watch_fits: false,
            no_check_fits: false,
            passed: Vec::new(),
        };
        let start = lang.basics.data.start_fen(&lang.basics.options);
        let start_board = start.split(' ').next().unwrap_or_default();
        let royal_letters: Vec<char> = spec
            .pieces
            .iter()
            .filter(|p| p.royal)
            .map(|p| p.letter)
            .collect();
        lang.royal_at_start = [
            royal_letters.iter().any(|l| start_board.contains(*l)),
            royal_letters
                .iter()
                .any(|l| start_board.contains(l.to_ascii_lowercase())),
        ];
        lang.removal_entries = Side::BOTH.map(|side| lang.removal_entries(side));
        lang.leap_sources = lang.leap_sources();
        lang.ride_dirs = lang.ride_dirs();
        lang.shift_plans = lang.shift_plans();
        lang.quiet_watch_fits = lang.quiet_watch_fits();
        lang.no_check_fits = lang.no_check_fits();
        lang.passed = lang.passed_tables();
        lang.value_by_mobility(&unvalued);
        Ok(lang)
    }

    /// The rules of `kind`, which the file defines.
    #[inline]
    pub fn piece(&self, kind: Kind) -> &PieceRule {
        self.pieces[kind.index()]
            .as_ref()
            .expect("a kind on the board is one of the file's")
    }

    /// How many of `piece` its side has in the start position.
    pub fn start_count(&self, piece: crate::types::Piece) -> usize {
        self.start_counts[piece.kind.index()][piece.side.index()]
    }

    /// Whether `loc` lies in zone `zone` for `side` on `board`.
    pub fn in_zone(&self, zone: usize, side: Side, loc: Loc, board: &crate::Board) -> bool {
        match &self.zones[zone] {
            Zone::Fixed(sets) => sets[side.index()].contains(loc),
            Zone::LastOfFile => {
                let geometry = &self.basics.geometry;
                let step = side.forward();
                let mut rank = i32::from(loc.rank()) + i32::from(step);
                while let Some(beyond) = geometry.loc(loc.file().into(), rank) {
                    if !board.is_hole(beyond) {
                        return false;
                    }
                    rank += i32::from(step);
                }
                true
            }
        }
    }
}

/// Whether some leap of `atom` lands inside the board from some square (a `U` always does).
fn lands_anywhere(geometry: &Geometry, atom: &Atom) -> bool {
    atom.travel == Travel::Anywhere
        || geometry.inside().iter().any(|from| {
            atom.leaps
                .iter()
                .any(|&(df, dr)| from.offset(df, dr).is_some_and(|to| geometry.contains(to)))
        })
}

/// The squares an outline's rows (from the top, `#` a square) mark.
fn outline(file: &str, rows: &[String], files: u8, ranks: u8) -> Result<LocSet, Error> {
    if rows.len() != usize::from(ranks) {
        return Err(bad(
            file,
            "board: outline",
            format!("{} rows for {ranks} ranks", rows.len()),
        ));
    }
    let mut set = LocSet::EMPTY;
    for (i, row) in rows.iter().enumerate() {
        if row.chars().count() != usize::from(files) {
            return Err(bad(
                file,
                "board: outline",
                format!("'{row}' is not {files} long"),
            ));
        }
        for (f, c) in row.chars().enumerate() {
            match c {
                '#' => {
                    let rank = i32::from(ranks) - 1 - i as i32;
                    set |= Loc::new(f as i32, rank).map_or(LocSet::EMPTY, Loc::bit);
                }
                '.' => {}
                other => {
                    return Err(bad(
                        file,
                        "board: outline",
                        format!("'{other}' is not # or ."),
                    ));
                }
            }
        }
    }
    Ok(set)
}

/// The squares of `list`'s ranks (counted from each side) on `geometry`, per side.
fn rank_sets(
    file: &str,
    field: &str,
    list: &[u8],
    geometry: &Geometry,
) -> Result<[LocSet; 2], Error> {
    let ranks = geometry.ranks();
    let mut sets = [LocSet::EMPTY; 2];
    for &r in list {
        if r == 0 || r > ranks {
            return Err(bad(file, field, format!("no rank {r}")));
        }
        sets[0] |= LocSet::rank(r - 1) & geometry.inside();
        sets[1] |= LocSet::rank(ranks - r) & geometry.inside();
    }
    Ok(sets)
}

/// The squares of the files `letters` names on `geometry`.
fn file_set(file: &str, field: &str, letters: &str, geometry: &Geometry) -> Result<LocSet, Error> {
    let mut set = LocSet::EMPTY;
    for c in letters.chars() {
        let f = (c as i32) - ('a' as i32);
        if !(0..i32::from(geometry.files())).contains(&f) {
            return Err(bad(file, field, format!("no file '{c}'")));
        }
        for r in 0..geometry.ranks() {
            set |= geometry.loc(f, r.into()).map_or(LocSet::EMPTY, Loc::bit);
        }
    }
    Ok(set)
}

/// The zone a piece never lands in, from its `never_in` and `only_in` regions: the squares of
/// the one and those outside the other, pushed onto `zones` as a zone of its own where both
/// or `only_in` are given.
fn barred(
    zones: &mut Vec<Zone>,
    never: Option<usize>,
    only: Option<usize>,
) -> Result<Option<usize>, String> {
    let Some(only) = only else {
        return Ok(never);
    };
    let fixed = |zone: &Zone| match zone {
        Zone::Fixed(sets) => Ok(*sets),
        Zone::LastOfFile => Err("only_in and never_in name fixed regions".to_string()),
    };
    let kept = fixed(&zones[only])?;
    let mut sets = kept.map(|set| !set);
    if let Some(never) = never {
        let more = fixed(&zones[never])?;
        sets = [sets[0] | more[0], sets[1] | more[1]];
    }
    zones.push(Zone::Fixed(sets));
    Ok(Some(zones.len() - 1))
}
