//! Reading a learner's file, which may be anything: a symlink to a secret, a FIFO, a
//! device, a huge file, bytes that are not text. Only a regular file reached without
//! following any symlink (on Windows, any reparse point: a symbolic link or a junction:
//! see `xorlings_sandbox::files::open_beneath`) is read, and only up to a bound.

use std::io::Read;
use std::path::Path;

use xorlings_sandbox::files::{Refusal, open_beneath};

/// The largest exercise file the grader reads.
pub(crate) const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Reads `relative` (e.g. `exercises/xor_all/src/lib.rs`) inside `root`, or says in
/// plain words why it cannot be graded.
pub(crate) fn read_source(root: &Path, relative: &Path) -> Result<String, String> {
    let shown = relative.display();
    let file = open_beneath(root, relative).map_err(|refusal| match refusal {
        Refusal::Missing => missing(&shown),
        Refusal::Symlink => symlink(&shown),
        Refusal::NotInFolder if has_symlink(root, relative) => symlink(&shown),
        Refusal::NotInFolder => format!("{shown} is not inside a real folder."),
        Refusal::Denied => format!("{shown} cannot be read (permission denied)."),
        Refusal::Other(error) => format!("{shown} cannot be opened ({error})."),
    })?;
    let metadata = file
        .metadata()
        .map_err(|error| format!("{shown} cannot be read ({error})."))?;
    if !metadata.is_file() {
        return Err(not_regular(&shown));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("{shown} cannot be read ({error})."))?;
    source_text(bytes, &shown)
}

/// The text of an exercise file read (up to one byte past the bound) from disk or from
/// a commit, or why it cannot be graded.
pub(crate) fn source_text(bytes: Vec<u8>, shown: &dyn std::fmt::Display) -> Result<String, String> {
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(too_large(shown));
    }
    String::from_utf8(bytes).map_err(|_| format!("{shown} is not UTF-8 text."))
}

pub(crate) fn too_large(shown: &dyn std::fmt::Display) -> String {
    format!(
        "{shown} is larger than {} KiB: an exercise file is far smaller.",
        MAX_SOURCE_BYTES >> 10
    )
}

pub(crate) fn missing(shown: &dyn std::fmt::Display) -> String {
    format!("{shown} is missing.")
}

pub(crate) fn not_regular(shown: &dyn std::fmt::Display) -> String {
    format!("{shown} is not a regular file (it is a folder, a FIFO or a device).")
}

pub(crate) fn symlink(shown: &dyn std::fmt::Display) -> String {
    format!(
        "{shown} is a symbolic link, or sits in a folder that is one: the grader reads only \
         real files inside the workbook."
    )
}

/// Whether a folder on the way to `relative` under `root` is a symlink.
fn has_symlink(root: &Path, relative: &Path) -> bool {
    relative.ancestors().any(|part| {
        !part.as_os_str().is_empty()
            && std::fs::symlink_metadata(root.join(part)).is_ok_and(|m| m.file_type().is_symlink())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A workbook with the folder of `exercises/x/src/lib.rs`, and that file's path.
    fn workbook() -> (tempfile::TempDir, &'static Path) {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("exercises/x/src")).unwrap();
        (root, Path::new("exercises/x/src/lib.rs"))
    }

    #[test]
    fn only_small_text_files_are_read() {
        let (root, file) = workbook();
        std::fs::write(root.path().join(file), "fn f() {}").unwrap();
        assert_eq!(read_source(root.path(), file).as_deref(), Ok("fn f() {}"));
        std::fs::remove_file(root.path().join(file)).unwrap();
        let refused = |what: &str| {
            let error = read_source(root.path(), file).unwrap_err();
            assert!(error.contains(what), "{error}");
        };
        refused("missing");
        std::fs::create_dir(root.path().join(file)).unwrap();
        refused("not a regular file");
        std::fs::remove_dir(root.path().join(file)).unwrap();
        std::fs::write(root.path().join(file), vec![b'a'; 2 << 20]).unwrap();
        refused("larger than");
        std::fs::write(root.path().join(file), [0xff, 0xfe]).unwrap();
        refused("not UTF-8");
    }
}
