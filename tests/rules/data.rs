//! Variant data: every shipped file reads, and a malformed one is an error naming the file, the
//! line and the column.

use oddboard::rules::{Error, VariantData, all_data, ids};

#[test]
fn every_variant_has_readable_data_in_table_order() {
    let data = all_data().expect("every data file reads");
    let data_ids: Vec<&str> = data.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(data_ids, ids().collect::<Vec<_>>());
}

#[test]
fn malformed_data_names_file_line_and_column() {
    let error = VariantData::parse(
        "assets/variants/broken.ron",
        "(\n    id: \"x\",\n    name: 7,\n)",
    )
    .expect_err("a number is no name");
    let Error::Data { place, why } = &error else {
        panic!("unexpected error {error:?}");
    };
    assert!(
        place.starts_with("assets/variants/broken.ron:3:"),
        "{place}"
    );
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
        "/assets/variants/fanorona-chess.ron"
    ))
    .expect("data file");
    let good = VariantData::parse("fanorona-chess.ron", &text).expect("reads");
    assert_eq!(
        good.side_colour(oddboard::rules::Side::White),
        Some([0xf2, 0xc9, 0x4c])
    );
    let bad = text.replace("#f2c94c", "yellow");
    let error = VariantData::parse("fanorona-chess.ron", &bad).expect_err("not #rrggbb");
    assert!(error.to_string().contains("'yellow'"), "{error}");
}
