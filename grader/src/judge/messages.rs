//! The compiler's messages: read as rustc writes them (JSON, one message a line), sorted
//! into errors and warnings about the learner's file, and kept within what a report
//! shows. A macro can make rustc print megabytes (`compile_error!` of a huge string, an
//! error for each of thousands of tokens): past what can be shown, the compiler is
//! stopped, and the report notes what was left out.
//!
//! Errors located in the grader's own `main` (which calls the learner's function as the
//! stub declares it) are not the learner's to read: they only mean that the learner's
//! signature, or one of the stub's types, changed. They are counted, not shown, and the
//! report says what the hidden tests call instead.

use std::io::{BufRead, BufReader, Read};

use serde::Deserialize;

use crate::text::visible;
use xorlings_course::model::show::{count, thousands};
use xorlings_sandbox::Cancel;

/// The longest line read whole: `compile_error!` of a whole file, with its source.
const LINE_BYTES: u64 = 8 << 20;
/// Past this many bytes of messages, the compiler is stopped.
const READ_BYTES: u64 = 16 << 20;
/// The compiler's errors shown, at most (every report of the exercise shows them).
const ERRORS_SHOWN_BYTES: usize = 16 << 10;
/// Warnings about the learner's file shown, at most, and the most of each.
const WARNINGS_SHOWN: usize = 10;
const WARNING_SHOWN_BYTES: usize = ERRORS_SHOWN_BYTES / WARNINGS_SHOWN;

/// Where the compiler's messages place the grader's own part of a program (its `main`).
pub(super) const RUNNER_FOLDER: &str = "[grader]";

/// One compiler message, as `--error-format=json` gives it.
#[derive(Deserialize)]
struct Diagnostic {
    level: String,
    #[serde(default)]
    message: String,
    rendered: Option<String>,
    #[serde(default)]
    spans: Vec<Span>,
    /// Its notes and help, each with spans of its own.
    #[serde(default)]
    children: Vec<Diagnostic>,
}

impl Diagnostic {
    /// Whether the message, or one of its notes, points into the grader's own code.
    fn points_into_runner(&self) -> bool {
        let runner = format!("{RUNNER_FOLDER}/");
        self.spans.iter().any(|s| s.file_name.starts_with(&runner))
            || self.children.iter().any(Diagnostic::points_into_runner)
    }

    /// The compiler's closing words about the errors before (how many, and where
    /// `rustc --explain` tells more), which are not errors of their own.
    fn is_summary(&self) -> bool {
        self.level == "failure-note"
            || (self.spans.is_empty() && self.message.starts_with("aborting due to"))
    }
}

#[derive(Deserialize)]
struct Span {
    file_name: String,
}

/// The compiler's messages, sorted.
#[derive(Default)]
pub(super) struct Messages {
    pub errors: String,
    /// Errors located in the grader's own code, left out of `errors`.
    pub in_runner: usize,
    /// Warnings about the learner's file only.
    pub warnings: Vec<String>,
    /// The compiler said the machine refused it a thread, a process or memory: in its
    /// own crash report (not a diagnostic, which a learner's `compile_error!` could
    /// fake), or about its linker.
    pub refused: bool,
}

/// Why a learner's file does not compile.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CompileErrors {
    /// The compiler's errors about the learner's code (or the compiler's own trouble),
    /// as it wrote them.
    pub messages: String,
    /// How many errors were located in the grader's `main`, which calls the learner's
    /// function as the stub declares it: the learner changed the function's signature
    /// or one of the stub's types. They are not shown: the report names the signature.
    pub in_runner: usize,
}

/// How the machine's refusals read in the compiler's and the linker's words: EAGAIN or
/// ENOMEM, as the C library says them or as Rust's `io::Error` shows them.
const REFUSALS: [&str; 6] = [
    "Resource temporarily unavailable",
    "Cannot allocate memory",
    "(os error 11)",
    "(os error 12)",
    "Os { code: 11,",
    "Os { code: 12,",
];

/// Reads the compiler's messages to their end, each line of JSON a message, anything
/// else (a compiler crash) an error. When they are more than can be shown, sets `stop`
/// to stop the compiler, and reads on only to count what is left out.
pub(super) fn read(stream: impl Read, learner_file: &str, stop: &Cancel) -> Messages {
    let mut reader = BufReader::new(stream);
    let mut sorter = Sorter::new(learner_file);
    let mut read = 0;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = match (&mut reader).take(LINE_BYTES).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(n) => n as u64,
        };
        read += n;
        if n == LINE_BYTES && !line.ends_with(b"\n") {
            // Longer than anything shown, and not JSON once cut: left out whole.
            let rest = skip_line(&mut reader);
            read += rest;
            sorter.errors.left_out += n + rest;
        } else {
            sorter.add(&String::from_utf8_lossy(&line));
        }
        if sorter.errors.is_full() || read > READ_BYTES {
            stop.cancel();
            sorter.stopped = true;
            sorter.errors.left_out += std::io::copy(&mut reader, &mut std::io::sink()).unwrap_or(0);
            break;
        }
    }
    sorter.finish()
}

/// Reads up to the end of the line; returns how many bytes that was.
fn skip_line(reader: &mut impl BufRead) -> u64 {
    let mut skipped = 0;
    loop {
        let Ok(buffer) = reader.fill_buf() else {
            return skipped;
        };
        if buffer.is_empty() {
            return skipped;
        }
        let (used, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (buffer.len(), false),
        };
        reader.consume(used);
        skipped += used as u64;
        if done {
            return skipped;
        }
    }
}

/// Messages sorted as they come.
struct Sorter<'a> {
    learner_file: &'a str,
    errors: Bounded,
    in_runner: usize,
    /// The compiler's closing words, shown only when every error before was shown.
    summaries: Vec<String>,
    warnings: Vec<String>,
    warnings_left_out: usize,
    /// The compiler was stopped before it was done.
    stopped: bool,
    refused: bool,
}

impl<'a> Sorter<'a> {
    fn new(learner_file: &'a str) -> Self {
        Sorter {
            learner_file,
            errors: Bounded::new(ERRORS_SHOWN_BYTES),
            in_runner: 0,
            summaries: Vec::new(),
            warnings: Vec::new(),
            warnings_left_out: 0,
            stopped: false,
            refused: false,
        }
    }

    fn add(&mut self, line: &str) {
        let line = line.trim_end_matches('\n');
        let refusal = || REFUSALS.iter().any(|refusal| line.contains(refusal));
        let Ok(diagnostic) = serde_json::from_str::<Diagnostic>(line) else {
            self.refused |= refusal();
            self.errors.push(&visible(line));
            self.errors.push("\n");
            return;
        };
        let Some(rendered) = &diagnostic.rendered else {
            return;
        };
        let rendered = rendered.as_str();
        let linker = ["could not exec the linker", "linking with"];
        self.refused |= linker.iter().any(|words| rendered.contains(words)) && refusal();
        if diagnostic.level != "warning" {
            if diagnostic.is_summary() {
                self.summaries.push(rendered.to_string());
            } else if diagnostic.points_into_runner() {
                self.in_runner += 1;
            } else {
                self.errors.push(rendered);
            }
        } else if diagnostic
            .spans
            .iter()
            .any(|s| s.file_name == self.learner_file)
        {
            if self.warnings.len() < WARNINGS_SHOWN {
                let mut warning = Bounded::new(WARNING_SHOWN_BYTES);
                warning.push(rendered);
                self.warnings.push(warning.finish(false));
            } else {
                self.warnings_left_out += 1;
            }
        }
    }

    fn finish(mut self) -> Messages {
        if self.in_runner == 0 {
            for summary in &self.summaries {
                self.errors.push(summary);
            }
        }
        if let Some(last) = self
            .warnings
            .last_mut()
            .filter(|_| self.warnings_left_out > 0)
        {
            last.push_str(&format!(
                "[... and {}, not shown]\n",
                count(self.warnings_left_out, "more warning", "more warnings")
            ));
        }
        Messages {
            errors: self.errors.finish(self.stopped),
            in_runner: self.in_runner,
            warnings: self.warnings,
            refused: self.refused,
        }
    }
}

/// Text kept up to a number of bytes, counting the bytes left out.
struct Bounded {
    text: String,
    room: usize,
    left_out: u64,
}

impl Bounded {
    fn new(room: usize) -> Bounded {
        Bounded {
            text: String::new(),
            room,
            left_out: 0,
        }
    }

    fn is_full(&self) -> bool {
        self.room == 0
    }

    fn push(&mut self, piece: &str) {
        let kept = without_open_escape(&piece[..piece.floor_char_boundary(self.room)]).len();
        self.text.push_str(&piece[..kept]);
        self.room = if kept < piece.len() {
            0
        } else {
            self.room - kept
        };
        self.left_out += (piece.len() - kept) as u64;
    }

    /// The text, with a note of what was left out, if anything was (and that the
    /// compiler was `stopped` there).
    fn finish(mut self, stopped: bool) -> String {
        if self.left_out == 0 && !stopped {
            return self.text;
        }
        if self.text.contains('\u{1b}') {
            self.text.push_str("\u{1b}[0m");
        }
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
        let left_out = match self.left_out {
            0 => String::new(),
            bytes => format!(
                "{} more bytes of the compiler's messages, not shown",
                thousands(bytes)
            ),
        };
        let note = match (stopped, left_out.is_empty()) {
            (false, _) => left_out,
            (true, true) => "the compiler had more to say, and was stopped here".to_string(),
            (true, false) => format!("{left_out}; the compiler was stopped there"),
        };
        self.text.push_str(&format!(
            "[... {note}. Fix the first errors: the rest often goes away.]\n"
        ));
        self.text
    }
}

/// `text` without an escape code of the compiler's colors that it cuts in half (a CSI
/// code, `ESC [`, ends with a byte from `@` to `~`).
fn without_open_escape(text: &str) -> &str {
    match text.rfind('\u{1b}') {
        Some(escape)
            if !text[escape..]
                .chars()
                .skip(2)
                .any(|c| ('@'..='~').contains(&c)) =>
        {
            &text[..escape]
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "exercises/x/src/lib.rs";

    fn diagnostic(level: &str, rendered: &str) -> String {
        diagnostic_in(FILE, level, rendered)
    }

    fn diagnostic_in(file: &str, level: &str, rendered: &str) -> String {
        let message = serde_json::json!({
            "$message_type": "diagnostic",
            "message": rendered.lines().next().unwrap_or_default(),
            "level": level,
            "rendered": rendered,
            "spans": [{"file_name": file, "is_primary": true}],
            "children": [],
        });
        format!("{message}\n")
    }

    /// A closing message of the compiler's, with no span.
    fn summary(level: &str, message: &str) -> String {
        let rendered = format!("{level}: {message}\n");
        let message = serde_json::json!({
            "message": message, "level": level, "rendered": rendered, "spans": [],
        });
        format!("{message}\n")
    }

    #[test]
    fn errors_in_the_graders_main_are_counted_not_shown() {
        let in_main = diagnostic_in(
            "[grader]/main.rs",
            "error",
            "error[E0308]: mismatched types\n  --> [grader]/main.rs:13:27\n",
        );
        // A learner's error whose note points into the grader's main is the grader's too.
        let noted = serde_json::json!({
            "message": "arguments to this function are incorrect", "level": "error",
            "rendered": "error[E0061]: this function takes 2 arguments\n --> [grader]/main.rs:9:1\n",
            "spans": [{"file_name": FILE}],
            "children": [{"message": "called here", "level": "note", "rendered": null,
                "spans": [{"file_name": "[grader]/main.rs"}], "children": []}],
        });
        let learners = diagnostic("error", "error[E0597]: `next` does not live long enough\n");
        let text = [
            in_main.clone(),
            format!("{noted}\n"),
            learners.clone(),
            summary("error", "aborting due to 3 previous errors"),
            summary(
                "failure-note",
                "For more information about this error, try `rustc --explain E0308`.",
            ),
        ]
        .concat();
        let messages = read(text.as_bytes(), FILE, &Cancel::default());
        assert_eq!(messages.in_runner, 2);
        assert_eq!(
            messages.errors, "error[E0597]: `next` does not live long enough\n",
            "the learner's own error in full, and no count of errors not shown"
        );

        // Without errors in the grader's main, everything the compiler said is shown.
        let text = [
            learners,
            summary("error", "aborting due to 1 previous error"),
        ]
        .concat();
        let messages = read(text.as_bytes(), FILE, &Cancel::default());
        assert_eq!(messages.in_runner, 0);
        assert!(
            messages
                .errors
                .ends_with("error: aborting due to 1 previous error\n")
        );
    }

    #[test]
    fn a_refusal_is_read_in_the_compilers_crash_and_of_its_linker_only() {
        let messages = |text: &str| read(text.as_bytes(), FILE, &Cancel::default());
        let crash = "thread 'coordinator' panicked at write.rs:1929:6:\nfailed to spawn work \
                     thread: Os { code: 11, kind: WouldBlock, message: \"Resource temporarily \
                     unavailable\" }\n";
        assert!(messages(crash).refused);
        let linker = diagnostic(
            "error",
            "error: linking with `cc` failed: exit status: 1\n  = note: what():  Resource \
             temporarily unavailable\n",
        );
        assert!(messages(&linker).refused);
        // A learner's own words, in a diagnostic, are no refusal.
        let faked = diagnostic(
            "error",
            "error: Resource temporarily unavailable (os error 11)\n",
        );
        assert!(!messages(&faked).refused);
        assert!(!messages(&diagnostic("error", "error[E0308]: mismatched types\n")).refused);
    }

    /// The number in a note `[... N more bytes ...`.
    fn left_out(note: &str) -> u64 {
        let number = &note["[... ".len()..note.find(" more bytes").unwrap()];
        number.replace(',', "").parse().unwrap()
    }

    #[test]
    fn a_flood_of_errors_is_cut_and_the_compiler_stopped() {
        let mut text = diagnostic("error", &format!("error: {}\n", "A".repeat(100_000)));
        text.push_str(&"ignored\n".repeat(1_000));
        let stop = Cancel::default();
        let messages = read(text.as_bytes(), FILE, &stop);
        assert!(stop.is_cancelled());
        assert!(messages.errors.len() < ERRORS_SHOWN_BYTES + 200);
        let note = messages.errors.lines().last().unwrap();
        assert!(note.contains("not shown; the compiler was stopped there. Fix the first"));
        assert_eq!(
            left_out(note),
            (100_008 - ERRORS_SHOWN_BYTES + 8_000) as u64,
            "{note}"
        );
    }

    #[test]
    fn a_crash_is_shown_as_text_and_a_huge_line_is_left_out() {
        let huge = format!(
            "{{\"rendered\": \"{}\"}}\n",
            "A".repeat(LINE_BYTES as usize)
        );
        let text = format!(
            "rustc crashed: \u{1b}[2J\n{huge}{}",
            diagnostic("error", "error: E\n")
        );
        let stop = Cancel::default();
        let messages = read(text.as_bytes(), FILE, &stop);
        assert!(!stop.is_cancelled());
        assert!(
            messages
                .errors
                .starts_with("rustc crashed: ␛[2J\nerror: E\n[... "),
            "{:.200}",
            messages.errors
        );
        let note = messages.errors.lines().last().unwrap();
        assert_eq!(left_out(note), huge.len() as u64);
        assert!(!note.contains("stopped"));
    }

    #[test]
    fn warnings_are_counted_past_the_ones_shown() {
        let text = diagnostic("warning", "warning: unused\n").repeat(25);
        let messages = read(text.as_bytes(), FILE, &Cancel::default());
        assert_eq!(messages.errors, "");
        assert_eq!(messages.warnings.len(), WARNINGS_SHOWN);
        assert!(messages.warnings[9].ends_with("[... and 15 more warnings, not shown]\n"));
    }

    #[test]
    fn a_cut_never_leaves_half_a_color_code() {
        let mut bounded = Bounded::new(12);
        bounded.push("\u{1b}[1mbold\u{1b}[38;5;9mred");
        let text = bounded.finish(false);
        assert!(
            text.starts_with("\u{1b}[1mbold\u{1b}[0m\n[... 12 more bytes"),
            "{text:?}"
        );
        assert_eq!(without_open_escape("a\u{1b}[0"), "a");
        assert_eq!(without_open_escape("a\u{1b}[0m"), "a\u{1b}[0m");
    }
}
