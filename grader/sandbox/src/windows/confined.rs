//! A confined run on Windows: waiting for it within its limits, its CPU time from its
//! job (every process of it, ended ones included), and its whole job ended after.

use std::io;
use std::os::windows::io::{AsRawHandle, OwnedHandle};
use std::process::{ChildStderr, ChildStdout};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use windows_sys::Win32::Foundation::WAIT_OBJECT_0;
use windows_sys::Win32::System::Threading::{GetExitCodeProcess, INFINITE, WaitForSingleObject};

use super::ffi::check;
use super::job::Job;
use super::settings::exception_kind;
use crate::deadline::{CHECK_EVERY, Watch};
use crate::{Cancel, Deadline, Ended, How};

/// A running confined program. Dropping it ends every process of its job.
pub struct Confined {
    /// The program's process (the job's first).
    process: OwnedHandle,
    job: Job,
    started: Instant,
    /// The standard streams the command asked to pipe, as in [`std::process::Child`].
    pub stdout: Option<ChildStdout>,
    pub stderr: Option<ChildStderr>,
    ended: Option<Ended>,
}

impl Confined {
    /// The run of `process`, with the output streams the command piped, in `job`.
    pub(crate) fn new(
        process: OwnedHandle,
        (stdout, stderr): (Option<ChildStdout>, Option<ChildStderr>),
        job: Job,
        started: Instant,
    ) -> Confined {
        Confined {
            stdout,
            stderr,
            process,
            job,
            started,
            ended: None,
        }
    }

    /// Nothing to do: runs start ahead (before anyone knows their core) on Linux only.
    pub fn keep_to_core(&self, _core: usize) -> Result<()> {
        Ok(())
    }

    /// Starts the run's clock again: a run started ahead of its turn (see
    /// `Channels::start`) is timed from its word to answer, not from its spawn.
    pub fn restart_clock(&mut self) {
        self.started = Instant::now();
    }

    /// Waits until the program ends, at most `limit` from the spawn, stopping early when
    /// `cancel` is set. Whatever the outcome, every process of its job is ended before
    /// this returns. Waiting again returns the same outcome.
    pub fn wait(&mut self, limit: Duration, cancel: &Cancel) -> Result<Ended> {
        self.wait_within(Deadline::wall_only(limit), cancel)
    }

    /// Like [`Confined::wait`], within `deadline`: the run is stopped once its
    /// processes have used its CPU time (`How::OutOfCpuTime`), or once it has waited
    /// its time (`How::TimedOut`).
    pub fn wait_within(&mut self, deadline: Deadline, cancel: &Cancel) -> Result<Ended> {
        if let Some(ended) = self.ended {
            return Ok(ended);
        }
        let mut watch = Watch::new(deadline, self.started.elapsed());
        let how = loop {
            let status = self
                .exit_code()
                .context("cannot wait for the confined program")?;
            if let Some(code) = status {
                break how(code);
            }
            let elapsed = self.started.elapsed();
            let over = watch.look(elapsed, self.job.cpu_time(), None);
            if cancel.is_cancelled() {
                break How::Cancelled;
            }
            if let Some(how) = over {
                break how;
            }
            self.pause(CHECK_EVERY.min(watch.left(elapsed)));
        };
        let elapsed = self.started.elapsed();
        self.end();
        let ended = Ended {
            how,
            elapsed,
            cpu: self.job.cpu_time(),
        };
        self.ended = Some(ended);
        Ok(ended)
    }

    /// The program's exit code once it has ended.
    fn exit_code(&self) -> io::Result<Option<u32>> {
        // SAFETY: waits on the process handle the run owns, not at all.
        if unsafe { WaitForSingleObject(self.process.as_raw_handle(), 0) } != WAIT_OBJECT_0 {
            return Ok(None);
        }
        let mut code = 0;
        // SAFETY: the process's handle, and the code to fill.
        check(unsafe { GetExitCodeProcess(self.process.as_raw_handle(), &mut code) })?;
        Ok(Some(code))
    }

    /// Sleeps at most `at_most`, waking when the program ends.
    fn pause(&self, at_most: Duration) {
        let milliseconds = at_most.as_millis().clamp(1, u128::from(u32::MAX - 1)) as u32;
        // SAFETY: waits on the process handle the run owns; nothing is written.
        unsafe { WaitForSingleObject(self.process.as_raw_handle(), milliseconds) };
    }

    /// Ends every process of the job (the linker's helpers of a compile too) and waits
    /// for the program to be gone.
    fn end(&mut self) {
        self.job.terminate();
        // SAFETY: as in `pause`; the job's processes are ending.
        unsafe { WaitForSingleObject(self.process.as_raw_handle(), INFINITE) };
    }
}

impl Drop for Confined {
    fn drop(&mut self) {
        if self.ended.is_none() {
            self.end();
        }
    }
}

/// An exception's status is a death, as a signal is on Unix; anything else an exit code.
fn how(code: u32) -> How {
    if exception_kind(code).is_some() {
        How::Signalled(code as i32)
    } else {
        How::Exited(code as i32)
    }
}
