//! Nothing of a run survives it, and its clock is honest.

use std::fs::File;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rustix::io::Errno;
use rustix::process::{Pid, test_kill_process};

use super::{attacker, attacker_policy, run};
use crate::unix::reaper;
use crate::{Cancel, Channels, Confined, How, Policy, Processes, init, output_of_trusted, spawn};

/// A short limit for programs that would run far longer.
const SHORT: Duration = Duration::from_millis(400);
/// Slack for a loaded machine.
const SLACK: Duration = Duration::from_millis(600);

fn is_gone(pid: u32) -> bool {
    let pid = Pid::from_raw(pid as i32).unwrap();
    test_kill_process(pid) == Err(Errno::SRCH)
}

/// Spawns the attacker in `mode` under `policy`, its answers in `answers`.
fn start(mode: &[&str], policy: &Policy, answers: &std::path::Path) -> Confined {
    init().unwrap();
    let mut command = Command::new(attacker());
    command
        .args(mode)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let channels = Channels {
        cases: tempfile::tempfile().unwrap(),
        answers: File::create(answers).unwrap(),
        start: None,
    };
    spawn(command, policy, None, Some(channels)).unwrap()
}

/// The attacker's policy, but allowed to fork like rustc, and to write in `folder`.
fn forking_policy(folder: &std::path::Path) -> Policy {
    let mut policy = attacker_policy();
    policy.processes = Processes::Allowed;
    policy.write.push(folder.to_path_buf());
    policy
}

/// A learner's program is in its cgroups before it starts; the compiler (a run that may
/// fork) joins them from outside as it starts: either way a run is in them as it runs.
#[test]
#[cfg_attr(
    not(feature = "e2e"),
    ignore = "end-to-end tier (cargo e2e): needs cgroups for runs"
)]
fn every_run_is_in_cgroups_of_its_own_while_it_runs() {
    assert!(
        crate::linux::cgroup::bounds().tasks,
        "this machine gives the grader no cgroups for runs (they need root, or a delegated \
         cgroup v2 subtree): run the end-to-end tier where it does"
    );
    let folder = tempfile::tempdir().unwrap();
    let ours = format!("/xorlings-{}-", std::process::id());
    for policy in [attacker_policy(), forking_policy(folder.path())] {
        let sleeping = start(&["sleep"], &policy, &folder.path().join("sleep"));
        let pid = sleeping.id();
        let cgroups = std::fs::read_to_string(format!("/proc/{pid}/cgroup")).unwrap();
        let own: Vec<&str> = cgroups
            .lines()
            .filter(|line| line.contains(&ours))
            .collect();
        assert!(!own.is_empty(), "{:?}: {cgroups}", policy.processes);
        drop(sleeping);
        assert!(is_gone(pid));
    }
}

/// A run that works is stopped at its CPU time, and one that waits at its time of
/// waiting, whichever the wall clock says.
#[test]
fn a_run_is_stopped_by_the_cpu_it_used_or_the_time_it_waited() {
    let folder = tempfile::tempdir().unwrap();
    let deadline = crate::Deadline {
        cpu: SHORT,
        waiting: SHORT * 2,
        wall: SHORT * 20,
    };
    let mut spinning = start(&["spin"], &attacker_policy(), &folder.path().join("spin"));
    let spun = spinning.wait_within(deadline, &Cancel::default()).unwrap();
    assert_eq!(spun.how, How::OutOfCpuTime, "{spun:?}");
    assert!(spun.cpu >= SHORT && spun.cpu < SHORT + SLACK, "{spun:?}");
    let mut sleeping = start(&["sleep"], &attacker_policy(), &folder.path().join("sleep"));
    let slept = sleeping.wait_within(deadline, &Cancel::default()).unwrap();
    assert_eq!(slept.how, How::TimedOut, "{slept:?}");
    assert!(slept.cpu < SHORT, "{slept:?}");
    assert!(
        slept.elapsed >= SHORT * 2 && slept.elapsed < SHORT * 2 + SLACK,
        "{slept:?}"
    );
}

#[test]
fn a_time_out_kills_the_program() {
    let folder = tempfile::tempdir().unwrap();
    let mut confined = start(
        &["spin"],
        &attacker_policy(),
        &folder.path().join("answers"),
    );
    let pid = confined.id();
    let ended = confined.wait(SHORT, &Cancel::default()).unwrap();
    assert_eq!(ended.how, How::TimedOut);
    // A busy machine holds a spinning run back, and that time is not counted against
    // it: the promise is the wall-clock cap, twice the limit and 2 s.
    let wall_cap = SHORT * 2 + Duration::from_secs(2);
    assert!(
        ended.elapsed >= SHORT && ended.elapsed < wall_cap + SLACK,
        "{ended:?}"
    );
    assert!(is_gone(pid));
}

#[test]
fn a_cancel_stops_the_run() {
    let cancel = Cancel::default();
    let canceller = {
        let cancel = cancel.clone();
        std::thread::Builder::new()
            .spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                cancel.cancel();
            })
            .unwrap()
    };
    let started = Instant::now();
    let run = run(
        attacker(),
        &["sleep"],
        &attacker_policy(),
        super::LIMIT,
        &cancel,
    );
    canceller.join().unwrap();
    assert_eq!(run.ended.how, How::Cancelled, "{run:?}");
    assert!(
        started.elapsed() < Duration::from_millis(200) + SLACK,
        "{run:?}"
    );
}

#[test]
fn dropping_a_run_kills_it() {
    let folder = tempfile::tempdir().unwrap();
    let confined = start(
        &["sleep"],
        &attacker_policy(),
        &folder.path().join("answers"),
    );
    let pid = confined.id();
    drop(confined);
    assert!(is_gone(pid));
}

#[test]
fn a_child_holding_stdout_does_not_outlast_the_limit() {
    let folder = tempfile::tempdir().unwrap();
    init().unwrap();
    let mut command = Command::new(attacker());
    command
        .arg("linger")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let channels = Channels {
        cases: tempfile::tempfile().unwrap(),
        answers: tempfile::tempfile().unwrap(),
        start: None,
    };
    let mut confined = spawn(
        command,
        &forking_policy(folder.path()),
        None,
        Some(channels),
    )
    .unwrap();
    let mut stdout = confined.stdout.take().unwrap();
    let ended = confined.wait(SHORT, &Cancel::default()).unwrap();
    // The program exited at once, but its child lived on: the run lasted to the limit.
    assert_eq!(ended.how, How::TimedOut);
    assert!(ended.elapsed < SHORT + SLACK, "{ended:?}");
    // The child was killed: nothing holds stdout open anymore.
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
}

#[test]
fn a_daemon_dies_with_its_run() {
    let folder = tempfile::tempdir().unwrap();
    let answers = folder.path().join("answers");
    let daemon_file = folder.path().join("daemon");
    let policy = forking_policy(folder.path());
    let mut confined = start(
        &["daemon", daemon_file.to_str().unwrap()],
        &policy,
        &answers,
    );
    let ended = confined.wait(SHORT, &Cancel::default()).unwrap();
    assert_eq!(ended.how, How::TimedOut);
    let answers = std::fs::read_to_string(&answers).unwrap();
    let pids: Vec<u32> = answers
        .lines()
        .filter_map(|line| line.split_once(": ")?.1.parse().ok())
        .collect();
    assert_eq!(pids.len(), 2, "{answers}");
    for pid in pids {
        assert!(is_gone(pid), "process {pid} survived the run");
    }
    std::thread::sleep(Duration::from_millis(1200));
    assert!(!daemon_file.exists());
}

#[test]
fn an_orphan_outside_every_run_is_killed() {
    init().unwrap();
    // The shell leaves a sleeper behind, re-parented to the grader (a subreaper), in no
    // run's group: what a process escaping a run would look like.
    let output = output_of_trusted(
        Command::new("/bin/sh").args(["-c", "sleep 30 >/dev/null 2>&1 & echo $!"]),
    )
    .unwrap();
    let pid: u32 = String::from_utf8(output.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(!is_gone(pid));
    reaper::kill_orphans();
    assert!(is_gone(pid));
}
