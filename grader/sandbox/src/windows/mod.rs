//! The Windows backend: each compile and run is started suspended (`spawn`), put in a
//! Job Object of its own (`job`, with the settings of `settings`), then resumed; the
//! grader waits for it within its limits and ends the whole job (`confined`). A
//! learner's program also runs under a restricted token of low integrity, on a desktop
//! of its own (`restricted`, from the plans of `token`), created with the only handles
//! it inherits and Windows' child-process policy and mitigations (`process`, from
//! `launch`); it gets its channels as inherited handles, their values in its
//! environment (see `xorlings_core::runner::channels`). rustc and git run with the
//! grader's own token, in their jobs. The policies (`policies`) are mostly
//! environments; what this Windows offers (`detect`), in the words of `cargo grader
//! doctor` (`report`).
//!
//! `launch`, `policies`, `report`, `settings` and `token` are platform-neutral and also
//! compiled, for their tests, on other systems (where nothing else uses them).
#![cfg_attr(not(windows), allow(dead_code))]

mod launch;
mod policies;
mod report;
mod settings;
mod token;

#[cfg(windows)]
mod confined;
#[cfg(windows)]
mod detect;
#[cfg(windows)]
mod ffi;
#[cfg(windows)]
mod job;
#[cfg(windows)]
mod process;
#[cfg(windows)]
mod restricted;
#[cfg(windows)]
mod spawn;

#[cfg(windows)]
pub use confined::Confined;
#[cfg(windows)]
pub(crate) use detect::{detected, prepare};
#[cfg(windows)]
pub(crate) use report::{describe, pretend_missing};
#[cfg(windows)]
pub(crate) use spawn::{output_of_trusted, spawn};

use xorlings_core::run::SignalKind;

/// Runs `f`: a child inherits no file the grader opens here (no handle is inheritable
/// but a run's channels), so a program written meanwhile can be executed at once.
pub(crate) fn without_spawns<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// Windows has no SIGPIPE: a write to a closed pipe fails there, and the command stops.
pub(crate) fn quit_on_broken_pipe() {}

/// What an exit status that is an exception means.
pub(crate) fn signal_kind(status: i32) -> SignalKind {
    settings::exception_kind(status as u32).unwrap_or(SignalKind::Other)
}

#[cfg(windows)]
mod constructors {
    use std::path::{Path, PathBuf};

    use anyhow::Result;

    use super::policies;
    use crate::{Limits, Policy};

    fn variable(name: &str) -> Option<std::ffi::OsString> {
        std::env::var_os(name)
    }

    impl Policy {
        /// rustc compiling into `build_dir` (see `policies::compiler`). Run
        /// `<sysroot>\bin\rustc.exe` itself, not rustup's proxy.
        pub fn compiler(sysroot: &Path, build_dir: &Path, limits: Limits) -> Policy {
            policies::compiler(sysroot, build_dir, limits, variable)
        }

        /// A learner's `program`, which loads the std DLL from `std_dir`.
        pub fn program(program: &Path, std_dir: &Path, limits: Limits) -> Result<Policy> {
            Ok(policies::program(program, std_dir, limits, variable))
        }

        /// A `program` that only reads `read` (git reading a learner's repository).
        pub fn reader(program: &Path, read: &[PathBuf], limits: Limits) -> Result<Policy> {
            Ok(policies::reader(program, read, limits))
        }
    }
}
