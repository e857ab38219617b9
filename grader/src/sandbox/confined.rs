//! A confined run: waiting for it within a time limit, and making sure nothing of it
//! survives.

#[cfg(target_os = "linux")]
use std::os::fd::OwnedFd;
use std::process::{Child, ChildStderr, ChildStdout};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use rustix::io::Errno;
use rustix::process::{
    Pid, Signal, WaitOptions, WaitStatus, kill_process, kill_process_group,
    test_kill_process_group, waitpgid, waitpid,
};

use super::child::reported_failure;
use super::shared_page::SharedPage;
use super::{Cancel, reaper};

/// How often a wait checks its cancel flag, at most.
const CANCEL_CHECK: Duration = Duration::from_millis(20);
/// The first pause of a wait without a pidfd; each next one doubles, up to CANCEL_CHECK.
const FIRST_PAUSE: Duration = Duration::from_millis(1);

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// The program exited with this code (and every process of the run was gone).
    Exited(i32),
    /// The program was killed by this signal.
    Signalled(i32),
    TimedOut,
    Cancelled,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    pub how: How,
    /// From the spawn until the last process of the run was gone (or the time-out, or
    /// the cancel).
    pub elapsed: Duration,
}

/// A running confined program. Dropping it kills and reaps everything the run started.
pub struct Confined {
    leader: Pid,
    started: Instant,
    /// The standard streams the command asked to pipe, as in [`std::process::Child`].
    pub stdout: Option<ChildStdout>,
    pub stderr: Option<ChildStderr>,
    /// Becomes readable when the leader exits (Linux 5.3 on).
    #[cfg(target_os = "linux")]
    pidfd: Option<OwnedFd>,
    /// How the leader ended, once reaped.
    status: Option<WaitStatus>,
    /// The run's process group is empty: its number may belong to someone else now.
    group_gone: bool,
    /// Where the child reports a step of its confinement that failed.
    page: Arc<SharedPage>,
    ended: Option<Ended>,
}

impl Confined {
    /// A run whose leader the sandbox just spawned.
    pub(super) fn new(
        leader: Pid,
        started: Instant,
        child: &mut Child,
        page: Arc<SharedPage>,
    ) -> Self {
        Confined {
            leader,
            started,
            stdout: child.stdout.take(),
            stderr: child.stderr.take(),
            #[cfg(target_os = "linux")]
            pidfd: rustix::process::pidfd_open(leader, rustix::process::PidfdFlags::empty()).ok(),
            status: None,
            group_gone: false,
            page,
            ended: None,
        }
    }

    /// Where the child reports a step of its confinement that failed.
    pub(super) fn page(&self) -> &SharedPage {
        &self.page
    }

    /// The leader's pid, which is also the run's process group.
    #[cfg(test)]
    pub fn id(&self) -> u32 {
        self.leader.as_raw_nonzero().get() as u32
    }

    /// Waits until the last process of the run is gone, at most `limit` from the spawn,
    /// stopping early when `cancel` is set. Whatever the outcome, everything the run
    /// started is killed and reaped before this returns. Waiting again returns the
    /// same outcome.
    pub fn wait(&mut self, limit: Duration, cancel: &Cancel) -> Result<Ended> {
        if let Some(ended) = self.ended {
            return Ok(ended);
        }
        let mut backoff = FIRST_PAUSE;
        let how = loop {
            if let Some(how) = self.finished()? {
                break how;
            }
            let elapsed = self.started.elapsed();
            if cancel.is_cancelled() {
                break How::Cancelled;
            }
            if elapsed >= limit {
                break How::TimedOut;
            }
            self.pause(backoff, limit - elapsed);
            backoff = (backoff * 2).min(CANCEL_CHECK);
        };
        let ended = Ended {
            how,
            elapsed: self.started.elapsed(),
        };
        self.end();
        self.ended = Some(ended);
        Ok(ended)
    }

    /// Reaps what of the run has ended; says how the run ended once the leader and
    /// every other process of its group are gone.
    fn finished(&mut self) -> Result<Option<How>> {
        self.reap(WaitOptions::NOHANG)
            .context("cannot wait for the confined program")?;
        let Some(status) = self.status else {
            return Ok(None);
        };
        // A child that failed to confine itself may end before std's spawn saw it.
        if let Some(failure) = reported_failure(&self.page) {
            return Err(failure.context("the program did not start confined"));
        }
        match test_kill_process_group(self.leader) {
            Err(Errno::SRCH) => {
                self.group_gone = true;
                Ok(Some(how(status)))
            }
            _ => Ok(None),
        }
    }

    /// Reaps the processes of the run's group that are the grader's children (the
    /// leader, and orphans the grader adopted), keeping the leader's status. Returns
    /// once none is left to reap (or, with NOHANG, none has ended).
    fn reap(&mut self, options: WaitOptions) -> rustix::io::Result<()> {
        loop {
            match waitpgid(self.leader, options) {
                Ok(Some((pid, status))) => {
                    if pid == self.leader {
                        self.status = Some(status);
                    }
                }
                Ok(None) | Err(Errno::CHILD) => return Ok(()),
                Err(Errno::INTR) => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Sleeps at most `left`: until the leader exits (or for CANCEL_CHECK) when its
    /// pidfd tells, else for `backoff`.
    fn pause(&self, backoff: Duration, left: Duration) {
        #[cfg(target_os = "linux")]
        if let (Some(pidfd), None) = (&self.pidfd, self.status) {
            use rustix::event::{PollFd, PollFlags, Timespec, poll};
            let timeout = Timespec::try_from(CANCEL_CHECK.min(left)).ok();
            let _ = poll(&mut [PollFd::new(pidfd, PollFlags::IN)], timeout.as_ref());
            return;
        }
        std::thread::sleep(backoff.min(left));
    }

    /// Kills the run's process group, its leader and every orphan, and reaps them all.
    fn end(&mut self) {
        loop {
            if !self.group_gone {
                let _ = kill_process_group(self.leader, Signal::KILL);
                let _ = self.reap(WaitOptions::empty());
            }
            if self.status.is_none() {
                // The leader left its group (possible only without seccomp); its pid is
                // still its own until it is reaped here.
                let _ = kill_process(self.leader, Signal::KILL);
                if let Ok(Some((_, status))) = waitpid(Some(self.leader), WaitOptions::empty()) {
                    self.status = Some(status);
                }
            }
            self.group_gone =
                self.group_gone || matches!(test_kill_process_group(self.leader), Err(Errno::SRCH));
            if self.group_gone {
                reaper::forget(self.leader);
            }
            // Killing an orphan re-parents its children to the grader, and may empty the
            // group of a zombie whose parent had left the group.
            reaper::kill_orphans();
            if self.group_gone {
                return;
            }
            std::thread::sleep(FIRST_PAUSE);
        }
    }
}

impl Drop for Confined {
    fn drop(&mut self) {
        if self.ended.is_none() {
            self.end();
        }
    }
}

fn how(status: WaitStatus) -> How {
    match (status.exit_status(), status.terminating_signal()) {
        (Some(code), _) => How::Exited(code),
        (None, Some(signal)) => How::Signalled(signal),
        (None, None) => How::Exited(-1),
    }
}
