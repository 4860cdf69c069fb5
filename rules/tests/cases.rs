//! The machine-readable cases of rules/cases/<variant>.tsv (copied to tests/data/cases/), run
//! line by line on the engine, each position set up as the rules command line sets it up; and
//! a check that the copies are current.

use crate::common::{fen_and_result, set_up, turn_texts, words};
use oddboard_rules::Game;
use std::fs;
use std::path::{Path, PathBuf};

/// tests/data, where the copies of the cases and the perft table live.
fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// One line of a cases file: `name source variant options fen moves check expect`.
struct Case<'a> {
    name: &'a str,
    variant: &'a str,
    options: Vec<&'a str>,
    fen: Option<&'a str>,
    moves: &'a str,
    check: &'a str,
    expect: &'a str,
}

/// `None` for the "none" marker `-`.
fn field(text: &str) -> Option<&str> {
    (text != "-").then_some(text)
}

impl<'a> Case<'a> {
    fn parse(line: &'a str) -> Result<Case<'a>, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, _source, variant, options, fen, moves, check, expect] = fields[..] else {
            return Err(format!("{} tab-separated fields, not 8", fields.len()));
        };
        Ok(Case {
            name,
            variant,
            // No line names several options yet; a comma or a space would separate them.
            options: field(options)
                .map(|o| o.split([',', ' ']).filter(|o| !o.is_empty()).collect())
                .unwrap_or_default(),
            fen: field(fen),
            moves: field(moves).unwrap_or(""),
            check,
            expect,
        })
    }

    /// This case's game, or why the engine refused it.
    fn game(&self) -> Result<Game, String> {
        set_up(self.variant, &self.options, self.fen, self.moves).map_err(|e| e.to_string())
    }

    /// The legal turns, or why the engine refused the position.
    fn legal(&self) -> Result<Vec<String>, String> {
        self.game()
            .map(|game| turn_texts(&game))
            .map_err(|e| format!("rejected: {e}"))
    }

    /// The position's FEN and the game's result, or why the engine refused the position.
    fn status(&self) -> Result<(String, String), String> {
        self.game()
            .map(|game| fen_and_result(&game))
            .map_err(|e| format!("rejected: {e}"))
    }

    /// `Ok` if the case holds, else what the engine gave instead.
    fn check(&self) -> Result<(), String> {
        let got = match self.check {
            "legal" => {
                let turns = self.legal()?;
                if turns.iter().any(|t| t == self.expect) {
                    return Ok(());
                }
                format!("not among the legal turns {}", turns.join(" "))
            }
            "illegal" => {
                let turns = self.legal()?;
                if !turns.iter().any(|t| t == self.expect) {
                    return Ok(());
                }
                "a legal turn".to_string()
            }
            "count" => {
                let count = self.legal()?.len().to_string();
                if count == self.expect {
                    return Ok(());
                }
                count
            }
            "moves" => {
                let turns = self.legal()?;
                if turns == words(self.expect) {
                    return Ok(());
                }
                turns.join(" ")
            }
            "fen" => {
                let (fen, _) = self.status()?;
                if fen == self.expect {
                    return Ok(());
                }
                fen
            }
            "status" => {
                let (_, result) = self.status()?;
                if result == self.expect {
                    return Ok(());
                }
                result
            }
            "error" => match self.status() {
                Err(_) => return Ok(()),
                Ok(status) => format!("accepted, as {status:?}"),
            },
            other => format!("unknown check '{other}'"),
        };
        Err(got)
    }
}

/// Runs every case of tests/data/cases/`file` and panics at the end listing each failing line
/// by name, with what it expected and what it got.
pub(crate) fn run_cases(file: &str) {
    let path = data_dir().join("cases").join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut failures = Vec::new();
    let mut checked = 0;
    for (number, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        checked += 1;
        match Case::parse(line) {
            Err(why) => failures.push(format!("line {}: {why}", number + 1)),
            Ok(case) => {
                if let Err(got) = case.check() {
                    failures.push(format!(
                        "{}: expected {} {}\n    got {got}",
                        case.name, case.check, case.expect
                    ));
                }
            }
        }
    }
    assert!(checked > 0, "{file} has no cases");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases in {file} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fanorona_chess_cases() {
    run_cases("fanorona-chess.tsv");
}

/// The copies in tests/data are byte-identical to rules/ in ../shared. The build script runs
/// it where ../shared/rules is present, and always on CI (the `CI` variable set), which must
/// have it beside the repository; elsewhere it shows as ignored, with the reason.
#[test]
#[cfg_attr(
    not(shared_specification),
    ignore = "../shared/rules is absent beside the checkout, so the case copies in tests/data are not compared with it"
)]
fn case_copies_match_the_specification() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/rules");
    assert!(
        rules.is_dir(),
        "{} is missing: CI must have the specification beside the repository",
        rules.display()
    );
    let mut pairs = vec![(data_dir().join("perft.tsv"), rules.join("perft.tsv"))];
    let cases = data_dir().join("cases");
    for entry in fs::read_dir(&cases).expect("tests/data/cases is readable") {
        let copy = entry.expect("directory entry").path();
        let original = rules
            .join("cases")
            .join(copy.file_name().expect("file name"));
        pairs.push((copy, original));
    }
    let differ: Vec<String> = pairs
        .iter()
        .filter(|(copy, original)| fs::read(copy).ok() != fs::read(original).ok())
        .map(|(copy, original)| format!("{} != {}", copy.display(), original.display()))
        .collect();
    assert!(differ.is_empty(), "stale copies:\n{}", differ.join("\n"));
}
