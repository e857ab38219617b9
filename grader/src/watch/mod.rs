//! `grader watch`: the learner's loop. Shows the current exercise, grades it on every
//! save, and takes keys (next, hint, try, output, list, check all, reset, scrolling,
//! quit, the lesson).
//!
//! - `state`: the state machine, pure: events and keys in, actions out.
//! - `screen` draws the state as lines (`wrap` fits them to the width), and `terminal`
//!   puts them on screen and restores the terminal.
//! - `events` (file changes, signals), `input` (keys) and `worker` (grading) run on
//!   their own threads and send [`Message`]s over one channel to the loop here, which
//!   blocks on it: idle watch costs no CPU.
//!
//! `serve` grades with the same parts (the file watcher, the debouncer, the worker and
//! its try), exported here, so the page and the terminal give the same verdict as soon.

mod events;
mod input;
mod screen;
mod state;
mod terminal;
mod worker;

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::report::tried;
use crate::session::Session;
pub(crate) use events::{Debouncer, forward_signals, watch_folder};
use input::Resume;
use state::{Action, Entry, Key, State};
pub(crate) use state::{Event, JobId, Outcome, TryOutcome};
use terminal::{Mode, Terminal};
pub(crate) use worker::{Job, Worker, try_input};

/// What the threads tell the loop.
pub(crate) enum Message {
    Key(Key),
    /// A line typed when stdin is not a terminal.
    Line(String),
    /// Stdin ended (or the terminal is gone): no more keys.
    InputClosed,
    Resized,
    /// Files changed; `finished` when the event ends a save.
    FilesChanged {
        paths: Vec<PathBuf>,
        finished: bool,
    },
    WatchFailed(String),
    /// A job of the worker is done: `Event::Graded` or `Event::CheckedAll`.
    Done(Event),
    WorkerCrashed(String),
    /// A signal: Ctrl-C without raw mode, a closed terminal, `kill`.
    Stop,
    /// The lesson's pager is closed: watch draws its screen again. `interrupted` by
    /// Ctrl-C (watch quits), or it failed with `problem`.
    LessonClosed {
        interrupted: bool,
        problem: Option<String>,
    },
}

/// What the loop does besides the state's events: it answers each key of the terminal
/// (the key thread waits), and pages a lesson there.
#[derive(Default)]
struct Keys {
    /// Where the key thread waits for its answer (none when keys come as lines).
    resume: Option<mpsc::Sender<Resume>>,
    /// A key was sent, and the key thread waits for its answer.
    waiting: bool,
    /// A lesson to page, asked for by the key being handled.
    lesson: Option<Resume>,
    /// The pager is on the screen: watch does not draw.
    paging: bool,
}

impl Keys {
    /// Answers the key thread once the key it sent is handled: the lesson to page, or
    /// read on.
    fn answer(&mut self) {
        if !std::mem::take(&mut self.waiting) {
            return;
        }
        let answer = self.lesson.take().unwrap_or(Resume::Keys);
        self.paging = matches!(answer, Resume::Lesson { .. });
        if let Some(resume) = &self.resume {
            // A failure means the key thread is gone; it said so with `InputClosed`.
            let _ = resume.send(answer);
        }
    }
}

/// Runs watch until the learner quits; the terminal is restored whatever happens.
pub(crate) fn run(mut session: Session) -> Result<crate::Exit> {
    let mode = Mode::detect();
    let (sender, messages) = mpsc::channel();
    let exercises_folder = session.workbook().root.join("exercises");
    let _watcher = events::watch_folder(&exercises_folder, sender.clone())?;
    events::forward_signals(sender.clone())?;
    let mut worker = Worker::spawn(session.grader.clone(), sender.clone())?;
    let mut terminal = Terminal::open(mode)?;
    let mut keys = Keys::default();
    if mode.keys_as_lines() {
        input::spawn_line_keys(sender)?;
    } else {
        keys.resume = Some(input::spawn_terminal_keys(sender)?);
    }

    let entries = entries(&session);
    let current = session
        .workbook()
        .index_of(&session.current().name)
        .unwrap_or(0);
    let (mut state, mut actions) = State::new(entries, current, mode.keys_as_lines());
    if let Some(notice) = session.notice.take() {
        actions.extend(state.handle(Event::ProgressDamaged(notice)));
    }
    let mut pending = VecDeque::new();
    let mut quit = carry_out(actions, &mut session, &mut worker, &mut pending, &mut keys);
    let mut debouncer = Debouncer::default();
    while !quit {
        while let Some(event) = pending.pop_front() {
            let actions = state.handle(event);
            quit |= carry_out(actions, &mut session, &mut worker, &mut pending, &mut keys);
        }
        if quit {
            break;
        }
        keys.answer();
        if !keys.paging {
            let (width, height) = terminal.size();
            let color = colored::control::SHOULD_COLORIZE.should_colorize();
            let screen = screen::render(&state, width, height, color);
            // Scrolling goes as far as the body drawn: the state learns what that was.
            state.handle(Event::Drawn(screen.viewport));
            terminal.draw(screen.lines)?;
        }
        let Some(first) = next_message(&messages, debouncer.due()) else {
            break;
        };
        // Everything already waiting is handled before the next redraw.
        for message in first
            .into_iter()
            .chain(messages.try_iter().collect::<Vec<_>>())
        {
            match message {
                Message::Resized => terminal.invalidate(),
                Message::LessonClosed {
                    interrupted,
                    problem,
                } => {
                    // The pager drew over watch's screen: all of it is drawn again.
                    keys.paging = false;
                    terminal.invalidate();
                    pending.extend(problem.map(Event::Problem));
                    pending.extend(interrupted.then_some(Event::Key(state::Key::Interrupt)));
                }
                message => {
                    keys.waiting |= matches!(message, Message::Key(_));
                    pending.extend(to_event(message, &state, &mut debouncer)?);
                }
            }
        }
        pending.extend(
            debouncer
                .take_due(Instant::now())
                .into_iter()
                .map(Event::Saved),
        );
    }
    drop(worker);
    drop(terminal);
    let done = crate::text::n_of(
        state.done_count(),
        state.entries.len(),
        "exercise done",
        "exercises done",
    );
    println!("xorlings: {done}. `cargo grader watch` goes on from here.");
    Ok(crate::Exit::Passed)
}

fn entries(session: &Session) -> Vec<Entry> {
    let workbook = session.workbook();
    workbook
        .exercises
        .iter()
        .map(|exercise| Entry {
            info: exercise.clone(),
            path: workbook.root.join(exercise.file()),
            file: exercise.file().display().to_string(),
            arguments: tried::arguments(exercise.tests),
            done: session.progress.is_done(&exercise.name),
        })
        .collect()
}

/// Blocks until a message comes or a pending save is due (then `Some(None)`); `None`
/// when every sender is gone.
fn next_message(messages: &Receiver<Message>, due: Option<Instant>) -> Option<Option<Message>> {
    match due {
        None => messages.recv().ok().map(Some),
        Some(due) => match messages.recv_timeout(due.saturating_duration_since(Instant::now())) {
            Ok(message) => Some(Some(message)),
            Err(RecvTimeoutError::Timeout) => Some(None),
            Err(RecvTimeoutError::Disconnected) => None,
        },
    }
}

/// The state's event for a message; file changes wait in the debouncer.
fn to_event(message: Message, state: &State, debouncer: &mut Debouncer) -> Result<Option<Event>> {
    Ok(Some(match message {
        Message::Key(key) => Event::Key(key),
        Message::Line(line) => Event::Line(line),
        Message::InputClosed => Event::InputClosed,
        Message::Resized | Message::LessonClosed { .. } => return Ok(None),
        Message::FilesChanged { paths, finished } => {
            // Only exercise files count: editors' swap and backup files do not.
            let saved = paths
                .into_iter()
                .filter(|path| state.entries.iter().any(|e| &e.path == path));
            debouncer.add(saved, Instant::now(), finished);
            return Ok(None);
        }
        Message::WatchFailed(error) => {
            Event::Problem(format!("Watching the exercise files failed: {error}"))
        }
        Message::Done(event) => event,
        Message::WorkerCrashed(reason) => bail!("grading crashed: {reason}"),
        Message::Stop => Event::Stop,
    }))
}

/// Carries out the state's actions; a failure becomes an event shown on screen. A
/// lesson to page goes to `keys`. Returns whether to quit.
fn carry_out(
    actions: Vec<Action>,
    session: &mut Session,
    worker: &mut Worker,
    events: &mut VecDeque<Event>,
    keys: &mut Keys,
) -> bool {
    for action in actions {
        let done = match action {
            Action::Grade { job, exercise } => {
                let exercise = session.workbook().exercises[exercise].clone();
                worker.start(Job::Grade { job, exercise });
                Ok(())
            }
            Action::CheckAll { job } => {
                worker.start(Job::CheckAll { job });
                Ok(())
            }
            Action::Try {
                job,
                exercise,
                words,
            } => {
                let exercise = session.workbook().exercises[exercise].clone();
                worker.start(Job::Try {
                    job,
                    exercise,
                    words,
                });
                Ok(())
            }
            Action::Cancel => {
                worker.cancel();
                Ok(())
            }
            Action::Record(grade) => session
                .record(&grade)
                .context("your verdict could not be recorded"),
            Action::MakeCurrent(exercise) => {
                let name = session.workbook().exercises[exercise].name.clone();
                session
                    .set_current(&name)
                    .context("the current exercise could not be saved")
            }
            Action::Reset(exercise) => {
                let exercise = session.workbook().exercises[exercise].clone();
                session.reset(&exercise)
            }
            Action::ShowLesson(exercise) => {
                let exercise = &session.workbook().exercises[exercise];
                crate::lesson::read(&session.workbook().root, &exercise.lesson).map(|markdown| {
                    keys.lesson = Some(Resume::Lesson {
                        markdown,
                        // Watch's header names the exercise: the title is short.
                        title: exercise.lesson.clone(),
                    });
                })
            }
            Action::Quit => return true,
        };
        if let Err(error) = done {
            events.push_back(Event::Problem(format!("{error:#}")));
        }
    }
    false
}
