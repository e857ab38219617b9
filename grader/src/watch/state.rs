//! The watch loop's state machine: events and keys in, actions out. It does no I/O, so
//! tests drive it directly; `screen` draws it and the loop in `mod.rs` carries out its
//! actions (grading on the worker, writing progress, resetting files).

use std::path::PathBuf;

use crate::grading::Tried;
use crate::judge::{Grade, Verdict};
use crate::workbook::Exercise;
use xorlings_core::verdict::Failure;
use xorlings_course::model::show::typed_words;

/// Tags each job given to the worker, so a late result of a replaced job is ignored.
pub(crate) type JobId = u64;

/// What a job of the worker does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JobKind {
    /// Grades the current exercise.
    Grade,
    /// Grades every exercise.
    CheckAll,
    /// Tries the learner's function on a typed input.
    Try,
}

/// The longest exercise number the list accepts as typed digits.
const MAX_TYPED_DIGITS: usize = 3;
/// The longest input the try prompt takes.
const MAX_TYPED_INPUT: usize = 1_000;

const NOT_PASSED_YET: &str = "`n` moves on once this exercise passes. Keep editing and saving: \
every save is graded. (`l` lists the exercises if you want to jump to another.)";
const WAIT_FOR_VERDICT: &str = "Wait for the verdict: `n` moves on once this exercise passes.";
const RESET_KEPT: &str = "Nothing changed: your file is as it was.";
const RESET_DONE: &str = "The exercise is back to its stub.";
const CHECK_ALL_STOPPED: &str = "Grading all exercises was stopped. Press `c` to start it again.";
const NO_OUTPUT: &str = "There is no output to show: `o` shows what your code printed while \
a failing case ran, and this verdict has none.";
const TRY_STOPPED: &str = "The try was stopped.";
const GRADING_ENDED: &str = "The grading is over, so nothing is lost: q quits now.";
const LESSON_WITHOUT_TERMINAL: &str = "`cargo grader lesson` shows the lesson in a terminal \
(its file is named at the top).";
const INPUT_CLOSED: &str = "Standard input has ended, so keys are off. Watching goes on: every \
save of the current exercise is graded, and saving another exercise's file makes it the \
current one.";

/// One exercise as watch shows it.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub info: Exercise,
    /// The learner's file, absolute, as file events name it.
    pub path: PathBuf,
    /// The learner's file relative to the workbook root, as editors and compilers show it.
    pub file: String,
    /// The function's arguments as the learner types them: `<heaps> <heap_index>`.
    pub arguments: String,
    pub done: bool,
}

/// What grading one exercise gave.
#[derive(Debug, Clone)]
pub(crate) enum Outcome {
    Graded(Box<Grade>),
    /// The grader could not grade: the error with its causes.
    Error(String),
}

impl Outcome {
    /// A grading's outcome: its grade, or the error that kept it from one.
    pub(crate) fn of(graded: anyhow::Result<Grade>) -> Outcome {
        match graded {
            Ok(grade) => Outcome::Graded(Box::new(grade)),
            Err(error) => Outcome::Error(format!("{error:#}")),
        }
    }

    pub(crate) fn passed(&self) -> bool {
        matches!(self, Outcome::Graded(grade) if grade.passed())
    }
}

/// What trying the learner's function on a typed input gave.
#[derive(Debug, Clone)]
pub(crate) enum TryOutcome {
    Ran(Box<Tried>),
    /// The words are no input of the exercise: why, and how to type one.
    Invalid(String),
    /// The grader could not try: the error with its causes.
    Error(String),
}

/// The current exercise's verdict, or the fact that it is being graded: a verdict shown
/// is always the verdict of the file as it is now.
#[derive(Debug, Clone)]
pub(super) enum Status {
    Grading,
    Graded(Outcome),
}

/// A key as typed (letters keep their case: `G` is not `g`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key {
    Char(char),
    Enter,
    Escape,
    Up,
    Down,
    PageUp,
    PageDown,
    Home,
    End,
    Backspace,
    /// Ctrl-C in raw mode.
    Interrupt,
}

/// The body's rows on screen, and its length: what scrolling needs to know.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Viewport {
    pub rows: usize,
    pub lines: usize,
}

impl Viewport {
    /// The top line that shows the body's last line at the bottom.
    pub(crate) fn last_top(self) -> usize {
        self.lines.saturating_sub(self.rows)
    }
}

#[derive(Debug, Clone)]
pub(crate) enum Event {
    Key(Key),
    /// A line typed when keys come as lines: its keys, or the answer to the try prompt.
    Line(String),
    /// One save of a file (the loop debounces the many file events of one save).
    Saved(PathBuf),
    Graded {
        job: JobId,
        outcome: Outcome,
    },
    /// How far the grading `job` has got: groups done, time used.
    Progress {
        job: JobId,
        status: String,
    },
    /// Every exercise graded, in course order.
    CheckedAll {
        job: JobId,
        outcomes: Vec<Outcome>,
    },
    Tried {
        job: JobId,
        outcome: TryOutcome,
    },
    /// The screen was drawn with this much of the body in view.
    Drawn(Viewport),
    /// Standard input ended: no more keys will come.
    InputClosed,
    /// The progress file was damaged and set aside: say so once.
    ProgressDamaged(String),
    /// Carrying out an action failed, e.g. writing the progress file.
    Problem(String),
    /// A signal asked to stop (Ctrl-C when not in raw mode, a closed terminal, `kill`).
    Stop,
}

#[derive(Debug, Clone)]
pub(super) enum Action {
    /// Grade `exercise` (an index into the entries), replacing any job the worker runs.
    Grade {
        job: JobId,
        exercise: usize,
    },
    /// Grade every exercise, replacing any job the worker runs.
    CheckAll {
        job: JobId,
    },
    /// Call the learner's function of `exercise` on the input typed as `words`,
    /// replacing any job the worker runs.
    Try {
        job: JobId,
        exercise: usize,
        words: Vec<String>,
    },
    /// Stop the worker's job.
    Cancel,
    /// Record this verdict in the progress file.
    Record(Box<Grade>),
    /// Make this exercise the current one in the progress file.
    MakeCurrent(usize),
    /// Put the stub back in place of this exercise's file.
    Reset(usize),
    /// Page this exercise's lesson, then come back to watch.
    ShowLesson(usize),
    Quit,
}

/// What fills the screen between the header and the footer.
#[derive(Debug, Clone)]
pub(super) enum View {
    Exercise,
    /// Everything the learner's code printed while the failing case ran.
    Output,
    /// The verdict, with the input of a try being typed in the footer.
    TryPrompt {
        typed: String,
    },
    /// A try of the input typed: `None` while it runs.
    Tried {
        typed: String,
        outcome: Option<TryOutcome>,
    },
    /// The list of exercises: the highlighted row, and the number typed so far.
    List {
        selected: usize,
        typed: String,
    },
    ConfirmReset,
    /// `q` while a grading runs: quit anyway? The verdict (or "Grading...") stays above.
    ConfirmQuit,
    /// Every key of watch, and what it does.
    Keys,
    /// Grading every exercise: `None` while it runs, then the outcomes in course order.
    CheckAll(Option<Vec<Outcome>>),
    /// Every exercise is done.
    Finished,
}

impl View {
    /// Whether the body is text to read, which scroll keys move.
    fn scrolls(&self) -> bool {
        matches!(
            self,
            View::Exercise
                | View::Output
                | View::Tried { .. }
                | View::CheckAll(Some(_))
                | View::Keys
                | View::Finished
        )
    }

    /// Whether the body is the verdict, as on the main screen (a question or a prompt
    /// in the footer leaves it in view).
    pub(super) fn shows_verdict(&self) -> bool {
        matches!(
            self,
            View::Exercise | View::TryPrompt { .. } | View::ConfirmQuit
        )
    }
}

/// How long a note stays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lasts {
    /// Until the next key, save or verdict: it tells of an action, which those outdate.
    Action,
    /// Until the next key or save: it is not about the exercise's verdict (a damaged
    /// progress file, keys off), so the first verdict must not hide it.
    Session,
}

/// A line shown above the progress bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Note {
    pub text: String,
    pub problem: bool,
    pub lasts: Lasts,
}

impl Note {
    pub(super) fn info(text: &str) -> Note {
        Note {
            text: text.to_string(),
            problem: false,
            lasts: Lasts::Action,
        }
    }

    pub(super) fn problem(text: &str) -> Note {
        Note {
            problem: true,
            ..Note::info(text)
        }
    }

    pub(super) fn session(text: &str) -> Note {
        Note {
            lasts: Lasts::Session,
            ..Note::info(text)
        }
    }
}

#[derive(Debug)]
pub(super) struct State {
    pub entries: Vec<Entry>,
    pub current: usize,
    pub status: Status,
    pub view: View,
    pub show_hint: bool,
    /// How far the current grading has got, while it runs.
    pub progress: Option<String>,
    pub note: Option<Note>,
    /// Keys arrive as lines (stdin is not a terminal): each needs Enter.
    pub keys_as_lines: bool,
    pub input_closed: bool,
    /// The body's first line on screen.
    pub scroll: usize,
    /// The body as last drawn.
    pub viewport: Viewport,
    /// The job whose result the screen waits for: the worker runs one at a time, each
    /// replacing the last. A status of `Grading` without a grading here is a grading
    /// that another job interrupted, to start again when that one ends.
    running: Option<(JobId, JobKind)>,
    last_job: JobId,
}

/// A line typed without raw mode: its characters as keys. A number (a choice in the
/// list) ends with Enter, and an empty line is Enter; other lines get no Enter, which
/// would otherwise answer a question the line's own key just asked (`r` then "reset?").
pub(super) fn line_keys(line: &str) -> Vec<Key> {
    let line = line.trim();
    let enter = line.chars().all(|c| c.is_ascii_digit());
    line.chars()
        .map(Key::Char)
        .chain(enter.then_some(Key::Enter))
        .collect()
}

/// A key as commands read it: `G` is the end and `L` the lesson, other capitals are
/// their small letters (Caps Lock must not turn keys off).
fn command_key(key: Key) -> Key {
    match key {
        Key::Char('G') => Key::End,
        Key::Char('L') => Key::Char('L'),
        Key::Char(c) => Key::Char(c.to_ascii_lowercase()),
        other => other,
    }
}

impl State {
    /// Starts on exercise `current`, and asks for it to be graded at once.
    pub(super) fn new(
        entries: Vec<Entry>,
        current: usize,
        keys_as_lines: bool,
    ) -> (Self, Vec<Action>) {
        assert!(
            current < entries.len(),
            "the current exercise is in the list"
        );
        let mut state = State {
            entries,
            current,
            status: Status::Grading,
            view: View::Exercise,
            show_hint: false,
            progress: None,
            note: None,
            keys_as_lines,
            input_closed: false,
            scroll: 0,
            viewport: Viewport::default(),
            running: None,
            last_job: 0,
        };
        let actions = vec![state.grade_current()];
        (state, actions)
    }

    pub(super) fn current_entry(&self) -> &Entry {
        &self.entries[self.current]
    }

    pub(super) fn done_count(&self) -> usize {
        self.entries.iter().filter(|e| e.done).count()
    }

    /// Whether the verdict on screen says the current exercise passes.
    pub(super) fn current_passes(&self) -> bool {
        matches!(&self.status, Status::Graded(outcome) if outcome.passed())
    }

    /// The failing case of the verdict on screen, when the learner's code printed
    /// something while it ran.
    pub(super) fn failure_with_output(&self) -> Option<&Failure> {
        let Status::Graded(Outcome::Graded(grade)) = &self.status else {
            return None;
        };
        match &grade.verdict {
            Verdict::Failed(failure) if !failure.printed.text.trim().is_empty() => Some(failure),
            _ => None,
        }
    }

    /// Where `n` goes: the first exercise not done after the current one, else the first
    /// not done at all; `None` once every exercise is done.
    pub(super) fn next_pending(&self) -> Option<usize> {
        let after = self.entries[self.current + 1..]
            .iter()
            .position(|e| !e.done)
            .map(|i| self.current + 1 + i);
        after.or_else(|| self.entries.iter().position(|e| !e.done))
    }

    pub(super) fn handle(&mut self, event: Event) -> Vec<Action> {
        match event {
            Event::Key(key) => {
                self.note = None;
                self.on_key(key)
            }
            Event::Line(line) => {
                self.note = None;
                self.on_line(&line)
            }
            Event::Saved(path) => {
                self.note = None;
                self.on_saved(&path)
            }
            Event::Graded { job, outcome } => self.on_graded(job, outcome),
            Event::Progress { job, status } => {
                if self.running == Some((job, JobKind::Grade)) {
                    self.progress = Some(status);
                }
                Vec::new()
            }
            Event::CheckedAll { job, outcomes } => self.on_checked_all(job, outcomes),
            Event::Tried { job, outcome } => self.on_tried(job, outcome),
            Event::Drawn(viewport) => {
                self.viewport = viewport;
                self.scroll = self.scroll.min(viewport.last_top());
                Vec::new()
            }
            Event::InputClosed => self.on_input_closed(),
            Event::Problem(message) => {
                self.note = Some(Note::problem(&message));
                Vec::new()
            }
            Event::ProgressDamaged(notice) => {
                self.note = Some(Note::session(&notice));
                Vec::new()
            }
            Event::Stop => vec![Action::Quit],
        }
    }

    fn new_job(&mut self) -> JobId {
        self.last_job += 1;
        self.last_job
    }

    /// Shows `view` from its top.
    fn show(&mut self, view: View) {
        self.view = view;
        self.scroll = 0;
    }

    /// A verdict outdates the notes about actions.
    fn outdate_action_note(&mut self) {
        if self.note.as_ref().is_some_and(|n| n.lasts == Lasts::Action) {
            self.note = None;
        }
    }

    /// Grades the current exercise; whatever the worker did is replaced.
    fn grade_current(&mut self) -> Action {
        let job = self.new_job();
        self.running = Some((job, JobKind::Grade));
        self.status = Status::Grading;
        self.progress = None;
        Action::Grade {
            job,
            exercise: self.current,
        }
    }

    /// Grades the current exercise again if a job that replaced its grading (a try, a
    /// check of all) stopped before the verdict came.
    fn resume_grading(&mut self) -> Vec<Action> {
        let interrupted = !matches!(self.running, Some((_, JobKind::Grade)));
        match self.status {
            Status::Grading if interrupted => vec![self.grade_current()],
            _ => Vec::new(),
        }
    }

    fn on_line(&mut self, line: &str) -> Vec<Action> {
        if matches!(self.view, View::TryPrompt { .. }) {
            return self.submit_try(line);
        }
        let mut actions = Vec::new();
        let keys = line_keys(line);
        for (i, key) in keys.iter().enumerate() {
            actions.extend(self.on_key(*key));
            // `t 3 4 5` on one line: the rest of the line is the input.
            if matches!(self.view, View::TryPrompt { .. }) {
                let rest: String = keys[i + 1..]
                    .iter()
                    .filter_map(|key| match key {
                        Key::Char(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                if !rest.trim().is_empty() {
                    actions.extend(self.submit_try(&rest));
                }
                break;
            }
        }
        actions
    }

    fn on_key(&mut self, key: Key) -> Vec<Action> {
        if key == Key::Interrupt {
            return vec![Action::Quit];
        }
        if matches!(self.view, View::TryPrompt { .. }) {
            return self.on_prompt_key(key);
        }
        let key = command_key(key);
        if self.view.scrolls() && self.scroll_by(key) {
            return Vec::new();
        }
        match &self.view {
            View::Exercise => self.on_exercise_key(key),
            View::Output => self.close_then(key, Some('o')),
            View::Tried { outcome: None, .. } => self.on_try_running_key(key),
            // `t` tries again: back to the verdict, with the prompt open.
            View::Tried { .. } => self.close_then(key, None),
            View::Keys => self.close_then(key, Some('?')),
            View::TryPrompt { .. } => Vec::new(),
            View::Finished => self.on_finished_key(key),
            View::List { .. } => self.on_list_key(key),
            View::ConfirmReset => self.on_confirm_key(key),
            View::ConfirmQuit => self.on_confirm_quit_key(key),
            View::CheckAll(None) => self.on_check_running_key(key),
            View::CheckAll(Some(_)) => self.on_check_results_key(key),
        }
    }

    /// Moves the body for a scroll key; `false` for any other key.
    fn scroll_by(&mut self, key: Key) -> bool {
        let page = self.viewport.rows.saturating_sub(1).max(1);
        let last = self.viewport.last_top();
        let top = match key {
            Key::Up | Key::Char('k') => self.scroll.saturating_sub(1),
            Key::Down | Key::Char('j') => self.scroll + 1,
            Key::PageUp | Key::Char('b' | '-') => self.scroll.saturating_sub(page),
            Key::PageDown | Key::Char(' ' | '+') => self.scroll + page,
            Key::Home | Key::Char('g') => 0,
            Key::End => last,
            _ => return false,
        };
        self.scroll = top.min(last);
        true
    }

    fn on_exercise_key(&mut self, key: Key) -> Vec<Action> {
        match key {
            Key::Char('n') => self.go_next(),
            Key::Char('h') => {
                self.show_hint = !self.show_hint;
                // The hint goes below the verdict: from the top, both show.
                self.scroll = 0;
                Vec::new()
            }
            // Empty: a try is typed afresh, never appended to the last one.
            Key::Char('t') => {
                self.show(View::TryPrompt {
                    typed: String::new(),
                });
                Vec::new()
            }
            Key::Char('o') => {
                match self.failure_with_output() {
                    Some(_) => self.show(View::Output),
                    None => self.note = Some(Note::info(NO_OUTPUT)),
                }
                Vec::new()
            }
            Key::Char('L') => self.open_lesson(),
            Key::Char('?') => {
                self.show(View::Keys);
                Vec::new()
            }
            Key::Char('l') => self.open_list(),
            Key::Char('c') => self.check_all(),
            Key::Char('r') => {
                self.view = View::ConfirmReset;
                Vec::new()
            }
            Key::Escape => {
                self.show_hint = false;
                Vec::new()
            }
            // Quitting during a grading loses its verdict: asked first.
            Key::Char('q') if matches!(self.status, Status::Grading) => {
                self.view = View::ConfirmQuit;
                Vec::new()
            }
            Key::Char('q') => vec![Action::Quit],
            _ => Vec::new(),
        }
    }

    /// Keys on a view shown over the verdict (the output, a try's result, the keys):
    /// Esc, q and Enter go back to the verdict; the key that opened the view, `own`,
    /// keeps it (pressed twice, it must not leave the learner on the main screen, where
    /// q quits); any other key goes back and does what it does there.
    fn close_then(&mut self, key: Key, own: Option<char>) -> Vec<Action> {
        match key {
            Key::Char(c) if Some(c) == own => Vec::new(),
            Key::Escape | Key::Enter | Key::Char('q') => {
                self.show(View::Exercise);
                Vec::new()
            }
            key => {
                self.show(View::Exercise);
                self.on_exercise_key(key)
            }
        }
    }

    /// The lesson in the pager, on a terminal; with keys as lines, where to read it.
    fn open_lesson(&mut self) -> Vec<Action> {
        if self.keys_as_lines {
            self.note = Some(Note::info(LESSON_WITHOUT_TERMINAL));
            return Vec::new();
        }
        vec![Action::ShowLesson(self.current)]
    }

    fn on_confirm_quit_key(&mut self, key: Key) -> Vec<Action> {
        self.view = View::Exercise;
        match key {
            Key::Char('y') => vec![Action::Quit],
            _ => Vec::new(),
        }
    }

    fn on_prompt_key(&mut self, key: Key) -> Vec<Action> {
        let View::TryPrompt { typed } = &mut self.view else {
            return Vec::new();
        };
        match key {
            Key::Char(c) if typed.len() < MAX_TYPED_INPUT => typed.push(c),
            Key::Backspace => {
                typed.pop();
            }
            Key::Enter => {
                let line = std::mem::take(typed);
                return self.submit_try(&line);
            }
            Key::Escape => self.view = View::Exercise,
            // Letters are typed: only the keys that type nothing scroll the verdict above.
            key => {
                self.scroll_by(key);
            }
        }
        Vec::new()
    }

    /// Tries the input typed; an empty one closes the prompt.
    fn submit_try(&mut self, line: &str) -> Vec<Action> {
        let line = line.trim();
        let words = typed_words(line);
        if words.is_empty() {
            self.show(View::Exercise);
            return Vec::new();
        }
        let job = self.new_job();
        // The try replaces a grading under way; `resume_grading` picks it up after.
        self.running = Some((job, JobKind::Try));
        self.show(View::Tried {
            typed: line.to_string(),
            outcome: None,
        });
        vec![Action::Try {
            job,
            exercise: self.current,
            words,
        }]
    }

    fn on_try_running_key(&mut self, key: Key) -> Vec<Action> {
        if !matches!(key, Key::Escape | Key::Char('q')) {
            return Vec::new();
        }
        self.note = Some(Note::info(TRY_STOPPED));
        self.stop_try()
    }

    /// Stops the try under way, back to the verdict.
    fn stop_try(&mut self) -> Vec<Action> {
        self.show(View::Exercise);
        if !matches!(self.running, Some((_, JobKind::Try))) {
            return Vec::new();
        }
        self.running = None;
        let mut actions = vec![Action::Cancel];
        actions.extend(self.resume_grading());
        actions
    }

    fn on_tried(&mut self, job: JobId, outcome: TryOutcome) -> Vec<Action> {
        if self.running != Some((job, JobKind::Try)) {
            return Vec::new();
        }
        self.running = None;
        self.outdate_action_note();
        if let View::Tried {
            typed,
            outcome: None,
        } = &self.view
        {
            let typed = typed.clone();
            self.show(View::Tried {
                typed,
                outcome: Some(outcome),
            });
        }
        self.resume_grading()
    }

    fn on_finished_key(&mut self, key: Key) -> Vec<Action> {
        match key {
            Key::Char('l') => self.open_list(),
            Key::Char('c') => self.check_all(),
            Key::Char('q') => vec![Action::Quit],
            _ => Vec::new(),
        }
    }

    fn go_next(&mut self) -> Vec<Action> {
        if !self.current_passes() {
            let message = match self.status {
                Status::Grading => WAIT_FOR_VERDICT,
                Status::Graded(_) => NOT_PASSED_YET,
            };
            self.note = Some(Note::info(message));
            return Vec::new();
        }
        match self.next_pending() {
            Some(next) => self.jump_to(next),
            None => {
                self.show(View::Finished);
                Vec::new()
            }
        }
    }

    fn jump_to(&mut self, exercise: usize) -> Vec<Action> {
        self.show(View::Exercise);
        if exercise == self.current {
            return Vec::new();
        }
        self.current = exercise;
        self.show_hint = false;
        vec![Action::MakeCurrent(exercise), self.grade_current()]
    }

    fn open_list(&mut self) -> Vec<Action> {
        self.view = View::List {
            selected: self.current,
            typed: String::new(),
        };
        Vec::new()
    }

    fn on_list_key(&mut self, key: Key) -> Vec<Action> {
        let View::List { selected, typed } = &mut self.view else {
            return Vec::new();
        };
        let last = self.entries.len() - 1;
        match key {
            Key::Char(digit) if digit.is_ascii_digit() && typed.len() < MAX_TYPED_DIGITS => {
                typed.push(digit);
            }
            Key::Backspace => {
                typed.pop();
            }
            Key::Up | Key::Char('k') => {
                *selected = selected.saturating_sub(1);
                typed.clear();
            }
            Key::Down | Key::Char('j') => {
                *selected = (*selected + 1).min(last);
                typed.clear();
            }
            Key::Enter => {
                let chosen = if typed.is_empty() {
                    Some(*selected)
                } else {
                    typed
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=last + 1).contains(n))
                        .map(|n| n - 1)
                };
                match chosen {
                    Some(exercise) => return self.jump_to(exercise),
                    None => {
                        self.note = Some(Note::problem(&format!(
                            "There is no exercise {typed}: type a number from 1 to {}, then Enter.",
                            last + 1
                        )));
                        typed.clear();
                    }
                }
            }
            Key::Escape | Key::Char('q') => self.show(View::Exercise),
            _ => {}
        }
        Vec::new()
    }

    fn on_confirm_key(&mut self, key: Key) -> Vec<Action> {
        self.show(View::Exercise);
        if key != Key::Char('y') {
            self.note = Some(Note::info(RESET_KEPT));
            return Vec::new();
        }
        self.entries[self.current].done = false;
        self.note = Some(Note::info(RESET_DONE));
        vec![Action::Reset(self.current), self.grade_current()]
    }

    fn check_all(&mut self) -> Vec<Action> {
        let job = self.new_job();
        // The check grades the current exercise too: a grading it replaces is not lost.
        self.running = Some((job, JobKind::CheckAll));
        self.view = View::CheckAll(None);
        vec![Action::CheckAll { job }]
    }

    fn on_check_running_key(&mut self, key: Key) -> Vec<Action> {
        if !matches!(key, Key::Escape | Key::Char('q')) {
            return Vec::new();
        }
        self.running = None;
        self.show(View::Exercise);
        self.note = Some(Note::info(CHECK_ALL_STOPPED));
        let mut actions = vec![Action::Cancel];
        actions.extend(self.resume_grading());
        actions
    }

    fn on_check_results_key(&mut self, key: Key) -> Vec<Action> {
        match key {
            Key::Char('l') => self.open_list(),
            Key::Char('c') => self.check_all(),
            Key::Enter | Key::Escape | Key::Char('q') => {
                self.show(View::Exercise);
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn on_saved(&mut self, path: &std::path::Path) -> Vec<Action> {
        let Some(saved) = self.entries.iter().position(|e| e.path == path) else {
            return Vec::new();
        };
        if saved != self.current && self.input_closed {
            // Without keys, saving is the only way to choose an exercise.
            self.note = Some(Note::info(&format!(
                "You saved {}, so it is the current exercise now.",
                self.entries[saved].file
            )));
            return self.jump_to(saved);
        }
        if saved != self.current {
            self.note = Some(Note::info(&format!(
                "You saved {}; the current exercise is still {} (`l` lists the exercises \
                 to jump to another).",
                self.entries[saved].file, self.entries[self.current].info.name
            )));
            return Vec::new();
        }
        match self.view {
            View::CheckAll(None) => {
                self.note = Some(Note::info(&format!(
                    "You saved {}, so grading all exercises stopped to grade it. Press `c` \
                     to start it again.",
                    self.entries[saved].file
                )));
                self.show(View::Exercise);
            }
            // What they showed was about the file as it was.
            View::CheckAll(Some(_)) | View::Finished | View::Output | View::Tried { .. } => {
                self.show(View::Exercise);
            }
            View::Exercise => self.scroll = 0,
            View::List { .. }
            | View::ConfirmReset
            | View::ConfirmQuit
            | View::Keys
            | View::TryPrompt { .. } => {}
        }
        vec![self.grade_current()]
    }

    fn on_graded(&mut self, job: JobId, outcome: Outcome) -> Vec<Action> {
        if self.running != Some((job, JobKind::Grade)) {
            return Vec::new();
        }
        self.running = None;
        self.progress = None;
        self.outdate_action_note();
        let actions = self.learn(self.current, &outcome);
        self.status = Status::Graded(outcome);
        match self.view {
            View::Exercise => self.scroll = 0,
            // The question was about a verdict that is now in.
            View::ConfirmQuit => {
                self.show(View::Exercise);
                self.note = Some(Note::info(GRADING_ENDED));
            }
            _ => {}
        }
        actions
    }

    fn on_checked_all(&mut self, job: JobId, outcomes: Vec<Outcome>) -> Vec<Action> {
        if self.running != Some((job, JobKind::CheckAll)) || outcomes.len() != self.entries.len() {
            return Vec::new();
        }
        self.running = None;
        self.outdate_action_note();
        let mut actions = Vec::new();
        for (exercise, outcome) in outcomes.iter().enumerate() {
            actions.extend(self.learn(exercise, outcome));
        }
        self.status = Status::Graded(outcomes[self.current].clone());
        if matches!(self.view, View::CheckAll(None)) {
            self.show(View::CheckAll(Some(outcomes)));
        }
        actions
    }

    /// No more keys: what waited for one goes back to the verdict, and saves do the rest.
    fn on_input_closed(&mut self) -> Vec<Action> {
        self.input_closed = true;
        self.note = Some(Note::session(INPUT_CLOSED));
        // A check of all under way still brings its verdicts; a try stops.
        self.stop_try()
    }

    /// Updates what the state knows of `exercise` from a verdict, and has it recorded.
    fn learn(&mut self, exercise: usize, outcome: &Outcome) -> Vec<Action> {
        match outcome {
            Outcome::Graded(grade) if !matches!(grade.verdict, Verdict::Cancelled) => {
                self.entries[exercise].done = grade.passed();
                vec![Action::Record(grade.clone())]
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::time::Duration;

    use super::*;
    use crate::grading::Typed;
    use xorlings_core::run::Printed;
    use xorlings_core::verdict::Mistake;
    use xorlings_core::verdict::Problem;
    use xorlings_course::model::Seed;

    pub(crate) fn entries(count: usize) -> Vec<Entry> {
        (0..count)
            .map(|i| Entry {
                info: {
                    let mut info = Exercise::example(&format!("exercise_{i}"));
                    info.lesson = format!("lessons/lesson-{i}.md");
                    info.hint = format!("Hint number {i}.");
                    info
                },
                path: PathBuf::from(format!("/wb/exercises/exercise_{i}/src/lib.rs")),
                file: format!("exercises/exercise_{i}/src/lib.rs"),
                arguments: "<heaps>".to_string(),
                done: false,
            })
            .collect()
    }

    pub(crate) fn passed(name: &str) -> Outcome {
        let mut grade = Grade::without_run(name, Verdict::Passed, None, Seed::DEFAULT);
        grade.run_time = Duration::from_millis(30);
        Outcome::Graded(Box::new(grade))
    }

    pub(crate) fn failed(name: &str) -> Outcome {
        failed_printing(name, "")
    }

    /// A wrong answer on `heaps = []`, during which the learner's code printed `printed`.
    pub(crate) fn failed_printing(name: &str, printed: &str) -> Outcome {
        let failure = Failure {
            group: "small".to_string(),
            case_number: 1,
            input: "heaps = []".to_string(),
            answer: Some("7".to_string()),
            problem: Problem::WrongAnswer(
                Mistake::new("7 is not the nim-sum of no heaps.")
                    .advice("Start from 0, the nim-sum of no heaps."),
            ),
            printed: Printed {
                text: printed.to_string(),
                cut: 0,
            },
            size: 0,
        };
        let verdict = Verdict::Failed(failure);
        Outcome::Graded(Box::new(Grade::without_run(
            name,
            verdict,
            None,
            Seed::DEFAULT,
        )))
    }

    /// A try of `input` on `name` that returned 12 where the checker wanted 2.
    pub(crate) fn tried_wrong(name: &str, input: &str) -> TryOutcome {
        let Outcome::Graded(grade) = failed(name) else {
            unreachable!("failed() grades")
        };
        TryOutcome::Ran(Box::new(Tried {
            grade: *grade,
            typed: Typed {
                input: input.to_string(),
                explanation: Some("Your function returned 12.".to_string()),
                printed: Printed::default(),
                answer: Some(vec![12]),
            },
        }))
    }

    /// The current exercise's grading `job` ends with `outcome`.
    fn graded(state: &mut State, job: JobId, outcome: Outcome) -> Vec<Action> {
        state.handle(Event::Graded { job, outcome })
    }

    /// The current exercise's grading `job` ends in a wrong answer.
    fn fail(state: &mut State, job: JobId) -> Vec<Action> {
        graded(state, job, failed("exercise_0"))
    }

    /// Types `t`, then `input` and Enter, as in a terminal: the try's job and words.
    fn trying(state: &mut State, input: &str) -> (JobId, Vec<String>) {
        state.handle(key('t'));
        for c in input.chars() {
            state.handle(key(c));
        }
        try_action(&state.handle(Event::Key(Key::Enter)))
    }

    fn key(c: char) -> Event {
        Event::Key(Key::Char(c))
    }

    fn line(text: &str) -> Event {
        Event::Line(text.to_string())
    }

    /// A state whose current exercise failed, with its body drawn 10 rows of 30.
    fn failed_and_drawn() -> State {
        let (mut state, job) = started(3);
        fail(&mut state, job);
        state.handle(Event::Drawn(Viewport {
            rows: 10,
            lines: 30,
        }));
        state
    }

    /// The try action in `actions`: its job and words.
    fn try_action(actions: &[Action]) -> (JobId, Vec<String>) {
        match actions {
            [
                Action::Try {
                    job,
                    exercise: 0,
                    words,
                },
            ] => (*job, words.clone()),
            other => panic!("expected a try of exercise 0, got {other:?}"),
        }
    }

    /// The job of the single `Grade` action in `actions`, checking which exercise it grades.
    fn grade_job(actions: &[Action], exercise: usize) -> JobId {
        match actions {
            [.., Action::Grade { job, exercise: e }] if *e == exercise => *job,
            other => panic!("expected a grading of exercise {exercise}, got {other:?}"),
        }
    }

    #[test]
    fn a_grading_tells_how_far_it_has_got_until_its_verdict() {
        let (mut state, job) = started(3);
        let progress = |job| Event::Progress {
            job,
            status: "2 of 4 test groups done, 3 s".to_string(),
        };
        state.handle(progress(job + 100));
        assert_eq!(
            state.progress, None,
            "another job's progress is not this one's"
        );
        state.handle(progress(job));
        assert_eq!(
            state.progress.as_deref(),
            Some("2 of 4 test groups done, 3 s")
        );
        fail(&mut state, job);
        assert_eq!(state.progress, None);
    }

    fn started(count: usize) -> (State, JobId) {
        let (state, actions) = State::new(entries(count), 0, false);
        let job = grade_job(&actions, 0);
        (state, job)
    }

    #[test]
    fn starts_by_grading_the_current_exercise() {
        let (state, actions) = State::new(entries(3), 1, false);
        grade_job(&actions, 1);
        assert!(matches!(state.status, Status::Grading));
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn a_pass_is_shown_and_recorded() {
        let (mut state, job) = started(3);
        let actions = graded(&mut state, job, passed("exercise_0"));
        assert!(matches!(actions.as_slice(), [Action::Record(g)] if g.passed()));
        assert!(state.current_passes());
        assert!(state.entries[0].done);
        assert_eq!(state.done_count(), 1);
    }

    #[test]
    fn a_failure_is_recorded_as_not_done() {
        let (mut state, job) = started(3);
        state.entries[0].done = true;
        let actions = fail(&mut state, job);
        assert!(matches!(actions.as_slice(), [Action::Record(g)] if !g.passed()));
        assert!(!state.entries[0].done);
    }

    #[test]
    fn saving_the_current_file_regrades_and_hides_the_old_verdict() {
        let (mut state, job) = started(3);
        fail(&mut state, job);
        let actions = state.handle(Event::Saved(state.entries[0].path.clone()));
        let new_job = grade_job(&actions, 0);
        assert_ne!(new_job, job);
        assert!(matches!(state.status, Status::Grading));
    }

    #[test]
    fn a_result_of_a_replaced_grading_is_ignored() {
        let (mut state, old_job) = started(3);
        let actions = state.handle(Event::Saved(state.entries[0].path.clone()));
        let new_job = grade_job(&actions, 0);
        let ignored = graded(&mut state, old_job, passed("exercise_0"));
        assert!(ignored.is_empty());
        assert!(matches!(state.status, Status::Grading));
        fail(&mut state, new_job);
        assert!(matches!(state.status, Status::Graded(_)));
        assert!(!state.current_passes());
    }

    #[test]
    fn saving_another_exercise_keeps_the_current_one_and_says_so() {
        let (mut state, _) = started(3);
        let actions = state.handle(Event::Saved(state.entries[2].path.clone()));
        assert!(actions.is_empty());
        assert_eq!(state.current, 0);
        let Some(note) = &state.note else {
            panic!("expected a note, got {:?}", state.note);
        };
        assert!(
            note.text.contains("exercises/exercise_2/src/lib.rs"),
            "{note:?}"
        );
        assert!(note.text.contains("exercise_0"), "{note:?}");
    }

    #[test]
    fn saving_an_unknown_file_does_nothing() {
        let (mut state, _) = started(3);
        let actions = state.handle(Event::Saved(PathBuf::from("/wb/exercises/notes.txt")));
        assert!(actions.is_empty());
        assert!(state.note.is_none());
    }

    #[test]
    fn next_waits_for_a_pass() {
        let (mut state, job) = started(3);
        assert!(state.handle(key('n')).is_empty());
        assert_eq!(state.note, Some(Note::info(WAIT_FOR_VERDICT)));
        fail(&mut state, job);
        assert!(state.handle(key('n')).is_empty());
        assert_eq!(state.note, Some(Note::info(NOT_PASSED_YET)));
        assert_eq!(state.current, 0);
    }

    #[test]
    fn next_after_a_pass_moves_on_and_grades_the_next_exercise() {
        let (mut state, job) = started(3);
        graded(&mut state, job, passed("exercise_0"));
        state.show_hint = true;
        let actions = state.handle(key('n'));
        assert!(matches!(actions[0], Action::MakeCurrent(1)));
        grade_job(&actions, 1);
        assert_eq!(state.current, 1);
        assert!(!state.show_hint, "the hint of the old exercise is hidden");
        assert!(matches!(state.status, Status::Grading));
    }

    #[test]
    fn next_skips_exercises_already_done_and_wraps_around() {
        let (mut state, job) = State::new(entries(4), 1, false);
        let job = grade_job(&job, 1);
        state.entries[2].done = true;
        state.entries[3].done = true;
        graded(&mut state, job, passed("exercise_1"));
        assert_eq!(state.next_pending(), Some(0));
        let actions = state.handle(key('n'));
        grade_job(&actions, 0);
    }

    #[test]
    fn next_after_the_last_pass_finishes() {
        let (mut state, job) = started(2);
        state.entries[1].done = true;
        graded(&mut state, job, passed("exercise_0"));
        assert!(state.handle(key('n')).is_empty());
        assert!(matches!(state.view, View::Finished));
        assert!(matches!(state.handle(key('q')).as_slice(), [Action::Quit]));
    }

    #[test]
    fn hint_toggles() {
        let (mut state, _) = started(2);
        state.handle(key('h'));
        assert!(state.show_hint);
        state.handle(key('h'));
        assert!(!state.show_hint);
    }

    #[test]
    fn the_list_jumps_by_number() {
        let (mut state, _) = started(12);
        state.handle(key('l'));
        state.handle(key('1'));
        state.handle(key('1'));
        let actions = state.handle(Event::Key(Key::Enter));
        assert!(matches!(actions[0], Action::MakeCurrent(10)));
        grade_job(&actions, 10);
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn the_list_jumps_by_arrows() {
        let (mut state, _) = started(3);
        state.handle(key('l'));
        state.handle(Event::Key(Key::Down));
        state.handle(Event::Key(Key::Down));
        state.handle(Event::Key(Key::Down));
        state.handle(Event::Key(Key::Up));
        let actions = state.handle(Event::Key(Key::Enter));
        grade_job(&actions, 1);
    }

    #[test]
    fn the_list_rejects_a_number_out_of_range() {
        let (mut state, _) = started(3);
        state.handle(key('l'));
        state.handle(key('9'));
        assert!(state.handle(Event::Key(Key::Enter)).is_empty());
        assert!(matches!(&state.note, Some(n) if n.problem && n.text.contains("1 to 3")));
        assert!(matches!(state.view, View::List { .. }));
        state.handle(key('q'));
        assert!(matches!(state.view, View::Exercise));
        assert_eq!(state.current, 0);
    }

    #[test]
    fn choosing_the_current_exercise_in_the_list_just_closes_it() {
        let (mut state, _) = started(3);
        state.handle(key('l'));
        assert!(state.handle(Event::Key(Key::Enter)).is_empty());
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn reset_asks_first() {
        let (mut state, _) = started(3);
        state.handle(key('r'));
        assert!(matches!(state.view, View::ConfirmReset));
        assert!(state.handle(key('x')).is_empty());
        assert_eq!(state.note, Some(Note::info(RESET_KEPT)));

        state.entries[0].done = true;
        state.handle(key('r'));
        let actions = state.handle(key('y'));
        assert!(matches!(actions[0], Action::Reset(0)));
        grade_job(&actions, 0);
        assert!(!state.entries[0].done);
    }

    #[test]
    fn check_all_shows_results_and_records_them() {
        let (mut state, _) = started(2);
        let actions = state.handle(key('c'));
        let [Action::CheckAll { job }] = actions.as_slice() else {
            panic!("expected a check of all, got {actions:?}");
        };
        let actions = state.handle(Event::CheckedAll {
            job: *job,
            outcomes: vec![passed("exercise_0"), failed("exercise_1")],
        });
        assert_eq!(actions.len(), 2, "both verdicts are recorded");
        assert!(matches!(&state.view, View::CheckAll(Some(o)) if o.len() == 2));
        assert!(
            state.current_passes(),
            "the check graded the current exercise too"
        );
        assert!(state.entries[0].done && !state.entries[1].done);
        state.handle(Event::Key(Key::Enter));
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn stopping_check_all_regrades_an_exercise_it_interrupted() {
        let (mut state, _) = started(2);
        state.handle(key('c'));
        let actions = state.handle(Event::Key(Key::Escape));
        assert!(matches!(actions[0], Action::Cancel));
        grade_job(&actions, 0);
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn a_save_during_check_all_replaces_it() {
        let (mut state, _) = started(2);
        let actions = state.handle(key('c'));
        let [Action::CheckAll { job: check }] = actions.as_slice() else {
            panic!("expected a check of all, got {actions:?}");
        };
        let check = *check;
        let actions = state.handle(Event::Saved(state.entries[0].path.clone()));
        grade_job(&actions, 0);
        assert!(matches!(state.view, View::Exercise));
        let late = state.handle(Event::CheckedAll {
            job: check,
            outcomes: vec![passed("exercise_0"), passed("exercise_1")],
        });
        assert!(late.is_empty(), "a stopped check is ignored");
        assert!(matches!(state.status, Status::Grading));
    }

    #[test]
    fn q_quits_from_the_verdict_and_ctrl_c_and_signals_from_anywhere() {
        let (mut state, job) = started(2);
        fail(&mut state, job);
        assert!(matches!(state.handle(key('q')).as_slice(), [Action::Quit]));
        state.handle(key('l'));
        assert!(state.handle(key('q')).is_empty(), "q closes the list");
        state.handle(key('l'));
        let interrupt = state.handle(Event::Key(Key::Interrupt));
        assert!(matches!(interrupt.as_slice(), [Action::Quit]));
        assert!(matches!(
            state.handle(Event::Stop).as_slice(),
            [Action::Quit]
        ));
    }

    #[test]
    fn q_during_a_grading_asks_first() {
        let (mut state, _) = started(2);
        assert!(state.handle(key('q')).is_empty(), "a grading runs: asked");
        assert!(matches!(state.view, View::ConfirmQuit));
        assert!(
            state.handle(key('n')).is_empty(),
            "anything but y: watch goes on"
        );
        assert!(matches!(state.view, View::Exercise));
        state.handle(key('q'));
        assert!(matches!(state.handle(key('y')).as_slice(), [Action::Quit]));

        // Ctrl-C and signals do not ask.
        let (mut state, _) = started(2);
        let interrupt = state.handle(Event::Key(Key::Interrupt));
        assert!(matches!(interrupt.as_slice(), [Action::Quit]));
        state.handle(key('q'));
        assert!(matches!(
            state.handle(Event::Stop).as_slice(),
            [Action::Quit]
        ));

        // The verdict comes while asking: the question is over, and says so.
        let (mut state, job) = started(2);
        state.handle(key('q'));
        fail(&mut state, job);
        assert!(matches!(state.view, View::Exercise));
        assert_eq!(state.note, Some(Note::info(GRADING_ENDED)));
        assert!(matches!(state.handle(key('q')).as_slice(), [Action::Quit]));
    }

    #[test]
    fn esc_and_q_go_back_from_every_screen_over_the_verdict_and_never_quit() {
        // Each screen over the verdict, and the keys that open it.
        let openers: [(&str, &[char]); 7] = [
            ("output", &['o']),
            ("try result", &['t', '7']),
            ("list", &['l']),
            ("keys", &['?']),
            ("check results", &['c']),
            ("reset question", &['r']),
            ("try prompt", &['t']),
        ];
        for back in [Key::Escape, Key::Char('q')] {
            for (screen, opener) in openers {
                if screen == "try prompt" && back == Key::Char('q') {
                    continue; // q is typed there
                }
                let (mut state, job) = started(2);
                graded(&mut state, job, failed_printing("exercise_0", "printed\n"));
                for &c in opener {
                    state.handle(key(c));
                }
                if screen == "try result" {
                    let (job, _) = try_action(&state.handle(Event::Key(Key::Enter)));
                    state.handle(Event::Tried {
                        job,
                        outcome: tried_wrong("exercise_0", "heaps = [7]"),
                    });
                }
                if let View::CheckAll(None) = state.view {
                    let job = match state.running {
                        Some((job, JobKind::CheckAll)) => job,
                        other => panic!("{other:?}"),
                    };
                    state.handle(Event::CheckedAll {
                        job,
                        outcomes: vec![failed("exercise_0"), failed("exercise_1")],
                    });
                }
                assert!(
                    !matches!(state.view, View::Exercise),
                    "{opener:?} opens the {screen}"
                );
                let actions = state.handle(Event::Key(back));
                assert!(
                    !actions.iter().any(|a| matches!(a, Action::Quit)),
                    "{back:?} on the {screen} quit"
                );
                assert!(
                    matches!(state.view, View::Exercise),
                    "{back:?} on the {screen} goes back, not to {:?}",
                    state.view
                );
            }
        }
    }

    #[test]
    fn a_screens_own_key_twice_then_q_goes_back_and_does_not_quit() {
        for opener in ['o', 'l', '?'] {
            let (mut state, job) = started(2);
            graded(&mut state, job, failed_printing("exercise_0", "printed\n"));
            state.handle(key(opener));
            assert!(state.handle(key(opener)).is_empty());
            assert!(
                !matches!(state.view, View::Exercise),
                "{opener} twice stays on its screen"
            );
            assert!(
                state.handle(key('q')).is_empty(),
                "{opener} {opener} q quit"
            );
            assert!(matches!(state.view, View::Exercise));
        }
        // `c` on its results grades them all again, which q then stops.
        let (mut state, job) = started(2);
        fail(&mut state, job);
        let [Action::CheckAll { job }] = state.handle(key('c')).as_slice().to_owned()[..] else {
            panic!("expected a check of all");
        };
        state.handle(Event::CheckedAll {
            job,
            outcomes: vec![failed("exercise_0"), failed("exercise_1")],
        });
        assert!(matches!(
            state.handle(key('c')).as_slice(),
            [Action::CheckAll { .. }]
        ));
        let stopped = state.handle(key('q'));
        assert!(
            matches!(stopped.first(), Some(Action::Cancel)),
            "{stopped:?}"
        );
        assert!(!stopped.iter().any(|a| matches!(a, Action::Quit)));
    }

    #[test]
    fn esc_hides_the_hint_and_does_nothing_else() {
        let (mut state, job) = started(2);
        fail(&mut state, job);
        state.handle(key('h'));
        assert!(state.show_hint);
        assert!(state.handle(Event::Key(Key::Escape)).is_empty());
        assert!(!state.show_hint);
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn capital_l_pages_the_lesson_or_says_where_it_is() {
        let (mut state, job) = started(2);
        fail(&mut state, job);
        assert!(matches!(
            state.handle(key('L')).as_slice(),
            [Action::ShowLesson(0)]
        ));
        assert!(matches!(state.view, View::Exercise), "watch stays under it");
        state.handle(key('o'));
        assert!(
            state.handle(key('l')).is_empty() && matches!(state.view, View::List { .. }),
            "small l is still the list"
        );
        let (mut state, _) = State::new(entries(2), 0, true);
        assert!(state.handle(line("L")).is_empty());
        assert_eq!(state.note, Some(Note::info(LESSON_WITHOUT_TERMINAL)));
    }

    #[test]
    fn closed_input_is_noted() {
        let (mut state, _) = started(2);
        state.handle(Event::InputClosed);
        assert!(state.input_closed);
        assert_eq!(state.note, Some(Note::session(INPUT_CLOSED)));
    }

    #[test]
    fn scroll_keys_move_the_body_within_its_length() {
        let mut state = failed_and_drawn();
        // 10 rows of 30 lines: a page is 9 lines (one stays in view), the end is line 20.
        let steps = [
            (Event::Key(Key::Down), 1),
            (key('j'), 2),
            (key('k'), 1),
            (key(' '), 10),
            (key('G'), 20),
            (Event::Key(Key::PageDown), 20),
            (key('b'), 11),
            (key('g'), 0),
            (key('+'), 9),
            (key('-'), 0),
            (Event::Key(Key::Up), 0),
            (Event::Key(Key::End), 20),
            (Event::Key(Key::PageUp), 11),
            (Event::Key(Key::Home), 0),
        ];
        for (event, top) in steps {
            let shown = format!("{event:?}");
            state.handle(event);
            assert_eq!(state.scroll, top, "after {shown}");
        }
    }

    #[test]
    fn a_body_that_fits_does_not_scroll_and_a_shorter_one_clamps() {
        let mut state = failed_and_drawn();
        state.handle(key('G'));
        state.handle(Event::Drawn(Viewport {
            rows: 10,
            lines: 12,
        }));
        assert_eq!(state.scroll, 2);
        state.handle(Event::Drawn(Viewport { rows: 10, lines: 4 }));
        assert_eq!(state.scroll, 0);
        state.handle(key('j'));
        assert_eq!(state.scroll, 0);
    }

    #[test]
    fn capitals_are_keys_too_but_g_is_not_g() {
        let (mut state, job) = started(2);
        fail(&mut state, job);
        state.handle(key('H'));
        assert!(state.show_hint, "Caps Lock does not turn keys off");
        assert!(matches!(state.handle(key('Q')).as_slice(), [Action::Quit]));
    }

    #[test]
    fn a_new_verdict_a_save_and_the_hint_show_the_body_from_its_top() {
        let mut state = failed_and_drawn();
        state.handle(key('G'));
        state.handle(key('h'));
        assert_eq!(
            state.scroll, 0,
            "the hint is below the verdict: both from the top"
        );
        state.handle(key('G'));
        let actions = state.handle(Event::Saved(state.entries[0].path.clone()));
        assert_eq!(state.scroll, 0);
        let job = grade_job(&actions, 0);
        state.handle(Event::Drawn(Viewport {
            rows: 10,
            lines: 30,
        }));
        state.handle(key('G'));
        fail(&mut state, job);
        assert_eq!(state.scroll, 0);
    }

    #[test]
    fn o_shows_all_the_output_and_other_keys_go_back() {
        let (mut state, job) = started(2);
        graded(
            &mut state,
            job,
            failed_printing("exercise_0", "line 1\nline 2\n"),
        );
        assert!(state.failure_with_output().is_some());
        state.handle(key('o'));
        assert!(matches!(state.view, View::Output));
        state.handle(key('j'));
        assert!(matches!(state.view, View::Output), "it scrolls");
        state.handle(key('o'));
        assert!(matches!(state.view, View::Output), "o again keeps it");
        state.handle(Event::Key(Key::Enter));
        assert!(matches!(state.view, View::Exercise));
        state.handle(key('o'));
        state.handle(key('h'));
        assert!(matches!(state.view, View::Exercise));
        assert!(
            state.show_hint,
            "a key that is no scroll acts on the verdict"
        );
    }

    #[test]
    fn o_without_output_says_there_is_none() {
        let (mut state, job) = started(2);
        fail(&mut state, job);
        state.handle(key('o'));
        assert!(matches!(state.view, View::Exercise));
        assert_eq!(state.note, Some(Note::info(NO_OUTPUT)));
    }

    #[test]
    fn t_asks_for_an_input_and_tries_it() {
        let mut state = failed_and_drawn();
        state.handle(key('t'));
        assert!(
            state.handle(Event::Key(Key::Enter)).is_empty(),
            "an empty input closes the prompt"
        );
        assert!(matches!(state.view, View::Exercise));
        state.handle(key('t'));
        assert!(matches!(state.view, View::TryPrompt { .. }));
        for c in "3 4 x".chars() {
            assert!(
                state.handle(key(c)).is_empty(),
                "q, n... are typed, not keys"
            );
        }
        state.handle(Event::Key(Key::Backspace));
        state.handle(key('5'));
        state.handle(Event::Key(Key::PageDown));
        assert_eq!(
            state.scroll, 9,
            "the verdict above scrolls with keys that type nothing"
        );
        assert!(matches!(&state.view, View::TryPrompt { typed } if typed == "3 4 5"));
        let (job, words) = try_action(&state.handle(Event::Key(Key::Enter)));
        assert_eq!(words, ["3", "4", "5"]);
        assert!(matches!(&state.view, View::Tried { outcome: None, .. }));
        assert!(
            state.handle(key('n')).is_empty(),
            "keys wait for the try, but q"
        );

        let actions = state.handle(Event::Tried {
            job,
            outcome: tried_wrong("exercise_0", "heaps = [3, 4, 5]"),
        });
        assert!(
            actions.is_empty(),
            "the verdict was there: nothing to grade"
        );
        assert!(matches!(
            &state.view,
            View::Tried {
                outcome: Some(_),
                ..
            }
        ));
        state.handle(key('j'));
        assert!(matches!(&state.view, View::Tried { .. }), "it scrolls");
        state.handle(key('t'));
        assert!(
            matches!(&state.view, View::TryPrompt { typed } if typed.is_empty()),
            "the prompt opens empty: typing never appends to the last input"
        );
        state.handle(key('1'));
        let (_, words) = try_action(&state.handle(Event::Key(Key::Enter)));
        assert_eq!(words, ["1"]);
        state.handle(Event::Key(Key::Escape));
        state.handle(key('t'));
        state.handle(Event::Key(Key::Escape));
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn with_keys_as_lines_the_next_line_is_the_input() {
        let (mut state, _) = State::new(entries(2), 0, true);
        state.handle(line("t"));
        assert!(matches!(state.view, View::TryPrompt { .. }));
        let (_, words) = try_action(&state.handle(line("[3, 4, 5] 0 1")));
        assert_eq!(words, ["[3, 4, 5]", "0", "1"]);

        let (mut state, _) = State::new(entries(2), 0, true);
        let (_, words) = try_action(&state.handle(line("t 3,4,5 0 1")));
        assert_eq!(words, ["3,4,5", "0", "1"], "or the rest of the line");
        state.handle(line("q"));
        assert!(matches!(state.view, View::Exercise), "q stops the try");
    }

    #[test]
    fn a_line_of_keys_is_its_characters_and_a_number_ends_with_enter() {
        assert_eq!(line_keys("n"), vec![Key::Char('n')]);
        assert_eq!(
            line_keys(" 12 \r"),
            vec![Key::Char('1'), Key::Char('2'), Key::Enter]
        );
        assert_eq!(line_keys(""), vec![Key::Enter]);
        assert_eq!(line_keys("G"), vec![Key::Char('G')]);
        let (mut state, _) = State::new(entries(12), 0, true);
        state.handle(line("l"));
        let actions = state.handle(line("11"));
        grade_job(&actions, 10);
    }

    #[test]
    fn a_save_replaces_a_try_and_its_late_result_is_ignored() {
        let (mut state, _) = started(2);
        let (job, _) = trying(&mut state, "7");
        let actions = state.handle(Event::Saved(state.entries[0].path.clone()));
        grade_job(&actions, 0);
        assert!(matches!(state.view, View::Exercise));
        let late = state.handle(Event::Tried {
            job,
            outcome: TryOutcome::Invalid("no".to_string()),
        });
        assert!(late.is_empty());
        assert!(matches!(state.view, View::Exercise));
    }

    #[test]
    fn a_try_that_replaced_a_grading_grades_again_after() {
        let (mut state, _) = started(2);
        assert!(matches!(state.status, Status::Grading));
        let (job, _) = trying(&mut state, "7");
        let actions = state.handle(Event::Tried {
            job,
            outcome: TryOutcome::Error("boom".to_string()),
        });
        grade_job(&actions, 0);

        trying(&mut state, "7");
        let actions = state.handle(key('q'));
        assert!(matches!(actions[0], Action::Cancel));
        grade_job(&actions, 0);
        assert_eq!(state.note, Some(Note::info(TRY_STOPPED)));
    }

    #[test]
    fn a_note_about_a_reset_goes_with_the_next_save_or_verdict() {
        let (mut state, job) = started(2);
        fail(&mut state, job);
        state.handle(key('r'));
        state.handle(key('x'));
        assert_eq!(state.note, Some(Note::info(RESET_KEPT)));
        state.handle(Event::Saved(state.entries[0].path.clone()));
        assert_eq!(state.note, None, "a save outdates \"nothing changed\"");

        state.handle(key('r'));
        let actions = state.handle(key('y'));
        assert_eq!(state.note, Some(Note::info(RESET_DONE)));
        fail(&mut state, grade_job(&actions, 0));
        assert_eq!(state.note, None, "the stub's verdict outdates the note");

        state.handle(key('r'));
        state.handle(key('y'));
        state.handle(Event::Saved(state.entries[0].path.clone()));
        assert_eq!(state.note, None, "so does a save");
    }

    #[test]
    fn a_note_about_a_key_goes_with_the_next_verdict() {
        let (mut state, job) = started(2);
        state.handle(key('n'));
        assert_eq!(state.note, Some(Note::info(WAIT_FOR_VERDICT)));
        fail(&mut state, job);
        assert_eq!(state.note, None);
        state.handle(Event::Problem("cannot write".to_string()));
        state.handle(key('h'));
        assert_eq!(state.note, None, "a problem goes with the next key");
    }

    #[test]
    fn a_damaged_progress_file_is_told_past_the_first_verdict_until_a_key_or_save() {
        let (mut state, job) = started(2);
        state.handle(Event::ProgressDamaged("set aside".to_string()));
        fail(&mut state, job);
        assert_eq!(state.note, Some(Note::session("set aside")));
        state.handle(Event::Saved(state.entries[0].path.clone()));
        assert_eq!(state.note, None);

        let (mut state, _) = started(2);
        state.handle(Event::ProgressDamaged("set aside".to_string()));
        state.handle(key('h'));
        assert_eq!(state.note, None);
    }

    #[test]
    fn without_keys_a_save_of_another_exercise_makes_it_current() {
        let (mut state, _) = started(3);
        state.handle(key('l'));
        state.handle(Event::InputClosed);
        assert!(
            matches!(state.view, View::Exercise),
            "nothing waits for a key"
        );
        let actions = state.handle(Event::Saved(state.entries[2].path.clone()));
        assert!(matches!(actions[0], Action::MakeCurrent(2)));
        grade_job(&actions, 2);
        assert!(matches!(&state.note, Some(n) if n.text.contains("is the current exercise now")));
    }

    #[test]
    fn keys_closing_stops_a_try() {
        let (mut state, _) = State::new(entries(2), 0, true);
        let (_, _) = try_action(&state.handle(line("t 3")));
        let actions = state.handle(Event::InputClosed);
        assert!(matches!(actions[0], Action::Cancel));
        grade_job(&actions, 0);
        assert!(matches!(state.view, View::Exercise));
    }
}
