//! The learner's progress: which exercises passed, which one is current, and which of
//! the lessons' quizzes were answered right (on the course page).
//!
//! It is a cache of verdicts in one small TOML file at the workbook root. Every change
//! is made under a lock on the workbook folder, to the file as it is on disk, and
//! written atomically (a temporary file renamed over the old one): two graders at once
//! (watch, and `run` in another terminal) both keep what they recorded, and a crash
//! never leaves half a file. Grading every exercise (`cargo grader verify`) rebuilds it.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::workbook::Workbook;
use xorlings_course::quiz;

/// The progress file's name, at the workbook root.
pub(crate) const PROGRESS_FILE: &str = ".xorlings-progress.toml";
/// Where a damaged progress file is set aside.
pub(crate) const DAMAGED_FILE: &str = ".xorlings-progress.damaged.toml";

const HEADER: &str = "# Your xorlings progress, written by the grader.\n\
# `cargo grader verify` rebuilds it by grading every exercise.\n";

#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Progress {
    /// The exercise the learner is on; `None` means the first one not done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<String>,
    /// The exercises that passed, in course order.
    #[serde(default)]
    pub done: Vec<String>,
    /// The quizzes answered right, by their ids (`xorlings_course::quiz`), in the catalog's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quizzes: Vec<String>,
}

/// What loading found.
pub(crate) enum Loaded {
    Found(Progress),
    /// The file was damaged: it was set aside, and progress starts empty.
    Damaged {
        reason: String,
    },
}

impl Progress {
    pub(crate) fn path(workbook: &Workbook) -> PathBuf {
        workbook.root.join(PROGRESS_FILE)
    }

    /// Reads the progress file; no file means no progress yet. A damaged file is set
    /// aside (renamed to [`DAMAGED_FILE`]) and reported, never an obstacle.
    pub(crate) fn load(workbook: &Workbook) -> Result<Loaded> {
        let _lock = lock(&workbook.root)?;
        Ok(match read(workbook) {
            Ok(progress) => Loaded::Found(progress),
            Err(error) => {
                let _ = std::fs::rename(Self::path(workbook), workbook.root.join(DAMAGED_FILE));
                Loaded::Damaged {
                    reason: format!("{error:#}"),
                }
            }
        })
    }

    /// Applies `change` to the progress on disk, under the lock, and saves it; returns
    /// the progress as saved.
    pub(crate) fn update(
        workbook: &Workbook,
        change: impl FnOnce(&mut Progress),
    ) -> Result<Progress> {
        let _lock = lock(&workbook.root)?;
        let on_disk = read(workbook)
            .ok()
            .filter(|_| Self::path(workbook).is_file());
        let mut progress = on_disk.clone().unwrap_or_default();
        change(&mut progress);
        progress.sort(workbook);
        // A file that would be written the same stays as it is: its sync to the disk
        // took a tenth of a grading, and most gradings (each save in watch) change
        // nothing.
        if on_disk.as_ref() != Some(&progress) {
            progress.save(workbook)?;
        }
        Ok(progress)
    }

    /// Records a verdict: `passed` adds the exercise to `done`, a failure removes it.
    pub(crate) fn record(workbook: &Workbook, name: &str, passed: bool) -> Result<Progress> {
        Self::update(workbook, |progress| {
            progress.done.retain(|d| d != name);
            if passed {
                progress.done.push(name.to_string());
            }
        })
    }

    /// Records a quiz answered right.
    pub(crate) fn record_quiz(workbook: &Workbook, id: &str) -> Result<Progress> {
        Self::update(workbook, |progress| progress.quizzes.push(id.to_string()))
    }

    pub(crate) fn is_done(&self, name: &str) -> bool {
        self.done.iter().any(|d| d == name)
    }

    fn sort(&mut self, workbook: &Workbook) {
        self.done.retain(|name| workbook.index_of(name).is_some());
        self.done.sort_by_key(|d| workbook.index_of(d));
        self.done.dedup();
        self.quizzes.retain(|id| quiz::find(id).is_some());
        self.quizzes
            .sort_by_key(|id| quiz::QUIZZES.iter().position(|q| q.id == id));
        self.quizzes.dedup();
        if self
            .current
            .as_deref()
            .is_some_and(|c| workbook.index_of(c).is_none())
        {
            self.current = None;
        }
    }

    /// Writes the file atomically: readers see the old file or the new one, never half.
    fn save(&self, workbook: &Workbook) -> Result<()> {
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
}

/// The progress on disk; no file is no progress.
fn read(workbook: &Workbook) -> Result<Progress> {
    let path = Progress::path(workbook);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Progress::default()),
        Err(e) => return Err(e).context("it cannot be read"),
    };
    let progress: Progress = toml::from_str(&text)
        .map_err(|error| anyhow::anyhow!("{}", error.message()))
        .context("it is not the grader's TOML")?;
    for name in progress.done.iter().chain(&progress.current) {
        if workbook.index_of(name).is_none() {
            bail!("it names `{name}`, which is not an exercise of this workbook");
        }
    }
    if let Some(id) = progress.quizzes.iter().find(|id| quiz::find(id).is_none()) {
        bail!("it names the quiz `{id}`, which no lesson of this workbook asks");
    }
    Ok(progress)
}

/// An exclusive lock on the workbook's progress, released when dropped: on the workbook
/// folder itself where folders can be locked (Unix), else (Windows) on a file in the
/// workbook's `target` folder, which git ignores.
fn lock(root: &Path) -> Result<std::fs::File> {
    #[cfg(unix)]
    let file =
        std::fs::File::open(root).with_context(|| format!("cannot open {}", root.display()))?;
    #[cfg(windows)]
    let file = {
        let dir = root.join("target").join("xorlings");
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        std::fs::File::create(dir.join("progress.lock"))
            .with_context(|| format!("cannot create the progress lock in {}", dir.display()))?
    };
    file.lock().context("cannot lock the progress")?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workbook::Exercise;

    fn workbook() -> (tempfile::TempDir, Workbook) {
        let dir = tempfile::tempdir().unwrap();
        let exercises = ["a", "b", "c"].map(Exercise::example).to_vec();
        let workbook = Workbook {
            root: dir.path().to_path_buf(),
            exercises,
        };
        (dir, workbook)
    }

    #[test]
    fn two_writers_at_once_both_keep_what_they_recorded() {
        let (_dir, workbook) = workbook();
        std::thread::scope(|scope| {
            for name in ["a", "b", "c"] {
                let workbook = &workbook;
                let writer = move || {
                    for _ in 0..20 {
                        Progress::record(workbook, name, true).unwrap();
                    }
                };
                std::thread::Builder::new()
                    .spawn_scoped(scope, writer)
                    .unwrap();
            }
        });
        let Loaded::Found(progress) = Progress::load(&workbook).unwrap() else {
            panic!("the file is whole");
        };
        assert_eq!(progress.done, ["a", "b", "c"]);
    }

    #[test]
    fn a_damaged_file_is_set_aside_and_progress_starts_again() {
        let (dir, workbook) = workbook();
        std::fs::write(dir.path().join(PROGRESS_FILE), "done = [\"zzz\"]").unwrap();
        let Loaded::Damaged { reason } = Progress::load(&workbook).unwrap() else {
            panic!("a damaged file is reported");
        };
        assert!(reason.contains("zzz"), "{reason}");
        assert!(dir.path().join(DAMAGED_FILE).is_file());
        assert!(
            matches!(Progress::load(&workbook).unwrap(), Loaded::Found(p) if p.done.is_empty())
        );
    }

    #[test]
    fn quizzes_answered_are_kept_beside_the_exercises_and_a_wrong_name_is_damage() {
        let (dir, workbook) = workbook();
        Progress::record(&workbook, "b", true).unwrap();
        Progress::record_quiz(&workbook, "nim-sum-12-10-7").unwrap();
        Progress::record_quiz(&workbook, "nim-sum-6-7-9").unwrap();
        let saved = Progress::record_quiz(&workbook, "nim-sum-12-10-7").unwrap();
        assert_eq!(
            saved.quizzes,
            ["nim-sum-6-7-9", "nim-sum-12-10-7"],
            "in the catalog's order, once"
        );
        // A grading keeps the quizzes, and the file reads back whole.
        Progress::record(&workbook, "a", true).unwrap();
        let Loaded::Found(progress) = Progress::load(&workbook).unwrap() else {
            panic!("the file is whole");
        };
        assert_eq!((progress.done.len(), progress.quizzes.len()), (2, 2));
        std::fs::write(
            dir.path().join(PROGRESS_FILE),
            "quizzes = [\"no-such-quiz\"]",
        )
        .unwrap();
        let Loaded::Damaged { reason } = Progress::load(&workbook).unwrap() else {
            panic!("an unknown quiz is damage");
        };
        assert!(reason.contains("the quiz `no-such-quiz`"), "{reason}");
    }

    #[test]
    fn a_change_is_written_and_a_grading_that_changes_nothing_leaves_the_file() {
        let (dir, workbook) = workbook();
        let path = dir.path().join(PROGRESS_FILE);
        Progress::record(&workbook, "a", false).unwrap();
        assert!(
            path.is_file(),
            "a first grading writes the file, even with nothing done"
        );
        Progress::record(&workbook, "b", true).unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        // Each save is a new file renamed over the old one: a hand-made mark survives
        // only where nothing was saved.
        std::fs::write(&path, format!("{written}# mark\n")).unwrap();
        Progress::record(&workbook, "b", true).unwrap();
        Progress::record(&workbook, "c", false).unwrap();
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .ends_with("# mark\n")
        );
        Progress::record(&workbook, "b", false).unwrap();
        let after = std::fs::read_to_string(&path).unwrap();
        assert!(
            !after.contains("# mark") && !after.contains("\"b\""),
            "{after}"
        );
    }
}
