//! The README and the guide say what is true: the README is short, its course table is
//! the manifest's course, its commands are the grader's commands, a new user finds the
//! two commands to type; every link of every page leads somewhere, every `cargo grader`
//! command a page gives is one the grader takes, and the figures are measured.

use crate::common;

use clap::{CommandFactory, Parser};
use common::docs;
use common::{manifest, repo_root};

/// The README is for the learner: it says how to start, and points instructors on.
const README_MOST_LINES: usize = 150;

fn readme() -> String {
    page("README.md")
}

fn page(relative: &str) -> String {
    std::fs::read_to_string(repo_root().join(relative))
        .unwrap_or_else(|error| panic!("cannot read {relative}: {error}"))
}

/// The text between `<!-- NAME:start -->` and `<!-- NAME:end -->`.
fn part<'a>(text: &'a str, name: &str) -> &'a str {
    let start = format!("<!-- {name}:start -->");
    let end = format!("<!-- {name}:end -->");
    let from = text.find(&start).unwrap_or_else(|| panic!("no {start}")) + start.len();
    let to = text[from..]
        .find(&end)
        .unwrap_or_else(|| panic!("no {end}"))
        + from;
    &text[from..to]
}

#[test]
fn the_course_table_is_the_manifests_course_in_order() {
    let readme = readme();
    let rows: Vec<Vec<String>> = part(&readme, "course")
        .lines()
        .filter(|line| line.starts_with('|'))
        .skip(2)
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect();
    let course = manifest().exercises;
    // What each row must say, in the words a maintainer fixing the README needs.
    let wanted: Vec<String> = course
        .iter()
        .enumerate()
        .map(|(i, exercise)| {
            let lesson = std::fs::read_to_string(repo_root().join(&exercise.lesson)).unwrap();
            let title = lesson.lines().next().unwrap().trim_start_matches("# ");
            format!(
                "| {} | `{}` | [{title}]({}) | what the learner writes |",
                i + 1,
                exercise.name,
                exercise.lesson
            )
        })
        .collect();
    let fix = format!(
        "README.md's course table (between <!-- course:start --> and <!-- course:end -->) \
         needs one row per exercise of workbook.toml, in order, each linking its lesson by \
         its title (`cargo grader dev new` writes a new exercise's row):\n{}",
        wanted.join("\n")
    );
    assert_eq!(rows.len(), course.len(), "{fix}");
    for (row, wanted) in rows.iter().zip(&wanted) {
        let cells: Vec<&str> = wanted
            .trim_matches('|')
            .split(" | ")
            .map(str::trim)
            .collect();
        assert_eq!(row[..3], cells[..3], "{fix}");
        assert!(!row[3].is_empty(), "{fix}");
    }
}

/// The rows of the table after a page's `## Commands` heading.
fn commands_table(text: &str) -> Vec<String> {
    text.split("## Commands")
        .nth(1)
        .unwrap_or_else(|| panic!("no `## Commands` section"))
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .map(|row| {
            row.trim_start_matches('|')
                .split('|')
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn every_command_of_the_grader_is_in_the_commands_tables() {
    // The README's short table, and the learner's page's full one.
    for page_name in ["README.md", "docs/learner.md"] {
        let first_cells = commands_table(&page(page_name));
        let cli = grader::Cli::command();
        for command in cli.get_subcommands() {
            let name = command.get_name();
            if name == "dev" {
                for dev in command.get_subcommands() {
                    let shown = format!("`dev {}`", dev.get_name());
                    assert!(
                        first_cells.iter().any(|cell| cell.contains(&shown)),
                        "{page_name}'s commands table lacks {shown}"
                    );
                }
            } else {
                assert!(
                    first_cells
                        .iter()
                        .any(|cell| cell.starts_with(&format!(" `{name}"))
                            || cell.contains(&format!("`{name}`"))),
                    "{page_name}'s commands table lacks `{name}`"
                );
            }
        }
    }
}

#[test]
fn the_start_gives_the_command_that_starts_and_the_one_that_tests() {
    let readme = readme();
    let start = readme.split("## Start").nth(1).unwrap();
    let start = start.split("\n## ").next().unwrap();
    let commands: Vec<&str> = start
        .split("```sh\n")
        .skip(1)
        .map(|block| block.split("```").next().unwrap().trim())
        .collect();
    assert_eq!(commands, ["cargo grader watch", "cargo test"]);
    let figure = part(&readme, "cold");
    assert!(
        figure.ends_with(" s") && figure.trim_end_matches(" s").parse::<f64>().is_ok(),
        "the first start's time is a measured figure, in seconds: {figure:?}"
    );
    // The tiers' times, as scripts/test_times.sh writes them: the fast tier's in the
    // README, the end-to-end tier's on the contributor's page.
    let contributing = page("docs/contributing.md");
    for (text, name, unit) in [
        (&readme, "tests-cold", " s"),
        (&readme, "tests-warm", " s"),
        (&contributing, "tests-e2e", " minutes"),
    ] {
        let figure = part(text, name);
        assert!(
            figure
                .strip_suffix(unit)
                .is_some_and(|number| number.parse::<u32>().is_ok()),
            "{name} is a measured figure, in{unit}: {figure:?}"
        );
    }
}

#[test]
fn the_speed_page_counts_the_cases_the_grader_runs() {
    // Wherever the lines break.
    let speed = page("docs/guide/speed.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let counted = speed
        .split("runs all ")
        .nth(1)
        .and_then(|rest| rest.split(" hidden cases of `xor_all`").next())
        .expect("the speed page says how many cases xor_all has");
    let workbook = manifest();
    let cases: usize = workbook.exercises[workbook.index_of("xor_all").unwrap()]
        .tests
        .plan(grader::Seed::DEFAULT)
        .groups()
        .iter()
        .map(|(_, cases)| cases)
        .sum();
    assert_eq!(counted, grader::thousands(cases as u64));
}

/// The speed page's count of recorded solutions, which `scripts/verdict_times.sh` grades
/// to their verdicts, is the number there is: a new one is counted there too.
#[test]
fn the_speed_page_counts_the_recorded_solutions_it_times() {
    let speed = page("docs/guide/speed.md");
    let counted = part(&speed, "verdicts-count");
    let recorded = walkdir::WalkDir::new(repo_root().join("solutions"))
        .into_iter()
        .map(Result::unwrap)
        .filter(|entry| {
            let path = entry.path();
            path.extension().is_some_and(|ext| ext == "rs")
                && path.components().any(|part| part.as_os_str() == "recorded")
        })
        .count();
    assert_eq!(
        counted,
        recorded.to_string(),
        "docs/guide/speed.md counts {counted} recorded solutions; there are {recorded}: run \
         `bash scripts/verdict_times.sh --readme`"
    );
}

#[test]
fn the_readme_is_short_and_points_instructors_to_their_guide() {
    let readme = readme();
    let lines = readme.lines().count();
    assert!(
        lines <= README_MOST_LINES,
        "README.md has {lines} lines, over {README_MOST_LINES}: it is the learner's; move \
         details to docs/learner.md, and instructors' matters to docs/guide/"
    );
    let instructors = part(&readme, "instructors");
    assert!(
        instructors.contains("(docs/guide/README.md)"),
        "{instructors}"
    );
}

/// Every page of the guide is in its index, and the index names no page it lacks.
#[test]
fn the_guide_lists_each_of_its_pages() {
    let index = page("docs/guide/README.md");
    let listed = docs::local_links(&index);
    let folder = repo_root().join("docs/guide");
    for entry in std::fs::read_dir(&folder).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name != "README.md" {
            assert!(
                listed.contains(&name),
                "docs/guide/README.md does not list {name}"
            );
        }
    }
}

#[test]
fn every_link_of_the_readme_and_the_docs_leads_somewhere() {
    let broken = docs::broken_links(&repo_root());
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_checker_finds_a_missing_page_and_a_missing_heading() {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir(root.path().join("docs")).unwrap();
    std::fs::write(
        root.path().join("README.md"),
        "# Top\n\n## The seed's `--seed`\n\n[a](docs/a.md) [b](docs/b.md) \
         [c](#the-seeds---seed) [d](#nowhere) [e](https://example.com/x)\n",
    )
    .unwrap();
    std::fs::write(
        root.path().join("docs/a.md"),
        "# A\n\n[up](../README.md#top)\n",
    )
    .unwrap();
    assert_eq!(
        docs::broken_links(root.path()),
        [
            "README.md: docs/b.md (no docs/b.md)",
            "README.md: #nowhere (no such heading)"
        ]
    );
}

/// The commands the pages give: every `cargo grader ...` line of an `sh` block, up to a
/// redirection or the next command.
fn grader_commands() -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    for page_path in docs::pages(&repo_root()) {
        let text = std::fs::read_to_string(repo_root().join(&page_path)).unwrap();
        for command in docs::shell_commands(&text) {
            let words = docs::words(&command);
            if words.starts_with(&["cargo".to_string(), "grader".to_string()]) {
                let args: Vec<String> = words[2..]
                    .iter()
                    .take_while(|word| !matches!(word.as_str(), ">" | "|" | "&&" | ";"))
                    .cloned()
                    .collect();
                found.push((format!("{}: {command}", page_path.display()), args));
            }
        }
    }
    found
}

#[test]
fn every_grader_command_the_pages_give_is_one_the_grader_takes() {
    let commands = grader_commands();
    // The README's first, and at least one per guide page that grades or proves.
    assert!(commands.len() >= 8, "{commands:?}");
    for (place, args) in commands {
        let line = std::iter::once("grader".to_string()).chain(args);
        if let Err(error) = grader::Cli::try_parse_from(line) {
            panic!("{place}\nis not a command the grader takes:\n{error}");
        }
    }
}

#[test]
fn a_shell_command_is_split_as_a_shell_would() {
    assert_eq!(
        docs::words(r#"cargo grader verify --as-of "2025-01-31 23:59" --x '' a"#),
        [
            "cargo",
            "grader",
            "verify",
            "--as-of",
            "2025-01-31 23:59",
            "--x",
            "",
            "a"
        ]
    );
    assert_eq!(
        docs::shell_commands("```sh\ncargo grader a \\\n  --b c\n\nls\n```\n```text\nno\n```\n"),
        ["cargo grader a --b c", "ls"]
    );
}

/// The guide's page on adding an exercise shows what `dev new` writes: its command, run
/// as given, scaffolds hidden tests with the page's lines and a stub with its signature.
#[test]
fn the_guide_shows_what_dev_new_writes() {
    let guide = page("docs/guide/adding-an-exercise.md");
    let (_, args) = grader_commands()
        .into_iter()
        .find(|(place, _)| {
            place.starts_with("docs/guide/adding-an-exercise.md: cargo grader dev new")
        })
        .expect("the page gives the command of `dev new`");
    let workbook = common::Workbook::new();
    // The template leaves out what grading does not read; dev new writes these too.
    for wired in ["README.md", ".github/workflows/classroom.yml"] {
        if !workbook.path(wired).exists() {
            workbook.write(wired, &page(wired));
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    workbook.grader(&args).expect_code(0);
    let name = args[2];
    let hidden = workbook.read(&format!("grader/course/src/hidden/{name}.rs"));
    let example = guide
        .split("```rust,ignore\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the page shows the hidden tests' code");
    for line in example.lines() {
        let code = line.split(" //").next().unwrap().trim_end();
        assert!(
            hidden.lines().any(|written| written.trim_end() == code),
            "dev new does not write `{code}`, which the guide shows:\n{hidden}"
        );
    }
    // Wherever the lines break.
    let prose = guide.split_whitespace().collect::<Vec<_>>().join(" ");
    let signature = prose
        .split("the signature the hidden tests call (`")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("the page names the signature");
    let stub = workbook.read(&format!("exercises/{name}/src/lib.rs"));
    assert!(
        stub.contains(&format!("pub fn {signature}")),
        "the stub dev new writes is not `{signature}`:\n{stub}"
    );
}
