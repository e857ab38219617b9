//! Grading, one way for every command: a [`Request`] (an exercise, its code, its cases,
//! whether to keep the program) gives back a [`Response`] (the grade, what the code did
//! on a typed case, the program when kept). The [`Grader`] is the workbook with the
//! settings of one command, and what it keeps for its next gradings. Every batch (a
//! learner's whole workbook, a checkout, a class, `dev check`) is one
//! [`Grader::grade_all`], on shared cases where a class needs them ([`plans`]).

pub(crate) mod plans;
mod shrink;

use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use xorlings_core::run::Printed;
use xorlings_core::verdict::GroupResult;
use xorlings_core::wire::record;
use xorlings_sandbox::SpawnError;

use crate::judge::build::Program;
use crate::judge::{self, Cancel, EarlyRuns, Grade, Prepared, Ran, Settings, Submission, Verdict};
use xorlings_course::model::{HiddenTests, Plan, Seed};

use crate::meter::Meter;
use crate::parallel;
use crate::text::output_width;
use crate::workbook::{Exercise, Workbook};
use plans::Plans;

#[derive(Clone)]
pub(crate) struct Grader {
    pub workbook: Workbook,
    pub settings: Settings,
    /// The plan of this grader's last grading (shared by its clones), kept for the next
    /// one: watch grades the same exercise on every save, and its cases (millions of
    /// heaps) take as long to generate as a compile. One plan only: a plan can hold a
    /// hundred megabytes.
    last_plan: Arc<Mutex<Option<KeptPlan>>>,
    /// Where a batch's gradings are counted, with what is being graded, on a terminal.
    pub batch_meter: Option<Arc<Meter>>,
}

/// What to grade.
pub(crate) struct Request<'a> {
    pub exercise: &'a Exercise,
    pub code: Code<'a>,
    pub cases: Cases,
    /// Keep the built program in the response (`cargo grader play` asks it for moves).
    pub keep_program: bool,
}

/// The code a request grades.
pub(crate) enum Code<'a> {
    /// A learner's file as read (or why it could not be), to compile.
    Source(&'a Submission),
    /// A program built by an earlier request.
    Built(&'a Program),
}

/// The cases a request grades on.
pub(crate) enum Cases {
    /// The exercise's cases for the settings' seed, generated beside the compiler (and
    /// kept for the next request: watch grades the same exercise on every save).
    Generated,
    /// The same cases for this request alone (`grader run` grades once): each group's
    /// input is freed as soon as its run is over.
    GeneratedOnce,
    /// Cases generated beforehand: a class is graded on one set of cases per exercise.
    Planned(Arc<Prepared>),
    /// One case the learner typed (`cargo grader try`, watch's `t`, a move in `play`).
    Typed(TypedCase),
}

/// A case the learner typed, read as the exercise's input.
pub(crate) struct TypedCase {
    plan: Box<dyn Plan>,
    /// The input as the lessons write it: `heaps = [3, 4, 5]`.
    input: String,
}

impl TypedCase {
    /// The words typed after the exercise's name, as an input of `tests`' exercise; `Err`
    /// says why they are no input of it.
    pub(crate) fn new(tests: &dyn HiddenTests, words: &[String]) -> Result<TypedCase, String> {
        let plan = tests.plan_typed(words)?;
        let input = plan.typed_input().unwrap_or_else(|| words.join(" "));
        Ok(TypedCase { plan, input })
    }
}

/// The time a batch may take in all (`verify --time-budget`): past it, the gradings
/// still going are cancelled, and what was not graded is marked so, so that a report is
/// written before a platform's own timeout ends the container without one.
pub(crate) struct Budget {
    cancel: Cancel,
    length: Option<Duration>,
    ran_out: Arc<AtomicBool>,
}

impl Budget {
    /// A budget of `length` from now (`None`: no budget).
    pub(crate) fn new(length: Option<Duration>) -> Budget {
        let budget = Budget {
            cancel: Cancel::default(),
            length,
            ran_out: Arc::default(),
        };
        if let Some(length) = length {
            let (cancel, ran_out) = (budget.cancel.clone(), Arc::clone(&budget.ran_out));
            // Without a thread (the machine refused one), no budget: the platform's
            // fallback results say why.
            let _ = std::thread::Builder::new()
                .name("time-budget".into())
                .spawn(move || {
                    std::thread::sleep(length);
                    ran_out.store(true, Ordering::SeqCst);
                    cancel.cancel();
                });
        }
        budget
    }

    /// What stops the batch's gradings when the budget runs out.
    pub(crate) fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// `grades` with every grading the budget cancelled marked as not graded.
    pub(crate) fn marked(&self, grades: Vec<Result<Grade>>) -> Vec<Result<Grade>> {
        let (Some(length), true) = (self.length, self.ran_out.load(Ordering::SeqCst)) else {
            return grades;
        };
        grades
            .into_iter()
            .map(|grade| {
                grade.map(|mut grade| {
                    if matches!(grade.verdict, Verdict::Cancelled) {
                        grade.verdict = Verdict::NotGraded(length);
                    }
                    grade
                })
            })
            .collect()
    }
}

/// A batch's grades, or the first error that kept one from being graded.
pub(crate) fn every_grade(grades: Vec<Result<Grade>>) -> Result<Vec<Grade>> {
    grades
        .into_iter()
        .collect::<Result<_>>()
        .context("the grader could not grade every exercise")
}

/// One grading of a batch: an exercise, the code submitted for it, and the scale of its
/// time limits.
pub(crate) struct BatchItem<'a> {
    pub exercise: &'a Exercise,
    pub submission: Submission,
    /// 1 for the limits as set; `dev check` proves margins with others.
    pub time_scale: f64,
}

impl<'a> BatchItem<'a> {
    pub(crate) fn new(exercise: &'a Exercise, submission: Submission) -> Self {
        BatchItem {
            exercise,
            submission,
            time_scale: 1.0,
        }
    }
}

/// What grading a request gave.
pub(crate) struct Response {
    pub grade: Grade,
    /// With a typed case: what the code did on it.
    pub typed: Option<Typed>,
    /// With `keep_program`: the program, when one was built.
    pub program: Option<Program>,
}

/// What the learner's code did on a typed case.
#[derive(Debug, Clone)]
pub(crate) struct Typed {
    /// The input as the lessons write it: `heaps = [3, 4, 5]`.
    pub input: String,
    /// "Your function returned X.", with the exercise's explanation of X.
    pub explanation: Option<String>,
    /// What the learner's code printed on the case (a failure keeps its own too).
    pub printed: Printed,
    /// The answer's words, when the code answered (see `xorlings_core::wire::decode`).
    pub answer: Option<Vec<u64>>,
}

/// A typed case's grade, with what the code did on it.
#[derive(Debug, Clone)]
pub(crate) struct Tried {
    pub grade: Grade,
    pub typed: Typed,
}

impl<'a> Request<'a> {
    /// Grades `code` on the exercise's generated cases.
    pub(crate) fn new(exercise: &'a Exercise, code: Code<'a>) -> Self {
        Request {
            exercise,
            code,
            cases: Cases::Generated,
            keep_program: false,
        }
    }

    pub(crate) fn on(mut self, cases: Cases) -> Self {
        self.cases = cases;
        self
    }

    pub(crate) fn keeping_program(mut self) -> Self {
        self.keep_program = true;
        self
    }
}

impl Typed {
    /// A typed case the code never ran on (it did not compile, say).
    fn not_run(input: String) -> Typed {
        Typed {
            input,
            explanation: None,
            printed: Printed::default(),
            answer: None,
        }
    }
}

impl Response {
    /// The grade of a typed case with what the code did on it.
    pub(crate) fn tried(self) -> Option<Tried> {
        Some(Tried {
            typed: self.typed?,
            grade: self.grade,
        })
    }
}

/// A plan, with the exercise and the seed it was made for.
type KeptPlan = (&'static str, Seed, Arc<Prepared>);

impl Grader {
    pub(crate) fn new(workbook: Workbook, color: bool, seed: Seed) -> Self {
        let settings = Settings {
            cache: workbook.root.join("target").join("xorlings"),
            color,
            width: output_width(),
            seed,
            time_scale: 1.0,
            builds: Arc::default(),
            meter: None,
            stop_at_time_limit: false,
        };
        Grader {
            workbook,
            settings,
            last_plan: Arc::default(),
            batch_meter: None,
        }
    }

    /// The same grader (sharing what it keeps), with every time limit multiplied by
    /// `scale` (`dev check` proves margins so).
    pub(crate) fn with_time_scale(&self, scale: f64) -> Grader {
        let mut scaled = self.clone();
        scaled.settings.time_scale = scale;
        scaled
    }

    /// Grades a batch, the one path of every batch (`verify`, a checkout, a class, `dev
    /// check`, watch's `c`): each item made a [`BatchItem`] by `item` (which reads its file),
    /// graded on `plans`' shared cases where given, else its exercise's own, on up to
    /// one thread per core; the grades in the items' order.
    pub(crate) fn grade_all<T: Sync>(
        &self,
        items: &[T],
        plans: Option<&Plans>,
        cancel: &Cancel,
        item: impl Fn(&T) -> Result<BatchItem<'_>> + Sync,
    ) -> Vec<Result<Grade>> {
        if let Some(meter) = &self.batch_meter {
            meter.add(items.len());
        }
        parallel::map(items, |each| {
            let BatchItem {
                exercise,
                submission,
                time_scale,
            } = item(each)?;
            let name = format!("{} ({})", exercise.name, submission.shown_as);
            let _task = self.batch_meter.as_ref().map(|meter| meter.start(&name));
            let cases = match plans.and_then(|plans| plans.get(exercise)) {
                Some(prepared) => Cases::Planned(prepared),
                None => Cases::Generated,
            };
            let request = Request::new(exercise, Code::Source(&submission)).on(cases);
            let scaled;
            let grader = match time_scale == self.settings.time_scale {
                true => self,
                false => {
                    scaled = self.with_time_scale(time_scale);
                    &scaled
                }
            };
            Ok(grader.grade(request, cancel)?.grade)
        })
    }

    /// The learner's own file of `exercise`, in this workbook.
    pub(crate) fn own_file(&self, exercise: &Exercise) -> Submission {
        read(&self.workbook.root, &exercise.file())
    }

    /// Grades a request: builds its code while its cases are prepared (on two cores that
    /// costs no time), then runs every group and decides.
    pub(crate) fn grade(&self, request: Request, cancel: &Cancel) -> Result<Response> {
        let Request {
            exercise,
            code,
            cases,
            keep_program,
        } = request;
        let tests = exercise.tests;
        let settings = &self.settings;
        let (typed_input, cases) = match cases {
            Cases::Typed(TypedCase { plan, input }) => (Some(input), Source::Plan(plan)),
            Cases::Planned(prepared) => (None, Source::Prepared(prepared)),
            Cases::Generated => (None, Source::Seed(settings.seed)),
            Cases::GeneratedOnce => (None, Source::SeedOnce(settings.seed)),
        };
        // Where a source's program will be, so that its first runs can start before
        // (the build makes the folder itself, and says why, if it cannot be made here).
        let destination = matches!(code, Code::Source(_))
            .then(|| judge::Destination::new(&settings.cache).ok())
            .flatten();
        let program_to_be = destination.as_ref().map(judge::Destination::program);
        let destination = Mutex::new(destination);
        let build = || match code {
            Code::Source(submission) => {
                let destination = destination.lock().ok().and_then(|mut d| d.take());
                match judge::build(tests, submission, settings, destination, cancel) {
                    Ok(built) => Ok(judge::program_of(submission, built)),
                    Err(error) if SpawnError::is_refusal(&error) => {
                        Ok(Err(Box::new(refused_verdict("compile", &error))))
                    }
                    Err(error) => {
                        Err(error.context(format!("cannot grade {}", submission.shown_as)))
                    }
                }
            }
            Code::Built(program) => Ok(Ok(program.clone())),
        };
        // The build goes on a thread of its own (or after the cases, where the system
        // refuses one), while this thread prepares the cases and starts the first runs:
        // a run's kill when the grader dies is tied to the thread that started it, and
        // this one lasts until every run has ended. Hidden tests that panic give no cases.
        let compiling = settings.meter.as_ref().map(|meter| meter.step("compiling"));
        let (built, prepared) = std::thread::scope(|scope| {
            let building = std::thread::Builder::new()
                .name("build".to_string())
                .spawn_scoped(scope, build);
            let prepared =
                std::panic::catch_unwind(AssertUnwindSafe(|| self.prepare(tests, cases)))
                    .ok()
                    .map(|prepared| {
                        let early = program_to_be
                            .as_deref()
                            .map_or_else(EarlyRuns::default, |program| {
                                EarlyRuns::start(tests, program, &prepared, settings)
                            });
                        (prepared, early)
                    });
            let built = match building {
                Ok(building) => building
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => build(),
            };
            (built, prepared)
        });
        drop(compiling);
        // Nothing ran: the verdict, with `prepared`'s groups not run.
        let not_run = |verdict, prepared: Option<&Prepared>| Response {
            grade: Grade::without_run(tests.name(), verdict, prepared, settings.seed),
            typed: typed_input.clone().map(Typed::not_run),
            program: None,
        };
        let Some((prepared, early)) = prepared else {
            return Ok(not_run(judge::no_cases(tests), None));
        };
        let program = match built? {
            Ok(program) => program,
            Err(verdict) => return Ok(not_run(*verdict, Some(&prepared))),
        };
        let ran = match judge::run(tests, &program, &prepared, settings, early, cancel) {
            Ok(Some(ran)) => ran,
            Ok(None) => return Ok(not_run(Verdict::Cancelled, Some(&prepared))),
            Err(error) if SpawnError::is_refusal(&error) => {
                return Ok(not_run(refused_verdict("run", &error), Some(&prepared)));
            }
            Err(error) => return Err(error),
        };
        let typed = typed_input.map(|input| typed_run(input, &prepared, &ran));
        let mut groups: Vec<GroupResult> = ran.into_iter().map(|ran| ran.result).collect();
        let sizes: Vec<Vec<u64>> = (0..groups.len())
            .map(|group| prepared.plan.case_sizes(group))
            .collect();
        judge::decide::explain_time_limits(&mut groups, &sizes);
        // A case the learner typed is shown as typed.
        if typed.is_none() {
            shrink::shrink(tests, &program, &prepared, settings, cancel, &mut groups);
        }
        let grade = judge::grade_of(tests, groups, &program, settings);
        Ok(Response {
            grade,
            typed,
            program: keep_program.then_some(program),
        })
    }
}

/// The verdict of a grading the machine refused a process or a thread to `step`.
fn refused_verdict(step: &str, error: &anyhow::Error) -> Verdict {
    Verdict::Refused(format!(
        "The machine refused the grader a process or a thread to {step} your code: {error:#}."
    ))
}

/// Where a request's cases come from, as the thread that prepares them takes them.
enum Source {
    Seed(Seed),
    SeedOnce(Seed),
    Prepared(Arc<Prepared>),
    Plan(Box<dyn Plan>),
}

impl Grader {
    /// The cases of `source`, ready for the runs.
    fn prepare(&self, tests: &dyn HiddenTests, source: Source) -> Arc<Prepared> {
        match source {
            Source::Prepared(prepared) => prepared,
            Source::Plan(plan) => Arc::new(Prepared::once(plan)),
            Source::SeedOnce(seed) => Arc::new(Prepared::once(tests.plan(seed))),
            Source::Seed(seed) => {
                if let Ok(last) = self.last_plan.lock()
                    && let Some((name, last_seed, prepared)) = last.as_ref()
                    && *name == tests.name()
                    && *last_seed == seed
                {
                    return Arc::clone(prepared);
                }
                let prepared = Arc::new(Prepared::new(tests.plan(seed)));
                if let Ok(mut last) = self.last_plan.lock() {
                    *last = Some((tests.name(), seed, Arc::clone(&prepared)));
                }
                prepared
            }
        }
    }
}

/// What the code did on the one case of a typed plan.
fn typed_run(input: String, prepared: &Prepared, ran: &[Ran]) -> Typed {
    let Some(Ran {
        result,
        execution: Some(execution),
    }) = ran.first()
    else {
        return Typed::not_run(input);
    };
    let printed = match &result.failure {
        // The failure's own output has the runtime's last words taken out.
        Some(failure) => failure.printed.clone(),
        None => execution.printed.range(0, u64::MAX),
    };
    let (records, _) = record::parse(&execution.answers);
    let answer = match records.first() {
        Some(record::Record::Answer { words, .. }) => Some(words.clone()),
        _ => None,
    };
    Typed {
        input,
        explanation: prepared.plan.explain_typed(execution),
        printed,
        answer,
    }
}

/// The file `relative` under `root` (a learner's checkout, a stub, a solution), read
/// with the grader's bounds, as a submission.
pub(crate) fn read(root: &Path, relative: &Path) -> Submission {
    Submission {
        source: judge::source::read_source(root, relative),
        shown_as: shown(relative),
    }
}

/// A path as reports show it: with forward slashes, relative to the workbook.
pub(crate) fn shown(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}
