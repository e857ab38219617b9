//! The Windows layers in the words of `cargo grader doctor`. Platform-neutral, so its
//! tests run everywhere; `detect.rs` finds what this Windows offers.

use crate::protection::{Layer, ONLY_LINUX_FOR_CLASSES, Protection};

/// What this Windows lets the sandbox enforce; each `Err` says why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Windows {
    /// The grader can make Job Objects with every limit it sets.
    pub job: Result<(), String>,
    /// A learner's program runs under the restricted token, at low integrity, on a
    /// desktop of its own, with its handle list, child-process policy and mitigations.
    pub restricted: Result<(), String>,
    /// The grader's process DACL admits only its user and the system.
    pub grader: Result<(), String>,
}

/// What no Windows confines here: the network.
const NETWORK: &str = "network confinement (no AppContainer or firewall rule): learner code \
can open sockets and reach the network";

/// This Windows' layers, as people read them.
pub(crate) fn describe(windows: &Windows) -> Protection {
    let job = windows.job.is_ok();
    let restricted = windows.restricted.is_ok();
    let mut missing = Vec::new();
    if let Err(why) = &windows.job {
        missing.push(format!(
            "a Job Object for each run ({why}): a run's processes may outlive it, and its \
             processes, memory and CPU time are not bounded"
        ));
    }
    if let Err(why) = &windows.restricted {
        missing.push(format!(
            "the restricted token, low integrity, own desktop and process policies of \
             learner code ({why}): it runs with your own token, so it may read and write \
             every file you can, open the grader's process, and have processes started \
             for it through COM or WMI"
        ));
    }
    if let Err(why) = &windows.grader {
        missing.push(format!(
            "the grader's process closed to its runs ({why}): only their low integrity \
             keeps learner code from opening it"
        ));
    }
    missing.push(NETWORK.to_string());
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
                restricted,
                "no process started for it either: Windows' child-process policy, carried \
                 by its token, so services that act with it (COM, WMI) are refused too",
            ),
            Layer::new(
                restricted,
                "restricted token: your account and every group but Everyone, Users and \
                 Interactive only deny, no privilege; learner code reads only what every \
                 user of this machine may, and its own program",
            ),
            Layer::new(
                restricted,
                "low integrity: learner code writes none of your files and cannot open \
                 the grader's process",
            ),
            Layer::new(
                windows.grader.is_ok(),
                "the grader's process: open to you and the system only",
            ),
            Layer::new(
                restricted && job,
                "a desktop of its own, and its job's UI limits: no reach into your \
                 windows, the clipboard or the desktop",
            ),
            Layer::new(
                restricted,
                "handles: learner code inherits only its streams and channels (an \
                 explicit handle list)",
            ),
            Layer::new(
                restricted,
                "mitigations: no Win32k system calls, no extension DLLs, no DLLs from the \
                 network",
            ),
            Layer::new(
                job,
                "limits: each run's memory, by its job; no crash dialog",
            ),
            Layer::new(false, "network: not confined"),
            Layer::new(
                true,
                "time: each run's CPU time, user and kernel, its processes included, with \
                 a wall-clock cap",
            ),
        ],
        missing,
        for_classes: ONLY_LINUX_FOR_CLASSES,
    }
}

/// Takes the layer `name` (`job`, `restricted`) away from `windows`, for the report
/// only.
pub(crate) fn pretend_missing(windows: &mut Windows, name: &str) {
    let layer = match name {
        "job" => &mut windows.job,
        "restricted" => &mut windows.restricted,
        _ => return,
    };
    if layer.is_ok() {
        *layer = Err(format!("left out by ${}", crate::PRETEND_MISSING_VARIABLE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full() -> Windows {
        Windows {
            job: Ok(()),
            restricted: Ok(()),
            grader: Ok(()),
        }
    }

    fn unenforced(protection: &Protection) -> Vec<&str> {
        protection
            .layers
            .iter()
            .filter(|layer| !layer.enforced)
            .map(|layer| layer.what.as_str())
            .collect()
    }

    #[test]
    fn with_every_layer_windows_still_says_the_network_is_open() {
        let protection = describe(&full());
        assert_eq!(protection.missing, [NETWORK]);
        assert_eq!(unenforced(&protection), ["network: not confined"]);
        // Each layer the issue names is reported.
        for named in [
            "Job Object",
            "restricted token",
            "low integrity",
            "desktop of its own",
            "explicit handle list",
            "child-process policy",
            "grader's process",
            "user and kernel",
        ] {
            assert!(
                protection
                    .layers
                    .iter()
                    .any(|layer| layer.what.contains(named)),
                "{named}"
            );
        }
        assert!(protection.for_classes.contains("only Linux"));
    }

    #[test]
    fn without_the_restricted_token_doctor_says_learner_code_can_read_your_files() {
        let mut weak = full();
        pretend_missing(&mut weak, "landlock");
        assert_eq!(weak, full());
        pretend_missing(&mut weak, "restricted");
        let protection = describe(&weak);
        assert_eq!(protection.missing.len(), 2, "{:?}", protection.missing);
        assert!(
            protection.missing[0]
                .starts_with("the restricted token, low integrity, own desktop and process")
        );
        assert!(protection.missing[0].contains("read and write every file you can"));
        // The token's six layers, and the network.
        assert_eq!(
            unenforced(&protection).len(),
            7,
            "{:?}",
            unenforced(&protection)
        );

        pretend_missing(&mut weak, "job");
        let protection = describe(&weak);
        assert_eq!(protection.missing.len(), 3);
        assert!(protection.missing[0].starts_with("a Job Object for each run (left out by"));
        assert_eq!(unenforced(&protection).len(), 10);
    }

    #[test]
    fn a_grader_whose_process_stays_open_says_so() {
        let mut open = full();
        open.grader = Err("access denied".to_string());
        let protection = describe(&open);
        assert!(
            protection.missing[0]
                .starts_with("the grader's process closed to its runs (access denied)")
        );
        assert_eq!(unenforced(&protection).len(), 2);
    }
}
