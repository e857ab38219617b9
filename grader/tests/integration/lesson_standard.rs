//! The lessons' standard, kept by tests: at most 1,500 words of prose each, the
//! sections verdicts link to, no number in a title (the manifest holds the order), no
//! path to a solution (the learner edition has none); code that fits a 60-column screen,
//! indented one way, that hides nothing the reader needs, and that never hands over an
//! exercise's function before the learner has written it.

use crate::common;

use std::collections::HashSet;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use unicode_width::UnicodeWidthStr;

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
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The most columns a line of a code block may take in a lesson. The renderer indents
/// code blocks by 4 columns and cuts a line too wide for the screen, marking the rest
/// with `↪`. 76 would fit an 80-column screen; 56 fits the narrowest screen the workbook
/// supports, 60 columns, with the full indentation, and so 80 too.
const CODE_COLUMNS: usize = 56;
/// The one indentation step of the lessons' Rust code, as rustfmt writes it.
const INDENT: usize = 4;
/// Rust tokens in a row that make one shingle when code is compared with a solution.
const SHINGLE: usize = 12;
/// The share of a reference solution's shingles (of its functions) that one function of
/// a lesson, with the functions it calls, may repeat before it counts as handing the
/// solution over. The lessons' helpers stay near 15%; the solutions they once gave under
/// other names (`misere_move`, `mex_by_flags`, a memoised `is_p`) repeated 30% to 100%.
const MOST_OF_A_SOLUTION: f64 = 0.25;

/// A code block of a lesson.
struct Block {
    /// The info string of a fenced block ("rust,ignore", "text"...), "" for an indented one.
    info: String,
    /// Its text as rustdoc reads it: the indentation of an enclosing list removed.
    text: String,
    /// The line of the lesson it starts on, from 1.
    line: usize,
}

impl Block {
    /// Whether rustdoc compiles it: no tags, only rustdoc's own tags, or a `rust` tag.
    fn is_rust(&self) -> bool {
        let tags: Vec<&str> = self
            .info
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|tag| !tag.is_empty())
            .collect();
        let rustdoc = |tag: &&str| {
            matches!(
                *tag,
                "rust"
                    | "ignore"
                    | "should_panic"
                    | "no_run"
                    | "compile_fail"
                    | "test_harness"
                    | "standalone_crate"
            ) || tag.starts_with("edition")
                || tag.starts_with("ignore-")
        };
        tags.iter().all(rustdoc) || tags.contains(&"rust")
    }

    /// Its lines as the compiler reads them, each with whether rustdoc hides it.
    fn lines(&self) -> Vec<(String, bool)> {
        self.text.lines().map(unhide).collect()
    }

    /// The code the reader sees.
    fn shown(&self) -> String {
        let lines = self.lines().into_iter().filter(|(_, hidden)| !hidden);
        lines.map(|(line, _)| line + "\n").collect()
    }

    /// All of its code, hidden lines too: the Markdown file holds them all.
    fn code(&self) -> String {
        self.lines()
            .into_iter()
            .map(|(line, _)| line + "\n")
            .collect()
    }
}

/// The fenced and indented code blocks of a lesson, as a Markdown parser finds them.
fn code_blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    let parser = Parser::new_ext(markdown, Options::ENABLE_TABLES).into_offset_iter();
    for (event, range) in parser {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                let line = markdown[..range.start].matches('\n').count() + 1;
                open = Some(Block {
                    info,
                    text: String::new(),
                    line,
                });
            }
            Event::Text(text) => {
                if let Some(block) = &mut open {
                    block.text.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(open.take()),
            _ => {}
        }
    }
    blocks
}

/// A line of a Rust block without rustdoc's hiding mark, and whether rustdoc hides it:
/// `#` alone or `# ` first (after the indentation) hides a line, `##` shows one `#`.
fn unhide(line: &str) -> (String, bool) {
    let trimmed = line.trim_start();
    let indent = &line[..line.len() - trimmed.len()];
    if trimmed == "#" {
        (String::new(), true)
    } else if let Some(rest) = trimmed.strip_prefix("# ") {
        (format!("{indent}{rest}"), true)
    } else if trimmed.starts_with("##") {
        (line.replacen("##", "#", 1), false)
    } else {
        (line.to_string(), false)
    }
}

/// `line` without its comment and with its string and character literals emptied, so
/// that the braces and names left are code.
fn code_only(line: &str) -> String {
    let mut code = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => break,
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                code.push_str("\"\"");
            }
            // A character literal ('{', '\n'); a lifetime or a label ('a) stays.
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                let literal = rest.starts_with('\\') || rest.chars().nth(1) == Some('\'');
                if literal {
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' => {
                                chars.next();
                            }
                            '\'' => break,
                            _ => {}
                        }
                    }
                    code.push_str("' '");
                } else {
                    code.push(c);
                }
            }
            c => code.push(c),
        }
    }
    code
}

/// How much deeper in braces the code is after `line`.
fn depth_change(line: &str) -> i64 {
    let code = code_only(line);
    code.matches('{').count() as i64 - code.matches('}').count() as i64
}

/// The index after the last line of the item that starts at `lines[start]`: the line
/// where its braces close, or its line ending in `;` if it has none (`const X: u8 = 1;`).
fn item_end(lines: &[(String, bool)], start: usize) -> usize {
    let mut depth = 0;
    let mut opened = false;
    for (i, (line, _)) in lines.iter().enumerate().skip(start) {
        depth += depth_change(line);
        opened |= code_only(line).contains('{');
        let ended = match opened {
            true => depth <= 0,
            false => code_only(line).trim_end().ends_with(';'),
        };
        if ended {
            return i + 1;
        }
    }
    lines.len()
}

/// The Rust tokens of `code`, for comparing code whatever its names and layout: no
/// comments, every literal the one token `L`, every name that is not a keyword the one
/// token `N`, and punctuation one character at a time.
fn tokens(code: &str) -> Vec<String> {
    const KEYWORDS: [&str; 34] = [
        "as", "break", "const", "continue", "crate", "dyn", "else", "enum", "false", "fn", "for",
        "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
        "self", "Self", "static", "struct", "super", "trait", "true", "type", "use", "where",
        "while",
    ];
    let mut tokens = Vec::new();
    for line in code.lines() {
        let code = code_only(line);
        let mut chars = code.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            if c == '"' || (c == '\'' && chars.peek() == Some(&' ')) {
                // An emptied literal: skip to its closing quote.
                for next in chars.by_ref() {
                    if next == c {
                        break;
                    }
                }
                tokens.push("L".to_string());
            } else if c.is_alphanumeric() || c == '_' {
                let mut word = c.to_string();
                while let Some(&next) = chars.peek() {
                    if !next.is_alphanumeric() && next != '_' {
                        break;
                    }
                    word.push(next);
                    chars.next();
                }
                let token = match word {
                    word if word.starts_with(|c: char| c.is_ascii_digit()) => "L".to_string(),
                    word if KEYWORDS.contains(&word.as_str()) => word,
                    _ => "N".to_string(),
                };
                tokens.push(token);
            } else {
                tokens.push(c.to_string());
            }
        }
    }
    tokens
}

/// Every run of `SHINGLE` tokens in `code`.
fn shingles(code: &str) -> HashSet<Vec<String>> {
    tokens(code)
        .windows(SHINGLE)
        .map(|window| window.to_vec())
        .collect()
}

/// The functions defined in `code` (a block's text), by name, each with the text from
/// `fn` to the brace that closes its body.
fn functions(code: &str) -> Vec<(String, String)> {
    let lines: Vec<(String, bool)> = code.lines().map(|l| (l.to_string(), false)).collect();
    let mut found = Vec::new();
    for (start, (line, _)) in lines.iter().enumerate() {
        let code = code_only(line);
        let Some(at) = find_word(&code, "fn") else {
            continue;
        };
        let name: String = code[at + 2..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let end = item_end(&lines, start);
        let has_body = lines[start..end]
            .iter()
            .any(|(line, _)| code_only(line).contains('{'));
        if !name.is_empty() && has_body {
            let text = lines[start..end].iter().map(|(l, _)| l.as_str());
            found.push((name, text.collect::<Vec<_>>().join("\n")));
        }
    }
    found
}

/// The body of a function's text, from the brace that opens it (a signature has none).
fn body(function: &str) -> &str {
    function.find('{').map_or(function, |at| &function[at..])
}

/// Where the word `word` first stands alone in `code`.
fn find_word(code: &str, word: &str) -> Option<usize> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).map(|(at, _)| at).find(|&at| {
        let before = code[..at].chars().next_back();
        let after = code[at + word.len()..].chars().next();
        !before.is_some_and(is_name) && !after.is_some_and(is_name)
    })
}

/// Each function of `code` together with the functions of `code` it calls, directly or
/// not: what a reader could copy out of the block as one working piece.
fn pieces(code: &str) -> Vec<(String, String)> {
    let functions = functions(code);
    let mut pieces = Vec::new();
    for (name, _) in &functions {
        let mut included = vec![name.clone()];
        let mut next = 0;
        while next < included.len() {
            let body = &functions
                .iter()
                .find(|(n, _)| *n == included[next])
                .unwrap()
                .1;
            for (other, _) in &functions {
                let called = code_only(body).contains(&format!("{other}("));
                if called && !included.contains(other) {
                    included.push(other.clone());
                }
            }
            next += 1;
        }
        let text = included
            .iter()
            .map(|n| functions.iter().find(|(f, _)| f == n).unwrap().1.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        pieces.push((name.clone(), text));
    }
    pieces
}

#[test]
fn code_is_read_as_rustdoc_and_the_compiler_read_it() {
    let lesson = "Text.\n\n```rust\n# use std::fmt;\nlet x = 1; // a { brace\n```\n\n1. An item:\n\n   ```text\n   wide\n   ```\n";
    let blocks = code_blocks(lesson);
    assert_eq!(blocks.len(), 2);
    assert!(blocks[0].is_rust() && !blocks[1].is_rust());
    assert_eq!((blocks[1].text.as_str(), blocks[1].line), ("wide\n", 10));
    assert_eq!(blocks[0].shown(), "let x = 1; // a { brace\n");
    assert_eq!(depth_change("let x = 1; // a { brace"), 0);
    assert_eq!(depth_change(r#"if c == '{' { format!("{{x}}") "#), 1);
    assert_eq!(
        unhide("    # let y = 2;"),
        ("    let y = 2;".to_string(), true)
    );
    assert_eq!(
        tokens("let total: u64 = heaps[0] + 1; // sum"),
        ["let", "N", ":", "N", "=", "N", "[", "L", "]", "+", "L", ";"]
    );
    assert_eq!(tokens("x.get('a')"), tokens("y.put('\\n')"));
    let code = "fn outer(x: u8) -> u8 {\n    inner(x)\n}\n\nfn inner(x: u8) -> u8 {\n    x\n}\nfn bare();\n";
    let pieces = pieces(code);
    assert_eq!(pieces.len(), 2);
    assert!(pieces[0].1.contains("fn inner"), "{}", pieces[0].1);
    assert!(!pieces[1].1.contains("fn outer"));
}

/// Every line of every code block fits the screen uncut, and every Rust block is
/// indented by steps of 4 spaces.
#[test]
fn code_fits_60_columns_and_is_indented_one_way() {
    let mut broken = Vec::new();
    for exercise in common::manifest().exercises {
        let lesson = std::fs::read_to_string(common::repo_root().join(&exercise.lesson)).unwrap();
        for block in code_blocks(&lesson) {
            for (i, line) in block.text.lines().enumerate() {
                let at = format!("{}:{}", exercise.lesson, block.line + 1 + i);
                if line.width() > CODE_COLUMNS {
                    broken.push(format!(
                        "{at}: {} columns, more than {CODE_COLUMNS}: {line:?}",
                        line.width()
                    ));
                }
                let (code, _) = unhide(line);
                let indent = code.len() - code.trim_start_matches(' ').len();
                let odd = code.starts_with('\t') || indent % INDENT != 0;
                if block.is_rust() && !code.trim().is_empty() && odd {
                    broken.push(format!(
                        "{at}: indented by {indent}, not a multiple of {INDENT}: {line:?}"
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The code the reader sees is the code that is compiled: rustdoc's hidden lines hold
/// only `use` lines, a `fn main` wrapper, and copies of definitions the lesson showed
/// earlier, never a value or a function the visible code needs.
#[test]
fn hidden_lines_hide_nothing_the_reader_needs() {
    let mut broken = Vec::new();
    for exercise in common::manifest().exercises {
        let lesson = std::fs::read_to_string(common::repo_root().join(&exercise.lesson)).unwrap();
        let mut shown_before = String::new();
        for block in code_blocks(&lesson).into_iter().filter(Block::is_rust) {
            let lines = block.lines();
            let mut i = 0;
            while i < lines.len() {
                let (line, hidden) = &lines[i];
                let trimmed = line.trim();
                let wrapper = ["fn main() {", "}", "#![allow(unused)]"].contains(&trimmed);
                if !hidden || trimmed.is_empty() || trimmed.starts_with("use ") || wrapper {
                    i += 1;
                    continue;
                }
                let end = item_end(&lines, i);
                let item: Vec<&str> = lines[i..end].iter().map(|(l, _)| l.as_str()).collect();
                let copy = lines[i..end].iter().all(|(_, hidden)| *hidden)
                    && shown_before.contains(&item.join("\n"));
                if !copy {
                    broken.push(format!(
                        "{}:{}: hidden, and not a copy of code shown earlier: {trimmed:?}",
                        exercise.lesson,
                        block.line + 1 + i
                    ));
                }
                i = end;
            }
            shown_before.push_str(&block.shown());
            shown_before.push('\n');
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// No lesson hands over the function of its own exercise or of a later one (in course
/// order): none defines a function of that name with a body, and none has a function
/// (with the functions it calls) that repeats most of the reference solution's bodies,
/// whatever its names. Recipes, outlines and small pieces are what lessons give.
#[test]
fn no_lesson_gives_away_its_exercise_or_a_later_one() {
    let root = common::repo_root();
    let exercises = common::manifest().exercises;
    let lessons: Vec<(String, Vec<Block>)> = exercises
        .iter()
        .map(|exercise| {
            let lesson = std::fs::read_to_string(root.join(&exercise.lesson)).unwrap();
            (exercise.lesson.clone(), code_blocks(&lesson))
        })
        .collect();
    let mut broken = Vec::new();
    for (k, exercise) in exercises.iter().enumerate() {
        // Its functions: the items it declares (`Move`, `MoveError`) the lessons may show.
        // Their bodies: the stub gives away the signatures, which lessons share too.
        let solution = std::fs::read_to_string(root.join(exercise.solution())).unwrap();
        let solution: Vec<String> = functions(&solution)
            .into_iter()
            .map(|(_, f)| body(&f).to_string())
            .collect();
        let solution = shingles(&solution.join("\n"));
        assert!(
            !solution.is_empty(),
            "{}: no code to compare",
            exercise.name
        );
        for (lesson, blocks) in &lessons[..=k] {
            for block in blocks {
                let code = block.code();
                let defined = functions(&code)
                    .iter()
                    .any(|(name, _)| *name == exercise.name);
                if defined {
                    broken.push(format!(
                        "{lesson}:{}: defines `fn {}` with a body, exercise {} of the course",
                        block.line,
                        exercise.name,
                        k + 1
                    ));
                }
                if !block.is_rust() {
                    continue;
                }
                for (name, piece) in pieces(&code) {
                    let repeated = shingles(&piece).intersection(&solution).count();
                    let share = repeated as f64 / solution.len() as f64;
                    if share >= MOST_OF_A_SOLUTION {
                        broken.push(format!(
                            "{lesson}:{}: `fn {name}` repeats {:.0}% of the reference solution of {}, exercise {} of the course",
                            block.line,
                            share * 100.0,
                            exercise.name,
                            k + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
