//! A root of its own for a learner's run, where the machine allows a mount namespace
//! (root, or a user namespace of its own): an empty tmpfs into which only what the run
//! reads is bound, read-only, at the same paths (its libraries, the toolchain's std),
//! and the program itself at `/program`. The workbook, a class's folders and every other
//! path do not exist there: the run cannot `stat` another learner's folder, and its
//! `getcwd` and `/proc/self/exe` name nothing of the machine's (Landlock covers what a
//! run may open, not what it may learn of names).
//!
//! Everything is prepared before the fork, as C strings; the child only makes the
//! system calls (see `unix::child`).

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, Result};

use crate::Policy;

/// Where the program is in the private root (or, for a program to come, the folder it
/// will be written to: see `Policy::awaits_program`).
const PROGRAM: &str = "/program";

/// One step of building the root, in order.
#[derive(Debug)]
enum Step {
    /// A folder inside the root.
    Folder(CString),
    /// An empty file inside the root, to bind a file onto.
    File(CString),
    /// A bind mount of a path of the machine's onto one inside the root, read-only.
    Bind { from: CString, to: CString },
}

/// The private root of a run, prepared.
#[derive(Debug)]
pub(super) struct PrivateRoot {
    /// The empty folder the tmpfs is mounted on, removed after the run.
    _folder: tempfile::TempDir,
    mount_point: CString,
    /// Where the old root goes for a moment, inside the new one, and its name after.
    old: CString,
    old_after: CString,
    steps: Vec<Step>,
    /// The program's path inside the root.
    program: PathBuf,
    /// `/proc/self/uid_map` and `gid_map` lines, for a user namespace of its own: the
    /// user stays itself, without root's privileges in the namespace.
    maps: Option<(CString, CString)>,
}

impl PrivateRoot {
    /// The root of a learner's program run by `policy`: what it may read and execute,
    /// bound in; its program at [`PROGRAM`]. `in_user_namespace` when the child makes a
    /// user namespace of its own first (a grader that is not root).
    pub(super) fn new(
        policy: &Policy,
        program: &Path,
        in_user_namespace: bool,
    ) -> Result<PrivateRoot> {
        let folder = tempfile::Builder::new()
            .prefix("xorlings-root-")
            .tempdir()
            .context("cannot create the folder of a run's own root")?;
        let root = folder.path().to_path_buf();
        let mut steps = Vec::new();
        let mut folders: Vec<PathBuf> = Vec::new();
        let mut add_folders = |path: &Path, steps: &mut Vec<Step>| -> Result<()> {
            let mut inside = root.clone();
            for component in path.components() {
                if let Component::Normal(name) = component {
                    inside.push(name);
                    if !folders.contains(&inside) {
                        folders.push(inside.clone());
                        steps.push(Step::Folder(c_path(&inside)?));
                    }
                }
            }
            Ok(())
        };
        let mut bound = |from: &Path, to: &Path, steps: &mut Vec<Step>| -> Result<()> {
            let inside = root.join(to.strip_prefix("/").unwrap_or(to));
            if from.is_dir() {
                add_folders(to, steps)?;
            } else {
                add_folders(to.parent().unwrap_or(Path::new("/")), steps)?;
                steps.push(Step::File(c_path(&inside)?));
            }
            steps.push(Step::Bind {
                from: c_path(from)?,
                to: c_path(&inside)?,
            });
            Ok(())
        };
        // A program to come is not there yet: its folder, which will hold nothing else,
        // is bound instead, and the program appears in it once written.
        let (outside, inside) = match (policy.awaits_program, program.parent()) {
            (true, Some(folder)) => {
                let name = program.file_name().context("a program needs a file name")?;
                (folder, Path::new(PROGRAM).join(name))
            }
            _ => (program, PathBuf::from(PROGRAM)),
        };
        let mut bound_folders: Vec<&Path> = Vec::new();
        for path in policy.read.iter().chain(&policy.execute) {
            let inside_bound = bound_folders.iter().any(|folder| path.starts_with(folder));
            if path == outside || !path.exists() || inside_bound {
                continue;
            }
            if path.is_dir() {
                bound_folders.push(path);
            }
            bound(path, path, &mut steps)?;
        }
        bound(outside, Path::new(PROGRAM), &mut steps)?;
        let old = root.join(".old");
        add_folders(Path::new("/.old"), &mut steps)?;
        let maps = in_user_namespace.then(|| {
            let uid = rustix::process::getuid().as_raw();
            let gid = rustix::process::getgid().as_raw();
            (
                CString::new(format!("{uid} {uid} 1\n")).expect("no NUL in numbers"),
                CString::new(format!("{gid} {gid} 1\n")).expect("no NUL in numbers"),
            )
        });
        Ok(PrivateRoot {
            mount_point: c_path(&root)?,
            old: c_path(&old)?,
            old_after: CString::new("/.old").expect("no NUL"),
            steps,
            program: inside,
            _folder: folder,
            maps,
        })
    }

    /// The program's path inside the root.
    pub(super) fn program(&self) -> &Path {
        &self.program
    }

    /// In the child, in a mount namespace of its own (and a user namespace, when
    /// `maps`): builds the root and moves into it. Async-signal-safe: system calls on
    /// prepared strings.
    pub(super) fn enter(&self) -> io::Result<()> {
        if let Some((uid_map, gid_map)) = &self.maps {
            write_file(c"/proc/self/uid_map", uid_map)?;
            write_file(c"/proc/self/setgroups", c"deny")?;
            write_file(c"/proc/self/gid_map", gid_map)?;
        }
        // Nothing mounted here reaches the grader's namespace.
        mount(None, c"/", None, libc::MS_REC | libc::MS_PRIVATE)?;
        mount(
            Some(c"tmpfs"),
            &self.mount_point,
            Some(c"tmpfs"),
            libc::MS_NOSUID | libc::MS_NODEV,
        )?;
        for step in &self.steps {
            match step {
                Step::Folder(path) => {
                    // SAFETY: mkdir of a prepared path.
                    check(unsafe { libc::mkdir(path.as_ptr(), 0o755) })?;
                }
                Step::File(path) => {
                    // SAFETY: open and close of a prepared path.
                    let fd = check(unsafe {
                        libc::open(
                            path.as_ptr(),
                            libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                            0o644,
                        )
                    })?;
                    // SAFETY: closes the descriptor just opened.
                    unsafe { libc::close(fd) };
                }
                Step::Bind { from, to } => {
                    mount(Some(from), to, None, libc::MS_BIND | libc::MS_REC)?;
                    // Read-only where the kernel lets a namespace remount (Landlock
                    // forbids the writes anyway).
                    let _ = mount(
                        None,
                        to,
                        None,
                        libc::MS_REMOUNT
                            | libc::MS_BIND
                            | libc::MS_RDONLY
                            | libc::MS_NOSUID
                            | libc::MS_NODEV,
                    );
                }
            }
        }
        // SAFETY: pivot_root on two prepared paths, then the old root detached.
        check(unsafe {
            libc::syscall(
                libc::SYS_pivot_root,
                self.mount_point.as_ptr(),
                self.old.as_ptr(),
            ) as libc::c_int
        })?;
        // SAFETY: chdir to a static path.
        check(unsafe { libc::chdir(c"/".as_ptr()) })?;
        // SAFETY: umount2 of a prepared path.
        check(unsafe { libc::umount2(self.old_after.as_ptr(), libc::MNT_DETACH) })?;
        // SAFETY: rmdir of a prepared path.
        check(unsafe { libc::rmdir(self.old_after.as_ptr()) })?;
        Ok(())
    }

    /// The folder the root is made on.
    #[cfg(test)]
    fn folder(&self) -> &Path {
        self._folder.path()
    }
}

fn c_path(path: &Path) -> Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .with_context(|| format!("{} contains a NUL byte", path.display()))
}

fn mount(
    source: Option<&std::ffi::CStr>,
    target: &std::ffi::CStr,
    kind: Option<&std::ffi::CStr>,
    flags: libc::c_ulong,
) -> io::Result<()> {
    let pointer = |text: Option<&std::ffi::CStr>| text.map_or(std::ptr::null(), |t| t.as_ptr());
    // SAFETY: mount with prepared strings (or null) and no data.
    check(unsafe {
        libc::mount(
            pointer(source),
            target.as_ptr(),
            pointer(kind),
            flags,
            std::ptr::null(),
        )
    })
    .map(|_| ())
}

/// Writes `text` into the file at `path`, which exists.
fn write_file(path: &std::ffi::CStr, text: &std::ffi::CStr) -> io::Result<()> {
    // SAFETY: open, write and close of prepared strings.
    let fd = check(unsafe { libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC) })?;
    let bytes = text.to_bytes();
    // SAFETY: writes the prepared bytes to the descriptor just opened.
    let written = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
    // SAFETY: closes the descriptor just opened.
    unsafe { libc::close(fd) };
    if written < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

fn check(result: libc::c_int) -> io::Result<libc::c_int> {
    if result < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    /// Each bind mount of `root`, from where to where.
    fn binds_of(root: &PrivateRoot) -> Vec<(String, String)> {
        root.steps
            .iter()
            .filter_map(|step| match step {
                Step::Bind { from, to } => Some((
                    from.to_string_lossy().into_owned(),
                    to.to_string_lossy().into_owned(),
                )),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_root_holds_what_the_run_reads_and_the_program_alone() {
        let libraries = tempfile::tempdir().unwrap();
        let program_folder = tempfile::tempdir().unwrap();
        let program = program_folder.path().join("program");
        std::fs::write(&program, "").unwrap();
        let limits = Limits {
            address_space: 1 << 30,
            memory: 1 << 30,
            file_size: 1 << 20,
            open_files: 64,
            cpu_seconds: 1,
            tasks: 16,
        };
        let policy = Policy {
            read: vec![
                libraries.path().to_path_buf(),
                PathBuf::from("/no/such/path"),
            ],
            execute: vec![program.clone()],
            write: Vec::new(),
            limits,
            processes: crate::Processes::Forbidden,
            env: Vec::new(),
            core: None,
            private_view: true,
            awaits_program: false,
        };
        let root = PrivateRoot::new(&policy, &program, false).unwrap();
        let inside = root.folder().to_path_buf();
        let binds = binds_of(&root);
        let libraries = libraries.path().display().to_string();
        assert_eq!(
            binds,
            [
                (
                    libraries.clone(),
                    format!("{}{libraries}", inside.display())
                ),
                (
                    program.display().to_string(),
                    format!("{}/program", inside.display())
                ),
            ]
        );
        // Each folder is made before what goes in it, once.
        let folders: Vec<String> = root
            .steps
            .iter()
            .filter_map(|step| match step {
                Step::Folder(path) => Some(path.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        for (i, folder) in folders.iter().enumerate() {
            assert!(!folders[..i].contains(folder), "{folder} twice");
        }
        assert!(folders.last().unwrap().ends_with("/.old"));
        assert!(root.maps.is_none());
        assert_eq!(root.program(), Path::new("/program"));
    }

    /// A program not yet written is bound by its folder, which it appears in later.
    #[test]
    fn a_program_to_come_is_bound_by_its_folder() {
        let program_folder = tempfile::tempdir().unwrap();
        let program = program_folder.path().join("program");
        let mut policy = Policy::program_to_come(
            &program,
            None,
            Path::new("/no/such/libraries"),
            crate::TEST_LIMITS,
        )
        .unwrap();
        policy.read.clear();
        let root = PrivateRoot::new(&policy, &program, true).unwrap();
        let inside = root.folder().to_path_buf();
        let binds = binds_of(&root);
        assert_eq!(
            binds,
            [(
                program_folder.path().display().to_string(),
                format!("{}/program", inside.display())
            )]
        );
        assert_eq!(root.program(), Path::new("/program/program"));
        assert!(root.maps.is_some());
    }
}
