//! The real binary's command line (NOTATION.md): what each command prints on stdout, and that
//! bad input is exit code 2, nothing on stdout and exactly one line on stderr; the engine
//! protocol `uci` in [`uci`].

use oddboard::rules::{MAX_HASH_MIB, ids};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod generate;
mod positions;
mod uci;
mod variant_files;
#[path = "../support/wait.rs"]
mod wait;

/// Runs the built binary with `args`.
fn oddboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oddboard"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the binary: {e}"))
}

/// Runs the built binary with `args` and `input` on its standard input.
fn oddboard_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_oddboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run the binary: {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.as_bytes())
            .unwrap_or_else(|e| panic!("cannot write to the binary: {e}"));
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("the binary did not finish: {e}"))
}

/// Writes `text` into a file of the tests' own directory, named `name`, and returns its path.
fn file_with(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {path:?}: {e}"));
    path
}

/// Runs a command that must succeed (exit 0, nothing on stderr) and returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    let out = oddboard(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?} failed: {stderr}");
    assert!(stderr.is_empty(), "{args:?} wrote on stderr: {stderr}");
    String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{args:?}: stdout not UTF-8: {e}"))
}

/// Checks `args` is bad input: exit code 2, empty stdout, exactly one line on stderr; returns
/// that line.
fn bad_input(args: &[&str]) -> String {
    let out = oddboard(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: stderr {stderr:?}");
    assert!(
        out.stdout.is_empty(),
        "{args:?} wrote on stdout: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(stderr.ends_with('\n'), "{args:?}: stderr {stderr:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: stderr {stderr:?}");
    assert!(!stderr.trim().is_empty(), "{args:?}: empty message");
    stderr
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[test]
fn variants_lists_the_ids_one_per_line() {
    let out = stdout_of(&["variants"]);
    let expected: String = ids().map(|id| format!("{id}\n")).collect();
    assert_eq!(out, expected);
    assert!(lines(&out).contains(&"chess"));
    assert!(lines(&out).contains(&"fanorona-chess"));
}

#[test]
fn moves_prints_the_sorted_canonical_turns() {
    let out = stdout_of(&["moves", "chess"]);
    let turns = lines(&out);
    assert_eq!(turns.len(), 20);
    assert!(turns.windows(2).all(|w| w[0] < w[1]), "{turns:?}");
    assert!(turns.contains(&"e2e4") && turns.contains(&"g1f3"));
    assert!(out.ends_with('\n'));
    // After moves, and from a FEN.
    let out = stdout_of(&["moves", "chess", "--moves", "e2e4 e7e5"]);
    assert!(lines(&out).contains(&"e1e2"));
    let out = stdout_of(&["moves", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_eq!(out, "e1d1\ne1d2\ne1e2\ne1f1\ne1f2\n");
    // A finished game prints nothing.
    let out = stdout_of(&["moves", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4"]);
    assert_eq!(out, "");
}

#[test]
fn moves_for_every_variant_is_sorted() {
    for id in ids() {
        let out = stdout_of(&["moves", id]);
        let turns = lines(&out);
        assert!(!turns.is_empty(), "{id}");
        assert!(turns.windows(2).all(|w| w[0] < w[1]), "{id}: {turns:?}");
    }
    let out = stdout_of(&["moves", "fanorona-chess", "--option", "alternate-setup"]);
    assert_eq!(lines(&out).len(), 19);
}

#[test]
fn perft_divide_prints_sorted_counts_then_the_total() {
    let out = stdout_of(&["perft", "chess", "2", "--divide"]);
    let all = lines(&out);
    assert_eq!(all.len(), 21, "{out}");
    assert_eq!(all[20], "400");
    let moves = stdout_of(&["moves", "chess"]);
    let mut sum = 0;
    for (line, turn) in all[..20].iter().zip(lines(&moves)) {
        let (text, count) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{line:?} is not '<move> <count>'"));
        assert_eq!(text, turn);
        assert_eq!(count, "20", "{line}");
        sum += count.parse::<u64>().unwrap_or_default();
    }
    assert_eq!(sum, 400);
    assert!(!out.contains("\n\n"));
    // The same sum for every variant, with the order of `moves`.
    for id in ids() {
        let out = stdout_of(&["perft", id, "2", "--divide"]);
        let all = lines(&out);
        let (total, parts) = all
            .split_last()
            .unwrap_or_else(|| panic!("{id}: no output"));
        let moves = stdout_of(&["moves", id]);
        let turns = lines(&moves);
        assert_eq!(parts.len(), turns.len(), "{id}");
        let mut sum = 0u64;
        for (line, turn) in parts.iter().zip(&turns) {
            let (text, count) = line.split_once(' ').unwrap_or_default();
            assert_eq!(text, *turn, "{id}");
            sum += count
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{id}: {line:?}"));
        }
        assert_eq!(total.parse::<u64>().ok(), Some(sum), "{id}");
        assert_eq!(stdout_of(&["perft", id, "2"]), format!("{sum}\n"), "{id}");
    }
}

#[test]
fn perft_prints_a_bare_integer() {
    assert_eq!(stdout_of(&["perft", "chess", "0"]), "1\n");
    assert_eq!(stdout_of(&["perft", "chess", "1"]), "20\n");
    assert_eq!(stdout_of(&["perft", "chess", "3"]), "8902\n");
    for id in ids() {
        assert_eq!(stdout_of(&["perft", id, "0"]), "1\n", "{id}");
    }
    let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(stdout_of(&["perft", "chess", "2", "--fen", fen]), "191\n");
}

#[test]
fn perft_on_two_threads_gives_the_counts_of_one() {
    for id in ids() {
        for depth in ["0", "1", "3"] {
            for divide in [&[][..], &["--divide"][..]] {
                let one = [&["perft", id, depth][..], divide].concat();
                let two = [&one[..], &["--threads", "2"][..]].concat();
                assert_eq!(stdout_of(&two), stdout_of(&one), "{id} {depth} {divide:?}");
            }
        }
    }
    bad_input(&["perft", "chess", "1", "--threads", "0"]);
}

#[test]
fn status_prints_two_lines() {
    let out = stdout_of(&["status", "chess"]);
    assert_eq!(
        out,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nongoing\n"
    );
    let out = stdout_of(&["status", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4"]);
    assert_eq!(
        lines(&out),
        [
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "0-1 checkmate"
        ]
    );
    for id in ids() {
        let out = stdout_of(&["status", id]);
        let all = lines(&out);
        assert_eq!(all.len(), 2, "{id}: {out:?}");
        assert_eq!(all[1], "ongoing", "{id}");
        // Line 1 is a FEN the command takes back.
        assert_eq!(stdout_of(&["status", id, "--fen", all[0]]), out, "{id}");
    }
}

#[test]
fn unknown_variant_is_bad_input() {
    let message = bad_input(&["moves", "no-such-variant"]);
    assert!(message.contains("no-such-variant"), "{message}");
    bad_input(&["perft", "no-such-variant", "1"]);
    bad_input(&["status", "Chess"]);
}

#[test]
fn unknown_option_is_bad_input() {
    let message = bad_input(&["moves", "chess", "--option", "alternate-setup"]);
    assert!(message.contains("alternate-setup"), "{message}");
    bad_input(&["status", "fanorona-chess", "--option", "no-such-option"]);
    bad_input(&[
        "perft",
        "double-fanorona-chess",
        "1",
        "--option",
        "alternate-setup",
    ]);
}

#[test]
fn malformed_fen_is_bad_input() {
    let message = bad_input(&["status", "chess", "--fen", "not a fen"]);
    assert!(message.contains('\''), "{message}");
    bad_input(&["moves", "chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    bad_input(&[
        "perft",
        "chess",
        "1",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    ]);
    bad_input(&[
        "moves",
        "fanorona-chess",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    bad_input(&["status", "chess", "--fen", ""]);
}

#[test]
fn illegal_move_is_bad_input() {
    let message = bad_input(&["moves", "chess", "--moves", "e2e5"]);
    assert!(message.contains("'e2e5'"), "{message}");
    bad_input(&["status", "chess", "--moves", "e2e4 e2e4"]);
    bad_input(&["perft", "chess", "1", "--moves", "e7e5"]);
    bad_input(&["moves", "chess", "--moves", "e2e4 xyz"]);
    bad_input(&["status", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4 a2a3"]);
}

#[test]
fn unreadable_depth_is_bad_input() {
    bad_input(&["perft", "chess", "x"]);
    bad_input(&["perft", "chess", "-1"]);
    bad_input(&["perft", "chess", "1.5"]);
    bad_input(&["perft", "chess"]);
}

#[test]
fn unknown_flag_or_command_is_bad_input() {
    bad_input(&["moves", "chess", "--no-such-flag"]);
    bad_input(&["perft", "chess", "1", "--divde"]);
    bad_input(&["no-such-command"]);
    bad_input(&["moves"]);
    bad_input(&["variants", "extra"]);
}

/// Without the game, no arguments print the usage; with it, they open the window, so the
/// usage is asked for with `--help`.
#[test]
fn no_arguments_prints_usage() {
    let args: &[&str] = if cfg!(feature = "game") {
        &["--help"]
    } else {
        &[]
    };
    let out = oddboard(args);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Usage"), "{stdout}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The developers' tools (`--window-test`, `--measure`, `--sound-test`) are in `play`'s options only in a build
/// with the `dev` feature: the player's binary does not offer them.
#[test]
fn play_offers_the_developers_tools_only_with_the_dev_feature() {
    let help = stdout_of(&["play", "--help"]);
    assert!(help.contains("--view"), "{help}");
    for tool in ["--window-test", "--measure", "--sound-test"] {
        assert_eq!(help.contains(tool), cfg!(feature = "dev"), "{tool}: {help}");
    }
}

#[test]
fn bad_input_with_a_line_break_is_still_one_line_on_stderr() {
    // The token named in the message must not break the one-line rule.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    bad_input(&["status", "chess", "--fen", &format!("{start}\n")]);
    bad_input(&["status", "chess", "--fen", "\n"]);
}

/// `bestmove`: each iteration on stderr (depth, score, nodes, nps, pv), the turn to play as the
/// last line of stdout.
#[test]
fn bestmove_prints_the_search_on_stderr_and_the_turn_last() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let out = oddboard(&["bestmove", "chess", "--fen", fen, "--depth", "2"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "d1d8\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = stderr.lines().next().unwrap_or_default();
    for word in ["depth 1", "score win 1", "nodes", "nps", "pv d1d8"] {
        assert!(first.contains(word), "{word} in {stderr}");
    }
}

#[test]
fn bestmove_takes_a_node_limit_or_a_level_in_every_variant() {
    for id in ids() {
        let out = oddboard(&["bestmove", id, "--nodes", "2000"]);
        assert_eq!(out.status.code(), Some(0), "{id}");
        let turn = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let legal = stdout_of(&["moves", id]);
        assert!(lines(&legal).contains(&turn.as_str()), "{id}: {turn}");
    }
    let out = oddboard(&["bestmove", "amphora", "--level", "Beginner"]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn bestmove_refuses_a_finished_game_and_conflicting_limits() {
    let mated = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    bad_input(&["bestmove", "chess", "--fen", mated, "--moves", "d1d8"]);
    bad_input(&["bestmove", "chess", "--depth", "2", "--movetime", "10"]);
    bad_input(&["bestmove", "chess", "--nodes", "100", "--depth", "2"]);
    bad_input(&["bestmove", "chess", "--level", "grandmaster"]);
}

/// `bestmove --hash`: the table's size for that search, from 1 MiB to the most offered; a size
/// outside them is refused on one line.
#[test]
fn bestmove_takes_a_table_size_within_range() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    for mib in ["1", "64"] {
        let out = oddboard(&[
            "bestmove", "chess", "--fen", fen, "--depth", "2", "--hash", mib,
        ]);
        assert_eq!(out.status.code(), Some(0), "{mib}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "d1d8\n", "{mib}");
    }
    let out = oddboard(&["bestmove", "amphora", "--level", "strong", "--hash", "2"]);
    assert_eq!(out.status.code(), Some(0));
    let over = (MAX_HASH_MIB + 1).to_string();
    for bad in ["0", &over, "lots"] {
        let stderr = bad_input(&["bestmove", "chess", "--depth", "2", "--hash", bad]);
        assert!(stderr.contains("--hash"), "{bad}: {stderr}");
    }
}

/// `selfplay`: each game's turns and result, then the score.
#[test]
fn selfplay_prints_each_game_and_the_score() {
    let out = stdout_of(&[
        "selfplay",
        "fanorona-chess",
        "--games",
        "2",
        "--white",
        "beginner",
        "--black",
        "casual",
        "--nodes",
        "200",
        "--plies",
        "6",
    ]);
    let lines = lines(&out);
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0].split_whitespace().count(), 2 + 6, "{out}");
    assert_eq!(lines[1], "result 1: 1/2-1/2 unfinished after 6 turns");
    assert!(lines[2].starts_with("game 2: "), "{out}");
    assert_eq!(lines[4], "score: beginner 1 - 1 casual");
}

/// `record`: the game's record, SAN for orthodox chess.
#[test]
fn record_prints_the_games_record() {
    let out = stdout_of(&["record", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4"]);
    assert_eq!(
        out,
        "[Event \"?\"]\n[Date \"????.??.??\"]\n[White \"?\"]\n[Black \"?\"]\n\
         [Result \"0-1\"]\n[Variant \"chess\"]\n[Termination \"checkmate\"]\n\n\
         1. f3 e5 2. g4 Qh4# 0-1\n"
    );
    let out = stdout_of(&["record", "fanorona-chess", "--option", "alternate-setup"]);
    assert!(
        out.ends_with("[Options \"alternate-setup\"]\n\n*\n"),
        "{out}"
    );
    bad_input(&["record", "chess", "--moves", "e2e5"]);
}

/// `replay`: a record of any variant, from a file or standard input, prints what `status`
/// prints for its final position.
#[test]
fn replay_prints_the_status_of_the_records_end() {
    for id in ids() {
        let moves = lines(&stdout_of(&["moves", id]))[0].to_string();
        let record = stdout_of(&["record", id, "--moves", &moves]);
        let path = file_with(&format!("replay-{id}.pgn"), &record);
        let status = stdout_of(&["status", id, "--moves", &moves]);
        assert_eq!(
            stdout_of(&["replay", &path.to_string_lossy()]),
            status,
            "{id}"
        );
        let out = oddboard_with_input(&["replay", "-"], &record);
        assert_eq!(out.status.code(), Some(0), "{id}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), status, "{id}");
    }
}

#[test]
fn replay_of_a_bad_record_or_a_missing_file_is_bad_input() {
    let path = file_with("bad.pgn", "[Result \"*\"]\n\n1. e4 e4 *\n");
    let message = bad_input(&["replay", &path.to_string_lossy()]);
    assert!(message.contains("line 3, column 7: 'e4'"), "{message}");
    let message = bad_input(&["replay", "no-such-file.pgn"]);
    assert!(message.contains("no-such-file.pgn"), "{message}");
    let out = oddboard_with_input(&["replay", "-"], "[Result \"1-0\"]\n\n*\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    bad_input(&["replay"]);
}

#[test]
fn lessons_lists_each_lesson_as_its_id_a_tab_and_its_title() {
    let course = oddboard::curriculum::lessons::load("fanorona-chess").expect("the course");
    let out = stdout_of(&["lessons", "fanorona-chess"]);
    let expected: Vec<String> = course
        .lessons
        .iter()
        .map(|l| format!("{}\t{}", l.id, l.title))
        .collect();
    assert_eq!(lines(&out), expected);
}

#[test]
fn lessons_refuses_orthodox_chess_an_unknown_variant_and_a_draft_that_teaches_nothing() {
    assert!(bad_input(&["lessons", "chess"]).contains("no course"));
    assert!(bad_input(&["lessons", "xiangqi"]).contains("unknown variant 'xiangqi'"));
    let draft = file_with(
        "draft-course.ron",
        r#"(variant: "fanorona-chess", lessons: [(id: "any", title: "Any move", steps: [(
            fen: "2k2/5/5/2r2/4n/2R2/5/5/2K2 w - - 0 1", text: "", task: "",
            pass: AnyOf([Moves("King"), Moves("Rook")]), otherwise: "No.", done: "Yes.")])])"#,
    );
    let why = bad_input(&[
        "lessons",
        "fanorona-chess",
        "--file",
        &draft.display().to_string(),
    ]);
    assert!(
        why.contains("lesson `any` step 1: every legal turn passes"),
        "{why}"
    );
}

#[test]
fn puzzles_list_prints_five_tab_separated_fields_per_puzzle_and_no_header() {
    for variant in oddboard::curriculum::puzzles::shipped_ids() {
        let out = stdout_of(&["puzzles", "list", variant]);
        assert!(lines(&out).len() >= 40, "{variant}");
        for (index, line) in lines(&out).iter().enumerate() {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "{line:?}");
            assert_eq!(fields[0], format!("{variant}-{:02}", index + 1));
            assert_eq!(fields[1], "-");
            let status = stdout_of(&["status", variant, "--fen", fields[2], "--moves", fields[3]]);
            let side = fields[2].split(' ').nth(1);
            let won = if side == Some("w") { "1-0 " } else { "0-1 " };
            assert!(lines(&status)[1].starts_with(won), "{line:?}: {status}");
            assert!(["win-in-1", "win-in-2"].contains(&fields[4]), "{line:?}");
        }
    }
}

#[test]
fn puzzles_of_an_unknown_variant_are_bad_input() {
    let message = bad_input(&["puzzles", "list", "no-such-variant"]);
    assert!(message.contains("no-such-variant"), "{message}");
    bad_input(&["puzzles", "list", "chess"]);
    bad_input(&["puzzles", "mine", "no-such-variant", "--count", "1"]);
}

#[test]
fn puzzles_mine_prints_a_set_as_ron_the_same_for_the_same_seed() {
    let args = ["puzzles", "mine", "amphora", "--count", "2", "--seed", "3"];
    let first = oddboard(&args);
    assert_eq!(first.status.code(), Some(0));
    assert!(!first.stderr.is_empty(), "progress on stderr");
    let text = String::from_utf8(first.stdout).expect("UTF-8");
    let set = oddboard::curriculum::puzzles::parse_set("mined.ron", &text)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.puzzles.len(), 2);
    assert_eq!(set.puzzles[0].id, "amphora-01");
    assert_eq!(oddboard(&args).stdout, text.as_bytes());
}

#[cfg(feature = "game")]
#[test]
fn serve_and_bot_refuse_bad_options_in_one_line_naming_them() {
    for (args, named) in [
        (&["bot", "nohost"][..], "nohost"),
        (&["bot", "127.0.0.1:5725", "--variant", "nope"], "nope"),
        (&["bot", "127.0.0.1:5725", "--level", "godlike"], "godlike"),
        (&["bot", "127.0.0.1:5725", "--clock", "5x3"], "5x3"),
        (&["bot", "127.0.0.1:5725", "--clock", "0+0"], "0+0"),
        (&["serve", "--port", "99999"], "99999"),
        (&["serve", "--bind", "nowhere"], "nowhere"),
    ] {
        let message = bad_input(args);
        assert!(message.contains(named), "{args:?}: {message}");
    }
}
