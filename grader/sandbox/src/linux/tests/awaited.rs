//! A run started before its program is written (see `Policy::awaits_program`): it
//! executes the program once told that it is there, with nothing of the grader's open,
//! and executes nothing when told that it never will be.

use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::{PROGRAM_LIMITS, attacker, toolchain};
use crate::linux::loader_of;
use crate::{Cancel, Channels, Confined, How, Policy, init, spawn};

const LIMIT: Duration = Duration::from_secs(20);

/// Starts the attacker's `mode` as a program to come at `program`, its cases
/// ("cases-ok") and answers in `files`; returns the run and the grader's end of its
/// start signal.
fn start_awaiting(program: &Path, mode: &str, files: &Path) -> (Confined, UnixStream) {
    init().unwrap();
    let loader = loader_of(attacker()).unwrap();
    let policy = Policy::program_to_come(
        program,
        loader.as_deref(),
        &toolchain().std_dir(),
        PROGRAM_LIMITS,
    )
    .unwrap();
    std::fs::write(files.join("cases"), "cases-ok\n").unwrap();
    let (ours, theirs) = UnixStream::pair().unwrap();
    let mut command = Command::new(program);
    command
        .arg(mode)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let channels = Channels {
        cases: File::open(files.join("cases")).unwrap(),
        answers: File::create(files.join("answers")).unwrap(),
        start: Some(File::from(std::os::fd::OwnedFd::from(theirs))),
    };
    (spawn(command, &policy, None, Some(channels)).unwrap(), ours)
}

#[test]
fn a_run_waits_for_its_program_and_executes_it_once_it_is_there() {
    let folder = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let program = folder.path().join("program");
    let (mut run, mut signal) = start_awaiting(&program, "descriptors", files.path());
    // Started, with no program yet: it waits.
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        std::fs::read_to_string(files.path().join("answers"))
            .unwrap()
            .is_empty(),
        "the run did something before its program was there"
    );
    std::fs::copy(attacker(), &program).unwrap();
    signal.write_all(b"!").unwrap();
    let ended = run.wait(LIMIT, &Cancel::default()).unwrap();
    assert_eq!(ended.how, How::Exited(0), "{ended:?}");
    let mut answers = String::new();
    File::open(files.path().join("answers"))
        .unwrap()
        .read_to_string(&mut answers)
        .unwrap();
    assert!(answers.contains("cases: cases-ok"), "{answers}");
    // Its channels and standard streams, and nothing of the grader's.
    assert!(answers.contains("open: 0 1 2 3 4 5\n"), "{answers}");
}

#[test]
fn a_run_told_its_program_never_comes_executes_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let program = folder.path().join("program");
    let (mut run, signal) = start_awaiting(&program, "descriptors", files.path());
    drop(signal);
    // Whatever lands in the folder now is never executed.
    std::fs::copy(attacker(), &program).unwrap();
    let error = run.wait(LIMIT, &Cancel::default()).unwrap_err();
    assert!(
        format!("{error:#}").contains("wait for its program"),
        "{error:#}"
    );
    assert!(
        std::fs::read_to_string(files.path().join("answers"))
            .unwrap()
            .is_empty()
    );
}
