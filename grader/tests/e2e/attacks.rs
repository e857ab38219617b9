//! A learner's code can neither fool nor harm the grader: each test grades an attack
//! with the real binary, as the learner's `xor_all` (or a learner's checkout under
//! `verify --workbook`), and checks that it ends in a failing verdict or a clear
//! refusal, in time. Every grading is also checked by the lab (`attacks/lab.rs`): no
//! process of the run is left, nothing is written outside the run, the grader stays
//! under 1 GiB and prints under 1 MB, and no report shows a secret of the environment
//! or of the files.
//!
//! The attack programs call the C library themselves (a learner's file has no crates),
//! and say what each attempt got: `denied (...)` or `ESCAPED`. A read that escaped shows
//! what it read, so the lab's secret check sees it too.

// The attacks and the lab are Linux's: their programs call Linux's C library, and check
// Landlock's and seccomp's refusals (macOS and Windows confine less: see `doctor`).
#![cfg(target_os = "linux")]
// The lab itself needs a few raw calls (a pseudo-terminal, a FIFO, wait4 for a child's
// memory): each is a small block with its SAFETY comment.
#![allow(unsafe_code)]

use crate::common;

mod lab;

use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{GRADER, Workbook, manifest};
use lab::{Cost, Grading, Lab, TIME_LIMIT, WAITING_LIMIT};
use serde_json::Value;

/// What the attack programs share: the C calls they make, and the runner's record
/// format, to write the answers themselves.
const PRELUDE: &str = r#"#![allow(unused)]
// An attack from the grader's tests: @MARKER@
use std::io::Write;
use std::mem::ManuallyDrop;
use std::os::fd::FromRawFd;
use std::os::unix::fs::FileExt;

unsafe extern "C" {
    fn fork() -> i32;
    fn setsid() -> i32;
    fn sleep(seconds: u32) -> u32;
    fn _exit(code: i32) -> !;
    fn getppid() -> i32;
    fn kill(pid: i32, signal: i32) -> i32;
    fn dup2(old: i32, new: i32) -> i32;
    fn pipe(fds: *mut i32) -> i32;
    fn mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
}

/// The runner's record kinds (`xorlings_core::wire::record`).
const ANSWER: u64 = @ANSWER@;
const PANIC: u64 = @PANIC@;
const DONE: u64 = @DONE@;

const SIGKILL: i32 = 9;
const SIGTERM: i32 = 15;
const SIGSTOP: i32 = 19;

/// What a system call did.
fn outcome(result: i32) -> String {
    if result >= 0 {
        "ESCAPED".to_string()
    } else {
        format!("denied ({})", std::io::Error::last_os_error())
    }
}

/// What a file operation did; a read that worked shows what it read.
fn outcome_of<T: std::fmt::Debug>(result: std::io::Result<T>) -> String {
    match result {
        Ok(value) => format!("ESCAPED {value:?}"),
        Err(error) => format!("denied ({error})"),
    }
}

/// The descriptor the grader reads the answers from.
fn answers() -> ManuallyDrop<std::fs::File> {
    ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(4) })
}

/// A record as the runner writes it: kind, where the printed output ended, length, body.
fn record(kind: u64, body: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for word in [kind, 0, body.len() as u64] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(body);
    bytes
}

/// An answer to every case (the right one when `right`) and the final record, as the
/// runner writes them, from the cases the grader gave on descriptor 3.
fn answer_every_case(right: bool) -> Vec<u8> {
    let cases = ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(3) });
    let mut bytes = Vec::new();
    let mut buffer = vec![0; 1 << 16];
    while let Ok(n @ 1..) = cases.read_at(&mut buffer, bytes.len() as u64) {
        bytes.extend_from_slice(&buffer[..n]);
    }
    let words: Vec<u64> = bytes
        .chunks_exact(8)
        .map(|chunk| u64::from_le_bytes(chunk.try_into().unwrap()))
        .collect();
    let mut out = Vec::new();
    let mut at = 1;
    for _ in 0..words[0] {
        let heaps = &words[at + 1..at + 1 + words[at] as usize];
        at += 1 + heaps.len();
        let answer = if right { heaps.iter().fold(0, |x, h| x ^ h) } else { 0xdead };
        out.extend(record(ANSWER, &answer.to_le_bytes()));
    }
    out.extend(record(DONE, &[]));
    out
}
"#;

/// [`PRELUDE`] with the runner's record kinds.
fn prelude() -> String {
    use xorlings_core::wire::record;
    PRELUDE
        .replace("@ANSWER@", &record::ANSWER.to_string())
        .replace("@PANIC@", &record::PANIC.to_string())
        .replace("@DONE@", &record::DONE.to_string())
}

/// The JSON report's one exercise, and the report.
fn exercise_of(report: &Value) -> &Value {
    &report["exercises"][0]
}

impl Lab {
    /// Grades `attack` as the learner's `xor_all`, in JSON, and checks the report.
    #[track_caller]
    fn attack_json(&self, attack: &str, cost: Cost) -> (Grading, Value) {
        self.learner(&format!("{}{attack}", prelude()));
        let grading = self.grade(&["run", "xor_all", "--format", "json"], cost);
        let report = common::valid_report(&grading.stdout);
        assert_eq!(grading.code, 1, "{grading:#?}");
        assert_ne!(exercise_of(&report)["verdict"], "passed", "{report:#}");
        (grading, report)
    }

    /// Grades `source`, whole, as the learner's `xor_all`, in JSON.
    #[track_caller]
    fn attack_json_raw(&self, source: &str) -> (Grading, Value) {
        self.learner(source);
        let grading = self.grade(&["run", "xor_all", "--format", "json"], Cost::RUN);
        let report = common::valid_report(&grading.stdout);
        assert_eq!(grading.code, 1, "{grading:#?}");
        (grading, report)
    }

    /// Grades `attack` as the learner's `xor_all`, for people.
    #[track_caller]
    fn attack(&self, attack: &str, cost: Cost) -> Grading {
        self.learner(&format!("{}{attack}", prelude()));
        let grading = self.grade(&["run", "xor_all"], cost);
        assert_eq!(grading.code, 1, "{grading:#?}");
        assert!(
            has_headline(&grading.stdout, "✗ xor_all"),
            "{}",
            grading.stdout
        );
        grading
    }
}

/// Whether a line of the report starts with `headline` (the learner's text is indented).
fn has_headline(report: &str, headline: &str) -> bool {
    report.lines().any(|line| line.starts_with(headline))
}

#[track_caller]
fn has(text: &str, wanted: &str) {
    assert!(text.contains(wanted), "{wanted:?} is not in:\n{text}");
}

/// Every attempt named was made and denied, and none escaped.
#[track_caller]
fn denied(text: &str, attempts: &[&str]) {
    assert!(!text.contains("ESCAPED"), "an attack escaped:\n{text}");
    for attempt in attempts {
        has(text, &format!("{attempt}: denied ("));
    }
}

/// The run time a JSON report gives its one exercise.
fn run_time(report: &Value) -> Duration {
    Duration::from_millis(exercise_of(report)["run_time_ms"].as_u64().unwrap())
}

// 1. Processes that outlive their answers.

const SLOW_CHILD: &str = r#"
/// A child keeps stdout and the answers open, and writes every right answer over the
/// parent's wrong ones 8 s later.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let child = unsafe { fork() };
    if child == 0 {
        unsafe { sleep(8) };
        println!("the child answers late");
        let _ = answers().write_at(&answer_every_case(true), 0);
        unsafe { _exit(0) }
    }
    if child < 0 {
        panic!("fork: {}", outcome(child));
    }
    0
}
"#;

const PARENT_EXITS: &str = r#"
/// The parent ends at once; its child answers every case right, 8 s later.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let child = unsafe { fork() };
    if child == 0 {
        unsafe { sleep(8) };
        let _ = answers().write_all(&answer_every_case(true));
        unsafe { _exit(0) }
    }
    println!("fork: {}", outcome(child));
    let _ = std::io::stdout().flush();
    unsafe { _exit(0) }
}
"#;

const LINGERING: &str = r#"
/// Every answer is right, but the program does not end: in the group with no heaps, a
/// thread-local's destructor holds the runner's worker for ever, using no CPU time.
struct Linger;

impl Drop for Linger {
    fn drop(&mut self) {
        std::thread::sleep(std::time::Duration::from_secs(600));
    }
}

thread_local! {
    static LINGER: Linger = const { Linger };
}

pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.is_empty() {
        LINGER.with(|_| {});
    }
    heaps.iter().fold(0, |x, h| x ^ h)
}
"#;

#[test]
fn a_child_that_answers_later_is_never_born() {
    let lab = Lab::new();
    for attack in [SLOW_CHILD, PARENT_EXITS] {
        let (grading, report) = lab.attack_json(attack, Cost::RUN);
        denied(&grading.stdout, &["fork"]);
        // The run time is honest: no group waited for anything.
        assert!(run_time(&report) < TIME_LIMIT, "{report:#}");
        assert!(run_time(&report) <= grading.elapsed);
    }
}

#[test]
fn a_program_still_running_after_its_answers_does_not_pass() {
    let lab = Lab::new();
    let (grading, report) = lab.attack_json(LINGERING, Cost::WAITING);
    assert_eq!(exercise_of(&report)["verdict"], "time limit", "{report:#}");
    // It used no CPU time: its time of waiting ended it, and the verdict says so.
    assert!(grading.elapsed >= WAITING_LIMIT, "{report:#}");
    let message = report["tests"][0]["message"].as_str().unwrap();
    has(
        message,
        "every case was answered, but the program was still running",
    );
    has(message, "it was waiting, not working");
}

// 2. Daemons that act after the verdict.

const DAEMON: &str = r##"
/// A double-forked daemon forges the progress and overwrites the grader 5 s after the
/// verdict; and the same writes, tried at once.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let forged = "done = [\"xor_all\", \"is_losing_position\", \"apply_move\"]\n";
    let first = unsafe { fork() };
    if first == 0 {
        unsafe { setsid() };
        if unsafe { fork() } == 0 {
            unsafe { sleep(5) };
            let _ = std::fs::write("@ROOT@/.xorlings-progress.toml", forged);
            let _ = std::fs::write("@GRADER@", "#!/bin/sh\necho passed\n");
            let _ = std::fs::write("/tmp/@MARKER@-daemon", "");
        }
        unsafe { _exit(0) }
    }
    let daemon = outcome(first);
    let open_grader = std::fs::OpenOptions::new().write(true).open("@GRADER@");
    let tried = [
        format!("daemon: {daemon}"),
        format!("progress: {}", outcome_of(std::fs::write("@ROOT@/.xorlings-progress.toml", forged))),
        format!("grader: {}", outcome_of(open_grader)),
        format!("remove grader: {}", outcome_of(std::fs::remove_file("@GRADER@"))),
        format!("rename grader: {}", outcome_of(std::fs::rename("@GRADER@", "@GRADER@.old"))),
        format!("tmp: {}", outcome_of(std::fs::write("/tmp/@MARKER@", ""))),
        format!("shm: {}", outcome_of(std::fs::write("/dev/shm/@MARKER@", ""))),
        format!("workbook: {}", outcome_of(std::fs::write("@ROOT@/@MARKER@", ""))),
        format!("target: {}", outcome_of(std::fs::write("@TARGET@/@MARKER@", ""))),
    ];
    panic!("{}", tried.join("\n"));
}
"##;

#[test]
fn a_daemon_can_neither_forge_progress_nor_replace_the_grader() {
    let lab = Lab::new();
    let grader = std::fs::metadata(GRADER).unwrap();
    let grading = lab.attack(DAEMON, Cost::RUN);
    denied(
        &grading.stdout,
        &[
            "daemon",
            "progress",
            "grader",
            "remove grader",
            "rename grader",
            "tmp",
            "shm",
            "workbook",
            "target",
        ],
    );
    has(&grading.stdout, "daemon: denied (Operation not permitted");
    // Landlock's refusal, or, in a root of the run's own, no such file at all.
    assert!(
        ["Permission denied", "No such file or directory"]
            .iter()
            .any(|why| grading
                .stdout
                .contains(&format!("remove grader: denied ({why}"))),
        "{}",
        grading.stdout
    );
    let progress = lab.workbook.read(".xorlings-progress.toml");
    // The daemon would have struck 5 s after the verdict.
    std::thread::sleep(Duration::from_millis(5500));
    lab.assert_nothing_left();
    assert_eq!(lab.workbook.read(".xorlings-progress.toml"), progress);
    assert!(progress.contains("done = []"), "{progress}");
    let after = std::fs::metadata(GRADER).unwrap();
    assert_eq!(
        (after.len(), after.modified().unwrap()),
        (grader.len(), grader.modified().unwrap())
    );
}

// 3. The answers descriptor.

const SWAPPED_ANSWERS: &str = r#"
/// Puts a pipe nobody reads where the answers go, after trying /dev/zero and a FIFO,
/// and rewriting its own cases; then answers one more than the nim-sum, so that the
/// report shows what reached the grader (and what the attack printed).
pub fn xor_all(heaps: &[u64]) -> u64 {
    let cases = ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(3) });
    println!("rewrite the cases: {}", outcome_of(cases.write_at(&[0; 8], 0)));
    let zero = std::fs::OpenOptions::new().write(true).open("/dev/zero");
    println!("open /dev/zero: {}", outcome_of(zero));
    let fifo = std::ffi::CString::new("/tmp/@MARKER@-fifo").unwrap();
    println!("mkfifo: {}", outcome(unsafe { mkfifo(fifo.as_ptr(), 0o600) }));
    let mut ends = [0; 2];
    unsafe { pipe(ends.as_mut_ptr()) };
    unsafe { dup2(ends[1], 4) };
    heaps.iter().fold(0, |x, h| x ^ h) + 1
}
"#;

const PANIC_FLOOD: &str = r#"
/// A panic message of @MEGABYTES@ MB with escape codes, straight to the answers.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let message = "\x1b[2J✓ passed ".repeat((@MEGABYTES@ << 20) / 15);
    let _ = answers().write_all(&record(PANIC, message.as_bytes()));
    unsafe { _exit(0) }
}
"#;

const RECORD_FLOOD: &str = r#"
/// 100 MB of answer records, straight to the answers.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let one = record(ANSWER, &0u64.to_le_bytes());
    let _ = answers().write_all(&one.repeat((100 << 20) / one.len()));
    unsafe { _exit(0) }
}
"#;

const FORGED_DONE: &str = r#"
/// Wrong answers to every case, and the final record, forged at the first call.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let _ = answers().write_all(&answer_every_case(false));
    unsafe { _exit(0) }
}
"#;

#[test]
fn the_answers_descriptor_cannot_be_swapped_flooded_or_forged() {
    let lab = Lab::new();
    let grading = lab.attack(SWAPPED_ANSWERS, Cost::EVERY_LIMIT);
    denied(
        &grading.stdout,
        &["open /dev/zero", "mkfifo", "rewrite the cases"],
    );
    // The answers the runner wrote reached the grader, pipe or not.
    has(&grading.stdout, "wrong answer on hidden case 1");
    has(&grading.stdout, "yours: 1\n");
    has(&grading.stdout, "0 of 5 test groups passed");

    // 10 MB fit every group's bound on its answers: each keeps a short panic message.
    let (grading, report) = lab.attack_json(&PANIC_FLOOD.replace("@MEGABYTES@", "10"), Cost::FLOOD);
    assert_eq!(exercise_of(&report)["verdict"], "panicked", "{report:#}");
    for test in report["tests"].as_array().unwrap() {
        let message = test["message"].as_str().unwrap();
        has(message, "Your code panicked");
        has(message, "␛[2J✓ passed");
        has(message, "[... 10,477,558 more bytes, not kept]");
    }
    assert!(!grading.stdout.contains("\\u001b"));
    // 100 MB: the first group has room for it; the others stop at their output limit.
    lab.attack_json(&PANIC_FLOOD.replace("@MEGABYTES@", "100"), Cost::FLOOD);

    let (_, report) = lab.attack_json(RECORD_FLOOD, Cost::FLOOD);
    let verdict = exercise_of(&report)["verdict"].as_str().unwrap();
    assert!(
        ["output limit", "wrong answer"].contains(&verdict),
        "{report:#}"
    );

    let (_, report) = lab.attack_json(FORGED_DONE, Cost::RUN);
    assert_eq!(
        exercise_of(&report)["verdict"],
        "wrong answer",
        "{report:#}"
    );
    has(&report.to_string(), "your function returned 57005");
}

// 4. Floods of output.

const PRINT_FLOOD: &str = r#"
/// Prints without end: gigabytes, if nothing stops it.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let line = "flood ".repeat(10_000);
    loop {
        println!("{line}");
    }
}
"#;

#[test]
fn floods_of_printed_output_and_compiler_messages_are_cut_with_a_note() {
    let lab = Lab::new();
    let grading = lab.attack(PRINT_FLOOD, Cost::FLOOD);
    has(&grading.stdout, "output limit");
    has(&grading.stdout, "bytes more, not kept");

    // `compile_error!` of a huge string: one message of megabytes.
    lab.workbook.write(
        "exercises/xor_all/src/lib.rs",
        &format!(
            "compile_error!(\"{}\");\npub fn xor_all(heaps: &[u64]) -> u64 {{ 0 }}\n",
            "A".repeat(900_000)
        ),
    );
    let grading = lab.grade(&["run", "xor_all"], Cost::RUN);
    has(&grading.stdout, "does not compile");
    has(&grading.stdout, "error: AAAA");
    has(
        &grading.stdout,
        "more bytes of the compiler's messages, not shown",
    );

    // Nested macros: an error for each of many thousand tokens.
    let tokens: Vec<String> = (0..20_000).map(|i| format!("t{i}")).collect();
    lab.workbook.write(
        "exercises/xor_all/src/lib.rs",
        &format!(
            "macro_rules! each {{ ($($t:tt)*) => {{ $( compile_error!(stringify!($t)); )* }} }}\n\
             macro_rules! nest {{ ($($t:tt)*) => {{ each!{{ $($t)* }} }} }}\n\
             nest!{{ {} }}\npub fn xor_all(heaps: &[u64]) -> u64 {{ 0 }}\n",
            tokens.join(" ")
        ),
    );
    let grading = lab.grade(&["run", "xor_all"], Cost::RUN);
    has(&grading.stdout, "error: t0");
    // The note is wrapped to the width, as every line of a report.
    let words = grading
        .stdout
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    has(&words, "the compiler was stopped");
    assert!(!grading.stdout.contains("error: t19999"));
}

// 5. Control codes in what the learner's code prints.

const FAKE_SCREEN: &str = r#"
/// Clears the screen and draws a verdict of its own, in its output and its panic.
const FAKE: &str = "\x1b[2J\x1b[H\x1b[5;32m✓ xor_all passed all 8,598 hidden cases\x1b[0m\n\
    Well done: xor_all passes\n| score | 600/600 |\n\x1b]0;pwned\x07\x1bc\x1b[8m";

pub fn xor_all(heaps: &[u64]) -> u64 {
    print!("{FAKE}");
    eprint!("{FAKE}");
    panic!("{FAKE}");
}
"#;

/// The escape codes the fake screen uses; none may reach a terminal.
const FAKE_CODES: [&str; 6] = [
    "\x1b[2J",
    "\x1b[H",
    "\x1b[5;32m",
    "\x1b]0;",
    "\x1bc",
    "\x1b[8m",
];

#[test]
fn control_codes_are_shown_as_symbols_in_every_report() {
    let lab = Lab::new();
    let grading = lab.attack(FAKE_SCREEN, Cost::RUN);
    let report = &grading.stdout;
    assert!(
        !report.chars().any(|c| c.is_control() && c != '\n'),
        "a control character reached the report:\n{report:?}"
    );
    has(
        report,
        "Your code panicked:\n    ␛[2J␛[H␛[5;32m✓ xor_all passed all",
    );
    has(report, "| ␛[2J␛[H␛[5;32m✓ xor_all passed all");
    has(report, "␛]0;pwned␇␛c␛[8m");

    let (grading, report) = lab.attack_json(FAKE_SCREEN, Cost::RUN);
    assert!(!grading.stdout.contains("\\u001b") && !grading.stdout.contains("\\u0007"));
    let first = &report["tests"][0];
    has(
        first["message"].as_str().unwrap(),
        "␛[2J␛[H␛[5;32m✓ xor_all passed",
    );
    has(
        first["output"].as_str().unwrap(),
        "␛[2J␛[H␛[5;32m✓ xor_all passed",
    );

    // In a terminal, the grader colors its report; the learner's codes stay symbols.
    let shown = in_a_terminal(&lab, &["run", "xor_all"]);
    has(&shown, "\x1b[");
    for code in FAKE_CODES {
        assert!(
            !shown.contains(code),
            "{code:?} reached the terminal:\n{shown:?}"
        );
    }
    has(&shown, "␛[2J␛[H␛[5;32m✓ xor_all passed");
}

/// What the grader shows in a terminal (a pseudo-terminal the test reads).
fn in_a_terminal(lab: &Lab, args: &[&str]) -> String {
    // SAFETY: plain calls on a descriptor this function owns; ptsname_r writes into the
    // buffer it is given, within its length.
    let (master, slave) = unsafe {
        let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(master >= 0 && libc::grantpt(master) == 0 && libc::unlockpt(master) == 0);
        let mut name = [0 as libc::c_char; 128];
        assert_eq!(libc::ptsname_r(master, name.as_mut_ptr(), name.len()), 0);
        let size = libc::winsize {
            ws_row: 40,
            ws_col: 100,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        libc::ioctl(master, libc::TIOCSWINSZ, &size);
        let name = std::ffi::CStr::from_ptr(name.as_ptr())
            .to_str()
            .unwrap()
            .to_string();
        (
            <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(master),
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(name)
                .unwrap(),
        )
    };
    let mut command = lab.command(args);
    command
        .env_remove("NO_COLOR")
        .stdout(slave)
        .stderr(Stdio::null());
    let mut child = command.spawn().unwrap();
    drop(command);
    let reader = std::thread::Builder::new()
        .spawn(move || {
            let mut shown = Vec::new();
            // Ends with EIO once the grader, the slave's last user, is gone.
            let _ = std::io::Read::read_to_end(&mut { master }, &mut shown);
            String::from_utf8_lossy(&shown).into_owned()
        })
        .unwrap();
    let status = child.wait().unwrap();
    let shown = reader.join().unwrap();
    assert_eq!(status.code(), Some(1), "{shown}");
    lab.assert_no_secret(&shown);
    lab.assert_nothing_left();
    shown
}

// 6. Secrets: the environment, the files, the instructor's solution.

const COMPILE_TIME_LEAKS: &str = r#"
pub const TOKEN: &str = env!("SECRET_TOKEN");
pub const PASSWD: &str = include_str!("/etc/passwd");
pub const ENVIRON: &str = include_str!("/proc/self/environ");
pub const HOME: &str = include_str!("@HOME@/.secret");
pub const SOLUTION: &str = include_str!("../../../solutions/xor_all/src/lib.rs");
pub const ABSOLUTE: &str = include_str!("@ROOT@/solutions/xor_all/src/lib.rs");

pub fn xor_all(heaps: &[u64]) -> u64 {
    0
}
"#;

/// Modules from elsewhere: a missing module ends the compile, so one attack each.
const MODULE_LEAKS: [&str; 2] = [
    "#[path = \"/etc/passwd\"]\nmod passwd;\npub fn xor_all(heaps: &[u64]) -> u64 { 0 }\n",
    "#[path = \"@ROOT@/solutions/xor_all/src/lib.rs\"]\nmod solution;\n\
     pub fn xor_all(heaps: &[u64]) -> u64 { solution::xor_all(heaps) }\n",
];

const RUN_TIME_LEAKS: &str = r#"
static FOUND: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

fn note(what: String) {
    FOUND.lock().unwrap().push(what);
}

/// Every read a learner could try, at run time.
fn reads(when: &str) {
    let parent = unsafe { getppid() };
    for path in [
        "/etc/passwd".to_string(),
        "@HOME@/.secret".to_string(),
        "@ROOT@/solutions/xor_all/src/lib.rs".to_string(),
        "/proc/self/environ".to_string(),
        format!("/proc/{parent}/environ"),
        format!("/proc/{parent}/cmdline"),
    ] {
        note(format!("{when} read {path}: {}", outcome_of(std::fs::read_to_string(&path))));
    }
}

#[used]
#[unsafe(link_section = ".init_array")]
static BEFORE_MAIN: extern "C" fn() = before_main;

/// Runs before `main`, as soon as the program is loaded.
extern "C" fn before_main() {
    reads("constructor");
    let child = unsafe { fork() };
    if child == 0 {
        unsafe { _exit(0) }
    }
    note(format!("constructor fork: {}", outcome(child)));
    note(format!("constructor stop the grader: {}", outcome(unsafe { kill(getppid(), SIGSTOP) })));
}

pub fn xor_all(heaps: &[u64]) -> u64 {
    reads("run time");
    note(format!("option_env: {:?}", option_env!("SECRET_TOKEN")));
    note(format!("vars: {:?}", std::env::vars().collect::<Vec<_>>()));
    note(format!("var: {:?}", std::env::var("SECRET_TOKEN")));
    panic!("{}", FOUND.lock().unwrap().join("\n"));
}
"#;

#[test]
fn no_secret_leaks_at_compile_time_or_at_run_time() {
    let lab = Lab::new();
    // Every report, for people and for tools, goes through the lab's secret check.
    lab.learner(COMPILE_TIME_LEAKS);
    has(
        &lab.grade(&["run", "xor_all"], Cost::RUN).stdout,
        "does not compile",
    );
    let (grading, _) = lab.attack_json_raw(COMPILE_TIME_LEAKS);
    let report = &grading.stdout;
    has(
        report,
        "environment variable `SECRET_TOKEN` not defined at compile time",
    );
    has(report, "couldn't read `/etc/passwd`: Permission denied");
    has(
        report,
        "couldn't read `/proc/self/environ`: Permission denied",
    );
    has(report, ".secret`: Permission denied");
    has(
        report,
        "solutions/xor_all/src/lib.rs`: No such file or directory",
    );
    has(report, "solutions/xor_all/src/lib.rs`: Permission denied");
    for module in MODULE_LEAKS {
        let (grading, _) = lab.attack_json_raw(module);
        has(&grading.stdout, "`: Permission denied");
    }

    let run_time = format!("{}{RUN_TIME_LEAKS}", prelude());
    lab.learner(&run_time);
    has(
        &lab.grade(&["run", "xor_all"], Cost::RUN).stdout,
        "panicked",
    );
    let (grading, _) = lab.attack_json_raw(&run_time);
    let report = &grading.stdout;
    denied(
        report,
        &[
            "constructor read /etc/passwd",
            "constructor read /proc/self/environ",
            "run time read /etc/passwd",
            "run time read /proc/self/environ",
            "constructor fork",
            "constructor stop the grader",
        ],
    );
    has(report, "option_env: None");
    has(report, "vars: []");
    has(report, "var: Err(NotPresent)");
}

// 7. Checkouts that are not what they seem, under `verify --workbook`.

/// A checkout of the workbook's exercises at `root`, every exercise solved.
fn solved_checkout(root: &Path) {
    let repo = common::repo_root();
    for exercise in manifest().exercises {
        let file = root.join(exercise.file());
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::copy(repo.join(exercise.solution()), file).unwrap();
    }
}

/// The JSON report's exercise `name`.
fn exercise_named<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["exercises"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .unwrap()
}

#[test]
fn odd_checkouts_score_zero_for_the_odd_files_alone() {
    let mut lab = Lab::new();
    let outside = tempfile::tempdir().unwrap();
    let checkout = tempfile::tempdir().unwrap();
    solved_checkout(checkout.path());
    let file = |name: &str| checkout.path().join(format!("exercises/{name}/src/lib.rs"));
    let replace = |name: &str| std::fs::remove_file(file(name)).unwrap();
    replace("xor_all");
    std::os::unix::fs::symlink("/proc/self/environ", file("xor_all")).unwrap();
    replace("is_losing_position");
    std::os::unix::fs::symlink("/etc/passwd", file("is_losing_position")).unwrap();
    // A folder that is a symlink, to a solution elsewhere.
    let folder = checkout.path().join("exercises/apply_move");
    std::fs::rename(&folder, outside.path().join("apply_move")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("apply_move"), &folder).unwrap();
    replace("nim_winning_move");
    let fifo = std::ffi::CString::new(file("nim_winning_move").as_os_str().as_bytes()).unwrap();
    // SAFETY: a path that lives through the call.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    replace("grundy_number");
    std::fs::create_dir(file("grundy_number")).unwrap();

    lab.folders.push(checkout.path().to_path_buf());
    let path = checkout.path().to_str().unwrap();
    let grading = lab.grade(
        &["verify", "--workbook", path, "--format", "json"],
        Cost::verify(),
    );
    assert_eq!(grading.code, 1, "{grading:#?}");
    let report = common::valid_report(&grading.stdout);
    for (name, why) in [
        ("xor_all", "is a symbolic link"),
        ("is_losing_position", "is a symbolic link"),
        (
            "apply_move",
            "is a symbolic link, or sits in a folder that is one",
        ),
        ("nim_winning_move", "is not a regular file"),
        ("grundy_number", "is not a regular file"),
    ] {
        let exercise = exercise_named(&report, name);
        assert_eq!(exercise["verdict"], "unreadable file", "{name}: {exercise}");
        assert_eq!(exercise["score"], 0, "{name}");
        let test = report["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| {
                t["name"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("{name}: "))
            })
            .unwrap();
        has(test["message"].as_str().unwrap(), why);
    }
    // Every other exercise is solved and passes: an odd file costs its exercise alone.
    let exercises = report["exercises"].as_array().unwrap();
    let unreadable = 5;
    for exercise in exercises
        .iter()
        .filter(|e| e["verdict"] != "unreadable file")
    {
        assert_eq!(exercise["verdict"], "passed", "{exercise}");
    }

    let grading = lab.grade(&["verify", "--workbook", path], Cost::verify());
    has(
        &grading.stdout,
        &format!(
            "{} of {} exercises pass",
            exercises.len() - unreadable,
            exercises.len()
        ),
    );
    has(&grading.stdout, "xor_all cannot be graded:");
    has(&grading.stdout, "is a symbolic link");

    // Not UTF-8, and huge, in a checkout whose own path is not UTF-8.
    let parent = tempfile::tempdir().unwrap();
    let odd = parent
        .path()
        .join(std::ffi::OsStr::from_bytes(b"learner-\xff\xfe"));
    solved_checkout(&odd);
    std::fs::write(
        odd.join("exercises/xor_all/src/lib.rs"),
        b"pub fn \xff\xfe() {}",
    )
    .unwrap();
    let huge = "// padding\n".repeat((50 << 20) / 11);
    std::fs::write(odd.join("exercises/grundy_table/src/lib.rs"), huge).unwrap();
    lab.folders.push(odd.clone());
    let mut command = lab.command(&["verify", "--format", "json", "--workbook"]);
    command.arg(&odd);
    let grading = lab.run(command, Cost::verify());
    let report = common::valid_report(&grading.stdout);
    let xor_all = exercise_named(&report, "xor_all");
    assert_eq!(xor_all["verdict"], "unreadable file");
    has(&report.to_string(), "is not UTF-8 text");
    assert_eq!(
        exercise_named(&report, "grundy_table")["verdict"],
        "unreadable file"
    );
    has(&report.to_string(), "is larger than 1024 KiB");
    for name in [
        "is_losing_position",
        "apply_move",
        "nim_winning_move",
        "grundy_number",
    ] {
        assert_eq!(exercise_named(&report, name)["verdict"], "passed", "{name}");
    }
}

// 8. The grader's cache.

const CACHE_WRITES: &str = r#"
/// Writes into the grader's cache: the runner library, its hash, the builds.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let rlib = std::fs::OpenOptions::new().write(true).open("@RUNTIME@/libxorlings_core.rlib");
    let tried = [
        format!("rlib: {}", outcome_of(rlib)),
        format!("hash: {}", outcome_of(std::fs::write("@RUNTIME@/rlib.hash", "0"))),
        format!("new: {}", outcome_of(std::fs::write("@RUNTIME@/@MARKER@", ""))),
        format!("builds: {}", outcome_of(std::fs::write("@ROOT@/target/xorlings/builds/@MARKER@", ""))),
    ];
    panic!("{}", tried.join("\n"));
}
"#;

#[test]
fn the_runner_library_is_rebuilt_when_damaged_and_out_of_the_learners_reach() {
    let lab = Lab::new();
    let cache = lab.root().join("target/xorlings");
    let runtime = std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .find(|path| {
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("runtime-")
        })
        .unwrap();
    let rlib = runtime.join("libxorlings_core.rlib");
    let intact = std::fs::read(&rlib).unwrap();

    // The learner's code tries to write there while it runs.
    lab.learner(
        &format!("{}{CACHE_WRITES}", prelude()).replace("@RUNTIME@", runtime.to_str().unwrap()),
    );
    let grading = lab.grade(&["run", "xor_all"], Cost::RUN);
    denied(&grading.stdout, &["rlib", "hash", "new", "builds"]);
    assert_eq!(std::fs::read(&rlib).unwrap(), intact);

    // Junk written into the library between two gradings.
    lab.workbook.solve("xor_all");
    std::fs::write(&rlib, "junk").unwrap();
    let rebuild = Cost::new(1, 2);
    let grading = lab.grade(&["run", "xor_all"], rebuild);
    assert_eq!(grading.code, 0, "{grading:#?}");
    has(&grading.stdout, "xor_all passed all");
    let rebuilt = std::fs::read(&rlib).unwrap();
    assert_ne!(rebuilt, b"junk");
}

// 9. Signals.

const SIGNALS: &str = r#"
static FOUND: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// SIGSTOP, SIGKILL and SIGTERM to the grader and to pid 1 (when pid 1 is the test's).
fn signal_everyone(when: &str) {
    let mut found = FOUND.lock().unwrap();
    for (name, signal) in [("SIGSTOP", SIGSTOP), ("SIGKILL", SIGKILL), ("SIGTERM", SIGTERM)] {
        let grader = unsafe { kill(getppid(), signal) };
        found.push(format!("{when} {name} the grader: {}", outcome(grader)));
        if @PID_ONE_IS_OURS@ {
            found.push(format!("{when} {name} pid 1: {}", outcome(unsafe { kill(1, signal) })));
        }
    }
}

#[used]
#[unsafe(link_section = ".init_array")]
static BEFORE_MAIN: extern "C" fn() = before_main;

extern "C" fn before_main() {
    signal_everyone("constructor");
}

pub fn xor_all(heaps: &[u64]) -> u64 {
    signal_everyone("run time");
    panic!("{}", FOUND.lock().unwrap().join("\n"));
}
"#;

/// Whether this test may run a program as pid 1 of a new pid namespace (root can).
fn pid_namespaces() -> bool {
    Command::new("unshare")
        .args(["--pid", "--fork", "--mount-proc", "true"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

#[test]
fn signals_reach_neither_the_grader_nor_pid_1() {
    let lab = Lab::new();
    // Pid 1 of this machine is not ours to signal, even to show that it cannot be: the
    // grader runs in a pid namespace of its own, where pid 1 is a shell of the test's.
    let namespace = pid_namespaces();
    lab.learner(
        &format!("{}{SIGNALS}", prelude()).replace("@PID_ONE_IS_OURS@", &namespace.to_string()),
    );
    let command = if namespace {
        let mut command = Command::new("unshare");
        command
            .args([
                "--pid",
                "--fork",
                "--mount-proc",
                "--kill-child",
                "sh",
                "-c",
            ])
            .arg("\"$@\"; exit $?")
            .args(["sh", GRADER, "run", "xor_all"]);
        lab.prepare(&mut command);
        command
    } else {
        eprintln!("note: no pid namespace here; pid 1 is left alone");
        lab.command(&["run", "xor_all"])
    };
    let grading = lab.run(command, Cost::RUN);
    assert_eq!(grading.code, 1, "{grading:#?}");
    let mut attempts = Vec::new();
    for when in ["constructor", "run time"] {
        for signal in ["SIGSTOP", "SIGKILL", "SIGTERM"] {
            attempts.push(format!("{when} {signal} the grader"));
            if namespace {
                attempts.push(format!("{when} {signal} pid 1"));
            }
        }
    }
    let attempts: Vec<&str> = attempts.iter().map(String::as_str).collect();
    denied(&grading.stdout, &attempts);
    has(
        &grading.stdout,
        "run time SIGKILL the grader: denied (Operation not permitted",
    );
}

// 10. Two graders at once.

const PROGRESS: &str = ".xorlings-progress.toml";

#[test]
fn two_graders_at_once_both_record_their_passes() {
    let lab = Lab::new();
    lab.workbook.solve("xor_all");
    lab.workbook.solve("is_losing_position");
    let runs: Vec<_> = ["xor_all", "is_losing_position"]
        .map(|exercise| {
            let mut command = lab.command(&["run", exercise]);
            command.stdout(Stdio::null()).stderr(Stdio::null());
            command.spawn().unwrap()
        })
        .into_iter()
        .collect();
    for mut run in runs {
        assert!(run.wait().unwrap().success());
    }
    let progress = lab.workbook.read(PROGRESS);
    has(&progress, "\"xor_all\"");
    has(&progress, "\"is_losing_position\"");
    lab.assert_nothing_left();

    // watch through pipes, and `run` beside it.
    std::fs::remove_file(lab.workbook.path(PROGRESS)).unwrap();
    let mut watch = lab.command(&["watch"]);
    watch
        .env(xorlings_sandbox::PRETEND_MISSING_VARIABLE, "subreaper")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut watch = watch.spawn().unwrap();
    let mut run = lab.command(&["run", "is_losing_position"]);
    let run = run.stdout(Stdio::null()).status().unwrap();
    assert!(run.success());
    let shown = read_until(watch.stdout.take().unwrap(), "Well done: xor_all passes");
    has(&shown, "the sandbox on this machine is not complete");
    std::io::Write::write_all(watch.stdin.as_mut().unwrap(), b"q\n").unwrap();
    assert!(watch.wait().unwrap().success());
    let progress = lab.workbook.read(PROGRESS);
    has(&progress, "\"xor_all\"");
    has(&progress, "\"is_losing_position\"");
    lab.assert_nothing_left();
}

/// What `stream` gives until `wanted` shows (at most a minute), with every run of
/// whitespace as one space (watch wraps its lines).
fn read_until(stream: impl std::io::Read + Send + 'static, wanted: &'static str) -> String {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .spawn(move || {
            let mut stream = stream;
            let mut shown = Vec::new();
            let mut buffer = [0; 4096];
            while let Ok(n @ 1..) = stream.read(&mut buffer) {
                shown.extend_from_slice(&buffer[..n]);
                let text = String::from_utf8_lossy(&shown);
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if text.contains(wanted) {
                    let _ = sender.send(text);
                    // Keep reading, so that watch never blocks on a full pipe.
                    let _ = std::io::copy(&mut stream, &mut std::io::sink());
                    return;
                }
            }
            let _ = sender.send(String::from_utf8_lossy(&shown).into_owned());
        })
        .unwrap();
    let shown = receiver.recv_timeout(Duration::from_secs(60)).unwrap();
    has(&shown, wanted);
    shown
}

// The sandbox's own report, and class grading without a full sandbox.

#[test]
fn doctor_tells_each_layer_and_what_a_missing_one_means() {
    let workbook = Workbook::new();
    let run = workbook.grader(&["doctor"]);
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
    for layer in [
        "Landlock",
        "file rules",
        "scopes",
        "seccomp",
        "no_new_privs",
        "capabilities",
        "subreaper",
    ] {
        has(&run.stdout, layer);
    }
    if run.code == 0 {
        assert!(!run.stdout.contains('✗'), "{}", run.stdout);
        has(&run.stdout, "Full protection");
    }

    let mut command = Command::new(GRADER);
    command
        .arg("doctor")
        .current_dir(std::env::temp_dir())
        .env("NO_COLOR", "1")
        .env(
            xorlings_sandbox::PRETEND_MISSING_VARIABLE,
            "seccomp, scopes",
        );
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    has(&stdout, "✗ seccomp");
    has(&stdout, "✗ scopes");
    has(
        &stdout,
        "Missing:\n  - Landlock rules for signals and abstract unix sockets",
    );
    has(
        &stdout,
        "seccomp filters: confined programs may start processes",
    );
    has(
        &stdout,
        "For a learner grading their own work: the grader still runs",
    );
    has(
        &stdout,
        "For class grading (`cargo grader verify --workbook`)",
    );
    has(
        &stdout,
        "$XORLINGS_PRETEND_MISSING leaves out of this report: seccomp, scopes",
    );
}

#[test]
fn class_grading_needs_the_full_sandbox_unless_the_instructor_allows_less() {
    let mut lab = Lab::new();
    let checkout = tempfile::tempdir().unwrap();
    solved_checkout(checkout.path());
    lab.folders.push(checkout.path().to_path_buf());
    let path = checkout.path().to_str().unwrap();
    let weak = |args: &[&str]| {
        let mut command = lab.command(args);
        command.env(
            xorlings_sandbox::PRETEND_MISSING_VARIABLE,
            "seccomp,landlock",
        );
        lab.run(command, Cost::verify())
    };

    let refused = weak(&["verify", "--workbook", path]);
    assert_eq!(refused.code, 2, "{refused:#?}");
    assert_eq!(refused.stdout, "");
    has(&refused.stderr, "class grading runs other people's code");
    has(
        &refused.stderr,
        "missing Landlock (not in this kernel, or disabled)",
    );
    has(&refused.stderr, "--allow-weak-sandbox");

    let allowed = weak(&["verify", "--workbook", path, "--allow-weak-sandbox"]);
    assert_eq!(allowed.code, 0, "{allowed:#?}");
    let count = manifest().exercises.len();
    has(
        &allowed.stdout,
        &format!("{count} of {count} exercises pass"),
    );
    assert_eq!(
        allowed.stderr.matches("without the full sandbox").count(),
        1,
        "{}",
        allowed.stderr
    );

    // A learner's own work runs, with a note once; and pretending weakens nothing: the
    // learner's code is as confined as ever.
    lab.learner(&format!("{}{RUN_TIME_LEAKS}", prelude()));
    let own = weak(&["run", "xor_all"]);
    assert_eq!(own.code, 1, "{own:#?}");
    assert_eq!(
        own.stderr
            .matches("the sandbox on this machine is not complete")
            .count(),
        1
    );
    denied(
        &own.stdout,
        &["constructor fork", "run time read /etc/passwd"],
    );
}

// 11. Verdicts in seconds, whatever the code does.

/// The longest from the start of `grader run` to its verdict on an idle machine (on a
/// busy one, stretched by how many processes want each core).
const VERDICT_TIME: Duration = Duration::from_secs(10);

/// A search from the rules without a memo, as learners write it: right answers, in
/// exponential time, in every group.
const NO_MEMO_SEARCH: &str =
    include_str!("../../../solutions/brute_force_is_losing/recorded/time_limit/no_memo.rs");

const SPINS: &str = r#"
/// Works for ever on every call.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut x = heaps.len() as u64;
    loop {
        x = std::hint::black_box(x.wrapping_mul(3));
    }
}
"#;

const SLEEPS: &str = r#"
/// Waits for ever on every call.
pub fn xor_all(heaps: &[u64]) -> u64 {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(60));
    }
}
"#;

const TRICKLES: &str = r#"
/// Works a millisecond in every ten, for ever: never waiting long, never working much.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut x = heaps.len() as u64;
    loop {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_millis(1) {
            x = std::hint::black_box(x.wrapping_mul(3));
        }
        std::thread::sleep(std::time::Duration::from_millis(9));
    }
}
"#;

#[track_caller]
fn within_verdict_time(grading: &Grading) {
    let allowed = VERDICT_TIME.mul_f64(lab::busyness());
    assert!(
        grading.elapsed <= allowed,
        "the verdict took {:.2?}, over {allowed:.2?}: {}",
        grading.elapsed,
        grading.stdout
    );
}

#[test]
fn a_verdict_comes_within_seconds_whatever_the_code_does() {
    let lab = Lab::new();
    // The stub first: the optimised build's runtime is built once, on a learner's
    // first grading of such an exercise.
    let file = "exercises/brute_force_is_losing/src/lib.rs";
    lab.grade(&["run", "brute_force_is_losing"], Cost::new(1, 8));
    lab.workbook.write(file, NO_MEMO_SEARCH);
    // The lab's own bound is looser: the verdict's bound is the one under test here.
    let grading = lab.grade(&["run", "brute_force_is_losing"], Cost::new(5, 4));
    within_verdict_time(&grading);
    has(&grading.stdout, "time limit on hidden case");
    has(&grading.stdout, "a time limit ends the grading");

    for attack in [SPINS, SLEEPS, TRICKLES] {
        let grading = lab.attack(attack, Cost::new(5, 4));
        within_verdict_time(&grading);
        has(&grading.stdout, "time limit on hidden case");
    }
}
