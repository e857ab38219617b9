//! Recorded solutions: other people's solutions, sorted into folders by the verdict they
//! must get (`solutions/<name>/recorded/<verdict>/<file>.rs`), each `// expect: ` line a
//! text its report must contain, each `// expect-not: ` line one it must not. Found
//! with walkdir; anything else there is a problem.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::workbook::{Exercise, Workbook};
use xorlings_core::verdict::Kind;

/// The line a recorded solution uses to name text its report must contain.
pub(crate) const EXPECT_PREFIX: &str = "// expect: ";
/// The line a recorded solution uses to name text its report must not contain: advice
/// for a mistake the code does not make, say.
pub(crate) const EXPECT_NOT_PREFIX: &str = "// expect-not: ";

/// One recorded solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Recorded {
    /// Relative to the workbook root.
    pub file: PathBuf,
    pub verdict: Kind,
    /// Text the report must contain.
    pub expect: Vec<String>,
    /// Text the report must not contain.
    pub expect_not: Vec<String>,
}

/// The texts of the lines of `source` that start with `prefix` (`// expect: `...).
pub(crate) fn expected_texts(source: &str, prefix: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|line| line.trim().strip_prefix(prefix))
        .map(str::to_string)
        .collect()
}

/// The recorded solutions of `exercise`, and the problems found on the way (a folder
/// that names no verdict, a file that is not `.rs`, a file where a folder should be).
pub(crate) fn find(workbook: &Workbook, exercise: &Exercise) -> (Vec<Recorded>, Vec<String>) {
    let relative = exercise.recorded();
    let root = workbook.root.join(&relative);
    let (mut recorded, mut problems) = (Vec::new(), Vec::new());
    if !root.is_dir() {
        return (recorded, problems);
    }
    let folders: Vec<&str> = Kind::ALL.iter().map(|k| k.folder()).collect();
    for entry in WalkDir::new(&root).min_depth(1).sort_by_file_name() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                problems.push(format!("{}: {error}", relative.display()));
                continue;
            }
        };
        let path = entry
            .path()
            .strip_prefix(&workbook.root)
            .unwrap_or(entry.path());
        let shown = path.display();
        let is_dir = entry.file_type().is_dir();
        match entry.depth() {
            1 if is_dir => {
                let name = entry.file_name().to_string_lossy();
                if Kind::from_folder(&name).is_none() {
                    problems.push(format!(
                        "{shown}: `{name}` is not a verdict; the folders are {}",
                        folders.join(", ")
                    ));
                }
            }
            1 => problems.push(format!(
                "{shown}: a file outside the verdict folders; move it into one of {}",
                folders.join(", ")
            )),
            // `dev new` keeps empty verdict folders in git with a `.gitkeep`.
            2 if entry.file_name() == ".gitkeep" => {}
            2 if !is_dir && entry.file_name().to_string_lossy().ends_with(".rs") => {
                let Some(verdict) = verdict_of(path) else {
                    continue;
                };
                let source = std::fs::read_to_string(entry.path()).unwrap_or_default();
                recorded.push(Recorded {
                    file: path.to_path_buf(),
                    verdict,
                    expect: expected_texts(&source, EXPECT_PREFIX),
                    expect_not: expected_texts(&source, EXPECT_NOT_PREFIX),
                });
            }
            _ => problems.push(format!(
                "{shown}: not a recorded solution (each is a `.rs` file right in a verdict folder)"
            )),
        }
    }
    (recorded, problems)
}

/// The verdict named by the folder a recorded file is in.
fn verdict_of(file: &Path) -> Option<Kind> {
    let folder = file.parent()?.file_name()?.to_str()?;
    Kind::from_folder(folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stray_files_are_named_not_skipped() {
        let root = tempfile::tempdir().unwrap();
        let recorded = root.path().join("solutions/x/recorded");
        for (file, text) in [
            (
                "wrong_answer/sum.rs",
                "// expect: wrong answer\n// expect: You added\n// expect-not: You used OR\nfn f() {}",
            ),
            ("wrong_answer/notes.txt", "thoughts"),
            ("wrong_answer/x.RS", ""),
            ("lucky/a.rs", ""),
            ("accepted/deep/a.rs", ""),
            ("readme.md", ""),
        ] {
            let path = recorded.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let workbook = Workbook {
            root: root.path().to_path_buf(),
            exercises: Vec::new(),
        };
        let exercise = Exercise::example("x");
        let (found, problems) = find(&workbook, &exercise);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].verdict, Kind::WrongAnswer);
        assert_eq!(found[0].expect, ["wrong answer", "You added"]);
        assert_eq!(found[0].expect_not, ["You used OR"]);
        let all = problems.join("\n");
        for stray in [
            "notes.txt",
            "x.RS",
            "`lucky` is not a verdict",
            "deep",
            "readme.md",
        ] {
            assert!(all.contains(stray), "{stray} is not named in:\n{all}");
        }
    }
}
