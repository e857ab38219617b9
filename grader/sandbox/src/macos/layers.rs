//! The macOS layers around each exec (see `unix::child`): the program is started by
//! `sandbox-exec` under its policy's Seatbelt profile; the Unix backend's process group,
//! descriptors and limits come first. No cgroup and no subreaper: these are empty.

use std::ffi::OsString;
use std::io;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::Result;
use rustix::process::{Pid, getpid, getppid};

use super::detect::detected;
use super::profile::{SANDBOX_EXEC, command_line, profile};
use crate::Policy;
use crate::unix::child::Step;
use crate::unix::reaper::Process;

/// Nothing to prepare: macOS has no subreaper.
pub(crate) fn prepare() -> Result<()> {
    Ok(())
}

/// No process is ever re-parented to the grader on macOS: it has no orphans to sweep.
pub(crate) fn children() -> Vec<Process> {
    Vec::new()
}

/// What sets a run apart: on macOS only its process group (no cgroup, no root of its
/// own), which the Unix backend makes.
#[derive(Debug, Default)]
pub(crate) struct Isolation;

impl Isolation {
    pub(crate) fn new(_policy: &Policy, _program: &Path) -> Result<Isolation> {
        Ok(Isolation)
    }

    /// Once the run's leader has started: nothing more here.
    pub(crate) fn started(&mut self, _leader: Pid) -> Result<()> {
        Ok(())
    }
}

/// What the child checks before its exec.
pub(crate) struct Layers {
    parent: Pid,
}

impl Layers {
    pub(crate) fn new(
        _policy: &Policy,
        _isolation: &Isolation,
        _exec_path: *const libc::c_char,
    ) -> Result<Layers> {
        Ok(Layers { parent: getpid() })
    }

    /// In the child, before its descriptors and limits: without a parent-death signal,
    /// a child whose grader is already gone does not start at all.
    pub(crate) fn first(&mut self) -> Result<(), (Step, io::Error)> {
        if getppid() != Some(self.parent) {
            return Err((Step::ParentGone, io::Error::from_raw_os_error(libc::ESRCH)));
        }
        Ok(())
    }

    /// In the child, just before its exec: the profile is applied by `sandbox-exec`.
    pub(crate) fn last(&mut self) -> Result<(), (Step, io::Error)> {
        Ok(())
    }
}

/// What the child executes to run `command` under `policy`: `sandbox-exec` with the
/// policy's profile, then the program (by its real path, which the profile names);
/// the program itself where this Mac has no Seatbelt (`doctor` says so).
pub(crate) fn confined_command(
    command: &Command,
    policy: &Policy,
    _isolation: &Isolation,
) -> Result<(OsString, Vec<OsString>)> {
    let program = Path::new(command.get_program());
    let args: Vec<OsString> = command.get_args().map(OsString::from).collect();
    if detected().seatbelt.is_err() {
        return Ok((program.into(), args));
    }
    let real = std::fs::canonicalize(program).unwrap_or_else(|_| program.to_path_buf());
    let profile = profile(policy, |path| std::fs::canonicalize(path).ok());
    Ok((SANDBOX_EXEC.into(), command_line(&profile, &real, &args)))
}

/// The CPU time the process `pid` has used, all its threads, while it runs (`None`
/// once it is gone): its resource usage, in the Mach time units it is kept in.
pub(crate) fn cpu_time(pid: Pid) -> Option<Duration> {
    let usage = usage(pid.as_raw_nonzero().get())?;
    let (numer, denom) = timebase();
    let ticks = u128::from(usage.ri_user_time) + u128::from(usage.ri_system_time);
    Some(Duration::from_nanos((ticks * numer / denom) as u64))
}

/// Processes of a group whose footprint is counted, at most: more than a run may have
/// (its `tasks` limit); a group with more is over its bound anyway.
const GROUP_PROCESSES: usize = 1024;

/// The physical footprint of the processes of the group `group`, in bytes, added up:
/// the memory macOS charges each process (what Activity Monitor shows), which no limit
/// of the system's bounds for a run. A process gone meanwhile counts nothing; so does
/// the group, once it is gone.
pub(crate) fn footprint(group: Pid) -> u64 {
    let mut pids = [0 as libc::c_int; GROUP_PROCESSES];
    // SAFETY: proc_listpgrppids writes at most `buffersize` bytes of pids into `pids`.
    let listed = unsafe {
        libc::proc_listpgrppids(
            group.as_raw_nonzero().get(),
            pids.as_mut_ptr().cast(),
            std::mem::size_of_val(&pids) as libc::c_int,
        )
    };
    // It says how many it wrote; the rest of the buffer is zeros, which are skipped
    // (pid 0 is the kernel's).
    let listed = usize::try_from(listed).unwrap_or(0).min(GROUP_PROCESSES);
    pids[..listed]
        .iter()
        .filter(|&&pid| pid > 0)
        .filter_map(|&pid| usage(pid))
        .map(|usage| usage.ri_phys_footprint)
        .sum()
}

/// The resource usage of the process `pid`; `None` once it is gone.
fn usage(pid: libc::c_int) -> Option<libc::rusage_info_v2> {
    // SAFETY: rusage_info_v2 is plain data, which proc_pid_rusage fills.
    let mut usage: libc::rusage_info_v2 = unsafe { std::mem::zeroed() };
    // SAFETY: proc_pid_rusage writes one rusage_info_v2 (the flavour asked for) into
    // `usage`.
    let read = unsafe {
        libc::proc_pid_rusage(
            pid,
            libc::RUSAGE_INFO_V2,
            (&mut usage as *mut libc::rusage_info_v2).cast(),
        )
    };
    (read == 0).then_some(usage)
}

/// Nanoseconds per Mach time unit, as a fraction: 1/1 on Intel, 125/3 on Apple silicon.
fn timebase() -> (u128, u128) {
    #[repr(C)]
    struct Timebase {
        numer: u32,
        denom: u32,
    }
    unsafe extern "C" {
        fn mach_timebase_info(info: *mut Timebase) -> libc::c_int;
    }
    let mut timebase = Timebase { numer: 1, denom: 1 };
    // SAFETY: mach_timebase_info fills the struct it is given.
    unsafe { mach_timebase_info(&mut timebase) };
    (
        u128::from(timebase.numer),
        u128::from(timebase.denom.max(1)),
    )
}
