//! What a lesson's task asks of a turn: a predicate over what the turn does (the engine's
//! events, the position after it, the game's result), written in the lesson's RON, so any turn
//! that shows the rule passes, not one hard-coded move.

use crate::rules::{Capture, Event, Game, Loc, Piece, Reason, RulesExt, Turn, Variant, Verdict};
use serde::{Deserialize, Serialize};

/// A condition on one turn.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum Check {
    /// Every condition holds.
    All(Vec<Check>),
    /// At least one condition holds.
    AnyOf(Vec<Check>),
    /// The condition does not hold.
    Not(Box<Check>),
    /// The piece that moves is this one (by its name: `"Knight"`).
    Moves(String),
    /// The move starts on one of these squares.
    From(Vec<String>),
    /// The move ends on one of these squares.
    To(Vec<String>),
    /// The move stays on its rank.
    Sideways,
    /// The move goes along a diagonal (from and to on one diagonal).
    Diagonal,
    /// The move goes along a rank or a file.
    Straight,
    /// The move ends at least this many steps (a King's steps) from where it started.
    Distance(u8),
    /// The turn captures at least one piece that fits.
    Captures(Taken),
    /// The turn captures at least this many pieces, however taken.
    CapturesAtLeast(u8),
    /// A piece is promoted in the turn, fitting.
    Promotes(Promotion),
    /// The turn slides a square (Amoeba).
    Slides,
    /// The turn slides a square into one of these places.
    SlidesTo(Vec<String>),
    /// The turn puts a piece on the board from reserve (Amphora's Guard).
    Places,
    /// The turn removes a piece from the opponent's reserve.
    RemovesFromReserve,
    /// After the turn the mover has at least this many of a piece (by its name).
    Keeps {
        /// The piece's name.
        piece: String,
        /// The fewest there must be.
        at_least: u8,
    },
    /// After the turn the opponent is in check.
    Checks,
    /// The turn wins the game for the mover.
    Wins,
    /// The turn wins the game for the mover for this reason, as `status` writes it
    /// (`"checkmate"`, `"stalemate"`, `"gauntlet"`, …).
    WinsBy(String),
    /// The turn ends the game in a draw.
    Draws,
}

/// Which captured pieces count for [`Check::Captures`]; an absent field allows any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Taken {
    /// How it is taken.
    #[serde(default)]
    pub how: Option<Capture>,
    /// The piece taken, by its name.
    #[serde(default)]
    pub piece: Option<String>,
    /// Whether it is the mover's own piece (true) or the opponent's (false).
    #[serde(default)]
    pub own: Option<bool>,
    /// Where it stood.
    #[serde(default)]
    pub at: Option<Vec<String>>,
}

/// Which promotions count for [`Check::Promotes`]; an absent field allows any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Promotion {
    /// What the piece becomes, by its name.
    #[serde(default)]
    pub to: Option<String>,
    /// Whether it changes side, becoming the opponent's (Pawns-to-Kings).
    #[serde(default)]
    pub for_opponent: Option<bool>,
    /// Whether it is one of the mover's own pieces (false: the slide made an enemy Pawn last).
    #[serde(default)]
    pub own: Option<bool>,
}

/// Everything a check may ask about one turn: the turn, the engine's account of it and the game
/// after it.
pub struct TurnFacts {
    /// The turn.
    pub turn: Turn,
    /// The piece that moved, as it stood before the turn (or as it was placed, where the turn
    /// places it and then moves it).
    pub mover: Piece,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// The game after the turn.
    pub after: Game,
}

impl TurnFacts {
    /// Plays `turn` in a copy of `game`; `None` if it is not legal there.
    pub fn of(game: &Game, turn: &Turn) -> Option<TurnFacts> {
        let placed = turn
            .placement
            .filter(|(_, at)| *at == turn.from)
            .map(|(piece, _)| piece);
        let mover = placed.or_else(|| game.position().board.piece(turn.from))?;
        let mut after = game.clone();
        let events = after.play(turn).ok()?;
        Some(TurnFacts {
            turn: *turn,
            mover,
            events,
            after,
        })
    }
}

impl Check {
    /// Whether the turn of `facts` meets the condition. Names were checked when the lesson was
    /// read ([`Check::validate`]): one that is not the variant's matches nothing.
    pub fn holds(&self, variant: &Variant, facts: &TurnFacts) -> bool {
        let is_named = |piece: Piece, name: &str| {
            variant
                .data()
                .piece(piece.kind)
                .is_some_and(|data| data.name.eq_ignore_ascii_case(name))
        };
        let mover = facts.mover.side;
        match self {
            Check::All(checks) => checks.iter().all(|c| c.holds(variant, facts)),
            Check::AnyOf(checks) => checks.iter().any(|c| c.holds(variant, facts)),
            Check::Not(check) => !check.holds(variant, facts),
            Check::Moves(name) => is_named(facts.mover, name),
            Check::From(squares) => listed(squares, facts.turn.from),
            Check::To(squares) => listed(squares, facts.turn.to),
            Check::Sideways => facts.turn.from.rank() == facts.turn.to.rank(),
            Check::Diagonal => {
                let (files, ranks) = span(&facts.turn);
                files == ranks && files > 0
            }
            Check::Straight => {
                let (files, ranks) = span(&facts.turn);
                (files == 0) != (ranks == 0)
            }
            Check::Distance(steps) => {
                let (files, ranks) = span(&facts.turn);
                files.max(ranks) >= *steps
            }
            Check::Captures(taken) => facts.events.iter().any(|event| match event {
                Event::Captured { piece, at, how } => {
                    taken.how.is_none_or(|h| h == *how)
                        && taken.piece.as_ref().is_none_or(|n| is_named(*piece, n))
                        && taken.own.is_none_or(|own| own == (piece.side == mover))
                        && taken.at.as_ref().is_none_or(|squares| listed(squares, *at))
                }
                _ => false,
            }),
            Check::CapturesAtLeast(count) => {
                let taken = facts.events.iter().filter(|e| {
                    matches!(e, Event::Captured { .. } | Event::RemovedFromReserve { .. })
                });
                taken.count() >= usize::from(*count)
            }
            Check::Promotes(wanted) => facts.events.iter().any(|event| match event {
                Event::Promoted { from, to, .. } => {
                    wanted.to.as_ref().is_none_or(|n| is_named(*to, n))
                        && wanted
                            .for_opponent
                            .is_none_or(|other| other == (to.side != from.side))
                        && wanted.own.is_none_or(|own| own == (from.side == mover))
                }
                _ => false,
            }),
            Check::Slides => facts.turn.slide.is_some(),
            Check::SlidesTo(squares) => facts.turn.slide.is_some_and(|(_, to)| listed(squares, to)),
            Check::Places => facts.turn.placement.is_some(),
            Check::RemovesFromReserve => facts
                .events
                .iter()
                .any(|e| matches!(e, Event::RemovedFromReserve { .. })),
            Check::Keeps { piece, at_least } => {
                let board = &facts.after.position().board;
                let count = variant
                    .geometry()
                    .inside()
                    .iter()
                    .filter_map(|loc| board.piece(loc))
                    .filter(|p| p.side == mover && is_named(*p, piece))
                    .count();
                count >= usize::from(*at_least)
            }
            Check::Checks => {
                facts.after.outcome().is_none() && variant.in_check(facts.after.position())
            }
            Check::Wins => facts
                .after
                .outcome()
                .is_some_and(|o| o.verdict == Verdict::win_for(mover)),
            Check::WinsBy(reason) => facts
                .after
                .outcome()
                .is_some_and(|o| o.verdict == Verdict::win_for(mover) && o.reason.text() == reason),
            Check::Draws => facts
                .after
                .outcome()
                .is_some_and(|o| o.verdict == Verdict::Draw),
        }
    }

    /// Checks that every piece and square the condition names exists in `variant`; the error
    /// says which name is unknown.
    pub fn validate(&self, variant: &Variant) -> Result<(), String> {
        let piece = |name: &String| {
            let known = variant
                .data()
                .pieces
                .iter()
                .any(|p| p.name.eq_ignore_ascii_case(name));
            if known {
                Ok(())
            } else {
                let names: Vec<&str> = variant.data().pieces.iter().map(|p| &*p.name).collect();
                Err(unknown(
                    name,
                    &format!(
                        "is not a piece of {} ({})",
                        variant.data().name,
                        names.join(", ")
                    ),
                ))
            }
        };
        let squares = |names: &Vec<String>| {
            names.iter().try_for_each(|name| {
                let inside = Loc::parse(name).is_some_and(|l| variant.geometry().contains(l));
                if inside {
                    Ok(())
                } else {
                    Err(unknown(name, "is not a square of the board"))
                }
            })
        };
        match self {
            Check::All(checks) | Check::AnyOf(checks) => {
                checks.iter().try_for_each(|c| c.validate(variant))
            }
            Check::Not(check) => check.validate(variant),
            Check::Moves(name) | Check::Keeps { piece: name, .. } => piece(name),
            Check::From(names) | Check::To(names) | Check::SlidesTo(names) => squares(names),
            Check::Captures(taken) => {
                taken.piece.iter().try_for_each(piece)?;
                taken.at.iter().try_for_each(squares)
            }
            Check::Promotes(promotion) => promotion.to.iter().try_for_each(piece),
            Check::WinsBy(reason) => match Reason::parse(reason) {
                Some(_) => Ok(()),
                None => Err(unknown(
                    reason,
                    "is not a way a game ends (as `status` writes it)",
                )),
            },
            Check::Sideways
            | Check::Diagonal
            | Check::Straight
            | Check::Distance(_)
            | Check::CapturesAtLeast(_)
            | Check::Slides
            | Check::Places
            | Check::RemovesFromReserve
            | Check::Checks
            | Check::Wins
            | Check::Draws => Ok(()),
        }
    }

    /// Whether the condition is about a slide (Amoeba's): what makes a lesson one that teaches
    /// sliding.
    pub fn is_about_slides(&self) -> bool {
        match self {
            Check::All(checks) | Check::AnyOf(checks) => checks.iter().any(Check::is_about_slides),
            Check::Not(check) => check.is_about_slides(),
            Check::Slides | Check::SlidesTo(_) => true,
            _ => false,
        }
    }
}

/// How many files and ranks a turn's move spans.
fn span(turn: &Turn) -> (u8, u8) {
    (
        turn.from.file().abs_diff(turn.to.file()),
        turn.from.rank().abs_diff(turn.to.rank()),
    )
}

/// Whether `loc` is one of the squares named.
fn listed(squares: &[String], loc: Loc) -> bool {
    squares.iter().any(|name| Loc::parse(name) == Some(loc))
}

/// The error for a name a lesson uses that the variant does not know.
fn unknown(name: &str, why: &str) -> String {
    format!("'{name}' {why}")
}
