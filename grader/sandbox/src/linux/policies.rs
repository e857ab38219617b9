//! The two policies the grader needs: rustc compiling, and a learner's program running.
//! The file lists are the least that works, found with strace.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::interpreter::interpreter;
use crate::{Limits, Policy, Processes};

/// The system's shared libraries, and the loader's cache of where they are.
const SYSTEM_LIBRARIES: [&str; 4] = ["/lib", "/lib64", "/usr/lib", "/etc/ld.so.cache"];

impl Policy {
    /// rustc compiling into `build_dir`. Run `<sysroot>/bin/rustc` itself (the rustup
    /// proxy needs the user's home): it reads and executes its toolchain, and starts
    /// the linker `cc`, which runs programs from /usr and libraries from /lib. Its
    /// temporary files go to `build_dir` too. No home, no user variables.
    pub fn compiler(sysroot: &Path, build_dir: &Path, limits: Limits) -> Policy {
        Policy {
            read: vec![PathBuf::from("/etc/ld.so.cache")],
            execute: vec![
                sysroot.to_path_buf(),
                PathBuf::from("/usr"),
                PathBuf::from("/lib"),
                PathBuf::from("/lib64"),
            ],
            write: vec![build_dir.to_path_buf()],
            limits,
            processes: Processes::Allowed,
            env: vec![
                (OsString::from("PATH"), OsString::from("/usr/bin:/bin")),
                (OsString::from("TMPDIR"), build_dir.as_os_str().to_owned()),
            ],
            core: None,
            private_view: false,
            awaits_program: false,
        }
    }

    /// A learner's `program`, linked to the toolchain's shared std in `libdir`: it may
    /// read its libraries, execute itself and its loader, write nothing but the
    /// descriptors it is given, start no process, and sees no environment.
    pub fn program(program: &Path, libdir: &Path, limits: Limits) -> Result<Policy> {
        let mut policy = Policy::reader(program, &[libdir.to_path_buf()], limits)?;
        policy.private_view = true;
        Ok(policy)
    }

    /// A learner's `program`, alone in a folder of its own and naming `loader` as its
    /// loader, which the compiler may have yet to write: as [`Policy::program`], but it
    /// may execute what that folder holds, and waits to (see [`Policy::awaits_program`]).
    pub fn program_to_come(
        program: &Path,
        loader: Option<&Path>,
        libdir: &Path,
        limits: Limits,
    ) -> Result<Policy> {
        let folder = program
            .parent()
            .context("a program to come needs a folder of its own")?;
        let execute = std::iter::once(folder).chain(loader).map(Path::to_path_buf);
        let mut policy = Policy::reading(execute.collect(), &[libdir.to_path_buf()], limits);
        policy.private_view = true;
        policy.awaits_program = true;
        Ok(policy)
    }

    /// A `program` that only reads: the system's libraries and `read`. Like a learner's
    /// program, it executes only itself and its loader, writes nothing but the
    /// descriptors it is given, starts no process, and sees no environment but what the
    /// caller puts in [`Policy::env`]. `git` reading a learner's repository runs so,
    /// whatever the repository's configuration asks for.
    pub fn reader(program: &Path, read: &[PathBuf], limits: Limits) -> Result<Policy> {
        let mut execute = vec![program.to_path_buf()];
        execute.extend(interpreter(program)?);
        Ok(Policy::reading(execute, read, limits))
    }

    /// A process that reads the system's libraries and `read`, and may execute only
    /// `execute`.
    fn reading(execute: Vec<PathBuf>, read: &[PathBuf], limits: Limits) -> Policy {
        let mut readable: Vec<PathBuf> = SYSTEM_LIBRARIES.iter().map(PathBuf::from).collect();
        readable.extend(read.iter().cloned());
        Policy {
            read: readable,
            execute,
            write: Vec::new(),
            limits,
            processes: Processes::Forbidden,
            env: Vec::new(),
            core: None,
            private_view: false,
            awaits_program: false,
        }
    }
}
