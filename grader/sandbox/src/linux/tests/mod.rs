//! The sandbox under attack: tiny hostile programs, compiled with rustc under the
//! compiler's policy, then run confined. Each test checks that the attack failed and
//! that the legitimate path (reading the cases, writing the answers) still worked.

mod attacks;
mod awaited;
mod compile;
mod lifetime;
mod protection;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use crate::test_programs::{Run, built, compile, run, toolchain};
use crate::{Cancel, Limits, Policy};

/// The attacker's source: one program, one mode per kind of attack.
const ATTACKER: &str = include_str!("programs/attacker.rs");
/// Time for any confined test program to end; none should need it.
const LIMIT: Duration = Duration::from_secs(10);

const PROGRAM_LIMITS: Limits = Limits {
    address_space: 1 << 30,
    memory: 1 << 30,
    tasks: 16,
    file_size: 1 << 20,
    open_files: 64,
    cpu_seconds: 10,
};

/// The attacker, compiled once.
fn attacker() -> &'static Path {
    static ATTACKER_PROGRAM: OnceLock<PathBuf> = OnceLock::new();
    ATTACKER_PROGRAM.get_or_init(|| built(ATTACKER))
}

/// The attacker's policy: a learner's program.
fn attacker_policy() -> Policy {
    Policy::program(attacker(), &toolchain().std_dir(), PROGRAM_LIMITS).unwrap()
}

/// Runs the attacker in `mode` as a learner's program.
fn attack(mode: &str, args: &[&str]) -> Run {
    let mut all = vec![mode];
    all.extend(args);
    run(
        attacker(),
        &all,
        &attacker_policy(),
        LIMIT,
        &Cancel::default(),
    )
}
