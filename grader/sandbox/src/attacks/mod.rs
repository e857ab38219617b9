//! The sandbox under attack on every system: a hostile program (`prober.rs`), compiled
//! under the compiler's policy, run as a learner's program; each attack must fail, and
//! the legitimate path (its cases read, its answers written through its channels) must
//! still work. What a system does not confine is left out here, with why, as `doctor`
//! says it: metadata on Linux, the network on Windows. Linux's own attacks
//! (`linux::tests`) go much further; these are what every system must hold, and what
//! the matrix workflow runs on macOS and Windows.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use xorlings_core::runner::channels;

use crate::test_programs::{Run, built, run, toolchain};
use crate::{Cancel, How, Limits, Policy};

/// Time for the prober to end; none of its attempts should need it.
const LIMIT: Duration = Duration::from_secs(20);

/// A learner's program's limits, its address space below its memory so that where the
/// system bounds the first (Linux, Windows) it refuses memory before a bound on the
/// whole run kills it.
const PROGRAM_LIMITS: Limits = Limits {
    address_space: 512 << 20,
    memory: 1 << 30,
    tasks: 16,
    file_size: 1 << 20,
    open_files: 64,
    cpu_seconds: 10,
};

/// The prober, with the channels' names and numbers of this grader, compiled once.
fn prober() -> &'static Path {
    static PROBER: OnceLock<PathBuf> = OnceLock::new();
    PROBER.get_or_init(|| {
        #[cfg(unix)]
        let constants = format!(
            "const CASES_FD: i32 = {};\nconst ANSWERS_FD: i32 = {};",
            channels::CASES_FD,
            channels::ANSWERS_FD
        );
        #[cfg(windows)]
        let constants = format!(
            "const CASES_VARIABLE: &str = {:?};\nconst ANSWERS_VARIABLE: &str = {:?};",
            channels::CASES_VARIABLE,
            channels::ANSWERS_VARIABLE
        );
        built(&include_str!("prober.rs").replace("// @CHANNELS@", &constants))
    })
}

fn policy() -> Policy {
    Policy::program(prober(), &toolchain().std_dir(), PROGRAM_LIMITS).unwrap()
}

/// Runs the prober in `mode` as a learner's program.
fn probe(args: &[&str]) -> Run {
    run(prober(), args, &policy(), LIMIT, &Cancel::default())
}

#[test]
fn files_outside_the_policy_are_out_of_reach() {
    let folder = tempfile::tempdir().unwrap();
    let secret = folder.path().join("secret.txt");
    std::fs::write(&secret, "secret").unwrap();
    let paths = [&secret, folder.path()].map(|path| path.to_str().unwrap());
    let run = probe(&["files", paths[0], paths[1], paths[1]]);
    let mut attempts = vec![
        "read the secret",
        "list the home folder",
        "write a file",
        "overwrite the secret",
    ];
    if !cfg!(target_os = "linux") {
        attempts.push("stat the secret");
    }
    run.assert_denied(&attempts);
    assert_eq!(run.ended.how, How::Exited(0), "{run:?}");
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "secret");
    assert!(!folder.path().join("written-by-the-prober").exists());
    // Its environment is its policy's, and the names of its channels on Windows.
    let policy = policy();
    let line = run
        .answers
        .lines()
        .find_map(|line| line.strip_prefix("environment: "));
    let names = line.unwrap_or_else(|| panic!("no environment line: {run:?}"));
    for name in names.split(',').filter(|name| !name.is_empty()) {
        #[cfg(windows)]
        let channel = [channels::CASES_VARIABLE, channels::ANSWERS_VARIABLE].contains(&name);
        #[cfg(not(windows))]
        let channel = false;
        let allowed = channel || policy.env.iter().any(|(allowed, _)| allowed == name);
        assert!(allowed, "{name} reached the program: {run:?}");
    }
}

#[test]
fn no_process_can_be_started() {
    let run = probe(&["processes"]);
    run.assert_denied(&["start a shell"]);
    assert_eq!(run.ended.how, How::Exited(0), "{run:?}");
}

#[test]
fn the_grader_cannot_be_reached() {
    let grader = std::process::id().to_string();
    let run = probe(&["grader", &grader]);
    run.assert_denied(&["reach the grader"]);
    assert_eq!(run.ended.how, How::Exited(0), "{run:?}");
}

// Windows confines no network: `doctor` says so.
#[cfg(not(windows))]
#[test]
fn no_connection_can_be_made() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let run = probe(&["network", &port]);
    run.assert_denied(&["connect to the grader's port"]);
    assert_eq!(run.ended.how, How::Exited(0), "{run:?}");
}

#[test]
fn a_run_over_its_memory_is_stopped() {
    let run = probe(&["memory"]);
    assert!(!run.answers.contains("ESCAPED"), "{run:?}");
    // macOS: the wait saw its footprint over its bound. Elsewhere the system refused
    // it memory (the address-space limit, the job's), and Rust's runtime aborted.
    if cfg!(target_os = "macos") {
        assert_eq!(run.ended.how, How::OutOfMemory, "{run:?}");
    } else {
        assert!(matches!(run.ended.how, How::Signalled(_)), "{run:?}");
        assert!(run.stderr.contains("memory allocation of"), "{run:?}");
    }
}
