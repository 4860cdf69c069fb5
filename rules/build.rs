//! Sets the cfg `shared_specification` where the project's specification (`../shared/rules`
//! beside the checkout, so `../../shared/rules` from this package) is present, or on CI (the
//! `CI` variable set), which always has it: the test comparing the case copies in tests/data
//! with it runs there and shows as ignored elsewhere.

use std::path::Path;

fn main() {
    const RULES: &str = "../../shared/rules";
    println!("cargo::rustc-check-cfg=cfg(shared_specification)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-changed=build.rs");
    let present = Path::new(RULES).is_dir();
    if present {
        // Watched only while present: a missing path would run this script, and rebuild the
        // crate, on every build. A specification added later needs `touch rules/build.rs`.
        println!("cargo::rerun-if-changed={RULES}");
    }
    if present || std::env::var_os("CI").is_some() {
        println!("cargo::rustc-cfg=shared_specification");
    }
}
