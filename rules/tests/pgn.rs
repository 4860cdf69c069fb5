//! Game records shaped like PGN (`Game::to_pgn`, `Game::from_pgn`): the text written for
//! orthodox chess (SAN) and the other variants (canonical move text), a real game's PGN from
//! outside, strict reading with errors that say where, and round trips of random games.

use crate::common::{config, game_after, name, setups};
use oddboard_rules::{Game, PgnHeader, Reason, Side, Variant};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use std::sync::Arc;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The game of `variant` with `options` from its start after the canonical turns in `moves`.
fn game_with(variant: &str, options: &[&str], moves: &str) -> Game {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let variant = Variant::load(variant, &options).expect("variant loads");
    let mut game = Game::new(Arc::new(variant));
    for text in moves.split_whitespace() {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text} is legal: {e}"));
    }
    game
}

/// The one-line message reading `record` fails with; panics if it reads.
fn refusal(record: &str) -> String {
    match Game::from_pgn(record) {
        Ok(_) => panic!("read without error:\n{record}"),
        Err(e) => {
            let message = e.to_string();
            assert_eq!(message.lines().count(), 1, "{message}");
            message
        }
    }
}

/// A chess record with the seven tags written for an unknown game, then `moves`.
fn chess_record(result: &str, moves: &str) -> String {
    format!(
        "[Event \"?\"]\n[Date \"????.??.??\"]\n[White \"?\"]\n[Black \"?\"]\n\
         [Result \"{result}\"]\n[Variant \"chess\"]\n\n{moves}\n"
    )
}

#[test]
fn chess_record_is_plain_pgn_in_san() {
    let game = game_after("chess", CHESS_START, "f2f3 e7e5 g2g4 d8h4");
    let expected = r#"[Event "?"]
[Date "????.??.??"]
[White "?"]
[Black "?"]
[Result "0-1"]
[Variant "chess"]
[Termination "checkmate"]

1. f3 e5 2. g4 Qh4# 0-1
"#;
    assert_eq!(game.to_pgn(&PgnHeader::default()), expected);
}

#[test]
fn other_variants_write_canonical_move_text_and_their_options() {
    let game = game_with("amoeba", &["occupied-slide"], "b2b3,~a3a2");
    let expected = r#"[Event "?"]
[Date "????.??.??"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "amoeba"]
[Options "occupied-slide"]

1. b2b3,~a3a2 *
"#;
    assert_eq!(game.to_pgn(&PgnHeader::default()), expected);
    let game = game_with("fanorona-chess", &["alternate-setup"], "a3a4 a7a6");
    let text = game.to_pgn(&PgnHeader::default());
    assert!(
        text.ends_with("[Options \"alternate-setup\"]\n\n1. a3a4 a7a6 *\n"),
        "{text}"
    );
}

#[test]
fn a_game_from_a_fen_with_the_second_player_to_move_starts_with_an_ellipsis() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
    let game = game_after("chess", fen, "e8d7 e2e4");
    let expected = r#"[Event "?"]
[Date "????.??.??"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "chess"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"]

7... Kd7 8. e4 *
"#;
    assert_eq!(game.to_pgn(&PgnHeader::default()), expected);
    let (read, _) = Game::from_pgn(expected).expect("reads");
    assert_eq!(read.turns(), game.turns());
}

#[test]
fn the_header_is_written_escaped_and_read_back() {
    let header = PgnHeader {
        event: Some("Club \"Open\" \\ 2025".to_string()),
        date: Some("2025.03.??".to_string()),
        white: Some("Ada".to_string()),
        black: Some("Bob".to_string()),
        time_control: Some("300+2".to_string()),
        elo: [Some(1500), Some(1623)],
        rating_diff: [Some(7), Some(-7)],
    };
    let game = game_with("american-chess", &[], "");
    let text = game.to_pgn(&header);
    let expected = r#"[Event "Club \"Open\" \\ 2025"]
[Date "2025.03.??"]
[White "Ada"]
[Black "Bob"]
[Result "*"]
[Variant "american-chess"]
[TimeControl "300+2"]
[WhiteElo "1500"]
[BlackElo "1623"]
[WhiteRatingDiff "+7"]
[BlackRatingDiff "-7"]

*
"#;
    assert_eq!(text, expected);
    let (read, read_header) = Game::from_pgn(&text).expect("reads");
    assert_eq!(read_header, header);
    assert_eq!(read.to_pgn(&read_header), text);
}

#[test]
fn move_text_is_wrapped_at_80_columns() {
    let moves = "g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8 g1h3 g8h6 h3g1 h6g8 b1a3 b8a6 a3b1 \
                 a6b8 e2e3 e7e6 d1e2 d8e7 e2d1 e7d8 d1f3 d8f6 f3d1 f6d8";
    let game = game_after("chess", CHESS_START, moves);
    let text = game.to_pgn(&PgnHeader::default());
    let move_text = text.split("\n\n").nth(1).expect("move text");
    let lines: Vec<&str> = move_text.lines().collect();
    assert!(lines.len() > 1, "{move_text}");
    assert!(lines.iter().all(|l| l.len() <= 80), "{move_text}");
    // Each line is as full as the next word allows.
    for pair in lines.windows(2) {
        let next_word = pair[1].split(' ').next().unwrap_or_default();
        assert!(pair[0].len() + 1 + next_word.len() > 80, "{move_text}");
    }
    assert!(
        move_text.starts_with("1. Nf3 Nf6 2. Ng1 Ng8 3. Nc3 Nc6"),
        "{move_text}"
    );
}

/// Morphy's "Opera game" (Paris, 1858) as PGN from elsewhere: the seven-tag roster, no
/// `Variant` tag, comments, a NAG, move marks and the result.
const OPERA_GAME: &str = r#"[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1.e4 e5 2.Nf3 d6 3.d4 Bg4 {This is a weak move already.} 4.dxe5 Bxf3 5.Qxf3 dxe5
6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 c6 9.Bg5 {Black is in what is like a zugzwang.} b5?!
10.Nxb5! cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 $6 15.Bxd7+ Nxd7
; the finish
16.Qb8+ Nxb8 17.Rd8# 1-0
"#;

#[test]
fn a_famous_game_from_outside_reads_to_its_final_position() {
    let (game, header) = Game::from_pgn(OPERA_GAME).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.variant().fen(game.position()),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Checkmate));
    assert_eq!(header.white.as_deref(), Some("Paul Morphy"));
    assert_eq!(header.date.as_deref(), Some("1858.??.??"));
    assert_eq!(header.event.as_deref(), Some("Paris"));
}

#[test]
fn a_result_where_the_rules_have_not_ended_the_game_is_the_players_decision() {
    let (game, _) = Game::from_pgn(&chess_record("1-0", "1. e4 e5 1-0")).expect("reads");
    assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Resignation));
    assert!(
        game.to_pgn(&PgnHeader::default())
            .contains("[Termination \"resignation\"]")
    );
    let (game, _) = Game::from_pgn(&chess_record("1/2-1/2", "1. e4 1/2-1/2")).expect("reads");
    assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Agreement));
    let mut resigned = game_after("chess", CHESS_START, "e2e4");
    resigned.resign(Side::White);
    let text = resigned.to_pgn(&PgnHeader::default());
    let (read, _) = Game::from_pgn(&text).expect("reads");
    assert_eq!(read.outcome(), resigned.outcome());
}

#[test]
fn a_flag_fallen_reads_back_as_a_loss_on_time() {
    let mut flagged = game_after("chess", CHESS_START, "e2e4");
    flagged.time_out(Side::Black);
    let text = flagged.to_pgn(&PgnHeader::default());
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    let (read, _) = Game::from_pgn(&text).expect("reads");
    assert_eq!(read.outcome(), flagged.outcome());
    assert_eq!(read.outcome().map(|o| o.reason), Some(Reason::TimeForfeit));
}

#[test]
fn every_reason_reads_back_from_its_termination_text() {
    for reason in Reason::ALL {
        assert_eq!(
            Reason::parse(reason.text()),
            Some(reason),
            "{}",
            reason.text()
        );
    }
    assert_eq!(Reason::parse("normal"), None);
}

#[test]
fn canonical_move_text_is_read_in_a_chess_record_too() {
    let (game, _) = Game::from_pgn(&chess_record("*", "1. e2e4 e7e5 2. Nf3 *")).expect("reads");
    assert_eq!(game.turn_texts(), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn an_illegal_move_is_named_with_its_line_and_column() {
    let record = chess_record("*", "1. e4 e5\n2. Nf3 e2e5 *");
    assert_eq!(
        refusal(&record),
        "bad record: line 9, column 8: 'e2e5': not a legal turn in this position (as SAN or \
         move text)"
    );
    let record = "[Result \"*\"]\n[Variant \"amphora\"]\n\n1. c2c3 c7c5 *\n";
    assert_eq!(
        refusal(record),
        "bad record: line 4, column 9: 'c7c5': not a legal turn in this position"
    );
}

#[test]
fn a_result_that_disagrees_is_refused() {
    assert_eq!(
        refusal(&chess_record("0-1", "1. e4 1-0")),
        "bad record: line 8, column 7: '1-0': the Result tag says '0-1'"
    );
    assert_eq!(
        refusal(&chess_record("*", "1. f3 e5 2. g4 Qh4# *")),
        "bad record: line 8, column 21: '*': the game is over: 0-1 checkmate"
    );
    assert_eq!(
        refusal(&chess_record("1-0", "1. f3 e5 2. g4 Qh4# 1-0")),
        "bad record: line 8, column 21: '1-0': the game is over: 0-1 checkmate"
    );
    let record = chess_record("1-0", "1. e4 1-0")
        .replace("[Variant", "[Termination \"checkmate\"]\n[Variant");
    assert_eq!(
        refusal(&record),
        "bad record: line 6, column 1: 'checkmate': the game ended by resignation"
    );
    assert_eq!(
        refusal(&chess_record("*", "1. e4")),
        "bad record: line 9, column 1: the move text does not end with a result"
    );
    assert_eq!(
        refusal("\n1. e4 *\n"),
        "bad record: line 2, column 7: '*': the record has no Result tag"
    );
}

#[test]
fn variations_and_text_after_the_result_are_refused() {
    assert_eq!(
        refusal(&chess_record("*", "1. e4 (1. d4) e5 *")),
        "bad record: line 8, column 7: '(': variations are not read: a record holds one line \
         of play"
    );
    assert_eq!(
        refusal(&chess_record("*", "1. e4 * 2. e5")),
        "bad record: line 8, column 9: '2.': text after the result"
    );
    assert_eq!(
        refusal(&chess_record("*", "1. e4 {never closed *")),
        "bad record: line 8, column 7: '{': a comment that is never closed"
    );
}

#[test]
fn a_wrong_move_number_is_refused() {
    assert_eq!(
        refusal(&chess_record("*", "1. e4 2. e5 *")),
        "bad record: line 8, column 7: '2.': the move here is number 1..."
    );
    assert_eq!(
        refusal(&chess_record("*", "1... e4 *")),
        "bad record: line 8, column 1: '1...': the move here is number 1."
    );
}

#[test]
fn malformed_or_refused_tags_are_named() {
    let cases = [
        (
            "[Event \"?\"\n\n*\n",
            "line 1, column 1: 'Event': a tag pair must end with ']' on its line",
        ),
        (
            "[Event ?]\n\n*\n",
            "line 1, column 8: 'Event': a tag's value must be in double quotes",
        ),
        (
            "[Event \"a\nb\"]\n\n*\n",
            "line 1, column 8: 'Event': a tag's value that is never closed",
        ),
        (
            "[ \"x\"]\n\n*\n",
            "line 1, column 1: '[': a tag pair needs a name",
        ),
        (
            "[Event \"\\n\"]\n\n*\n",
            "line 1, column 8: 'Event': only \\\" and \\\\ are escapes",
        ),
        (
            "[Result \"*\"]\n[Result \"*\"]\n\n*\n",
            "line 2, column 1: 'Result': this tag is given twice",
        ),
        (
            "[Result \"*\"]\n[Variant \"chesss\"]\n\n*\n",
            "line 2, column 1: 'chesss': unknown variant 'chesss'",
        ),
        (
            "[Result \"*\"]\n[Variant \"chess\"]\n[Options \"alternate-setup\"]\n\n*\n",
            "line 2, column 1: 'chess': unknown option 'alternate-setup': chess has no such option",
        ),
        (
            "[Result \"*\"]\n[SetUp \"1\"]\n\n*\n",
            "line 2, column 1: '1': SetUp \"1\" needs a FEN tag",
        ),
        (
            "[Result \"*\"]\n[FEN \"8/8 w - - 0 1\"]\n\n*\n",
            "line 2, column 1: '8/8 w - - 0 1': bad FEN",
        ),
        (
            "[Result \"*\"]\n\n1. e4 [Event \"?\"] *\n",
            "line 3, column 7: '[Event \"?\"]': a tag pair after the move text began",
        ),
    ];
    for (record, expected) in cases {
        let message = refusal(record);
        assert!(
            message.starts_with(&format!("bad record: {expected}")),
            "{message}\nnot {expected}"
        );
    }
}

/// A game of `variant` from `start` (or its start position), one turn per choice while there is
/// a legal turn; then possibly a resignation or an agreed draw (`ending` 1, 2 or 3).
fn random_game(variant: &Arc<Variant>, start: Option<&str>, choices: &[u32], ending: u8) -> Game {
    let mut game = match start {
        Some(fen) => Game::from_fen(variant.clone(), fen).expect("a FEN the engine wrote"),
        None => Game::new(variant.clone()),
    };
    for &choice in choices {
        let legal = game.legal_turns();
        if legal.is_empty() {
            break;
        }
        game.play(&legal[choice as usize % legal.len()])
            .expect("a legal turn");
    }
    match ending {
        1 => game.resign(Side::White),
        2 => game.resign(Side::Black),
        3 => game.agree_draw(),
        _ => {}
    }
    game
}

proptest! {
    #![proptest_config(config(16))]

    /// Records of random games of every variant (from the start or from a position reached in
    /// play, possibly resigned or drawn) read back as the same turns and outcome, and are
    /// written again as the same text.
    #[test]
    fn records_of_random_games_round_trip(
        prefix in vec(any::<u32>(), 0..20),
        choices in vec(any::<u32>(), 0..120),
        from_fen in any::<bool>(),
        ending in 0u8..4,
    ) {
        for variant in setups() {
            let who = name(variant);
            let start = from_fen.then(|| {
                let reached = random_game(variant, None, &prefix, 0);
                variant.fen(reached.position())
            });
            let game = random_game(variant, start.as_deref(), &choices, ending);
            let header = PgnHeader { white: Some("W".into()), ..PgnHeader::default() };
            let text = game.to_pgn(&header);
            let (read, read_header) = Game::from_pgn(&text)
                .map_err(|e| TestCaseError::fail(format!("{who}: {e}\n{text}")))?;
            prop_assert_eq!(read.turns(), game.turns(), "{}\n{}", who, text);
            prop_assert_eq!(read.position_at(0), game.position_at(0), "{}", who);
            prop_assert_eq!(read.outcome(), game.outcome(), "{}\n{}", who, text);
            prop_assert_eq!(&read_header, &header);
            prop_assert_eq!(read.to_pgn(&read_header), text);
        }
    }
}

/// The characters a damaged record may gain: the record's own punctuation and a few others.
const DAMAGE: [char; 21] = [
    'x', '1', '.', ' ', '\n', '"', '[', ']', '{', '}', '(', ';', '*', '-', '/', '=', '@', '~', ',',
    '\u{e9}', '\\',
];

proptest! {
    // Each case writes and reads one short random game.
    #![proptest_config(config(128))]

    /// Records of random games, cut short or with characters changed, inserted or removed, are
    /// read or refused, never a panic, and a refusal is one line.
    #[test]
    fn damaged_records_are_read_or_refused_without_panic(
        choices in vec(any::<u32>(), 0..60),
        which in any::<Index>(),
        damages in vec((0u8..4, any::<Index>(), any::<Index>()), 1..4),
    ) {
        let variant = &setups()[which.index(setups().len())];
        let text = random_game(variant, None, &choices, 0).to_pgn(&PgnHeader::default());
        let mut chars: Vec<char> = text.chars().collect();
        for (damage, at, c) in damages {
            let i = at.index(chars.len().max(1));
            let c = DAMAGE[c.index(DAMAGE.len())];
            match damage {
                0 => chars.truncate(i),
                1 if i < chars.len() => chars[i] = c,
                2 => chars.insert(i.min(chars.len()), c),
                _ if i < chars.len() => {
                    chars.remove(i);
                }
                _ => {}
            }
        }
        let damaged: String = chars.into_iter().collect();
        if let Err(e) = Game::from_pgn(&damaged) {
            prop_assert_eq!(e.to_string().lines().count(), 1, "{}", e);
        }
    }
}

/// Move text alone, as sites copy it: orthodox chess from the start, ongoing without a
/// result, over with one; a tag pair, an illegal move or a wrong result is named.
#[test]
fn move_text_alone_reads_as_orthodox_chess() {
    let game = Game::from_move_text("1. e4 e5 2. Nf3").expect("reads");
    assert_eq!(game.turn_texts(), ["e2e4", "e7e5", "g1f3"]);
    assert!(game.outcome().is_none());
    let game = Game::from_move_text("1. f3 e5 2. g4 Qh4# 0-1").expect("reads");
    assert!(game.outcome().is_some());
    let resigned = Game::from_move_text("1. e4 1-0").expect("reads");
    assert!(
        resigned.outcome().is_some(),
        "a result where the rules go on is a resignation"
    );
    for (text, named) in [
        ("[Event \"x\"]\n1. e4 *", "'Event'"),
        ("1. e4 e5 2. Ke3", "'Ke3'"),
        ("1. f3 e5 2. g4 Qh4# 1-0", "'1-0'"),
        ("1. e4 2. d4", "'2.'"),
    ] {
        let Err(error) = Game::from_move_text(text) else {
            panic!("read without error: {text}");
        };
        let error = error.to_string();
        assert!(error.contains(named), "{text}: {error}");
    }
}

#[test]
fn a_record_restored_in_a_shared_variant_is_the_same_game_and_another_variant_is_refused() {
    let game = game_with("chess", &[], "e2e4 e7e5 g1f3");
    let record = game.record();
    let shared = game.variant().clone();
    let restored = Game::from_record_in(shared, &record).expect("restores");
    assert_eq!(restored.record(), record);
    let amoeba = Arc::new(Variant::load("amoeba", &[]).expect("amoeba loads"));
    let refused = Game::from_record_in(amoeba, &record).map(|_| ());
    assert!(
        refused.is_err_and(|e| e.to_string().contains("a game of chess, not of amoeba")),
        "refused"
    );
}
