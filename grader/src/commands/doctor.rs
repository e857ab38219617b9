//! `cargo grader doctor`: what the sandbox enforces on this machine, layer by layer,
//! what is missing, and what that means for a learner and for class grading. Also the
//! rule that class grading needs the full sandbox.

use anyhow::{Result, bail};
use colored::Colorize;

use crate::Exit;
use crate::text::hanging;
use xorlings_sandbox as sandbox;

const FULL: &str = "Full protection: a learner's code cannot read or change your files, reach \
the network, start programs, signal other processes or outlive its run.";
const FOR_LEARNERS: &str = "For a learner grading their own work: the grader still runs, with \
the protection there is. Their code can reach no further than what is missing above, which \
is no more than their own `cargo test` could.";
const REFUSED: &str = "class grading runs other people's code, and this machine's sandbox is \
not complete";
const REFUSED_ADVICE: &str = "`cargo grader doctor` explains each layer. Grade on a machine \
that has them all, or pass --allow-weak-sandbox to grade anyway (in a throwaway virtual \
machine, say).";

/// Prints each layer with whether this machine enforces it; passes when all are there.
pub(super) fn run() -> Result<Exit> {
    let protection = sandbox::reported_protection();
    println!(
        "The sandbox that confines learner code on this machine ({}):\n",
        protection.system
    );
    for layer in &protection.layers {
        let mark = if layer.enforced {
            "✓".green()
        } else {
            "✗".red()
        };
        println!("{}", hanging(&format!("  {mark} "), &layer.what));
    }
    if let Ok(pretended) = std::env::var(sandbox::PRETEND_MISSING_VARIABLE) {
        let pretending = format!(
            "(${} leaves out of this report: {pretended}. The sandbox still enforces every \
             layer this machine has.)",
            sandbox::PRETEND_MISSING_VARIABLE
        );
        println!("\n{}", hanging("", &pretending));
    }
    let missing = &protection.missing;
    if missing.is_empty() {
        println!("\n{}", hanging("", FULL).green());
        return Ok(Exit::Passed);
    }
    println!("\nMissing:");
    for what in missing {
        println!("{}", hanging("  - ", what));
    }
    println!("\nWhat this means:");
    println!("{}", hanging("  - ", FOR_LEARNERS));
    println!("{}", hanging("  - ", protection.for_classes));
    Ok(Exit::NotPassed)
}

/// Class grading runs only with the full sandbox, unless the instructor allows a weaker
/// one; then it says once, on stderr, what is missing.
pub(super) fn require_full_sandbox(allow_weak: bool) -> Result<()> {
    let missing = sandbox::reported_protection().missing;
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
pub(super) fn weak_sandbox_note() -> Option<String> {
    let missing = sandbox::reported_protection().missing;
    (!missing.is_empty()).then(|| {
        format!(
            "the sandbox on this machine is not complete (missing {}). Your code still runs \
             confined as far as it allows; `cargo grader doctor` says more.",
            missing.join("; ")
        )
    })
}
