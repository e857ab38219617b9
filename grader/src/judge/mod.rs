//! The judge: the learner's code produces answers, the grader decides.
//!
//! 1. [`source`] reads the learner's file (only a real file, with a bound).
//! 2. [`build`] compiles it, while the exercise generates its cases ([`Prepared`]).
//! 3. [`run`] runs each group of cases in its own process, under its own time limit,
//!    several at once (one per core, each started while the one before it runs).
//! 4. The exercise's plan judges each group's answers in the grader's own process, and
//!    [`decide`] makes the verdict: the smallest failing case, explained in the
//!    lesson's words.
//!
//! `crate::grading` puts these steps together for every command.

pub(crate) mod build;
pub(crate) mod decide;
mod messages;
pub(crate) use messages::CompileErrors;
pub(crate) mod run;
pub(crate) mod source;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use anyhow::Result;
use xorlings_core::run::{Ended, Execution};
use xorlings_core::verdict::{Failure, GroupResult, Kind};

use crate::meter::Meter;
use build::{BuildRequest, Built, Program};
pub(crate) use build::{Builds, Destination};
pub(crate) use run::Cancel;
use run::{Layout, RunInput, RunRequest};
use xorlings_course::model::{Build, HiddenTests, Plan, Seed};

/// How to grade: the same for every exercise of one command.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// Where builds are kept (`target/xorlings`).
    pub cache: PathBuf,
    /// What the grader keeps of its builds, for the next ones (shared by clones).
    pub builds: Arc<Builds>,
    /// Color in the compiler's messages.
    pub color: bool,
    /// The width the compiler lays its messages out for.
    pub width: usize,
    pub seed: Seed,
    /// The exercise's time limit is multiplied by this (`dev check` tries 1.5).
    pub time_scale: f64,
    /// Where the groups run so far are counted, on a terminal (`grader run`).
    pub meter: Option<Arc<Meter>>,
    /// A time limit ends the grading (see [`run`]): for a learner's screen, where a
    /// verdict must come within seconds. Batches and reports with scores run every group,
    /// so that a hang costs only its own group's points.
    pub stop_at_time_limit: bool,
}

/// The verdict on one exercise.
#[derive(Debug, Clone)]
pub(crate) enum Verdict {
    Passed,
    CompileError(CompileErrors),
    /// The learner's file could not be read; why.
    Unreadable(String),
    /// The smallest failing case, and what went wrong there.
    Failed(Failure),
    /// The hidden tests themselves failed (a checker panicked): a grader bug.
    InternalError(String),
    /// The machine refused the grader a process or a thread, even after a wait: why.
    /// Nothing of the learner's code was judged.
    Refused(String),
    Cancelled,
    /// Never graded: the batch's time budget ran out first (its length).
    NotGraded(Duration),
}

impl Verdict {
    /// The verdict in words: its kind's ("passed", "wrong answer"...), or "cancelled",
    /// or "not graded".
    pub(crate) fn label(&self) -> &'static str {
        match self {
            Verdict::Cancelled => "cancelled",
            Verdict::NotGraded(_) => "not graded",
            verdict => verdict.kind().map_or("cancelled", Kind::label),
        }
    }

    /// The verdict's kind; `None` when grading was cancelled.
    pub(crate) fn kind(&self) -> Option<Kind> {
        Some(match self {
            Verdict::Passed => Kind::Accepted,
            Verdict::CompileError(_) => Kind::CompileError,
            Verdict::Unreadable(_) => Kind::Unreadable,
            Verdict::Failed(failure) => failure.problem.kind(),
            Verdict::InternalError(_) | Verdict::Refused(_) => Kind::InternalError,
            Verdict::Cancelled | Verdict::NotGraded(_) => return None,
        })
    }
}

/// The full result of grading one exercise.
#[derive(Debug, Clone)]
pub(crate) struct Grade {
    pub exercise: String,
    pub verdict: Verdict,
    /// Each group's result, in order; empty when nothing ran.
    pub groups: Vec<GroupResult>,
    /// The compiler's warnings about the learner's file, one message each.
    pub warnings: Vec<String>,
    /// The slowest group's run time (zero when nothing ran).
    pub run_time: Duration,
    pub seed: Seed,
}

impl Grade {
    pub(crate) fn passed(&self) -> bool {
        matches!(self.verdict, Verdict::Passed)
    }

    /// A grade of nothing run, with `verdict`: each of `plan`'s groups not run (none
    /// without a plan).
    pub(crate) fn without_run(
        exercise: &str,
        verdict: Verdict,
        plan: Option<&Prepared>,
        seed: Seed,
    ) -> Grade {
        let groups = plan.map_or_else(Vec::new, |plan| {
            plan.plan
                .groups()
                .into_iter()
                .map(|(name, cases)| GroupResult::not_run(name, cases))
                .collect()
        });
        Grade {
            exercise: exercise.to_string(),
            verdict,
            groups,
            warnings: Vec::new(),
            run_time: Duration::ZERO,
            seed,
        }
    }
}

/// What to grade: the learner's file (or why it cannot be read) and how to name it.
#[derive(Debug, Clone)]
pub(crate) struct Submission {
    pub source: Result<String, String>,
    /// `exercises/<name>/src/lib.rs`, as the learner names the file.
    pub shown_as: String,
}

/// A plan with each group's input written, ready for the runs: generating the cases
/// and writing them takes as long as a compile, so it is done beside the compiler, and
/// once for every run of a group.
pub(crate) struct Prepared {
    pub plan: Box<dyn Plan>,
    /// Each group's input, as its runs read it.
    inputs: Vec<RunInput>,
    /// For one grading: each input is freed once its run is over (see [`run`]).
    once: bool,
}

impl Prepared {
    /// The plan's inputs, for as many gradings as hold it.
    pub(crate) fn new(plan: Box<dyn Plan>) -> Prepared {
        let inputs = (0..plan.groups().len())
            .map(|group| RunInput::written(|file| plan.write_input(group, file)))
            .collect();
        Prepared {
            plan,
            inputs,
            once: false,
        }
    }

    /// The plan's inputs for one grading only.
    pub(crate) fn once(plan: Box<dyn Plan>) -> Prepared {
        Prepared {
            once: true,
            ..Prepared::new(plan)
        }
    }
}

/// Compiles `submission` for `tests`' exercise, at `destination` (or in a new one); an
/// unreadable file is not compiled.
pub(crate) fn build(
    tests: &dyn HiddenTests,
    submission: &Submission,
    settings: &Settings,
    destination: Option<Destination>,
    cancel: &Cancel,
) -> Result<Option<Built>> {
    let Ok(source) = submission.source.as_deref() else {
        return Ok(None);
    };
    let destination = match destination {
        Some(destination) => destination,
        None => Destination::new(&settings.cache)?,
    };
    let slot = crate::parallel::slot();
    let request = BuildRequest {
        cache: &settings.cache,
        builds: &settings.builds,
        source,
        shown_as: &submission.shown_as,
        build: tests.build(),
        color: settings.color,
        width: settings.width,
        core: Some(slot.core()),
    };
    build::build(&request, destination, cancel).map(Some)
}

/// One group's run and its decision.
pub(crate) struct Ran {
    pub result: GroupResult,
    /// `None` for a group not run because a group before it ran out of time (see
    /// [`run`]).
    pub execution: Option<Execution>,
}

impl Ran {
    /// A group of `plan` left out: a group before it in course order ran out of time.
    fn stopped(plan: &dyn Plan, group: usize) -> Ran {
        let (name, cases) = plan.groups().swap_remove(group);
        Ran {
            result: GroupResult::not_run(name, cases),
            execution: None,
        }
    }
}

/// The first run of each worker, started while the compiler works (Linux, the runner):
/// each waits, confined, for the program to be written where the compiler was told to
/// write it. A start waits for the kernel (a fork, cgroups to join, a root of its own):
/// after the compile, that was a tenth of the time from a save to its verdict.
#[derive(Default)]
pub(crate) struct EarlyRuns {
    /// Where the program was to be written.
    program: PathBuf,
    /// Each run's group, in the order the workers take them.
    runs: Vec<(usize, run::Started)>,
}

impl EarlyRuns {
    /// Starts the first run of each worker of `tests`' groups on the program the
    /// compiler is writing at `program` (see [`Destination::program`]): none where that
    /// cannot be done (it is only quicker).
    pub(crate) fn start(
        tests: &dyn HiddenTests,
        program: &std::path::Path,
        prepared: &Prepared,
        settings: &Settings,
    ) -> EarlyRuns {
        if !cfg!(target_os = "linux") || layout_of(tests) != Layout::Runner {
            return EarlyRuns::default();
        }
        let program = program.to_path_buf();
        let Ok(std_dir) = build::toolchain().map(|toolchain| &toolchain.std_dir) else {
            return EarlyRuns::default();
        };
        let order = run_order(prepared);
        let mut runs = Vec::new();
        for &group in order.iter().take(workers(order.len())) {
            let request = prepared.request(group, &program, tests, settings, None, true);
            match run::start(&request, std_dir) {
                Ok(started) => runs.push((group, started)),
                Err(_) => return EarlyRuns::default(),
            }
        }
        EarlyRuns { program, runs }
    }

    /// The runs, if `program` is the one they wait for (a build may reuse a program
    /// built before, elsewhere), and names the loader they may execute.
    fn for_program(self, program: &Program) -> Vec<(usize, run::Started)> {
        let same_loader = xorlings_sandbox::runs_ahead_may_execute(&program.path);
        match self.program == program.path && same_loader {
            true => self.runs,
            false => Vec::new(),
        }
    }
}

/// How `tests`' programs read their cases.
fn layout_of(tests: &dyn HiddenTests) -> Layout {
    match tests.build() {
        Build::Function { .. } => Layout::Runner,
        Build::Program => Layout::Program,
    }
}

/// The order the groups run in: the costliest first, since the longest run and its
/// decision should not be the last to start. A group costs its input's size, and for
/// each case about what 2 KiB of input cost: the answer is read back and checked (7,381
/// small cases took longer to run and decide than 605 cases in 10 MB).
fn run_order(prepared: &Prepared) -> Vec<usize> {
    const CASE_COST_BYTES: u64 = 2 << 10;
    let groups = prepared.plan.groups();
    let cost =
        |group: usize| prepared.inputs[group].bytes() + groups[group].1 as u64 * CASE_COST_BYTES;
    let mut order: Vec<usize> = (0..prepared.inputs.len()).collect();
    order.sort_by_key(|&group| std::cmp::Reverse(cost(group)));
    order
}

/// How many runs go on at once for `groups` groups: one on each core.
fn workers(groups: usize) -> usize {
    crate::parallel::cores().min(groups)
}

impl Prepared {
    /// The run of `group` on `program`.
    fn request<'a>(
        &'a self,
        group: usize,
        program: &'a std::path::Path,
        tests: &dyn HiddenTests,
        settings: &Settings,
        core: Option<usize>,
        ahead: bool,
    ) -> RunRequest<'a> {
        RunRequest {
            program,
            layout: layout_of(tests),
            input: &self.inputs[group],
            cases: self.plan.groups()[group].1,
            answer_limit: self.plan.answer_bytes(group),
            time_limit: tests.time_limit().mul_f64(settings.time_scale),
            core,
            ahead,
        }
    }
}

/// Runs every group of `prepared` on `program` and decides each; `None` when cancelled.
/// The groups come back in course order.
///
/// One worker for each core takes the groups in [`run_order`]. On Linux, for the runner,
/// each run is started ahead (see [`RunRequest::ahead`]): the `early` ones while the
/// compiler worked, and one more each time a worker sets one going, so that the next
/// run is ready for whichever worker is free first. Each run is read back and decided
/// while the next one on its worker runs.
///
/// With [`Settings::stop_at_time_limit`], a time limit ends the grading: once a group
/// runs out of time, the groups after it in course order are stopped (or never started)
/// and come back not run, whether or not they had finished, so that what is shown never
/// depends on which run the machine got to first; the groups before it run to their
/// end (see [`Stop`]). Without it, every group runs: the exercises' limits keep even
/// that within seconds (a course test bounds half the groups times the limit).
pub(crate) fn run(
    tests: &dyn HiddenTests,
    program: &Program,
    prepared: &Prepared,
    settings: &Settings,
    early: EarlyRuns,
    cancel: &Cancel,
) -> Result<Option<Vec<Ran>>> {
    let plan = prepared.plan.as_ref();
    let order = run_order(prepared);
    let std_dir = &build::toolchain()?.std_dir;
    let started_ahead = cfg!(target_os = "linux") && layout_of(tests) == Layout::Runner;
    let stop = Stop::new(plan, cancel, settings.stop_at_time_limit);
    if let Some(meter) = &settings.meter {
        meter.add(order.len());
    }
    let decided = |group: usize, execution: Execution| -> Option<Ran> {
        if execution.ended == Ended::Cancelled {
            return stop.is_stopped(group).then(|| Ran::stopped(plan, group));
        }
        let mut result = plan.decide(group, &execution);
        decide::fail_unfinished(&mut result, &execution, tests.expected_cost());
        Some(Ran {
            result,
            execution: Some(execution),
        })
    };
    let done: Mutex<Done> = Mutex::new((0..order.len()).map(|_| None).collect());
    let all_done = Condvar::new();
    // Keeps a group's result; false once the grading is cancelled. The input of one
    // grading's group is freed once its run is over, while other runs go on: tens of
    // megabytes took the kernel milliseconds to free when the grader ended.
    let decide_into_done = |group: usize, execution: Result<Execution>| -> bool {
        if prepared.once {
            prepared.inputs[group].free();
        }
        let result = execution.map(|execution| decided(group, execution));
        let going_on = !matches!(result, Ok(None));
        if let Some(meter) = &settings.meter {
            meter.one_done();
        }
        if let Ok(mut done) = done.lock() {
            done[group] = Some(result);
        }
        all_done.notify_all();
        going_on
    };
    let early = early.for_program(program);
    let next = AtomicUsize::new(early.len());
    // The next group in the run order not stopped, and its rank there.
    let take = || loop {
        let rank = next.fetch_add(1, Ordering::Relaxed);
        let &group = order.get(rank)?;
        if !stop.is_stopped(group) {
            return Some((rank, group));
        }
        stop.record(group, &done, &all_done);
    };
    // The runs started ahead, by rank: the first in the run order goes next, whichever
    // worker started it.
    let ready: Mutex<BTreeMap<usize, (usize, Result<run::Started>)>> = Mutex::new(
        early
            .into_iter()
            .enumerate()
            .map(|(rank, (group, started))| (rank, (group, Ok(started))))
            .collect(),
    );
    let worker_ids: Vec<usize> = (0..workers(order.len())).collect();
    crate::parallel::map(&worker_ids, |_| {
        let slot = crate::parallel::slot();
        let core = slot.core();
        let start = |group: usize, ahead: bool| {
            let core = (!ahead).then_some(core);
            let request = prepared.request(group, &program.path, tests, settings, core, ahead);
            run::start(&request, std_dir)
        };
        let mut last: Option<(usize, Result<run::Over>)> = None;
        loop {
            // The next run: one started ahead, else one started here (as is one that
            // could not be started ahead).
            let popped = ready.lock().ok().and_then(|mut ready| ready.pop_first());
            let Some((group, started)) = (match popped {
                Some((_, (group, Ok(started)))) => Some((group, Ok(started))),
                Some((_, (group, Err(_)))) if stop.is_stopped(group) => {
                    Some((group, Err(anyhow::anyhow!("stopped"))))
                }
                Some((_, (group, Err(_)))) => Some((group, start(group, false))),
                None => take().map(|(_, group)| (group, start(group, false))),
            }) else {
                break;
            };
            let run_cancel = stop.run_cancel(group);
            // A group stopped before its turn is never set going: its wait kills it.
            let running = match stop.is_stopped(group) {
                true => started,
                false => started.and_then(|mut started| started.go(core).map(|()| started)),
            };
            if started_ahead && let Some((rank, group)) = take() {
                let started = start(group, true);
                if let Ok(mut ready) = ready.lock() {
                    ready.insert(rank, (group, started));
                }
            }
            if let Some((group, over)) = last.take()
                && !decide_into_done(group, over.and_then(run::Over::read))
            {
                break;
            }
            if running.is_err() && stop.is_stopped(group) {
                stop.run_over(group);
                stop.record(group, &done, &all_done);
                continue;
            }
            let over = running.and_then(|started| started.wait(&run_cancel));
            stop.run_over(group);
            if over.as_ref().is_ok_and(run::Over::ran_out_of_time) {
                stop.ran_out_of_time(group);
            }
            last = Some((group, over));
        }
        if let Some((group, over)) = last {
            decide_into_done(group, over.and_then(run::Over::read));
        }
        // A run's kill when the grader dies is tied to the thread that started it: this
        // one stays until every run it may have started ahead has ended, its core free
        // for other gradings meanwhile.
        drop(slot);
        if let Ok(mut done) = done.lock() {
            while !cancel.is_cancelled() && done.iter().any(Option::is_none) {
                done = match all_done.wait_timeout(done, CANCEL_CHECK) {
                    Ok((done, _)) => done,
                    Err(_) => return,
                };
            }
        }
    });
    let mut ran = Vec::new();
    for (group, result) in done
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        // A group that did not run was cancelled with its worker.
        match result.transpose()?.flatten() {
            // What a group after the one that ran out of time did is not shown, even
            // when it finished first.
            Some(_) if stop.is_stopped(group) => ran.push(Ran::stopped(plan, group)),
            Some(group) => ran.push(group),
            None => return Ok(None),
        }
    }
    Ok(Some(ran))
}

/// Each group's outcome, once known: `Ok(None)` when cancelled.
type Done = Vec<Option<Result<Option<Ran>>>>;

/// The first group, in course order, that ran out of time, and the runs going on, each
/// with a cancel of its own: a group after that one is stopped at once.
struct Stop<'a> {
    plan: &'a dyn Plan,
    enabled: bool,
    first_out_of_time: AtomicUsize,
    running: Mutex<BTreeMap<usize, Cancel>>,
    grading: Cancel,
}

impl<'a> Stop<'a> {
    /// A stop for `plan`'s groups, which stops nothing unless `enabled`.
    fn new(plan: &'a dyn Plan, grading: &Cancel, enabled: bool) -> Stop<'a> {
        Stop {
            plan,
            enabled,
            first_out_of_time: AtomicUsize::new(usize::MAX),
            running: Mutex::default(),
            grading: grading.clone(),
        }
    }

    /// `group`, stopped, as done.
    fn record(&self, group: usize, done: &Mutex<Done>, all_done: &Condvar) {
        if let Ok(mut done) = done.lock() {
            done[group] = Some(Ok(Some(Ran::stopped(self.plan, group))));
        }
        all_done.notify_all();
    }

    /// Whether `group` comes after a group that ran out of time.
    fn is_stopped(&self, group: usize) -> bool {
        group > self.first_out_of_time.load(Ordering::SeqCst)
    }

    /// The cancel of `group`'s run: the grading's, and this stop's.
    fn run_cancel(&self, group: usize) -> Cancel {
        let cancel = self.grading.child();
        if self.is_stopped(group) {
            cancel.cancel();
        }
        if let Ok(mut running) = self.running.lock() {
            running.insert(group, cancel.clone());
        }
        cancel
    }

    fn run_over(&self, group: usize) {
        if let Ok(mut running) = self.running.lock() {
            running.remove(&group);
        }
    }

    /// `group` ran out of time: every run after it in course order is stopped.
    fn ran_out_of_time(&self, group: usize) {
        if !self.enabled {
            return;
        }
        self.first_out_of_time.fetch_min(group, Ordering::SeqCst);
        if let Ok(running) = self.running.lock() {
            for (_, cancel) in running.range(group + 1..) {
                cancel.cancel();
            }
        }
    }
}

/// How often a worker waiting for the others looks at the cancel flag.
const CANCEL_CHECK: std::time::Duration = std::time::Duration::from_millis(50);

/// The grade of `tests`' exercise from each group's result.
pub(crate) fn grade_of(
    tests: &dyn HiddenTests,
    groups: Vec<GroupResult>,
    program: &Program,
    settings: &Settings,
) -> Grade {
    Grade {
        exercise: tests.name().to_string(),
        verdict: decide::verdict_of(&groups),
        run_time: groups.iter().map(|g| g.time).max().unwrap_or_default(),
        groups,
        warnings: program.warnings.clone(),
        seed: settings.seed,
    }
}

/// The program `build` made, or the verdict when there is none: the file could not be
/// read, did not compile, or the build was cancelled.
pub(crate) fn program_of(
    submission: &Submission,
    built: Option<Built>,
) -> Result<Program, Box<Verdict>> {
    let verdict = match (built, &submission.source) {
        (_, Err(reason)) => Verdict::Unreadable(reason.clone()),
        (Some(Built::Program(program)), _) => return Ok(program),
        (Some(Built::Failed(messages)), _) => Verdict::CompileError(messages),
        (Some(Built::Cancelled) | None, _) => Verdict::Cancelled,
    };
    Err(Box::new(verdict))
}

/// The hidden tests failed to generate their cases: a grader bug, as a verdict.
pub(crate) fn no_cases(tests: &dyn HiddenTests) -> Verdict {
    Verdict::InternalError(format!(
        "the hidden tests of {} failed to generate their cases",
        tests.name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The costliest groups run first, their cases counted: xor_all's 7,381 small
    /// positions (288 KB) go before its 605 long ones (10 MB), after its million heaps.
    #[test]
    fn groups_run_costliest_first_counting_their_cases() {
        let tests = xorlings_course::hidden::tests_for("xor_all").unwrap();
        let prepared = Prepared::new(tests.plan(Seed(1)));
        let groups = prepared.plan.groups();
        let order = run_order(&prepared);
        let bytes = |rank: usize| prepared.inputs[order[rank]].bytes();
        let cases = |rank: usize| groups[order[rank]].1;
        assert_eq!(
            bytes(0),
            (0..groups.len())
                .map(|g| prepared.inputs[g].bytes())
                .max()
                .unwrap()
        );
        assert!(cases(1) > 10 * cases(2) && bytes(1) < bytes(2), "{order:?}");
    }
}
