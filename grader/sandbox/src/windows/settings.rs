//! The settings of a run's Job Object, as plain data from its policy, and what an exit
//! status means: platform-neutral, so their tests run everywhere. `job.rs` applies
//! them (on Windows, where the constants are checked against the system's headers).

use std::time::Duration;

use xorlings_core::run::SignalKind;

use crate::{Limits, Processes};

// JOB_OBJECT_LIMIT_* (winnt.h).
pub(crate) const LIMIT_JOB_TIME: u32 = 0x4;
pub(crate) const LIMIT_ACTIVE_PROCESS: u32 = 0x8;
pub(crate) const LIMIT_AFFINITY: u32 = 0x10;
pub(crate) const LIMIT_PROCESS_MEMORY: u32 = 0x100;
pub(crate) const LIMIT_JOB_MEMORY: u32 = 0x200;
pub(crate) const LIMIT_DIE_ON_UNHANDLED_EXCEPTION: u32 = 0x400;
pub(crate) const LIMIT_KILL_ON_JOB_CLOSE: u32 = 0x2000;

// JOB_OBJECT_UILIMIT_* (winnt.h): what a job's processes may not do to the user's
// session.
pub(crate) const UI_HANDLES: u32 = 0x1;
pub(crate) const UI_READ_CLIPBOARD: u32 = 0x2;
pub(crate) const UI_WRITE_CLIPBOARD: u32 = 0x4;
pub(crate) const UI_SYSTEM_PARAMETERS: u32 = 0x8;
pub(crate) const UI_DISPLAY_SETTINGS: u32 = 0x10;
pub(crate) const UI_GLOBAL_ATOMS: u32 = 0x20;
pub(crate) const UI_DESKTOP: u32 = 0x40;
pub(crate) const UI_EXIT_WINDOWS: u32 = 0x80;

const EVERY_UI_RESTRICTION: u32 = UI_HANDLES
    | UI_READ_CLIPBOARD
    | UI_WRITE_CLIPBOARD
    | UI_SYSTEM_PARAMETERS
    | UI_DISPLAY_SETTINGS
    | UI_GLOBAL_ATOMS
    | UI_DESKTOP
    | UI_EXIT_WINDOWS;

/// Job times are counted in units of 100 ns.
const TICKS_PER_SECOND: i64 = 10_000_000;

/// What a Job Object bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JobSettings {
    /// `LimitFlags`: which of the limits below apply, and the job's behaviour.
    pub limits: u32,
    /// Processes in the job at once, the first one included.
    pub active_processes: u32,
    /// Memory each process may commit, in bytes.
    pub process_memory: usize,
    /// Memory the whole job may commit, in bytes.
    pub job_memory: usize,
    /// User-mode CPU time of the whole job, in units of 100 ns: the kernel's own stop
    /// (Windows bounds no kernel time), under the wait's, which counts both
    /// ([`cpu_time`]).
    pub user_time: i64,
    /// The processors it may run on; 0 for any.
    pub affinity: usize,
    pub ui_restrictions: u32,
}

/// The job of a run with `limits`: killed as a whole when the grader closes it (or
/// dies), one process for a learner's program (`tasks` for rustc and its linker),
/// bounded memory and CPU time, no crash dialog (an unhandled exception ends the
/// process), and, for a learner's program, no reach into the user's session (rustc and
/// the linker run nothing of the learner's, and keep the system's usual ways to find
/// Visual Studio). `core_mask` is the one processor a slot's runs keep to (see
/// `Policy::core`), if any.
pub(crate) fn job_settings(
    limits: &Limits,
    processes: Processes,
    core_mask: Option<usize>,
) -> JobSettings {
    let (active_processes, ui_restrictions) = match processes {
        Processes::Forbidden => (1, EVERY_UI_RESTRICTION),
        Processes::Allowed => (u32::try_from(limits.tasks).unwrap_or(u32::MAX), 0),
    };
    let bytes = |bytes: u64| usize::try_from(bytes).unwrap_or(usize::MAX);
    let seconds = i64::try_from(limits.cpu_seconds).unwrap_or(i64::MAX / TICKS_PER_SECOND);
    let mut flags = LIMIT_KILL_ON_JOB_CLOSE
        | LIMIT_DIE_ON_UNHANDLED_EXCEPTION
        | LIMIT_ACTIVE_PROCESS
        | LIMIT_PROCESS_MEMORY
        | LIMIT_JOB_MEMORY
        | LIMIT_JOB_TIME;
    if core_mask.is_some() {
        flags |= LIMIT_AFFINITY;
    }
    JobSettings {
        limits: flags,
        active_processes,
        process_memory: bytes(limits.address_space),
        job_memory: bytes(limits.memory),
        user_time: seconds.saturating_mul(TICKS_PER_SECOND),
        affinity: core_mask.unwrap_or(0),
        ui_restrictions,
    }
}

/// The CPU time a job's accounting tells, in units of 100 ns: its user time and its
/// kernel time together, as a run's CPU time is counted everywhere (a run that spends
/// it in system calls spends it all the same).
pub(crate) fn cpu_time(user_ticks: i64, kernel_ticks: i64) -> Duration {
    let ticks = user_ticks.max(0).saturating_add(kernel_ticks.max(0));
    Duration::from_nanos((ticks as u64).saturating_mul(100))
}

/// The mask of the `n`-th processor of `allowed` (the grader's own affinity mask),
/// wrapping around; `None` when none is allowed.
pub(crate) fn nth_core(allowed: usize, n: usize) -> Option<usize> {
    let cores: Vec<usize> = (0..usize::BITS as usize)
        .filter(|bit| allowed & (1 << bit) != 0)
        .collect();
    let core = *cores.get(n % cores.len().max(1))?;
    Some(1 << core)
}

/// What an exit status means when it is an exception's NTSTATUS (the process died of
/// it, as a Unix process dies of a signal); `None` for an ordinary exit code.
pub(crate) fn exception_kind(status: u32) -> Option<SignalKind> {
    Some(match status {
        // STATUS_ACCESS_VIOLATION
        0xC000_0005 => SignalKind::Segfault,
        // STATUS_IN_PAGE_ERROR, STATUS_DATATYPE_MISALIGNMENT
        0xC000_0006 | 0x8000_0002 => SignalKind::Bus,
        // STATUS_ILLEGAL_INSTRUCTION, STATUS_PRIVILEGED_INSTRUCTION
        0xC000_001D | 0xC000_0096 => SignalKind::IllegalInstruction,
        // Floating-point traps (0x8E to 0x93), integer division by zero and overflow.
        0xC000_008E..=0xC000_0095 => SignalKind::Arithmetic,
        // STATUS_STACK_OVERFLOW: Rust prints "has overflowed its stack", then the
        // process dies of it.
        0xC000_00FD => SignalKind::StackOverflow,
        // STATUS_STACK_BUFFER_OVERRUN: a fail-fast, which is how Rust aborts (a failed
        // allocation, an abort).
        0xC000_0409 => SignalKind::Abort,
        // STATUS_CONTROL_C_EXIT
        0xC000_013A => SignalKind::Killed,
        // STATUS_DLL_NOT_FOUND, STATUS_NO_MEMORY and other failures of the system's.
        0xC000_0135 | 0xC000_0017 => SignalKind::Other,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        address_space: 6 << 30,
        memory: 6 << 30,
        file_size: 1 << 20,
        open_files: 64,
        cpu_seconds: 3,
        tasks: 64,
    };

    #[test]
    fn a_learners_program_is_one_process_bounded_and_killed_with_its_job() {
        let job = job_settings(&LIMITS, Processes::Forbidden, None);
        assert_eq!(job.active_processes, 1);
        for flag in [
            LIMIT_KILL_ON_JOB_CLOSE,
            LIMIT_ACTIVE_PROCESS,
            LIMIT_PROCESS_MEMORY,
            LIMIT_JOB_MEMORY,
            LIMIT_JOB_TIME,
            LIMIT_DIE_ON_UNHANDLED_EXCEPTION,
        ] {
            assert_ne!(job.limits & flag, 0, "{flag:#x} in {:#x}", job.limits);
        }
        assert_eq!(job.limits & LIMIT_AFFINITY, 0);
        assert_eq!(job.process_memory, 6 << 30);
        assert_eq!(job.job_memory, 6 << 30);
        // Three seconds, in 100 ns units.
        assert_eq!(job.user_time, 30_000_000);
        assert_eq!(job.ui_restrictions, 0xFF);
    }

    #[test]
    fn the_compiler_may_start_its_linker_and_keeps_to_its_core() {
        let job = job_settings(&LIMITS, Processes::Allowed, nth_core(0b1010, 1));
        assert_eq!(job.active_processes, 64);
        assert_eq!(job.ui_restrictions, 0);
        assert_ne!(job.limits & LIMIT_AFFINITY, 0);
        assert_eq!(job.affinity, 0b1000);
        assert_eq!(nth_core(0b1010, 2), Some(0b10));
        assert_eq!(nth_core(0, 0), None);
    }

    #[test]
    fn a_runs_cpu_time_is_its_user_and_its_kernel_time() {
        // 1.5 s in user mode and 2 s in system calls: 3.5 s, not 1.5.
        assert_eq!(
            cpu_time(15_000_000, 20_000_000),
            Duration::from_millis(3500)
        );
        assert_eq!(cpu_time(0, 20_000_000), Duration::from_secs(2));
        assert_eq!(cpu_time(-1, 10), Duration::from_nanos(1000));
    }

    #[test]
    fn exceptions_are_told_from_exit_codes() {
        assert_eq!(exception_kind(0xC000_0005), Some(SignalKind::Segfault));
        assert_eq!(exception_kind(0xC000_00FD), Some(SignalKind::StackOverflow));
        assert_eq!(exception_kind(0xC000_0409), Some(SignalKind::Abort));
        assert_eq!(exception_kind(0xC000_0094), Some(SignalKind::Arithmetic));
        assert_eq!(exception_kind(0), None);
        assert_eq!(exception_kind(101), None);
        // `exit(-1)` is an exit code, not an exception.
        assert_eq!(exception_kind(u32::MAX), None);
    }
}
