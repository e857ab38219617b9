//! The app state shared by the command line and watch mode: the workbook, the learner's
//! progress, and grading an exercise.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::judge::build::BuildRequest;
use crate::judge::{self, Cancel, Grade};
use crate::problems;
use crate::progress::Progress;
use crate::workbook::{ExerciseInfo, Workbook};

const NO_JUDGE: &str = "this grader has no hidden tests for it. The manifest and the grader \
disagree: update the grader (`git pull`) or restore workbook.toml.";

pub struct App {
    pub workbook: Workbook,
    pub progress: Progress,
    /// Whether output (and the compiler's messages) use colors.
    pub color: bool,
}

impl App {
    /// Loads the learner's progress for `workbook`; a damaged progress file is an error
    /// that says how to recover.
    pub fn load(workbook: Workbook, color: bool) -> Result<Self> {
        let progress = Progress::load(&workbook)?;
        Ok(App {
            workbook,
            progress,
            color,
        })
    }

    /// The exercise the learner is on: the one progress names, else the first not done,
    /// else the last.
    pub fn current(&self) -> &ExerciseInfo {
        let exercises = &self.workbook.exercises;
        self.progress
            .current
            .as_deref()
            .and_then(|name| self.workbook.find(name).ok())
            .or_else(|| exercises.iter().find(|e| !self.progress.is_done(&e.name)))
            .unwrap_or(&exercises[exercises.len() - 1])
    }

    /// The exercise `name`, or the current one when no name is given.
    pub fn exercise(&self, name: Option<&str>) -> Result<ExerciseInfo> {
        match name {
            Some(name) => self.workbook.find(name).cloned(),
            None => Ok(self.current().clone()),
        }
    }

    pub fn set_current(&mut self, name: &str) -> Result<()> {
        self.progress.current = Some(name.to_string());
        self.progress.save(&self.workbook)
    }

    /// The first exercise after `name` in course order that is not done yet.
    pub fn next_pending(&self, name: &str) -> Option<&ExerciseInfo> {
        let start = self.workbook.index_of(name).map_or(0, |i| i + 1);
        self.workbook.exercises[start..]
            .iter()
            .find(|e| !self.progress.is_done(&e.name))
    }

    pub fn done_count(&self) -> usize {
        self.progress.done.len()
    }

    /// The learner's file for `exercise`, as an absolute path.
    pub fn learner_file(&self, exercise: &ExerciseInfo) -> PathBuf {
        self.workbook
            .root
            .join(self.workbook.exercise_file(exercise))
    }

    /// Grades the learner's file for `exercise`.
    pub fn grade(&self, exercise: &ExerciseInfo, cancel: &Cancel) -> Result<Grade> {
        let options = GradeOptions {
            color: self.color,
            time_scale: 1.0,
        };
        grade_file(
            &self.workbook,
            exercise,
            &self.learner_file(exercise),
            "learner",
            &options,
            cancel,
        )
    }

    /// Records a verdict in the progress file.
    pub fn record(&mut self, grade: &Grade) -> Result<()> {
        self.progress
            .record(&self.workbook, &grade.exercise, grade.passed());
        self.progress.save(&self.workbook)
    }

    /// Puts the pristine stub back in place of the learner's file.
    pub fn reset(&mut self, exercise: &ExerciseInfo) -> Result<()> {
        let stub = self.workbook.root.join(self.workbook.stub_file(exercise));
        let target = self.learner_file(exercise);
        let text = std::fs::read(&stub)
            .with_context(|| format!("cannot read the pristine stub {}", stub.display()))?;
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(&target, text)
            .with_context(|| format!("cannot write {}", target.display()))?;
        self.progress.record(&self.workbook, &exercise.name, false);
        self.progress.save(&self.workbook)
    }
}

/// How to grade a file.
#[derive(Debug, Clone, Copy)]
pub struct GradeOptions {
    /// Color in the compiler's messages.
    pub color: bool,
    /// The exercise's time limit is multiplied by this (`dev check` tries 1.5).
    pub time_scale: f64,
}

/// Grades any `source` file (a learner's, a stub, a solution) as `exercise`. `slot` names
/// the build folder, so gradings of different files can run side by side.
pub fn grade_file(
    workbook: &Workbook,
    exercise: &ExerciseInfo,
    source: &Path,
    slot: &str,
    options: &GradeOptions,
    cancel: &Cancel,
) -> Result<Grade> {
    let judge = problems::judge_for(&exercise.name)
        .with_context(|| format!("cannot grade `{}`: {NO_JUDGE}", exercise.name))?;
    let build_root = workbook.build_dir();
    // Compiler messages show paths from the checkout the file belongs to: this workbook,
    // or a learner's checkout being graded (`<root>/exercises/<dir>/src/lib.rs`).
    let shown_root = match source.starts_with(&workbook.root) {
        true => workbook.root.as_path(),
        false => source.ancestors().nth(4).unwrap_or(&workbook.root),
    };
    let request = BuildRequest {
        root: shown_root,
        build_root: &build_root,
        source,
        adapter: judge.adapter(),
        out_dir: &build_root.join(slot).join(&exercise.name),
        color: options.color,
    };
    let limit = judge.time_limit().mul_f64(options.time_scale);
    judge::grade(&request, judge, limit, cancel)
        .with_context(|| format!("cannot grade {}", source.display()))
}
