//! `cargo grader dev release OUT`: the learner edition of the workbook. It has no
//! `solutions/` (each reference is packed out of sight in `grader/reference/`, and
//! unpacked to `solutions/` once its exercise passes), no maintainers' tests, scripts
//! or CI, the stubs in `exercises/`, a workspace without the solution crates, and
//! lessons and a README that name no file it lacks.

use std::path::{Component, Path};

use anyhow::{Context, Result, bail};
use walkdir::WalkDir;

use super::new::{EXERCISE_TEST, exercise_test};
use crate::Exit;
use crate::reference;
use crate::workbook::Workbook;

/// What stays behind: the instructor's material and what is built or recorded locally.
const LEFT_OUT: [&str; 12] = [
    ".git",
    "target",
    "solutions",
    "scripts",
    ".ci",
    // The maintainers' page: tests, scripts and CI, which the edition has not.
    "docs/contributing.md",
    // The instructor's guide: solutions, recordings and scripts, which it has not either.
    "docs/guide",
    // The maintainers' CI: it grades the reference solutions, and attacks the sandbox
    // on macOS and Windows.
    ".github/workflows/ci.yml",
    ".github/workflows/sandbox.yml",
    "grader/tests",
    ".xorlings-progress.toml",
    ".xorlings-progress.damaged.toml",
];
/// Lessons' markers of quoted verdicts name recorded solutions: they go.
const QUOTE_MARKER: &str = "<!-- grader output: ";
/// The README's part for instructors lies between these lines; it goes too.
const INSTRUCTORS: (&str, &str) = ("<!-- instructors:start -->", "<!-- instructors:end -->");
/// The grader's test targets lie between these lines of its Cargo.toml: the edition has
/// no `grader/tests/`, so they go.
const TEST_TARGETS: (&str, &str) = ("# maintainers:start", "# maintainers:end");

pub(crate) fn run(workbook: &Workbook, out: &Path) -> Result<Exit> {
    let empty = std::fs::read_dir(out).map_or(true, |mut entries| entries.next().is_none());
    if !empty {
        bail!(
            "{} is not empty: choose a new folder for the learner edition",
            out.display()
        );
    }
    let root = &workbook.root;
    let walk = WalkDir::new(root)
        .min_depth(1)
        .into_iter()
        .filter_entry(|entry| {
            let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
            !LEFT_OUT
                .iter()
                .any(|left_out| relative == Path::new(left_out))
        });
    for entry in walk {
        let entry = entry.context("cannot list the workbook")?;
        let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
        let target = out.join(relative);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)
                .with_context(|| format!("cannot create {}", target.display()))?;
        } else if entry.file_type().is_file() {
            let bytes = std::fs::read(entry.path())
                .with_context(|| format!("cannot read {}", entry.path().display()))?;
            std::fs::write(&target, edited(relative, bytes)?)
                .with_context(|| format!("cannot write {}", target.display()))?;
        }
    }
    for exercise in &workbook.exercises {
        // The learner starts from the stubs, whatever state this workbook's exercises are
        // in, and each exercise's `cargo test` says that the grader grades it.
        let stub = std::fs::read(root.join(exercise.stub()))
            .with_context(|| format!("cannot read {}", exercise.stub().display()))?;
        write(&out.join(exercise.file()), &stub)?;
        let test = Path::new("exercises")
            .join(&exercise.name)
            .join(EXERCISE_TEST);
        write(&out.join(test), exercise_test(&exercise.name).as_bytes())?;
        let solution = std::fs::read_to_string(root.join(exercise.solution()))
            .with_context(|| format!("cannot read {}", exercise.solution().display()))?;
        write(
            &out.join(reference::packed_path(exercise)),
            reference::pack(&solution).as_bytes(),
        )?;
    }
    println!(
        "Wrote the learner edition to {}: {} exercises, their stubs and lessons, no solutions \
         in plain sight.",
        out.display(),
        workbook.exercises.len()
    );
    Ok(Exit::Passed)
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
    }
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// A file as the learner edition has it.
fn edited(relative: &Path, bytes: Vec<u8>) -> Result<Vec<u8>> {
    let top = relative.components().next();
    let is = |name: &str| relative == Path::new(name);
    let text = || {
        String::from_utf8(bytes.clone())
            .with_context(|| format!("{} is not UTF-8", relative.display()))
    };
    if is("Cargo.toml") {
        let manifest = text()?;
        let edited = manifest.replace(", \"solutions/*\"", "");
        if edited == manifest {
            bail!("Cargo.toml's workspace members do not list \"solutions/*\" as expected");
        }
        return Ok(edited.into_bytes());
    }
    if is("README.md") {
        return Ok(without(INSTRUCTORS, &text()?).into_bytes());
    }
    if is("grader/Cargo.toml") {
        let manifest = text()?;
        let edited = without(TEST_TARGETS, &manifest);
        if edited == manifest {
            bail!(
                "grader/Cargo.toml has no part between `{}` and `{}` for the test targets \
                 the learner edition leaves out",
                TEST_TARGETS.0,
                TEST_TARGETS.1
            );
        }
        return Ok(edited.into_bytes());
    }
    if top == Some(Component::Normal("lessons".as_ref())) {
        let lesson = text()?;
        let kept: Vec<&str> = lesson
            .lines()
            .filter(|line| !line.trim_start().starts_with(QUOTE_MARKER))
            .collect();
        let lesson = kept.join("\n") + "\n";
        if lesson.contains("solutions/") {
            bail!(
                "{} names a file under solutions/, which the learner edition does not have: \
                 say it without the path",
                relative.display()
            );
        }
        return Ok(lesson.into_bytes());
    }
    Ok(bytes)
}

/// `text` without the part from the line `start` to the line `end`, both included.
fn without((start, end): (&str, &str), text: &str) -> String {
    match (text.find(start), text.find(end)) {
        (Some(from), Some(to)) if from < to => {
            let after = text[to + end.len()..]
                .strip_prefix('\n')
                .unwrap_or(&text[to + end.len()..]);
            format!("{}{after}", &text[..from])
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instructors_part_of_the_readme_goes() {
        let (start, end) = INSTRUCTORS;
        let readme = format!(
            "# Title\n\nStart here.\n\n{start}\n## For instructors\n\nsolutions/\n{end}\n\n## Layout\n"
        );
        let learner = without(INSTRUCTORS, &readme);
        assert!(!learner.contains("For instructors") && !learner.contains("solutions/"));
        assert!(learner.contains("Start here.") && learner.contains("## Layout"));
    }

    #[test]
    fn the_test_targets_of_the_graders_manifest_go() {
        let (start, end) = TEST_TARGETS;
        let manifest = format!(
            "[package]\nname = \"grader\"\n\n[features]\ne2e = []\n\n{start} (why)\n\
             [[test]]\nname = \"e2e\"\npath = \"tests/e2e/main.rs\"\n{end}\n\n\
             [dependencies]\nlibc = \"0.2\"\n"
        );
        let edited = edited(Path::new("grader/Cargo.toml"), manifest.into_bytes()).unwrap();
        let parsed: toml::Table = String::from_utf8(edited).unwrap().parse().unwrap();
        assert!(!parsed.contains_key("test"), "{parsed}");
        assert!(
            parsed["features"].get("e2e").is_some(),
            "the lib's cfg names it"
        );
        assert!(parsed["dependencies"].get("libc").is_some());
        let unmarked = "[package]\nname = \"grader\"\n".as_bytes().to_vec();
        let error = edited_err_of("grader/Cargo.toml", unmarked);
        assert!(
            error.contains("no part between `# maintainers:start`"),
            "{error}"
        );
    }

    #[test]
    fn lessons_lose_their_markers_and_may_not_name_solutions() {
        let lesson =
            "Text.\n<!-- grader output: solutions/x/recorded/a.rs -->\n```text\nverdict\n```\n";
        let edited = edited(Path::new("lessons/x.md"), lesson.as_bytes().to_vec()).unwrap();
        assert_eq!(
            String::from_utf8(edited).unwrap(),
            "Text.\n```text\nverdict\n```\n"
        );
        let naming = "See solutions/x/src/lib.rs.\n";
        assert!(edited_err(naming).contains("names a file under solutions/"));
    }

    fn edited_err(lesson: &str) -> String {
        edited_err_of("lessons/x.md", lesson.as_bytes().to_vec())
    }

    fn edited_err_of(path: &str, bytes: Vec<u8>) -> String {
        format!("{:#}", edited(Path::new(path), bytes).unwrap_err())
    }
}
