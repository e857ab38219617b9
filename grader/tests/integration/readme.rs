//! The README says what is true: its course table is the manifest's course, its
//! commands are the grader's commands, and a new user finds the two commands to type.

use crate::common;

use clap::CommandFactory;
use common::{manifest, repo_root};

fn readme() -> String {
    std::fs::read_to_string(repo_root().join("README.md")).unwrap()
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

#[test]
fn every_command_of_the_grader_is_in_the_commands_table() {
    let readme = readme();
    let table: Vec<&str> = readme
        .split("## Commands")
        .nth(1)
        .unwrap()
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .collect();
    let first_cells: Vec<&str> = table
        .iter()
        .map(|row| row.trim_start_matches('|').split('|').next().unwrap())
        .collect();
    let cli = grader::Cli::command();
    for command in cli.get_subcommands() {
        let name = command.get_name();
        if name == "dev" {
            for dev in command.get_subcommands() {
                let shown = format!("`dev {}`", dev.get_name());
                assert!(
                    first_cells.iter().any(|cell| cell.contains(&shown)),
                    "the commands table lacks {shown}"
                );
            }
        } else {
            assert!(
                first_cells
                    .iter()
                    .any(|cell| cell.starts_with(&format!(" `{name}"))
                        || cell.contains(&format!("`{name}`"))),
                "the commands table lacks `{name}`"
            );
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
    // The tiers' times, as scripts/test_times.sh writes them.
    for (name, unit) in [
        ("tests-cold", " s"),
        ("tests-warm", " s"),
        ("tests-e2e", " minutes"),
    ] {
        let figure = part(&readme, name);
        assert!(
            figure
                .strip_suffix(unit)
                .is_some_and(|number| number.parse::<u32>().is_ok()),
            "{name} is a measured figure, in{unit}: {figure:?}"
        );
    }
}

#[test]
fn the_speed_section_counts_the_cases_the_grader_runs() {
    // Wherever the lines break.
    let readme = readme().split_whitespace().collect::<Vec<_>>().join(" ");
    let counted = readme
        .split("runs all ")
        .nth(1)
        .and_then(|rest| rest.split(" hidden cases of `xor_all`").next())
        .expect("the speed section says how many cases xor_all has");
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
