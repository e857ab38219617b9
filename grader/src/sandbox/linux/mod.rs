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
pub use detect::detected;
pub use layers::{Layers, confined_command};
pub use orphans::{become_subreaper as prepare, children};
pub use report::{describe, pretend_missing};

use std::path::Path;
use std::sync::Arc;

use anyhow::Result;

use crate::sandbox::Policy;
use cgroup::RunGroup;
use private_root::PrivateRoot;

/// What sets a run apart from the others, made before its fork and undone after it: its
/// cgroups, and its private root.
#[derive(Debug)]
pub struct Isolation {
    group: RunGroup,
    root: Option<Arc<PrivateRoot>>,
}

impl Isolation {
    /// The isolation of a run of `program` under `policy`.
    pub fn new(policy: &Policy, program: &Path) -> Result<Isolation> {
        let root = (policy.private_view && detected().private_view)
            .then(|| PrivateRoot::new(policy, program, !rustix::process::getuid().is_root()))
            .transpose()?;
        Ok(Isolation {
            group: RunGroup::new(&policy.limits)?,
            root: root.map(Arc::new),
        })
    }

    /// The program's path inside the run's own root, when it has one.
    pub fn exec_path(&self) -> Option<&Path> {
        self.root.as_ref().map(|_| Path::new(private_root::PROGRAM))
    }
}
