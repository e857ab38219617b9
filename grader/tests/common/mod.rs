//! A temporary copy of the workbook for tests that run the real grader binary.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workbook this test suite belongs to.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The documented schema of `--format json` reports.
pub fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(repo_root().join("grader/report.schema.json")).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// Parses a JSON report and checks it against the documented schema.
pub fn valid_report(stdout: &str) -> serde_json::Value {
    let report = serde_json::from_str(stdout).unwrap_or_else(|e| panic!("{e}:\n{stdout}"));
    let errors: Vec<String> = schema()
        .iter_errors(&report)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "the report breaks the schema: {errors:#?}\n{stdout}"
    );
    report
}

/// A fresh copy of the workbook's content (not its build folders) in a temp folder.
pub struct Workbook {
    pub dir: tempfile::TempDir,
}

impl Workbook {
    /// The workbook as a learner clones it.
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let repo = repo_root();
        for item in [
            "workbook.toml",
            "exercises",
            "solutions",
            "lessons",
            "grader/stubs",
            "grader/src/lib.rs",
        ] {
            copy(&repo.join(item), &dir.path().join(item));
        }
        Workbook { dir }
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.root().join(relative)
    }

    pub fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative)).unwrap()
    }

    pub fn write(&self, relative: &str, text: &str) {
        std::fs::write(self.path(relative), text).unwrap();
    }

    /// Puts the reference solution of exercise folder `dir` in place of the stub.
    pub fn solve(&self, dir: &str) {
        let solution = self.read(&format!("solutions/{dir}/src/lib.rs"));
        self.write(&format!("exercises/{dir}/src/lib.rs"), &solution);
    }

    /// Runs the grader with `args` from the workbook root.
    pub fn grader(&self, args: &[&str]) -> Run {
        self.grader_in(self.root(), args)
    }

    pub fn grader_in(&self, cwd: &Path, args: &[&str]) -> Run {
        let output = Command::new(env!("CARGO_BIN_EXE_grader"))
            .args(args)
            .current_dir(cwd)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        Run::from(output)
    }
}

/// A finished grader run.
pub struct Run {
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
    pub fn expect_code(&self, code: i32) -> &Self {
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

    pub fn stdout_has(&self, text: &str) -> &Self {
        assert!(
            self.stdout.contains(text),
            "stdout lacks {text:?}:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    pub fn stderr_has(&self, text: &str) -> &Self {
        assert!(
            self.stderr.contains(text),
            "stderr lacks {text:?}:\n{}",
            self.stderr
        );
        self
    }
}

fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            if entry.file_name() != "target" {
                copy(&entry.path(), &to.join(entry.file_name()));
            }
        }
    } else {
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from, to).unwrap();
    }
}
