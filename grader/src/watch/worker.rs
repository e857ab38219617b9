//! The grading thread: one job at a time (jobs share build folders), each replaceable by
//! the next, so the screen stays responsive and a newer save wins.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{Context, Result};

use super::Message;
use super::state::{Event, JobId, Outcome, TryOutcome};
use crate::grading::{BatchItem, Cases, Code, Grader, Request, TypedCase};
use crate::judge::Cancel;
use crate::meter::Meter;
use crate::report::tried::invalid_input;
use crate::workbook::Exercise;

pub(crate) enum Job {
    Grade {
        job: JobId,
        exercise: Exercise,
    },
    /// Grade every exercise, in parallel.
    CheckAll {
        job: JobId,
    },
    /// Call the learner's function on the input typed as `words`.
    Try {
        job: JobId,
        exercise: Exercise,
        words: Vec<String>,
    },
}

pub(crate) struct Worker {
    jobs: Option<Sender<(Job, Cancel)>>,
    /// Cancels the job the worker runs (or was last given).
    running: Cancel,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread, with its own grader (it only grades, never records).
    pub(crate) fn spawn(grader: Grader, messages: Sender<Message>) -> Result<Self> {
        let (jobs, queue) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("watch-grader".into())
            .spawn(move || work(&grader, &queue, &messages))
            .context("cannot start the grading thread")?;
        Ok(Worker {
            jobs: Some(jobs),
            running: Cancel::default(),
            thread: Some(thread),
        })
    }

    /// Replaces whatever the worker does with `job`.
    pub(crate) fn start(&mut self, job: Job) {
        self.running.cancel();
        self.running = Cancel::default();
        if let Some(jobs) = &self.jobs {
            // A send fails only if the thread is gone, which it reports itself.
            let _ = jobs.send((job, self.running.clone()));
        }
    }

    pub(crate) fn cancel(&self) {
        self.running.cancel();
    }
}

impl Drop for Worker {
    /// Stops the job (killing the compiler or the learner's program) and waits for the
    /// thread, so nothing is left running after watch.
    fn drop(&mut self) {
        self.running.cancel();
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn work(grader: &Grader, queue: &Receiver<(Job, Cancel)>, messages: &Sender<Message>) {
    for (job, cancel) in queue {
        if cancel.is_cancelled() {
            continue;
        }
        let result =
            std::panic::catch_unwind(AssertUnwindSafe(|| run(grader, job, &cancel, messages)));
        let message = result.unwrap_or_else(|panic| {
            let reason = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("no message");
            Message::WorkerCrashed(reason.to_string())
        });
        let crashed = matches!(message, Message::WorkerCrashed(_));
        if messages.send(message).is_err() || crashed {
            break;
        }
    }
}

fn run(grader: &Grader, job: Job, cancel: &Cancel, messages: &Sender<Message>) -> Message {
    match job {
        Job::Grade { job, exercise } => Message::Done(Event::Graded {
            job,
            outcome: metered(grader, job, messages, |grader| {
                grade(grader, &exercise, cancel)
            }),
        }),
        Job::CheckAll { job } => {
            let exercises = &grader.workbook.exercises;
            let grades = grader.grade_all(exercises, None, cancel, |exercise| {
                Ok(BatchItem::new(exercise, grader.own_file(exercise)))
            });
            Message::Done(Event::CheckedAll {
                job,
                outcomes: grades.into_iter().map(Outcome::of).collect(),
            })
        }
        Job::Try {
            job,
            exercise,
            words,
        } => Message::Done(Event::Tried {
            job,
            outcome: try_input(grader, &exercise, &words, cancel),
        }),
    }
}

/// Calls the learner's function of `exercise` on the input typed as `words` (watch's
/// `t`, and the page of `cargo grader serve`).
pub(crate) fn try_input(
    grader: &Grader,
    exercise: &Exercise,
    words: &[String],
    cancel: &Cancel,
) -> TryOutcome {
    let case = match TypedCase::new(exercise.tests, words) {
        Ok(case) => case,
        Err(problem) => return TryOutcome::Invalid(invalid_input(exercise.tests, &problem)),
    };
    let submission = grader.own_file(exercise);
    let request = Request::new(exercise, Code::Source(&submission)).on(Cases::Typed(case));
    match grader
        .grade(request, cancel)
        .map(|response| response.tried())
    {
        Ok(Some(tried)) => TryOutcome::Ran(Box::new(tried)),
        Ok(None) => TryOutcome::Error("the grader did not run your input".to_string()),
        Err(error) => TryOutcome::Error(format!("{error:#}")),
    }
}

/// How often the screen hears how far a grading has got.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// What `grade` gives, the screen told how far it has got (groups done, time used) every
/// [`PROGRESS_EVERY`] while it runs.
fn metered<T>(
    grader: &Grader,
    job: JobId,
    messages: &Sender<Message>,
    grade: impl FnOnce(&Grader) -> T,
) -> T {
    let meter = Arc::new(Meter::silent("test groups done"));
    let mut metered = grader.clone();
    metered.settings.meter = Some(Arc::clone(&meter));
    let (done, over) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let _ = std::thread::Builder::new()
            .name("watch-progress".into())
            .spawn_scoped(scope, move || {
                while let Err(RecvTimeoutError::Timeout) = over.recv_timeout(PROGRESS_EVERY) {
                    let status = meter.status();
                    if messages
                        .send(Message::Done(Event::Progress { job, status }))
                        .is_err()
                    {
                        return;
                    }
                }
            });
        let graded = grade(&metered);
        drop(done);
        graded
    })
}

fn grade(grader: &Grader, exercise: &Exercise, cancel: &Cancel) -> Outcome {
    let submission = grader.own_file(exercise);
    let request = Request::new(exercise, Code::Source(&submission));
    Outcome::of(grader.grade(request, cancel).map(|response| response.grade))
}
