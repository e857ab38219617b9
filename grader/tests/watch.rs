//! End to end: the real `grader watch` on a temporary copy of the workbook, driven in
//! tmux as a learner's terminal, and through pipes as an IDE console or CI would.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

mod common;

use common::GRADER;
use common::tmux::{DEADLINE, POLL, Tmux, find_phrase};

/// The time limit of `xor_all`: a grading of an endless loop ends no sooner.
const ENDLESS_LOOP_LIMIT: Duration = Duration::from_secs(2);

const FIRST_FAILS: &str = "xor_all: panicked on hidden case 1";
const FIRST_PASSES: &str = "Well done: xor_all passes";
const SECOND: &str = "exercise 2 of";
const SECOND_FAILS: &str = "is_losing_position: panicked on hidden case 1";

fn exercise_file(workbook: &Path, exercise: &str) -> PathBuf {
    workbook.join("exercises").join(exercise).join("src/lib.rs")
}

fn solution(workbook: &Path, exercise: &str) -> String {
    std::fs::read_to_string(workbook.join("solutions").join(exercise).join("src/lib.rs")).unwrap()
}

/// How many exercises the course has.
fn total() -> usize {
    common::manifest().exercises.len()
}

/// Saves as vim and many editors do: a new file renamed over the old one.
fn save_by_rename(file: &Path, text: &str) {
    let temporary = file.with_extension("rs.new");
    std::fs::write(&temporary, text).unwrap();
    std::fs::rename(&temporary, file).unwrap();
}

fn progress_file(workbook: &Path) -> String {
    std::fs::read_to_string(workbook.join(".xorlings-progress.toml")).unwrap_or_default()
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

#[test]
fn watch_in_a_terminal_fails_passes_moves_on_and_quits_cleanly() {
    if !Tmux::available() {
        eprintln!("SKIPPED watch_in_a_terminal_...: tmux is not installed (apt-get install tmux)");
        return;
    }
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let shell_command = format!(
        "'{GRADER}' watch; echo \"grader exited with $?\"; stty -a; echo end of stty; exec sleep 600"
    );
    let tmux = Tmux::start(root, &shell_command);

    let screen = tmux.wait_for(FIRST_FAILS);
    for expected in [
        &format!("exercise 1 of {}: xor_all", total()),
        "file:   exercises/xor_all/src/lib.rs",
        "lesson: lessons/nim-sum.md",
        &format!("0/{} done", total()),
        "n next · h hint · l list · c check all · r reset · q quit",
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} missing in\n{screen}"
        );
    }
    tmux.keys("n");
    tmux.wait_for("moves on once this exercise passes");
    assert!(
        tmux.screen()
            .contains(&format!("exercise 1 of {}: xor_all", total()))
    );

    std::fs::write(exercise_file(root, "xor_all"), solution(root, "xor_all")).unwrap();
    let screen = tmux.wait_for(FIRST_PASSES);
    assert!(screen.contains(&format!("1/{} done", total())), "{screen}");
    assert!(
        !screen.contains("panicked"),
        "the old verdict is gone:\n{screen}"
    );
    assert!(
        progress_file(root).contains("\"xor_all\""),
        "the pass is on disk at once"
    );

    tmux.keys("n");
    tmux.wait_for(SECOND);
    tmux.wait_for(SECOND_FAILS);

    tmux.keys("q");
    let screen = tmux.wait_for("grader exited with 0");
    assert!(
        screen.contains(&format!("1 of {} exercises done", total())),
        "{screen}"
    );
    // The terminal's settings, printed by `stty -a` once the grader has gone.
    let screen = tmux.wait_for("end of stty");
    let settings: Vec<&str> = screen.split([' ', ';', '\n']).collect();
    for setting in ["icanon", "echo", "isig"] {
        assert!(
            settings.contains(&setting),
            "raw mode is still on ({setting} is off):\n{screen}"
        );
    }
    let terminal = tmux.query(&["display", "-p", "#{cursor_flag} #{alternate_on}"]);
    assert_eq!(
        terminal.trim(),
        "1 0",
        "the cursor is shown and the main screen is back"
    );
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
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buffer) {
                if sender
                    .send(String::from_utf8_lossy(&buffer[..n]).into_owned())
                    .is_err()
                {
                    break;
                }
            }
        });
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
    watch.wait_for("Type a key and Enter: n next");
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
    wait_for_process(&root.join("target/xorlings/builds"));
    let saved = Instant::now();
    std::fs::write(&file, solution(root, "xor_all")).unwrap();
    watch.wait_for(FIRST_PASSES);
    assert!(
        saved.elapsed() < ENDLESS_LOOP_LIMIT,
        "the pass took {:?}: the endless grading was waited for",
        saved.elapsed()
    );

    let status = Command::new("kill")
        .args(["-TERM", &watch.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(watch.wait_exit(), 0, "a signal is a clean quit");
}

/// Polls the running processes until one runs a program whose path starts with `prefix`
/// (each build has its own folder there).
#[cfg(target_os = "linux")]
fn wait_for_process(prefix: &Path) {
    let start = Instant::now();
    let wanted = prefix.as_os_str().as_encoded_bytes();
    loop {
        let running = std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            std::fs::read(entry.path().join("cmdline")).is_ok_and(|cmdline| {
                cmdline
                    .split(|&b| b == 0)
                    .next()
                    .is_some_and(|program| program.starts_with(wanted))
            })
        });
        if running {
            return;
        }
        assert!(start.elapsed() < DEADLINE, "{} never ran", prefix.display());
        std::thread::sleep(POLL);
    }
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
