//! A temporary copy of the workbook for tests that run the real grader binary, and what
//! those tests share. The copy's exercises are the pristine stubs, whatever state the
//! checkout's own exercises are in (a learner running `cargo test` may have solved or
//! broken any of them), and it needs no git.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use walkdir::WalkDir;

pub(crate) mod browser;
pub(crate) mod ci;
pub(crate) mod docs;
pub(crate) mod tmux;
pub(crate) mod watch;

pub(crate) const GRADER: &str = env!("CARGO_BIN_EXE_grader");

/// How long a test waits for a screen: generous, as CI machines are slow and busy. A
/// passing test takes a few seconds.
pub(crate) const DEADLINE: Duration = Duration::from_secs(60);
/// How often a screen is read while waiting for a text.
pub(crate) const POLL: Duration = Duration::from_millis(25);

/// The workbook this test suite belongs to.
pub(crate) fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The course, as the manifest lists it.
pub(crate) fn manifest() -> grader::Workbook {
    grader::Workbook::load(&repo_root()).unwrap()
}

/// Whether a copy of the workbook leaves `path` out: build folders, git, progress, and
/// the browser driver's packages.
fn left_out(path: &Path) -> bool {
    path.file_name().is_some_and(|name| {
        name == "target"
            || name == ".git"
            || name == "node_modules"
            || name.to_string_lossy().starts_with(".xorlings-progress")
    })
}

/// Copies the folder `from` to `to`, leaving out build folders, git and progress.
#[track_caller]
pub(crate) fn copy_tree(from: &Path, to: &Path) {
    for entry in WalkDir::new(from)
        .into_iter()
        .filter_entry(|e| !left_out(e.path()))
    {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The files of a fresh copy of the workbook, read once per test binary: the content a
/// learner clones (every exercise at its stub), and the runner library a first grading
/// builds into the cache, so that no test builds it again.
struct Template {
    /// Each file's path relative to the root, and its bytes.
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl Template {
    /// Writes the files under `root`, making each folder once.
    fn write_to(&self, root: &Path, with_recordings: bool) {
        let files = self
            .files
            .iter()
            .filter(|(path, _)| with_recordings || !is_recording(path));
        let folders: BTreeSet<&Path> = files
            .clone()
            .filter_map(|(path, _)| path.parent())
            .collect();
        for folder in folders {
            std::fs::create_dir_all(root.join(folder)).unwrap();
        }
        for (path, bytes) in files {
            std::fs::write(root.join(path), bytes).unwrap();
        }
    }
}

/// Whether `path` is in a recorded solutions' folder (`solutions/<name>/recorded/`).
fn is_recording(path: &Path) -> bool {
    path.components()
        .nth(2)
        .is_some_and(|part| part.as_os_str() == "recorded")
}

fn template() -> &'static Template {
    static TEMPLATE: OnceLock<Template> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let repo = repo_root();
        let mut files = Vec::new();
        for item in CONTENT {
            for entry in WalkDir::new(repo.join(item))
                .into_iter()
                .filter_entry(|e| !left_out(e.path()))
            {
                let entry = entry.unwrap();
                if entry.file_type().is_file() {
                    let relative = entry.path().strip_prefix(&repo).unwrap().to_path_buf();
                    files.push((relative, std::fs::read(entry.path()).unwrap()));
                }
            }
        }
        for exercise in manifest().exercises {
            let stub = std::fs::read(repo.join(exercise.stub())).unwrap();
            let file = files.iter_mut().find(|(path, _)| *path == exercise.file());
            file.expect("every exercise file is in the workbook").1 = stub;
        }
        let mut template = Template { files };
        template.files.extend(runner_library(&template));
        template
    })
}

/// The workbook's content: what a learner's clone has besides the grader's sources.
const CONTENT: [&str; 5] = [
    "workbook.toml",
    "exercises",
    "solutions",
    "lessons",
    "grader/stubs",
];

/// The files of the runner library that grading a stub builds in a copy of `template`,
/// relative to the copy's root.
fn runner_library(template: &Template) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = tempfile::tempdir().unwrap();
    template.write_to(dir.path(), false);
    let run = Command::new(GRADER)
        .args(["run", "xor_all"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let cache = dir.path().join("target/xorlings");
    let library: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&cache)
        .into_iter()
        .flatten()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("runtime-")
        })
        .flat_map(|folder| std::fs::read_dir(folder).unwrap())
        .map(|file| {
            let path = file.unwrap().path();
            let relative = path.strip_prefix(dir.path()).unwrap().to_path_buf();
            (relative, std::fs::read(&path).unwrap())
        })
        .collect();
    assert!(
        !library.is_empty(),
        "grading the stub built no runner library in {}:\n{}",
        cache.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    library
}

/// A fresh copy of the workbook's content in a temporary folder.
pub(crate) struct Workbook {
    pub dir: tempfile::TempDir,
}

impl Workbook {
    /// The workbook as a learner clones it, every exercise at its stub, but for the
    /// recorded solutions (only `dev check` reads them); the runner library is already
    /// built in its cache, as after a first grading.
    pub(crate) fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        template().write_to(dir.path(), false);
        Workbook { dir }
    }

    /// A learner's checkout as a push has it: without the `target` folder, which git
    /// ignores.
    pub(crate) fn as_pushed() -> Self {
        let workbook = Workbook::new();
        std::fs::remove_dir_all(workbook.path("target")).unwrap();
        workbook
    }

    /// The workbook as `new` makes it, with the recorded solutions.
    pub(crate) fn with_recordings() -> Self {
        let dir = tempfile::tempdir().unwrap();
        template().write_to(dir.path(), true);
        Workbook { dir }
    }

    pub(crate) fn root(&self) -> &Path {
        self.dir.path()
    }

    pub(crate) fn path(&self, relative: &str) -> PathBuf {
        self.root().join(relative)
    }

    #[track_caller]
    pub(crate) fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative)).unwrap()
    }

    #[track_caller]
    pub(crate) fn write(&self, relative: &str, text: &str) {
        let path = self.path(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// The learner's file of `exercise`, relative to the root.
    pub(crate) fn exercise_file(&self, exercise: &str) -> String {
        let info = manifest()
            .exercises
            .into_iter()
            .find(|e| e.name == exercise)
            .unwrap();
        info.file().to_string_lossy().into_owned()
    }

    /// Puts the reference solution of `exercise` in place of the stub.
    #[track_caller]
    pub(crate) fn solve(&self, exercise: &str) {
        let info = manifest()
            .exercises
            .into_iter()
            .find(|e| e.name == exercise)
            .unwrap();
        let solution = self.read(&info.solution().to_string_lossy());
        self.write(&info.file().to_string_lossy(), &solution);
    }

    /// Runs the grader with `args` from the workbook root.
    pub(crate) fn grader(&self, args: &[&str]) -> Run {
        self.grader_in(self.root(), args)
    }

    /// Grades the class of checkouts in `class` into `out` (`verify --class --out`), with
    /// `extra` arguments.
    pub(crate) fn verify_class(&self, class: &Path, out: &Path, extra: &[&str]) -> Run {
        let (class, out) = (class.display().to_string(), out.display().to_string());
        let mut args = vec!["verify", "--class", &class, "--out", &out];
        args.extend_from_slice(extra);
        self.grader(&args)
    }

    pub(crate) fn grader_in(&self, cwd: &Path, args: &[&str]) -> Run {
        let output = self.command(cwd, args).output().unwrap();
        Run::from(output)
    }

    /// Runs the grader with `args` from the workbook root, `input` as its whole stdin.
    pub(crate) fn grader_with_input(&self, args: &[&str], input: &str) -> Run {
        let mut child = self
            .command(self.root(), args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        // Written beside the run: the grader may stop reading before the end.
        let writer = std::thread::Builder::new()
            .spawn(move || {
                let _ = stdin.write_all(input.as_bytes());
            })
            .unwrap();
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        Run::from(output)
    }

    fn command(&self, cwd: &Path, args: &[&str]) -> Command {
        let mut command = Command::new(GRADER);
        command
            .args(args)
            .current_dir(cwd)
            .env("NO_COLOR", "1")
            .env_remove("XORLINGS_SEED")
            .env_remove("COLUMNS");
        command
    }

    /// Runs the grader with `args` from the workbook root, told the terminal is
    /// `columns` wide (`$COLUMNS`).
    pub(crate) fn grader_at_width(&self, args: &[&str], columns: usize) -> Run {
        let output = self
            .command(self.root(), args)
            .env("COLUMNS", columns.to_string())
            .output()
            .unwrap();
        Run::from(output)
    }
}

/// A finished grader run.
pub(crate) struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(output: Output) -> Self {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

impl Run {
    /// Asserts the exit code and that the grader never showed a Rust panic.
    #[track_caller]
    pub(crate) fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(
            self.code, code,
            "exit code\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        assert!(
            !self.stderr.contains("panicked at") && !self.stderr.contains("RUST_BACKTRACE"),
            "the grader panicked:\n{}",
            self.stderr
        );
        self
    }

    #[track_caller]
    pub(crate) fn stdout_has(&self, text: &str) -> &Self {
        assert!(
            self.stdout.contains(text),
            "stdout lacks {text:?}:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    /// Like [`Run::stdout_has`], with the lines as wrapped to the width joined again.
    #[track_caller]
    pub(crate) fn stdout_has_words(&self, text: &str) -> &Self {
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words(&self.stdout).contains(&words(text)),
            "stdout lacks {text:?}:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    #[track_caller]
    pub(crate) fn stderr_has(&self, text: &str) -> &Self {
        assert!(
            self.stderr.contains(text),
            "stderr lacks {text:?}:\n{}",
            self.stderr
        );
        self
    }
}

/// The documented schema of `--format json` reports.
pub(crate) fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(repo_root().join("grader/report.schema.json")).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// Parses a JSON report and checks it against the documented schema and against the
/// rules of Exercism's results format.
#[track_caller]
pub(crate) fn valid_report(stdout: &str) -> serde_json::Value {
    let report = serde_json::from_str(stdout).unwrap_or_else(|e| panic!("{e}:\n{stdout}"));
    let mut errors: Vec<String> = schema()
        .iter_errors(&report)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    errors.extend(exercism_rules(&report));
    assert!(
        errors.is_empty(),
        "the report breaks the rules: {errors:#?}\n{stdout}"
    );
    report
}

/// Where a results file breaks the rules of Exercism's test-runner interface, read
/// from its text (https://exercism.org/docs/building/tooling/test-runners/interface).
pub(crate) fn exercism_rules(report: &serde_json::Value) -> Vec<String> {
    let mut broken = Vec::new();
    let version = report["version"].as_u64();
    if !matches!(version, Some(1..=3)) {
        broken.push(format!(
            "version must be 1, 2 or 3, not {}",
            report["version"]
        ));
    }
    let status = report["status"].as_str().unwrap_or_default();
    if !["pass", "fail", "error"].contains(&status) {
        broken.push(format!(
            "status must be pass, fail or error, not {:?}",
            report["status"]
        ));
    }
    match (status, &report["message"]) {
        ("error", serde_json::Value::String(m)) if !m.is_empty() => {}
        ("error", _) => broken.push("a top-level message is required when status is error".into()),
        (_, serde_json::Value::Null) => {}
        (_, serde_json::Value::String(_)) if version == Some(1) => {}
        (_, m) => broken.push(format!(
            "message must be null or absent when status is {status}, not {m}"
        )),
    }
    if report["message"]
        .as_str()
        .is_some_and(|m| m.chars().count() > 65_535)
    {
        broken.push("the top-level message is limited to 65535 characters".into());
    }
    let tests = report["tests"].as_array();
    if version != Some(1) && status != "error" && tests.is_none() {
        broken.push("tests are required when status is pass or fail".into());
    }
    let tests = tests.cloned().unwrap_or_default();
    for test in &tests {
        let name = test["name"].as_str().unwrap_or("?");
        let test_status = test["status"].as_str().unwrap_or_default();
        if test["name"].as_str().is_none_or(str::is_empty) {
            broken.push("every test needs a name".into());
        }
        if !["pass", "fail", "error"].contains(&test_status) {
            broken.push(format!("{name}: status must be pass, fail or error"));
        }
        if test_status != "pass" && test["message"].as_str().is_none_or(str::is_empty) {
            broken.push(format!(
                "{name}: a message is required when a test fails or errors"
            ));
        }
        if let Some(output) = test.get("output").filter(|o| !o.is_null()) {
            match output.as_str() {
                Some(o) if o.chars().count() <= 500 => {}
                _ => broken.push(format!(
                    "{name}: output must be a string of at most 500 chars"
                )),
            }
        }
        if let Some(task) = test.get("task_id").filter(|t| !t.is_null())
            && (version != Some(3) || !task.is_u64())
        {
            broken.push(format!(
                "{name}: task_id is an integer, and only in version 3"
            ));
        }
    }
    let all = |wanted: &str| tests.iter().all(|t| t["status"] == wanted);
    let expected = if all("pass") && !tests.is_empty() {
        "pass"
    } else if all("error") {
        "error"
    } else {
        "fail"
    };
    if status != expected && !(status == "error" && tests.is_empty()) {
        broken.push(format!(
            "status is {status}, but the tests make it {expected}"
        ));
    }
    broken
}

/// `cargo` in a copy of the workbook, with the build folder of the copies of its `kind`
/// (`target/workbook-copies/<kind>`, kept from one run to the next): tests that run at
/// once build different copies (a learner edition, a workbook with a new exercise), and
/// one's grader must never replace the other's.
pub(crate) fn cargo_in(kind: &str, root: &Path, args: &[&str]) -> Run {
    let target = repo_root().join("target/workbook-copies").join(kind);
    let output = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(root)
        .env("CARGO_TARGET_DIR", &target)
        .env("NO_COLOR", "1")
        .env_remove("XORLINGS_SEED")
        .output()
        .unwrap();
    Run::from(output)
}

/// A copy of the whole workbook, grader sources included, as an instructor's clone
/// without git; its exercises are the stubs, as in a fresh clone.
pub(crate) fn whole_workbook() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&repo_root(), dir.path());
    for exercise in manifest().exercises {
        std::fs::copy(
            dir.path().join(exercise.stub()),
            dir.path().join(exercise.file()),
        )
        .unwrap();
    }
    dir
}

/// Where `phrase` ends in `text`, any run of whitespace in it matching any other (so a
/// phrase is found even where the screen wrapped it).
pub(crate) fn find_phrase(text: &str, phrase: &str) -> Option<usize> {
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
