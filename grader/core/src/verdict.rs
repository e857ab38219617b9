//! The words of a verdict, shared by every part of the grader: the kinds of verdict,
//! why an answer is wrong ([`Mistake`]), what went wrong in a case ([`Problem`]), the
//! failing case a learner is shown ([`Failure`]), and a group's result ([`GroupResult`]).

use std::time::Duration;

use crate::run::{Limit, Printed};

/// Declares [`Kind`] with its label and its folder of recorded solutions, and
/// `Kind::ALL`, from one list.
macro_rules! kinds {
    ($( $(#[$doc:meta])* $kind:ident: $label:literal, $folder:literal; )*) => {
        /// What happened to an exercise, or to a group of its cases.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $( $(#[$doc])* $kind, )*
        }

        impl Kind {
            /// Every kind, in this order.
            pub const ALL: &[Kind] = &[$( Kind::$kind ),*];

            /// The verdict in words: "passed", "wrong answer"...
            pub fn label(self) -> &'static str {
                match self {
                    $( Kind::$kind => $label, )*
                }
            }

            /// The folder of recorded solutions that must get this verdict, e.g.
            /// `wrong_answer`.
            pub fn folder(self) -> &'static str {
                match self {
                    $( Kind::$kind => $folder, )*
                }
            }
        }
    };
}

kinds! {
    Accepted: "passed", "accepted";
    WrongAnswer: "wrong answer", "wrong_answer";
    TimeLimit: "time limit", "time_limit";
    Panicked: "panicked", "panicked";
    StackOverflow: "stack overflow", "stack_overflow";
    MemoryLimit: "memory limit", "memory_limit";
    OutputLimit: "output limit", "output_limit";
    EndedEarly: "ended early", "ended_early";
    CompileError: "compile error", "compile_error";
    /// The learner's file could not be read (missing, a symlink, not UTF-8, huge...).
    Unreadable: "unreadable file", "unreadable";
    /// The grader's own checker failed: a bug in the hidden tests, not in the code.
    InternalError: "internal error", "internal_error";
}

impl Kind {
    pub fn from_folder(folder: &str) -> Option<Kind> {
        Kind::ALL
            .iter()
            .copied()
            .find(|kind| kind.folder() == folder)
    }

    /// Whether the learner's code ran and answered wrongly (as opposed to not running to
    /// the end): Exercism's `fail` rather than `error`.
    pub fn is_wrong_answer(self) -> bool {
        self == Kind::WrongAnswer
    }
}

/// Why an answer is wrong: the rule it broke, in the lesson's words, and, when the
/// answer looks like a classic mistake, advice aimed at that mistake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    pub rule: String,
    pub advice: Option<String>,
    /// The classic mistake the advice names, when the grader proved it (see the
    /// grader's `model::diagnosis`): a smaller input fails "the same way" when the same
    /// mistake explains it.
    pub diagnosis: Option<&'static str>,
    /// The evidence behind the advice: every classic mistake suspected on the wrong
    /// answers the group weighed (none for a case judged alone). Never shown: `dev
    /// check` reads it to prove that each piece of advice is both shown and held back
    /// on recorded solutions.
    pub suspected: Vec<Suspected>,
}

/// A classic mistake whose model gave at least one of the wrong answers a group
/// weighed (see the grader's `model::diagnosis`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suspected {
    pub mistake: &'static str,
    /// Its advice on the first wrong answer it gave.
    pub advice: String,
    /// Whether the evidence proved it: its model gave every wrong answer weighed, and no
    /// case the code passed cleared it.
    pub proven: bool,
}

impl Mistake {
    pub fn new(rule: impl Into<String>) -> Self {
        Mistake {
            rule: rule.into(),
            advice: None,
            diagnosis: None,
            suspected: Vec::new(),
        }
    }
    pub fn advice(mut self, advice: impl Into<String>) -> Self {
        self.advice = Some(advice.into());
        self
    }
    /// Adds advice when there is some (the first advice given stays).
    pub fn maybe_advice(mut self, advice: Option<String>) -> Self {
        self.advice = self.advice.or(advice);
        self
    }
}

/// What went wrong in a failing case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    WrongAnswer(Mistake),
    Panicked {
        message: String,
        advice: Option<String>,
    },
    /// The run reached one of its time limits ([`Limit`]) while on this case.
    TimeLimit {
        /// The CPU-time limit.
        limit: Duration,
        /// Which limit ended the run: the CPU time, or the wall-clock cap.
        by: Limit,
        /// The CPU time and the wall-clock time the run had used.
        cpu: Duration,
        wall: Duration,
        expected_cost: &'static str,
        /// What the other groups' run times prove about this one, when they prove
        /// something (see the grader's `model::pace`).
        advice: Option<String>,
    },
    StackOverflow {
        advice: Option<String>,
    },
    MemoryLimit {
        advice: Option<String>,
    },
    OutputLimit {
        limit_bytes: u64,
    },
    /// The process ended on its own before answering this case.
    EndedEarly {
        exit: String,
    },
    /// The grader's checker panicked on this case: a bug in the hidden tests.
    InternalError {
        checker: String,
        message: String,
    },
}

impl Problem {
    pub fn kind(&self) -> Kind {
        match self {
            Problem::WrongAnswer(_) => Kind::WrongAnswer,
            Problem::Panicked { .. } => Kind::Panicked,
            Problem::TimeLimit { .. } => Kind::TimeLimit,
            Problem::StackOverflow { .. } => Kind::StackOverflow,
            Problem::MemoryLimit { .. } => Kind::MemoryLimit,
            Problem::OutputLimit { .. } => Kind::OutputLimit,
            Problem::EndedEarly { .. } => Kind::EndedEarly,
            Problem::InternalError { .. } => Kind::InternalError,
        }
    }
}

/// The failing case the learner is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub group: String,
    /// 1-based position of the case in its group.
    pub case_number: usize,
    pub input: String,
    pub answer: Option<String>,
    pub problem: Problem,
    /// What the learner's code printed while this case ran.
    pub printed: Printed,
    /// The input's measure: the smallest failure is the one shown.
    pub size: u64,
}

/// One group's result, for partial credit and reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupResult {
    pub name: String,
    pub cases: usize,
    pub passed: usize,
    /// The first failure in this group, if any.
    pub failure: Option<Failure>,
    /// How long the group's process ran.
    pub time: Duration,
    /// Whether the group ran at all (not when the file did not compile).
    pub ran: bool,
    /// When `failure` is a smaller input found by running the learner's code again on
    /// inputs made from the failing case: that case, as it first failed.
    pub shrunk_from: Option<Failure>,
}

impl GroupResult {
    /// A group that did not run.
    pub fn not_run(name: String, cases: usize) -> GroupResult {
        GroupResult {
            name,
            cases,
            passed: 0,
            failure: None,
            time: Duration::ZERO,
            ran: false,
            shrunk_from: None,
        }
    }

    /// A group that ran for `time` of CPU, before its cases are judged.
    pub fn ran(name: String, cases: usize, time: Duration) -> GroupResult {
        GroupResult {
            ran: true,
            time,
            ..GroupResult::not_run(name, cases)
        }
    }

    pub fn is_pass(&self) -> bool {
        self.ran && self.failure.is_none()
    }

    /// The classic mistakes suspected on the group's wrong answers, as its failing case
    /// first failed (before shrinking, which judges simpler inputs alone).
    pub fn suspected(&self) -> &[Suspected] {
        match self.shrunk_from.as_ref().or(self.failure.as_ref()) {
            Some(Failure {
                problem: Problem::WrongAnswer(mistake),
                ..
            }) => &mistake.suspected,
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_and_labels_are_one_to_one() {
        for &kind in Kind::ALL {
            assert_eq!(Kind::from_folder(kind.folder()), Some(kind));
            let same_label = Kind::ALL.iter().filter(|k| k.label() == kind.label());
            assert_eq!(same_label.count(), 1, "{kind:?}");
        }
        assert_eq!(Kind::from_folder("lucky"), None);
    }
}
