//! What the child does between `fork` and `exec`, all of it prepared before the `fork`.
//!
//! The grader has other threads: one of them may hold the allocator's lock (or any
//! other) at the moment of the fork, and the child inherits the lock held forever. So
//! the child only makes system calls on data prepared beforehand: no allocation, no
//! lock, no formatting. A failed step is written to the shared page as two numbers.

use std::io;
use std::os::fd::{OwnedFd, RawFd};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use anyhow::{Result, anyhow};

use super::Policy;
use super::descriptors::Descriptors;
use super::exec::Exec;
use super::limits::Rlimits;
use super::privileges::Privileges;
#[cfg(target_os = "linux")]
use super::protection;
use super::shared_page::SharedPage;

/// The steps of the confinement, in order, as the child reports a failed one.
#[derive(Debug, Clone, Copy)]
enum Step {
    DeathSignal = 1,
    ParentGone,
    Privileges,
    Landlock,
    Descriptors,
    Limits,
    Seccomp,
    Exec,
}

impl Step {
    const ALL: [Step; 8] = [
        Step::DeathSignal,
        Step::ParentGone,
        Step::Privileges,
        Step::Landlock,
        Step::Descriptors,
        Step::Limits,
        Step::Seccomp,
        Step::Exec,
    ];

    fn describe(self) -> &'static str {
        match self {
            Step::DeathSignal => "ask for a kill when the grader dies",
            Step::ParentGone => "start: the grader was gone",
            Step::Descriptors => "install the descriptors",
            Step::Limits => "set the resource limits",
            Step::Privileges => "drop privileges",
            Step::Landlock => "enforce the Landlock rules",
            Step::Seccomp => "install the seccomp filter",
            Step::Exec => "execute the program",
        }
    }
}

/// Everything the child needs, prepared before the fork.
pub struct Confinement {
    #[cfg(target_os = "linux")]
    parent: rustix::process::Pid,
    descriptors: Descriptors,
    rlimits: Rlimits,
    privileges: Privileges,
    #[cfg(target_os = "linux")]
    ruleset: Option<landlock::RulesetCreated>,
    #[cfg(target_os = "linux")]
    filter: Option<super::syscalls::Filter>,
    exec: Exec,
}

impl Confinement {
    pub fn new(
        command: &Command,
        policy: &Policy,
        fds: Vec<(OwnedFd, RawFd)>,
    ) -> Result<Confinement> {
        let exec = Exec::new(command, &policy.env)?;
        #[cfg(target_os = "linux")]
        let ruleset = (protection().landlock_files)
            .then(|| super::ruleset::prepare(policy))
            .transpose()?;
        #[cfg(target_os = "linux")]
        let filter = (protection().seccomp)
            .then(|| super::syscalls::Filter::new(policy.processes, exec.path()))
            .transpose()?;
        Ok(Confinement {
            #[cfg(target_os = "linux")]
            parent: rustix::process::getpid(),
            descriptors: Descriptors::new(fds)?,
            rlimits: Rlimits::new(&policy.limits),
            privileges: Privileges::new(),
            #[cfg(target_os = "linux")]
            ruleset,
            #[cfg(target_os = "linux")]
            filter,
            exec,
        })
    }

    /// The page the child reports a failure in.
    pub fn page(&self) -> Arc<SharedPage> {
        self.exec.page().clone()
    }

    /// In the child: confines it, then executes the program. Never returns: on a
    /// failure, reports the step and exits.
    pub fn confine_and_exec(&mut self) -> ! {
        let (step, error) = match self.confine() {
            Ok(()) => (Step::Exec, self.exec.exec()),
            Err(failure) => failure,
        };
        let errno = error.raw_os_error().unwrap_or(0) as u32;
        let report = ((step as u64) << 32) | u64::from(errno);
        self.exec.page().report().store(report, Ordering::SeqCst);
        // SAFETY: _exit ends the child at once, running nothing of the parent's.
        unsafe { libc::_exit(127) }
    }

    fn confine(&mut self) -> Result<(), (Step, io::Error)> {
        #[cfg(target_os = "linux")]
        {
            use rustix::process::{Signal, getppid, set_parent_process_death_signal};
            set_parent_process_death_signal(Some(Signal::KILL)).map_err(at(Step::DeathSignal))?;
            // The grader may have died before the line above: then nobody would kill us.
            if getppid() != Some(self.parent) {
                return Err((Step::ParentGone, io::Error::from_raw_os_error(libc::ESRCH)));
            }
        }
        self.privileges.drop_all().map_err(at(Step::Privileges))?;
        // Before the descriptors: the ruleset's own descriptor may have a number that a
        // passed descriptor is about to take.
        #[cfg(target_os = "linux")]
        if let Some(ruleset) = self.ruleset.take() {
            super::ruleset::restrict(ruleset).map_err(at(Step::Landlock))?;
        }
        self.descriptors.install().map_err(at(Step::Descriptors))?;
        self.rlimits.apply().map_err(at(Step::Limits))?;
        // Last: the filter forbids every exec but the one that follows.
        #[cfg(target_os = "linux")]
        if let Some(filter) = &mut self.filter {
            filter.install().map_err(at(Step::Seccomp))?;
        }
        Ok(())
    }
}

/// Tags an error with the step that failed.
fn at<E: Into<io::Error>>(step: Step) -> impl FnOnce(E) -> (Step, io::Error) {
    move |error| (step, error.into())
}

/// The failure the child reported in `page`, if any.
pub fn reported_failure(page: &SharedPage) -> Option<anyhow::Error> {
    let report = page.report().load(Ordering::SeqCst);
    let step = Step::ALL
        .into_iter()
        .find(|&step| step as u64 == report >> 32)?;
    let error = io::Error::from_raw_os_error(report as u32 as i32);
    Some(anyhow!(error).context(format!("the confined child could not {}", step.describe())))
}
