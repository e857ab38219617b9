//! The page's live state: the course, the current exercise and its verdict, graded on
//! every save by watch's own parts (its file watcher, its debouncer, its grading
//! thread), and published to every page that listens (server-sent events) as one JSON
//! document with a version number.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde_json::Value;

use super::view;
use crate::judge::Verdict;
use crate::session::Session;
use crate::watch::{self, Debouncer, Job, JobId, Message, Outcome, Worker};

/// What the pages see, and a version that changes with it.
#[derive(Default)]
pub(super) struct Live {
    published: Mutex<Published>,
    changed: Condvar,
}

#[derive(Default, Clone)]
pub(super) struct Published {
    pub version: u64,
    pub state: Value,
    /// The current exercise's index in the course.
    pub current: usize,
}

impl Live {
    pub(super) fn snapshot(&self) -> Published {
        self.published
            .lock()
            .map(|published| published.clone())
            .unwrap_or_default()
    }

    /// The state once its version is past `seen`, or `None` after `timeout` without.
    pub(super) fn wait_past(&self, seen: u64, timeout: Duration) -> Option<Published> {
        let published = self.published.lock().ok()?;
        let (published, _) = self
            .changed
            .wait_timeout_while(published, timeout, |p| p.version <= seen)
            .ok()?;
        (published.version > seen).then(|| published.clone())
    }

    fn publish(&self, state: Value, current: usize) {
        if let Ok(mut published) = self.published.lock() {
            published.version += 1;
            published.state = state;
            published.current = current;
        }
        self.changed.notify_all();
    }
}

/// What the page asks of the grading loop.
pub(super) enum Command {
    /// Make exercise `index` the current one, and grade it.
    MakeCurrent(usize),
    /// A quiz was answered right: record it.
    QuizAnswered(&'static str),
}

/// What the loop hears: watch's messages, or the page's commands.
enum Signal {
    Watch(Message),
    Page(Command),
}

/// Starts the loop that grades the current exercise at once and on every save of its
/// file, records each verdict in the progress file as watch does, and publishes. On
/// Ctrl-C it stops its grading, then calls `stopped`.
pub(super) fn spawn(
    session: Session,
    live: std::sync::Arc<Live>,
    stopped: impl FnOnce() + Send + 'static,
) -> Result<Sender<Command>> {
    let (signals, heard) = mpsc::channel();
    let (messages, from_watch) = mpsc::channel();
    let forward = signals.clone();
    std::thread::Builder::new()
        .name("serve-watch".into())
        .spawn(move || {
            for message in from_watch {
                if forward.send(Signal::Watch(message)).is_err() {
                    break;
                }
            }
        })
        .context("cannot start the thread that watches your files")?;
    let exercises_folder = session.workbook().root.join("exercises");
    let watcher = watch::watch_folder(&exercises_folder, messages.clone())?;
    watch::forward_signals(messages.clone())?;
    let worker = Worker::spawn(session.grader.clone(), messages)?;
    let (commands, page) = mpsc::channel();
    std::thread::Builder::new()
        .name("serve-page".into())
        .spawn(move || {
            for command in page {
                if signals.send(Signal::Page(command)).is_err() {
                    break;
                }
            }
        })
        .context("cannot start the thread that hears the page")?;
    let mut grading = Grading {
        current: session
            .workbook()
            .index_of(&session.current().name)
            .unwrap_or(0),
        session,
        worker,
        live,
        job: 0,
        outcome: None,
        note: None,
    };
    std::thread::Builder::new()
        .name("serve-grading".into())
        .spawn(move || {
            let _watcher = watcher;
            grading.run(&heard);
            // Ctrl-C: the grading is stopped, its processes killed (the worker's drop
            // waits for that), before the server is told to stop.
            drop(grading);
            stopped();
        })
        .context("cannot start the grading loop")?;
    Ok(commands)
}

struct Grading {
    session: Session,
    worker: Worker,
    live: std::sync::Arc<Live>,
    current: usize,
    /// The job whose verdict the page waits for.
    job: JobId,
    /// The current exercise's verdict; `None` while it is graded.
    outcome: Option<Outcome>,
    /// Something to tell the learner (a damaged progress file, a failed write).
    note: Option<String>,
}

impl Grading {
    fn run(&mut self, heard: &Receiver<Signal>) {
        self.note = self.session.notice.take();
        self.grade();
        let mut debouncer = Debouncer::default();
        loop {
            let signal = match debouncer.due() {
                None => heard.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(due) => heard.recv_timeout(due.saturating_duration_since(Instant::now())),
            };
            match signal {
                Ok(Signal::Watch(Message::FilesChanged { paths, finished })) => {
                    debouncer.add(paths, Instant::now(), finished);
                }
                Ok(Signal::Watch(Message::Done(watch::Event::Graded { job, outcome }))) => {
                    self.graded(job, outcome);
                }
                Ok(Signal::Watch(Message::WatchFailed(error))) => {
                    self.note = Some(format!("Watching the exercise files failed: {error}"));
                    self.publish();
                }
                Ok(Signal::Watch(Message::WorkerCrashed(reason))) => {
                    self.outcome = Some(Outcome::Error(format!("grading crashed: {reason}")));
                    self.publish();
                }
                Ok(Signal::Watch(Message::Stop)) | Err(RecvTimeoutError::Disconnected) => return,
                Ok(Signal::Watch(_)) | Err(RecvTimeoutError::Timeout) => {}
                Ok(Signal::Page(Command::MakeCurrent(index))) => self.make_current(index),
                Ok(Signal::Page(Command::QuizAnswered(id))) => self.quiz_answered(id),
            }
            let saved = debouncer.take_due(Instant::now());
            if saved.contains(&self.current_path()) {
                self.grade();
            } else if let Some(other) = self.saved_exercise(&saved) {
                self.note = Some(other);
                self.publish();
            }
        }
    }

    fn current_path(&self) -> std::path::PathBuf {
        let workbook = self.session.workbook();
        workbook.root.join(workbook.exercises[self.current].file())
    }

    /// What to say when another exercise's file was saved: the page stays on its own
    /// (as watch does), and says how to switch.
    fn saved_exercise(&self, saved: &[std::path::PathBuf]) -> Option<String> {
        let workbook = self.session.workbook();
        let other = workbook
            .exercises
            .iter()
            .find(|e| saved.contains(&workbook.root.join(e.file())))?;
        Some(format!(
            "You saved {}, but the page shows {}: click {} in the course to work on it.",
            other.file().display(),
            workbook.exercises[self.current].name,
            other.name
        ))
    }

    fn grade(&mut self) {
        self.job += 1;
        self.outcome = None;
        let exercise = self.session.workbook().exercises[self.current].clone();
        self.worker.start(Job::Grade {
            job: self.job,
            exercise,
        });
        self.publish();
    }

    fn graded(&mut self, job: JobId, outcome: Outcome) {
        if job != self.job {
            return;
        }
        if let Outcome::Graded(grade) = &outcome
            && !matches!(grade.verdict, Verdict::Cancelled)
            && let Err(error) = self.session.record(grade)
        {
            self.note = Some(format!("Your verdict could not be recorded: {error:#}"));
        }
        self.outcome = Some(outcome);
        self.publish();
    }

    fn make_current(&mut self, index: usize) {
        let Some(exercise) = self.session.workbook().exercises.get(index) else {
            return;
        };
        let name = exercise.name.clone();
        self.note = None;
        if let Err(error) = self.session.set_current(&name) {
            self.note = Some(format!(
                "The current exercise could not be saved: {error:#}"
            ));
        }
        self.current = index;
        self.grade();
    }

    fn quiz_answered(&mut self, id: &str) {
        if let Err(error) = self.session.record_quiz(id) {
            self.note = Some(format!("Your quiz answer could not be recorded: {error:#}"));
        }
        self.publish();
    }

    fn publish(&self) {
        let state = view::state(
            &self.session,
            self.current,
            self.outcome.as_ref(),
            self.note.as_deref(),
        );
        self.live.publish(state, self.current);
    }
}
