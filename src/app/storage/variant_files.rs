//! The variant files offered after the built-in variants: every `*.ron` in the shipped
//! `variants/` folder, then in the data directory's own `variants/` folder, each read once at
//! start. A file that does not load is kept with its one-line error, to be listed as such.

use crate::app::storage::saves::DataDir;
use crate::rules::Variant;
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The folder variant files are kept in, shipped and in the data directory alike.
const FOLDER: &str = "variants";

/// A variant file found: its path, which is the variant's id, and the variant with its default
/// options, or why it does not load.
#[derive(Clone)]
pub struct VariantFile {
    /// The file's path, as games and saves name the variant.
    pub path: String,
    /// The variant, or the one-line error reading the file gave.
    pub loaded: Result<Arc<Variant>, String>,
}

/// Every variant file found at start, the shipped ones first, each folder's in name order.
#[derive(Resource, Clone, Default)]
pub struct VariantFiles(pub Vec<VariantFile>);

impl VariantFiles {
    /// Finds and reads the variant files of the shipped folder and of the data directory `dir`.
    pub fn find(dir: &DataDir) -> VariantFiles {
        let shipped = shipped_folder();
        let own = dir.file(FOLDER).filter(|own| {
            shipped
                .as_ref()
                .is_none_or(|shipped| !same_folder(shipped, own))
        });
        VariantFiles(
            shipped
                .into_iter()
                .chain(own)
                .flat_map(|folder| ron_files(&folder))
                .map(|path| VariantFile::read(&path))
                .collect(),
        )
    }
}

impl VariantFile {
    /// The variant file at `path`, read.
    fn read(path: &Path) -> VariantFile {
        let path = path.to_string_lossy().into_owned();
        let loaded = Variant::load(&path, &[])
            .map(Arc::new)
            .map_err(|e| first_line(&e.to_string()));
        if let Err(why) = &loaded {
            warn!("variant file {path} does not load: {why}");
        }
        VariantFile { path, loaded }
    }
}

/// The shipped variant files' folder: `variants` in the current directory, else beside the
/// executable, else where an installed package puts them (`share/oddboard/variants` beside the
/// executable's `bin`: `/usr/share/oddboard/variants` for `/usr/bin/oddboard`), else in the
/// source tree the game was built from (a development build).
pub fn shipped_folder() -> Option<PathBuf> {
    let current = std::env::current_dir().ok();
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf));
    let installed = beside
        .as_ref()
        .and_then(|bin| bin.parent())
        .map(|prefix| prefix.join("share").join("oddboard"));
    current
        .into_iter()
        .chain(beside)
        .chain(installed)
        .chain([PathBuf::from(env!("CARGO_MANIFEST_DIR"))])
        .map(|dir| dir.join(FOLDER))
        .find(|folder| folder.is_dir())
}

/// Whether `a` and `b` are one folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The `*.ron` files in `folder`, in name order (none if it cannot be read).
fn ron_files(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "ron") && path.is_file())
        .collect();
    files.sort();
    files
}

/// The first line of `text`.
fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().to_string()
}

/// Reads the variant files once, at start.
pub fn find_at_start(dir: Res<DataDir>, mut files: ResMut<VariantFiles>) {
    *files = VariantFiles::find(&dir);
}

/// Registers the variant files, read at start.
pub fn plugin(app: &mut App) {
    app.init_resource::<VariantFiles>()
        .add_systems(Startup, find_at_start);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_ron_files_are_listed_in_name_order() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for name in ["b.ron", "a.ron", "notes.txt", "c.ron.bak"] {
            std::fs::write(dir.path().join(name), "").expect("written");
        }
        std::fs::create_dir(dir.path().join("d.ron")).expect("a folder");
        let names: Vec<String> = ron_files(dir.path())
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        assert_eq!(names, ["a.ron", "b.ron"]);
    }

    #[test]
    fn a_file_that_does_not_load_keeps_its_one_line_error() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("broken.ron");
        std::fs::write(&path, "(not a variant").expect("written");
        let file = VariantFile::read(&path);
        let why = file.loaded.err().expect("refused");
        assert!(!why.is_empty() && !why.contains('\n'), "{why}");
    }
}
