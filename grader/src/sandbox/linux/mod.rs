//! The Linux backend's own layers, which the Unix backend (`super::unix`) applies around
//! each exec: Landlock (`ruleset`), seccomp (`syscalls`), `no_new_privs` and no
//! capability (`privileges`), a kill when the grader dies, the grader as a child
//! subreaper (`orphans`); and what they need: the file lists of the two policies
//! (`policies`), a program's ELF loader (`interpreter`), and what this kernel offers
//! (`detect`), in the words of `cargo grader doctor` (`report`).

mod cgroup;
mod detect;
mod interpreter;
mod layers;
mod orphans;
mod policies;
mod privileges;
mod report;
mod ruleset;
mod syscalls;
#[cfg(all(test, target_arch = "x86_64"))]
mod tests;

pub use cgroup::RunGroup;
pub use detect::detected;
pub use layers::{Layers, confined_command};
pub use orphans::{become_subreaper as prepare, children};
pub use report::{describe, pretend_missing};
