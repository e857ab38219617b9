//! Turning grades into what people and tools read: the verdict in the lesson's words
//! ([`describe`]), scores ([`score`]), Exercism's results format ([`exercism`]),
//! GitHub Classroom's ([`classroom`]), Gradescope's ([`gradescope`]) and PrairieLearn's
//! ([`prairielearn`]).

pub(crate) mod autograder;
pub(crate) mod classroom;
pub(crate) mod exercism;
pub(crate) mod gradescope;
pub(crate) mod prairielearn;
pub(crate) mod score;
pub(crate) mod seed;
pub(crate) mod summary;
pub(crate) mod tried;

use std::time::Duration;

use crate::grading::shown;
use crate::judge::{CompileErrors, Grade, Verdict};
use crate::text::{Style, Text, unbroken, visible};
use crate::workbook::Exercise;
use xorlings_core::run::{Limit, Printed};
use xorlings_core::verdict::{Failure, Problem};
use xorlings_course::model::show::{count, thousands};

const TODO_ADVICE: &str = "This exercise still has its `todo!()`: replace it with your code.";
const WAITING_ADVICE: &str = "Do not sleep, read input or wait for a thread that never \
finishes: answer each case and return.";
const OUTPUT_NOTE: &str = "this never changes a verdict";
const REFUSED_ADVICE: &str = "Nothing of your code was judged. Grade it again when the \
machine is less busy.";
const INTERNAL_ERROR_ADVICE: &str = "This is a bug in the grader's hidden tests, not in your \
code. Please report it to your instructor with this message.";

/// How `run`, `verify` and `dev check` print their results (`--format`, whose values
/// `cli.rs` names and describes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// For people: colored when printing to a terminal (and NO_COLOR is unset).
    #[default]
    Human,
    /// For tools: Exercism's test-runner results format, with scores.
    Json,
    /// For GitHub Classroom: lines for `$GITHUB_OUTPUT`, one runner per exercise.
    Classroom,
    /// For Gradescope: its autograder's `results.json`.
    Gradescope,
    /// For PrairieLearn: its external grader's `results.json`.
    Prairielearn,
}

/// How much of the learner's printed output to show.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Detail {
    /// Lines of printed output shown; `None` shows all that was kept.
    pub printed_lines: Option<usize>,
    /// What shows the lines left out, e.g. "`o` shows them all" in watch; `None`
    /// names `cargo grader run`.
    pub see_all: Option<&'static str>,
}

impl Detail {
    pub(crate) const FULL: Detail = Detail {
        printed_lines: None,
        see_all: None,
    };
    pub(crate) const BRIEF: Detail = Detail {
        printed_lines: Some(8),
        see_all: None,
    };
}

/// A verdict in two parts, so watch can put the hint between them: what went wrong
/// (the case, the answer, the rule and the advice), then the rest (where the lesson
/// says more, the groups passed, the printed output, the compiler's warnings).
pub(crate) struct Described {
    pub verdict: Text,
    pub details: Text,
}

/// A grade with its exercise, as reports list them.
#[derive(Clone, Copy)]
pub(crate) struct Entry<'a> {
    pub exercise: &'a Exercise,
    pub grade: &'a Grade,
}

impl Entry<'_> {
    /// The learner's file as they name it.
    pub(crate) fn shown_file(&self) -> String {
        shown(&self.exercise.file())
    }
}

/// Each grade with its exercise, in course order.
pub(crate) fn entries<'a>(exercises: &'a [Exercise], grades: &'a [Grade]) -> Vec<Entry<'a>> {
    exercises
        .iter()
        .zip(grades)
        .map(|(exercise, grade)| Entry { exercise, grade })
        .collect()
}

pub(crate) fn seconds(time: Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

/// The full verdict for one exercise: a headline, then what went wrong and why.
pub(crate) fn describe(
    grade: &Grade,
    exercise: &Exercise,
    shown_file: &str,
    detail: Detail,
) -> Text {
    let Described {
        mut verdict,
        details,
    } = describe_parts(grade, exercise, shown_file, detail);
    verdict.append(details);
    verdict
}

/// [`describe`], in its two parts.
pub(crate) fn describe_parts(
    grade: &Grade,
    exercise: &Exercise,
    shown_file: &str,
    detail: Detail,
) -> Described {
    let mut text = Text::new();
    let mut details = Text::new();
    let name = grade.exercise.as_str();
    let cases: usize = grade.groups.iter().map(|g| g.cases).sum();
    match &grade.verdict {
        Verdict::Passed => {
            // The time stays whole where the line wraps: "(0.04" above "s)." reads badly.
            let rest = format!(
                " passed all {} hidden cases in {} {}",
                thousands(cases as u64),
                count(grade.groups.len(), "group", "groups"),
                unbroken(&format!("({}).", seconds(grade.run_time)))
            );
            marked(&mut text, true, name, &[(Style::Plain, &rest)]);
        }
        Verdict::Cancelled => {
            text.line(
                0,
                &[
                    (Style::Bold, name),
                    (Style::Plain, ": grading was cancelled."),
                ],
            );
        }
        Verdict::NotGraded(budget) => {
            headline(&mut text, name, " was not graded:");
            text.prose(
                2,
                &format!(
                    "the grading's time budget ({}) ran out before this exercise was graded. \
                     Submit again, or ask your instructor for a longer budget.",
                    seconds(*budget)
                ),
            );
        }
        Verdict::CompileError(errors) => {
            compile_error_text(&mut text, name, errors, exercise, shown_file);
        }
        Verdict::Unreadable(reason) => {
            headline(&mut text, name, " cannot be graded:");
            text.prose(2, reason).blank();
            text.prose(
                0,
                &format!(
                    "Make {shown_file} a plain file of Rust code again, or put the stub back \
                     with `cargo grader reset {name}`."
                ),
            );
        }
        Verdict::Refused(why) => {
            headline(
                &mut text,
                name,
                " could not be graded: the machine was too busy.",
            );
            text.prose(2, why).blank().prose(0, REFUSED_ADVICE);
        }
        Verdict::InternalError(message) => {
            headline(
                &mut text,
                name,
                ": the hidden tests failed (internal error).",
            );
            text.prose(2, message)
                .blank()
                .prose(0, INTERNAL_ERROR_ADVICE);
        }
        Verdict::Failed(failure) => {
            headline_of_failure(&mut text, grade, failure);
            text.blank().append(case_text(failure));
            if let Some(original) = shrunk_from(grade, failure) {
                text.append(shrunk_text(original));
            }
            text.append(problem_text(&failure.problem));
            details = failure_details(grade, failure, exercise, detail);
        }
    }
    if !grade.warnings.is_empty() {
        let warnings = count(grade.warnings.len(), "warning", "warnings");
        // On a pass they are no reason to read on: one line says how to see them.
        let (said, shown) = match grade.passed() {
            true => (
                format!(
                    "The compiler has {warnings} about your file: `cargo check --package {}` \
                     shows them.",
                    grade.exercise
                ),
                false,
            ),
            false => (
                format!("The compiler has {warnings} about your file:"),
                true,
            ),
        };
        details.blank().line(0, &[(Style::Warn, &said)]);
        if shown {
            details.laid_out(&grade.warnings.concat());
        }
    }
    Described {
        verdict: text,
        details,
    }
}

/// A file that does not compile: the compiler's errors about the learner's code, and,
/// when the code no longer fits the hidden tests' call, what they call (the errors in
/// the grader's own `main` say nothing the learner can act on).
fn compile_error_text(
    text: &mut Text,
    name: &str,
    errors: &CompileErrors,
    exercise: &Exercise,
    shown_file: &str,
) {
    let said = !errors.messages.trim().is_empty();
    let rest = match said {
        true => " does not compile. The compiler says:",
        false => " does not compile with the hidden tests.",
    };
    headline(text, name, rest);
    text.blank();
    if said {
        text.laid_out(&errors.messages).blank();
    }
    if errors.in_runner > 0 {
        text.prose(0, &signature_to_keep(exercise)).blank();
    }
    text.prose(
        0,
        &format!("Fix {shown_file} and save (or run the grader again)."),
    );
}

/// "The hidden tests call `xor_all(heaps: &[u64]) -> u64`: the signature must stay as
/// the stub declares it", and the stub's own types with it.
pub(crate) fn signature_to_keep(exercise: &Exercise) -> String {
    let types: Vec<String> = exercise
        .tests
        .signature()
        .map(|signature| signature.types)
        .unwrap_or_default()
        .iter()
        .map(|name| format!("`{name}`"))
        .collect();
    let and_types = match types.as_slice() {
        [] => String::new(),
        [one] => format!(", and so must {one}"),
        [first @ .., last] => format!(", and so must {} and {last}", first.join(", ")),
    };
    format!(
        "The hidden tests call `{}`: the signature must stay as the stub declares it{and_types}.",
        exercise.tests.call()
    )
}

/// A verdict's first line: ✓ or ✗, the exercise's name in bold, then `rest`.
fn marked(text: &mut Text, passed: bool, name: &str, rest: &[(Style, &str)]) {
    let mark = match passed {
        true => (Style::Good, "✓"),
        false => (Style::Bad, "✗"),
    };
    let mut spans = vec![mark, (Style::Plain, " "), (Style::Bold, name)];
    spans.extend_from_slice(rest);
    text.line(0, &spans);
}

fn headline(text: &mut Text, name: &str, rest: &str) {
    marked(text, false, name, &[(Style::Plain, rest)]);
}

/// "✓ name rest": a pass.
pub(crate) fn pass_headline(text: &mut Text, name: &str, rest: &str) {
    marked(text, true, name, &[(Style::Plain, rest)]);
}

/// "✗ name: label rest", the label (what went wrong) in red.
pub(crate) fn failure_headline(text: &mut Text, name: &str, label: &str, rest: &str) {
    let rest = [
        (Style::Plain, ": "),
        (Style::Bad, label),
        (Style::Plain, rest),
    ];
    marked(text, false, name, &rest);
}

fn headline_of_failure(text: &mut Text, grade: &Grade, failure: &Failure) {
    let place = format!(
        " on hidden case {} of the group \"{}\".",
        thousands(failure.case_number as u64),
        failure.group
    );
    failure_headline(
        text,
        &grade.exercise,
        failure.problem.kind().label(),
        &place,
    );
}

/// What follows the failing case: where the lesson says more, the groups that passed,
/// and what the learner's code printed.
fn failure_details(grade: &Grade, failure: &Failure, exercise: &Exercise, detail: Detail) -> Text {
    let mut text = lesson_link(&failure.problem, exercise);
    let passed = grade.groups.iter().filter(|g| g.is_pass()).count();
    let not_run = grade.groups.iter().filter(|g| !g.ran).count();
    let stopped = match (not_run, &failure.problem) {
        (0, _) => String::new(),
        (n, Problem::TimeLimit { .. }) => format!("; {n} not run: a time limit ends the grading"),
        (n, _) => format!("; {n} not run"),
    };
    text.blank().prose(
        2,
        &format!(
            "{passed} of {} passed{stopped}.",
            count(grade.groups.len(), "test group", "test groups")
        ),
    );
    text.append(printed_text(&failure.printed, &grade.exercise, detail));
    text
}

/// A failing case: its input, the answer, the rule it broke, and advice.
pub(crate) fn failure_text(failure: &Failure, exercise: &Exercise) -> Text {
    let mut text = case_text(failure);
    text.append(problem_text(&failure.problem));
    text.append(lesson_link(&failure.problem, exercise));
    text
}

/// What ended a program before its answer, from how it ended (`exit`, as
/// `model::decide::problem_of_end` words it): only what that way of ending proves.
fn ended_early_advice(exit: &str) -> &'static str {
    if exit.starts_with("exit code") {
        // The runner ends with an exit code only once every case is answered.
        "A program that ends with an exit code before its answer called \
         `std::process::exit`: return the answer from your function instead (a whole \
         program returns from `main`)."
    } else if exit.ends_with("(abort))") || exit.ends_with("(abort)") {
        "The program aborted: `std::process::abort`, or a panic while another panic was \
         unwinding (in a `Drop`, say). Return the answer from your function, and let a \
         `Drop` do nothing that can panic."
    } else {
        "The system stopped your program: unsafe code that reads or writes where it may \
         not, or a call the sandbox refuses (files, processes, the network), ends a program \
         so. Compute the answer from the arguments alone."
    }
}

/// The failing case's input, and the answer when there was one.
fn case_text(failure: &Failure) -> Text {
    let mut text = Text::new();
    text.line(
        2,
        &[
            (Style::Bold, "input:"),
            (Style::Plain, " "),
            (Style::Plain, &failure.input),
        ],
    );
    if let Some(answer) = &failure.answer {
        text.line(
            2,
            &[
                (Style::Bold, "yours:"),
                (Style::Plain, " "),
                (Style::Plain, answer),
            ],
        );
    }
    text.blank();
    text
}

/// The case as it first failed, when the failure shown is a simpler input made from it.
fn shrunk_from<'a>(grade: &'a Grade, failure: &Failure) -> Option<&'a Failure> {
    grade
        .groups
        .iter()
        .find(|group| group.name == failure.group)?
        .shrunk_from
        .as_ref()
}

/// Where a shrunk input comes from: the hidden case itself, which fails the same way.
fn shrunk_text(original: &Failure) -> Text {
    let mut text = Text::new();
    let answer = original
        .answer
        .as_ref()
        .map(|answer| format!(", where yours is {answer}"))
        .unwrap_or_default();
    text.prose(
        2,
        &format!(
            "This input is the simplest the grader made from the hidden case, which fails \
             the same way: {}{answer}.",
            original.input
        ),
    )
    .blank();
    text
}

/// The rule an answer broke (or what a run did wrong), and advice when there is some.
pub(crate) fn problem_text(problem: &Problem) -> Text {
    let mut text = Text::new();
    let (explanation, advice) = explain(problem);
    text.prose(2, explanation.trim_end());
    if let Some(advice) = advice {
        text.blank().line(
            2,
            &[
                (Style::Warn, "Advice:"),
                (Style::Plain, " "),
                (Style::Plain, &advice),
            ],
        );
    }
    text
}

/// Where the lesson lists the common mistakes, after a wrong answer.
pub(crate) fn lesson_link(problem: &Problem, exercise: &Exercise) -> Text {
    let mut text = Text::new();
    if problem.kind().is_wrong_answer() {
        text.blank().line(
            2,
            &[(
                Style::Dim,
                &format!("More in the lesson: {}", exercise.mistakes_section()),
            )],
        );
    }
    text
}

/// What the learner's code printed while a case ran: the first lines when `detail`
/// says so, with how many were left out.
pub(crate) fn printed_text(printed: &Printed, name: &str, detail: Detail) -> Text {
    let mut text = Text::new();
    let shown_text = visible(&printed.text);
    if shown_text.trim().is_empty() {
        return text;
    }
    let lines: Vec<&str> = shown_text.trim_end().lines().collect();
    let shown = detail.printed_lines.unwrap_or(usize::MAX).min(lines.len());
    text.blank().line(
        2,
        &[(
            Style::Plain,
            &format!("Your code printed while this case ran ({OUTPUT_NOTE}):"),
        )],
    );
    text.verbatim(2, "| ", &lines[..shown].join("\n"));
    let more = lines.len() - shown;
    if more > 0 {
        let see_all = detail.see_all.map_or_else(
            || format!("`cargo grader run {name}` shows them all"),
            str::to_string,
        );
        text.line(
            2,
            &[(
                Style::Dim,
                &format!("... {} ({see_all})", count(more, "more line", "more lines")),
            )],
        );
    }
    if printed.cut > 0 {
        text.line(
            2,
            &[(
                Style::Dim,
                &format!("... and {} bytes more, not kept", thousands(printed.cut)),
            )],
        );
    }
    text
}

/// What went wrong, and advice when there is some.
fn explain(problem: &Problem) -> (String, Option<String>) {
    match problem {
        Problem::WrongAnswer(mistake) => (mistake.rule.clone(), mistake.advice.clone()),
        Problem::Panicked { message, advice } => {
            let advice = if message.starts_with("not yet implemented") {
                Some(TODO_ADVICE.to_string())
            } else {
                advice.clone()
            };
            (
                format!("Your code panicked:\n  {}", visible(message)),
                advice,
            )
        }
        Problem::TimeLimit {
            limit,
            by: Limit::Cpu,
            cpu,
            wall,
            expected_cost,
            advice,
        } => (
            format!(
                "The time limit is {} of CPU time for this group of cases, and your code was \
                 still working on this one when it had used it all ({} of CPU in {}).",
                unbroken(&seconds(*limit)),
                unbroken(&seconds(*cpu)),
                unbroken(&seconds(*wall))
            ),
            Some(match advice {
                Some(advice) => format!("{advice} Expected: {expected_cost}."),
                None => format!("Expected: {expected_cost}."),
            }),
        ),
        Problem::TimeLimit {
            limit,
            by: Limit::Waiting,
            cpu,
            wall,
            ..
        } => (
            format!(
                "Your code was still running after {}, and had used only {} of its {} of \
                 CPU time: it was waiting, not working, for longer than a run of this group \
                 may.",
                seconds(*wall),
                seconds(*cpu),
                seconds(*limit)
            ),
            Some(WAITING_ADVICE.to_string()),
        ),
        Problem::StackOverflow { advice } => (
            "Your code overflowed its stack: a recursion that never stops, or one far deeper \
             than the input needs."
                .to_string(),
            Some(advice.clone().unwrap_or_else(|| {
                "Check the base case of your recursion: one that never ends overflows any \
                 stack."
                    .to_string()
            })),
        ),
        Problem::MemoryLimit { advice } => (
            "Your code ran out of memory (the grader allows a few GiB).".to_string(),
            Some(advice.clone().unwrap_or_else(|| {
                "Look for a collection that grows without end, or a huge allocation.".to_string()
            })),
        ),
        Problem::OutputLimit { limit_bytes } => (
            format!(
                "Your code wrote more than {} MiB, so it was stopped.",
                limit_bytes >> 20
            ),
            Some(
                "Print less: a `println!` inside a loop over a million heaps prints a million \
                 lines."
                    .to_string(),
            ),
        ),
        Problem::EndedEarly { exit } => (
            format!("Your program stopped before it answered this case ({exit})."),
            Some(ended_early_advice(exit).to_string()),
        ),
        Problem::InternalError { checker, message } => (
            format!("{checker} failed on this case: {message}"),
            Some(INTERNAL_ERROR_ADVICE.to_string()),
        ),
    }
}
