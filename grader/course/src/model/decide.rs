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
/// The standard library's words when an allocation fails, and its note after them.
const OUT_OF_MEMORY_LINE: &str = "memory allocation of ";
const OUT_OF_MEMORY_LINES: [&str; 2] = [OUT_OF_MEMORY_LINE, "note: run with `RUST_BACKTRACE"];

/// The problem of a run stopped by its limit `by`.
pub fn time_limit(execution: &Execution, by: Limit, expected_cost: &'static str) -> Problem {
    Problem::TimeLimit {
        limit: execution.limit,
        by,
        cpu: execution.cpu,
        wall: execution.elapsed,
        expected_cost,
        advice: None,
    }
}

/// What stopped a run before it answered the case that was running. `overflow_advice`
/// gives an exercise's advice for a stack overflow on that case, and `memory_advice` for
/// running out of memory (given the bytes of the allocation that failed, when known).
pub fn problem_of_end(
    execution: &Execution,
    expected_cost: &'static str,
    overflow_advice: impl FnOnce() -> Option<String>,
    memory_advice: impl FnOnce(Option<u64>) -> Option<String>,
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
            SignalKind::Abort if tail.contains(OUT_OF_MEMORY_LINE) => Problem::MemoryLimit {
                advice: memory_advice(allocation_bytes(tail)),
            },
            _ => Problem::EndedEarly {
                exit: format!("killed by {signal}"),
            },
        },
        Ended::OutOfMemory => Problem::MemoryLimit {
            advice: memory_advice(None),
        },
        Ended::Exited(code) => Problem::EndedEarly {
            exit: format!("exit code {code}"),
        },
        Ended::Cancelled => Problem::EndedEarly {
            exit: "cancelled".to_string(),
        },
    }
}

/// The bytes of the allocation that failed, from the runtime's last words: "memory
/// allocation of 1099511627777 bytes failed".
fn allocation_bytes(tail: &str) -> Option<u64> {
    let after = &tail[tail.rfind(OUT_OF_MEMORY_LINE)? + OUT_OF_MEMORY_LINE.len()..];
    after.split(' ').next()?.parse().ok()
}

/// Whether an allocation of `bytes` is a table as long as `largest`, the largest value
/// of an input of `items` items, with one bit to eight bytes per value: the sign of a
/// table sized by the largest value, as no table sized by the number of items is.
pub fn sized_by_largest(bytes: u64, largest: u64, items: u64) -> bool {
    let by_value = largest / 8
        ..=largest
            .saturating_add(1)
            .saturating_mul(8)
            .saturating_add(64);
    by_value.contains(&bytes) && bytes > items.saturating_add(1).saturating_mul(64)
}

/// The learner's printed output during a case, without the runtime's own last words
/// when the problem is that the runtime gave up.
pub fn printed_by_learner(printed: Printed, problem: &Problem) -> Printed {
    let lines: &[&str] = match problem {
        Problem::StackOverflow { .. } => &STACK_OVERFLOW_LINES,
        Problem::MemoryLimit { .. } => &OUT_OF_MEMORY_LINES,
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

/// Runs a checker of `exercise`, turning its panic into an internal error that names it.
pub fn guarded<T>(exercise: &str, check: impl FnOnce() -> T) -> Result<T, Problem> {
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
            checker: format!("the checker of {exercise}"),
            message,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xorlings_core::run::PrintedFile;

    #[test]
    fn a_table_sized_by_the_largest_value_is_recognised() {
        let tail = "memory allocation of 1099511627777 bytes failed\n";
        assert_eq!(allocation_bytes(tail), Some((1 << 40) + 1));
        assert_eq!(
            allocation_bytes("memory allocation of many bytes failed"),
            None
        );
        assert!(sized_by_largest((1 << 40) + 1, 1 << 40, 1));
        assert!(sized_by_largest(1 << 37, 1 << 40, 1), "one bit per value");
        assert!(
            !sized_by_largest(1 << 30, 1 << 40, 1),
            "far smaller than the largest value"
        );
        assert!(!sized_by_largest(800, 99, 99), "as much as the items need");
    }

    /// A run that printed nothing and ended as `ended`.
    fn silent_run(ended: Ended) -> Execution {
        let path = std::env::temp_dir().join(format!(
            "xorlings-decide-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let printed = std::fs::File::create(&path)
            .and_then(|_| std::fs::File::open(&path))
            .and_then(PrintedFile::read)
            .unwrap();
        let _ = std::fs::remove_file(&path);
        Execution {
            answers: Vec::new(),
            answers_overflowed: false,
            printed,
            ended,
            elapsed: std::time::Duration::ZERO,
            cpu: std::time::Duration::ZERO,
            limit: std::time::Duration::from_secs(1),
            waiting_limit: std::time::Duration::from_secs(3),
            file_limit: 1 << 20,
        }
    }

    #[test]
    fn a_run_the_sandbox_stopped_over_its_memory_is_a_memory_limit() {
        let mut asked = Vec::new();
        let problem = problem_of_end(
            &silent_run(Ended::OutOfMemory),
            "O(n)",
            || None,
            |bytes| {
                asked.push(bytes);
                Some("a table as long as the largest heap".to_string())
            },
        );
        assert_eq!(
            problem,
            Problem::MemoryLimit {
                advice: Some("a table as long as the largest heap".to_string())
            }
        );
        // No failed allocation to measure: the sandbox stopped it.
        assert_eq!(asked, [None]);
    }
}
