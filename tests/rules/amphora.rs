//! The rulings of rules/amphora.md, one test each, in the order of the file.

#[test]
fn amphora_cases() {
    crate::cases::run_cases("amphora.tsv");
}
