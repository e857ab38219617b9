//! The watch loop's state machine: events and keys in, actions out. It does no I/O, so
//! tests drive it directly; `screen` draws it and the loop in `mod.rs` carries out its
//! actions (grading on the worker, writing progress, resetting files).

use std::path::PathBuf;

use crate::judge::{Grade, Verdict};
use crate::workbook::ExerciseInfo;

/// Tags each job given to the worker, so a late result of a replaced job is ignored.
pub type JobId = u64;

/// The longest exercise number the list accepts as typed digits.
const MAX_TYPED_DIGITS: usize = 3;

const NOT_PASSED_YET: &str = "`n` moves on once this exercise passes. Keep editing and saving: \
every save is graded. (`l` lists the exercises if you want to jump to another.)";
const WAIT_FOR_VERDICT: &str = "Wait for the verdict: `n` moves on once this exercise passes.";
const RESET_KEPT: &str = "Nothing changed: your file is as it was.";
const RESET_DONE: &str = "The exercise is back to its stub.";
const CHECK_ALL_STOPPED: &str = "Grading all exercises was stopped. Press `c` to start it again.";
const INPUT_CLOSED: &str = "Standard input has ended, so keys are off. Watching goes on: \
every save is still graded. Press Ctrl-C to quit.";

/// One exercise as watch shows it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub info: ExerciseInfo,
    /// The learner's file, absolute, as file events name it.
    pub path: PathBuf,
    /// The learner's file relative to the workbook root, as editors and compilers show it.
    pub file: String,
    pub done: bool,
}

/// What grading one exercise gave.
#[derive(Debug, Clone)]
pub enum Outcome {
    Graded(Box<Grade>),
    /// The grader could not grade: the error with its causes.
    Error(String),
}

impl Outcome {
    pub fn passed(&self) -> bool {
        matches!(self, Outcome::Graded(grade) if grade.passed())
    }
}

/// The current exercise's verdict, or the fact that it is being graded: a verdict shown
/// is always the verdict of the file as it is now.
#[derive(Debug, Clone)]
pub enum Status {
    Grading,
    Graded(Outcome),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Escape,
    Up,
    Down,
    Backspace,
    /// Ctrl-C in raw mode.
    Interrupt,
}

#[derive(Debug, Clone)]
pub enum Event {
    Key(Key),
    /// One save of a file (the loop debounces the many file events of one save).
    Saved(PathBuf),
    Graded {
        job: JobId,
        outcome: Outcome,
    },
    /// Every exercise graded, in course order.
    CheckedAll {
        job: JobId,
        outcomes: Vec<Outcome>,
    },
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
pub enum Action {
    /// Grade `exercise` (an index into the entries), replacing any job the worker runs.
    Grade {
        job: JobId,
        exercise: usize,
    },
    /// Grade every exercise, replacing any job the worker runs.
    CheckAll {
        job: JobId,
    },
    /// Stop the worker's job.
    Cancel,
    /// Record this verdict in the progress file.
    Record(Box<Grade>),
    /// Make this exercise the current one in the progress file.
    MakeCurrent(usize),
    /// Put the stub back in place of this exercise's file.
    Reset(usize),
    Quit,
}

/// What fills the screen between the header and the footer.
#[derive(Debug, Clone)]
pub enum View {
    Exercise,
    /// The list of exercises: the highlighted row, and the number typed so far.
    List {
        selected: usize,
        typed: String,
    },
    ConfirmReset,
    /// Grading every exercise: `None` while it runs, then the outcomes in course order.
    CheckAll(Option<Vec<Outcome>>),
    /// Every exercise is done.
    Finished,
}

/// A line shown above the progress bar until the next key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    Info(String),
    Problem(String),
}

#[derive(Debug)]
pub struct State {
    pub entries: Vec<Entry>,
    pub current: usize,
    pub status: Status,
    pub view: View,
    pub show_hint: bool,
    pub note: Option<Note>,
    /// Keys arrive as lines (stdin is not a terminal): each needs Enter.
    pub keys_as_lines: bool,
    pub input_closed: bool,
    /// The grading whose result the screen waits for.
    grading_job: Option<JobId>,
    /// The check of all exercises whose result the screen waits for.
    check_job: Option<JobId>,
    last_job: JobId,
}

impl State {
    /// Starts on exercise `current`, and asks for it to be graded at once.
    pub fn new(entries: Vec<Entry>, current: usize, keys_as_lines: bool) -> (Self, Vec<Action>) {
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
            note: None,
            keys_as_lines,
            input_closed: false,
            grading_job: None,
            check_job: None,
            last_job: 0,
        };
        let actions = vec![state.grade_current()];
        (state, actions)
    }

    pub fn current_entry(&self) -> &Entry {
        &self.entries[self.current]
    }

    pub fn done_count(&self) -> usize {
        self.entries.iter().filter(|e| e.done).count()
    }

    /// Whether the verdict on screen says the current exercise passes.
    pub fn current_passes(&self) -> bool {
        matches!(&self.status, Status::Graded(outcome) if outcome.passed())
    }

    /// Where `n` goes: the first exercise not done after the current one, else the first
    /// not done at all; `None` once every exercise is done.
    pub fn next_pending(&self) -> Option<usize> {
        let after = self.entries[self.current + 1..]
            .iter()
            .position(|e| !e.done)
            .map(|i| self.current + 1 + i);
        after.or_else(|| self.entries.iter().position(|e| !e.done))
    }

    pub fn handle(&mut self, event: Event) -> Vec<Action> {
        match event {
            Event::Key(key) => {
                self.note = None;
                self.on_key(key)
            }
            Event::Saved(path) => self.on_saved(&path),
            Event::Graded { job, outcome } => self.on_graded(job, outcome),
            Event::CheckedAll { job, outcomes } => self.on_checked_all(job, outcomes),
            Event::InputClosed => {
                self.input_closed = true;
                self.note = Some(Note::Info(INPUT_CLOSED.to_string()));
                Vec::new()
            }
            Event::Problem(message) => {
                self.note = Some(Note::Problem(message));
                Vec::new()
            }
            Event::ProgressDamaged(notice) => {
                self.note = Some(Note::Info(notice));
                Vec::new()
            }
            Event::Stop => vec![Action::Quit],
        }
    }

    fn new_job(&mut self) -> JobId {
        self.last_job += 1;
        self.last_job
    }

    /// Grades the current exercise; whatever the worker did is replaced.
    fn grade_current(&mut self) -> Action {
        let job = self.new_job();
        self.grading_job = Some(job);
        self.check_job = None;
        self.status = Status::Grading;
        Action::Grade {
            job,
            exercise: self.current,
        }
    }

    fn on_key(&mut self, key: Key) -> Vec<Action> {
        if key == Key::Interrupt {
            return vec![Action::Quit];
        }
        match &self.view {
            View::Exercise => self.on_exercise_key(key),
            View::Finished => self.on_finished_key(key),
            View::List { .. } => self.on_list_key(key),
            View::ConfirmReset => self.on_confirm_key(key),
            View::CheckAll(None) => self.on_check_running_key(key),
            View::CheckAll(Some(_)) => self.on_check_results_key(key),
        }
    }

    fn on_exercise_key(&mut self, key: Key) -> Vec<Action> {
        match key {
            Key::Char('n') => self.go_next(),
            Key::Char('h') => {
                self.show_hint = !self.show_hint;
                Vec::new()
            }
            Key::Char('l') => self.open_list(),
            Key::Char('c') => self.check_all(),
            Key::Char('r') => {
                self.view = View::ConfirmReset;
                Vec::new()
            }
            Key::Char('q') => vec![Action::Quit],
            _ => Vec::new(),
        }
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
            self.note = Some(Note::Info(message.to_string()));
            return Vec::new();
        }
        match self.next_pending() {
            Some(next) => self.jump_to(next),
            None => {
                self.view = View::Finished;
                Vec::new()
            }
        }
    }

    fn jump_to(&mut self, exercise: usize) -> Vec<Action> {
        self.view = View::Exercise;
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
                        self.note = Some(Note::Problem(format!(
                            "There is no exercise {typed}: type a number from 1 to {}, then Enter.",
                            last + 1
                        )));
                        typed.clear();
                    }
                }
            }
            Key::Escape | Key::Char('q') | Key::Char('l') => self.view = View::Exercise,
            _ => {}
        }
        Vec::new()
    }

    fn on_confirm_key(&mut self, key: Key) -> Vec<Action> {
        self.view = View::Exercise;
        if key != Key::Char('y') {
            self.note = Some(Note::Info(RESET_KEPT.to_string()));
            return Vec::new();
        }
        self.entries[self.current].done = false;
        self.note = Some(Note::Info(RESET_DONE.to_string()));
        vec![Action::Reset(self.current), self.grade_current()]
    }

    fn check_all(&mut self) -> Vec<Action> {
        let job = self.new_job();
        self.check_job = Some(job);
        // The check grades the current exercise too: a grading it replaces is not lost.
        self.grading_job = None;
        self.view = View::CheckAll(None);
        vec![Action::CheckAll { job }]
    }

    fn on_check_running_key(&mut self, key: Key) -> Vec<Action> {
        if !matches!(key, Key::Escape | Key::Char('q')) {
            return Vec::new();
        }
        self.check_job = None;
        self.view = View::Exercise;
        self.note = Some(Note::Info(CHECK_ALL_STOPPED.to_string()));
        let mut actions = vec![Action::Cancel];
        if matches!(self.status, Status::Grading) {
            actions.push(self.grade_current());
        }
        actions
    }

    fn on_check_results_key(&mut self, key: Key) -> Vec<Action> {
        match key {
            Key::Char('l') => self.open_list(),
            Key::Enter | Key::Escape | Key::Char('q') | Key::Char('c') => {
                self.view = View::Exercise;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn on_saved(&mut self, path: &std::path::Path) -> Vec<Action> {
        let Some(saved) = self.entries.iter().position(|e| e.path == path) else {
            return Vec::new();
        };
        if saved != self.current {
            self.note = Some(Note::Info(format!(
                "You saved {}; the current exercise is still {} (`l` lists the exercises \
                 to jump to another).",
                self.entries[saved].file, self.entries[self.current].info.name
            )));
            return Vec::new();
        }
        match self.view {
            View::CheckAll(None) => {
                self.note = Some(Note::Info(format!(
                    "You saved {}, so grading all exercises stopped to grade it. Press `c` \
                     to start it again.",
                    self.entries[saved].file
                )));
                self.view = View::Exercise;
            }
            View::CheckAll(Some(_)) | View::Finished => self.view = View::Exercise,
            View::Exercise | View::List { .. } | View::ConfirmReset => {}
        }
        vec![self.grade_current()]
    }

    fn on_graded(&mut self, job: JobId, outcome: Outcome) -> Vec<Action> {
        if self.grading_job != Some(job) {
            return Vec::new();
        }
        self.grading_job = None;
        let actions = self.learn(self.current, &outcome);
        self.status = Status::Graded(outcome);
        actions
    }

    fn on_checked_all(&mut self, job: JobId, outcomes: Vec<Outcome>) -> Vec<Action> {
        if self.check_job != Some(job) || outcomes.len() != self.entries.len() {
            return Vec::new();
        }
        self.check_job = None;
        let mut actions = Vec::new();
        for (exercise, outcome) in outcomes.iter().enumerate() {
            actions.extend(self.learn(exercise, outcome));
        }
        self.status = Status::Graded(outcomes[self.current].clone());
        if matches!(self.view, View::CheckAll(None)) {
            self.view = View::CheckAll(Some(outcomes));
        }
        actions
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
pub mod tests {
    use std::time::Duration;

    use super::*;
    use crate::judge::decide::{Failure, Problem};
    use crate::judge::run::Printed;
    use crate::model::{Mistake, Seed};

    pub fn entries(count: usize) -> Vec<Entry> {
        (0..count)
            .map(|i| Entry {
                info: ExerciseInfo {
                    name: format!("exercise_{i}"),
                    lesson: format!("lessons/lesson-{i}.md"),
                    hint: format!("Hint number {i}."),
                    points: crate::workbook::DEFAULT_POINTS,
                },
                path: PathBuf::from(format!("/wb/exercises/exercise_{i}/src/lib.rs")),
                file: format!("exercises/exercise_{i}/src/lib.rs"),
                done: false,
            })
            .collect()
    }

    pub fn passed(name: &str) -> Outcome {
        let mut grade = Grade::without_run(name, Verdict::Passed, Vec::new(), Seed::DEFAULT);
        grade.run_time = Duration::from_millis(30);
        Outcome::Graded(Box::new(grade))
    }

    pub fn failed(name: &str) -> Outcome {
        let failure = Failure {
            group: "small".to_string(),
            case_number: 1,
            input: "heaps = []".to_string(),
            answer: Some("7".to_string()),
            problem: Problem::WrongAnswer(Mistake::new("7 is not the nim-sum of no heaps.")),
            printed: Printed::default(),
            size: 0,
        };
        let verdict = Verdict::Failed(failure);
        Outcome::Graded(Box::new(Grade::without_run(
            name,
            verdict,
            Vec::new(),
            Seed::DEFAULT,
        )))
    }

    fn key(c: char) -> Event {
        Event::Key(Key::Char(c))
    }

    /// The job of the single `Grade` action in `actions`, checking which exercise it grades.
    fn grade_job(actions: &[Action], exercise: usize) -> JobId {
        match actions {
            [.., Action::Grade { job, exercise: e }] if *e == exercise => *job,
            other => panic!("expected a grading of exercise {exercise}, got {other:?}"),
        }
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
        let actions = state.handle(Event::Graded {
            job,
            outcome: passed("exercise_0"),
        });
        assert!(matches!(actions.as_slice(), [Action::Record(g)] if g.passed()));
        assert!(state.current_passes());
        assert!(state.entries[0].done);
        assert_eq!(state.done_count(), 1);
    }

    #[test]
    fn a_failure_is_recorded_as_not_done() {
        let (mut state, job) = started(3);
        state.entries[0].done = true;
        let actions = state.handle(Event::Graded {
            job,
            outcome: failed("exercise_0"),
        });
        assert!(matches!(actions.as_slice(), [Action::Record(g)] if !g.passed()));
        assert!(!state.entries[0].done);
    }

    #[test]
    fn saving_the_current_file_regrades_and_hides_the_old_verdict() {
        let (mut state, job) = started(3);
        state.handle(Event::Graded {
            job,
            outcome: failed("exercise_0"),
        });
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
        let ignored = state.handle(Event::Graded {
            job: old_job,
            outcome: passed("exercise_0"),
        });
        assert!(ignored.is_empty());
        assert!(matches!(state.status, Status::Grading));
        state.handle(Event::Graded {
            job: new_job,
            outcome: failed("exercise_0"),
        });
        assert!(matches!(state.status, Status::Graded(_)));
        assert!(!state.current_passes());
    }

    #[test]
    fn saving_another_exercise_keeps_the_current_one_and_says_so() {
        let (mut state, _) = started(3);
        let actions = state.handle(Event::Saved(state.entries[2].path.clone()));
        assert!(actions.is_empty());
        assert_eq!(state.current, 0);
        let Some(Note::Info(note)) = &state.note else {
            panic!("expected a note, got {:?}", state.note);
        };
        assert!(note.contains("exercises/exercise_2/src/lib.rs"), "{note}");
        assert!(note.contains("exercise_0"), "{note}");
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
        assert_eq!(state.note, Some(Note::Info(WAIT_FOR_VERDICT.to_string())));
        state.handle(Event::Graded {
            job,
            outcome: failed("exercise_0"),
        });
        assert!(state.handle(key('n')).is_empty());
        assert_eq!(state.note, Some(Note::Info(NOT_PASSED_YET.to_string())));
        assert_eq!(state.current, 0);
    }

    #[test]
    fn next_after_a_pass_moves_on_and_grades_the_next_exercise() {
        let (mut state, job) = started(3);
        state.handle(Event::Graded {
            job,
            outcome: passed("exercise_0"),
        });
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
        state.handle(Event::Graded {
            job,
            outcome: passed("exercise_1"),
        });
        assert_eq!(state.next_pending(), Some(0));
        let actions = state.handle(key('n'));
        grade_job(&actions, 0);
    }

    #[test]
    fn next_after_the_last_pass_finishes() {
        let (mut state, job) = started(2);
        state.entries[1].done = true;
        state.handle(Event::Graded {
            job,
            outcome: passed("exercise_0"),
        });
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
        assert!(matches!(&state.note, Some(Note::Problem(p)) if p.contains("1 to 3")));
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
        assert_eq!(state.note, Some(Note::Info(RESET_KEPT.to_string())));

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
    fn quits_on_q_ctrl_c_and_signals() {
        let (mut state, _) = started(2);
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
    fn closed_input_is_noted() {
        let (mut state, _) = started(2);
        state.handle(Event::InputClosed);
        assert!(state.input_closed);
        assert_eq!(state.note, Some(Note::Info(INPUT_CLOSED.to_string())));
    }
}
