//! The learner's progress: which exercises passed, and which one is current.
//!
//! It is a cache of verdicts in one small TOML file at the workbook root, written
//! atomically (a temporary file renamed over the old one), so a crash never leaves half
//! a file. Grading every exercise (`grader verify`) rebuilds it from scratch.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::workbook::Workbook;

/// The progress file's name, at the workbook root.
pub const PROGRESS_FILE: &str = ".xorlings-progress.toml";

const HEADER: &str = "# Your xorlings progress, written by the grader.\n\
# `grader verify` rebuilds it by grading every exercise.\n";

#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The exercise the learner is on; `None` means the first one not done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<String>,
    /// The exercises that passed, in course order.
    #[serde(default)]
    pub done: Vec<String>,
}

impl Progress {
    pub fn path(workbook: &Workbook) -> PathBuf {
        workbook.root.join(PROGRESS_FILE)
    }

    /// Reads the progress file; no file means no progress yet.
    pub fn load(workbook: &Workbook) -> Result<Self> {
        let path = Self::path(workbook);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Self::default()),
            Err(e) => {
                return Err(e).with_context(|| damaged(&path));
            }
        };
        let progress: Progress = toml::from_str(&text).with_context(|| damaged(&path))?;
        progress
            .validate(workbook)
            .with_context(|| damaged(&path))?;
        Ok(progress)
    }

    fn validate(&self, workbook: &Workbook) -> Result<()> {
        for name in self.done.iter().chain(&self.current) {
            if workbook.index_of(name).is_none() {
                bail!("it names `{name}`, which is not an exercise of this workbook");
            }
        }
        Ok(())
    }

    /// Writes the file atomically: readers see the old file or the new one, never half.
    pub fn save(&self, workbook: &Workbook) -> Result<()> {
        let path = Self::path(workbook);
        let body = toml::to_string(self).context("cannot serialise the progress")?;
        let mut file = tempfile::NamedTempFile::new_in(&workbook.root)
            .with_context(|| format!("cannot write in {}", workbook.root.display()))?;
        file.write_all(HEADER.as_bytes())
            .and_then(|()| file.write_all(body.as_bytes()))
            .and_then(|()| file.as_file().sync_all())
            .context("cannot write the progress")?;
        file.persist(&path)
            .with_context(|| format!("cannot save the progress to {}", path.display()))?;
        Ok(())
    }

    pub fn is_done(&self, name: &str) -> bool {
        self.done.iter().any(|d| d == name)
    }

    /// Records a verdict: `passed` adds the exercise to `done`, a failure removes it.
    pub fn record(&mut self, workbook: &Workbook, name: &str, passed: bool) {
        self.done.retain(|d| d != name);
        if passed {
            self.done.push(name.to_string());
            self.done
                .sort_by_key(|d| workbook.index_of(d).unwrap_or(usize::MAX));
        }
    }
}

fn damaged(path: &Path) -> String {
    format!(
        "your progress file {} is damaged or was edited by hand.\n\
         Your exercises are safe: progress is only a record of verdicts.\n\
         Run `grader verify` to grade every exercise and rebuild it, \
         or delete the file to start the list from the beginning.",
        path.display()
    )
}
