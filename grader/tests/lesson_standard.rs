//! The lessons' standard, kept by a test: at most 1,500 words of prose each, the
//! sections verdicts link to, no number in a title (the manifest holds the order), no
//! path to a solution (the learner edition has none), and code that fits 80 columns.

mod common;

/// The most words of prose a lesson may have.
const PROSE_WORDS: usize = 1_500;
const SECTIONS: [&str; 3] = ["## Common mistakes", "## Practice", "## Your exercise"];

/// Words outside fenced code blocks, table rows, HTML tags and comments.
fn prose_words(markdown: &str) -> usize {
    let mut in_code = false;
    let mut in_comment = false;
    let mut words = 0;
    for line in markdown.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || trimmed.starts_with('|') {
            continue;
        }
        for word in trimmed.split_whitespace() {
            if word.starts_with("<!--") {
                in_comment = true;
            }
            let markup = in_comment || (word.starts_with('<') && word.ends_with('>'));
            if word.ends_with("-->") {
                in_comment = false;
            }
            if !markup {
                words += 1;
            }
        }
    }
    words
}

#[test]
fn prose_is_counted_outside_code_tables_and_markup() {
    let lesson = "# Title here\n\nOne two three.\n\n```rust\nlet not_counted = 1;\n```\n\n| a | b |\n|---|---|\n\n<details><summary>Answer</summary>\n\nfour five\n\n</details>\n<!-- grader output: x -->\n";
    assert_eq!(prose_words(lesson), 8);
}

#[test]
fn every_lesson_keeps_the_standard() {
    let mut broken = Vec::new();
    for exercise in common::manifest().exercises {
        let path = common::repo_root().join(&exercise.lesson);
        let lesson = std::fs::read_to_string(&path).unwrap();
        let words = prose_words(&lesson);
        if words > PROSE_WORDS {
            broken.push(format!(
                "{}: {words} words of prose, more than {PROSE_WORDS}",
                exercise.lesson
            ));
        }
        for section in SECTIONS {
            if !lesson.lines().any(|line| line.trim_end() == section) {
                broken.push(format!("{}: no `{section}` section", exercise.lesson));
            }
        }
        // The learner edition has no solutions/: only the quote markers may name them.
        let named = lesson.lines().any(|line| {
            line.contains("solutions/") && !line.trim_start().starts_with("<!-- grader output:")
        });
        if named {
            broken.push(format!(
                "{}: names a file under solutions/",
                exercise.lesson
            ));
        }
        let title = lesson.lines().next().unwrap_or_default();
        if !title.starts_with("# ") || title.to_lowercase().contains("lesson") {
            broken.push(format!(
                "{}: the title {title:?} must be a `# ` heading without a number",
                exercise.lesson
            ));
        }
        let mut in_code = false;
        for line in lesson.lines() {
            if line.trim_start().starts_with("```") {
                in_code = !in_code;
            } else if in_code && line.chars().count() > 80 {
                broken.push(format!(
                    "{}: a code line wider than 80 columns: {line:?}",
                    exercise.lesson
                ));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
