//! The Linux layers a child applies around its exec (see `unix::child`): first a kill
//! when the grader dies, `no_new_privs` and no capability, and Landlock; the seccomp
//! filter last, since it forbids every exec but the one that follows.

use std::io;

use anyhow::Result;
use rustix::process::{Pid, Signal, getpid, getppid, set_parent_process_death_signal};

use super::privileges::Privileges;
use super::syscalls::Filter;
use super::{ruleset, syscalls};
use crate::sandbox::Policy;
use crate::sandbox::protection::protection;
use crate::sandbox::unix::child::{Step, at};

/// The layers, prepared before the fork.
pub struct Layers {
    parent: Pid,
    privileges: Privileges,
    ruleset: Option<landlock::RulesetCreated>,
    filter: Option<Filter>,
}

impl Layers {
    /// The layers for `policy`; `exec_path` is the address of the program's path, the
    /// one exec the filter lets through.
    pub fn new(policy: &Policy, exec_path: *const libc::c_char) -> Result<Layers> {
        let ruleset = (protection().landlock_files)
            .then(|| ruleset::prepare(policy))
            .transpose()?;
        let filter = (protection().seccomp)
            .then(|| syscalls::Filter::new(policy.processes, exec_path))
            .transpose()?;
        Ok(Layers {
            parent: getpid(),
            privileges: Privileges::new(),
            ruleset,
            filter,
        })
    }

    /// In the child, before its descriptors and limits.
    pub fn first(&mut self) -> Result<(), (Step, io::Error)> {
        set_parent_process_death_signal(Some(Signal::KILL)).map_err(at(Step::DeathSignal))?;
        // The grader may have died before the line above: then nobody would kill us.
        if getppid() != Some(self.parent) {
            return Err((Step::ParentGone, io::Error::from_raw_os_error(libc::ESRCH)));
        }
        self.privileges.drop_all().map_err(at(Step::Privileges))?;
        // Before the descriptors: the ruleset's own descriptor may have a number that a
        // passed descriptor is about to take.
        if let Some(ruleset) = self.ruleset.take() {
            ruleset::restrict(ruleset).map_err(at(Step::Landlock))?;
        }
        Ok(())
    }

    /// In the child, just before its exec.
    pub fn last(&mut self) -> Result<(), (Step, io::Error)> {
        if let Some(filter) = &mut self.filter {
            filter.install().map_err(at(Step::Seccomp))?;
        }
        Ok(())
    }
}
