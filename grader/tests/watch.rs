//! End to end: the real `grader watch` on a temporary copy of the workbook, driven in
//! tmux as a learner's terminal, and through pipes as an IDE console or CI would.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use tempfile::TempDir;
use wait_timeout::ChildExt;

const GRADER: &str = env!("CARGO_BIN_EXE_grader");
/// Generous: the first grading also compiles the runner library, and CI machines are
/// slow and busy. A passing test takes a few seconds.
const DEADLINE: Duration = Duration::from_secs(60);
/// How often the tmux screen is read while waiting for a text.
const POLL: Duration = Duration::from_millis(25);

/// The time limit of `xor_all`: a grading of an endless loop ends no sooner.
const ENDLESS_LOOP_LIMIT: Duration = Duration::from_secs(2);

const FIRST_FAILS: &str = "xor_all: panicked on hidden case 1";
const FIRST_PASSES: &str = "Well done: xor_all passes";
const SECOND: &str = "exercise 2 of 6: is_losing_position";
const SECOND_FAILS: &str = "is_losing_position: panicked on hidden case 1";

/// A fresh copy of the workbook with every exercise at its stub, whatever state the
/// checkout's own exercises are in.
fn workbook_copy() -> TempDir {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let copy = tempfile::tempdir().unwrap();
    std::fs::copy(
        repo.join("workbook.toml"),
        copy.path().join("workbook.toml"),
    )
    .unwrap();
    for folder in ["exercises", "solutions", "lessons", "grader/stubs"] {
        copy_folder(&repo.join(folder), &copy.path().join(folder));
    }
    for stub in std::fs::read_dir(copy.path().join("grader/stubs")).unwrap() {
        let stub = stub.unwrap().path();
        let dir = stub.file_stem().unwrap();
        let file = copy.path().join("exercises").join(dir).join("src/lib.rs");
        std::fs::copy(&stub, file).unwrap();
    }
    copy
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_name() == "target" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn exercise_file(workbook: &Path, dir: &str) -> PathBuf {
    workbook.join("exercises").join(dir).join("src/lib.rs")
}

fn solution(workbook: &Path, dir: &str) -> String {
    std::fs::read_to_string(workbook.join("solutions").join(dir).join("src/lib.rs")).unwrap()
}

/// Saves as vim and many editors do: a new file renamed over the old one.
fn save_by_rename(file: &Path, text: &str) {
    let temporary = file.with_extension("rs.new");
    std::fs::write(&temporary, text).unwrap();
    std::fs::rename(&temporary, file).unwrap();
}

/// Where `phrase` ends in `text`, any run of whitespace in it matching any other (so a
/// phrase is found even where the screen wrapped it).
fn find_phrase(text: &str, phrase: &str) -> Option<usize> {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    let first = words.first()?;
    text.match_indices(first).find_map(|(start, _)| {
        let mut end = start + first.len();
        for word in &words[1..] {
            let rest = &text[end..];
            let after_space = rest.trim_start();
            if after_space.len() == rest.len() || !after_space.starts_with(word) {
                return None;
            }
            end += rest.len() - after_space.len() + word.len();
        }
        Some(end)
    })
}

fn progress_file(workbook: &Path) -> String {
    std::fs::read_to_string(workbook.join(".xorlings-progress.toml")).unwrap_or_default()
}

/// A tmux server of its own, with one 80x24 window; killed on drop.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn available() -> bool {
        Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success())
    }

    fn start(workbook: &Path, shell_command: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("xorlings-watch-test-{}", std::process::id()),
        };
        let status = tmux
            .command()
            .args(["new-session", "-d", "-x", "80", "-y", "24", "-c"])
            .arg(workbook)
            .arg(shell_command)
            .status()
            .unwrap();
        assert!(status.success(), "tmux could not start");
        tmux
    }

    fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        // A test run from inside tmux must not talk to that tmux.
        command.env_remove("TMUX").args(["-L", &self.socket]);
        command
    }

    fn query(&self, args: &[&str]) -> String {
        let output = self.command().args(args).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.query(&["capture-pane", "-p"])
    }

    fn keys(&self, keys: &str) {
        self.query(&["send-keys", keys]);
    }

    /// Reads the screen until it shows `text`; returns that screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if find_phrase(&screen, text).is_some() {
                return screen;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "the screen never showed {text:?}; it shows:\n{screen}"
            );
            std::thread::sleep(POLL);
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command().arg("kill-server").status();
    }
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
    let workbook = workbook_copy();
    let root = workbook.path();
    let shell_command = format!(
        "'{GRADER}' watch; echo \"grader exited with $?\"; stty -a; echo end of stty; exec sleep 600"
    );
    let tmux = Tmux::start(root, &shell_command);

    let screen = tmux.wait_for(FIRST_FAILS);
    for expected in [
        "exercise 1 of 6: xor_all",
        "file:   exercises/xor_all/src/lib.rs",
        "lesson: lessons/nim-sum.md",
        "0/6 done",
        "n next · h hint · l list · c check all · r reset · q quit",
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} missing in\n{screen}"
        );
    }
    tmux.keys("n");
    tmux.wait_for("moves on once this exercise passes");
    assert!(tmux.screen().contains("exercise 1 of 6: xor_all"));

    std::fs::write(
        exercise_file(root, "xor_all"),
        solution(root, "xor_all"),
    )
    .unwrap();
    let screen = tmux.wait_for(FIRST_PASSES);
    assert!(screen.contains("1/6 done"), "{screen}");
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
    assert!(screen.contains("1 of 6 exercises done"), "{screen}");
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
    let workbook = workbook_copy();
    let root = workbook.path();
    let mut watch = Piped::start(root);

    watch.wait_for(FIRST_FAILS);
    watch.wait_for("Type a key and Enter: n next");
    save_by_rename(
        &exercise_file(root, "xor_all"),
        &solution(root, "xor_all"),
    );
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
    watch.wait_for("is not there: it was deleted or renamed");

    // Reset brings the stub back, after a confirmation.
    watch.type_line("r");
    watch.wait_for("to its stub?");
    watch.type_line("y");
    watch.wait_for(SECOND_FAILS);
    assert!(file.is_file(), "reset put the stub back");

    watch.type_line("q");
    assert_eq!(watch.wait_exit(), 0);
    watch.wait_for("1 of 6 exercises done");
}

#[test]
fn watch_keeps_watching_when_stdin_ends_and_stops_on_a_signal() {
    let workbook = workbook_copy();
    let root = workbook.path();
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
    wait_for_process(&root.join("target/xorlings/learner/xor_all/runner-"));
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
/// (a runner's name ends with a hash of its build).
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
