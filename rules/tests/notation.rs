//! Fuzz-style tests of the text forms (NOTATION.md): FENs and turn texts, random or mutated from
//! valid ones, given to the engine never make it panic; a rejection is an `Err` whose message is
//! one line naming the offending token in quotes; whatever is accepted is canonical. Then the
//! FEN field rules and the strictness of move text, over every variant where they are general.

use crate::common;
use crate::common::{config, name, setups};
use oddboard_rules::{Error, Loc, Position, RulesExt, Turn, Variant};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use std::sync::OnceLock;

/// The options of a setup, as `common`'s helpers take them.
fn options(variant: &Variant) -> Vec<&str> {
    variant
        .options()
        .names()
        .iter()
        .map(String::as_str)
        .collect()
}

/// A small deterministic generator (xorshift), for sample games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as usize
    }
}

/// Positions of a setup to mutate, with their legal turn texts: the start, then every 8th
/// position of a pseudo-random game of at most 80 plies.
struct Sample {
    positions: Vec<Position>,
    legal: Vec<Vec<String>>,
}

/// The samples of every setup, in the order of [`setups`], computed once.
fn samples() -> &'static [Sample] {
    static SAMPLES: OnceLock<Vec<Sample>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        setups()
            .iter()
            .map(|variant| {
                let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
                let mut pos = *variant.start();
                let mut positions = vec![pos];
                for ply in 1..=80 {
                    let legal = variant.legal_turns(&pos);
                    if legal.is_empty() {
                        break;
                    }
                    pos = variant.play_unchecked(&pos, &legal[rng.next() % legal.len()]);
                    if ply % 8 == 0 {
                        positions.push(pos);
                    }
                }
                let legal = positions
                    .iter()
                    .map(|p| variant.legal_turn_texts(p))
                    .collect();
                Sample { positions, legal }
            })
            .collect()
    })
}

/// Each setup with its sample.
fn setups_with_samples() -> impl Iterator<Item = (&'static Variant, &'static Sample)> {
    setups().iter().map(|v| &**v).zip(samples())
}

/// Every truncation (each prefix and each suffix) and every one-character mutation (delete
/// one, duplicate one, swap the case of one) of `text`.
fn mutations(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        out.push(chars[..i].iter().collect());
        out.push(chars[i + 1..].iter().collect());
        let mut deleted = chars.clone();
        deleted.remove(i);
        out.push(deleted.into_iter().collect());
        let mut doubled = chars.clone();
        doubled.insert(i, chars[i]);
        out.push(doubled.into_iter().collect());
        let swapped: String = if chars[i].is_uppercase() {
            chars[i].to_lowercase().collect()
        } else {
            chars[i].to_uppercase().collect()
        };
        if swapped != chars[i].to_string() {
            let mut changed: String = chars[..i].iter().collect();
            changed.push_str(&swapped);
            changed.extend(&chars[i + 1..]);
            out.push(changed);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The result of checking one input: the first broken expectation, as a message.
type Check = Result<(), String>;

/// Fails the check with a message unless `cond` holds.
macro_rules! ensure {
    ($cond:expr, $($arg:tt)+) => {
        if !$cond {
            return Err(format!($($arg)+));
        }
    };
}

/// Panics with the message of a failed check (outside proptest).
fn ok(check: Check) {
    if let Err(message) = check {
        panic!("{message}");
    }
}

/// A rejection of `input` must be one line that names the offending token in quotes. A bad
/// turn names the whole text given; a bad FEN names part of it (possibly an empty rank or
/// field), or (for a broken invariant) the side or square at fault.
fn check_rejection(variant: &Variant, input: &str, error: &Error) -> Check {
    let message = error.to_string();
    let who = name(variant);
    ensure!(
        !message.contains('\n') && !message.contains('\r'),
        "{who}: rejection of {input:?} is not one line: {message:?}"
    );
    let token = match error {
        Error::Turn { token, .. } => {
            ensure!(
                token == input,
                "{who}: rejection of {input:?} names {token:?}, not the text given"
            );
            token
        }
        Error::Fen { token, .. } => {
            let sides = &variant.data().sides;
            let invariant = ["White", "Black"].contains(&token.as_str())
                || sides.contains(token)
                || Loc::parse(token).is_some();
            ensure!(
                input.contains(token.as_str()) || invariant,
                "{who}: rejection of {input:?} names {token:?}, which is not in it: {message:?}"
            );
            token
        }
        other => {
            return Err(format!(
                "{who}: {input:?} rejected with an unexpected kind of error: {other:?}"
            ));
        }
    };
    let shown: String = token
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    ensure!(
        message.contains(&format!("'{shown}'")),
        "{who}: rejection of {input:?} does not quote {token:?} (control characters escaped): {message:?}"
    );
    Ok(())
}

/// Gives `text` to `parse_fen`: a rejection must be well formed; an accepted FEN must describe a
/// position that reads back the same, whose legal turns can be listed and played.
fn check_fen_input(variant: &Variant, text: &str) -> Check {
    let who = name(variant);
    let pos = match variant.parse_fen(text) {
        Err(error) => return check_rejection(variant, text, &error),
        Ok(pos) => pos,
    };
    let fen = variant.fen(&pos);
    match variant.parse_fen(&fen) {
        Ok(back) => ensure!(
            back == pos,
            "{who}: {text:?} written as {fen:?} reads back differently"
        ),
        Err(e) => {
            return Err(format!(
                "{who}: {text:?} is accepted but written {fen:?}, which is rejected: {e}"
            ));
        }
    }
    if variant.id() == "chess" {
        ensure!(
            fen == text,
            "chess: accepted {text:?} is not canonical ({fen:?})"
        );
    }
    for turn in variant.legal_turns(&pos) {
        let next = variant.play_unchecked(&pos, &turn);
        variant.fen(&next);
    }
    variant.own_outcome(&pos, None);
    Ok(())
}

/// Gives `text` to `parse_turn` in `pos` (whose legal turn texts are `legal`): it is accepted
/// exactly when it is the canonical text of a legal turn, and a rejection is well formed.
fn check_turn_input(variant: &Variant, pos: &Position, legal: &[String], text: &str) -> Check {
    let who = name(variant);
    let is_legal = legal.iter().any(|t| t == text);
    match variant.parse_turn(pos, text) {
        Ok(turn) => {
            let canonical = variant.turn_text(&turn);
            ensure!(
                canonical == text && is_legal,
                "{who}: accepted {text:?} (read as {canonical:?}), not the text of a legal turn of {}",
                variant.fen(pos)
            );
            Ok(())
        }
        Err(error) => {
            ensure!(
                !is_legal,
                "{who}: legal turn {text:?} rejected in {}: {error}",
                variant.fen(pos)
            );
            check_rejection(variant, text, &error)
        }
    }
}

/// Replaces field `index` (0: the board) of `fen` with `with`.
fn with_field(fen: &str, index: usize, with: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[index] = with;
    fields.join(" ")
}

/// Field `index` counted from the end (0: the last).
fn field_from_end(fen: &str, back: usize) -> usize {
    fen.split(' ').count() - 1 - back
}

fn assert_fen_rejected(variant: &Variant, fen: &str) {
    match variant.parse_fen(fen) {
        Ok(_) => panic!("{}: {fen:?} is accepted", name(variant)),
        Err(error) => ok(check_rejection(variant, fen, &error)),
    }
}

fn assert_fen_accepted(variant: &Variant, fen: &str) -> Position {
    variant
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{}: {fen:?} is rejected: {e}", name(variant)))
}

fn variant(id: &str) -> Variant {
    Variant::load(id, &[]).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Checks the turn texts `accepted` are taken and `refused` are bad input, both by the variant
/// reading a turn and by a game set up with them played (as `--moves` does).
fn check_move_texts(id: &str, fen: &str, accepted: &[&str], refused: &[&str]) {
    let variant = variant(id);
    let pos = assert_fen_accepted(&variant, fen);
    let legal = variant.legal_turn_texts(&pos);
    for text in accepted {
        assert!(
            variant.parse_turn(&pos, text).is_ok(),
            "{id}: {text:?} rejected in {fen}"
        );
        assert!(
            !common::rejected(id, &[], Some(fen), text),
            "{id}: --moves {text}"
        );
    }
    for text in refused {
        match variant.parse_turn(&pos, text) {
            Ok(_) => panic!("{id}: {text:?} accepted in {fen}"),
            Err(error) => ok(check_rejection(&variant, text, &error)),
        }
        ok(check_turn_input(&variant, &pos, &legal, text));
        assert!(
            common::rejected(id, &[], Some(fen), text),
            "{id}: --moves {text} accepted"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Random input.

proptest! {
    #![proptest_config(config(64))]

    /// Random bytes (read as text, invalid UTF-8 replaced) as a FEN and as a turn.
    #[test]
    fn random_bytes_are_rejected_cleanly(bytes in vec(any::<u8>(), 0..100)) {
        let text = String::from_utf8_lossy(&bytes);
        for (variant, sample) in setups_with_samples() {
            check_fen_input(variant, &text).map_err(TestCaseError::fail)?;
            check_turn_input(variant, &sample.positions[0], &sample.legal[0], &text)
                .map_err(TestCaseError::fail)?;
        }
    }

    /// Random printable ASCII as a FEN and as a turn.
    #[test]
    fn random_printable_text_is_rejected_cleanly(text in "[ -~]{0,90}") {
        for (variant, sample) in setups_with_samples() {
            check_fen_input(variant, &text).map_err(TestCaseError::fail)?;
            check_turn_input(variant, &sample.positions[0], &sample.legal[0], &text)
                .map_err(TestCaseError::fail)?;
        }
    }

    /// Strings of the characters FENs are made of.
    #[test]
    fn random_fen_alphabet_text_is_handled(text in "[0-9/ wbkqrnpcKQRBNPC*-]{0,70}") {
        for variant in setups() {
            check_fen_input(variant, &text).map_err(TestCaseError::fail)?;
        }
    }

    /// Valid FENs with a few characters replaced: whatever is accepted must read back the same
    /// and have legal turns that can be played.
    #[test]
    fn edited_valid_fens_are_handled(
        setup in any::<Index>(),
        which in any::<Index>(),
        edits in vec((any::<Index>(), prop::sample::select(
            "0123456789/ -wbkqrnbpcKQRBNPCa1e3".chars().collect::<Vec<_>>()
        )), 1..4),
    ) {
        let variant = &setups()[setup.index(setups().len())];
        let positions = &samples()[setup.index(setups().len())].positions;
        let fen = variant.fen(&positions[which.index(positions.len())]);
        let mut chars: Vec<char> = fen.chars().collect();
        for (at, c) in edits {
            let i = at.index(chars.len());
            chars[i] = c;
        }
        let text: String = chars.into_iter().collect();
        check_fen_input(variant, &text).map_err(TestCaseError::fail)?;
    }

    /// Strings of the characters turns are made of, in positions reached by play.
    #[test]
    fn random_turn_alphabet_text_is_handled(
        text in "[a-k1-9x=@,~QRBNKCPqrbnkcp]{0,12}",
        which in any::<Index>(),
    ) {
        for (variant, sample) in setups_with_samples() {
            let i = which.index(sample.positions.len());
            check_turn_input(variant, &sample.positions[i], &sample.legal[i], &text)
                .map_err(TestCaseError::fail)?;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every mutation of valid input.

#[test]
fn every_mutation_of_a_valid_fen_is_handled() {
    for (variant, sample) in setups_with_samples() {
        let mut fens: Vec<String> = sample.positions.iter().map(|p| variant.fen(p)).collect();
        if variant.id() == "chess" {
            fens.push(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".into(),
            );
            fens.push("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1".into());
            fens.push("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".into());
        }
        for fen in &fens {
            ok(check_fen_input(variant, fen));
            for text in mutations(fen) {
                ok(check_fen_input(variant, &text));
            }
        }
    }
}

#[test]
fn every_mutation_of_a_legal_turn_text_is_handled() {
    // The start and one position from the middle game: each syntactically valid input costs a
    // legal-turn list.
    for (variant, sample) in setups_with_samples() {
        for i in [0, sample.positions.len() / 2] {
            let (pos, legal) = (&sample.positions[i], &sample.legal[i]);
            for text in legal {
                ok(check_turn_input(variant, pos, legal, text));
                let mut inputs = mutations(text);
                inputs.push(format!(" {text}"));
                inputs.push(format!("{text} "));
                inputs.push(text.to_uppercase());
                for input in inputs {
                    ok(check_turn_input(variant, pos, legal, &input));
                }
            }
        }
    }
}

#[test]
fn promotion_texts_of_chess_are_handled_in_every_form() {
    // Promotions, captures with promotion and castling: the longer move texts of chess.
    let variant = variant("chess");
    for fen in [
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
    ] {
        let pos = assert_fen_accepted(&variant, fen);
        let legal = variant.legal_turn_texts(&pos);
        for text in &legal {
            for input in mutations(text) {
                ok(check_turn_input(&variant, &pos, &legal, &input));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// FEN field rules.

#[test]
fn fen_fields_separated_by_single_spaces_only() {
    for variant in setups() {
        let fen = variant.fen(variant.start());
        assert_fen_accepted(variant, &fen);
        for (i, _) in fen.match_indices(' ') {
            assert_fen_rejected(variant, &format!("{}  {}", &fen[..i], &fen[i + 1..]));
            assert_fen_rejected(variant, &format!("{}\t{}", &fen[..i], &fen[i + 1..]));
            assert_fen_rejected(variant, &format!("{}{}", &fen[..i], &fen[i + 1..]));
        }
        assert_fen_rejected(variant, &format!(" {fen}"));
        assert_fen_rejected(variant, &format!("{fen} "));
        assert_fen_rejected(variant, &format!("{fen} 1"));
        assert_fen_rejected(variant, "");
        assert_fen_rejected(variant, " ");
    }
}

#[test]
fn fen_fullmove_number_must_be_plain_and_at_least_1() {
    for variant in setups() {
        let fen = variant.fen(variant.start());
        let last = field_from_end(&fen, 0);
        for bad in [
            "0", "00", "01", "+1", "-1", "1.0", "1e1", "0x1", "one", "-0", "1_0",
        ] {
            assert_fen_rejected(variant, &with_field(&fen, last, bad));
        }
        for good in ["1", "2", "10", "40"] {
            let text = with_field(&fen, last, good);
            assert_eq!(variant.fen(&assert_fen_accepted(variant, &text)), text);
        }
    }
}

#[test]
fn fen_halfmove_clock_must_be_plain() {
    // Every variant with the fifty-move rule writes the halfmove clock just before the fullmove
    // number.
    for variant in setups().iter().filter(|v| v.clock_draws()) {
        let fen = variant.fen(variant.start());
        let half = field_from_end(&fen, 1);
        for bad in ["00", "01", "007", "+0", "-0", "+5", "-5", "5.", "x", "1 0"] {
            assert_fen_rejected(variant, &with_field(&fen, half, bad));
        }
        for good in ["0", "1", "9", "10", "99"] {
            let text = with_field(&fen, half, good);
            assert_eq!(variant.fen(&assert_fen_accepted(variant, &text)), text);
        }
    }
}

#[test]
fn fen_halfmove_clock_of_100_or_more_is_accepted_and_drawn_at_once() {
    for variant in setups().iter().filter(|v| v.clock_draws()) {
        let fen = variant.fen(variant.start());
        let half = field_from_end(&fen, 1);
        let options = options(variant);
        for clock in ["100", "101", "150", "999"] {
            let text = with_field(&fen, half, clock);
            assert_fen_accepted(variant, &text);
            let (position, result) = common::status(variant.id(), &options, Some(&text), "");
            assert_eq!(position, text, "{}", name(variant));
            assert_eq!(
                result,
                "1/2-1/2 fifty-move rule",
                "{}: {text}",
                name(variant)
            );
        }
        let text = with_field(&fen, half, "99");
        let (_, result) = common::status(variant.id(), &options, Some(&text), "");
        assert_eq!(result, "ongoing", "{}: {text}", name(variant));
    }
}

#[test]
fn fen_empty_square_counts_must_be_plain() {
    for variant in setups() {
        let fen = variant.fen(variant.start());
        let board = fen.split(' ').next().unwrap_or_default();
        // A leading zero on a digit run, and a zero run after a piece.
        let run = board
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or_else(|| panic!("{}: no empty squares in {board}", name(variant)));
        let zeroed = format!("{}0{}", &board[..run], &board[run..]);
        assert_fen_rejected(variant, &fen.replacen(board, &zeroed, 1));
        let piece = board
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or_else(|| panic!("{}: no piece in {board}", name(variant)));
        let zero_after = format!("{}0{}", &board[..=piece], &board[piece + 1..]);
        assert_fen_rejected(variant, &fen.replacen(board, &zero_after, 1));
        let signed = format!("{}+{}", &board[..run], &board[run..]);
        assert_fen_rejected(variant, &fen.replacen(board, &signed, 1));
    }
    let chess = variant("chess");
    for fen in [
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/4/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert_fen_rejected(&chess, fen);
    }
    // Two digit runs side by side are one number.
    assert_fen_rejected(
        &chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            .replace("/8/8/8/8/", "/8/8/44/8/")
            .as_str(),
    );
}

// ---------------------------------------------------------------------------------------------
// Move text strictness.

#[test]
fn chess_promotion_needs_equals_sign_and_mover_case() {
    check_move_texts(
        "chess",
        "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
        &["e7e8=Q", "e7e8=R", "e7e8=B", "e7e8=N"],
        &[
            "e7e8q", "e7e8Q", "e7e8", "e7e8=q", "e7e8=n", "e7e8=K", "e7e8=P", "e7e8=", "e7e8==Q",
            "e7e8=QQ", "E7E8=Q", "e7-e8=Q", "e7e8(Q)",
        ],
    );
    check_move_texts(
        "chess",
        "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1",
        &["b2b1=n", "b2b1=q", "b2a1=r", "b2a1=b"],
        &["b2b1n", "b2b1=N", "b2a1=Q", "b2b1", "b2a1", "b2a1xa1=q"],
    );
}

#[test]
fn chess_captures_and_castling_are_plain_moves() {
    check_move_texts(
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &["e1g1", "e1c1", "a1a8", "h1h8"],
        &[
            "O-O", "0-0", "e1h1", "e1a1", "a1a8xa8", "a1xa8", "Ra1a8", "a1a8+",
        ],
    );
}

#[test]
fn fanorona_capture_without_x_is_rejected() {
    // Ruling 10: the move c3-c4 can capture, so it has no form without `x`.
    check_move_texts(
        "fanorona-chess",
        "k4/5/5/5/2p2/5/2P2/5/4K w - - 0 1",
        &["c3c4xc5", "c3b4", "c3d4"],
        &[
            "c3c4",
            "c3c4xc6",
            "c3c4xb5",
            "c3b4xc5",
            "c3c4Xc5",
            "c3c4xC5",
            "c3c4x",
            "c3c4xc5xc5",
        ],
    );
    // Ruling 11: the only capture is still written.
    check_move_texts(
        "fanorona-chess",
        "k4/5/5/5/5/5/2p2/1K3/5 w - - 0 1",
        &["b2a1xc3", "b2a2"],
        &["b2a1", "b2a2xc3", "b2a1xc3,"],
    );
}

#[test]
fn turn_parts_out_of_order_are_rejected() {
    // Ruling 21: the `x` part comes before the `=` part.
    check_move_texts(
        "fanorona-chess",
        "5/3P1/3r1/5/4k/5/5/5/K4 w - N 0 1",
        &["d8d9xd7=N", "d8c9=N", "d8e9=N"],
        &["d8d9=Nxd7", "d8d9=N", "d8d9xd7", "d8d9xd7=n", "d8d9xd7=R"],
    );
    // Unsorted end-of-turn promotions are not canonical whatever the variant.
    let chess = variant("chess");
    let pos = *chess.start();
    for text in ["e2e4,e8=Q,d8=Q", "e2e4,d8=Q,d8=Q", "e2e4,~a1a2", "e2e4,"] {
        match chess.parse_turn(&pos, text) {
            Ok(_) => panic!("chess: {text:?} accepted"),
            Err(error) => ok(check_rejection(&chess, text, &error)),
        }
    }
    assert!(Turn::parse("a2a3,e8=Q,d8=Q", chess.letters()).is_err());
}

#[test]
fn turn_text_scans_squares_of_two_and_three_characters() {
    // The largest board is 12 × 10: a square is a file letter and a rank number (`a10`, `l10`).
    let letters = variant("pawns-to-kings").letters().clone();
    for text in [
        "a10a9",
        "b9b10=Q",
        "a1l10xa10",
        "l10a1x@",
        "c2c3,~a10b10",
        "a9a10,a10=Q,b9=Q,b10=C",
        "P@a10,a10b10",
    ] {
        let turn = Turn::parse(text, &letters).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(turn.text(&letters), text);
    }
    let squares = |text: &str| {
        let turn = Turn::parse(text, &letters).expect("reads");
        (turn.from.to_string(), turn.to.to_string())
    };
    assert_eq!(squares("a10a9"), ("a10".into(), "a9".into()));
    assert_eq!(squares("a1a10"), ("a1".into(), "a10".into()));
    for (text, why) in [
        ("m1a1", "'m1' is not a square (move)"),
        ("a11a1", "'a11' is not a square (move)"),
        ("a1a0", "'a0' is not a square (move)"),
        ("a1a10xm2", "'m2' is not a square (capture)"),
        ("a1a2,~a10a11", "'a11' is not a square (slide)"),
        ("a1a2,a10=Q,a9=Q", "promotion 'a9=Q' is out of order"),
    ] {
        assert_eq!(
            Turn::parse(text, &letters).err().as_deref(),
            Some(why),
            "{text}"
        );
    }
    assert_eq!(
        Loc::parse("l10").map(|l| l.to_string()).as_deref(),
        Some("l10")
    );
}

#[test]
fn reordered_parts_of_legal_turns_are_rejected() {
    // Any other order of the comma-separated parts of a legal turn is not its canonical text
    // (placements, slides and end-of-turn promotions; vacuous for variants without them).
    for (variant, sample) in setups_with_samples() {
        for (pos, legal) in sample.positions.iter().zip(&sample.legal) {
            for text in legal {
                let parts: Vec<&str> = text.split(',').collect();
                for i in 0..parts.len() {
                    for j in i + 1..parts.len() {
                        let mut swapped = parts.clone();
                        swapped.swap(i, j);
                        let input = swapped.join(",");
                        if input != *text {
                            ok(check_turn_input(variant, pos, legal, &input));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn rejection_message_of_a_fen_with_a_line_break_is_one_line() {
    // NOTATION.md: bad input gives a one-line message that names the bad token.
    for variant in setups() {
        let fen = variant.fen(variant.start());
        for input in [
            format!("{fen}\n"),
            fen.replacen(' ', "\n", 1),
            "\n".to_string(),
        ] {
            assert_fen_rejected(variant, &input);
        }
        let legal = variant.legal_turn_texts(variant.start());
        let turn = format!("{}\n", legal[0]);
        ok(check_turn_input(variant, variant.start(), &legal, &turn));
    }
}

/// The FEN invariants several variants share (one King a side, no Pawn on the first or last
/// rank, the side not to move not in check) name the side by the variant's own name, or the
/// square, and say why.
#[test]
fn shared_fen_invariants_name_the_side_or_square_and_why() {
    let cases = [
        (
            "fanorona-chess",
            "nr1rn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w - - 0 1",
            "'Red': each side must have exactly one King",
        ),
        (
            "amoeba",
            "*rnnnr*/*ppppp*/7/2***2/7/*PPPPP*/*RNKNR* w - 0 1",
            "'Black': each side must have exactly one King",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
            "'h1': a Pawn may not stand on rank 1 or 8",
        ),
        (
            "fanorona-chess",
            "1rkrP/1bqb1/ppppp/5/5/5/PPPP1/1BQB1/NRKRN w Kk - 0 1",
            "'e9': a Pawn may not stand on rank 1 or 9",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "'Black': the side not to move is in check",
        ),
        (
            "pawns-to-kings",
            "4k3/8/8/8/8/8/8/4Q1K1 w 0 1",
            "'Black': the side not to move is in check",
        ),
    ];
    for (id, fen, why) in cases {
        let message = variant(id)
            .parse_fen(fen)
            .expect_err("an invalid FEN")
            .to_string();
        assert!(message.ends_with(why), "{id} {fen}: {message}");
    }
}
