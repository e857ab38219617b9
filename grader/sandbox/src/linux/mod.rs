//! The Linux backend's own layers, which the Unix backend (`super::unix`) applies around
//! each exec: Landlock (`ruleset`), seccomp (`syscalls`), `no_new_privs` and no
//! capability (`privileges`), a kill when the grader dies, the grader as a child
//! subreaper (`orphans`); and what they need: the file lists of the two policies
//! (`policies`), a program's ELF loader (`interpreter`), and what this kernel offers
//! (`detect`), in the words of `cargo grader doctor` (`report`).

mod allocator;
mod cgroup;
mod detect;
mod interpreter;
mod layers;
mod orphans;
mod policies;
mod private_root;
mod privileges;
mod report;
mod ruleset;
mod syscalls;
#[cfg(all(test, target_arch = "x86_64"))]
mod tests;

pub use allocator::ForkFriendly;
pub(crate) use detect::detected;
pub(crate) use interpreter::interpreter as loader_of;

/// The loader the grader itself names: the one that the programs it builds name too,
/// when they are built for the same system with the same toolchain.
pub(crate) fn own_loader() -> Option<&'static std::path::Path> {
    static LOADER: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    LOADER
        .get_or_init(|| {
            loader_of(std::path::Path::new("/proc/self/exe"))
                .ok()
                .flatten()
        })
        .as_deref()
}
pub(crate) use layers::{Layers, confined_command, keep_to_core};
pub(crate) use orphans::{become_subreaper as prepare, children};
pub(crate) use report::{describe, pretend_missing};

use std::path::Path;
use std::sync::Arc;

use anyhow::Result;

use crate::{Limits, Policy, Processes};
use cgroup::RunGroup;
use private_root::PrivateRoot;
use rustix::process::Pid;

/// What sets a run apart from the others, made before its fork and undone after it: its
/// cgroups, and its private root.
#[derive(Debug)]
pub(crate) struct Isolation {
    group: RunGroup,
    root: Option<Arc<PrivateRoot>>,
    /// The compiler's cgroups are made and joined once it has started (see
    /// [`Isolation::started`]): their limits.
    later: Option<Limits>,
}

impl Isolation {
    /// The isolation of a run of `program` under `policy`.
    pub(crate) fn new(policy: &Policy, program: &Path) -> Result<Isolation> {
        let root = (policy.private_view && detected().private_view)
            .then(|| PrivateRoot::new(policy, program, !rustix::process::getuid().is_root()))
            .transpose()?;
        // A learner's program is in its cgroups before its first instruction. The
        // compiler is the toolchain's, under its limits from the start: it joins its
        // cgroups from outside, while it starts, long before it starts the linker
        // (joining one waits for the kernel, some 10 ms: a tenth of a compile).
        let later = (policy.processes == Processes::Allowed).then_some(policy.limits);
        let group = match later {
            Some(_) => RunGroup::default(),
            None => RunGroup::new(&policy.limits)?,
        };
        Ok(Isolation {
            group,
            root: root.map(Arc::new),
            later,
        })
    }

    /// Once `leader` has started: moves the compiler into its cgroups.
    pub(crate) fn started(&mut self, leader: Pid) -> Result<()> {
        if let Some(limits) = self.later.take() {
            self.group = RunGroup::new(&limits)?;
            self.group.join(leader)?;
        }
        Ok(())
    }

    /// The program's path inside the run's own root, when it has one.
    pub(crate) fn exec_path(&self) -> Option<&Path> {
        self.root.as_ref().map(|root| root.program())
    }
}
