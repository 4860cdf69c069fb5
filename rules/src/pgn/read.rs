//! Reading a record strictly: well-formed tag pairs, each move played and checked, move numbers
//! that agree with the position, and a result that agrees with the `Result` tag and with how the
//! moves end. An error names the line and column, the text and why.

use super::super::error::Error;
use super::super::game::Game;
use super::super::outcome::Reason;
use super::super::rules::RulesExt;
use super::super::turn::Turn;
use super::super::types::Side;
use super::super::variant::Variant;
use super::scan::{Item, Lexeme, Place, Scanner};
use super::{ONGOING, PgnHeader, UNKNOWN, UNKNOWN_DATE, result_text, writes_san};
use std::sync::Arc;

/// The results a record may end with.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", ONGOING];

/// A tag pair as read: its value and where it stands.
struct Tag {
    name: String,
    value: String,
    at: Place,
}

impl Tag {
    /// The error of this tag's value, which the engine refused with `error`.
    fn refuses(&self, error: &Error) -> Error {
        self.at.error(&self.value, error.to_string())
    }
}

impl Game {
    /// Reads a record (see the [module](super) docs): the game, its moves played from the
    /// start or the `FEN` tag, and the header. A decisive or drawn result where the rules have
    /// not ended the game is read as a resignation or an agreed draw. Orthodox chess moves may
    /// be SAN (a missing `+` or `#` and `!`/`?` marks are allowed) or canonical text.
    pub fn from_pgn(text: &str) -> Result<(Game, PgnHeader), Error> {
        let mut scanner = Scanner::new(text);
        let (tags, first_move) = read_tags(&mut scanner)?;
        let mut game = start(&tags, scanner.place())?;
        let header = PgnHeader {
            event: known(&tags, "Event", UNKNOWN),
            date: known(&tags, "Date", UNKNOWN_DATE),
            white: known(&tags, "White", UNKNOWN),
            black: known(&tags, "Black", UNKNOWN),
            time_control: find(&tags, "TimeControl").map(|t| t.value.clone()),
            elo: ["WhiteElo", "BlackElo"].map(|name| number(&tags, name)),
            rating_diff: ["WhiteRatingDiff", "BlackRatingDiff"].map(|name| number(&tags, name)),
        };
        let result = play_moves(&mut game, &mut scanner, first_move)?.ok_or_else(|| {
            scanner
                .place()
                .error("", "the move text does not end with a result")
        })?;
        end(&mut game, &tags, &result)?;
        Ok((game, header))
    }

    /// Reads orthodox chess move text alone, as many sites copy it: numbered moves from the
    /// start, checked as a record's are, and a result only if the game has one.
    pub fn from_move_text(text: &str) -> Result<Game, Error> {
        let mut scanner = Scanner::new(text);
        let (tags, first_move) = read_tags(&mut scanner)?;
        if let Some(tag) = tags.first() {
            return Err(tag.at.error(&tag.name, "move text alone has no tag pairs"));
        }
        let mut game = start(&tags, scanner.place())?;
        if let Some(result) = play_moves(&mut game, &mut scanner, first_move)? {
            let stated = Tag {
                name: "Result".into(),
                value: result.text.clone(),
                at: result.at,
            };
            end(&mut game, &[stated], &result)?;
        }
        Ok(game)
    }
}

/// The tag pairs before the move text, and the move text's first item.
fn read_tags(scanner: &mut Scanner) -> Result<(Vec<Tag>, Option<Item>), Error> {
    let mut tags: Vec<Tag> = Vec::new();
    loop {
        let Some(item) = scanner.next_item()? else {
            return Ok((tags, None));
        };
        let Lexeme::Tag { name, value } = item.lexeme else {
            return Ok((tags, Some(item)));
        };
        if find(&tags, &name).is_some() {
            return Err(item.at.error(name, "this tag is given twice"));
        }
        tags.push(Tag {
            name,
            value,
            at: item.at,
        });
    }
}

/// The tag named `name`, if given.
fn find<'a>(tags: &'a [Tag], name: &str) -> Option<&'a Tag> {
    tags.iter().find(|t| t.name == name)
}

/// The value of the tag `name`, `None` if absent or written as `unknown`.
fn known(tags: &[Tag], name: &str, unknown: &str) -> Option<String> {
    find(tags, name)
        .map(|t| t.value.clone())
        .filter(|v| v != unknown)
}

/// The whole number in the tag `name`, `None` if absent or not a number (`?`, `-`): a rating
/// or a rating's change (`+12`).
fn number(tags: &[Tag], name: &str) -> Option<i32> {
    find(tags, name).and_then(|t| t.value.trim_start_matches('+').parse().ok())
}

/// The game before its moves: the variant of the `Variant` tag (orthodox chess without one)
/// with the `Options`, from the `FEN` tag or the start. `end` is where the tags end.
fn start(tags: &[Tag], end: Place) -> Result<Game, Error> {
    let options: Vec<String> = find(tags, "Options")
        .map(|t| t.value.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let variant = match find(tags, "Variant") {
        Some(tag) => Variant::load(&tag.value, &options).map_err(|e| tag.refuses(&e))?,
        None => Variant::load("chess", &options).map_err(|e| end.error("", e.to_string()))?,
    };
    let variant = Arc::new(variant);
    match (find(tags, "SetUp"), find(tags, "FEN")) {
        (Some(set_up), _) if set_up.value != "1" && set_up.value != "0" => {
            Err(set_up.at.error(&set_up.value, "SetUp is \"0\" or \"1\""))
        }
        (Some(set_up), None) if set_up.value == "1" => Err(set_up
            .at
            .error(&set_up.value, "SetUp \"1\" needs a FEN tag")),
        (Some(set_up), Some(_)) if set_up.value == "0" => {
            Err(set_up.at.error(&set_up.value, "SetUp \"0\" with a FEN tag"))
        }
        (_, Some(fen)) => Game::from_fen(variant, &fen.value).map_err(|e| fen.refuses(&e)),
        (_, None) => Ok(Game::new(variant)),
    }
}

/// Plays the move text from `first` on (checking its move numbers) up to its result, which it
/// returns (`None` if the text ends without one); nothing but comments may follow the result.
fn play_moves(
    game: &mut Game,
    scanner: &mut Scanner,
    first: Option<Item>,
) -> Result<Option<Item>, Error> {
    let mut next = first;
    loop {
        let Some(item) = next else {
            return Ok(None);
        };
        match item.lexeme {
            Lexeme::Tag { .. } => {
                return Err(item
                    .at
                    .error(item.text, "a tag pair after the move text began"));
            }
            Lexeme::MoveNumber { number, ellipsis } => check_number(game, &item, number, ellipsis)?,
            Lexeme::Word if RESULTS.contains(&item.text.as_str()) => {
                if let Some(after) = scanner.next_item()? {
                    return Err(after.at.error(after.text, "text after the result"));
                }
                return Ok(Some(item));
            }
            Lexeme::Word => {
                let turn =
                    find_turn(game, &item.text).map_err(|why| item.at.error(&item.text, why))?;
                game.play(&turn)
                    .map_err(|e| item.at.error(&item.text, e.to_string()))?;
            }
        }
        next = scanner.next_item()?;
    }
}

/// Checks a move number against the position: the fullmove number, with `...` exactly when the
/// second player is to move.
fn check_number(game: &Game, item: &Item, number: u32, ellipsis: bool) -> Result<(), Error> {
    let pos = game.position();
    let dots = if pos.side == Side::Black { "..." } else { "." };
    if number != pos.fullmove || ellipsis != (pos.side == Side::Black) {
        return Err(item.at.error(
            &item.text,
            format!("the move here is number {}{dots}", pos.fullmove),
        ));
    }
    Ok(())
}

/// The legal turn `token` names: its canonical text, or in orthodox chess its SAN.
fn find_turn(game: &Game, token: &str) -> Result<Turn, String> {
    let variant = game.variant();
    let pos = game.position();
    let canonical = variant.parse_turn(pos, token);
    if canonical.is_ok() || !writes_san(variant) {
        return canonical.map_err(|e| match e {
            Error::Turn { why, .. } => why,
            other => other.to_string(),
        });
    }
    let san = token.trim_end_matches(['!', '?']);
    variant
        .legal_turns(pos)
        .into_iter()
        .find(|turn| {
            let readable = variant.readable_turn(pos, turn);
            readable == san || readable.trim_end_matches(['+', '#']) == san
        })
        .ok_or_else(|| "not a legal turn in this position (as SAN or move text)".to_string())
}

/// Checks the result against the `Result` tag and the game's end, and records a decision of
/// the players (or a flag fallen, as `Termination` says) where the rules have not ended the
/// game; checks a `Termination` tag that names one of the engine's ends.
fn end(game: &mut Game, tags: &[Tag], result: &Item) -> Result<(), Error> {
    let written = result.text.as_str();
    match find(tags, "Result") {
        None => return Err(result.at.error(written, "the record has no Result tag")),
        Some(tag) if tag.value != written => {
            return Err(result
                .at
                .error(written, format!("the Result tag says '{}'", tag.value)));
        }
        Some(_) => {}
    }
    let termination = find(tags, "Termination");
    let named = termination.and_then(|tag| Reason::parse(&tag.value));
    if game.outcome().is_none() {
        let on_time = named == Some(Reason::TimeForfeit);
        let left = named == Some(Reason::Abandonment);
        match written {
            "1-0" if on_time => game.time_out(Side::Black),
            "0-1" if on_time => game.time_out(Side::White),
            "1-0" if left => game.abandon(Side::Black),
            "0-1" if left => game.abandon(Side::White),
            "1-0" => game.resign(Side::Black),
            "0-1" => game.resign(Side::White),
            "1/2-1/2" => game.agree_draw(),
            _ => {}
        }
    }
    let outcome = game.outcome();
    if result_text(outcome) != written {
        let why = match outcome {
            Some(outcome) => format!("the game is over: {outcome}"),
            None => "the game goes on".to_string(),
        };
        return Err(result.at.error(written, why));
    }
    let Some(termination) = termination else {
        return Ok(());
    };
    match (named, outcome) {
        (Some(reason), Some(outcome)) if reason != outcome.reason => Err(termination.at.error(
            &termination.value,
            format!("the game ended by {}", outcome.reason.text()),
        )),
        (Some(_), None) => Err(termination.at.error(&termination.value, "the game goes on")),
        _ => Ok(()),
    }
}
