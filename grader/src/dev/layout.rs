//! What `dev check` proves without compiling anything: the manifest, the folders, the
//! stubs, the hidden tests and the lessons agree, and every case keeps its promises.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::new::{EXERCISE_TEST, TODO_MARKER, exercise_test, pristine_to_come};
use super::short_diff;
use crate::report::score::shares_exactly;
use crate::text::words;
use crate::workbook::{Exercise, MANIFEST, Workbook};
use xorlings_course::hidden;
use xorlings_course::model::Seed;

/// A seed other than the learners', to check the promises of random cases too.
const ANOTHER_SEED: Seed = Seed(0x5eed);

/// Writes the pristine copy of each exercise `checked` accepts whose copy is still the
/// one `dev new` left (see [`pristine_to_come`]) and whose stub has nothing left to
/// write: the copies written.
pub(crate) fn write_pristine_copies(
    workbook: &Workbook,
    checked: &dyn Fn(&str) -> bool,
) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for exercise in workbook.exercises.iter().filter(|e| checked(&e.name)) {
        let (copy, file) = (exercise.stub(), exercise.file());
        let read = |path: &Path| std::fs::read_to_string(workbook.root.join(path));
        let (Ok(copied), Ok(stub)) = (read(&copy), read(&file)) else {
            continue;
        };
        if copied == pristine_to_come(&file) && !stub.contains(TODO_MARKER) {
            let path = workbook.root.join(&copy);
            std::fs::write(&path, stub)
                .with_context(|| format!("cannot write {}", path.display()))?;
            written.push(copy);
        }
    }
    Ok(written)
}

/// Every problem of files and names, for the exercises `checked` accepts (and for the
/// workbook as a whole).
pub(crate) fn problems(workbook: &Workbook, checked: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut problems = Vec::new();
    for exercise in workbook.exercises.iter().filter(|e| checked(&e.name)) {
        exercise_problems(workbook, exercise, &mut problems);
    }
    for tests in hidden::ALL {
        if workbook.index_of(tests.name()).is_none() {
            problems.push(format!(
                "grader/course/src/hidden has hidden tests for `{}`, which workbook.toml does not list",
                tests.name()
            ));
        }
    }
    problems.extend(super::workflow::problem(workbook));
    for folder in ["exercises", "solutions"] {
        for entry in entries(&workbook.root.join(folder)) {
            if workbook.index_of(&entry).is_none() {
                problems.push(format!(
                    "{folder}/{entry} is not an exercise of workbook.toml"
                ));
            }
        }
    }
    let lessons: Vec<&str> = workbook
        .exercises
        .iter()
        .map(|e| e.lesson.as_str())
        .collect();
    for entry in entries(&workbook.root.join("lessons")) {
        let path = format!("lessons/{entry}");
        if entry.ends_with(".md") && !lessons.contains(&path.as_str()) {
            problems.push(format!(
                "{path} is not the lesson of any exercise in workbook.toml"
            ));
        }
    }
    problems
}

fn exercise_problems(workbook: &Workbook, exercise: &Exercise, problems: &mut Vec<String>) {
    let root = &workbook.root;
    let name = &exercise.name;
    let read = |path: &Path| std::fs::read_to_string(root.join(path));
    let tests = exercise.tests;
    let package = Path::new("exercises").join(name).join("Cargo.toml");
    match read(&package) {
        Ok(text) if text.contains(&format!("name = \"{name}\"")) => {}
        Ok(_) => problems.push(format!(
            "{}: the package must be named `{name}`",
            package.display()
        )),
        Err(_) => problems.push(format!("{} is missing", package.display())),
    }
    for file in [exercise.file(), exercise.solution(), exercise.stub()] {
        if !root.join(&file).is_file() {
            problems.push(format!("{} is missing", file.display()));
        }
    }
    let test = Path::new("exercises").join(name).join(EXERCISE_TEST);
    let expected = exercise_test(name);
    match read(&test) {
        Ok(text) if text == expected => {}
        Ok(text) => problems.push(format!(
            "{}: `cargo test` in the exercise's folder must say that the grader grades it; \
             put back the text `dev new` writes\n{}",
            test.display(),
            short_diff("expected", &expected, &test.to_string_lossy(), &text)
        )),
        Err(_) => problems.push(format!(
            "{} is missing: `cargo test` in the exercise's folder would say only \
             \"0 passed\"; `dev new` writes it as\n{expected}",
            test.display()
        )),
    }
    // A copy still to come is written once the stub is (`write_pristine_copies`).
    let copy = read(&exercise.stub()).ok();
    let to_come = copy.as_ref() == Some(&pristine_to_come(&exercise.file()));
    if let (Some(stub), Ok(file), false) = (copy, read(&exercise.file()), to_come) {
        if stub != file {
            let (stub_name, file_name) = (exercise.stub(), exercise.file());
            problems.push(format!(
                "{} differs from its pristine copy {}: copy one over the other\n{}",
                file_name.display(),
                stub_name.display(),
                short_diff(
                    &stub_name.to_string_lossy(),
                    &stub,
                    &file_name.to_string_lossy(),
                    &file
                )
            ));
        }
        if !stub.contains("todo!(") {
            problems.push(format!(
                "{}: the stub's function body must be `todo!(...)`, so that it scores nothing",
                exercise.stub().display()
            ));
        }
    }
    match read(Path::new(&exercise.lesson)) {
        Ok(lesson) => {
            let command = format!("cargo grader run {name}");
            if !lesson.contains(&command) {
                problems.push(format!(
                    "{}: it must tell the learner `{command}`",
                    exercise.lesson
                ));
            }
            if !lesson
                .lines()
                .any(|line| line.trim() == "## Common mistakes")
            {
                problems.push(format!(
                    "{}: it needs a `## Common mistakes` section: verdicts link to {}",
                    exercise.lesson,
                    exercise.mistakes_section()
                ));
            }
        }
        Err(_) => problems.push(format!("the lesson {} is missing", exercise.lesson)),
    }
    if let Ok(stub) = read(&exercise.stub()) {
        problems.extend(unstated_promises(name, tests.promised(), &stub));
    }
    for seed in [Seed::DEFAULT, ANOTHER_SEED] {
        let plan = tests.plan(seed);
        for unreached in plan.unreached_promises() {
            problems.push(format!("exercise `{name}` (seed {seed}): {unreached}"));
        }
        let groups = plan.groups().len();
        if seed == Seed::DEFAULT && !shares_exactly(exercise.points, groups) {
            problems.push(format!(
                "exercise `{name}`: its {} points do not share equally among its {groups} \
                 groups of hidden cases; give it points divisible by {groups} in \
                 workbook.toml (GitHub Classroom's console counts passed groups)",
                exercise.points
            ));
        }
        for broken in plan.invalid_cases() {
            problems.push(format!("exercise `{name}` (seed {seed}): {broken}"));
        }
    }
}

/// The promises of an exercise's hidden tests that its stub's doc comment does not make
/// in their words (compared word by word, whatever the line breaks), or that it has
/// none: each is what the learner is told the hidden tests use.
fn unstated_promises(name: &str, promised: Vec<&str>, stub: &str) -> Vec<String> {
    if promised.is_empty() {
        return vec![format!(
            "exercise `{name}`: its hidden tests declare no promise about their inputs (see \
             `Cases::promises`): declare each limit its doc comment states, so that every \
             case keeps it and some case reaches it"
        )];
    }
    let doc_lines: Vec<&str> = stub
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("//!"))
        .collect();
    let doc = words(&doc_lines.join(" "));
    promised
        .into_iter()
        .filter(|stated| !doc.contains(&words(stated)))
        .map(|stated| {
            format!(
                "exercise `{name}`: its hidden tests promise \"{stated}\", which the doc comment \
                 of its stub does not say: say it there, in these words, or change the promise"
            )
        })
        .collect()
}

/// Every place `dev new` left for the instructor to write in the exercises `checked`
/// accepts: the exercise's name, and the file and line.
pub(crate) fn still_to_write(
    workbook: &Workbook,
    checked: &dyn Fn(&str) -> bool,
) -> Vec<(String, String)> {
    let mut places = Vec::new();
    for exercise in workbook.exercises.iter().filter(|e| checked(&e.name)) {
        let hidden = PathBuf::from(format!("grader/course/src/hidden/{}.rs", exercise.name));
        let files = [
            exercise.file(),
            exercise.stub(),
            exercise.solution(),
            PathBuf::from(&exercise.lesson),
            hidden,
        ];
        for file in files {
            let text = std::fs::read_to_string(workbook.root.join(&file)).unwrap_or_default();
            for (number, line) in text.lines().enumerate() {
                if line.contains(TODO_MARKER) {
                    places.push((
                        exercise.name.clone(),
                        format!("{}:{}: {}", file.display(), number + 1, line.trim()),
                    ));
                }
            }
        }
        if exercise.hint.contains(TODO_MARKER) {
            places.push((
                exercise.name.clone(),
                format!("{MANIFEST}: the hint of `{}`", exercise.name),
            ));
        }
    }
    places
}

/// The names in a folder, sorted; none if it does not exist.
fn entries(dir: &Path) -> Vec<String> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = read
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_promise_the_doc_comment_does_not_make_is_named() {
        let stub = "//! What the hidden tests use:\n//! - up to 1,000,000\n//!   heaps in one position;\nfn f() {}\n// up to 20 amounts\n";
        assert_eq!(
            unstated_promises("x", vec!["up to 1,000,000 heaps"], stub),
            Vec::<String>::new()
        );
        let missing = unstated_promises("x", vec!["up to 20 amounts"], stub);
        assert_eq!(
            missing.len(),
            1,
            "a comment outside the doc comment does not count"
        );
        assert!(
            missing[0].contains("promise \"up to 20 amounts\""),
            "{}",
            missing[0]
        );
        assert!(unstated_promises("x", vec![], stub)[0].contains("declare no promise"));
    }
}
