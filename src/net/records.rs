//! Finished games written into a server's records directory: one record file per game and
//! nothing else left there. Each is written to a hidden temporary name and renamed into place,
//! so a reader never sees half a record; an existing record is never overwritten.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `text` as `dir/name` (or `dir/name-2`, … if that exists); returns the path written.
pub fn write(dir: &Path, name: &str, text: &str) -> std::io::Result<PathBuf> {
    let temporary = dir.join(format!(".{name}.part"));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    let path = free_name(dir, name);
    let renamed = std::fs::rename(&temporary, &path);
    if renamed.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    renamed.map(|()| path)
}

/// `dir/name`, or the first of `dir/stem-2.ext`, `dir/stem-3.ext`, … that does not exist.
fn free_name(dir: &Path, name: &str) -> PathBuf {
    let first = dir.join(name);
    if !first.exists() {
        return first;
    }
    let (stem, extension) = name.rsplit_once('.').unwrap_or((name, ""));
    (2..)
        .map(|n| dir.join(format!("{stem}-{n}.{extension}")))
        .find(|path| !path.exists())
        .unwrap_or(first)
}
