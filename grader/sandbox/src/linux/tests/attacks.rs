//! Attacks of a learner's program: each must fail, and the legitimate path must work.

use std::path::Path;

use super::{attack, attacker, attacker_policy};
use crate::How;
use crate::linux::detect::{TaskBound, detected};

/// A file name no test has used.
fn unique(what: &str) -> String {
    format!(
        "xorlings-sandbox-{what}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    )
    .replace(['(', ')'], "")
}

#[test]
fn files_outside_the_policy_are_out_of_reach() {
    let workbook = tempfile::tempdir().unwrap();
    std::fs::write(workbook.path().join("secret.txt"), "secret").unwrap();
    let name = unique("files");
    let run = attack("files", &[workbook.path().to_str().unwrap(), &name]);
    run.assert_denied(&[
        "read /etc/passwd",
        "read the grader's environment",
        "read own environment",
        "list /",
        "list the workbook",
        "read the workbook",
        "write /tmp",
        "write /dev/shm",
        "write the workbook",
        "truncate the workbook",
    ]);
    assert_eq!(run.ended.how, How::Exited(0), "{run:?}");
    for folder in [Path::new("/tmp"), Path::new("/dev/shm"), workbook.path()] {
        assert!(
            !folder.join(&name).exists(),
            "a file was written in {folder:?}"
        );
    }
    let secret = std::fs::read_to_string(workbook.path().join("secret.txt")).unwrap();
    assert_eq!(secret, "secret");
}

#[test]
fn no_process_nor_program_can_be_started() {
    let folder = tempfile::tempdir().unwrap();
    let daemon_file = folder.path().join("daemon");
    let run = attack("processes", &[daemon_file.to_str().unwrap()]);
    run.assert_denied(&[
        "fork",
        "vfork",
        "clone",
        "clone3",
        "daemon",
        "std Command",
        "exec /bin/sh",
        "exec itself",
    ]);
    // clone3 says it does not exist, so that glibc falls back to clone.
    assert!(
        run.answers
            .contains("clone3: denied (Function not implemented"),
        "{run:?}"
    );
    assert_eq!(run.ended.how, How::Exited(0), "{run:?}");
    // The daemon would have written a second after the run.
    std::thread::sleep(std::time::Duration::from_millis(1200));
    assert!(!daemon_file.exists());
}

#[test]
fn signals_reach_only_the_program_itself() {
    let run = attack("signals", &[]);
    run.assert_denied(&[
        "stop the grader",
        "signal pid 1",
        "signal everyone",
        "signal the group",
        "tgkill the grader",
        "tkill the grader",
        "sigqueue the grader",
        "pidfd of the grader",
    ]);
    assert!(run.answers.contains("signal itself: allowed"), "{run:?}");
}

#[test]
fn no_socket_can_be_opened() {
    let run = attack("sockets", &[]);
    run.assert_denied(&["socket inet", "socket unix", "socketpair", "connect tcp"]);
}

#[test]
fn limits_cannot_be_raised_nor_imposed_on_others() {
    let run = attack("limits", &[]);
    run.assert_denied(&[
        "raise address space",
        "raise open files",
        "limit the grader",
        "renice the grader",
        "renice the user",
        "pin the grader",
    ]);
    assert!(run.answers.contains("lower own limit: allowed"), "{run:?}");
}

#[test]
fn kernel_interfaces_are_closed() {
    let run = attack("kernel", &[]);
    run.assert_denied(&[
        "ptrace the grader",
        "read the grader's memory",
        "user namespace",
        "mount",
        "chroot",
        "memfd",
        "io_uring",
        "bpf",
        "perf",
        "keyring",
        "SysV memory",
        "SysV queue",
        "kernel log",
        "new session",
        "new group",
    ]);
}

#[test]
fn the_environment_is_empty() {
    let run = attack("environment", &[]);
    run.assert_denied(&[]);
    assert!(run.answers.contains("variables: 0"), "{run:?}");
}

#[test]
fn only_the_passed_descriptors_are_open() {
    // A descriptor the grader holds without close-on-exec (as some library might).
    // SAFETY: F_DUPFD copies standard error to a new descriptor, 10 or above, without
    // CLOEXEC.
    let leaked = unsafe { libc::fcntl(2, libc::F_DUPFD, 10) };
    assert!(leaked >= 10);
    let run = attack("descriptors", &[]);
    // SAFETY: closes the descriptor opened above.
    unsafe { libc::close(leaked) };
    run.assert_denied(&[]);
    assert!(run.answers.contains("open: 0 1 2 3 4\n"), "{run:?}");
}

#[test]
fn a_static_constructor_is_confined_too() {
    let name = unique("constructor");
    let run = attack("constructor", &[&name]);
    run.assert_denied(&["constructor fork", "constructor read", "constructor write"]);
    assert!(!Path::new("/tmp").join(&name).exists());
}

#[test]
fn panics_aborts_and_stack_overflows_behave_as_usual() {
    let panic = attack("panic", &[]);
    assert_eq!(panic.ended.how, How::Exited(101), "{panic:?}");
    assert!(panic.stderr.contains("the learner's panic"), "{panic:?}");

    let abort = attack("abort", &[]);
    assert_eq!(abort.ended.how, How::Signalled(libc::SIGABRT), "{abort:?}");

    let overflow = attack("overflow", &[]);
    assert_eq!(
        overflow.ended.how,
        How::Signalled(libc::SIGABRT),
        "{overflow:?}"
    );
    assert!(
        overflow.stderr.contains("has overflowed its stack"),
        "{overflow:?}"
    );

    let deep = attack("deep", &[]);
    assert!(deep.answers.contains("depth: 1000000"), "{deep:?}");
}

#[test]
fn a_program_outside_the_policy_does_not_start() {
    let mut policy = attacker_policy();
    policy.execute.retain(|path| path != attacker());
    let command = std::process::Command::new(attacker());
    let error = crate::spawn(command, &policy, None, None).err().unwrap();
    let message = format!("{error:#}");
    assert!(
        message.contains("could not execute the program"),
        "{message}"
    );
    assert!(message.contains("Permission denied"), "{message}");
}

/// A run starts threads until it may not: a thread bomb stays within its run's bound
/// (where the machine offers one), and cannot exhaust the machine's processes.
#[test]
#[cfg_attr(
    not(feature = "e2e"),
    ignore = "end-to-end tier (cargo e2e): needs a bound on threads"
)]
fn a_thread_bomb_stays_within_its_bound() {
    assert_ne!(
        detected().task_bound,
        TaskBound::None,
        "this machine gives no bound on a run's threads (a cgroup or a user namespace): run \
         the end-to-end tier where it does"
    );
    let run = attack("threads", &[]);
    let started: u64 = run
        .answers
        .lines()
        .find_map(|line| line.strip_prefix("threads: "))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no count: {run:?}"));
    assert!(
        started <= super::PROGRAM_LIMITS.tasks,
        "{started} threads started, more than the bound"
    );
}

/// A run keeps to its core, and cannot take its core from everything else on it: no
/// real-time scheduling, no higher priority; nor can it watch files.
#[test]
fn a_run_keeps_to_its_core_at_its_priority_and_watches_nothing() {
    let mut policy = attacker_policy();
    policy.core = Some(0);
    let run = super::run(
        attacker(),
        &["scheduling"],
        &policy,
        super::LIMIT,
        &crate::Cancel::default(),
    );
    run.assert_denied(&[
        "real-time scheduling",
        "higher priority",
        "watch files",
        "watch a file system",
    ]);
    assert!(run.answers.contains("cores: 1 (widen: -1)"), "{run:?}");
}

/// A learner's program sees no path of the machine's but its libraries, where the
/// machine allows a root of its own: not the workbook (nor a class's folders), not the
/// folder it was started from, not where its program lies.
#[test]
#[cfg_attr(
    not(feature = "e2e"),
    ignore = "end-to-end tier (cargo e2e): needs a mount namespace"
)]
fn a_run_learns_no_path_of_the_machines() {
    assert!(
        detected().private_view,
        "this machine gives runs no root of their own (a mount namespace): run the \
         end-to-end tier where it does"
    );
    let workbook = tempfile::tempdir().unwrap();
    let run = attack("names", &[workbook.path().to_str().unwrap()]);
    run.assert_denied(&["stat the workbook"]);
    assert!(run.answers.contains("\ncwd: /\n"), "{run:?}");
    let program = attacker().display().to_string();
    assert!(
        !run.answers.contains(&program),
        "the program's path shows: {run:?}"
    );
}
