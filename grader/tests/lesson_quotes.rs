//! The lessons quote the grader's real output on recorded solutions; this test keeps each
//! quote true. A quote is a `text` code block right after a marker line:
//!
//! ```text
//! <!-- grader output: solutions/nim_winning_move/recorded/wrong_answer/x.rs -->
//! ```
//!
//! Run with `UPDATE_LESSON_QUOTES=1` to rewrite the quotes from the grader's output.

use std::path::Path;

use grader::Workbook;

const MARKER: &str = "<!-- grader output: ";
/// The width the quotes are wrapped to (the grader wraps its reports to the terminal's
/// width): with the 4 columns the renderer indents code blocks by, a quote fits a
/// 60-column screen uncut, as every code line of a lesson does.
const QUOTE_WIDTH: usize = 56;

/// A quote in a lesson: the file it quotes the grader on, and the quoted lines' span.
struct Quote {
    file: String,
    /// Line indices of the opening and closing fences of its code block.
    fences: (usize, usize),
}

fn quotes(lines: &[&str]) -> Vec<Quote> {
    let mut quotes = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(file) = line
            .trim()
            .strip_prefix(MARKER)
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            continue;
        };
        assert_eq!(
            lines.get(i + 1).map(|l| l.trim()),
            Some("```text"),
            "a quote block must follow {line}"
        );
        let close = (i + 2..lines.len())
            .find(|&j| lines[j].trim() == "```")
            .expect("an unclosed quote");
        quotes.push(Quote {
            file: file.to_string(),
            fences: (i + 1, close),
        });
    }
    quotes
}

/// The grader's report on a recorded solution, as `grader run` prints it on a terminal
/// `QUOTE_WIDTH` columns wide.
fn grader_output(root: &Path, file: &str) -> String {
    grader::quote_report(root, file, QUOTE_WIDTH).unwrap()
}

#[test]
fn the_lessons_quote_the_grader_truly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let workbook = Workbook::load(root).unwrap();
    let update = std::env::var_os("UPDATE_LESSON_QUOTES").is_some();
    let mut stale = Vec::new();
    let mut count = 0;
    for exercise in &workbook.exercises {
        let path = root.join(&exercise.lesson);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let borrowed: Vec<&str> = lines.iter().map(String::as_str).collect();
        // From the last quote back, so replacing one keeps the others' line numbers.
        for quote in quotes(&borrowed).into_iter().rev() {
            count += 1;
            let (open, close) = quote.fences;
            let quoted = lines[open + 1..close].join("\n");
            let actual = grader_output(root, &quote.file);
            let actual = actual.trim_end();
            if quoted != actual {
                stale.push(format!(
                    "{} quotes {}; the grader now says:\n{actual}\n",
                    exercise.lesson, quote.file
                ));
                lines.splice(open + 1..close, actual.lines().map(str::to_string));
            }
        }
        if update {
            std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        }
    }
    assert!(count > 0, "the lessons quote the grader at least once");
    assert!(
        update || stale.is_empty(),
        "stale quotes (rerun with UPDATE_LESSON_QUOTES=1 to rewrite them):\n{}",
        stale.join("\n")
    );
}
