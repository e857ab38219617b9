//! The workbook on disk: its root folder and its manifest, `workbook.toml`, which holds
//! the course order. Folders are named after exercises and never move when it changes.
//! Each exercise is resolved once, when the workbook loads: what the manifest says of
//! it, with its hidden tests.

use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::Deserialize;

use xorlings_course::hidden;
use xorlings_course::model::HiddenTests;

/// The manifest's file name; the folder that holds it is the workbook root.
pub(crate) const MANIFEST: &str = "workbook.toml";
/// Points of an exercise, unless the manifest says otherwise.
pub(crate) const DEFAULT_POINTS: u32 = 100;

const NOT_IN_WORKBOOK: &str = "This folder is not inside the xorlings workbook: no `workbook.toml` \
was found here or in any parent folder.\nRun the grader from your clone of the workbook \
(for example `cd xorlings && cargo grader watch`).";

/// One exercise as the manifest lists it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Listed {
    name: String,
    lesson: String,
    hint: String,
    #[serde(default = "default_points")]
    points: u32,
}

fn default_points() -> u32 {
    DEFAULT_POINTS
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    exercise: Vec<Listed>,
}

/// One exercise of the workbook: what the manifest says of it, and its hidden tests.
#[derive(Clone)]
pub struct Exercise {
    /// The exercise's name: its folders' names and the name learners type.
    pub name: String,
    /// The lesson's path from the root, e.g. `lessons/nim-sum.md`.
    pub lesson: String,
    pub hint: String,
    /// Points for passing every group of hidden cases; partial credit by group.
    pub points: u32,
    /// Its number in the course, from 1.
    pub number: usize,
    pub tests: &'static dyn HiddenTests,
    /// The learner's file in `src/`: `lib.rs`, or `main.rs` for a whole program.
    file_name: &'static str,
}

impl fmt::Debug for Exercise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exercise {} ({})", self.number, self.name)
    }
}

/// The workbook: where it is, and its exercises in course order.
#[derive(Debug, Clone)]
pub struct Workbook {
    pub root: PathBuf,
    pub exercises: Vec<Exercise>,
}

/// Whether `name` may name an exercise: lowercase letters, digits and `_`, starting
/// with a letter (it is a folder, a crate and a Rust function).
pub(crate) fn check_name(name: &str) -> Result<(), String> {
    let plain = name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) || !plain {
        return Err(format!(
            "`{name}` is not a name for an exercise: use lowercase letters, digits and `_`, \
             starting with a letter (it names a folder, a crate and a Rust function)"
        ));
    }
    Ok(())
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
        let restore = format!(
            "the manifest {} is broken; fix it or restore it with `git checkout -- {MANIFEST}`",
            path.display()
        );
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read the manifest {}", path.display()))?;
        let manifest: Manifest = toml::from_str(&text)
            .map_err(|error| anyhow::anyhow!("{}", error.to_string().trim_end()))
            .context("each exercise needs a name, a lesson and a hint")
            .context(restore.clone())?;
        let exercises = resolve(manifest.exercise).context(restore)?;
        Ok(Workbook {
            root: root.to_path_buf(),
            exercises,
        })
    }

    /// Where the exercise's position in course order is (0-based).
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.exercises.iter().position(|e| e.name == name)
    }
}

/// The exercises the manifest lists, each with its hidden tests, after the checks
/// every command relies on (`dev check` does the deeper ones).
fn resolve(listed: Vec<Listed>) -> Result<Vec<Exercise>> {
    if listed.is_empty() {
        bail!("it lists no exercise");
    }
    let mut exercises: Vec<Exercise> = Vec::new();
    for (i, entry) in listed.into_iter().enumerate() {
        if exercises.iter().any(|e| e.name == entry.name) {
            bail!("the exercise `{}` is listed twice", entry.name);
        }
        check_name(&entry.name).map_err(anyhow::Error::msg)?;
        if entry.points == 0 {
            bail!("the exercise `{}` is worth 0 points", entry.name);
        }
        let tests = hidden::tests_for(&entry.name).with_context(|| {
            format!(
                "it lists `{0}`, and this grader has no hidden tests for it: update the \
                 grader (`git pull`), write grader/course/src/hidden/{0}.rs (`cargo grader dev new` \
                 scaffolds an exercise), or remove `{0}` from the manifest",
                entry.name
            )
        })?;
        exercises.push(Exercise {
            file_name: tests.build().file_name(),
            name: entry.name,
            lesson: entry.lesson,
            hint: entry.hint,
            points: entry.points,
            number: i + 1,
            tests,
        });
    }
    Ok(exercises)
}

/// Where each file of an exercise lives, relative to a workbook's root.
impl Exercise {
    /// The learner's file: `exercises/<name>/src/lib.rs`.
    pub fn file(&self) -> PathBuf {
        Path::new("exercises")
            .join(&self.name)
            .join("src")
            .join(self.file_name)
    }

    /// The learner's file in a checkout, which may predate folders named after
    /// exercises (`exercises/04_nim_winning_move/` rather than `exercises/nim_winning_move/`).
    pub fn file_in(&self, checkout: &Path) -> PathBuf {
        let folders: Vec<String> = std::fs::read_dir(checkout.join("exercises"))
            .map(|entries| {
                entries
                    .flatten()
                    .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
                    .map(|entry| entry.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        self.file_among(&folders)
    }

    /// The learner's file, given the folders in a checkout's `exercises/` (on disk, or
    /// in a commit): its own folder, else an old numbered one, else its own path.
    pub fn file_among(&self, folders: &[String]) -> PathBuf {
        if folders.contains(&self.name) {
            return self.file();
        }
        let numbered = |name: &&String| {
            name.split_once('_').is_some_and(|(number, rest)| {
                rest == self.name && number.chars().all(|c| c.is_ascii_digit())
            })
        };
        match folders.iter().find(numbered) {
            Some(folder) => Path::new("exercises")
                .join(folder)
                .join("src")
                .join(self.file_name),
            None => self.file(),
        }
    }

    /// The pristine stub that `reset` restores.
    pub fn stub(&self) -> PathBuf {
        Path::new("grader/stubs").join(format!("{}.rs", self.name))
    }

    /// The reference solution.
    pub fn solution(&self) -> PathBuf {
        Path::new("solutions")
            .join(&self.name)
            .join("src")
            .join(self.file_name)
    }

    /// The folder of recorded solutions beside the reference.
    pub fn recorded(&self) -> PathBuf {
        Path::new("solutions").join(&self.name).join("recorded")
    }

    /// The lesson's section about the classic mistakes, as a link.
    pub fn mistakes_section(&self) -> String {
        format!("{}#common-mistakes", self.lesson)
    }
}

#[cfg(test)]
impl Exercise {
    /// An exercise for unit tests, called `name`, with `xor_all`'s hidden tests.
    pub fn example(name: &str) -> Exercise {
        Exercise {
            name: name.to_string(),
            lesson: String::new(),
            hint: String::new(),
            points: DEFAULT_POINTS,
            number: 1,
            tests: hidden::tests_for("xor_all").expect("xor_all has hidden tests"),
            file_name: "lib.rs",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise(name: &str) -> Exercise {
        Exercise::example(name)
    }

    #[test]
    fn names_are_folders_crates_and_functions() {
        assert_eq!(check_name("heap_count_2"), Ok(()));
        for bad in ["", "2heaps", "_heaps", "Heaps", "heap-count", "heaps!"] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_checkout_from_before_the_folders_were_renamed_is_found() {
        let checkout = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(checkout.path().join("exercises/04_nim_winning_move/src")).unwrap();
        std::fs::create_dir_all(checkout.path().join("exercises/xor_all/src")).unwrap();
        assert_eq!(
            exercise("nim_winning_move").file_in(checkout.path()),
            Path::new("exercises/04_nim_winning_move/src/lib.rs")
        );
        assert_eq!(
            exercise("xor_all").file_in(checkout.path()),
            Path::new("exercises/xor_all/src/lib.rs")
        );
        // `10_all_moves_x` is not `all_moves`; a missing exercise keeps its own path.
        std::fs::create_dir_all(checkout.path().join("exercises/10_all_moves_x")).unwrap();
        assert_eq!(
            exercise("all_moves").file_in(checkout.path()),
            Path::new("exercises/all_moves/src/lib.rs")
        );
    }
}
