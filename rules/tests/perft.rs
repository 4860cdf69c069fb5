//! Perft from each start position (tests/data/perft.tsv, a copy of rules/perft.tsv), for the
//! variants the engine implements, on the engine directly.

use oddboard_rules::{Variant, ids};
use std::fs;
use std::path::Path;

/// Lines up to this many nodes run in the ordinary `cargo test`; larger ones in release mode.
const SMALL: u64 = 2_000_000;

/// Checks every line of the table for an implemented variant whose node count is within
/// `nodes`, and panics listing all mismatches at once (or if no line was checked).
fn check_table(nodes: impl Fn(u64) -> bool) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.tsv");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let implemented: Vec<&str> = ids().collect();
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, options, depth, expected] = fields[..] else {
            failures.push(format!("{line:?}: not 4 tab-separated fields"));
            continue;
        };
        let (Ok(depth), Ok(expected)) = (depth.parse::<u32>(), expected.parse::<u64>()) else {
            failures.push(format!("{line:?}: bad depth or node count"));
            continue;
        };
        if !implemented.contains(&id) || !nodes(expected) {
            continue;
        }
        checked += 1;
        let options: Vec<String> = match options {
            "-" => Vec::new(),
            list => list
                .split([',', ' '])
                .filter(|o| !o.is_empty())
                .map(str::to_string)
                .collect(),
        };
        failures.extend(mismatch(id, &options, depth, expected));
    }
    assert!(checked > 0, "no line of perft.tsv was checked");
    assert!(
        failures.is_empty(),
        "{} perft lines fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Why perft of `id` with `options` from its start, `depth` plies deep, is not `expected`, if it
/// is not.
fn mismatch(id: &str, options: &[String], depth: u32, expected: u64) -> Option<String> {
    match Variant::load(id, options) {
        Err(e) => Some(format!("{id} {options:?}: {e}")),
        Ok(variant) => {
            let got = variant.perft(variant.start(), depth);
            (got != expected)
                .then(|| format!("{id} {options:?} depth {depth}: expected {expected}, got {got}"))
        }
    }
}

/// Lines deeper than the table's for the variants and setups whose lines there all run in a
/// debug build, so that the slow run covers every variant: the counts this engine gave before
/// its speed work (issue 16), which each later change must keep.
const DEEPER: &[(&str, &[&str], u32, u64)] = &[
    ("amphora", &[], 8, 3_387_936),
    ("fanorona-chess", &[], 7, 87_068_648),
    ("fanorona-chess", &["alternate-setup"], 6, 54_048_389),
    ("double-fanorona-chess", &[], 5, 53_690_193),
];

#[test]
fn perft_table_small() {
    check_table(|nodes| nodes <= SMALL);
}

/// Run in release mode: `cargo test --release -- --ignored`.
#[test]
#[ignore = "slow in a debug build; CI runs it in release mode"]
fn perft_table_large() {
    check_table(|nodes| nodes > SMALL);
}

/// Run in release mode: `cargo test --release -- --ignored`.
#[test]
#[ignore = "slow in a debug build; CI runs it in release mode"]
fn perft_deeper_lines() {
    let failures: Vec<String> = DEEPER
        .iter()
        .filter_map(|(id, options, depth, expected)| {
            let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
            mismatch(id, &options, *depth, *expected)
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
