//! The workbook with the settings of one command: what every command grades with.

use std::path::Path;

use anyhow::{Context, Result};

use crate::hidden;
use crate::judge::{self, Answerer, Cancel, Grade, Settings, Submission, Tried};
use crate::model::{Judge, Plan, Seed};
use crate::report::{self, Graded};
use crate::workbook::{ExerciseInfo, Workbook};

const NO_JUDGE: &str = "this grader has no hidden tests for it. The manifest and the grader \
disagree: update the grader (`git pull`) or restore workbook.toml.";

#[derive(Clone)]
pub struct Grader {
    pub workbook: Workbook,
    pub settings: Settings,
}

impl Grader {
    pub fn new(workbook: Workbook, color: bool, seed: Seed) -> Self {
        let settings = Settings {
            cache: workbook.root.join("target").join("xorlings"),
            color,
            width: report::output_width(),
            seed,
            time_scale: 1.0,
        };
        Grader { workbook, settings }
    }

    pub fn judge(&self, exercise: &ExerciseInfo) -> Result<&'static dyn Judge> {
        hidden::judge_for(&exercise.name)
            .with_context(|| format!("cannot grade `{}`: {NO_JUDGE}", exercise.name))
    }

    /// Grades the learner's own file for `exercise` in this workbook.
    pub fn grade(&self, exercise: &ExerciseInfo, cancel: &Cancel) -> Result<Grade> {
        self.grade_file(exercise, &self.workbook.root, &exercise.file(), cancel)
    }

    /// Grades the learner's own file for `exercise` on the one case typed as `words`
    /// (`cargo grader try`); the inner `Err` says why those words are no valid input.
    pub fn try_typed(
        &self,
        exercise: &ExerciseInfo,
        words: &[String],
        cancel: &Cancel,
    ) -> Result<Result<Tried, String>> {
        let relative = exercise.file();
        let source = judge::source::read_source(&self.workbook.root, &relative);
        self.with_submission(exercise, source, &relative, |judge, submission| {
            judge::grade_typed(judge, submission, &self.settings, words, cancel)
        })
        .with_context(|| format!("cannot try {}", relative.display()))
    }

    /// Grades the file `relative` under `root` (a learner's checkout, a stub, a
    /// solution) as `exercise`.
    pub fn grade_file(
        &self,
        exercise: &ExerciseInfo,
        root: &Path,
        relative: &Path,
        cancel: &Cancel,
    ) -> Result<Grade> {
        let source = judge::source::read_source(root, relative);
        self.grade_source(exercise, source, relative, None, cancel)
    }

    /// Grades `source`, read from the learner's file `relative` (or why it could not
    /// be), as `exercise`: on `plan`'s cases when given, else on cases generated now.
    pub fn grade_source(
        &self,
        exercise: &ExerciseInfo,
        source: Result<String, String>,
        relative: &Path,
        plan: Option<&dyn Plan>,
        cancel: &Cancel,
    ) -> Result<Grade> {
        self.with_submission(exercise, source, relative, |judge, submission| match plan {
            Some(plan) => judge::grade_planned(judge, submission, &self.settings, cancel, plan),
            None => judge::grade(judge, submission, &self.settings, cancel),
        })
        .with_context(|| format!("cannot grade {}", relative.display()))
    }

    /// Grades the learner's own file like [`Grader::grade`], and keeps the program built
    /// to answer single cases (`cargo grader play` asks it for moves).
    pub fn grade_keeping(
        &self,
        exercise: &ExerciseInfo,
    ) -> Result<(Grade, Option<Answerer<'static>>)> {
        let relative = exercise.file();
        let source = judge::source::read_source(&self.workbook.root, &relative);
        self.with_submission(exercise, source, &relative, |judge, submission| {
            judge::grade_keeping(judge, submission, &self.settings)
        })
        .with_context(|| format!("cannot grade {}", relative.display()))
    }

    /// Hands `source`, read from `relative`, to `grade` with the exercise's judge.
    fn with_submission<T>(
        &self,
        exercise: &ExerciseInfo,
        source: Result<String, String>,
        relative: &Path,
        grade: impl FnOnce(&'static dyn Judge, &Submission) -> Result<T>,
    ) -> Result<T> {
        let judge = self.judge(exercise)?;
        let submission = Submission {
            source,
            shown_as: &shown(relative),
        };
        grade(judge, &submission)
    }

    /// A grade with what reports say about its exercise.
    pub fn graded<'a>(&self, exercise: &'a ExerciseInfo, grade: &'a Grade) -> Graded<'a> {
        Graded {
            exercise,
            number: self.workbook.index_of(&exercise.name).map_or(0, |i| i + 1),
            grade,
            shown_file: shown(&exercise.file()),
            call: hidden::judge_for(&exercise.name).map_or_else(String::new, |j| j.signature()),
        }
    }
}

/// A path as reports show it: with forward slashes, relative to the workbook.
pub fn shown(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}
