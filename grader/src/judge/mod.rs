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

pub mod build;
pub mod decide;
mod messages;
pub use messages::CompileErrors;
pub mod run;
pub mod source;

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::Result;
use xorlings_core::run::{Ended, Execution};
use xorlings_core::verdict::{Failure, GroupResult, Kind};

use crate::model::{Build, HiddenTests, Plan, Seed};
use build::{BuildRequest, Built, Program};
pub use run::Cancel;
use run::{Layout, RunInput, RunRequest};

/// How to grade: the same for every exercise of one command.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Where builds are kept (`target/xorlings`).
    pub cache: PathBuf,
    /// Color in the compiler's messages.
    pub color: bool,
    /// The width the compiler lays its messages out for.
    pub width: usize,
    pub seed: Seed,
    /// The exercise's time limit is multiplied by this (`dev check` tries 1.5).
    pub time_scale: f64,
}

/// The verdict on one exercise.
#[derive(Debug, Clone)]
pub enum Verdict {
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
}

impl Verdict {
    /// The verdict's kind; `None` when grading was cancelled.
    pub fn kind(&self) -> Option<Kind> {
        Some(match self {
            Verdict::Passed => Kind::Accepted,
            Verdict::CompileError(_) => Kind::CompileError,
            Verdict::Unreadable(_) => Kind::Unreadable,
            Verdict::Failed(failure) => failure.problem.kind(),
            Verdict::InternalError(_) | Verdict::Refused(_) => Kind::InternalError,
            Verdict::Cancelled => return None,
        })
    }
}

/// The full result of grading one exercise.
#[derive(Debug, Clone)]
pub struct Grade {
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
    pub fn passed(&self) -> bool {
        matches!(self.verdict, Verdict::Passed)
    }

    /// A grade of nothing run, with `verdict`: each of `plan`'s groups not run (none
    /// without a plan).
    pub fn without_run(
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
pub struct Submission {
    pub source: Result<String, String>,
    /// `exercises/<name>/src/lib.rs`, as the learner names the file.
    pub shown_as: String,
}

/// A plan with each group's input written, ready for the runs: generating the cases
/// and writing them takes as long as a compile, so it is done beside the compiler, and
/// once for every run of a group.
pub struct Prepared {
    pub plan: Box<dyn Plan>,
    /// Each group's input, as its runs read it.
    inputs: Vec<RunInput>,
}

impl Prepared {
    pub fn new(plan: Box<dyn Plan>) -> Prepared {
        let inputs = (0..plan.groups().len())
            .map(|group| RunInput::written(|file| plan.write_input(group, file)))
            .collect();
        Prepared { plan, inputs }
    }
}

/// Compiles `submission` for `tests`' exercise; an unreadable file is not compiled.
pub fn build(
    tests: &dyn HiddenTests,
    submission: &Submission,
    settings: &Settings,
    cancel: &Cancel,
) -> Result<Option<Built>> {
    let Ok(source) = submission.source.as_deref() else {
        return Ok(None);
    };
    let slot = crate::parallel::slot();
    let request = BuildRequest {
        cache: &settings.cache,
        source,
        shown_as: &submission.shown_as,
        build: tests.build(),
        color: settings.color,
        width: settings.width,
        core: Some(slot.core()),
    };
    build::build(&request, cancel).map(Some)
}

/// One group's run and its decision.
pub struct Ran {
    pub result: GroupResult,
    pub execution: Execution,
}

/// Runs every group of `prepared` on `program` and decides each; `None` when cancelled.
/// The groups come back in course order.
pub fn run(
    tests: &dyn HiddenTests,
    program: &Program,
    prepared: &Prepared,
    settings: &Settings,
    cancel: &Cancel,
) -> Result<Option<Vec<Ran>>> {
    let layout = match tests.build() {
        Build::Function { .. } => Layout::Runner,
        Build::Program => Layout::Program,
    };
    let plan = prepared.plan.as_ref();
    let limit = tests.time_limit().mul_f64(settings.time_scale);
    let cases: Vec<usize> = plan.groups().into_iter().map(|(_, cases)| cases).collect();
    // The biggest inputs first: the longest run should not be the last to start.
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&group| std::cmp::Reverse(prepared.inputs[group].len()));
    let std_dir = &build::toolchain()?.std_dir;
    let decided = |group: usize, execution: Execution| -> Option<Ran> {
        if execution.ended == Ended::Cancelled {
            return None;
        }
        let mut result = plan.decide(group, &execution);
        decide::fail_unfinished(&mut result, &execution, tests.expected_cost());
        Some(Ran { result, execution })
    };
    let next = AtomicUsize::new(0);
    let take = || order.get(next.fetch_add(1, Ordering::Relaxed)).copied();
    let done: Mutex<Vec<Option<Result<Option<Ran>>>>> =
        Mutex::new((0..cases.len()).map(|_| None).collect());
    let workers: Vec<usize> = (0..crate::parallel::cores().min(cases.len())).collect();
    crate::parallel::map(&workers, |_| {
        // One slot for a worker's runs: each starts while the one before it runs.
        let slot = crate::parallel::slot();
        let start = |group: usize| {
            let request = RunRequest {
                program: &program.path,
                layout,
                input: &prepared.inputs[group],
                cases: cases[group],
                answer_limit: plan.answer_bytes(group),
                time_limit: limit,
                core: Some(slot.core()),
            };
            (group, run::start(&request, std_dir))
        };
        let mut coming = take().map(start);
        while let Some((group, started)) = coming.take() {
            let execution = started.and_then(|mut started| {
                started.give_turn();
                coming = take().map(start);
                started.finish(cancel)
            });
            let result = execution.map(|execution| decided(group, execution));
            let cancelled = matches!(result, Ok(None));
            if let Ok(mut done) = done.lock() {
                done[group] = Some(result);
            }
            if cancelled {
                break;
            }
        }
    });
    let mut ran = Vec::new();
    for result in done.into_inner().unwrap_or_default() {
        // A group that did not run was cancelled with its worker.
        match result.transpose()?.flatten() {
            Some(group) => ran.push(group),
            None => return Ok(None),
        }
    }
    Ok(Some(ran))
}

/// The grade of `tests`' exercise from each group's result.
pub fn grade_of(
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
pub fn program_of(submission: &Submission, built: Option<Built>) -> Result<Program, Box<Verdict>> {
    let verdict = match (built, &submission.source) {
        (_, Err(reason)) => Verdict::Unreadable(reason.clone()),
        (Some(Built::Program(program)), _) => return Ok(program),
        (Some(Built::Failed(messages)), _) => Verdict::CompileError(messages),
        (Some(Built::Cancelled) | None, _) => Verdict::Cancelled,
    };
    Err(Box::new(verdict))
}

/// The hidden tests failed to generate their cases: a grader bug, as a verdict.
pub fn no_cases(tests: &dyn HiddenTests) -> Verdict {
    Verdict::InternalError(format!(
        "the hidden tests of {} failed to generate their cases",
        tests.name()
    ))
}

/// Whether `error` is the machine refusing a process or a thread (too many of them, or
/// too little memory), rather than anything about the submission or the grader.
pub fn refused(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::raw_os_error)
            .is_some_and(|code| code == libc::EAGAIN || code == libc::ENOMEM)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_machine_short_of_processes_or_memory_is_a_refusal() {
        let busy = anyhow::Error::from(std::io::Error::from_raw_os_error(libc::EAGAIN))
            .context("cannot start rustc");
        assert!(refused(&busy));
        let memory = anyhow::Error::from(std::io::Error::from_raw_os_error(libc::ENOMEM));
        assert!(refused(&memory));
        let missing = anyhow::Error::from(std::io::Error::from_raw_os_error(libc::ENOENT))
            .context("cannot start rustc");
        assert!(!refused(&missing));
        assert!(!refused(&anyhow::anyhow!("the runner does not compile")));
    }
}
