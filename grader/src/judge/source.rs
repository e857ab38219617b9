//! Reading a learner's file, which may be anything: a symlink to a secret, a FIFO, a
//! device, a huge file, bytes that are not text. Only a regular file reached without
//! following any symlink is read, and only up to a bound.

use std::fs::File;
use std::io::Read;
use std::path::{Component, Path};

use rustix::fs::{Mode, OFlags};
use rustix::io::Errno;

/// The largest exercise file the grader reads.
pub const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Reads `relative` (e.g. `exercises/xor_all/src/lib.rs`) inside `root`, or says in
/// plain words why it cannot be graded.
pub fn read_source(root: &Path, relative: &Path) -> Result<String, String> {
    let shown = relative.display();
    let file = open_beneath(root, relative).map_err(|errno| match errno {
        Errno::NOENT => missing(&shown),
        // O_NOFOLLOW says ELOOP for a symlinked file, ENOTDIR for a symlinked folder.
        Errno::LOOP | Errno::MLINK => symlink(&shown),
        Errno::NOTDIR if has_symlink(root, relative) => symlink(&shown),
        Errno::NOTDIR => format!("{shown} is not inside a real folder."),
        Errno::ACCESS | Errno::PERM => format!("{shown} cannot be read (permission denied)."),
        other => format!("{shown} cannot be opened ({other})."),
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

/// Opens `relative` under `root` one component at a time, never following a symlink,
/// and without blocking on a FIFO.
fn open_beneath(root: &Path, relative: &Path) -> Result<File, Errno> {
    let directory = OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::RDONLY;
    let mut dir = rustix::fs::open(root, OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())?;
    let components: Vec<&std::ffi::OsStr> = relative
        .components()
        .map(|component| match component {
            Component::Normal(name) => Ok(name),
            _ => Err(Errno::INVAL),
        })
        .collect::<Result<_, _>>()?;
    let (last, folders) = components.split_last().ok_or(Errno::INVAL)?;
    for folder in folders {
        dir = rustix::fs::openat(&dir, *folder, directory, Mode::empty())?;
    }
    let file = OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::RDONLY;
    Ok(File::from(rustix::fs::openat(
        &dir,
        *last,
        file,
        Mode::empty(),
    )?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_files_are_read() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("exercises/x/src");
        std::fs::create_dir_all(&dir).unwrap();
        let file = Path::new("exercises/x/src/lib.rs");
        std::fs::write(root.path().join(file), "fn f() {}").unwrap();
        assert_eq!(read_source(root.path(), file).as_deref(), Ok("fn f() {}"));

        std::fs::remove_file(root.path().join(file)).unwrap();
        assert!(
            read_source(root.path(), file)
                .unwrap_err()
                .contains("missing")
        );

        std::os::unix::fs::symlink("/etc/passwd", root.path().join(file)).unwrap();
        assert!(
            read_source(root.path(), file)
                .unwrap_err()
                .contains("symbolic link")
        );
        std::fs::remove_file(root.path().join(file)).unwrap();

        // A symlinked folder on the way is refused too.
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("lib.rs"), "secret").unwrap();
        std::fs::remove_dir(&dir).unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), &dir).unwrap();
        assert!(
            read_source(root.path(), file)
                .unwrap_err()
                .contains("symbolic link")
        );
        std::fs::remove_file(&dir).unwrap();
        std::fs::create_dir(&dir).unwrap();

        rustix::fs::mknodat(
            rustix::fs::CWD,
            root.path().join(file),
            rustix::fs::FileType::Fifo,
            Mode::RUSR | Mode::WUSR,
            0,
        )
        .unwrap();
        assert!(
            read_source(root.path(), file)
                .unwrap_err()
                .contains("not a regular file")
        );
        std::fs::remove_file(root.path().join(file)).unwrap();

        std::fs::write(root.path().join(file), vec![b'a'; 2 << 20]).unwrap();
        assert!(
            read_source(root.path(), file)
                .unwrap_err()
                .contains("larger than")
        );
        std::fs::write(root.path().join(file), [0xff, 0xfe]).unwrap();
        assert!(
            read_source(root.path(), file)
                .unwrap_err()
                .contains("not UTF-8")
        );
    }
}
