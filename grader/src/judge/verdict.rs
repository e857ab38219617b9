//! The kinds of verdict: one list, used by reports, JSON, the folders of recorded
//! solutions and `dev check`.

/// What happened to an exercise, or to a group of its cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Accepted,
    WrongAnswer,
    TimeLimit,
    Panicked,
    StackOverflow,
    MemoryLimit,
    OutputLimit,
    EndedEarly,
    CompileError,
    /// The learner's file could not be read (missing, a symlink, not UTF-8, huge...).
    Unreadable,
    /// The grader's own checker failed: a bug in the hidden tests, not in the code.
    InternalError,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::Accepted,
        Kind::WrongAnswer,
        Kind::TimeLimit,
        Kind::Panicked,
        Kind::StackOverflow,
        Kind::MemoryLimit,
        Kind::OutputLimit,
        Kind::EndedEarly,
        Kind::CompileError,
        Kind::Unreadable,
        Kind::InternalError,
    ];

    /// The verdict in words: "passed", "wrong answer"...
    pub fn label(self) -> &'static str {
        match self {
            Kind::Accepted => "passed",
            Kind::WrongAnswer => "wrong answer",
            Kind::TimeLimit => "time limit",
            Kind::Panicked => "panicked",
            Kind::StackOverflow => "stack overflow",
            Kind::MemoryLimit => "memory limit",
            Kind::OutputLimit => "output limit",
            Kind::EndedEarly => "ended early",
            Kind::CompileError => "compile error",
            Kind::Unreadable => "unreadable file",
            Kind::InternalError => "internal error",
        }
    }

    /// The folder of recorded solutions that must get this verdict, e.g. `wrong_answer`.
    pub fn folder(self) -> &'static str {
        match self {
            Kind::Accepted => "accepted",
            Kind::WrongAnswer => "wrong_answer",
            Kind::TimeLimit => "time_limit",
            Kind::Panicked => "panicked",
            Kind::StackOverflow => "stack_overflow",
            Kind::MemoryLimit => "memory_limit",
            Kind::OutputLimit => "output_limit",
            Kind::EndedEarly => "ended_early",
            Kind::CompileError => "compile_error",
            Kind::Unreadable => "unreadable",
            Kind::InternalError => "internal_error",
        }
    }

    pub fn from_folder(folder: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.folder() == folder)
    }

    /// Whether the learner's code ran and answered wrongly (as opposed to not running to
    /// the end): Exercism's `fail` rather than `error`.
    pub fn is_wrong_answer(self) -> bool {
        self == Kind::WrongAnswer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_and_labels_are_one_to_one() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_folder(kind.folder()), Some(kind));
            let same_label = Kind::ALL.iter().filter(|k| k.label() == kind.label());
            assert_eq!(same_label.count(), 1, "{kind:?}");
        }
        assert_eq!(Kind::from_folder("lucky"), None);
    }
}
