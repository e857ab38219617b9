//! The macOS layers in the words of `cargo grader doctor`. Platform-neutral, so its
//! tests run everywhere; `detect.rs` finds what a Mac offers.

use crate::deadline::CHECK_EVERY;
use crate::protection::{Layer, ONLY_LINUX_FOR_CLASSES, Protection};

/// What this Mac lets the sandbox enforce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mac {
    /// `kern.osproductversion`: `15.1`.
    pub version: String,
    /// `Ok` when `sandbox-exec` confined a test program; else why not (not there, or
    /// the grader itself already runs in a Seatbelt sandbox, which cannot nest).
    pub seatbelt: Result<(), String>,
}

/// What a polled memory bound leaves out, always missing on a Mac.
fn memory_polled() -> String {
    format!(
        "a memory bound the kernel enforces (macOS has none for a run): the grader checks \
         each run's footprint as often as its time and stops it over its bound, so between \
         two checks (at most {} ms) a run may use more",
        CHECK_EVERY.as_millis()
    )
}

/// The Mac's layers, as people read them.
pub(crate) fn describe(mac: &Mac) -> Protection {
    let seatbelt = mac.seatbelt.is_ok();
    let mut missing = Vec::new();
    if let Err(why) = &mac.seatbelt {
        missing.push(format!(
            "Seatbelt ({why}): confined programs may read and write every file the grader \
             can, reach the network and start other programs"
        ));
        missing.push(
            "adopting orphans (Linux only): without Seatbelt, a process that leaves its \
             group may outlive the run"
                .to_string(),
        );
    }
    missing.push(memory_polled());
    Protection {
        system: format!("macOS {}", mac.version),
        layers: vec![
            Layer::new(
                seatbelt,
                "Seatbelt (sandbox-exec, deny by default): learner code reads only its \
                 program and libraries (and the metadata of the folders leading there) \
                 and writes nothing; rustc reads the toolchain and writes only its build \
                 folder; no network",
            ),
            Layer::new(
                seatbelt,
                "system services: none for learner code; rustc and the linker only the \
                 few they need (user look-ups, preferences of the developer tools), by name",
            ),
            Layer::new(
                seatbelt,
                "no new process: learner code cannot fork or execute another program",
            ),
            Layer::new(
                true,
                "process group: each run leads its own, killed as a whole when it ends",
            ),
            Layer::new(
                seatbelt,
                "orphans: none, since learner code cannot start a process (macOS cannot \
                 adopt them)",
            ),
            Layer::new(
                true,
                "limits: each process's CPU time, file size and open files; no core files",
            ),
            Layer::new(
                true,
                "memory: each run's physical footprint, all its processes, checked as \
                 often as its time and the run stopped over its bound (macOS refuses \
                 address-space limits)",
            ),
            Layer::new(
                true,
                "time: each run's CPU time, its threads included, with a wall-clock cap",
            ),
        ],
        missing,
        for_classes: ONLY_LINUX_FOR_CLASSES,
    }
}

/// Takes the layer `name` (`seatbelt`) away from `mac`, for the report only.
pub(crate) fn pretend_missing(mac: &mut Mac, name: &str) {
    if name == "seatbelt" && mac.seatbelt.is_ok() {
        mac.seatbelt = Err(format!("left out by ${}", crate::PRETEND_MISSING_VARIABLE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mac() -> Mac {
        Mac {
            version: "15.1".to_string(),
            seatbelt: Ok(()),
        }
    }

    #[test]
    fn a_mac_with_seatbelt_enforces_every_layer_it_names_and_misses_a_kernels_memory_bound() {
        let protection = describe(&mac());
        assert_eq!(protection.system, "macOS 15.1");
        // Never full: class grading stays on Linux.
        assert_eq!(protection.missing, [memory_polled()]);
        assert!(protection.missing[0].contains("at most 20 ms"));
        assert!(protection.layers.iter().all(|layer| layer.enforced));
        let memory = protection
            .layers
            .iter()
            .find(|layer| layer.what.starts_with("memory"));
        assert!(memory.is_some_and(|layer| layer.what.contains("footprint")));
        // Even so, class grading wants Linux's sandbox.
        assert!(protection.for_classes.contains("only Linux"));
    }

    #[test]
    fn without_seatbelt_files_and_processes_are_out_and_doctor_says_why() {
        let mut weak = mac();
        pretend_missing(&mut weak, "seccomp");
        assert_eq!(weak, mac());
        pretend_missing(&mut weak, "seatbelt");
        let protection = describe(&weak);
        assert_eq!(protection.missing.len(), 3, "{:?}", protection.missing);
        assert!(
            protection.missing[0].starts_with("Seatbelt (left out by $XORLINGS_PRETEND_MISSING)")
        );
        assert!(protection.missing[0].contains("every file the grader can"));
        let off = protection.layers.iter().filter(|layer| !layer.enforced);
        assert_eq!(off.count(), 4);
        // The memory bound is the wait's own, with or without Seatbelt.
        let memory = protection
            .layers
            .iter()
            .find(|l| l.what.starts_with("memory"));
        assert_eq!(memory.map(|layer| layer.enforced), Some(true));
    }
}
