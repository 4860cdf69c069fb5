//! The files a package installs beside the binary, generated from the command line's own
//! definition: a man page for `oddboard` and one for each of its commands (`clap_mangen`), and
//! the completions for bash, zsh and fish (`clap_complete`). `oddboard generate DIR` writes them.

use clap_complete::Shell;
use std::path::{Path, PathBuf};

/// The shells whose completions are written, each to the file name its shell looks for
/// (`oddboard.bash`, `_oddboard`, `oddboard.fish`).
pub const SHELLS: [Shell; 3] = [Shell::Bash, Shell::Zsh, Shell::Fish];

/// Writes the man pages and the completions of `command` into `dir` (made if missing) and
/// returns the files written; the error names the directory and says why.
pub fn write_into(mut command: clap::Command, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let fail = |e: std::io::Error| format!("cannot write into '{}': {e}", dir.display());
    std::fs::create_dir_all(dir).map_err(fail)?;
    clap_mangen::generate_to(command.clone(), dir).map_err(fail)?;
    let name = command.get_name().to_string();
    for shell in SHELLS {
        clap_complete::generate_to(shell, &mut command, &name, dir).map_err(fail)?;
    }
    let mut written = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(fail)? {
        let path = entry.map_err(fail)?.path();
        if is_generated(&path, &name) {
            written.push(path);
        }
    }
    written.sort();
    Ok(written)
}

/// Whether `path` is one of the files generated for the program `name`.
fn is_generated(path: &Path, name: &str) -> bool {
    let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
    (file.starts_with(name) && file.ends_with(".1"))
        || SHELLS
            .iter()
            .any(|shell| clap_complete::Generator::file_name(shell, name) == file)
}
