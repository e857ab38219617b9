//! The workbook on disk: its root folder and its manifest, `workbook.toml`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::Deserialize;

/// The manifest's file name; the folder that holds it is the workbook root.
pub const MANIFEST: &str = "workbook.toml";

const NOT_IN_WORKBOOK: &str = "This folder is not inside the xorlings workbook: no `workbook.toml` \
was found here or in any parent folder.\nRun the grader from your clone of the workbook \
(for example `cd xorlings && cargo grader watch`).";

/// One exercise as the manifest lists it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseInfo {
    /// The package name, e.g. `xor_all`; also the name learners type.
    pub name: String,
    /// The lesson's path from the root, e.g. `lessons/nim-sum.md`.
    pub lesson: String,
    pub hint: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    exercise: Vec<ExerciseInfo>,
}

/// The workbook: where it is, and its exercises in course order.
#[derive(Debug, Clone)]
pub struct Workbook {
    pub root: PathBuf,
    pub exercises: Vec<ExerciseInfo>,
}

impl Workbook {
    /// Finds the workbook that contains `start` (walking up like cargo) and loads it.
    pub fn discover(start: &Path) -> Result<Self> {
        let root = start
            .ancestors()
            .find(|dir| dir.join(MANIFEST).is_file())
            .context(NOT_IN_WORKBOOK)?;
        Self::load(root)
    }

    /// Loads the workbook whose manifest is `root/workbook.toml`.
    pub fn load(root: &Path) -> Result<Self> {
        let path = root.join(MANIFEST);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read the manifest {}", path.display()))?;
        let manifest: Manifest = toml::from_str(&text).with_context(|| {
            format!(
                "the manifest {} is broken; fix it (each exercise needs name, lesson \
                 and hint) or restore it with `git checkout -- {MANIFEST}`",
                path.display()
            )
        })?;
        let workbook = Workbook {
            root: root.to_path_buf(),
            exercises: manifest.exercise,
        };
        workbook.validate().with_context(|| {
            format!(
                "the manifest {} is broken; restore it with `git checkout -- {MANIFEST}`",
                path.display()
            )
        })?;
        Ok(workbook)
    }

    /// The checks every command relies on; `dev check` does the deeper ones.
    fn validate(&self) -> Result<()> {
        if self.exercises.is_empty() {
            bail!("it lists no exercise");
        }
        for (i, exercise) in self.exercises.iter().enumerate() {
            if self.exercises[..i].iter().any(|e| e.name == exercise.name) {
                bail!("the exercise `{}` is listed twice", exercise.name);
            }
            let plain =
                |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !plain(&exercise.name) {
                bail!(
                    "the exercise `{}` has a name that is not made of letters, digits and `_`",
                    exercise.name
                );
            }
        }
        Ok(())
    }

    /// The exercise called `name`, or an error listing the names there are.
    pub fn find(&self, name: &str) -> Result<&ExerciseInfo> {
        self.exercises.iter().find(|e| e.name == name).with_context(|| {
            let names: Vec<&str> = self.exercises.iter().map(|e| e.name.as_str()).collect();
            format!(
                "there is no exercise called `{name}`. The exercises are: {}.\nRun `grader list` to see them with their status.",
                names.join(", ")
            )
        })
    }

    /// Where the exercise's position in course order is (0-based).
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.exercises.iter().position(|e| e.name == name)
    }

    /// The learner's file, relative to the root: `exercises/<dir>/src/lib.rs`.
    pub fn exercise_file(&self, exercise: &ExerciseInfo) -> PathBuf {
        Path::new("exercises")
            .join(&exercise.name)
            .join("src/lib.rs")
    }

    /// The pristine stub that `grader reset` restores, relative to the root.
    pub fn stub_file(&self, exercise: &ExerciseInfo) -> PathBuf {
        Path::new("grader/stubs").join(format!("{}.rs", exercise.name))
    }

    /// The reference solution's file, relative to the root.
    pub fn solution_file(&self, exercise: &ExerciseInfo) -> PathBuf {
        Path::new("solutions")
            .join(&exercise.name)
            .join("src/lib.rs")
    }

    /// The folder of recorded solutions beside the reference, relative to the root.
    pub fn recorded_dir(&self, exercise: &ExerciseInfo) -> PathBuf {
        Path::new("solutions").join(&exercise.name).join("recorded")
    }

    /// Where the grader keeps its builds.
    pub fn build_dir(&self) -> PathBuf {
        self.root.join("target").join("xorlings")
    }
}
