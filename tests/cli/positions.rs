//! `variant positions`: one process judges many positions, one line of input each, and answers
//! each with a line of its own: the FEN, the result and the legal turns, tab-separated, or an
//! error naming the bad token, without stopping.

use super::{bad_input, lines, oddboard_with_input, stdout_of};

/// The answers of `variant positions` for `variant` to `input`; it must succeed and write
/// nothing on stderr.
fn answers(variant: &str, input: &str) -> String {
    let out = oddboard_with_input(&["variant", "positions", variant], input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    assert!(stderr.is_empty(), "stderr: {stderr}");
    String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("stdout not UTF-8: {e}"))
}

/// The line `moves` and `status` together give for `args`: FEN, result, turns.
fn as_moves_and_status_say(args: &[&str]) -> String {
    let status = stdout_of(&[&["status"], args].concat());
    let moves = stdout_of(&[&["moves"], args].concat());
    let status = lines(&status);
    format!("{}\t{}\t{}", status[0], status[1], lines(&moves).join(" "))
}

#[test]
fn each_line_is_answered_as_moves_and_status_answer_its_position() {
    let mate = "6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1";
    let input = format!("startpos\nstartpos moves e2e4 e7e5\nfen {mate} moves d1d8\nfen {mate}\n");
    let out = answers("variants/chess.ron", &input);
    assert_eq!(
        lines(&out),
        [
            as_moves_and_status_say(&["variants/chess.ron"]),
            as_moves_and_status_say(&["variants/chess.ron", "--moves", "e2e4 e7e5"]),
            "3R2k1/5ppp/8/8/8/8/8/K7 b - - 1 1\t1-0 checkmate\t".to_string(),
            as_moves_and_status_say(&["variants/chess.ron", "--fen", mate]),
        ]
    );
}

#[test]
fn a_repetition_counts_over_the_line_s_turns() {
    let out = answers(
        "chess",
        "startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\n",
    );
    assert_eq!(
        lines(&out)[0].split('\t').nth(1),
        Some("1/2-1/2 threefold repetition")
    );
}

#[test]
fn a_bad_line_is_one_error_line_naming_its_token_and_the_next_line_is_answered() {
    let input = "startpos moves e2e5\nfoo\n\nfen\nstartpos e2e4\nfen 8/8 w\nstartpos\n";
    let out = answers("chess", input);
    let out = lines(&out);
    assert_eq!(out.len(), 7, "{out:?}");
    let named = ["'e2e5'", "'foo'", "empty line", "'fen'", "'e2e4'", "FEN"];
    for (line, token) in out.iter().zip(named) {
        assert!(line.starts_with("error: "), "{line}");
        assert!(line.contains(token), "{line} should name {token}");
        assert!(!line.contains('\t'), "{line}");
    }
    assert!(out[6].ends_with("g2g4 h2h3 h2h4"), "{}", out[6]);
}

#[test]
fn an_unknown_variant_is_bad_input() {
    bad_input(&["variant", "positions", "no-such-variant"]);
    bad_input(&["variant", "positions"]);
}
