//! The variant language's speed (issue 65): perft from each start with the built-in variant and
//! with its file (`variants/<id>.ron`), through the same entry point (`Variant::perft`, bulk
//! counting at the last ply, one thread), at a depth where the built-in takes a second or more;
//! and orthodox chess against Debian's Fairy-Stockfish (`go perft 6` over UCI) in the same run.
//! Times are CPU seconds (Linux's /proc), so that other work on the machine skews them little.
//! Run with `cargo bench --bench language [-- VARIANT…]`; prints Markdown tables.

use oddboard::rules::Variant;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// A setup to measure: variant, options and the perft depth from its start.
struct Case {
    variant: &'static str,
    options: &'static [&'static str],
    depth: u32,
}

/// The depths at which each built-in takes a second or more on a two-core machine (Amoeba with
/// occupied squares sliding: 0.2 s at 3, some 40 s at 4; it is measured at 3).
const CASES: &[Case] = &[
    Case {
        variant: "amphora",
        options: &[],
        depth: 9,
    },
    Case {
        variant: "amoeba",
        options: &[],
        depth: 4,
    },
    Case {
        variant: "amoeba",
        options: &["occupied-slide"],
        depth: 3,
    },
    Case {
        variant: "amoeba",
        options: &["bishop-promotion"],
        depth: 4,
    },
    Case {
        variant: "fanorona-chess",
        options: &[],
        depth: 7,
    },
    Case {
        variant: "fanorona-chess",
        options: &["alternate-setup"],
        depth: 6,
    },
    Case {
        variant: "double-fanorona-chess",
        options: &[],
        depth: 5,
    },
    Case {
        variant: "american-chess",
        options: &[],
        depth: 4,
    },
    Case {
        variant: "pawns-to-kings",
        options: &[],
        depth: 5,
    },
    Case {
        variant: "chess",
        options: &[],
        depth: 6,
    },
];

/// Orthodox chess's perft depth for the comparison with Fairy-Stockfish.
const CHESS_DEPTH: u32 = 6;

/// Leaves and seconds of one perft run.
struct Run {
    leaves: u64,
    seconds: f64,
}

impl Run {
    /// Millions of leaves a second.
    fn rate(&self) -> f64 {
        self.leaves as f64 / self.seconds / 1e6
    }
}

/// The CPU time used so far by what `stat` describes (a /proc `stat` file: `thread-self` or a
/// process's), in seconds: user and system time, in Linux's ticks of a hundredth of a second.
fn cpu_seconds(stat: &str) -> Result<f64, String> {
    let text = std::fs::read_to_string(stat).map_err(|e| format!("{stat}: {e}"))?;
    // The fields after the command's name in parentheses, from the third (the state) on.
    let fields: Vec<&str> = text
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    match (fields.get(11), fields.get(12)) {
        (Some(user), Some(system)) => {
            let ticks = |f: &str| f.parse::<u64>().map_err(|e| format!("{stat}: {e}"));
            Ok((ticks(user)? + ticks(system)?) as f64 / 100.0)
        }
        _ => Err(format!("{stat}: too few fields")),
    }
}

/// Perft of `variant` (a built-in id or a file's path) with `options` from its start, timed;
/// why not, if it does not load.
fn perft(variant: &str, options: &[&str], depth: u32) -> Result<Run, String> {
    if variant.ends_with(".ron") && !Path::new(variant).exists() {
        return Err("no file yet".to_string());
    }
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let variant = Variant::load(variant, &options).map_err(|e| e.to_string())?;
    let clock = "/proc/thread-self/stat";
    let started = cpu_seconds(clock)?;
    let leaves = variant.perft(variant.start(), depth);
    Ok(Run {
        leaves,
        seconds: cpu_seconds(clock)? - started,
    })
}

/// The file re-writing the built-in `id`.
fn file_of(id: &str) -> String {
    format!("{}/variants/{id}.ron", env!("CARGO_MANIFEST_DIR"))
}

/// Fairy-Stockfish's perft of orthodox chess from the start, its CPU time from `go perft` to its
/// "Nodes searched" line; why not, if it cannot be run.
fn fairy_stockfish(depth: u32) -> Result<Run, String> {
    let (program, mut child) = ["fairy-stockfish", "/usr/games/fairy-stockfish"]
        .into_iter()
        .find_map(|p| {
            let child = Command::new(p)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn();
            child.ok().map(|c| (p, c))
        })
        .ok_or("not installed (Debian: apt-get install fairy-stockfish)")?;
    let mut input = child.stdin.take().ok_or("no standard input")?;
    let mut output = BufReader::new(child.stdout.take().ok_or("no standard output")?).lines();
    let mut say = |line: &str| writeln!(input, "{line}").map_err(|e| format!("{program}: {e}"));
    let mut wait_for = |start: &str| -> Result<String, String> {
        for line in output.by_ref() {
            let line = line.map_err(|e| format!("{program}: {e}"))?;
            if line.starts_with(start) {
                return Ok(line);
            }
        }
        Err(format!("{program} ended before '{start}'"))
    };
    say("uci")?;
    wait_for("uciok")?;
    say("setoption name UCI_Variant value chess")?;
    say("position startpos")?;
    say("isready")?;
    wait_for("readyok")?;
    let clock = format!("/proc/{}/stat", child.id());
    let started = cpu_seconds(&clock)?;
    say(&format!("go perft {depth}"))?;
    let nodes = wait_for("Nodes searched")?;
    let seconds = cpu_seconds(&clock)? - started;
    say("quit")?;
    child.wait().map_err(|e| format!("{program}: {e}"))?;
    let leaves = nodes
        .rsplit(' ')
        .next()
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("{program} wrote '{nodes}'"))?;
    Ok(Run { leaves, seconds })
}

/// A table's cells for a run: leaves (when `leaves` is true), seconds and millions of leaves a
/// second; a dash and why where there was no run.
fn cells(run: &Result<Run, String>, leaves: bool) -> String {
    match (run, leaves) {
        (Ok(run), true) => format!("{} | {:.2} | {:.1}", run.leaves, run.seconds, run.rate()),
        (Ok(run), false) => format!("{:.2} | {:.1}", run.seconds, run.rate()),
        (Err(why), true) => format!("{why} | – | –"),
        (Err(why), false) => format!("– | {why}"),
    }
}

/// The first run's time over the second's, or a dash (and why) where either is missing or
/// they count different leaves.
fn ratio(run: &Result<Run, String>, to: &Result<Run, String>) -> String {
    match (run, to) {
        (Ok(run), Ok(to)) if run.leaves == to.leaves => {
            format!("{:.2}×", run.seconds / to.seconds)
        }
        (Ok(run), Ok(to)) => format!("– ({} leaves, not {})", run.leaves, to.leaves),
        _ => "–".to_string(),
    }
}

fn main() {
    let chosen: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |id: &str| chosen.is_empty() || chosen.iter().any(|c| c == id);
    println!(
        "| variant | depth | leaves | built-in CPU s | built-in M/s | file CPU s | file M/s | file / built-in |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut chess = None;
    for case in CASES.iter().filter(|c| wanted(c.variant)) {
        let mut label = case.variant.to_string();
        for option in case.options {
            label.push_str(&format!(", {option}"));
        }
        let built_in = perft(case.variant, case.options, case.depth);
        let file = perft(&file_of(case.variant), case.options, case.depth);
        println!(
            "| {label} | {} | {} | {} | {} |",
            case.depth,
            cells(&built_in, true),
            cells(&file, false),
            ratio(&file, &built_in)
        );
        if case.variant == "chess" && case.options.is_empty() && case.depth == CHESS_DEPTH {
            chess = Some((built_in, file));
        }
    }
    let Some((built_in, file)) = chess else {
        return;
    };
    let fairy = fairy_stockfish(CHESS_DEPTH);
    println!();
    println!("| orthodox chess, perft {CHESS_DEPTH} | leaves | CPU s | M/s | file / it |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (program, run) in [
        ("Oddboard's built-in chess", &built_in),
        ("variants/chess.ron", &file),
        ("Fairy-Stockfish (`go perft`)", &fairy),
    ] {
        println!(
            "| {program} | {} | {} |",
            cells(run, true),
            ratio(&file, run)
        );
    }
}
