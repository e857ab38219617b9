//! A run's files, which the sandbox owns: the input it reads (a group's cases, written
//! once and sealed where the system can), the file its answers go to, the signal that
//! gives it its turn; and a learner's file opened without following a link.
//!
//! A run gets only files the grader opened (unlinked, on Linux and macOS; on Windows,
//! in a temporary folder and removed after): it cannot swap them for a FIFO or a link
//! to /dev/zero, and nothing is left on disk after.

use std::fs::File;
use std::io::Seek;
use std::path::{Component, Path};
use std::sync::Mutex;

use anyhow::{Context, Result, anyhow, bail};

/// What the runs of one group read (the runner's cases, or a program's stdin): written
/// once, with the plan, and handed to every run of the group, opened for reading only.
/// On Linux it is an unlinked file in memory, sealed, so not even a program's static
/// constructors can change its cases; elsewhere a file in a private temporary folder,
/// which each run gets open for reading (and which the confined program cannot open by
/// its name on macOS, whose Seatbelt profile does not list it). The cases of one group
/// can be tens of megabytes: writing them again for each run, after the compiler, cost
/// more than the run.
#[derive(Debug)]
pub struct RunInput {
    /// The file, or why it could not be written (the run that needs it says so); none
    /// once freed (see [`RunInput::free`]).
    file: Mutex<Option<Result<Written, String>>>,
    len: u64,
}

#[derive(Debug)]
struct Written {
    file: File,
    /// Off Linux, where the file is, to open it again for each run; removed when this
    /// drops.
    #[cfg(not(target_os = "linux"))]
    path: tempfile::TempPath,
}

impl RunInput {
    /// `bytes` as a run's input.
    pub fn new(bytes: &[u8]) -> RunInput {
        RunInput::written(|file| std::io::Write::write_all(file, bytes))
    }

    /// The input that `write` writes into a new file.
    pub fn written(write: impl FnOnce(&mut File) -> std::io::Result<()>) -> RunInput {
        let file = new_file().and_then(|mut written| {
            write(&mut written.file)?;
            written.file.rewind()?;
            seal(&written.file);
            Ok(written)
        });
        let len = file.as_ref().map_or(0, |written| {
            written.file.metadata().map_or(0, |metadata| metadata.len())
        });
        RunInput {
            file: Mutex::new(Some(file.map_err(|error| error.to_string()))),
            len,
        }
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> u64 {
        self.len
    }

    /// Frees the file (runs that have it open keep it until they end); a run started
    /// after this cannot start.
    pub fn free(&self) {
        // Closed once the lock is released: freeing megabytes takes the kernel a while.
        let freed = self.file.lock().ok().and_then(|mut file| file.take());
        drop(freed);
    }

    /// A file of its own for one run, open for reading only, at the start: runs of the
    /// same group at once (a class, `dev check`) must not move each other's reading
    /// position.
    pub fn open(&self) -> Result<File> {
        let file = self
            .file
            .lock()
            .map_err(|_| anyhow!("the cases file was lost"))?;
        let stored = match file.as_ref() {
            Some(Ok(stored)) => stored,
            Some(Err(error)) => bail!("cannot write the cases file: {error}"),
            None => bail!("the cases file was freed before its run"),
        };
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            if let Ok(own) = File::open(format!("/proc/self/fd/{}", stored.file.as_raw_fd())) {
                return Ok(own);
            }
            // Without /proc, a copy.
            let mut bytes = vec![0; self.len as usize];
            read_exact_at(&stored.file, &mut bytes, 0).context("cannot read the cases file")?;
            match RunInput::new(&bytes).file.into_inner() {
                Ok(Some(Ok(copy))) => Ok(copy.file),
                _ => bail!("cannot copy the cases file"),
            }
        }
        #[cfg(not(target_os = "linux"))]
        File::open(&stored.path).context("cannot open the cases file")
    }
}

/// A new file, unlinked and in memory where the system allows (Linux), else in a
/// private temporary folder.
fn new_file() -> std::io::Result<Written> {
    #[cfg(target_os = "linux")]
    {
        let flags = rustix::fs::MemfdFlags::CLOEXEC | rustix::fs::MemfdFlags::ALLOW_SEALING;
        if let Ok(fd) = rustix::fs::memfd_create("xorlings-cases", flags) {
            return Ok(Written {
                file: File::from(fd),
            });
        }
        tempfile::tempfile().map(|file| Written { file })
    }
    #[cfg(not(target_os = "linux"))]
    {
        let (file, path) = tempfile::NamedTempFile::new()?.into_parts();
        Ok(Written { file, path })
    }
}

/// Seals a file from `new_file` against every change; a file from `tempfile` (no memfd
/// here) takes no seals, and stays as it is.
fn seal(file: &File) {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::SealFlags;
        let seals = SealFlags::WRITE | SealFlags::GROW | SealFlags::SHRINK | SealFlags::SEAL;
        let _ = rustix::fs::fcntl_add_seals(file, seals);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

/// Fills `bytes` from `file` at `offset` (on Unix without moving its position).
pub fn read_exact_at(file: &File, bytes: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, bytes, offset)
    }
    #[cfg(windows)]
    {
        let mut done = 0;
        while done < bytes.len() {
            let at = offset + done as u64;
            match std::os::windows::fs::FileExt::seek_read(file, &mut bytes[done..], at)? {
                0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
                read => done += read,
            }
        }
        Ok(())
    }
}

/// Writes a program built before at `path`, executable (on Unix, by its owner alone),
/// while no run starts: no run's process holds it open for writing when it is executed.
pub fn write_program(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o700);
    crate::backend::without_spawns(|| std::io::Write::write_all(&mut options.open(path)?, bytes))
}

/// A build's private folder (the grader's are in `target/xorlings/builds`), removed
/// when its grading is done with it, and locked meanwhile: a folder nobody holds the lock of was left by a
/// grader that was killed, and the next build removes it (so no learner's code stays
/// behind in an instructor's cache).
pub struct BuildFolder {
    // Declared first, so closed before the folder is removed (Windows keeps the folder of
    // an open file).
    _lock: std::fs::File,
    folder: tempfile::TempDir,
}

/// The lock file of a build folder.
const LOCK: &str = "in-use.lock";
/// A folder younger than this may be a grader's that has not taken its lock yet.
const UNLOCKED_GRACE: std::time::Duration = std::time::Duration::from_secs(60);

impl BuildFolder {
    /// A new build folder in `builds`, locked; the folders graders left are removed.
    pub fn new(builds: &Path) -> Result<BuildFolder> {
        remove_left_over(builds);
        let folder = tempfile::tempdir_in(builds).context("cannot create a build folder")?;
        let lock = std::fs::File::create(folder.path().join(LOCK))
            .context("cannot create a build folder's lock")?;
        lock.lock().context("cannot lock a build folder")?;
        Ok(BuildFolder {
            _lock: lock,
            folder,
        })
    }

    pub fn path(&self) -> &Path {
        self.folder.path()
    }
}

/// Removes the build folders in `builds` that no grader holds: unlocked, and older than
/// [`UNLOCKED_GRACE`]. What cannot be read or removed is left for the next time.
fn remove_left_over(builds: &Path) {
    let Ok(entries) = std::fs::read_dir(builds) else {
        return;
    };
    for entry in entries.flatten() {
        let folder = entry.path();
        let young = entry
            .metadata()
            .and_then(|metadata| metadata.modified())
            .ok()
            .and_then(|modified| modified.elapsed().ok())
            .is_none_or(|age| age < UNLOCKED_GRACE);
        if young {
            continue;
        }
        let held =
            std::fs::File::open(folder.join(LOCK)).is_ok_and(|lock| lock.try_lock().is_err());
        if !held {
            let _ = std::fs::remove_dir_all(&folder);
        }
    }
}

/// A file for a run's answers. With `mapped_len`, the runner's: on Linux an unlinked
/// file in memory that long, which the runner maps (its records end at the first zero
/// kind, and a run that writes more makes the file longer); elsewhere, and for a whole
/// program's stdout, an unlinked temporary file.
pub fn answers_file(mapped_len: Option<u64>) -> std::io::Result<File> {
    #[cfg(target_os = "linux")]
    if let Some(len) = mapped_len {
        let file = new_file()?.file;
        file.set_len(len)?;
        return Ok(file);
    }
    let _ = mapped_len;
    tempfile::tempfile()
}

/// The grader's end of a run's start signal: a socket, which a write to a run that
/// died first cannot turn into a SIGPIPE.
#[cfg(unix)]
pub type TurnSignal = std::os::unix::net::UnixStream;
#[cfg(not(unix))]
pub type TurnSignal = File;

/// The start signal of a run that waits for its turn: the grader's end, and the run's
/// (its [`Channels::start`](crate::Channels::start)). Only the runner waits, and only on
/// Unix: elsewhere, `None`, and a run answers at once.
pub fn turn_signal() -> Result<Option<(TurnSignal, File)>> {
    #[cfg(unix)]
    {
        let (ours, theirs) = TurnSignal::pair().context("cannot make a run's start signal")?;
        Ok(Some((ours, File::from(std::os::fd::OwnedFd::from(theirs)))))
    }
    #[cfg(not(unix))]
    Ok(None)
}

/// Why a learner's file could not be opened.
#[derive(Debug)]
pub enum Refusal {
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
pub fn open_beneath(root: &Path, relative: &Path) -> Result<File, Refusal> {
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
pub fn open_beneath(root: &Path, relative: &Path) -> Result<File, Refusal> {
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
    use std::io::{Read, Write};

    use super::*;

    /// Each run of a group reads the same sealed cases from the start, however many read
    /// them at once, and none can change them.
    #[test]
    fn every_run_reads_the_cases_from_the_start_and_cannot_change_them() {
        let input = RunInput::new(b"the cases");
        assert_eq!(input.bytes(), 9);
        let (mut first, mut second) = (input.open().unwrap(), input.open().unwrap());
        let mut start = [0; 3];
        first.read_exact(&mut start).unwrap();
        assert_eq!(&start, b"the");
        let mut whole = String::new();
        second.read_to_string(&mut whole).unwrap();
        assert_eq!(whole, "the cases");
        // A run's file is open for reading only.
        assert!(
            first.write_all(b"forged").is_err(),
            "a run's cases took a write"
        );
        #[cfg(target_os = "linux")]
        {
            let writable = std::fs::OpenOptions::new().write(true).open(format!(
                "/proc/self/fd/{}",
                std::os::fd::AsRawFd::as_raw_fd(&first)
            ));
            let written = writable.and_then(|mut file| file.write_all(b"forged"));
            assert!(written.is_err(), "the sealed cases took a write");
        }
        let mut again = String::new();
        input.open().unwrap().read_to_string(&mut again).unwrap();
        assert_eq!(again, "the cases");
    }

    /// A freed input stays with the runs that have it open, and no later run starts.
    #[test]
    fn a_freed_input_stays_with_the_runs_that_opened_it() {
        let input = RunInput::new(b"the cases");
        let mut opened = input.open().unwrap();
        input.free();
        let mut whole = String::new();
        opened.read_to_string(&mut whole).unwrap();
        assert_eq!(whole, "the cases");
        let error = input.open().unwrap_err();
        assert!(format!("{error:#}").contains("freed"), "{error:#}");
    }

    // Symbolic links and FIFOs, as Unix makes them (Windows needs privileges for links).
    #[cfg(unix)]
    #[test]
    fn only_real_files_are_opened_and_a_fifo_without_waiting() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("exercises/x/src");
        std::fs::create_dir_all(&dir).unwrap();
        let file = Path::new("exercises/x/src/lib.rs");
        std::os::unix::fs::symlink("/etc/passwd", root.path().join(file)).unwrap();
        let opened = open_beneath(root.path(), file);
        assert!(matches!(opened, Err(Refusal::Symlink)), "{opened:?}");
        std::fs::remove_file(root.path().join(file)).unwrap();

        // A symlinked folder on the way is refused too.
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("lib.rs"), "secret").unwrap();
        std::fs::remove_dir(&dir).unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), &dir).unwrap();
        let opened = open_beneath(root.path(), file);
        assert!(matches!(opened, Err(Refusal::NotInFolder)), "{opened:?}");
        std::fs::remove_file(&dir).unwrap();
        std::fs::create_dir(&dir).unwrap();

        // A FIFO opens at once, without waiting for a writer, and is no regular file.
        let made = std::process::Command::new("mkfifo")
            .arg(root.path().join(file))
            .status()
            .unwrap();
        assert!(made.success());
        let fifo = open_beneath(root.path(), file).unwrap();
        assert!(!fifo.metadata().unwrap().is_file());
    }

    /// A folder a grader holds, or one too young to have its lock yet, stays; one left
    /// by a grader that is gone (unlocked, or without a lock) goes.
    // A folder is opened as a file to age it: Unix only.
    #[cfg(unix)]
    #[test]
    fn only_the_build_folders_of_graders_that_are_gone_are_removed() {
        let builds = tempfile::tempdir().unwrap();
        let folder = |name: &str, locked: Option<bool>, old: bool| {
            let path = builds.path().join(name);
            std::fs::create_dir(&path).unwrap();
            let lock = locked.map(|held| {
                let lock = std::fs::File::create(path.join(LOCK)).unwrap();
                if held {
                    lock.lock().unwrap();
                }
                lock
            });
            if old {
                let long_ago = std::time::SystemTime::now() - UNLOCKED_GRACE * 2;
                std::fs::File::open(&path)
                    .unwrap()
                    .set_modified(long_ago)
                    .unwrap();
            }
            lock
        };
        let _held = folder("held", Some(true), true);
        let _unlocked = folder("unlocked", Some(false), true);
        folder("no lock", None, true);
        folder("young", None, false);
        remove_left_over(builds.path());
        let mut left: Vec<String> = std::fs::read_dir(builds.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["held", "young"]);
    }
}
