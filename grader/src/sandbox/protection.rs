//! What this machine's kernel lets the sandbox enforce, detected once.

use std::sync::OnceLock;

/// The Landlock ABI that brings everything the sandbox asks of Landlock (scopes).
pub const FULL_LANDLOCK_ABI: u32 = 6;

/// Landlock features by the ABI that brought them, in the words of [`Protection::missing`].
const LANDLOCK_FEATURES: [(u32, &str); 5] = [
    (2, "moving files between folders (ABI 2, Linux 5.19)"),
    (3, "truncating files (ABI 3, Linux 6.2)"),
    (4, "TCP connections (ABI 4, Linux 6.7)"),
    (5, "device ioctls (ABI 5, Linux 6.10)"),
    (
        6,
        "signals and abstract unix sockets leaving the run (ABI 6, Linux 6.12)",
    ),
];

/// The layers of confinement this machine enforces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Protection {
    /// The kernel's Landlock ABI; 0 without Landlock.
    pub landlock_abi: u32,
    /// Landlock file-system rules (ABI 1).
    pub landlock_files: bool,
    /// Landlock scoping of signals and abstract unix sockets (ABI 6).
    pub landlock_scopes: bool,
    /// seccomp filters, for this CPU.
    pub seccomp: bool,
    pub no_new_privs: bool,
    /// The child ends with no capability and cannot regain one (trivially so when the
    /// grader has none).
    pub capabilities_dropped: bool,
    /// The grader adopts the orphans of a run ([`super::init`] was called, on Linux).
    pub subreaper: bool,
    /// How each run's threads and processes are bounded.
    pub task_bound: TaskBound,
    /// Each run's memory is bounded as a whole, in a cgroup of its own (else each
    /// process's address space is, and a learner's program is one process).
    pub memory_cgroup: bool,
    /// A learner's program runs in a root of its own, where no path of the machine's
    /// exists but what it reads (a mount namespace; where the machine allows one).
    pub private_view: bool,
}

/// How each run's threads and processes are bounded, so that a run with thousands of
/// threads cannot slow the others, or exhaust the machine's processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskBound {
    /// A cgroup of its own (`pids.max`).
    Cgroup,
    /// RLIMIT_NPROC in a user namespace of its own, where it counts this run alone.
    UserNamespace,
    None,
}

impl Protection {
    /// What is missing, in plain words; empty when protection is full.
    pub fn missing(&self) -> Vec<String> {
        let mut missing = Vec::new();
        if !self.landlock_files {
            missing.push(
                "Landlock (not in this kernel, or disabled): confined programs may read and \
                 write every file the grader can"
                    .to_string(),
            );
        } else {
            for (abi, feature) in LANDLOCK_FEATURES {
                if self.landlock_abi < abi {
                    missing.push(format!(
                        "Landlock rules for {feature}; this kernel has ABI {}",
                        self.landlock_abi
                    ));
                }
            }
        }
        if !self.seccomp {
            missing.push(
                "seccomp filters: confined programs may start processes, open sockets and \
                 signal other processes"
                    .to_string(),
            );
        }
        if !self.no_new_privs {
            missing.push("no_new_privs: a set-user-ID program would gain privileges".to_string());
        }
        if !self.capabilities_dropped {
            missing.push(
                "dropping every capability: the grader runs as root without CAP_SETPCAP"
                    .to_string(),
            );
        }
        if !self.subreaper {
            missing.push(
                "adopting orphans (Linux only, after sandbox::init): a process that leaves \
                 its group may outlive the run"
                    .to_string(),
            );
        }
        if self.task_bound == TaskBound::None {
            missing.push(
                "a bound on each run's threads (a cgroup the grader may create, or a user \
                 namespace, which a grader running as root cannot use for this): a run could \
                 start thousands of threads and slow every other run"
                    .to_string(),
            );
        }
        missing
    }

    #[cfg(test)]
    pub fn is_full(&self) -> bool {
        self.missing().is_empty()
    }
}

/// What this machine enforces, detected on the first call. The sandbox enforces every
/// layer this says it has.
pub fn protection() -> &'static Protection {
    static PROTECTION: OnceLock<Protection> = OnceLock::new();
    PROTECTION.get_or_init(super::platform::detect)
}

/// Names layers the grader is to *report* as missing (comma-separated: `landlock`,
/// `scopes`, `seccomp`, `no_new_privs`, `capabilities`, `subreaper`, `tasks`), to test what it
/// says and refuses on a machine without them. It can only take layers away from the
/// report, never from the sandbox: [`protection`], which decides what is enforced,
/// ignores it. So it cannot weaken a grading; at worst `verify --workbook` refuses.
pub const PRETEND_MISSING_VARIABLE: &str = "XORLINGS_PRETEND_MISSING";

/// What to tell people this machine enforces (`cargo grader doctor`, and whether class
/// grading may run): [`protection`], less the layers [`PRETEND_MISSING_VARIABLE`] names.
pub fn reported_protection() -> Protection {
    let pretended = std::env::var(PRETEND_MISSING_VARIABLE).unwrap_or_default();
    pretend_missing(protection().clone(), &pretended)
}

fn pretend_missing(mut protection: Protection, names: &str) -> Protection {
    for name in names.split(',').map(str::trim) {
        match name {
            "landlock" => {
                protection.landlock_abi = 0;
                protection.landlock_files = false;
                protection.landlock_scopes = false;
            }
            "scopes" => {
                protection.landlock_abi = protection.landlock_abi.min(FULL_LANDLOCK_ABI - 1);
                protection.landlock_scopes = false;
            }
            "seccomp" => protection.seccomp = false,
            "no_new_privs" => protection.no_new_privs = false,
            "capabilities" => protection.capabilities_dropped = false,
            "subreaper" => protection.subreaper = false,
            "tasks" => protection.task_bound = TaskBound::None,
            _ => {}
        }
    }
    protection
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full() -> Protection {
        Protection {
            landlock_abi: 7,
            landlock_files: true,
            landlock_scopes: true,
            seccomp: true,
            no_new_privs: true,
            capabilities_dropped: true,
            subreaper: true,
            task_bound: TaskBound::Cgroup,
            memory_cgroup: true,
            private_view: true,
        }
    }

    #[test]
    fn pretending_only_takes_layers_away() {
        assert!(pretend_missing(full(), "").is_full());
        assert!(pretend_missing(full(), "nonsense, LANDLOCK").is_full());
        let weak = pretend_missing(full(), "scopes, seccomp");
        assert_eq!(weak.landlock_abi, 5);
        assert!(weak.landlock_files && !weak.landlock_scopes && !weak.seccomp);
        let missing = weak.missing().join("\n");
        assert!(
            missing.contains("signals and abstract unix sockets"),
            "{missing}"
        );
        assert!(missing.contains("seccomp filters"), "{missing}");
        let none = pretend_missing(full(), "landlock,no_new_privs,capabilities,subreaper,tasks");
        assert_eq!(none.missing().len(), 5, "{:?}", none.missing());
        // A machine without a layer never gains it by pretending.
        let mut old = full();
        old.landlock_abi = 3;
        old.landlock_scopes = false;
        assert_eq!(pretend_missing(old.clone(), "scopes"), old);
    }
}
