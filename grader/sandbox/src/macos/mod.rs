//! macOS's own layers, which the Unix backend (`super::unix`) applies around each exec:
//! the program is started by `sandbox-exec` under a Seatbelt profile written from its
//! policy (`profile`, `layers`); the policies (`policies`); what this Mac offers
//! (`detect`), in the words of `cargo grader doctor` (`report`). macOS has no cgroup,
//! no subreaper and no parent-death signal: a learner's program cannot start a process
//! under its profile, so nothing of it can escape its process group, which the Unix
//! backend kills as a whole.
//!
//! `policies`, `profile` and `report` are platform-neutral and also compiled, for their
//! tests, on other systems (where nothing else uses them).
#![cfg_attr(not(target_os = "macos"), allow(dead_code))]

mod policies;
mod profile;
mod report;

#[cfg(target_os = "macos")]
mod detect;
#[cfg(target_os = "macos")]
mod layers;

#[cfg(target_os = "macos")]
pub(crate) use detect::detected;
#[cfg(target_os = "macos")]
pub(crate) use layers::{
    Isolation, Layers, children, confined_command, cpu_time, footprint, prepare,
};
#[cfg(target_os = "macos")]
pub(crate) use report::{describe, pretend_missing};

#[cfg(target_os = "macos")]
mod constructors {
    use std::fs::File;
    use std::io::Read;
    use std::path::{Path, PathBuf};

    use anyhow::{Context, Result, anyhow};

    use super::detect::developer;
    use super::policies;
    use crate::{Limits, Policy};

    impl Policy {
        /// rustc compiling into `build_dir` (see `policies::compiler`). Run
        /// `<sysroot>/bin/rustc` itself: the rustup proxy needs the user's home.
        pub fn compiler(sysroot: &Path, build_dir: &Path, limits: Limits) -> Policy {
            policies::compiler(sysroot, build_dir, limits, developer())
        }

        /// A learner's `program`, linked to the std dylib in `libdir`: it must be the
        /// thin Mach-O program rustc writes for this Mac.
        pub fn program(program: &Path, libdir: &Path, limits: Limits) -> Result<Policy> {
            let mut header = [0; 16];
            File::open(program)
                .and_then(|mut file| file.read_exact(&mut header))
                .with_context(|| format!("cannot read {}", program.display()))?;
            let cpu = if cfg!(target_arch = "aarch64") {
                policies::CPU_ARM64
            } else {
                policies::CPU_X86_64
            };
            policies::check_mach_o(&header, cpu)
                .map_err(|what| anyhow!("{} is {what}", program.display()))?;
            Ok(policies::program(program, libdir, limits))
        }

        /// A `program` that only reads `read` (git reading a learner's repository).
        pub fn reader(program: &Path, read: &[PathBuf], limits: Limits) -> Result<Policy> {
            Ok(policies::reader(program, read, limits, developer()))
        }
    }
}
