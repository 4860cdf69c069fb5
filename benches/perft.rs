//! Perft speed of every variant, in leaf nodes per second (bulk counting at the last ply), and
//! the time to list a position's legal turns. Run with `cargo bench`; prints a Markdown table.

use oddboard::rules::{RulesExt, Variant, ids};
use std::time::{Duration, Instant};

/// A position to measure: variant, options, FEN (None: the start) and perft depth.
struct Case {
    variant: &'static str,
    options: &'static [&'static str],
    label: &'static str,
    fen: Option<&'static str>,
    depth: u32,
}

const CASES: &[Case] = &[
    Case {
        variant: "chess",
        options: &[],
        label: "start",
        fen: None,
        depth: 6,
    },
    Case {
        variant: "chess",
        options: &[],
        label: "Kiwipete",
        fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        depth: 5,
    },
    Case {
        variant: "amphora",
        options: &[],
        label: "start",
        fen: None,
        depth: 8,
    },
    Case {
        variant: "amphora",
        options: &[],
        label: "mid-game, Guards placed",
        fen: Some("*pk1pp*/**1p1**/*1gp2*/2P1p2/1P1G3/*2P2*/**1P1**/*P1K1P* w - 10 6 14"),
        depth: 5,
    },
    Case {
        variant: "amphora",
        options: &[],
        label: "mid-game, placement right",
        fen: Some("*pk1pp*/**1p1**/*2p2*/2P1p2/1P5/*2P2*/**1P1**/*P1K1P* w G+g 00 0 9"),
        depth: 4,
    },
    Case {
        variant: "amoeba",
        options: &[],
        label: "start",
        fen: None,
        depth: 4,
    },
    Case {
        variant: "amoeba",
        options: &["occupied-slide"],
        label: "start, occupied-slide",
        fen: None,
        depth: 3,
    },
    Case {
        variant: "fanorona-chess",
        options: &[],
        label: "start",
        fen: None,
        depth: 7,
    },
    Case {
        variant: "fanorona-chess",
        options: &["alternate-setup"],
        label: "start, alternate-setup",
        fen: None,
        depth: 6,
    },
    Case {
        variant: "double-fanorona-chess",
        options: &[],
        label: "start",
        fen: None,
        depth: 5,
    },
    Case {
        variant: "american-chess",
        options: &[],
        label: "start",
        fen: None,
        depth: 3,
    },
    Case {
        variant: "pawns-to-kings",
        options: &[],
        label: "start",
        fen: None,
        depth: 4,
    },
];

fn main() {
    println!("| variant | position | depth | leaves | seconds | leaves/s | legal-turn list |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for case in CASES.iter().filter(|c| ids().any(|id| id == c.variant)) {
        let options: Vec<String> = case.options.iter().map(|o| o.to_string()).collect();
        let variant = match Variant::load(case.variant, &options) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("{}: {e}", case.variant);
                continue;
            }
        };
        let pos = match case.fen {
            Some(fen) => match variant.parse_fen(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    eprintln!("{}: {e}", case.variant);
                    continue;
                }
            },
            None => *variant.start(),
        };
        let started = Instant::now();
        let leaves = variant.perft(&pos, case.depth);
        let seconds = started.elapsed().as_secs_f64();
        let list = time_per_call(|| variant.legal_turns(&pos).len());
        println!(
            "| {} | {} | {} | {leaves} | {seconds:.2} | {:.1} M | {:.1} µs |",
            case.variant,
            case.label,
            case.depth,
            leaves as f64 / seconds / 1e6,
            list.as_secs_f64() * 1e6
        );
    }
}

/// The mean time of one call of `f`, over at least 0.2 s of calls.
fn time_per_call(mut f: impl FnMut() -> usize) -> Duration {
    let started = Instant::now();
    let mut calls = 0u32;
    let mut sink = 0;
    while started.elapsed() < Duration::from_millis(200) {
        sink += f();
        calls += 1;
    }
    std::hint::black_box(sink);
    started.elapsed() / calls.max(1)
}
