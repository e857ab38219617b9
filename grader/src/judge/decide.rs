//! Deciding on a grading: a group still running at its time limit fails, and the
//! verdict is the smallest failure of all the groups (or an internal error).

use xorlings_core::run::{Ended, Execution, Limit, Printed};
use xorlings_core::verdict::{Failure, GroupResult, Problem};

use super::Verdict;
use xorlings_course::model::decide::time_limit;
use xorlings_course::model::pace::{self, Run};

/// What the learner sees as the case of a group whose every case was answered but whose
/// program had not ended at its time limit.
const AFTER_THE_LAST_CASE: &str = "(after the last case: every case was answered, but the \
program was still running)";

/// A group whose program was still running at its time limit does not pass, whatever
/// answers it gave: the limit is for the whole run (a thread-local destructor or an
/// exit handler that never returns would otherwise pass, however long it holds the run).
pub(crate) fn fail_unfinished(
    group: &mut GroupResult,
    execution: &Execution,
    expected_cost: &'static str,
) {
    let Ended::TimedOut(by) = execution.ended else {
        return;
    };
    if group.failure.is_some() {
        return;
    }
    group.failure = Some(Failure {
        group: group.name.clone(),
        case_number: group.cases,
        input: AFTER_THE_LAST_CASE.to_string(),
        answer: None,
        printed: Printed::default(),
        problem: time_limit(execution, by, expected_cost),
        // Any failing case of another group is the one to show.
        size: u64::MAX,
    });
    group.passed = group.passed.min(group.cases.saturating_sub(1));
}

/// Each time limit, with what the other groups' run times prove about it:
/// `case_sizes` are each group's cases' sizes, in what the exercise's expected cost
/// counts.
pub(crate) fn explain_time_limits(groups: &mut [GroupResult], case_sizes: &[Vec<u64>]) {
    // The case each group ran out of time on, from 0.
    // A group stopped by a limit (of CPU time, or for waiting) is no measure of pace.
    let timed_out_at = |group: &GroupResult| match &group.failure {
        Some(failure) if matches!(failure.problem, Problem::TimeLimit { .. }) => {
            Some(failure.case_number.saturating_sub(1))
        }
        _ => None,
    };
    let runs: Vec<Run> = groups
        .iter()
        .zip(case_sizes)
        .map(|(group, sizes)| {
            // A program's input is one case, whatever its answers' count.
            let at = timed_out_at(group).map(|at| at.min(sizes.len().saturating_sub(1)));
            let done = at.map_or(sizes.len(), |at| at + 1);
            let largest = match at {
                Some(at) => sizes.get(at).copied().unwrap_or(0),
                None => sizes.iter().copied().max().unwrap_or(0),
            };
            Run {
                name: &group.name,
                size: sizes[..done].iter().sum(),
                largest_case: largest,
                time: group.time,
                finished: group.ran && at.is_none(),
            }
        })
        .collect();
    let said: Vec<Option<String>> = (0..groups.len())
        .map(|i| match &groups[i].failure {
            Some(Failure {
                problem:
                    Problem::TimeLimit {
                        limit,
                        by: Limit::Cpu,
                        ..
                    },
                ..
            }) => pace::advice(&runs, i, *limit),
            _ => None,
        })
        .collect();
    for (group, said) in groups.iter_mut().zip(said) {
        if let Some(Failure {
            problem: Problem::TimeLimit { advice, .. },
            ..
        }) = &mut group.failure
        {
            // What the cases themselves proved comes first.
            *advice = advice.take().or(said);
        }
    }
}

/// An internal error wins (the grade cannot be trusted); otherwise the smallest failure.
pub(crate) fn verdict_of(groups: &[GroupResult]) -> Verdict {
    let failures = groups.iter().filter_map(|g| g.failure.as_ref());
    for failure in failures.clone() {
        if let Problem::InternalError { checker, message } = &failure.problem {
            return Verdict::InternalError(format!(
                "{checker} failed on case {} of \"{}\": {message}",
                failure.case_number, failure.group
            ));
        }
    }
    match failures.min_by_key(|failure| failure.size) {
        Some(failure) => Verdict::Failed(failure.clone()),
        None => Verdict::Passed,
    }
}
