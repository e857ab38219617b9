//! After a grading, the failing case it shows: first run alone, in a process of its own,
//! when calls came before it (code that passes it there keeps state from one call to the
//! next, and is told so); else made as simple as it gets while the learner's code still
//! fails it the same way (see `model::shrink`). Every run here shares one small budget
//! of CPU time: the verdict waits for them.

use std::time::Duration;

use xorlings_core::run::Ended;
use xorlings_core::verdict::{Failure, GroupResult, Problem};
use xorlings_course::model::shrink::{STATE_KEPT, Way};
use xorlings_course::model::{HiddenTests, Plan};

use crate::judge::build::Program;
use crate::judge::{self, Cancel, EarlyRuns, Prepared, Ran, Settings};

/// The most rounds of shrinking a failing case: each is one run of the learner's code.
const SHRINK_ROUNDS: usize = 8;
/// The CPU time all these runs may use together, whatever the exercise's time limit. A
/// run is limited to what is left.
const BUDGET: Duration = Duration::from_secs(1);
/// A run is not started with less than this left.
const LEAST: Duration = Duration::from_millis(100);

/// Runs of the learner's program within [`BUDGET`].
struct Runs<'a> {
    tests: &'a dyn HiddenTests,
    program: &'a Program,
    settings: &'a Settings,
    cancel: &'a Cancel,
    left: Duration,
}

impl Runs<'_> {
    /// The run of `plan`'s one group: its decision, how it ended, and the plan; `None`
    /// when the budget is spent or it could not run.
    fn run(&mut self, plan: Box<dyn Plan>) -> Option<(GroupResult, Ended, Prepared)> {
        if self.left < LEAST {
            return None;
        }
        let limit = self.tests.time_limit().mul_f64(self.settings.time_scale);
        let mut within_budget = self.settings.clone();
        within_budget.meter = None;
        within_budget.time_scale *= limit.min(self.left).div_duration_f64(limit);
        let batch = Prepared::once(plan);
        let ran = judge::run(
            self.tests,
            self.program,
            &batch,
            &within_budget,
            EarlyRuns::default(),
            self.cancel,
        );
        let Ran {
            result,
            execution: Some(execution),
        } = ran.ok()??.into_iter().next()?
        else {
            return None;
        };
        self.left = self.left.saturating_sub(execution.cpu);
        Some((result, execution.ended, batch))
    }
}

/// The failure a grade shows, run alone or made simpler: the group keeps its case as it
/// first failed, and shows the simplest that fails the same way, at most
/// [`SHRINK_ROUNDS`] rounds, not past a round that ran out of time or could not run.
pub(super) fn shrink(
    tests: &dyn HiddenTests,
    program: &Program,
    prepared: &Prepared,
    settings: &Settings,
    cancel: &Cancel,
    groups: &mut [GroupResult],
) {
    let internal = |g: &GroupResult| {
        matches!(
            g.failure.as_ref().map(|f| &f.problem),
            Some(Problem::InternalError { .. })
        )
    };
    if groups.iter().any(internal) {
        return;
    }
    // The failure the verdict shows: the smallest, the first of them in course order.
    let shown = groups
        .iter()
        .enumerate()
        .filter_map(|(i, group)| Some((i, group.failure.as_ref()?.size)))
        .min_by_key(|&(_, size)| size);
    let Some((index, _)) = shown else {
        return;
    };
    let Some(original) = groups[index].failure.clone() else {
        return;
    };
    let mut runs = Runs {
        tests,
        program,
        settings,
        cancel,
        left: BUDGET,
    };
    if passes_alone(&mut runs, prepared.plan.as_ref(), index, &original) {
        if let Some(failure) = &mut groups[index].failure {
            tell_state_kept(&mut failure.problem);
        }
        return;
    }
    let way = Way::of(&original.problem);
    let mut round = prepared.plan.shrinking(index, &original);
    let mut simplest = None;
    for _ in 0..SHRINK_ROUNDS {
        let Some(plan) = round.take() else { break };
        let Some((result, ended, batch)) = runs.run(plan) else {
            break;
        };
        let Some(failure) = result.failure.filter(|f| Way::of(&f.problem) == way) else {
            break;
        };
        round = batch.plan.shrinking(0, &failure);
        simplest = Some(failure);
        if matches!(ended, Ended::TimedOut(_)) {
            break;
        }
    }
    if let Some(mut simplest) = simplest {
        simplest.group = original.group.clone();
        simplest.case_number = original.case_number;
        groups[index].failure = Some(simplest);
        groups[index].shrunk_from = Some(original);
    }
}

/// Whether the case of `failure`, which failed in `group` after other calls, passes when
/// run alone: then what the code answers depends on the calls before.
fn passes_alone(runs: &mut Runs, plan: &dyn Plan, group: usize, failure: &Failure) -> bool {
    if failure.case_number <= 1 {
        return false;
    }
    let Some(alone) = plan.alone(group, failure) else {
        return false;
    };
    runs.run(alone).is_some_and(|(result, ended, _)| {
        result.passed == result.cases && !matches!(ended, Ended::TimedOut(_))
    })
}

/// `problem`'s advice, now that its case passed alone.
fn tell_state_kept(problem: &mut Problem) {
    let advice = match problem {
        Problem::WrongAnswer(mistake) => {
            mistake.diagnosis = None;
            &mut mistake.advice
        }
        Problem::Panicked { advice, .. } => advice,
        _ => return,
    };
    *advice = Some(STATE_KEPT.to_string());
}
