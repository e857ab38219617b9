//! Deciding on a run: what a failing case is, and what stopped a run early. The checks
//! themselves belong to each exercise; this is what they share.

use std::time::Duration;

use super::run::{Ended, Execution, Printed};
use super::verdict::Kind;
use crate::model::Mistake;

/// Rust's own last words when a thread overflows its stack: the runtime prints them,
/// not the learner, so they are taken off the learner's printed output.
const STACK_OVERFLOW_LINES: [&str; 2] = [
    "has overflowed its stack",
    "fatal runtime error: stack overflow",
];
/// The standard library's words when an allocation fails.
const OUT_OF_MEMORY_LINE: &str = "memory allocation of ";

/// What went wrong in a failing case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    WrongAnswer(Mistake),
    Panicked {
        message: String,
        advice: Option<String>,
    },
    TimeLimit {
        limit: Duration,
        expected_cost: &'static str,
    },
    StackOverflow {
        advice: Option<String>,
    },
    MemoryLimit,
    OutputLimit {
        limit_bytes: u64,
    },
    /// The process ended on its own before answering this case.
    EndedEarly {
        exit: String,
    },
    /// The grader's checker panicked on this case: a bug in the hidden tests.
    InternalError {
        checker: String,
        message: String,
    },
}

impl Problem {
    pub fn kind(&self) -> Kind {
        match self {
            Problem::WrongAnswer(_) => Kind::WrongAnswer,
            Problem::Panicked { .. } => Kind::Panicked,
            Problem::TimeLimit { .. } => Kind::TimeLimit,
            Problem::StackOverflow { .. } => Kind::StackOverflow,
            Problem::MemoryLimit => Kind::MemoryLimit,
            Problem::OutputLimit { .. } => Kind::OutputLimit,
            Problem::EndedEarly { .. } => Kind::EndedEarly,
            Problem::InternalError { .. } => Kind::InternalError,
        }
    }
}

/// The failing case the learner is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub group: String,
    /// 1-based position of the case in its group.
    pub case_number: usize,
    pub input: String,
    pub answer: Option<String>,
    pub problem: Problem,
    /// What the learner's code printed while this case ran.
    pub printed: Printed,
    /// The input's measure: the smallest failure is the one shown.
    pub size: u64,
}

/// One group's result, for partial credit and reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupResult {
    pub name: String,
    pub cases: usize,
    pub passed: usize,
    /// The first failure in this group, if any.
    pub failure: Option<Failure>,
    /// How long the group's process ran.
    pub time: Duration,
    /// Whether the group ran at all (not when the file did not compile).
    pub ran: bool,
}

impl GroupResult {
    /// A group that did not run.
    pub fn not_run(name: String, cases: usize) -> GroupResult {
        GroupResult {
            name,
            cases,
            passed: 0,
            failure: None,
            time: Duration::ZERO,
            ran: false,
        }
    }

    pub fn is_pass(&self) -> bool {
        self.ran && self.failure.is_none()
    }
}

/// What stopped a run before it answered the case that was running. `advice` gives an
/// exercise's advice for a stack overflow on that case.
pub fn problem_of_end(
    execution: &Execution,
    expected_cost: &'static str,
    overflow_advice: impl FnOnce() -> Option<String>,
) -> Problem {
    let tail = execution.printed.tail();
    match execution.ended {
        Ended::TimedOut => Problem::TimeLimit {
            limit: execution.limit,
            expected_cost,
        },
        Ended::Signalled(libc::SIGXFSZ) => Problem::OutputLimit {
            limit_bytes: execution.file_limit,
        },
        Ended::Signalled(libc::SIGABRT)
            if STACK_OVERFLOW_LINES.iter().all(|l| tail.contains(l)) =>
        {
            Problem::StackOverflow {
                advice: overflow_advice(),
            }
        }
        Ended::Signalled(libc::SIGABRT) if tail.contains(OUT_OF_MEMORY_LINE) => {
            Problem::MemoryLimit
        }
        Ended::Signalled(signal) => Problem::EndedEarly {
            exit: format!("killed by signal {signal} ({})", signal_name(signal)),
        },
        Ended::Exited(code) => Problem::EndedEarly {
            exit: format!("exit code {code}"),
        },
        Ended::Cancelled => Problem::EndedEarly {
            exit: "cancelled".to_string(),
        },
    }
}

/// What the learner sees as the case of a group whose every case was answered but whose
/// program had not ended at its time limit.
const AFTER_THE_LAST_CASE: &str = "(after the last case: every case was answered, but the \
program was still running)";

/// A group whose program was still running at its time limit does not pass, whatever
/// answers it gave: the limit is for the whole run (a thread-local destructor or an
/// exit handler that never returns would otherwise pass, however long it holds the run).
pub fn fail_unfinished(
    group: &mut GroupResult,
    execution: &Execution,
    expected_cost: &'static str,
) {
    if execution.ended != Ended::TimedOut || group.failure.is_some() {
        return;
    }
    group.failure = Some(Failure {
        group: group.name.clone(),
        case_number: group.cases,
        input: AFTER_THE_LAST_CASE.to_string(),
        answer: None,
        printed: Printed::default(),
        problem: Problem::TimeLimit {
            limit: execution.limit,
            expected_cost,
        },
        // Any failing case of another group is the one to show.
        size: u64::MAX,
    });
    group.passed = group.passed.min(group.cases.saturating_sub(1));
}

/// The learner's printed output during a case, without the runtime's own last words
/// when the problem is that the runtime gave up.
pub fn printed_by_learner(printed: Printed, problem: &Problem) -> Printed {
    let lines: &[&str] = match problem {
        Problem::StackOverflow { .. } => &STACK_OVERFLOW_LINES,
        Problem::MemoryLimit => &[OUT_OF_MEMORY_LINE],
        _ => return printed,
    };
    printed.without_lines_containing(lines)
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGABRT => "abort",
        libc::SIGSEGV => "segmentation fault",
        libc::SIGKILL => "killed",
        libc::SIGFPE => "arithmetic error",
        libc::SIGILL => "illegal instruction",
        libc::SIGBUS => "bus error",
        libc::SIGXCPU => "CPU time limit",
        libc::SIGSYS => "forbidden system call",
        _ => "signal",
    }
}

thread_local! {
    /// Set while a checker runs: its panic is reported as a verdict, not printed.
    static IN_CHECKER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps the default panic message for every panic but a checker's.
fn quiet_checker_panics() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_CHECKER.get() {
                default(info);
            }
        }));
    });
}

/// Runs a checker, turning its panic into an internal error that names it.
pub fn guarded<T>(checker: &str, check: impl FnOnce() -> T) -> Result<T, Problem> {
    quiet_checker_panics();
    IN_CHECKER.set(true);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(check));
    IN_CHECKER.set(false);
    result.map_err(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "no message".to_string());
        Problem::InternalError {
            checker: checker.to_string(),
            message,
        }
    })
}
