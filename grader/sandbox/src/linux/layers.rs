//! The Linux layers a child applies around its exec (see `unix::child`): first a kill
//! when the grader dies, its cgroup or a user namespace of its own (either bounds its
//! threads), its core, no real-time scheduling, `no_new_privs` and no capability, and
//! Landlock; the seccomp filter last, since it forbids every exec but the one that
//! follows.

use std::ffi::OsString;
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::process::Command;
use std::sync::Arc;

use anyhow::Result;
use rustix::process::{
    Pid, Resource, Rlimit, Signal, getpid, getppid, set_parent_process_death_signal, setrlimit,
};
use rustix::thread::{CpuSet, UnshareFlags, sched_getaffinity, sched_setaffinity};

use super::Isolation;
use super::detect::{TaskBound, detected};
use super::private_root::PrivateRoot;
use super::privileges::Privileges;
use super::syscalls::Filter;
use super::{ruleset, syscalls};
use crate::Policy;
use crate::unix::child::{Step, at};

/// Limits set to 0: no real-time priority, no higher niceness, no real-time CPU time,
/// so that a run cannot take its core from everything else on it.
const NO_PRIORITY: [Resource; 3] = [Resource::Rtprio, Resource::Nice, Resource::Rttime];

/// The layers, prepared before the fork.
pub(crate) struct Layers {
    parent: Pid,
    /// The run's cgroups' `cgroup.procs`, to write itself into (the grader keeps them
    /// open until after the spawn).
    cgroups: Vec<RawFd>,
    /// Its threads and processes, as RLIMIT_NPROC in a user namespace of its own.
    nproc: Option<u64>,
    /// Its own root, in a mount namespace of its own.
    root: Option<Arc<PrivateRoot>>,
    /// The grader runs as root: it needs no user namespace for a mount namespace.
    root_user: bool,
    core: Option<CpuSet>,
    privileges: Privileges,
    ruleset: Option<ruleset::Ruleset>,
    filter: Option<Filter>,
}

impl Layers {
    /// The layers for `policy`, with the run's `isolation`; `exec_path` is the address
    /// of the program's path, the one exec the filter lets through.
    pub(crate) fn new(
        policy: &Policy,
        isolation: &Isolation,
        exec_path: *const libc::c_char,
    ) -> Result<Layers> {
        let ruleset = (detected().landlock_files)
            .then(|| ruleset::prepare(policy, detected().landlock_abi))
            .transpose()?;
        let filter = (detected().seccomp)
            .then(|| syscalls::Filter::new(policy.processes, exec_path))
            .transpose()?;
        let nproc =
            (detected().task_bound == TaskBound::UserNamespace).then_some(policy.limits.tasks);
        Ok(Layers {
            parent: getpid(),
            cgroups: isolation
                .group
                .procs()
                .map(|procs| procs.as_raw_fd())
                .collect(),
            nproc,
            root: isolation.root.clone(),
            root_user: rustix::process::getuid().is_root(),
            core: policy.core.and_then(nth_core),
            privileges: Privileges::new(),
            ruleset,
            filter,
        })
    }

    /// The descriptors the child needs until it applies the layers.
    pub(crate) fn descriptors(&self) -> impl Iterator<Item = RawFd> + '_ {
        self.cgroups
            .iter()
            .copied()
            .chain(self.ruleset.as_ref().map(ruleset::Ruleset::raw_fd))
    }

    /// In the child, before its descriptors and limits.
    pub(crate) fn first(&mut self) -> Result<(), (Step, io::Error)> {
        set_parent_process_death_signal(Some(Signal::KILL)).map_err(at(Step::DeathSignal))?;
        // The grader may have died before the line above: then nobody would kill us.
        if getppid() != Some(self.parent) {
            return Err((Step::ParentGone, io::Error::from_raw_os_error(libc::ESRCH)));
        }
        for &procs in &self.cgroups {
            // SAFETY: write of two bytes from a static buffer to an open descriptor.
            if unsafe { libc::write(procs, b"0\n".as_ptr().cast(), 2) } < 0 {
                return Err((Step::Cgroup, io::Error::last_os_error()));
            }
        }
        // A user namespace of its own, where RLIMIT_NPROC counts this run's threads and
        // processes alone (not every process of the user on the machine), and where a
        // grader that is not root may make a mount namespace; a mount namespace, for
        // its own root.
        let mut namespaces = UnshareFlags::empty();
        if self.nproc.is_some() || (self.root.is_some() && !self.root_user) {
            namespaces |= UnshareFlags::NEWUSER;
        }
        if self.root.is_some() {
            namespaces |= UnshareFlags::NEWNS;
        }
        if !namespaces.is_empty() {
            // SAFETY: this child has one thread, and shares no file table with another.
            unsafe { rustix::thread::unshare_unsafe(namespaces) }
                .map_err(at(Step::UserNamespace))?;
        }
        if let Some(root) = &self.root {
            root.enter().map_err(at(Step::PrivateRoot))?;
        }
        if let Some(tasks) = self.nproc {
            setrlimit(Resource::Nproc, bounded(tasks)).map_err(at(Step::Limits))?;
        }
        for resource in NO_PRIORITY {
            setrlimit(resource, bounded(0)).map_err(at(Step::Limits))?;
        }
        if let Some(core) = &self.core {
            sched_setaffinity(None, core).map_err(at(Step::Core))?;
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
    pub(crate) fn last(&mut self) -> Result<(), (Step, io::Error)> {
        if let Some(filter) = &mut self.filter {
            filter.install().map_err(at(Step::Seccomp))?;
        }
        Ok(())
    }
}

/// What the child executes to run `command`: its own program (at its path in the run's
/// own root, when it has one) and arguments; the layers are applied in the child itself.
pub(crate) fn confined_command(
    command: &Command,
    _policy: &Policy,
    isolation: &Isolation,
) -> Result<(OsString, Vec<OsString>)> {
    let program = isolation
        .exec_path()
        .map_or(command.get_program(), |path| path.as_os_str());
    let args = command.get_args().map(OsString::from).collect();
    Ok((program.to_owned(), args))
}

/// Keeps the process `pid` (one thread) to the `n`-th core, from outside.
pub(crate) fn keep_to_core(pid: Pid, n: usize) -> io::Result<()> {
    let core = nth_core(n).ok_or_else(|| io::Error::from_raw_os_error(libc::EINVAL))?;
    Ok(sched_setaffinity(Some(pid), &core)?)
}

/// A limit of `value`, soft and hard.
fn bounded(value: u64) -> Rlimit {
    Rlimit {
        current: Some(value),
        maximum: Some(value),
    }
}

/// The `n`-th core this process may run on (wrapping around), as a set of one.
fn nth_core(n: usize) -> Option<CpuSet> {
    let allowed = sched_getaffinity(None).ok()?;
    let cores: Vec<usize> = (0..CpuSet::MAX_CPU)
        .filter(|&cpu| allowed.is_set(cpu))
        .collect();
    let core = *cores.get(n % cores.len().max(1))?;
    let mut set = CpuSet::new();
    set.set(core);
    Some(set)
}
