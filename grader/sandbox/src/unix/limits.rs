//! Resource limits, computed before `fork` and set in the child.

use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

use crate::Limits;

/// The limits to set in the child, each with soft = hard: a process without
/// `CAP_SYS_RESOURCE` (and the child has none) can never raise them again.
pub(super) struct Rlimits([(Resource, u64); LIMITS]);

/// macOS refuses every address-space limit a run could live with (`setrlimit` fails
/// with EINVAL): there, the other four.
#[cfg(not(target_os = "macos"))]
const LIMITS: usize = 5;
#[cfg(target_os = "macos")]
const LIMITS: usize = 4;

impl Rlimits {
    pub(super) fn new(limits: &Limits) -> Self {
        // RLIMIT_NPROC is left alone: it counts every process and thread of the user on
        // the whole machine, so no value both lets a run start its threads and stops it
        // from forking. seccomp (Seatbelt on macOS) forbids new processes instead.
        let wanted = [
            #[cfg(not(target_os = "macos"))]
            (Resource::As, limits.address_space),
            (Resource::Fsize, limits.file_size),
            (Resource::Nofile, limits.open_files),
            (Resource::Cpu, limits.cpu_seconds),
            (Resource::Core, 0),
        ];
        // Never ask more than the grader's own hard limit: that would fail without
        // privileges (a CI runner's open-file limit, say).
        Rlimits(wanted.map(|(resource, value)| {
            let hard = getrlimit(resource).maximum.unwrap_or(u64::MAX);
            (resource, value.min(hard))
        }))
    }

    /// Sets every limit. Async-signal-safe: plain system calls on prepared values.
    pub(super) fn apply(&self) -> rustix::io::Result<()> {
        for &(resource, value) in &self.0 {
            let limit = Rlimit {
                current: Some(value),
                maximum: Some(value),
            };
            setrlimit(resource, limit)?;
        }
        Ok(())
    }
}
