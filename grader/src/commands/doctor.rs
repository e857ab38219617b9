//! `cargo grader doctor`: what the sandbox enforces on this machine, layer by layer,
//! what is missing, and what that means for a learner and for class grading. Also the
//! rule that class grading needs the full sandbox.

use anyhow::{Result, bail};
use colored::Colorize;

use crate::Exit;
use crate::sandbox::{self, FULL_LANDLOCK_ABI, Protection, TaskBound};

const FULL: &str = "Full protection: a learner's code cannot read or change your files, reach \
the network, start programs, signal other processes or outlive its run.";
const FOR_LEARNERS: &str = "For a learner grading their own work: the grader still runs, with \
the protection there is. Their code can reach no further than what is missing above, which \
is no more than their own `cargo test` could.";
const FOR_CLASSES: &str = "For class grading (`cargo grader verify --workbook`): that runs other \
people's code, so it refuses to start without the full sandbox. Grade on Linux 6.12 or newer \
with Landlock enabled (see `cat /sys/kernel/security/lsm`), or in a throwaway virtual \
machine and pass --allow-weak-sandbox.";
const REFUSED: &str = "class grading runs other people's code, and this machine's sandbox is \
not complete";
const REFUSED_ADVICE: &str = "`cargo grader doctor` explains each layer. Grade on a machine \
that has them all, or pass --allow-weak-sandbox to grade anyway (in a throwaway virtual \
machine, say).";

/// Prints each layer with whether this machine enforces it; passes when all are there.
pub fn run() -> Result<Exit> {
    let protection = sandbox::reported_protection();
    let kernel = kernel_release();
    println!("The sandbox that confines learner code on this machine ({kernel}):\n");
    for (enforced, layer) in layers(&protection) {
        let mark = if enforced { "✓".green() } else { "✗".red() };
        println!("  {mark} {layer}");
    }
    if let Ok(pretended) = std::env::var(sandbox::PRETEND_MISSING_VARIABLE) {
        println!(
            "\n(${} leaves out of this report: {pretended}. The sandbox still enforces \
             every layer this machine has.)",
            sandbox::PRETEND_MISSING_VARIABLE
        );
    }
    let missing = protection.missing();
    if missing.is_empty() {
        println!("\n{}", FULL.green());
        return Ok(Exit::Passed);
    }
    println!("\nMissing:");
    for what in &missing {
        println!("  - {what}");
    }
    println!("\nWhat this means:\n  - {FOR_LEARNERS}\n  - {FOR_CLASSES}");
    Ok(Exit::NotPassed)
}

/// Each layer, and whether it is enforced, in plain words.
fn layers(protection: &Protection) -> Vec<(bool, String)> {
    let abi = match protection.landlock_abi {
        0 => "Landlock: not in this kernel, or not enabled".to_string(),
        abi => format!("Landlock ABI {abi} (the grader needs {FULL_LANDLOCK_ABI} or newer)"),
    };
    vec![
        (protection.landlock_abi >= FULL_LANDLOCK_ABI, abi),
        (
            protection.landlock_files,
            "file rules: learner code reads only its libraries and writes nothing; rustc \
             writes only its build folder"
                .to_string(),
        ),
        (
            protection.landlock_scopes,
            "scopes: no signal or abstract unix socket reaches out of a run".to_string(),
        ),
        (
            protection.seccomp,
            "seccomp: no new process or program, socket, ptrace or namespace; signals only \
             to itself"
                .to_string(),
        ),
        (
            protection.no_new_privs,
            "no_new_privs: no program it starts gains privileges".to_string(),
        ),
        (
            protection.capabilities_dropped,
            "capabilities: every one dropped, for good".to_string(),
        ),
        (
            protection.subreaper,
            "subreaper: whatever a run leaves behind is killed when it ends".to_string(),
        ),
        (
            protection.task_bound != TaskBound::None,
            match protection.task_bound {
                TaskBound::Cgroup => "threads: each run's bounded, in a cgroup of its own",
                TaskBound::UserNamespace => {
                    "threads: each run's bounded, by RLIMIT_NPROC in a user namespace of its own"
                }
                TaskBound::None => "threads: each run's bounded (a cgroup or a user namespace)",
            }
            .to_string(),
        ),
        (
            true,
            match protection.memory_cgroup {
                true => "memory: each run's as a whole, in a cgroup of its own",
                false => {
                    "memory: each process's address space (a learner's program is one process)"
                }
            }
            .to_string(),
        ),
        (
            true,
            "time: each run's CPU time, its threads included, with a wall-clock cap; each \
             run on a core of its own"
                .to_string(),
        ),
        (
            protection.private_view,
            "paths: a learner's program sees none of this machine's but its libraries (a \
             root of its own, where the machine allows a mount namespace)"
                .to_string(),
        ),
    ]
}

fn kernel_release() -> String {
    #[cfg(target_os = "linux")]
    {
        let uname = rustix::system::uname();
        format!("Linux {}", uname.release().to_string_lossy())
    }
    #[cfg(not(target_os = "linux"))]
    {
        std::env::consts::OS.to_string()
    }
}

/// Class grading runs only with the full sandbox, unless the instructor allows a weaker
/// one; then it says once, on stderr, what is missing.
pub fn require_full_sandbox(allow_weak: bool) -> Result<()> {
    let missing = sandbox::reported_protection().missing();
    if missing.is_empty() {
        return Ok(());
    }
    let list = missing.join("; ");
    if !allow_weak {
        bail!("{REFUSED}: missing {list}.\n{REFUSED_ADVICE}");
    }
    eprintln!(
        "{} grading without the full sandbox (--allow-weak-sandbox): missing {list}.\n",
        "warning:".yellow().bold()
    );
    Ok(())
}

/// For a learner's own work, which runs with the protection there is: what is missing,
/// to say once; `None` with the full sandbox.
pub fn weak_sandbox_note() -> Option<String> {
    let missing = sandbox::reported_protection().missing();
    (!missing.is_empty()).then(|| {
        format!(
            "the sandbox on this machine is not complete (missing {}). Your code still runs \
             confined as far as it allows; `cargo grader doctor` says more.",
            missing.join("; ")
        )
    })
}
