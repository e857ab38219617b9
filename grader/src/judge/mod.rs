//! The judge: the learner's code produces answers, the grader decides.
//!
//! 1. [`source`] reads the learner's file (only a real file, with a bound).
//! 2. [`build`] compiles it, while the exercise generates its cases.
//! 3. [`run`] runs each group of cases in its own process, under its own time limit,
//!    several at once.
//! 4. The exercise's plan judges each group's answers in the grader's own process
//!    ([`decide`]), and the smallest failing case is explained in the lesson's words.

pub mod build;
pub mod decide;
mod messages;
pub mod run;
pub mod source;
pub mod verdict;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Result, anyhow};

use crate::model::{self, Judge, Plan, Seed};
use crate::wire::{self, Wire, record};
use build::{BuildRequest, Built};
use decide::{Failure, GroupResult, Problem};
pub use run::Cancel;
use run::{Layout, RunRequest};
use verdict::Kind;

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
    CompileError(String),
    /// The learner's file could not be read; why.
    Unreadable(String),
    /// The smallest failing case, and what went wrong there.
    Failed(Failure),
    /// The hidden tests themselves failed (a checker panicked): a grader bug.
    InternalError(String),
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
            Verdict::InternalError(_) => Kind::InternalError,
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

    /// A grade of nothing run, with `verdict`.
    pub fn without_run(
        exercise: &str,
        verdict: Verdict,
        groups: Vec<GroupResult>,
        seed: Seed,
    ) -> Grade {
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
pub struct Submission<'a> {
    pub source: Result<String, String>,
    /// `exercises/<name>/src/lib.rs`, as the learner names the file.
    pub shown_as: &'a str,
}

/// Grades `submission` with `judge`'s hidden tests.
pub fn grade(
    judge: &dyn Judge,
    submission: &Submission,
    settings: &Settings,
    cancel: &Cancel,
) -> Result<Grade> {
    let (grade, _) = grade_with(
        judge,
        submission,
        settings,
        cancel,
        || plan_of(judge, settings.seed),
        |_, _| {},
    )?;
    Ok(grade)
}

/// The plan of the last grading in this process, kept for the next one: watch grades
/// the same exercise on every save, and its cases (millions of heaps) take as long to
/// generate as a compile. One plan only: a plan can hold a hundred megabytes.
static LAST_PLAN: Mutex<Option<KeptPlan>> = Mutex::new(None);

/// A plan, with the exercise and the seed it was made for.
type KeptPlan = (&'static str, Seed, Arc<dyn Plan>);

/// `judge`'s plan for `seed`: the last one when it is the same, else a new one.
fn plan_of(judge: &dyn Judge, seed: Seed) -> Arc<dyn Plan> {
    if let Ok(last) = LAST_PLAN.lock()
        && let Some((name, last_seed, plan)) = last.as_ref()
        && *name == judge.name()
        && *last_seed == seed
    {
        return Arc::clone(plan);
    }
    let plan: Arc<dyn Plan> = Arc::from(judge.plan(seed));
    if let Ok(mut last) = LAST_PLAN.lock() {
        *last = Some((judge.name(), seed, Arc::clone(&plan)));
    }
    plan
}

/// Grades `submission` like [`grade`], and keeps the program it built (when it built
/// one) to answer single cases afterwards: `cargo grader play` asks it for each move.
pub fn grade_keeping<'a>(
    judge: &'a dyn Judge,
    submission: &Submission,
    settings: &Settings,
) -> Result<(Grade, Option<Answerer<'a>>)> {
    let cancel = Cancel::default();
    let (grade, program) = grade_with(
        judge,
        submission,
        settings,
        &cancel,
        || plan_of(judge, settings.seed),
        |_, _| {},
    )?;
    let answerer = program.map(|program| Answerer {
        judge,
        program,
        settings: settings.clone(),
    });
    Ok((grade, answerer))
}

/// A learner's program, built once, that answers one typed case per call (a run costs
/// a few milliseconds).
pub struct Answerer<'a> {
    judge: &'a dyn Judge,
    program: build::Program,
    settings: Settings,
}

/// The program's answer to one case, decoded as `A`, and the checker's grade of it.
pub struct Answered<A> {
    /// `None` when there was no answer to decode (a panic, a time-out...).
    pub answer: Option<A>,
    pub grade: Grade,
}

impl Answerer<'_> {
    /// Runs the program on the case `words` (as the learner would type it) and decodes its
    /// answer as `A`, the exercise's answer type; `Err` says why the case is not valid.
    pub fn answer<A: Wire + Send>(&self, words: &[String]) -> Result<Result<Answered<A>, String>> {
        let plan = match self.judge.plan_typed(words) {
            Ok(plan) => plan,
            Err(problem) => return Ok(Err(problem)),
        };
        let decoded = Mutex::new(None);
        let decode = |_: &dyn Plan, execution: &run::Execution| {
            if let Ok(mut decoded) = decoded.lock() {
                *decoded = first_answer(execution);
            }
        };
        let grade = run_groups(
            self.judge,
            &self.program,
            &self.settings,
            &Cancel::default(),
            plan.as_ref(),
            decode,
        )?;
        let answer = decoded.into_inner().unwrap_or(None);
        Ok(Ok(Answered { answer, grade }))
    }
}

/// The run's first answer, decoded as `A`.
fn first_answer<A: Wire>(execution: &run::Execution) -> Option<A> {
    let (records, _) = record::parse(&execution.answers);
    match records.first()? {
        record::Record::Answer { words, .. } => wire::decode(words),
        record::Record::Panic { .. } => None,
    }
}

/// The grade of one case typed by the learner (`cargo grader try`).
#[derive(Debug, Clone)]
pub struct Tried {
    /// The input as the lessons write it: `heaps = [3, 4, 5]`.
    pub input: String,
    pub grade: Grade,
    /// "Your function returned X.", with the exercise's explanation of X.
    pub explanation: Option<String>,
    /// What the learner's code printed on the case (a failure keeps its own too).
    pub printed: run::Printed,
}

/// Grades `submission` on one case typed by the learner (`cargo grader try`), with the
/// exercise's explanation of the answer; the inner `Err` says why the typed case is not
/// valid.
pub fn grade_typed(
    judge: &dyn Judge,
    submission: &Submission,
    settings: &Settings,
    words: &[String],
    cancel: &Cancel,
) -> Result<Result<Tried, String>> {
    let plan = match judge.plan_typed(words) {
        Ok(plan) => plan,
        Err(problem) => return Ok(Err(problem)),
    };
    let input = plan.typed_input().unwrap_or_else(|| words.join(" "));
    let seen = Mutex::new((None, run::Printed::default()));
    let inspect = |plan: &dyn Plan, execution: &run::Execution| {
        if let Ok(mut seen) = seen.lock() {
            *seen = (
                plan.explain_typed(execution),
                execution.printed.range(0, u64::MAX),
            );
        }
    };
    let (grade, _) = grade_with(
        judge,
        submission,
        settings,
        cancel,
        || Arc::from(plan),
        inspect,
    )?;
    let (explanation, printed) = seen.into_inner().unwrap_or_default();
    let printed = match &grade.verdict {
        // The failure's own output has the runtime's last words taken out.
        Verdict::Failed(failure) => failure.printed.clone(),
        _ => printed,
    };
    Ok(Ok(Tried {
        input,
        grade,
        explanation,
        printed,
    }))
}

/// Builds the submission while `plan` generates the cases (on two cores that costs no
/// time), then runs and decides; `inspect` sees each run before its decision. Returns
/// the program too, when it was built.
fn grade_with(
    judge: &dyn Judge,
    submission: &Submission,
    settings: &Settings,
    cancel: &Cancel,
    plan: impl FnOnce() -> Arc<dyn Plan> + Send,
    inspect: impl Fn(&dyn Plan, &run::Execution) + Sync,
) -> Result<(Grade, Option<build::Program>)> {
    let (built, plan) = std::thread::scope(|scope| {
        let plan = scope.spawn(plan);
        let built = match &submission.source {
            Ok(_) => build_submission(judge, submission, settings, cancel).map(Some),
            Err(_) => Ok(None),
        };
        (built, plan.join())
    });
    let Ok(plan) = plan else {
        let verdict = Verdict::InternalError(format!(
            "the hidden tests of {} failed to generate their cases",
            judge.name()
        ));
        let grade = Grade::without_run(judge.name(), verdict, Vec::new(), settings.seed);
        return Ok((grade, None));
    };
    judge_built(
        judge,
        built?,
        submission,
        settings,
        cancel,
        plan.as_ref(),
        inspect,
    )
}

/// Grades `submission` on cases generated beforehand: an instructor grading a class
/// generates each exercise's cases once for every learner.
pub fn grade_planned(
    judge: &dyn Judge,
    submission: &Submission,
    settings: &Settings,
    cancel: &Cancel,
    plan: &dyn Plan,
) -> Result<Grade> {
    let built = match &submission.source {
        Ok(_) => Some(build_submission(judge, submission, settings, cancel)?),
        Err(_) => None,
    };
    let (grade, _) = judge_built(judge, built, submission, settings, cancel, plan, |_, _| {})?;
    Ok(grade)
}

/// Runs and decides a built submission, or says why it could not run.
fn judge_built(
    judge: &dyn Judge,
    built: Option<Built>,
    submission: &Submission,
    settings: &Settings,
    cancel: &Cancel,
    plan: &dyn Plan,
    inspect: impl Fn(&dyn Plan, &run::Execution) + Sync,
) -> Result<(Grade, Option<build::Program>)> {
    let not_run = |verdict| {
        let groups = plan
            .groups()
            .into_iter()
            .map(|(name, cases)| GroupResult::not_run(name, cases));
        let grade = Grade::without_run(judge.name(), verdict, groups.collect(), settings.seed);
        Ok((grade, None))
    };
    let program = match (built, &submission.source) {
        (_, Err(reason)) => return not_run(Verdict::Unreadable(reason.clone())),
        (Some(Built::Program(program)), _) => program,
        (Some(Built::Failed(messages)), _) => return not_run(Verdict::CompileError(messages)),
        (Some(Built::Cancelled) | None, _) => return not_run(Verdict::Cancelled),
    };
    let grade = run_groups(judge, &program, settings, cancel, plan, inspect)?;
    Ok((grade, Some(program)))
}

fn build_submission(
    judge: &dyn Judge,
    submission: &Submission,
    settings: &Settings,
    cancel: &Cancel,
) -> Result<Built> {
    let source = submission
        .source
        .as_deref()
        .map_err(|reason| anyhow!("{reason}"))?;
    let _slot = crate::parallel::slot();
    let request = BuildRequest {
        cache: &settings.cache,
        source,
        shown_as: submission.shown_as,
        build: judge.build(),
        color: settings.color,
        width: settings.width,
    };
    build::build(&request, cancel)
}

/// Runs every group of `plan` on the built program and decides.
fn run_groups(
    judge: &dyn Judge,
    program: &build::Program,
    settings: &Settings,
    cancel: &Cancel,
    plan: &dyn Plan,
    inspect: impl Fn(&dyn Plan, &run::Execution) + Sync,
) -> Result<Grade> {
    let layout = match judge.build() {
        model::Build::Library { .. } => Layout::Runner,
        model::Build::Program => Layout::Program,
    };
    let limit = judge.time_limit().mul_f64(settings.time_scale);
    let cases: Vec<usize> = plan.groups().into_iter().map(|(_, cases)| cases).collect();
    // The biggest inputs first: the longest run should not be the last to start.
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&group| std::cmp::Reverse(plan.input(group).len()));
    let results = crate::parallel::map(&order, |&group| -> Result<Option<GroupResult>> {
        let request = RunRequest {
            program: &program.path,
            layout,
            input: plan.input(group),
            cases: cases[group],
            answer_limit: plan.answer_bytes(group),
            time_limit: limit,
        };
        let execution = {
            let _slot = crate::parallel::slot();
            run::execute(&request, &build::toolchain()?.libdir, cancel)?
        };
        if execution.ended == run::Ended::Cancelled {
            return Ok(None);
        }
        inspect(plan, &execution);
        let mut result = plan.decide(group, &execution);
        decide::fail_unfinished(&mut result, &execution, judge.expected_cost());
        Ok(Some(result))
    });
    let mut in_course_order: Vec<_> = order.into_iter().zip(results).collect();
    in_course_order.sort_by_key(|&(group, _)| group);
    let mut groups = Vec::new();
    for (_, result) in in_course_order {
        match result? {
            Some(group) => groups.push(group),
            None => {
                return Ok(Grade::without_run(
                    judge.name(),
                    Verdict::Cancelled,
                    Vec::new(),
                    settings.seed,
                ));
            }
        }
    }
    Ok(Grade {
        exercise: judge.name().to_string(),
        verdict: verdict_of(&groups),
        run_time: groups.iter().map(|g| g.time).max().unwrap_or_default(),
        groups,
        warnings: program.warnings.clone(),
        seed: settings.seed,
    })
}

/// An internal error wins (the grade cannot be trusted); otherwise the smallest failure.
fn verdict_of(groups: &[GroupResult]) -> Verdict {
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
