//! Variant files on the command line: every command that takes a variant id takes the path of a
//! variant file too, and plays the seed games' files (`variants/<id>.ron`) as their built-in
//! variants play; `variant check` shows a variant to its author; a file that is missing or is
//! no variant is bad input. The paths are relative: the tests run in the project's root.

use super::{bad_input, file_with, lines, oddboard, stdout_of};
use oddboard::rules::ids;

/// The path of the seed game `id`'s variant file.
fn file_of(id: &str) -> String {
    format!("variants/{id}.ron")
}

/// Each seed game with the options its file is checked with: none, and every option it has.
fn games() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut games: Vec<_> = ids().map(|id| (id, vec![])).collect();
    games.push(("amoeba", vec!["occupied-slide", "bishop-promotion"]));
    games.push(("fanorona-chess", vec!["alternate-setup"]));
    games
}

/// `args` with `--option NAME` for each of `options` after them.
fn with_options<'a>(args: &[&'a str], options: &[&'a str]) -> Vec<&'a str> {
    let mut all = args.to_vec();
    for option in options {
        all.extend(["--option", option]);
    }
    all
}

#[test]
fn moves_perft_and_status_of_a_seed_games_file_are_its_built_ins() {
    for (id, options) in games() {
        let file = file_of(id);
        // The command, the variant, the rest.
        let both = |command: &str, rest: &[&str]| {
            let run =
                |spec: &str| stdout_of(&with_options(&[&[command, spec], rest].concat(), &options));
            (run(id), run(&file))
        };
        let (built_in, read) = both("moves", &[]);
        assert_eq!(read, built_in, "{id} {options:?}");
        let first = lines(&built_in)[0].to_string();
        let (built_in, read) = both("perft", &["2", "--divide", "--moves", &first]);
        assert_eq!(read, built_in, "{id} {options:?} after {first}");
        let (built_in, read) = both("status", &["--moves", &first]);
        assert_eq!(lines(&read)[1], lines(&built_in)[1], "{id} {options:?}");
    }
    assert_eq!(
        stdout_of(&["status", "variants/chess.ron", "--moves", "e2e4"]),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\nongoing\n"
    );
}

#[test]
fn bestmove_record_and_replay_take_a_variant_file() {
    for id in ids() {
        let file = file_of(id);
        let legal = stdout_of(&["moves", &file]);
        let searched = oddboard(&["bestmove", &file, "--depth", "1"]);
        assert_eq!(searched.status.code(), Some(0), "{id}: {searched:?}");
        let best = String::from_utf8_lossy(&searched.stdout).into_owned();
        assert!(
            legal.lines().any(|turn| turn == best.trim()),
            "{id}: {best}"
        );
        let record = stdout_of(&["record", &file, "--moves", best.trim()]);
        assert!(
            record.contains(&format!("[Variant \"{file}\"]")),
            "{id}: {record}"
        );
        let path = file_with(&format!("file-{id}.pgn"), &record);
        assert_eq!(
            stdout_of(&["replay", &path.to_string_lossy()]),
            stdout_of(&["status", &file, "--moves", best.trim()]),
            "{id}"
        );
    }
}

#[test]
fn variant_check_draws_the_start_each_piece_and_perft() {
    let out = stdout_of(&["variant", "check", "chess"]);
    let shown = lines(&out);
    assert_eq!(shown[0], "Chess — chess");
    assert!(
        out.contains(concat!(
            "Start position: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\n",
            " 8 r n b q k b n r\n",
        )),
        "{out}"
    );
    assert!(
        out.contains(" 1 R N B Q K B N R\n   a b c d e f g h\n"),
        "{out}"
    );
    let knight = shown
        .iter()
        .position(|l| l.starts_with("Knight (N): "))
        .expect("the Knight");
    assert_eq!(
        shown[knight + 3..knight + 8],
        [
            " 6 . . * . * . . .",
            " 5 . * . . . * . .",
            " 4 . . . N . . . .",
            " 3 . * . . . * . .",
            " 2 . . * . * . . .",
        ]
    );
    assert!(
        out.ends_with("Perft from the start position\ndepth 1: 20\ndepth 2: 400\ndepth 3: 8902\n"),
        "{out}"
    );
    let amoeba = stdout_of(&["variant", "check", "amoeba", "--option", "bishop-promotion"]);
    assert!(
        amoeba.starts_with("Amoeba — amoeba, with bishop-promotion\n"),
        "{amoeba}"
    );
    assert!(
        amoeba.contains("\n 4 . .       . .\n"),
        "holes are blank: {amoeba}"
    );
    assert!(amoeba.contains("\nBishop (B): "), "{amoeba}");
}

#[test]
fn variant_check_of_a_new_file_shows_its_holes_a_piece_without_a_diagram_and_perft() {
    // tests/cli/tiny.ron: a King, a Wazir and a piece that only captures, on 5 × 5 with a hole.
    let path = "tests/cli/tiny.ron";
    let out = stdout_of(&["variant", "check", path]);
    assert!(out.starts_with(&format!("Tiny — {path}\n")), "{out}");
    assert!(
        out.contains(" 5 k w c . .\n 4 . . . . .\n 3 . .   . .\n"),
        "{out}"
    );
    assert!(
        out.contains("\nCatcher (C): cW\nno diagram: it moves from no square of an empty board\n"),
        "{out}"
    );
    let wazir = lines(&out)
        .into_iter()
        .skip_while(|l| *l != "Wazir (W): W")
        .collect::<Vec<_>>();
    assert!(
        wazir[1..6].iter().filter(|l| l.contains('*')).count() == 3
            && wazir[1..6].iter().any(|l| l.contains("* W *")),
        "{wazir:?}"
    );
    for depth in ["1", "2", "3"] {
        let leaves = stdout_of(&["perft", path, depth]);
        assert!(
            out.contains(&format!("\ndepth {depth}: {leaves}")),
            "{depth}: {leaves} {out}"
        );
    }
}

#[test]
fn variant_check_of_a_seed_games_file_shows_its_built_ins_start_and_perft() {
    for (id, options) in games() {
        let check = |spec: &str| stdout_of(&with_options(&["variant", "check", spec], &options));
        let (built_in, read) = (check(id), check(&file_of(id)));
        let section = |out: &str, title: &str| {
            let start = out.find(title).unwrap_or_else(|| panic!("{id}: {title}"));
            let end = out[start..]
                .find("\n\n")
                .map_or(out.len(), |end| start + end);
            out[start..end].to_string()
        };
        for title in ["Start position: ", "Perft from the start position"] {
            assert_eq!(
                section(&read, title),
                section(&built_in, title),
                "{id} {options:?}"
            );
        }
        let heading = lines(&read)[0];
        assert!(
            heading.contains(&format!(" — {}", file_of(id))),
            "{id}: {heading}"
        );
    }
}

#[test]
fn a_missing_file_or_one_that_is_no_variant_is_bad_input() {
    let not_a_variant = file_with("not-a-variant.ron", "(name: \"half a variant\"");
    let misnamed = file_with(
        "misnamed.ron",
        &std::fs::read_to_string("tests/cli/tiny.ron").expect("tiny.ron reads"),
    );
    let (not_a_variant, misnamed) = (not_a_variant.to_string_lossy(), misnamed.to_string_lossy());
    for path in ["variants/no-such-game.ron", &not_a_variant, &misnamed] {
        for args in [
            &["moves", path][..],
            &["perft", path, "1"],
            &["status", path],
            &["bestmove", path, "--depth", "1"],
            &["record", path],
            &["selfplay", path, "--nodes", "10"],
            &["variant", "check", path],
        ] {
            let message = bad_input(args);
            assert!(message.contains(path), "{args:?}: {message}");
        }
    }
    bad_input(&["variant", "check"]);
    bad_input(&["variant", "check", "no-such-variant"]);
}

#[test]
fn courses_and_shipped_puzzles_are_of_the_built_in_variants_only() {
    for args in [
        &["lessons", "variants/chess.ron"][..],
        &["puzzles", "list", "variants/chess.ron"],
    ] {
        let message = bad_input(args);
        assert!(
            message.contains("'variants/chess.ron'") && message.contains("built-in variants"),
            "{args:?}: {message}"
        );
    }
}

#[cfg(feature = "game")]
#[test]
fn a_bot_refuses_a_variant_file_that_does_not_read_before_it_connects() {
    let message = bad_input(&["bot", "127.0.0.1:5725", "--variant", "variants/missing.ron"]);
    assert!(message.contains("variants/missing.ron"), "{message}");
}
