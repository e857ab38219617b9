//! What this machine lets the sandbox enforce, in the words every system shares: each
//! system's backend detects its own layers once (`platform::detected`) and describes
//! them here (`platform::describe`), for `cargo grader doctor` and for class grading's
//! refusal without the full sandbox.

use std::sync::OnceLock;

use super::platform;

/// The layers of confinement this machine enforces, as people read them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Protection {
    /// The system and its version (`Linux 6.12.3`, `macOS 15.1`, `Windows`).
    pub system: String,
    /// Each layer, whether enforced or not, in the order `doctor` shows them.
    pub layers: Vec<Layer>,
    /// What is missing, each with what its absence lets a learner's code do; empty when
    /// protection is full.
    pub missing: Vec<String>,
    /// Where to grade other people's code when this machine's sandbox is not full.
    pub for_classes: &'static str,
}

/// Where to grade a class from a system whose sandbox is never full (macOS, Windows).
#[cfg(any(not(target_os = "linux"), test))]
pub(crate) const ONLY_LINUX_FOR_CLASSES: &str = "For class grading (`cargo grader verify --workbook`): \
that runs other people's code, so it refuses to start without the full sandbox, which only \
Linux offers. Grade on Linux 6.12 or newer with Landlock enabled (the dev container has it \
when `cargo grader doctor` says so inside it), or in a throwaway virtual machine and pass \
--allow-weak-sandbox.";

/// One layer: what it enforces, and whether this machine enforces it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    pub enforced: bool,
    pub what: String,
}

impl Layer {
    pub fn new(enforced: bool, what: impl Into<String>) -> Layer {
        Layer {
            enforced,
            what: what.into(),
        }
    }
}

impl Protection {
    #[cfg(test)]
    pub fn is_full(&self) -> bool {
        self.missing.is_empty()
    }
}

/// What this machine enforces, detected on the first call. The sandbox enforces every
/// layer this says it has.
pub fn protection() -> &'static Protection {
    static PROTECTION: OnceLock<Protection> = OnceLock::new();
    PROTECTION.get_or_init(|| platform::describe(platform::detected()))
}

/// Names layers the grader is to *report* as missing (comma-separated; each system has
/// its own names: on Linux `landlock`, `scopes`, `seccomp`, `no_new_privs`,
/// `capabilities`, `subreaper`, `tasks`; on macOS `seatbelt`; on Windows `job`, `restricted`), to
/// test what it says and refuses on a machine without them. It can only take layers
/// away from the report, never from the sandbox: [`protection`], which decides what is
/// enforced, ignores it. So it cannot weaken a grading; at worst `verify --workbook`
/// refuses.
pub const PRETEND_MISSING_VARIABLE: &str = "XORLINGS_PRETEND_MISSING";

/// What to tell people this machine enforces (`cargo grader doctor`, and whether class
/// grading may run): [`protection`], less the layers [`PRETEND_MISSING_VARIABLE`] names.
pub fn reported_protection() -> Protection {
    let pretended = std::env::var(PRETEND_MISSING_VARIABLE).unwrap_or_default();
    let mut detected = platform::detected().clone();
    for name in pretended.split(',').map(str::trim) {
        platform::pretend_missing(&mut detected, name);
    }
    platform::describe(&detected)
}
