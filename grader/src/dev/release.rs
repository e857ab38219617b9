//! `cargo grader dev release OUT`: the learner edition of the workbook. It has no
//! `solutions/` (each reference is packed out of sight in `grader/reference/`, and
//! unpacked to `solutions/` once its exercise passes), no maintainers' tests, scripts
//! or CI, the stubs in `exercises/`, a workspace without the solution crates, and
//! lessons and a README that name no file it lacks.

use std::path::{Component, Path};

use anyhow::{Context, Result, bail};
use walkdir::WalkDir;

use crate::Exit;
use crate::reference;
use crate::workbook::Workbook;

/// What stays behind: the instructor's material and what is built or recorded locally.
const LEFT_OUT: [&str; 9] = [
    ".git",
    "target",
    "solutions",
    "scripts",
    ".ci",
    // The maintainers' CI: it grades the reference solutions.
    ".github/workflows/ci.yml",
    "grader/tests",
    ".xorlings-progress.toml",
    ".xorlings-progress.damaged.toml",
];
/// Lessons' markers of quoted verdicts name recorded solutions: they go.
const QUOTE_MARKER: &str = "<!-- grader output: ";
/// The README's part for instructors lies between these lines; it goes too.
const INSTRUCTORS_START: &str = "<!-- instructors:start -->";
const INSTRUCTORS_END: &str = "<!-- instructors:end -->";

pub fn run(workbook: &Workbook, out: &Path) -> Result<Exit> {
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
        // The learner starts from the stubs, whatever state this workbook's exercises are in.
        let stub = std::fs::read(root.join(exercise.stub()))
            .with_context(|| format!("cannot read {}", exercise.stub().display()))?;
        write(&out.join(exercise.file()), &stub)?;
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
        return Ok(without_instructors_part(&text()?).into_bytes());
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

fn without_instructors_part(readme: &str) -> String {
    match (readme.find(INSTRUCTORS_START), readme.find(INSTRUCTORS_END)) {
        (Some(start), Some(end)) if start < end => {
            format!(
                "{}{}",
                &readme[..start],
                &readme[end + INSTRUCTORS_END.len()..]
            )
        }
        _ => readme.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instructors_part_of_the_readme_goes() {
        let readme = format!(
            "# Title\n\nStart here.\n\n{INSTRUCTORS_START}\n## For instructors\n\nsolutions/\n{INSTRUCTORS_END}\n\n## Layout\n"
        );
        let learner = without_instructors_part(&readme);
        assert!(!learner.contains("For instructors") && !learner.contains("solutions/"));
        assert!(learner.contains("Start here.") && learner.contains("## Layout"));
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
        format!(
            "{:#}",
            edited(Path::new("lessons/x.md"), lesson.as_bytes().to_vec()).unwrap_err()
        )
    }
}
