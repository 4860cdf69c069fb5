//! `oddboard uci`, the engine protocol, driven as a GUI drives it: the real binary with piped
//! standard input, its answers read line by line. Every wait ends within a deadline and every
//! result comes from a depth or node limit, never from the wall clock.

use super::stdout_of;
use crate::wait::{PATIENCE, wait_for};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A running `oddboard uci`, as a GUI holds it.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the engine.
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oddboard"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run the binary: {e}"));
        let stdout = child.stdout.take().expect("a piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
        }
    }

    /// Sends the command `line`.
    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        writeln!(stdin, "{line}").unwrap_or_else(|e| panic!("cannot send {line:?}: {e}"));
        stdin
            .flush()
            .unwrap_or_else(|e| panic!("cannot send {line:?}: {e}"));
    }

    /// The lines answered up to and including the first that `last` accepts (awaited as
    /// `what`).
    fn until(&mut self, what: &str, last: impl Fn(&str) -> bool) -> Vec<String> {
        let (seen, closed) = self.read(what, last);
        assert!(
            !closed,
            "waiting for {what}, the output closed after {seen:?}"
        );
        seen
    }

    /// The lines written from now on up to and including the first that `last` accepts, or to
    /// the end of the output, and whether the output ended first; panics naming `what` if
    /// neither comes within [`PATIENCE`].
    fn read(&mut self, what: &str, last: impl Fn(&str) -> bool) -> (Vec<String>, bool) {
        let mut seen = Vec::new();
        let closed = wait_for(what, PATIENCE, || {
            loop {
                match self.lines.try_recv() {
                    Ok(line) => {
                        let done = last(&line);
                        seen.push(line);
                        if done {
                            return Some(false);
                        }
                    }
                    Err(TryRecvError::Empty) => return None,
                    Err(TryRecvError::Disconnected) => return Some(true),
                }
            }
        });
        (seen, closed)
    }

    /// The lines answered before `readyok`, sending `isready` first.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut seen = self.until("readyok", |line| line == "readyok");
        seen.pop();
        seen
    }

    /// Sends `go …` and returns the `info` lines and the move of `bestmove`.
    fn go(&mut self, go: &str) -> (Vec<String>, String) {
        self.send(go);
        let mut seen = self.until("bestmove", |line| line.starts_with("bestmove "));
        let best = seen.pop().expect("a bestmove line");
        let words: Vec<&str> = best.split_whitespace().collect();
        assert_eq!(words.len(), 2, "{best}");
        (seen, words[1].to_string())
    }

    /// Closes standard input and waits for the engine to end, returning what it still wrote.
    fn close(mut self) -> Vec<String> {
        drop(self.stdin.take());
        let status = wait_for("the engine to end", PATIENCE, || {
            self.child.try_wait().expect("the engine's status reads")
        });
        assert!(status.success(), "{status}");
        self.read("the end of the output", |_| false).0
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The legal moves of a chess position in UCI text, from the rules command line.
fn chess_moves(fen: Option<&str>, moves: &str) -> Vec<String> {
    variant_moves("chess", fen, moves)
}

/// The legal turns of a position of `variant` as the protocol writes them (UCI text in chess,
/// canonical text elsewhere), from the rules command line.
fn variant_moves(variant: &str, fen: Option<&str>, moves: &str) -> Vec<String> {
    let mut args = vec!["moves", variant, "--moves", moves];
    if let Some(fen) = fen {
        args.extend(["--fen", fen]);
    }
    let canonical = stdout_of(&args);
    let written = |turn: &str| match variant {
        "chess" => turn.replace('=', "").to_ascii_lowercase(),
        _ => turn.to_string(),
    };
    canonical.lines().map(written).collect()
}

/// The words of `line` after `key`, up to the next of UCI's info keys.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == key)?;
    words.get(at + 1).copied()
}

#[test]
fn the_handshake_lists_the_options_and_ends_with_uciok() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until("uciok", |line| line == "uciok");
    assert!(lines[0].starts_with("id name Oddboard "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    let option = |start: &str| lines.iter().any(|line| line.starts_with(start));
    for start in [
        "option name Hash type spin default 16 min 1 ",
        "option name Threads type spin default 1 min 1 max 64",
        "option name MultiPV type spin default 1 min 1 max 16",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin ",
        "option name UCI_Variant type combo default chess ",
        "option name occupied-slide type check default false",
        "option name bishop-promotion type check default false",
        "option name alternate-setup type check default false",
    ] {
        assert!(option(start), "no {start:?} in {lines:?}");
    }
    let variants = lines
        .iter()
        .find(|line| line.starts_with("option name UCI_Variant "))
        .expect("UCI_Variant");
    for id in stdout_of(&["variants"]).lines() {
        assert!(variants.contains(&format!(" var {id}")), "{variants}");
    }
    assert!(engine.sync().is_empty());
}

#[test]
fn a_position_with_moves_then_go_depth_gives_a_legal_move_and_each_depth() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    let (infos, best) = engine.go("go depth 3");
    assert!(
        chess_moves(None, "e2e4 e7e5 g1f3").contains(&best),
        "{best}"
    );
    let depths: Vec<&str> = infos.iter().filter_map(|l| field(l, "depth")).collect();
    assert_eq!(depths, ["1", "2", "3"], "{infos:?}");
    for info in &infos {
        for key in ["score", "nodes", "nps", "time", "pv"] {
            assert!(field(info, key).is_some(), "no {key} in {info}");
        }
        assert!(
            matches!(field(info, "score"), Some("cp" | "mate")),
            "{info}"
        );
    }
}

#[test]
fn multipv_three_gives_three_distinct_lines_each_depth() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    let (infos, best) = engine.go("go depth 3");
    let last: Vec<&String> = infos
        .iter()
        .filter(|l| field(l, "depth") == Some("3"))
        .collect();
    let numbers: Vec<&str> = last.iter().filter_map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"], "{infos:?}");
    let mut firsts: Vec<&str> = last.iter().filter_map(|l| field(l, "pv")).collect();
    assert_eq!(firsts[0], best);
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{last:?}");
}

#[test]
fn go_infinite_answers_isready_and_gives_its_move_only_after_stop() {
    let mut engine = Engine::start();
    // Mate in one: the search ends at once, yet waits for `stop` to give its move.
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go infinite");
    engine.until("mate in one found", |line| line.contains(" score mate 1 "));
    let before = engine.sync();
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    engine.send("stop");
    assert_eq!(
        engine
            .until("bestmove", |l| l.starts_with("bestmove"))
            .pop()
            .as_deref(),
        Some("bestmove a1a8")
    );
    // From the start the search goes on: `isready` is answered while it runs.
    engine.send("position startpos");
    engine.send("go infinite");
    let during = engine.sync();
    assert!(
        during.iter().all(|l| !l.starts_with("bestmove")),
        "{during:?}"
    );
    engine.send("stop");
    let best = engine
        .until("bestmove", |l| l.starts_with("bestmove"))
        .pop()
        .expect("bestmove");
    assert!(
        chess_moves(None, "").contains(&best[9..].to_string()),
        "{best}"
    );
    assert!(engine.sync().is_empty());
}

#[test]
fn the_end_of_the_input_stops_the_search_and_ends_the_engine() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    let after = engine.close();
    assert!(
        after.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{after:?}"
    );
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.send("quit");
    let after = engine.close();
    assert!(
        after.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{after:?}"
    );
}

#[test]
fn amoeba_is_played_in_canonical_text() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value amoeba");
    engine.send("position startpos moves b2b3,~a3a2 c6c5");
    assert!(engine.sync().is_empty());
    let (_, best) = engine.go("go depth 2");
    assert!(
        variant_moves("amoeba", None, "b2b3,~a3a2 c6c5").contains(&best),
        "{best}"
    );
    // A new variant starts from its start position.
    engine.send("setoption name UCI_Variant value chess");
    let (_, best) = engine.go("go depth 1");
    assert!(chess_moves(None, "").contains(&best), "{best}");
}

#[test]
fn a_variant_option_is_kept_for_its_variant() {
    let slides = variant_moves("amoeba", None, "");
    let occupied = stdout_of(&["moves", "amoeba", "--option", "occupied-slide"]);
    let only_occupied = occupied
        .lines()
        .find(|turn| !slides.iter().any(|t| t == turn))
        .expect("a slide of an occupied square");
    let mut engine = Engine::start();
    engine.send("setoption name occupied-slide value true");
    engine.send("setoption name UCI_Variant value amoeba");
    engine.send(&format!("position startpos moves {only_occupied}"));
    assert!(engine.sync().is_empty());
    engine.send("setoption name occupied-slide value false");
    engine.send(&format!("position startpos moves {only_occupied}"));
    let refused = engine.sync();
    assert_eq!(refused.len(), 1, "{refused:?}");
}

#[test]
fn promotion_and_castling_are_standard_uci_text_in_chess() {
    let mut engine = Engine::start();
    engine.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(engine.go("go depth 3").1, "a7a8q");
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    engine.send(&format!("position fen {fen} moves e1g1 e8c8"));
    assert!(engine.sync().is_empty());
    let (_, best) = engine.go("go depth 1");
    assert!(
        chess_moves(Some(fen), "e1g1 e8c8").contains(&best),
        "{best}"
    );
    engine.send(&format!("position fen {fen} moves e1g1 e8c8 a2a1q"));
    assert_eq!(engine.sync().len(), 1);
    engine.send("position fen 7K/8/8/8/8/8/1p5k/8 b - - 0 1 moves b2b1q");
    assert!(engine.sync().is_empty());
}

#[test]
fn every_kind_of_bad_input_is_one_info_string_and_changes_nothing() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    for bad in [
        "jump",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position fen 8/8/8 w",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 e7e5 e7e8=Q",
        "position sideways",
        "setoption name Colour value blue",
        "setoption name Hash value 0",
        "setoption name MultiPV value lots",
        "setoption name UCI_Variant value checkers",
        "setoption name UCI_LimitStrength value maybe",
        "setoption name Threads",
        "go depth -1",
        "go nodes lots",
        "go movetime",
        "go wtime 100 btime 100 winc x",
        "go searchmoves e2e4",
        "isready please",
    ] {
        let answer = engine.sync();
        assert!(answer.is_empty(), "{answer:?}");
        engine.send(bad);
        let answer = engine.sync();
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("info string "), "{bad}: {answer:?}");
    }
    // The position is still the one after e2e4, with the default options.
    let (infos, best) = engine.go("go depth 2");
    assert!(chess_moves(None, "e2e4").contains(&best), "{best}");
    assert!(
        infos.iter().all(|l| field(l, "multipv").is_none()),
        "{infos:?}"
    );
}

#[test]
fn go_nodes_is_the_same_search_every_time() {
    let run = || {
        let mut engine = Engine::start();
        engine.send("position startpos moves d2d4 g8f6");
        let (infos, best) = engine.go("go nodes 20000");
        let without_timing: Vec<String> = infos
            .iter()
            .map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                let mut kept = Vec::new();
                let mut skip = false;
                for word in words {
                    if skip {
                        skip = false;
                    } else if word == "nps" || word == "time" {
                        skip = true;
                    } else {
                        kept.push(word);
                    }
                }
                kept.join(" ")
            })
            .collect();
        (without_timing, best)
    };
    let first = run();
    assert!(!first.0.is_empty());
    assert_eq!(first, run());
}

#[test]
fn limited_strength_threads_and_a_new_table_still_play_legal_moves() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 800");
    engine.send("position startpos moves e2e4");
    let (_, best) = engine.go("go nodes 2000");
    assert!(chess_moves(None, "e2e4").contains(&best), "{best}");
    engine.send("setoption name UCI_LimitStrength value false");
    engine.send("setoption name Threads value 2");
    engine.send("setoption name Hash value 2");
    engine.send("ucinewgame");
    engine.send("position startpos");
    let (_, best) = engine.go("go depth 4");
    assert!(chess_moves(None, "").contains(&best), "{best}");
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut engine = Engine::start();
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(engine.go("go depth 3").1, "(none)");
    assert!(engine.sync().is_empty());
}

#[test]
fn a_game_on_the_clock_gets_a_move() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let (_, best) = engine.go("go wtime 1000 btime 1000 winc 10 binc 10 depth 2");
    assert!(chess_moves(None, "e2e4").contains(&best), "{best}");
}

#[test]
fn a_go_sent_as_soon_as_bestmove_arrives_is_obeyed() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    for _ in 0..30 {
        let (infos, best) = engine.go("go depth 1");
        assert!(
            infos.iter().all(|l| !l.starts_with("info string")),
            "{infos:?}"
        );
        assert!(chess_moves(None, "").contains(&best), "{best}");
    }
}

#[test]
fn every_variant_plays_its_own_moves_back_through_position() {
    let mut engine = Engine::start();
    for id in stdout_of(&["variants"]).lines() {
        engine.send(&format!("setoption name UCI_Variant value {id}"));
        let mut played: Vec<String> = Vec::new();
        for _ in 0..8 {
            let moves = played.join(" ");
            engine.send(&format!("position startpos moves {moves}"));
            let (infos, best) = engine.go("go nodes 300");
            assert!(
                infos.iter().all(|l| !l.starts_with("info string")),
                "{id} {moves}: {infos:?}"
            );
            let legal = variant_moves(id, None, &moves);
            if legal.is_empty() {
                assert_eq!(best, "(none)", "{id} {moves}");
                break;
            }
            assert!(legal.contains(&best), "{id} {moves}: {best}");
            played.push(best);
        }
    }
}

#[test]
fn a_variant_files_path_is_a_variant() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value variants/amoeba.ron");
    engine.send("position startpos moves b2b3,~a3a2 c6c5");
    assert!(engine.sync().is_empty());
    let (_, best) = engine.go("go depth 2");
    let file = "variants/amoeba.ron";
    assert!(
        variant_moves(file, None, "b2b3,~a3a2 c6c5").contains(&best),
        "{best}"
    );
    // A file of chess is played in canonical text, as every variant but the built-in chess.
    engine.send("setoption name UCI_Variant value variants/chess.ron");
    engine.send("position startpos moves e2e4 e7e5");
    assert!(engine.sync().is_empty());
    let (_, best) = engine.go("go depth 1");
    let file = "variants/chess.ron";
    assert!(
        variant_moves(file, None, "e2e4 e7e5").contains(&best),
        "{best}"
    );
}

#[test]
fn a_variant_file_that_does_not_read_is_one_info_string_and_changes_nothing() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    engine.send("setoption name UCI_Variant value variants/no-such-game.ron");
    let answer = engine.sync();
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with("info string ") && answer[0].contains("variants/no-such-game.ron"),
        "{answer:?}"
    );
    let (_, best) = engine.go("go depth 1");
    assert!(chess_moves(None, "e2e4").contains(&best), "{best}");
}

#[test]
fn a_variant_files_own_option_is_taken_once_the_file_is_chosen() {
    let mut engine = Engine::start();
    engine.send("setoption name crowded value true");
    assert_eq!(engine.sync().len(), 1, "no built-in variant has it");
    engine.send("setoption name UCI_Variant value tests/cli/tiny.ron");
    engine.send("setoption name Crowded value true");
    engine.send("position startpos moves a1a2");
    assert!(engine.sync().is_empty());
    let (_, best) = engine.go("go depth 2");
    let crowded = stdout_of(&[
        "moves",
        "tests/cli/tiny.ron",
        "--option",
        "crowded",
        "--moves",
        "a1a2",
    ]);
    assert!(crowded.lines().any(|turn| turn == best), "{best}");
}
