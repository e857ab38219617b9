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

use anyhow::{Result, anyhow, ensure};
use xorlings_core::runner::channels::START_FD;

use super::descriptors::Descriptors;
use super::exec::Exec;
use super::limits::Rlimits;
use super::platform::{self, Isolation, Layers};
use super::shared_page::SharedPage;
use crate::Policy;

/// The steps of the confinement, in order, as the child reports a failed one (the
/// platform's own layers are some of them).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step {
    DeathSignal = 1,
    ParentGone,
    Cgroup,
    UserNamespace,
    Core,
    PrivateRoot,
    Privileges,
    Landlock,
    Descriptors,
    Limits,
    Seccomp,
    AwaitProgram,
    Exec,
}

impl Step {
    const ALL: [Step; 13] = [
        Step::DeathSignal,
        Step::ParentGone,
        Step::Cgroup,
        Step::UserNamespace,
        Step::Core,
        Step::PrivateRoot,
        Step::Privileges,
        Step::Landlock,
        Step::Descriptors,
        Step::Limits,
        Step::Seccomp,
        Step::AwaitProgram,
        Step::Exec,
    ];

    fn describe(self) -> &'static str {
        match self {
            Step::DeathSignal => "ask for a kill when the grader dies",
            Step::ParentGone => "start: the grader was gone",
            Step::Cgroup => "join its cgroup",
            Step::UserNamespace => "enter a user namespace of its own",
            Step::Core => "keep to its core",
            Step::PrivateRoot => "move into a root of its own",
            Step::Descriptors => "install the descriptors",
            Step::Limits => "set the resource limits",
            Step::Privileges => "drop privileges",
            Step::Landlock => "enforce the Landlock rules",
            Step::Seccomp => "install the seccomp filter",
            Step::AwaitProgram => "wait for its program: it was never built",
            Step::Exec => "execute the program",
        }
    }
}

/// Everything the child needs, prepared before the fork.
pub(crate) struct Confinement {
    layers: Layers,
    descriptors: Descriptors,
    rlimits: Rlimits,
    exec: Exec,
    /// Where the run reads the word that its program is there, for a program to come
    /// (see `Policy::awaits_program`).
    awaited: Option<RawFd>,
    /// Linux, a run that waits for its turn: the descriptors it keeps when it lets its
    /// parent go on at once, in increasing order (see [`Confinement::release_parent`]).
    #[cfg(target_os = "linux")]
    kept: Option<Vec<RawFd>>,
}

impl Confinement {
    pub(crate) fn new(
        command: &Command,
        policy: &Policy,
        isolation: &Isolation,
        fds: Vec<(OwnedFd, RawFd)>,
    ) -> Result<Confinement> {
        let (program, args) = platform::confined_command(command, policy, isolation)?;
        let exec = Exec::new(&program, &args, &policy.env)?;
        let waits = fds.iter().any(|&(_, target)| target == START_FD);
        ensure!(
            waits || !policy.awaits_program,
            "a run that awaits its program needs a start signal"
        );
        let layers = Layers::new(policy, isolation, exec.path())?;
        let descriptors = Descriptors::new(fds)?;
        #[cfg(target_os = "linux")]
        let kept = waits.then(|| {
            let mut kept: Vec<RawFd> = descriptors.sources().chain(layers.descriptors()).collect();
            kept.sort_unstable();
            kept
        });
        Ok(Confinement {
            awaited: policy.awaits_program.then_some(START_FD),
            #[cfg(target_os = "linux")]
            kept,
            layers,
            descriptors,
            rlimits: Rlimits::new(&policy.limits),
            exec,
        })
    }

    /// The page the child reports a failure in.
    pub(crate) fn page(&self) -> Arc<SharedPage> {
        self.exec.page().clone()
    }

    /// In the child: confines it, then executes the program. Never returns: on a
    /// failure, reports the step and exits.
    pub(crate) fn confine_and_exec(&mut self) -> ! {
        self.release_parent();
        let (step, error) = match self.confine().and_then(|()| self.await_program()) {
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
        self.layers.first()?;
        self.descriptors.install().map_err(at(Step::Descriptors))?;
        self.rlimits.apply().map_err(at(Step::Limits))?;
        self.layers.last()
    }

    /// A run that waits for its turn lets its parent go on at once, rather than once it
    /// has executed its program: its confinement takes some milliseconds (the kernel
    /// waits when a process joins a cgroup), during which the grader has other work. A
    /// step that fails is reported in the page, which the grader reads when the run ends.
    fn release_parent(&self) {
        #[cfg(target_os = "linux")]
        if let Some(kept) = &self.kept {
            super::descriptors::close_all_but(kept);
        }
    }

    /// For a program to come: waits for one byte that says the program is there
    /// (nothing: it never will be).
    fn await_program(&self) -> Result<(), (Step, io::Error)> {
        let Some(fd) = self.awaited else {
            return Ok(());
        };
        let mut byte = 0u8;
        // SAFETY: a read of one byte into a local, from a descriptor installed above.
        match unsafe { libc::read(fd, (&mut byte as *mut u8).cast(), 1) } {
            1 => Ok(()),
            0 => Err((
                Step::AwaitProgram,
                io::Error::from_raw_os_error(libc::ECANCELED),
            )),
            _ => Err((Step::AwaitProgram, io::Error::last_os_error())),
        }
    }
}

/// Tags an error with the step that failed.
pub(crate) fn at<E: Into<io::Error>>(step: Step) -> impl FnOnce(E) -> (Step, io::Error) {
    move |error| (step, error.into())
}

/// The failure the child reported in `page`, if any.
pub(crate) fn reported_failure(page: &SharedPage) -> Option<anyhow::Error> {
    let report = page.report().load(Ordering::SeqCst);
    let step = Step::ALL
        .into_iter()
        .find(|&step| step as u64 == report >> 32)?;
    let error = io::Error::from_raw_os_error(report as u32 as i32);
    Some(anyhow!(error).context(format!("the confined child could not {}", step.describe())))
}
