//! Turning grades into what people and tools read: the verdict in the lesson's words
//! ([`describe`]), scores ([`score`]), Exercism's results format ([`exercism`]),
//! GitHub Classroom's ([`classroom`]), Gradescope's ([`gradescope`]) and PrairieLearn's
//! ([`prairielearn`]).

pub(crate) mod autograder;
pub(crate) mod classroom;
pub(crate) mod exercism;
pub(crate) mod fields;
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
const REFUSED_ADVICE: &str = "Nothing of your code was judged. Grade it again when the \
machine is less busy.";
const CANCELLED: &str = ": grading was cancelled.";
const PRINTED_INTRO: &str = "Your code printed while this case ran (this never changes a \
verdict):";
const LESSON_LINK: &str = "More in the lesson:";
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
    match &grade.verdict {
        Verdict::Passed => {
            marked(
                &mut text,
                true,
                name,
                &[(Style::Plain, &passed_rest(grade))],
            );
        }
        Verdict::Cancelled => {
            text.line(0, &[(Style::Bold, name), (Style::Plain, CANCELLED)]);
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
        _ => {
            if let Some(unjudged) = unjudged(grade, exercise, shown_file) {
                unjudged_text(&mut text, name, &unjudged);
            }
        }
    }
    if let Some(intro) = warnings_intro(grade) {
        details.blank().line(0, &[(Style::Warn, &intro)]);
        // On a pass they are no reason to read on: the intro says how to see them.
        if !grade.passed() {
            details.laid_out(&grade.warnings.concat());
        }
    }
    Described {
        verdict: text,
        details,
    }
}

/// What a verdict that judged no case says: the rest of its headline, why (under it),
/// the compiler's messages, and what to do, each a paragraph of its own.
pub(crate) struct Unjudged {
    pub rest: String,
    pub reason: Option<String>,
    pub compiler: Option<String>,
    pub paragraphs: Vec<String>,
}

/// The verdicts that judged no case: a file that does not compile or cannot be read, a
/// busy machine, the hidden tests' own failure, a budget run out. `None` for the others.
pub(crate) fn unjudged(grade: &Grade, exercise: &Exercise, shown_file: &str) -> Option<Unjudged> {
    let name = grade.exercise.as_str();
    let unjudged = |rest: &str, reason: &str, then: Option<String>| Unjudged {
        rest: rest.to_string(),
        reason: Some(reason.to_string()),
        compiler: None,
        paragraphs: then.into_iter().collect(),
    };
    Some(match &grade.verdict {
        Verdict::NotGraded(budget) => unjudged(
            " was not graded:",
            &format!(
                "the grading's time budget ({}) ran out before this exercise was graded. \
                 Submit again, or ask your instructor for a longer budget.",
                seconds(*budget)
            ),
            None,
        ),
        Verdict::CompileError(errors) => compile_error(errors, exercise, shown_file),
        Verdict::Unreadable(reason) => unjudged(
            " cannot be graded:",
            reason,
            Some(format!(
                "Make {shown_file} a plain file of Rust code again, or put the stub back \
                 with `cargo grader reset {name}`."
            )),
        ),
        Verdict::Refused(why) => unjudged(
            " could not be graded: the machine was too busy.",
            why,
            Some(REFUSED_ADVICE.to_string()),
        ),
        Verdict::InternalError(message) => unjudged(
            ": the hidden tests failed (internal error).",
            message,
            Some(INTERNAL_ERROR_ADVICE.to_string()),
        ),
        Verdict::Passed | Verdict::Failed(_) | Verdict::Cancelled => return None,
    })
}

/// An unjudged verdict for the terminal: the headline, the reason under it, then each
/// part after a blank line.
fn unjudged_text(text: &mut Text, name: &str, unjudged: &Unjudged) {
    headline(text, name, &unjudged.rest);
    if let Some(reason) = &unjudged.reason {
        text.prose(2, reason);
    }
    if let Some(compiler) = &unjudged.compiler {
        text.blank().laid_out(compiler);
    }
    for paragraph in &unjudged.paragraphs {
        text.blank().prose(0, paragraph);
    }
}

/// A file that does not compile: the compiler's errors about the learner's code, and,
/// when the code no longer fits the hidden tests' call, what they call (the errors in
/// the grader's own `main` say nothing the learner can act on).
fn compile_error(errors: &CompileErrors, exercise: &Exercise, shown_file: &str) -> Unjudged {
    let said = !errors.messages.trim().is_empty();
    let rest = match said {
        true => " does not compile. The compiler says:",
        false => " does not compile with the hidden tests.",
    };
    let mut paragraphs = Vec::new();
    if errors.in_runner > 0 {
        paragraphs.push(signature_to_keep(exercise));
    }
    paragraphs.push(format!(
        "Fix {shown_file} and save (or run the grader again)."
    ));
    Unjudged {
        rest: rest.to_string(),
        reason: None,
        compiler: said.then(|| errors.messages.clone()),
        paragraphs,
    }
}

/// "passed all 1,234 hidden cases in 5 groups (0.04 s).", after the exercise's name.
pub(crate) fn passed_rest(grade: &Grade) -> String {
    let cases: usize = grade.groups.iter().map(|g| g.cases).sum();
    // The time stays whole where the line wraps: "(0.04" above "s)." reads badly.
    format!(
        " passed all {} hidden cases in {} {}",
        thousands(cases as u64),
        count(grade.groups.len(), "group", "groups"),
        unbroken(&format!("({}).", seconds(grade.run_time)))
    )
}

/// "The compiler has 2 warnings about your file:", when it has some.
pub(crate) fn warnings_intro(grade: &Grade) -> Option<String> {
    let warnings = count(grade.warnings.len(), "warning", "warnings");
    (!grade.warnings.is_empty()).then(|| match grade.passed() {
        true => format!(
            "The compiler has {warnings} about your file: `cargo check --package {}` shows \
             them.",
            grade.exercise
        ),
        false => format!("The compiler has {warnings} about your file:"),
    })
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
    failure_headline(
        text,
        &grade.exercise,
        failure.problem.kind().label(),
        &failure_place(failure),
    );
}

/// " on hidden case 3 of the group "…".", after a failure's label.
pub(crate) fn failure_place(failure: &Failure) -> String {
    format!(
        " on hidden case {} of the group \"{}\".",
        thousands(failure.case_number as u64),
        failure.group
    )
}

/// What follows the failing case: where the lesson says more, the groups that passed,
/// and what the learner's code printed.
fn failure_details(grade: &Grade, failure: &Failure, exercise: &Exercise, detail: Detail) -> Text {
    let mut text = lesson_link(&failure.problem, exercise);
    text.blank().prose(2, &groups_passed(grade, failure));
    text.append(printed_text(&failure.printed, &grade.exercise, detail));
    text
}

/// "1 of 5 test groups passed."
pub(crate) fn groups_passed(grade: &Grade, failure: &Failure) -> String {
    let passed = grade.groups.iter().filter(|g| g.is_pass()).count();
    let not_run = grade.groups.iter().filter(|g| !g.ran).count();
    let stopped = match (not_run, &failure.problem) {
        (0, _) => String::new(),
        (n, Problem::TimeLimit { .. }) => format!("; {n} not run: a time limit ends the grading"),
        (n, _) => format!("; {n} not run"),
    };
    format!(
        "{passed} of {} passed{stopped}.",
        count(grade.groups.len(), "test group", "test groups")
    )
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
pub(crate) fn shrunk_from<'a>(grade: &'a Grade, failure: &Failure) -> Option<&'a Failure> {
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
    text.prose(2, &shrunk_sentence(original)).blank();
    text
}

/// "This input is the simplest the grader made from the hidden case ...".
pub(crate) fn shrunk_sentence(original: &Failure) -> String {
    let answer = original
        .answer
        .as_ref()
        .map(|answer| format!(", where yours is {answer}"))
        .unwrap_or_default();
    format!(
        "This input is the simplest the grader made from the hidden case, which fails the \
         same way: {}{answer}.",
        original.input
    )
}

/// The rule an answer broke (or what a run did wrong), and advice when there is some.
pub(crate) fn problem_text(problem: &Problem) -> Text {
    let mut text = Text::new();
    let Explained { rule, code, advice } = explain(problem);
    match code {
        Some(code) => text.prose(2, &format!("{rule}\n  {code}")),
        None => text.prose(2, rule.trim_end()),
    };
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
    if let Some(section) = lesson_section(problem, exercise) {
        text.blank()
            .line(2, &[(Style::Dim, &format!("{LESSON_LINK} {section}"))]);
    }
    text
}

/// The lesson's section on common mistakes, after a wrong answer.
pub(crate) fn lesson_section(problem: &Problem, exercise: &Exercise) -> Option<String> {
    problem
        .kind()
        .is_wrong_answer()
        .then(|| exercise.mistakes_section())
}

/// What the learner's code printed while a case ran, as much as a detail shows: its
/// lines, then what says how many were left out.
pub(crate) struct PrintedParts {
    pub intro: &'static str,
    pub lines: Vec<String>,
    pub more: Option<String>,
    pub cut: Option<String>,
}

/// The parts of `printed`, `None` when nothing was printed.
pub(crate) fn printed_parts(printed: &Printed, name: &str, detail: Detail) -> Option<PrintedParts> {
    let shown_text = visible(&printed.text);
    if shown_text.trim().is_empty() {
        return None;
    }
    let lines: Vec<&str> = shown_text.trim_end().lines().collect();
    let shown = detail.printed_lines.unwrap_or(usize::MAX).min(lines.len());
    let left_out = lines.len() - shown;
    let more = (left_out > 0).then(|| {
        let see_all = detail.see_all.map_or_else(
            || format!("`cargo grader run {name}` shows them all"),
            str::to_string,
        );
        format!(
            "... {} ({see_all})",
            count(left_out, "more line", "more lines")
        )
    });
    Some(PrintedParts {
        intro: PRINTED_INTRO,
        lines: lines[..shown].iter().map(|line| line.to_string()).collect(),
        more,
        cut: (printed.cut > 0)
            .then(|| format!("... and {} bytes more, not kept", thousands(printed.cut))),
    })
}

/// What the learner's code printed while a case ran: the first lines when `detail`
/// says so, with how many were left out.
pub(crate) fn printed_text(printed: &Printed, name: &str, detail: Detail) -> Text {
    let mut text = Text::new();
    let Some(parts) = printed_parts(printed, name, detail) else {
        return text;
    };
    text.blank().line(2, &[(Style::Plain, parts.intro)]);
    text.verbatim(2, "| ", &parts.lines.join("\n"));
    for note in parts.more.iter().chain(&parts.cut) {
        text.line(2, &[(Style::Dim, note)]);
    }
    text
}

/// What went wrong: the rule broken (or what the run did), the code it quotes (a
/// panic's message), and advice when there is some.
pub(crate) struct Explained {
    pub rule: String,
    pub code: Option<String>,
    pub advice: Option<String>,
}

/// What went wrong, and advice when there is some.
pub(crate) fn explain(problem: &Problem) -> Explained {
    let (rule, advice) = match problem {
        Problem::WrongAnswer(mistake) => (mistake.rule.clone(), mistake.advice.clone()),
        Problem::Panicked { message, advice } => {
            let advice = if message.starts_with("not yet implemented") {
                Some(TODO_ADVICE.to_string())
            } else {
                advice.clone()
            };
            return Explained {
                rule: "Your code panicked:".to_string(),
                code: Some(visible(message)),
                advice,
            };
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
    };
    Explained {
        rule: rule.trim_end().to_string(),
        code: None,
        advice,
    }
}

/// The failure learners met first: xor_all adding the heaps on 1 1, with the real rule
/// and advice of its checker, while printing `printed`.
#[cfg(test)]
pub(crate) fn adding_the_heaps(printed: String) -> Grade {
    use xorlings_course::hidden::xor_all::{Args, XorAll};
    use xorlings_course::model::{Function, Seed};
    let mistake = XorAll::check(&Args::from(vec![1, 1]), &2).unwrap_err();
    let failure = Failure {
        group: "no heaps, and every position of 1 to 4 heaps of 0 to 8".to_string(),
        case_number: 21,
        input: "heaps = [1, 1]".to_string(),
        answer: Some("2".to_string()),
        problem: Problem::WrongAnswer(mistake),
        printed: Printed {
            text: printed,
            cut: 0,
        },
        size: 0,
    };
    Grade::without_run("xor_all", Verdict::Failed(failure), None, Seed::DEFAULT)
}
