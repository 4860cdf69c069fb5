//! Variant data: every shipped file reads, and a malformed one is an error naming the file, the
//! line and the column.

use oddboard_rules::{Error, Kind, Piece, RulesExt, Side, Variant, VariantData, all_data, ids};

#[test]
fn every_variant_has_readable_data_in_table_order() {
    let data = all_data().expect("every data file reads");
    let data_ids: Vec<&str> = data.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(data_ids, ids().collect::<Vec<_>>());
}

#[test]
fn malformed_data_names_file_line_and_column() {
    let error = VariantData::parse(
        "rules/data/broken.ron",
        "(\n    id: \"x\",\n    name: 7,\n)",
    )
    .expect_err("a number is no name");
    let Error::Data { place, why } = &error else {
        panic!("unexpected error {error:?}");
    };
    assert!(place.starts_with("rules/data/broken.ron:3:"), "{place}");
    assert!(!why.is_empty());
    assert!(!error.to_string().contains('\n'));
}

#[test]
fn unknown_fields_in_data_are_refused() {
    let error =
        VariantData::parse("x.ron", "(id: \"x\", colour: \"red\")").expect_err("no such field");
    assert!(error.to_string().contains("colour"), "{error}");
}

#[test]
fn side_colours_must_be_written_rrggbb() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/fanorona-chess.ron"
    ))
    .expect("data file");
    let good = VariantData::parse("fanorona-chess.ron", &text).expect("reads");
    assert_eq!(
        good.side_colour(oddboard_rules::Side::White),
        Some([0xf2, 0xc9, 0x4c])
    );
    let bad = text.replace("#f2c94c", "yellow");
    let error = VariantData::parse("fanorona-chess.ron", &bad).expect_err("not #rrggbb");
    assert!(error.to_string().contains("'yellow'"), "{error}");
}

/// Every option combination of a variant, none first.
fn option_sets(data: &VariantData) -> Vec<Vec<String>> {
    let names: Vec<String> = data.options.iter().map(|o| o.name.clone()).collect();
    (0..1usize << names.len())
        .map(|bits| {
            names
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .map(|(_, n)| n.clone())
                .collect()
        })
        .collect()
}

#[test]
fn every_kind_a_game_plays_has_one_data_entry_with_its_own_letter_a_name_and_moves() {
    for data in all_data().expect("every data file reads") {
        for options in option_sets(&data) {
            let variant = Variant::load(&data.id, &options).expect("every variant loads");
            let kinds: Vec<Kind> = variant.letters().kinds().collect();
            assert!(!kinds.is_empty(), "{} {options:?}", data.id);
            for kind in kinds {
                let entries: Vec<_> = data.pieces.iter().filter(|p| p.kind == kind).collect();
                let [piece] = entries[..] else {
                    panic!("{} has {} entries of {kind:?}", data.id, entries.len());
                };
                let same_letter = data.pieces.iter().filter(|p| p.letter == piece.letter);
                assert_eq!(same_letter.count(), 1, "{}: {}", data.id, piece.letter);
                assert!(!piece.name.is_empty(), "{}: {kind:?} has no name", data.id);
                assert!(
                    !piece.moves.is_empty(),
                    "{}: {kind:?} has no moves",
                    data.id
                );
                let white = Piece::new(kind, Side::White);
                assert_eq!(variant.letters().letter(white), piece.letter);
                assert_eq!(variant.letters().piece(piece.letter), Some(white));
                assert_eq!(
                    variant.data().piece(kind).map(|p| p.letter),
                    Some(piece.letter)
                );
            }
        }
    }
}

#[test]
fn amoebas_bishop_plays_only_with_its_option() {
    let plain = Variant::load("amoeba", &[]).expect("amoeba loads");
    assert_eq!(plain.letters().piece('B'), None);
    let option = ["bishop-promotion".to_string()];
    let bishops = Variant::load("amoeba", &option).expect("amoeba loads");
    assert_eq!(
        bishops.letters().piece('B'),
        Some(Piece::new(Kind::Bishop, Side::White))
    );
}

#[test]
fn only_double_fanorona_chess_has_the_chancellor_and_the_double_step() {
    let single = Variant::load("fanorona-chess", &[]).expect("loads");
    let double = Variant::load("double-fanorona-chess", &[]).expect("loads");
    assert!(!single.letters().kinds().any(|k| k == Kind::Chancellor));
    assert!(double.letters().kinds().any(|k| k == Kind::Chancellor));
    assert!(!single.data().pawn_double_step);
    assert!(double.data().pawn_double_step);
}
