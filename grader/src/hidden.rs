//! The hidden tests: one file per exercise in `src/hidden/`, each defining `JUDGE`. The
//! build script lists the files, so adding an exercise edits no list here.

use crate::model::Judge;

include!(concat!(env!("OUT_DIR"), "/hidden.rs"));

/// The hidden tests of the exercise called `name`.
pub fn judge_for(name: &str) -> Option<&'static dyn Judge> {
    ALL.iter().copied().find(|judge| judge.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Seed;

    #[test]
    fn every_judge_has_a_name_of_its_own() {
        for judge in ALL {
            assert_eq!(
                judge_for(judge.name()).map(|j| j.name()),
                Some(judge.name())
            );
        }
    }

    /// Kattis's input validator: every generated case keeps the promises of its stub's
    /// doc comment, with the learners' seed and with others.
    #[test]
    fn every_case_keeps_the_promises_of_its_exercise() {
        for judge in ALL {
            for seed in [Seed::DEFAULT, Seed(1), Seed(0xdead_beef)] {
                let broken = judge.plan(seed).invalid_cases();
                assert!(
                    broken.is_empty(),
                    "{} (seed {seed}):\n{}",
                    judge.name(),
                    broken.join("\n")
                );
            }
        }
    }
}
