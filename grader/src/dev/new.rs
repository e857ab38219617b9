//! `cargo grader dev new NAME [--after EXERCISE]`: scaffolds everything a new exercise
//! needs, so that what is left is writing its four own files: its stub, its reference
//! solution, its lesson and its hidden tests (the cases, the checker, the mistakes).
//! Every place still to write in them holds the marker [`TODO_MARKER`], which `dev check`
//! lists. The rest is wired here: the manifest's entry, the README's row, the crates,
//! the recorded solutions' folders, the Classroom workflow, and the stub's pristine copy,
//! which `dev check` writes once the stub is.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::Exit;
use crate::workbook::{MANIFEST, Workbook, check_name};

/// Marks what `dev new` left for the instructor to write.
pub(crate) const TODO_MARKER: &str = "TODO(dev new)";

/// Every exercise crate's one test, in its folder: `cargo test` run there would say
/// only "0 passed", which reads like "solved". This test is ignored, and cargo prints
/// why: the grader has the hidden tests, and the command that runs them.
pub(crate) const EXERCISE_TEST: &str = "tests/graded_by_the_grader.rs";

/// The text of [`EXERCISE_TEST`] for the exercise `name`. Run anyway (`--ignored`), it
/// fails saying the same: it grades nothing, and must not pass as if it had.
pub(crate) fn exercise_test(name: &str) -> String {
    format!(
        "//! The hidden tests of `{name}` are in the grader, not in this crate: `cargo test`\n\
         //! here only says so. `cargo grader run {name}` grades your code with them.\n\n\
         #[test]\n\
         #[ignore = \"the grader has the hidden tests: run `cargo grader run {name}`\"]\n\
         fn hidden_tests_are_in_the_grader() {{\n    \
         panic!(\"this test grades nothing: run `cargo grader run {name}`\");\n\
         }}\n"
    )
}

pub(crate) fn run(workbook: &Workbook, name: &str, after: Option<&str>) -> Result<Exit> {
    check_name(name).map_err(anyhow::Error::msg)?;
    if workbook.index_of(name).is_some() {
        bail!("there is already an exercise called `{name}` in {MANIFEST}");
    }
    if let Some(after) = after
        && workbook.index_of(after).is_none()
    {
        bail!(
            "there is no exercise `{after}` to put `{name}` after; `cargo grader list` shows them"
        );
    }
    let lesson = format!("lessons/{}.md", name.replace('_', "-"));
    let title = title_of(name);
    let files = scaffold(name, &lesson, &title);
    for (path, _) in &files {
        if workbook.root.join(path).exists() {
            bail!(
                "{} already exists: remove it, or choose another name",
                path.display()
            );
        }
    }
    let manifest = workbook.root.join(MANIFEST);
    let text = std::fs::read_to_string(&manifest)
        .with_context(|| format!("cannot read {}", manifest.display()))?;
    let text = with_entry(&text, name, &lesson, after);
    let readme_path = workbook.root.join(README);
    let readme = std::fs::read_to_string(&readme_path)
        .with_context(|| format!("cannot read {}", readme_path.display()))?;
    let readme = with_course_row(&readme, name, &title, &lesson, after)?;
    for (path, content) in &files {
        let path = workbook.root.join(path);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
        }
        std::fs::write(&path, content)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    std::fs::write(&manifest, text)
        .with_context(|| format!("cannot write {}", manifest.display()))?;
    std::fs::write(&readme_path, readme)
        .with_context(|| format!("cannot write {}", readme_path.display()))?;
    // This grader has no hidden tests for the new exercise yet: the course's names, then.
    let mut names: Vec<&str> = workbook.exercises.iter().map(|e| e.name.as_str()).collect();
    let at = after
        .and_then(|after| workbook.index_of(after))
        .map_or(names.len(), |i| i + 1);
    names.insert(at, name);
    let workflow_updated = super::workflow::update(&workbook.root, &names)?;
    println!("Scaffolded the exercise `{name}`:");
    for (path, _) in &files {
        println!("  {}", path.display());
    }
    if workflow_updated {
        println!("  {} (its reporter step)", super::workflow::WORKFLOW);
    }
    println!(
        "  {MANIFEST} (its entry, {}, with a first hint)\n  {README} (its row of the course \
         table)\n\nWrite what each `{TODO_MARKER}` asks, in its stub, its reference solution, its \
         lesson and its hidden tests; `cargo grader dev check` lists what is left, and writes the \
         stub's pristine copy once the stub is written.",
        match after {
            Some(after) => format!("after `{after}`"),
            None => "last".to_string(),
        }
    );
    Ok(Exit::Passed)
}

/// The manifest with the new exercise's entry after `after`'s (or at the end), keeping
/// every other line as it was.
fn with_entry(manifest: &str, name: &str, lesson: &str, after: Option<&str>) -> String {
    let entry = format!(
        "[[exercise]]\nname = \"{name}\"\nlesson = \"{lesson}\"\nhint = \"\"\"\nThe lesson's worked \
         example does what `{name}` asks, step by step: follow it on a small input of your own.\"\"\"\n"
    );
    let Some(after) = after else {
        return format!("{}\n{entry}", manifest.trim_end());
    };
    // Find the block that holds `name = "after"`, then insert before the next header.
    let marker = format!("name = \"{after}\"");
    let Some(at) = manifest.find(&marker) else {
        return format!("{}\n{entry}", manifest.trim_end());
    };
    let next = manifest[at..]
        .find("[[exercise]]")
        .map_or(manifest.len(), |offset| at + offset);
    format!(
        "{}\n\n{entry}\n{}",
        manifest[..next].trim_end(),
        &manifest[next..]
    )
}

/// The README, whose course table lists every exercise.
const README: &str = "README.md";
/// The course table of the README lies between these lines.
pub(crate) const COURSE_TABLE: (&str, &str) = ("<!-- course:start -->", "<!-- course:end -->");

/// A lesson's first title, from the exercise's name: `heap_count` -> "Heap count".
fn title_of(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What `dev new` puts in an exercise's pristine copy (`grader/stubs/<name>.rs`), which
/// `dev check` replaces with the stub, `exercise_file`, once nothing is left to write
/// there.
pub(crate) fn pristine_to_come(exercise_file: &Path) -> String {
    format!(
        "// The pristine copy of {}: `cargo grader dev check` writes it here once that \
         file is written.\n",
        exercise_file.display()
    )
}

/// The README with the new exercise's row in its course table, after `after`'s row (or
/// last), every row numbered again in order.
fn with_course_row(
    readme: &str,
    name: &str,
    title: &str,
    lesson: &str,
    after: Option<&str>,
) -> Result<String> {
    let (start, end) = COURSE_TABLE;
    let (Some(from), Some(to)) = (readme.find(start), readme.find(end)) else {
        bail!(
            "{README} has no course table between `{start}` and `{end}`: put them around its \
             table of exercises (`| # | exercise | lesson | you write |`)"
        );
    };
    let table = &readme[from + start.len()..to];
    let mut lines: Vec<String> = table.lines().map(str::to_string).collect();
    let row = format!("| 0 | `{name}` | [{title}]({lesson}) | the `{name}` function |");
    let rows: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with('|'))
        .skip(2)
        .collect();
    let at = after
        .and_then(|after| {
            rows.iter()
                .find(|&&i| lines[i].contains(&format!("| `{after}` |")))
        })
        .map_or_else(
            || rows.last().map_or(lines.len(), |&last| last + 1),
            |&i| i + 1,
        );
    lines.insert(at, row);
    let mut number = 0;
    for line in lines
        .iter_mut()
        .filter(|line| line.starts_with('|'))
        .skip(2)
    {
        number += 1;
        let rest = line
            .trim_start_matches('|')
            .split_once('|')
            .map_or("", |(_, rest)| rest);
        *line = format!("| {number} |{rest}");
    }
    let mut table = lines.join("\n");
    if !table.ends_with('\n') {
        table.push('\n');
    }
    Ok(format!(
        "{}{start}{table}{}",
        &readme[..from],
        &readme[to..]
    ))
}

/// Every file of the new exercise, with its scaffold.
fn scaffold(name: &str, lesson: &str, title: &str) -> Vec<(PathBuf, String)> {
    let stub = format!(
        "//! # `{name}`: {TODO_MARKER}: a title\n//!\n//! Lesson: `{lesson}`. Grade with `cargo grader run {name}`.\n//!\n\
         //! {TODO_MARKER}: the task, two or three examples, and \"What the hidden tests use\":\n\
         //! every promise about sizes and values that the hidden tests keep.\n\n\
         /// {TODO_MARKER}: what the function returns.\n\
         pub fn {name}(values: &[u64]) -> u64 {{\n    // TODO: write the function, then delete the line below.\n    \
         todo!(\"{name} of {{}} values\", values.len())\n}}\n"
    );
    let solution = format!(
        "//! Reference solution of `{name}`.\n\n/// {TODO_MARKER}: the reference solution.\n\
         pub fn {name}(values: &[u64]) -> u64 {{\n    values.len() as u64\n}}\n"
    );
    let type_name: String = name
        .split('_')
        .map(|word| word[..1].to_uppercase() + &word[1..])
        .collect();
    let hidden = format!(
        r#"//! Hidden tests for `{name}`.

use std::time::Duration;

use xorlings_derive::Arguments;

use xorlings_course::model::function::FunctionTests;
use xorlings_course::model::promise::Promise;
use xorlings_course::model::{{Cases, Function, Group, HiddenTests, Seed}};

// {TODO_MARKER}: the parameters of the stub's function, one field each and in order
// (`&[u64]` is a `Vec<u64>` here); the stub's own structs and enums go beside it as
// plain types with `#[derive(Debug, Clone, PartialEq, Eq, Wire, Show)]`.
/// The arguments of `{name}(values: &[u64]) -> u64`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {{
    pub values: Vec<u64>,
}}

/// The hidden tests of `{name}`.
pub struct {type_name};

pub const TESTS: &dyn HiddenTests = &FunctionTests::<{type_name}>::new();

impl Cases<Args> for {type_name} {{
    fn groups(_seed: Seed) -> Vec<Group<Args>> {{
        // {TODO_MARKER}: groups of cases, smallest first, as many as divide the points
        // (4, 5 or 10 for 100 points); random ones from `seed.rng(stream)`.
        vec![Group::new("a few values", vec![Args::from(vec![3, 4, 5])])]
    }}

    fn promises() -> Vec<Promise<Args>> {{
        // {TODO_MARKER}: each promise of the stub's doc comment, in its words, what it
        // measures and its bound: every case must keep it, and some case reach it.
        vec![Promise::at_most("up to 3 values", "values", 3, |input| {{
            input.values.len() as u64
        }})]
    }}
}}

impl Function for {type_name} {{
    type Args = Args;
    type Answer = u64;
    type Cases = {type_name};
    const NAME: &'static str = "{name}";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    // {TODO_MARKER}: what running in time takes, in the lesson's words.
    const EXPECTED_COST: &'static str = "one pass over the values";

    fn rule(input: &Args, &answer: &u64) -> Result<(), String> {{
        // {TODO_MARKER}: the checker: the rule a wrong answer breaks, in the lesson's
        // words. Classic mistakes go in `suspects`, each run as code (`model::diagnosis`),
        // and their names in `mistakes`: `dev check` wants each recorded shown and held back.
        let expected = input.values.len() as u64;
        if answer == expected {{
            return Ok(());
        }}
        Err(format!("The answer is {{expected}}, not {{answer}}."))
    }}
}}
"#
    );
    let lesson_text = format!(
        "# {title}\n\n{TODO_MARKER}: teach this exercise's step, referring \
         back to earlier lessons instead of repeating them.\n\n```rust\n// {TODO_MARKER}: worked examples, \
         run as doctests.\nassert_eq!(1 + 1, 2);\n```\n\n## Common mistakes\n\n{TODO_MARKER}: each \
         classic mistake, with an input that exposes it.\n\n## Practice\n\n{TODO_MARKER}: questions.\n\n\
         <details><summary>Answer</summary>\n\n{TODO_MARKER}: answers.\n\n</details>\n\n## Your exercise\n\n\
         Write `{name}` in `exercises/{name}/src/lib.rs`, then run `cargo grader run {name}`.\n"
    );
    let package = |package: &str, dev_dependency: &str| {
        format!(
            "[package]\nname = \"{package}\"\nversion = \"0.1.0\"\nedition.workspace = true\n\
             publish.workspace = true\n\n[dependencies]\n{dev_dependency}"
        )
    };
    let grader_dependency = "\n[dev-dependencies]\n# The hidden tests, as this crate's own test: \
        `scripts/mutants.sh` needs them here.\ngrader = { path = \"../../grader\" }\n";
    let hidden_test = "//! The grader's hidden tests on this reference solution. `scripts/mutants.sh` runs this\n\
        //! test on every mutant of the solution, and each mutant must fail it.\n\n#[test]\n\
        fn passes_the_hidden_tests() {\n    grader::assert_solution_passes(env!(\"CARGO_MANIFEST_DIR\"));\n}\n";
    let exercise = Path::new("exercises").join(name);
    let solutions = Path::new("solutions").join(name);
    vec![
        (exercise.join("Cargo.toml"), package(name, "")),
        (exercise.join("src/lib.rs"), stub),
        (exercise.join(EXERCISE_TEST), exercise_test(name)),
        (
            Path::new("grader/stubs").join(format!("{name}.rs")),
            pristine_to_come(&exercise.join("src/lib.rs")),
        ),
        (
            solutions.join("Cargo.toml"),
            package(&format!("{name}_solution"), grader_dependency),
        ),
        (solutions.join("src/lib.rs"), solution),
        (solutions.join("tests/hidden.rs"), hidden_test.to_string()),
        (solutions.join("recorded/accepted/.gitkeep"), String::new()),
        (
            solutions.join("recorded/wrong_answer/.gitkeep"),
            String::new(),
        ),
        (PathBuf::from(lesson), lesson_text),
        (
            Path::new("grader/course/src/hidden").join(format!("{name}.rs")),
            hidden,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST_TEXT: &str = "# The course.\n\n[[exercise]]\nname = \"a\"\nlesson = \"lessons/a.md\"\nhint = \"\"\"\nA.\"\"\"\n\n[[exercise]]\nname = \"b\"\nlesson = \"lessons/b.md\"\nhint = \"b\"\n";

    const README_TEXT: &str = "# Course\n\n<!-- course:start -->\n| # | exercise | lesson | you write |\n|---|---|---|---|\n| 1 | `a` | [A](lessons/a.md) | a |\n| 2 | `b` | [B](lessons/b.md) | b |\n<!-- course:end -->\n\nMore.\n";

    #[test]
    fn the_course_row_goes_where_asked_and_the_rows_are_numbered_again() {
        let after_a = with_course_row(
            README_TEXT,
            "new_one",
            "New one",
            "lessons/new-one.md",
            Some("a"),
        )
        .unwrap();
        let rows: Vec<&str> = after_a.lines().filter(|l| l.starts_with("| ")).collect();
        assert_eq!(
            rows[1..],
            [
                "| 1 | `a` | [A](lessons/a.md) | a |",
                "| 2 | `new_one` | [New one](lessons/new-one.md) | the `new_one` function |",
                "| 3 | `b` | [B](lessons/b.md) | b |",
            ]
        );
        assert!(after_a.starts_with("# Course\n\n<!-- course:start -->\n| # |"));
        assert!(
            after_a.ends_with("| b |\n<!-- course:end -->\n\nMore.\n"),
            "{after_a}"
        );
        let last = with_course_row(README_TEXT, "new_one", "New one", "l.md", None).unwrap();
        assert!(last.contains("| 3 | `new_one` |"), "{last}");
        let error = with_course_row("# No table\n", "x", "X", "l.md", None).unwrap_err();
        assert!(error.to_string().contains("no course table"), "{error}");
    }

    #[test]
    fn a_title_comes_from_the_name() {
        assert_eq!(title_of("heap_count"), "Heap count");
        assert_eq!(title_of("mex"), "Mex");
    }

    #[test]
    fn the_entry_goes_where_asked_and_nothing_else_moves() {
        let after_a = with_entry(MANIFEST_TEXT, "new", "lessons/new.md", Some("a"));
        let names: Vec<&str> = after_a
            .lines()
            .filter_map(|l| l.strip_prefix("name = "))
            .collect();
        assert_eq!(names, ["\"a\"", "\"new\"", "\"b\""]);
        assert!(after_a.starts_with("# The course.\n"));
        let last = with_entry(MANIFEST_TEXT, "new", "lessons/new.md", None);
        assert!(
            last.trim_end()
                .ends_with("on a small input of your own.\"\"\"")
        );
        for text in [after_a, last] {
            let parsed: toml::Value = toml::from_str(&text).unwrap();
            assert_eq!(parsed["exercise"].as_array().unwrap().len(), 3);
        }
    }
}
