//! The Windows layers in the words of `cargo grader doctor`. Platform-neutral, so its
//! tests run everywhere; `detect.rs` finds what this Windows offers.

use crate::protection::{Layer, ONLY_LINUX_FOR_CLASSES, Protection};

/// What this Windows lets the sandbox enforce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Windows {
    /// `Ok` when the grader can make Job Objects with every limit it sets; else why not.
    pub job: Result<(), String>,
}

/// This Windows' layers, as people read them. File access is never confined: the
/// grader starts its processes with the user's own token.
pub(crate) fn describe(windows: &Windows) -> Protection {
    let job = windows.job.is_ok();
    let mut missing = Vec::new();
    if let Err(why) = &windows.job {
        missing.push(format!(
            "a Job Object for each run ({why}): a run's processes may outlive it, and its \
             processes, memory and CPU time are not bounded"
        ));
    }
    missing.push(
        "a restricted token or an AppContainer (the grader starts learner code with your \
         own token): confined programs may read and write every file you can, and reach \
         the network"
            .to_string(),
    );
    Protection {
        system: "Windows".to_string(),
        layers: vec![
            Layer::new(
                job,
                "Job Object: each compile and run in one of its own, killed as a whole \
                 when it ends (nothing outlives it)",
            ),
            Layer::new(
                job,
                "no new process: learner code is one process (its job's process limit)",
            ),
            Layer::new(
                job,
                "limits: each run's memory and CPU time, by its job; no crash dialog, no \
                 reach into other windows, the clipboard or the desktop",
            ),
            Layer::new(
                false,
                "files: not confined (no restricted token or AppContainer): learner code \
                 can read your files",
            ),
            Layer::new(false, "network: not confined"),
            Layer::new(
                true,
                "time: each run's CPU time, its processes included, with a wall-clock cap",
            ),
        ],
        missing,
        for_classes: ONLY_LINUX_FOR_CLASSES,
    }
}

/// Takes the layer `name` (`job`) away from `windows`, for the report only.
pub(crate) fn pretend_missing(windows: &mut Windows, name: &str) {
    if name == "job" && windows.job.is_ok() {
        windows.job = Err(format!("left out by ${}", crate::PRETEND_MISSING_VARIABLE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_always_says_that_learner_code_can_read_the_users_files() {
        let full = Windows { job: Ok(()) };
        let protection = describe(&full);
        assert!(!protection.is_full());
        assert_eq!(protection.missing.len(), 1, "{:?}", protection.missing);
        assert!(protection.missing[0].contains("read and write every file you can"));
        let files = protection
            .layers
            .iter()
            .find(|l| l.what.starts_with("files"));
        assert_eq!(files.map(|layer| layer.enforced), Some(false));

        let mut weak = full.clone();
        pretend_missing(&mut weak, "landlock");
        assert_eq!(weak, full);
        pretend_missing(&mut weak, "job");
        let protection = describe(&weak);
        assert_eq!(protection.missing.len(), 2);
        assert!(protection.missing[0].starts_with("a Job Object for each run (left out by"));
        assert_eq!(protection.layers.iter().filter(|l| !l.enforced).count(), 5);
    }
}
