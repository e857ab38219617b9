//! The real `grader watch` on a temporary copy of the workbook, driven through pipes as
//! an IDE console or CI would (its terminal screens are tested end to end, in
//! `tests/e2e/terminal.rs`).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use crate::common::watch::{
    ADDING, ADDING_FAILS, FIRST_FAILS, FIRST_PASSES, SECOND, SECOND_FAILS, exercise_file, solution,
    total,
};
use crate::common::{self, DEADLINE, GRADER, POLL, find_phrase};

/// The time limit of `xor_all`: a grading of an endless loop ends no sooner.
const ENDLESS_LOOP_LIMIT: Duration = Duration::from_secs(2);

const KEYS_ON: &str = "Type a key and Enter:";

/// Saves as vim and many editors do: a new file renamed over the old one.
fn save_by_rename(file: &Path, text: &str) {
    let temporary = file.with_extension("rs.new");
    std::fs::write(&temporary, text).unwrap();
    std::fs::rename(&temporary, file).unwrap();
}

#[test]
fn phrases_are_found_across_wrapped_lines() {
    assert_eq!(
        find_phrase("a deleted or\n  renamed.", "deleted or renamed"),
        Some(22)
    );
    assert_eq!(find_phrase("deleted orrenamed", "deleted or renamed"), None);
    assert_eq!(find_phrase("x y", "y"), Some(3));
}

/// `grader watch` with stdin and stdout as pipes: keys as lines, screens printed.
struct Piped {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<String>,
    text: String,
    /// Where the next search starts: each wait is for new output.
    seen: usize,
}

impl Piped {
    fn start(workbook: &Path) -> Piped {
        let mut child = Command::new(GRADER)
            .arg("watch")
            .current_dir(workbook)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (sender, output) = mpsc::channel();
        std::thread::Builder::new()
            .spawn(move || {
                let mut buffer = [0; 4096];
                while let Ok(n @ 1..) = stdout.read(&mut buffer) {
                    if sender
                        .send(String::from_utf8_lossy(&buffer[..n]).into_owned())
                        .is_err()
                    {
                        break;
                    }
                }
            })
            .unwrap();
        Piped {
            stdin: child.stdin.take(),
            child,
            output,
            text: String::new(),
            seen: 0,
        }
    }

    fn wait_for(&mut self, needle: &str) {
        let start = Instant::now();
        loop {
            if let Some(end) = find_phrase(&self.text[self.seen..], needle) {
                self.seen += end;
                return;
            }
            let left = DEADLINE.saturating_sub(start.elapsed());
            match self.output.recv_timeout(left) {
                Ok(chunk) => self.text.push_str(&chunk),
                Err(_) => panic!(
                    "the output never showed {needle:?}; after what was seen it is:\n{}",
                    &self.text[self.seen..]
                ),
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for `needle`, then for the rest of its screen (up to the keys); returns
    /// that whole screen.
    fn screen_with(&mut self, needle: &str) -> String {
        self.wait_for(needle);
        let start = self.text[..self.seen].rfind("xorlings · ").unwrap_or(0);
        self.wait_for(KEYS_ON);
        self.text[start..self.seen].to_string()
    }

    fn wait_exit(&mut self) -> i32 {
        let status = self.child.wait_timeout(DEADLINE).unwrap();
        status
            .expect("watch did not quit")
            .code()
            .expect("an exit code")
    }
}

impl Drop for Piped {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn watch_through_pipes_reads_keys_as_lines_and_survives_odd_saves() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let mut watch = Piped::start(root);

    watch.wait_for(FIRST_FAILS);
    watch.wait_for("Type a key and Enter: h hint");
    save_by_rename(&exercise_file(root, "xor_all"), &solution(root, "xor_all"));
    watch.wait_for("Grading xor_all...");
    watch.wait_for(FIRST_PASSES);
    watch.type_line("n");
    watch.wait_for(SECOND);
    watch.wait_for(SECOND_FAILS);

    // Saving another exercise's file keeps the current one.
    std::fs::write(exercise_file(root, "apply_move"), "// mine\n").unwrap();
    watch.wait_for("You saved exercises/apply_move/src/lib.rs; the current exercise is still");

    // A compile error, then invalid UTF-8, then a deleted file: each is explained.
    let file = exercise_file(root, "is_losing_position");
    std::fs::write(&file, "pub fn is_losing_position(heaps: &[u64]) -> bool {").unwrap();
    watch.wait_for("is_losing_position does not compile");
    std::fs::write(&file, b"pub fn f() {} // \xff\xfe\n").unwrap();
    watch.wait_for("UTF-8");
    std::fs::remove_file(&file).unwrap();
    watch.wait_for("is_losing_position cannot be graded");
    watch.wait_for("exercises/is_losing_position/src/lib.rs is missing");

    // Reset brings the stub back, after a confirmation.
    watch.type_line("r");
    watch.wait_for("to its stub?");
    watch.type_line("y");
    watch.wait_for(SECOND_FAILS);
    assert!(file.is_file(), "reset put the stub back");

    watch.type_line("q");
    assert_eq!(watch.wait_exit(), 0);
    watch.wait_for(&format!("1 of {} exercises done", total()));
}

#[test]
fn watch_keeps_watching_when_stdin_ends_and_stops_on_a_signal() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let mut watch = Piped::start(root);
    watch.wait_for(FIRST_FAILS);
    watch.stdin = None;
    watch.wait_for("Standard input has ended, so keys are off");

    #[cfg(target_os = "linux")]
    {
        let busy = cpu_ticks(watch.child.id());
        // Not a synchronisation: a measurement window for an idle watch.
        std::thread::sleep(Duration::from_millis(500));
        let used = cpu_ticks(watch.child.id()) - busy;
        assert!(used <= 5, "idle watch used {used} CPU ticks in 0.5 s");
    }

    // A save during a grading replaces it: the endless loop is stopped, not waited for.
    let file = exercise_file(root, "xor_all");
    std::fs::write(&file, "pub fn xor_all(_: &[u64]) -> u64 { loop {} }\n").unwrap();
    watch.wait_for("Grading xor_all...");
    #[cfg(target_os = "linux")]
    wait_for_program(watch.child.id(), true);
    let saved = Instant::now();
    std::fs::write(&file, solution(root, "xor_all")).unwrap();
    // The endless run is killed at once, not after its time limit (the new build may
    // take longer than that on a busy machine: it is not what is measured).
    #[cfg(target_os = "linux")]
    wait_for_program(watch.child.id(), false);
    assert!(
        saved.elapsed() < ENDLESS_LOOP_LIMIT,
        "the endless run lived {:?} after the save: it was waited for",
        saved.elapsed()
    );
    watch.wait_for(FIRST_PASSES);

    // (Windows has no SIGTERM to send from outside: its console's Ctrl-C reaches only the
    // processes of that console.)
    #[cfg(unix)]
    {
        let status = Command::new("kill")
            .args(["-TERM", &watch.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(watch.wait_exit(), 0, "a signal is a clean quit");
    }
}

/// Polls the running processes until one of `watch`'s descendants runs a learner's
/// program (built as `program`; the sandbox may run it as `/program` in a root of its
/// own, but its command name is `program` either way), or, when `running` is false,
/// until none does.
#[cfg(target_os = "linux")]
fn wait_for_program(watch: u32, running: bool) {
    let start = Instant::now();
    loop {
        let found = std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                return false;
            };
            let comm = std::fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
            comm.trim_end() == "program" && descends_from(pid, watch)
        });
        if found == running {
            return;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "a learner's program never {} under watch",
            if running { "ran" } else { "ended" }
        );
        std::thread::sleep(common::POLL);
    }
}

/// Whether `ancestor` is `pid`'s parent, or its parent's, and so on.
#[cfg(target_os = "linux")]
fn descends_from(mut pid: u32, ancestor: u32) -> bool {
    while pid > 1 {
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            return false;
        };
        // The fields after the command name (which ends with ')'): the state, then ppid.
        let Some(parent) = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|ppid| ppid.parse().ok())
        else {
            return false;
        };
        if parent == ancestor {
            return true;
        }
        pid = parent;
    }
    false
}

/// User plus system CPU time of a process, in clock ticks.
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name (which ends with ')'): utime and stime are 12th and 13th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[test]
fn watch_through_pipes_tries_the_rest_of_a_t_line() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    std::fs::write(exercise_file(root, "xor_all"), ADDING).unwrap();
    let mut watch = Piped::start(root);
    watch.wait_for(ADDING_FAILS);
    watch.type_line("t");
    watch.wait_for("Type the input and Enter (an empty line cancels)");
    watch.type_line("[1, 2]");
    watch.wait_for("Trying xor_all on heaps = [1, 2]:");
    watch.wait_for("Your function returned 3.");
    watch.wait_for("xor_all: right on your input");
    watch.type_line("t 3 4 5");
    watch.wait_for("Your function returned 12.");
    watch.wait_for("The nim-sum of [3, 4, 5] is 2, but your function returned 12.");
    watch.type_line("q");
    watch.wait_for(ADDING_FAILS);
    watch.type_line("q");
    assert_eq!(watch.wait_exit(), 0);
}

/// Twenty saves, half of them while the one before is graded, leave no build folder
/// behind: each goes with its grading (a learner's code stays nowhere in the cache).
#[test]
fn no_build_folder_outlives_its_grading() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let file = exercise_file(root, "xor_all");
    let builds = root.join("target/xorlings/builds");
    let folders = || std::fs::read_dir(&builds).map_or(0, |entries| entries.count());
    let mut watch = Piped::start(root);
    watch.wait_for(FIRST_FAILS);
    let reference = solution(root, "xor_all");
    for save in 0..10 {
        // The second save replaces the first one's grading.
        std::fs::write(&file, format!("{ADDING}// save {save}\n")).unwrap();
        std::fs::write(&file, format!("{reference}// save {save}\n")).unwrap();
        watch.wait_for(FIRST_PASSES);
    }
    // No grading runs once the last verdict is shown (a replaced one may still be ending).
    let start = Instant::now();
    while folders() > 0 {
        assert!(
            start.elapsed() < DEADLINE,
            "{} build folders outlived their gradings",
            folders()
        );
        std::thread::sleep(POLL);
    }
    watch.type_line("q");
    assert_eq!(watch.wait_exit(), 0);
    assert_eq!(folders(), 0);
}

#[test]
fn notes_go_with_the_next_save_or_verdict() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let file = exercise_file(root, "xor_all");
    let mut watch = Piped::start(root);
    watch.wait_for(FIRST_FAILS);

    // Reset, answered no: said until the next save.
    watch.type_line("r");
    watch.wait_for("to its stub?");
    watch.type_line("n");
    watch.wait_for("Nothing changed: your file is as it was.");
    let mark = watch.text.len();
    std::fs::write(&file, ADDING).unwrap();
    watch.screen_with(ADDING_FAILS);
    assert!(
        !watch.text[mark..].contains("Nothing changed"),
        "the note outlived the save:\n{}",
        &watch.text[mark..]
    );

    // `n` before a pass: said until the next save.
    watch.type_line("n");
    watch.wait_for("`n` moves on once this exercise passes");
    let mark = watch.text.len();
    save_by_rename(&file, &format!("{ADDING}// saved again\n"));
    watch.screen_with(ADDING_FAILS);
    assert!(
        !watch.text[mark..].contains("moves on once"),
        "the note outlived the save:\n{}",
        &watch.text[mark..]
    );

    // Reset, confirmed: said until the stub's verdict.
    watch.type_line("r");
    watch.wait_for("to its stub?");
    watch.type_line("y");
    watch.wait_for("The exercise is back to its stub.");
    let verdict = watch.screen_with(FIRST_FAILS);
    assert!(!verdict.contains("back to its stub"), "{verdict}");

    watch.type_line("q");
    assert_eq!(watch.wait_exit(), 0);
}

#[test]
fn with_keys_off_watch_offers_no_key_and_saves_choose_the_exercise() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let mut watch = Piped::start(root);
    watch.wait_for(FIRST_FAILS);
    watch.stdin = None;
    watch.wait_for("Standard input has ended, so keys are off");
    let mark = watch.seen;

    std::fs::write(exercise_file(root, "xor_all"), solution(root, "xor_all")).unwrap();
    watch.wait_for(FIRST_PASSES);
    watch.wait_for(
        "save exercises/is_losing_position/src/lib.rs and it becomes the current exercise",
    );
    watch.wait_for("Keys off (input ended)");
    let next = exercise_file(root, "is_losing_position");
    let stub = std::fs::read_to_string(&next).unwrap();
    std::fs::write(&next, format!("{stub}\n")).unwrap();
    watch.wait_for(
        "You saved exercises/is_losing_position/src/lib.rs, so it is the current exercise now.",
    );
    watch.wait_for(SECOND_FAILS);
    watch.wait_for("Keys off (input ended)");

    let after = &watch.text[mark..];
    for key_hint in [
        "Press n", "press n", "`l`", "n next", "h hint", "`o`", "`c`", KEYS_ON,
    ] {
        assert!(
            !after.contains(key_hint),
            "{key_hint:?} with keys off:\n{after}"
        );
    }
    let status = Command::new("kill")
        .args(["-TERM", &watch.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(watch.wait_exit(), 0);
}

#[test]
fn a_damaged_progress_file_is_told_once() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    std::fs::write(
        root.join(".xorlings-progress.toml"),
        "done = [[[ not toml \u{0}",
    )
    .unwrap();
    let mut watch = Piped::start(root);
    // Said with the first verdict, which does not hide it...
    let verdict = watch.screen_with(FIRST_FAILS);
    assert!(
        find_phrase(
            &verdict,
            "Your progress file was damaged, so it was set aside"
        )
        .is_some(),
        "{verdict}"
    );
    // ...until the next key.
    let mark = watch.text.len();
    watch.type_line("h");
    watch.screen_with("Hint for xor_all:");
    assert!(
        !watch.text[mark..].contains("damaged"),
        "{}",
        &watch.text[mark..]
    );
    watch.type_line("q");
    assert_eq!(watch.wait_exit(), 0);
    assert!(root.join(".xorlings-progress.damaged.toml").is_file());

    let mut again = Piped::start(root);
    again.screen_with(FIRST_FAILS);
    assert!(
        !again.text.contains("damaged"),
        "said twice:\n{}",
        again.text
    );
    again.type_line("q");
    assert_eq!(again.wait_exit(), 0);
}
