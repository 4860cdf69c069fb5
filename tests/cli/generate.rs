//! `oddboard generate DIR`, the files a package installs: a man page naming every command, one
//! page per command, and the bash, zsh and fish completions; a directory it cannot write into is
//! bad input.

use super::{bad_input, stdout_of};
use std::path::PathBuf;

/// The commands `oddboard --help` lists.
const COMMANDS: [&str; 17] = [
    "play", "serve", "identity", "admin", "bot", "variants", "variant", "moves", "perft", "status",
    "record", "replay", "bestmove", "lessons", "selfplay", "puzzles", "uci",
];

#[test]
fn generate_writes_the_man_pages_and_the_three_completions() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generated");
    let _ = std::fs::remove_dir_all(&dir);
    let listed = stdout_of(&["generate", dir.to_str().expect("a UTF-8 path")]);
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let page = read("oddboard.1");
    for command in COMMANDS {
        assert!(
            page.contains(&format!("oddboard\\-{command}(1)")),
            "{command}: {page}"
        );
        assert!(!read(&format!("oddboard-{command}.1")).is_empty());
    }
    assert!(
        !page.contains("generate"),
        "the hidden command is in the page: {page}"
    );
    for (file, says) in [
        ("oddboard.bash", "complete "),
        ("_oddboard", "#compdef oddboard"),
        ("oddboard.fish", "complete -c oddboard"),
    ] {
        assert!(read(file).contains(says), "{file}");
        assert!(
            listed.lines().any(|l| l.ends_with(file)),
            "{file} not listed: {listed}"
        );
    }
}

#[test]
fn generate_into_a_file_is_bad_input() {
    let file = super::file_with("not-a-directory", "");
    let line = bad_input(&["generate", file.to_str().expect("a UTF-8 path")]);
    assert!(line.contains("not-a-directory"), "{line}");
    bad_input(&["generate"]);
}
