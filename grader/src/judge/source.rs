//! Reading a learner's file, which may be anything: a symlink to a secret, a FIFO, a
//! device, a huge file, bytes that are not text. Only a regular file reached without
//! following any symlink (on Windows, any reparse point: a symbolic link or a junction)
//! is read, and only up to a bound.

use std::fs::File;
use std::io::Read;
use std::path::{Component, Path};

/// The largest exercise file the grader reads.
pub const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Reads `relative` (e.g. `exercises/xor_all/src/lib.rs`) inside `root`, or says in
/// plain words why it cannot be graded.
pub fn read_source(root: &Path, relative: &Path) -> Result<String, String> {
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
pub fn source_text(bytes: Vec<u8>, shown: &dyn std::fmt::Display) -> Result<String, String> {
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(too_large(shown));
    }
    String::from_utf8(bytes).map_err(|_| format!("{shown} is not UTF-8 text."))
}

pub fn too_large(shown: &dyn std::fmt::Display) -> String {
    format!(
        "{shown} is larger than {} KiB: an exercise file is far smaller.",
        MAX_SOURCE_BYTES >> 10
    )
}

pub fn missing(shown: &dyn std::fmt::Display) -> String {
    format!("{shown} is missing.")
}

pub fn not_regular(shown: &dyn std::fmt::Display) -> String {
    format!("{shown} is not a regular file (it is a folder, a FIFO or a device).")
}

pub fn symlink(shown: &dyn std::fmt::Display) -> String {
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

/// Why a file could not be opened.
enum Refusal {
    Missing,
    /// The file, or a folder on the way, is a symbolic link.
    Symlink,
    /// Something on the way is not a folder (or, on Unix, a symlink to one).
    NotInFolder,
    Denied,
    Other(String),
}

/// The components of `relative`, which must all be plain names.
fn names(relative: &Path) -> Result<Vec<&std::ffi::OsStr>, Refusal> {
    relative
        .components()
        .map(|component| match component {
            Component::Normal(name) => Ok(name),
            _ => Err(Refusal::Other("not a plain relative path".to_string())),
        })
        .collect()
}

/// Opens `relative` under `root` one component at a time, never following a symlink,
/// and without blocking on a FIFO.
#[cfg(unix)]
fn open_beneath(root: &Path, relative: &Path) -> Result<File, Refusal> {
    use rustix::fs::{Mode, OFlags};
    use rustix::io::Errno;
    let refusal = |errno: Errno| match errno {
        Errno::NOENT => Refusal::Missing,
        // O_NOFOLLOW says ELOOP for a symlinked file, ENOTDIR for a symlinked folder.
        Errno::LOOP | Errno::MLINK => Refusal::Symlink,
        Errno::NOTDIR => Refusal::NotInFolder,
        Errno::ACCESS | Errno::PERM => Refusal::Denied,
        other => Refusal::Other(other.to_string()),
    };
    let directory = OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::RDONLY;
    let mut dir = rustix::fs::open(root, OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())
        .map_err(refusal)?;
    let components = names(relative)?;
    let (last, folders) = components
        .split_last()
        .ok_or_else(|| Refusal::Other("an empty path".to_string()))?;
    for folder in folders {
        dir = rustix::fs::openat(&dir, *folder, directory, Mode::empty()).map_err(refusal)?;
    }
    let file = OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::RDONLY;
    let opened = rustix::fs::openat(&dir, *last, file, Mode::empty()).map_err(refusal)?;
    Ok(File::from(opened))
}

/// Windows has no `openat`: each folder on the way is checked not to be a reparse point
/// (a symbolic link or a junction), then the file is opened without following one
/// (`FILE_FLAG_OPEN_REPARSE_POINT`) and checked to be none. A learner's checkout is
/// files at rest: nothing of theirs runs to swap a folder in between.
#[cfg(windows)]
fn open_beneath(root: &Path, relative: &Path) -> Result<File, Refusal> {
    use std::io::ErrorKind;
    use std::os::windows::fs::OpenOptionsExt;
    use windows_sys::Win32::Storage::FileSystem::FILE_FLAG_OPEN_REPARSE_POINT;
    let refusal = |error: std::io::Error| match error.kind() {
        ErrorKind::NotFound => Refusal::Missing,
        ErrorKind::PermissionDenied => Refusal::Denied,
        ErrorKind::NotADirectory => Refusal::NotInFolder,
        _ => Refusal::Other(error.to_string()),
    };
    let components = names(relative)?;
    let (last, folders) = components
        .split_last()
        .ok_or_else(|| Refusal::Other("an empty path".to_string()))?;
    let mut path = root.to_path_buf();
    for folder in folders {
        path.push(folder);
        let metadata = std::fs::symlink_metadata(&path).map_err(refusal)?;
        if metadata.file_type().is_symlink() {
            return Err(Refusal::Symlink);
        }
        if !metadata.is_dir() {
            return Err(Refusal::NotInFolder);
        }
    }
    path.push(last);
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
        .open(&path)
        .map_err(refusal)?;
    let metadata = file.metadata().map_err(refusal)?;
    if metadata.file_type().is_symlink() {
        return Err(Refusal::Symlink);
    }
    Ok(file)
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

    // Symbolic links and FIFOs, as Unix makes them (Windows needs privileges for links).
    #[cfg(unix)]
    #[test]
    fn only_real_files_are_read() {
        let (root, file) = workbook();
        let dir = root.path().join("exercises/x/src");
        let refused = |what: &str| {
            let error = read_source(root.path(), file).unwrap_err();
            assert!(error.contains(what), "{error}");
        };
        std::os::unix::fs::symlink("/etc/passwd", root.path().join(file)).unwrap();
        refused("symbolic link");
        std::fs::remove_file(root.path().join(file)).unwrap();

        // A symlinked folder on the way is refused too.
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("lib.rs"), "secret").unwrap();
        std::fs::remove_dir(&dir).unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), &dir).unwrap();
        refused("symbolic link");
        std::fs::remove_file(&dir).unwrap();
        std::fs::create_dir(&dir).unwrap();

        // A FIFO is refused at once, without waiting for a writer.
        let made = std::process::Command::new("mkfifo")
            .arg(root.path().join(file))
            .status()
            .unwrap();
        assert!(made.success());
        refused("not a regular file");
    }
}
