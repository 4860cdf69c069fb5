//! Reading one line of the protocol into a [`Command`]: the words each command takes and the
//! checks on them. What a command does is the session's business; a line that cannot be read
//! is an error that says why, in one line.

use std::str::FromStr;
use std::time::Duration;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`.
    Uci,
    /// `debug on|off`: accepted; Oddboard has no debugging output.
    Debug,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: the next position is from another game.
    NewGame,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name, its words joined by single spaces.
        name: String,
        /// The value, its words joined by single spaces; `None` when none was given.
        value: Option<String>,
    },
    /// `position startpos|fen FEN [moves M…]`.
    Position {
        /// The FEN, or `None` for the variant's start position.
        fen: Option<String>,
        /// The moves to play from there, as the GUI wrote them.
        moves: Vec<String>,
    },
    /// `go …`: search the position.
    Go(Go),
    /// `stop`: end the search and give its best move now.
    Stop,
    /// `quit`: stop and end.
    Quit,
}

/// What `go` asks: limits that end the search (the first reached ends it) and the clocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime`: think exactly this long.
    pub movetime: Option<Duration>,
    /// `wtime` and `btime`: each side's time left, first player first (a negative time, as
    /// some GUIs send once a side has overstepped, is read as none left).
    pub time_left: [Option<Duration>; 2],
    /// `winc` and `binc`: each side's increment per move, first player first.
    pub increment: [Duration; 2],
    /// `movestogo`: the moves to play before the clocks get more time.
    pub moves_to_go: Option<u32>,
    /// `depth`: the deepest iteration, in plies.
    pub depth: Option<u32>,
    /// `nodes`: the most nodes to search.
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`, and give the best move only then.
    pub infinite: bool,
}

/// Reads one line: `Ok(None)` for a blank line, an error message for anything that is not a
/// command Oddboard knows, well formed.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let bare = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(format!(
                "{first}: takes nothing after it, not '{}'",
                rest.join(" ")
            ))
        }
    };
    let command = match first {
        "uci" => bare(Command::Uci)?,
        "debug" => Command::Debug,
        "isready" => bare(Command::IsReady)?,
        "ucinewgame" => bare(Command::NewGame)?,
        "setoption" => set_option(&rest)?,
        "position" => position(&rest)?,
        "go" => Command::Go(go(&rest)?),
        "stop" => bare(Command::Stop)?,
        "quit" => bare(Command::Quit)?,
        other => return Err(format!("unknown command '{other}'")),
    };
    Ok(Some(command))
}

/// `setoption name N… [value V…]`.
fn set_option(words: &[&str]) -> Result<Command, String> {
    let Some(("name", rest)) = words.split_first().map(|(w, rest)| (*w, rest)) else {
        return Err("setoption: expected 'name' and the option's name".into());
    };
    let (name, value) = match rest.iter().position(|w| *w == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("setoption: no option name after 'name'".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos [moves M…]` or `position fen F… [moves M…]`.
fn position(words: &[&str]) -> Result<Command, String> {
    let (setup, moves) = match words.iter().position(|w| *w == "moves") {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (words, &[][..]),
    };
    let fen = match setup {
        ["startpos"] => None,
        ["fen"] => return Err("position fen: no FEN after 'fen'".into()),
        ["fen", fields @ ..] => Some(fields.join(" ")),
        [] => return Err("position: expected 'startpos' or 'fen'".into()),
        ["startpos", extra @ ..] => {
            return Err(format!(
                "position startpos: expected 'moves', not '{}'",
                extra.join(" ")
            ));
        }
        [other, ..] => {
            return Err(format!(
                "position: expected 'startpos' or 'fen', not '{other}'"
            ));
        }
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// `go` and its limits, each a keyword and a number (but `infinite`).
fn go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&key) = words.next() {
        if key == "infinite" {
            go.infinite = true;
            continue;
        }
        let mut value = || {
            words
                .next()
                .copied()
                .ok_or_else(|| format!("go: '{key}' needs a number after it"))
        };
        match key {
            "movetime" => go.movetime = Some(Duration::from_millis(positive(key, value()?)?)),
            "wtime" | "btime" => {
                let left: i64 = number(key, value()?)?;
                let millis = u64::try_from(left).unwrap_or(0);
                go.time_left[usize::from(key == "btime")] = Some(Duration::from_millis(millis));
            }
            "winc" | "binc" => {
                go.increment[usize::from(key == "binc")] =
                    Duration::from_millis(number(key, value()?)?);
            }
            "movestogo" => go.moves_to_go = Some(positive(key, value()?)?),
            "depth" => go.depth = Some(positive(key, value()?)?),
            "nodes" => go.nodes = Some(positive(key, value()?)?),
            "searchmoves" | "ponder" | "mate" => {
                return Err(format!("go: Oddboard does not support '{key}'"));
            }
            other => return Err(format!("go: unknown limit '{other}'")),
        }
    }
    Ok(go)
}

/// `text` read as a whole number for `key`.
fn number<T: FromStr>(key: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("go: '{key}' needs a whole number in range, not '{text}'"))
}

/// `text` read as a whole number above zero for `key`.
fn positive<T: FromStr + Default + PartialOrd>(key: &str, text: &str) -> Result<T, String> {
    let value: T = number(key, text)?;
    if value > T::default() {
        Ok(value)
    } else {
        Err(format!("go: '{key}' needs a number above 0, not '{text}'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go_of(line: &str) -> Go {
        match parse(line) {
            Ok(Some(Command::Go(go))) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn a_go_reads_every_limit() {
        let go = go_of("go wtime 60000 btime -20 winc 1000 binc 0 movestogo 12 depth 7 nodes 5");
        assert_eq!(go.time_left[0], Some(Duration::from_secs(60)));
        assert_eq!(go.time_left[1], Some(Duration::ZERO));
        assert_eq!(go.increment, [Duration::from_secs(1), Duration::ZERO]);
        assert_eq!(go.moves_to_go, Some(12));
        assert_eq!((go.depth, go.nodes), (Some(7), Some(5)));
        assert!(go_of("go infinite").infinite);
    }

    #[test]
    fn nonsense_numbers_are_refused() {
        for line in [
            "go depth x",
            "go depth 0",
            "go nodes -3",
            "go movetime",
            "go wtime 1e9",
            "go depth 99999999999",
            "go sideways 3",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            parse("setoption  name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }))
        );
        assert_eq!(
            parse("setoption name UCI_Variant value amoeba"),
            Ok(Some(Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("amoeba".into())
            }))
        );
        assert!(parse("setoption value 3").is_err());
        assert!(parse("setoption name value 3").is_err());
    }

    #[test]
    fn a_position_keeps_the_fen_fields_and_the_moves() {
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2"),
            Ok(Some(Command::Position {
                fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            }))
        );
        assert_eq!(
            parse("position startpos"),
            Ok(Some(Command::Position {
                fen: None,
                moves: vec![]
            }))
        );
        for line in [
            "position",
            "position fen",
            "position startpos e2e4",
            "position e2e4",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
    }

    #[test]
    fn blank_lines_are_nothing_and_unknown_words_are_errors() {
        assert_eq!(parse("  \t "), Ok(None));
        assert!(parse("hello").is_err());
        assert!(parse("isready now").is_err());
    }
}
