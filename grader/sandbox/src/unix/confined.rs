//! A confined run: waiting for it within a time limit, and making sure nothing of it
//! survives.

#[cfg(target_os = "linux")]
use std::os::fd::OwnedFd;
use std::process::{Child, ChildStderr, ChildStdout};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use rustix::io::Errno;
use rustix::process::{Pid, Signal, kill_process, kill_process_group, test_kill_process_group};

use super::child::reported_failure;
use super::platform::Isolation;
use super::reaper;
use super::shared_page::SharedPage;
use crate::deadline::{CHECK_EVERY, Watch};
use crate::{Cancel, Deadline, Ended, How};

/// The first pause of a wait without a pidfd; each next one doubles, up to CHECK_EVERY.
const FIRST_PAUSE: Duration = Duration::from_millis(1);

/// A running confined program. Dropping it kills and reaps everything the run started.
pub struct Confined {
    leader: Pid,
    started: Instant,
    /// The time the run's threads were held back before its clock started.
    held_back_before: Duration,
    /// The standard streams the command asked to pipe, as in [`std::process::Child`].
    pub stdout: Option<ChildStdout>,
    pub stderr: Option<ChildStderr>,
    /// Becomes readable when the leader exits (Linux 5.3 on).
    #[cfg(target_os = "linux")]
    pidfd: Option<OwnedFd>,
    /// How the leader ended (its raw wait status), once reaped.
    status: Option<i32>,
    /// The leader's CPU-time clock, while it runs.
    clock: Option<CpuClock>,
    /// The CPU time of the run's processes reaped so far.
    reaped_cpu: Duration,
    /// The run's process group is empty: its number may belong to someone else now.
    group_gone: bool,
    /// The memory its processes may use together, in bytes: macOS bounds none, so the
    /// wait watches their footprint and stops the run over it (Linux's cgroup bounds it
    /// in the kernel).
    #[cfg(target_os = "macos")]
    memory: u64,
    /// Where the child reports a step of its confinement that failed.
    page: Arc<SharedPage>,
    ended: Option<Ended>,
    /// What set the run apart (its cgroups, its root): undone after the run, when this
    /// drops (fields drop after `drop`, which ends the run).
    _isolation: Isolation,
}

impl Confined {
    /// A run whose leader the sandbox just spawned, whose processes may use `memory`
    /// bytes together.
    pub(super) fn new(
        leader: Pid,
        started: Instant,
        child: &mut Child,
        page: Arc<SharedPage>,
        isolation: Isolation,
        memory: u64,
    ) -> Self {
        #[cfg(not(target_os = "macos"))]
        let _ = memory;
        Confined {
            leader,
            started,
            held_back_before: Duration::ZERO,
            stdout: child.stdout.take(),
            stderr: child.stderr.take(),
            #[cfg(target_os = "linux")]
            pidfd: rustix::process::pidfd_open(leader, rustix::process::PidfdFlags::empty()).ok(),
            status: None,
            clock: cpu_clock(leader),
            reaped_cpu: Duration::ZERO,
            group_gone: false,
            #[cfg(target_os = "macos")]
            memory,
            page,
            ended: None,
            _isolation: isolation,
        }
    }

    /// Where the child reports a step of its confinement that failed.
    pub(super) fn page(&self) -> &SharedPage {
        &self.page
    }

    /// The leader's pid, which is also the run's process group.
    #[cfg(all(test, target_os = "linux"))]
    pub fn id(&self) -> u32 {
        self.leader.as_raw_nonzero().get() as u32
    }

    /// Keeps the run to `core` (see `Policy::core`) from now on: for a run started
    /// before anyone knew which core it would get (see `Policy::awaits_program`), while
    /// it still has one thread.
    pub fn keep_to_core(&self, core: usize) -> Result<()> {
        // Runs start ahead on Linux only.
        #[cfg(target_os = "linux")]
        super::platform::keep_to_core(self.leader, core)
            .context("cannot keep a run to its core")?;
        let _ = core;
        Ok(())
    }

    /// Starts the run's clock again: a run started ahead of its turn (see
    /// `Channels::start`) is timed from its word to answer, not from its spawn.
    pub fn restart_clock(&mut self) {
        self.started = Instant::now();
        self.held_back_before = held_back(self.leader).unwrap_or_default();
    }

    /// How long the run's threads were held back by the machine's load (wanting a core
    /// that others had) since its clock started, where the system tells.
    fn held_back(&self) -> Option<Duration> {
        held_back(self.leader).map(|held_back| held_back.saturating_sub(self.held_back_before))
    }

    /// Waits until the last process of the run is gone, at most `limit` from the spawn,
    /// stopping early when `cancel` is set. Whatever the outcome, everything the run
    /// started is killed and reaped before this returns. Waiting again returns the
    /// same outcome.
    pub fn wait(&mut self, limit: Duration, cancel: &Cancel) -> Result<Ended> {
        self.wait_within(Deadline::wall_only(limit), cancel)
    }

    /// Like [`Confined::wait`], within `deadline`: the run is stopped once its
    /// processes have used its CPU time, their threads included (`How::OutOfCpuTime`),
    /// or once it has waited its time (`How::TimedOut`): how much CPU a run gets on a
    /// busy machine does not decide its fate, only what it used, and how long it used
    /// none.
    pub fn wait_within(&mut self, deadline: Deadline, cancel: &Cancel) -> Result<Ended> {
        if let Some(ended) = self.ended {
            return Ok(ended);
        }
        let mut backoff = FIRST_PAUSE;
        let mut watch = Watch::new(deadline, self.started.elapsed());
        let how = loop {
            if let Some(how) = self.finished()? {
                break how;
            }
            let elapsed = self.started.elapsed();
            let over = watch.look(elapsed, self.cpu_used(), self.held_back());
            if cancel.is_cancelled() {
                break How::Cancelled;
            }
            if let Some(how) = over {
                break how;
            }
            if self.over_memory() {
                break How::OutOfMemory;
            }
            self.pause(backoff, watch.left(elapsed));
            backoff = (backoff * 2).min(CHECK_EVERY);
        };
        let elapsed = self.started.elapsed();
        self.end();
        let ended = Ended {
            how,
            elapsed,
            cpu: self.cpu_used(),
        };
        self.ended = Some(ended);
        Ok(ended)
    }

    /// Whether the run's processes use more memory than they may, where the wait is what
    /// bounds it (macOS): checked as often as the run's time.
    fn over_memory(&self) -> bool {
        #[cfg(target_os = "macos")]
        return !self.group_gone && super::platform::footprint(self.leader) > self.memory;
        #[cfg(not(target_os = "macos"))]
        false
    }

    /// The CPU time the run's processes have used: those reaped, and the leader while
    /// it runs.
    fn cpu_used(&self) -> Duration {
        let running = match (self.status, self.clock) {
            (None, Some(clock)) => clock_time(clock).unwrap_or_default(),
            _ => Duration::ZERO,
        };
        self.reaped_cpu + running
    }

    /// Reaps what of the run has ended; says how the run ended once the leader and
    /// every other process of its group are gone.
    fn finished(&mut self) -> Result<Option<How>> {
        self.reap(false)
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
    /// leader, and orphans the grader adopted), keeping the leader's status and adding
    /// up their CPU time. Returns once none is left to reap (or, unless `block`, none
    /// has ended).
    fn reap(&mut self, block: bool) -> std::io::Result<()> {
        loop {
            match self.wait4(-self.leader.as_raw_nonzero().get(), block) {
                Ok(Some(())) => {}
                Ok(None) => return Ok(()),
                Err(error) if error.raw_os_error() == Some(libc::ECHILD) => return Ok(()),
                Err(error) if error.raw_os_error() == Some(libc::EINTR) => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Reaps one process that `wait4` finds for `pid` (a process, or minus a group),
    /// adding its CPU time and keeping the leader's status; `None` when none has ended.
    fn wait4(&mut self, pid: libc::pid_t, block: bool) -> std::io::Result<Option<()>> {
        let mut status = 0;
        // SAFETY: rusage is plain data, which wait4 fills.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let options = if block { 0 } else { libc::WNOHANG };
        // SAFETY: wait4 writes only into the two values it is given.
        let reaped = unsafe { libc::wait4(pid, &mut status, options, &mut usage) };
        if reaped < 0 {
            return Err(std::io::Error::last_os_error());
        }
        if reaped == 0 {
            return Ok(None);
        }
        self.reaped_cpu += time_of(usage.ru_utime) + time_of(usage.ru_stime);
        if reaped == self.leader.as_raw_nonzero().get() {
            self.status = Some(status);
        }
        Ok(Some(()))
    }

    /// Sleeps at most `left`: until the leader exits (or for CHECK_EVERY) when its
    /// pidfd tells, else for `backoff`.
    fn pause(&self, backoff: Duration, left: Duration) {
        #[cfg(target_os = "linux")]
        if let (Some(pidfd), None) = (&self.pidfd, self.status) {
            use rustix::event::{PollFd, PollFlags, Timespec, poll};
            let timeout = Timespec::try_from(CHECK_EVERY.min(left)).ok();
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
                let _ = self.reap(true);
            }
            if self.status.is_none() {
                // The leader left its group (possible only without seccomp); its pid is
                // still its own until it is reaped here.
                let _ = kill_process(self.leader, Signal::KILL);
                let _ = self.wait4(self.leader.as_raw_nonzero().get(), true);
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

fn how(status: i32) -> How {
    if libc::WIFEXITED(status) {
        How::Exited(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        How::Signalled(libc::WTERMSIG(status))
    } else {
        How::Exited(-1)
    }
}

/// How to read a running leader's CPU time (all its threads): Linux gives the process a
/// CPU-time clock; macOS tells its resource usage by pid.
#[cfg(target_os = "linux")]
type CpuClock = libc::clockid_t;
#[cfg(target_os = "macos")]
type CpuClock = Pid;

/// The CPU-time clock of the process `pid` (all its threads), where the system has one.
#[cfg(target_os = "linux")]
fn cpu_clock(pid: Pid) -> Option<CpuClock> {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: clock_getcpuclockid writes only into `clock`.
    let found = unsafe { libc::clock_getcpuclockid(pid.as_raw_nonzero().get(), &mut clock) };
    (found == 0).then_some(clock)
}

/// The time on `clock`; `None` once its process is gone.
#[cfg(target_os = "linux")]
fn clock_time(clock: CpuClock) -> Option<Duration> {
    // SAFETY: timespec is plain data, which clock_gettime fills.
    let mut time: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: clock_gettime writes only into `time`.
    let read = unsafe { libc::clock_gettime(clock, &mut time) };
    (read == 0).then(|| Duration::new(time.tv_sec as u64, time.tv_nsec as u32))
}

/// The leader itself: its pid stays its own until it is reaped.
#[cfg(target_os = "macos")]
fn cpu_clock(pid: Pid) -> Option<CpuClock> {
    Some(pid)
}

#[cfg(target_os = "macos")]
fn clock_time(pid: CpuClock) -> Option<Duration> {
    super::platform::cpu_time(pid)
}

/// How long the threads of the process `pid` were held back, runnable but without a
/// core: the longest of them (the second field of a thread's `schedstat`, in
/// nanoseconds, which grows each time the thread gets a core). `None` where the system
/// does not tell.
#[cfg(target_os = "linux")]
fn held_back(pid: Pid) -> Option<Duration> {
    use std::io::Read;
    /// A thread's `schedstat` is three numbers on one line.
    const SCHEDSTAT_BYTES: u64 = 128;
    let delay_of = |task: std::fs::DirEntry| -> Option<Duration> {
        let mut line = String::new();
        std::fs::File::open(task.path().join("schedstat"))
            .ok()?
            .take(SCHEDSTAT_BYTES)
            .read_to_string(&mut line)
            .ok()?;
        let nanos = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(Duration::from_nanos(nanos))
    };
    let tasks = std::fs::read_dir(format!("/proc/{}/task", pid.as_raw_nonzero())).ok()?;
    tasks.flatten().filter_map(delay_of).max()
}

#[cfg(target_os = "macos")]
fn held_back(_pid: Pid) -> Option<Duration> {
    None
}

fn time_of(time: libc::timeval) -> Duration {
    Duration::from_secs(time.tv_sec as u64) + Duration::from_micros(time.tv_usec as u64)
}
