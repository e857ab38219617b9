//! How a run's end and a checker's panic become problems: what the function and
//! program exercises share when they decide on a run.

use xorlings_core::run::{Ended, Execution, Limit, Printed, SignalKind};
use xorlings_core::verdict::Problem;

/// Rust's own last words when a thread overflows its stack: the runtime prints them,
/// not the learner, so they are taken off the learner's printed output.
const STACK_OVERFLOW_LINES: [&str; 2] = [
    "has overflowed its stack",
    "fatal runtime error: stack overflow",
];
/// The standard library's words when an allocation fails.
const OUT_OF_MEMORY_LINE: &str = "memory allocation of ";

/// The problem of a run stopped by its limit `by`.
pub fn time_limit(execution: &Execution, by: Limit, expected_cost: &'static str) -> Problem {
    Problem::TimeLimit {
        limit: execution.limit,
        by,
        cpu: execution.cpu,
        wall: execution.elapsed,
        expected_cost,
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
        Ended::TimedOut(by) => time_limit(execution, by, expected_cost),
        Ended::Signalled(signal) => match signal.kind {
            SignalKind::FileTooLarge => Problem::OutputLimit {
                limit_bytes: execution.file_limit,
            },
            SignalKind::Abort if STACK_OVERFLOW_LINES.iter().all(|l| tail.contains(l)) => {
                Problem::StackOverflow {
                    advice: overflow_advice(),
                }
            }
            SignalKind::StackOverflow => Problem::StackOverflow {
                advice: overflow_advice(),
            },
            SignalKind::Abort if tail.contains(OUT_OF_MEMORY_LINE) => Problem::MemoryLimit,
            _ => Problem::EndedEarly {
                exit: format!("killed by {signal}"),
            },
        },
        Ended::Exited(code) => Problem::EndedEarly {
            exit: format!("exit code {code}"),
        },
        Ended::Cancelled => Problem::EndedEarly {
            exit: "cancelled".to_string(),
        },
    }
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
