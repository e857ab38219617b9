//! The learner's session: where they are in the course, and their verdicts. Shared by
//! the command line and watch.

use anyhow::{Context, Result, bail};

use crate::grading::Grader;
use crate::judge::Grade;
use crate::progress::{DAMAGED_FILE, Loaded, Progress};
use crate::workbook::{Exercise, Workbook};

/// Said once when the progress file was damaged.
pub(crate) const PROGRESS_RESET: &str = "Your progress file was damaged, so it was set aside (as \
.xorlings-progress.damaged.toml) and progress starts again from the first exercise not done. \
Your exercises are safe: `cargo grader verify` grades them all and rebuilds your progress.";

pub(crate) struct Session {
    pub grader: Grader,
    pub progress: Progress,
    /// Something to tell the learner once (a damaged progress file).
    pub notice: Option<String>,
}

impl Session {
    pub(crate) fn load(grader: Grader) -> Result<Self> {
        let (progress, notice) = match Progress::load(&grader.workbook)? {
            Loaded::Found(progress) => (progress, None),
            Loaded::Damaged { reason } => (
                Progress::default(),
                Some(format!(
                    "{PROGRESS_RESET}\n(The file {DAMAGED_FILE}: {reason}.)"
                )),
            ),
        };
        Ok(Session {
            grader,
            progress,
            notice,
        })
    }

    pub(crate) fn workbook(&self) -> &Workbook {
        &self.grader.workbook
    }

    /// The exercise the learner is on: the one progress names, else the first not done,
    /// else the last.
    pub(crate) fn current(&self) -> &Exercise {
        let exercises = &self.workbook().exercises;
        self.progress
            .current
            .as_deref()
            .and_then(|name| exercises.iter().find(|e| e.name == name))
            .or_else(|| exercises.iter().find(|e| !self.progress.is_done(&e.name)))
            .unwrap_or(&exercises[exercises.len() - 1])
    }

    /// The exercise a learner typed (a name or its number in the list), or the current
    /// one when nothing was typed.
    pub(crate) fn exercise(&self, typed: Option<&str>) -> Result<Exercise> {
        match typed {
            None => Ok(self.current().clone()),
            Some(typed) => find(self.workbook(), typed).cloned(),
        }
    }

    /// The first exercise after `name` in course order that is not done yet.
    pub(crate) fn next_pending(&self, name: &str) -> Option<&Exercise> {
        let workbook = self.workbook();
        let start = workbook.index_of(name).map_or(0, |i| i + 1);
        workbook.exercises[start..]
            .iter()
            .find(|e| !self.progress.is_done(&e.name))
    }

    pub(crate) fn done_count(&self) -> usize {
        self.progress.done.len()
    }

    pub(crate) fn set_current(&mut self, name: &str) -> Result<()> {
        self.progress = Progress::update(self.workbook(), |p| p.current = Some(name.to_string()))?;
        Ok(())
    }

    /// Records a verdict in the progress file (merged with what is on disk).
    pub(crate) fn record(&mut self, grade: &Grade) -> Result<()> {
        self.progress = Progress::record(self.workbook(), &grade.exercise, grade.passed())?;
        Ok(())
    }

    /// Records a quiz answered right (merged with what is on disk).
    pub(crate) fn record_quiz(&mut self, id: &str) -> Result<()> {
        self.progress = Progress::record_quiz(self.workbook(), id)?;
        Ok(())
    }

    /// Puts the pristine stub back in place of the learner's file.
    pub(crate) fn reset(&mut self, exercise: &Exercise) -> Result<()> {
        let root = &self.workbook().root;
        let stub = root.join(exercise.stub());
        let target = root.join(exercise.file());
        let text = std::fs::read(&stub)
            .with_context(|| format!("cannot read the pristine stub {}", stub.display()))?;
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(&target, text)
            .with_context(|| format!("cannot write {}", target.display()))?;
        self.progress = Progress::record(self.workbook(), &exercise.name, false)?;
        Ok(())
    }
}

/// The exercise called `typed`, or numbered `typed` in the course (from 1); an error
/// suggests the closest name.
pub(crate) fn find<'a>(workbook: &'a Workbook, typed: &str) -> Result<&'a Exercise> {
    let exercises = &workbook.exercises;
    if let Some(exercise) = exercises.iter().find(|e| e.name == typed) {
        return Ok(exercise);
    }
    if let Ok(number) = typed.parse::<usize>() {
        return match number.checked_sub(1).and_then(|i| exercises.get(i)) {
            Some(exercise) => Ok(exercise),
            None => bail!(
                "there is no exercise number {number}: the exercises are numbered 1 to {}.\n\
                 Run `cargo grader list` to see them.",
                exercises.len()
            ),
        };
    }
    let closest = exercises
        .iter()
        .map(|e| (strsim::levenshtein(&e.name, typed), e))
        .min_by_key(|(distance, _)| *distance)
        .filter(|(distance, e)| *distance <= e.name.len() / 2);
    let names: Vec<&str> = exercises.iter().map(|e| e.name.as_str()).collect();
    match closest {
        Some((_, e)) => bail!(
            "there is no exercise called `{typed}`; did you mean `{}`?\nRun `cargo grader list` \
             to see them all.",
            e.name
        ),
        None => bail!(
            "there is no exercise called `{typed}`. The exercises are: {}.\nRun `cargo grader \
             list` to see them with their numbers.",
            names.join(", ")
        ),
    }
}
