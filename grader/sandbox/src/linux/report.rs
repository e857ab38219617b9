//! The Linux layers in the words of `cargo grader doctor`: each layer, whether this
//! kernel enforces it, and what a missing one lets a learner's code do.

use super::detect::{FULL_LANDLOCK_ABI, Kernel, TaskBound};
use crate::protection::{Layer, Protection};

/// Landlock features by the ABI that brought them, in the words of what is missing.
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

const FOR_CLASSES: &str = "For class grading (`cargo grader verify --workbook`): that runs other \
people's code, so it refuses to start without the full sandbox. Grade on Linux 6.12 or newer \
with Landlock enabled (see `cat /sys/kernel/security/lsm`), or in a throwaway virtual \
machine and pass --allow-weak-sandbox.";

/// The kernel's layers, as people read them.
pub(crate) fn describe(kernel: &Kernel) -> Protection {
    Protection {
        system: format!("Linux {}", kernel.release),
        layers: layers(kernel),
        missing: missing(kernel),
        for_classes: FOR_CLASSES,
    }
}

/// Each layer, and whether it is enforced, in plain words.
fn layers(kernel: &Kernel) -> Vec<Layer> {
    let abi = match kernel.landlock_abi {
        0 => "Landlock: not in this kernel, or not enabled".to_string(),
        abi => format!("Landlock ABI {abi} (the grader needs {FULL_LANDLOCK_ABI} or newer)"),
    };
    vec![
        Layer::new(kernel.landlock_abi >= FULL_LANDLOCK_ABI, abi),
        Layer::new(
            kernel.landlock_files,
            "file rules: learner code reads only its libraries and writes nothing; rustc \
             writes only its build folder",
        ),
        Layer::new(
            kernel.landlock_scopes,
            "scopes: no signal or abstract unix socket reaches out of a run",
        ),
        Layer::new(
            kernel.seccomp,
            "seccomp: no new process or program, socket, ptrace or namespace; signals only \
             to itself",
        ),
        Layer::new(
            kernel.no_new_privs,
            "no_new_privs: no program it starts gains privileges",
        ),
        Layer::new(
            kernel.capabilities_dropped,
            "capabilities: every one dropped, for good",
        ),
        Layer::new(
            kernel.subreaper,
            "subreaper: whatever a run leaves behind is killed when it ends",
        ),
        Layer::new(
            kernel.task_bound != TaskBound::None,
            match kernel.task_bound {
                TaskBound::Cgroup => "threads: each run's bounded, in a cgroup of its own",
                TaskBound::UserNamespace => {
                    "threads: each run's bounded, by RLIMIT_NPROC in a user namespace of its own"
                }
                TaskBound::None => "threads: each run's bounded (a cgroup or a user namespace)",
            },
        ),
        Layer::new(
            true,
            match kernel.memory_cgroup {
                true => "memory: each run's as a whole, in a cgroup of its own",
                false => {
                    "memory: each process's address space (a learner's program is one process)"
                }
            },
        ),
        Layer::new(
            true,
            "time: each run's CPU time, its threads included, with a wall-clock cap; each \
             run on a core of its own",
        ),
        Layer::new(
            kernel.private_view,
            "paths: a learner's program sees none of this machine's but its libraries (a \
             root of its own, where the machine allows a mount namespace)",
        ),
    ]
}

/// What is missing, in plain words; empty when protection is full.
fn missing(kernel: &Kernel) -> Vec<String> {
    let mut missing = Vec::new();
    if !kernel.landlock_files {
        missing.push(
            "Landlock (not in this kernel, or disabled): confined programs may read and \
             write every file the grader can"
                .to_string(),
        );
    } else {
        for (abi, feature) in LANDLOCK_FEATURES {
            if kernel.landlock_abi < abi {
                missing.push(format!(
                    "Landlock rules for {feature}; this kernel has ABI {}",
                    kernel.landlock_abi
                ));
            }
        }
    }
    if !kernel.seccomp {
        missing.push(
            "seccomp filters: confined programs may start processes, open sockets and \
             signal other processes"
                .to_string(),
        );
    }
    if !kernel.no_new_privs {
        missing.push("no_new_privs: a set-user-ID program would gain privileges".to_string());
    }
    if !kernel.capabilities_dropped {
        missing.push(
            "dropping every capability: the grader runs as root without CAP_SETPCAP".to_string(),
        );
    }
    if !kernel.subreaper {
        missing.push(
            "adopting orphans (Linux only, after sandbox::init): a process that leaves \
             its group may outlive the run"
                .to_string(),
        );
    }
    if kernel.task_bound == TaskBound::None {
        missing.push(
            "a bound on each run's threads (a cgroup the grader may create, or a user \
             namespace, which a grader running as root cannot use for this): a run could \
             start thousands of threads and slow every other run"
                .to_string(),
        );
    }
    missing
}

/// Takes the layer `name` away from `kernel`, for the report only (see
/// `PRETEND_MISSING_VARIABLE`); names it does not know change nothing.
pub(crate) fn pretend_missing(kernel: &mut Kernel, name: &str) {
    match name {
        "landlock" => {
            kernel.landlock_abi = 0;
            kernel.landlock_files = false;
            kernel.landlock_scopes = false;
        }
        "scopes" => {
            kernel.landlock_abi = kernel.landlock_abi.min(FULL_LANDLOCK_ABI - 1);
            kernel.landlock_scopes = false;
        }
        "seccomp" => kernel.seccomp = false,
        "no_new_privs" => kernel.no_new_privs = false,
        "capabilities" => kernel.capabilities_dropped = false,
        "subreaper" => kernel.subreaper = false,
        "tasks" => kernel.task_bound = TaskBound::None,
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full() -> Kernel {
        Kernel {
            release: "6.12.0".to_string(),
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

    fn pretend(mut kernel: Kernel, names: &str) -> Kernel {
        for name in names.split(',').map(str::trim) {
            pretend_missing(&mut kernel, name);
        }
        kernel
    }

    #[test]
    fn pretending_only_takes_layers_away() {
        assert!(describe(&pretend(full(), "")).is_full());
        assert!(describe(&pretend(full(), "nonsense, LANDLOCK")).is_full());
        let weak = pretend(full(), "scopes, seccomp");
        assert_eq!(weak.landlock_abi, 5);
        assert!(weak.landlock_files && !weak.landlock_scopes && !weak.seccomp);
        let missing = describe(&weak).missing.join("\n");
        assert!(
            missing.contains("signals and abstract unix sockets"),
            "{missing}"
        );
        assert!(missing.contains("seccomp filters"), "{missing}");
        let none = pretend(full(), "landlock,no_new_privs,capabilities,subreaper,tasks");
        assert_eq!(describe(&none).missing.len(), 5, "{:?}", describe(&none));
        // A machine without a layer never gains it by pretending.
        let mut old = full();
        old.landlock_abi = 3;
        old.landlock_scopes = false;
        assert_eq!(pretend(old.clone(), "scopes"), old);
    }

    #[test]
    fn every_layer_is_shown_and_marked() {
        let protection = describe(&full());
        assert_eq!(protection.system, "Linux 6.12.0");
        assert!(protection.layers.iter().all(|layer| layer.enforced));
        let shown: Vec<&str> = protection.layers.iter().map(|l| l.what.as_str()).collect();
        for name in [
            "Landlock ABI 7",
            "file rules",
            "scopes",
            "seccomp",
            "no_new_privs",
            "capabilities",
            "subreaper",
            "threads",
            "memory",
            "time",
            "paths",
        ] {
            assert!(shown.iter().any(|what| what.starts_with(name)), "{shown:?}");
        }
        let weak = describe(&pretend(full(), "seccomp"));
        let seccomp = weak.layers.iter().find(|l| l.what.starts_with("seccomp"));
        assert_eq!(seccomp.map(|layer| layer.enforced), Some(false));
    }
}
