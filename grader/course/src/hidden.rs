//! The hidden tests: one file per exercise in `src/hidden/`, each registering itself as
//! `TESTS`. The build script lists the files, so adding an exercise edits no list here.
//! Each file imports only the exercise model (`crate::model`) and `xorlings_core`.

use crate::model::HiddenTests;

include!(concat!(env!("OUT_DIR"), "/hidden.rs"));

/// The hidden tests of the exercise called `name`: the workbook resolves each exercise
/// of its manifest with this once, when it loads.
pub fn tests_for(name: &str) -> Option<&'static dyn HiddenTests> {
    ALL.iter().copied().find(|tests| tests.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Seed;

    #[test]
    fn every_exercise_has_a_name_of_its_own() {
        for tests in ALL {
            assert_eq!(
                tests_for(tests.name()).map(|t| t.name()),
                Some(tests.name())
            );
        }
    }

    /// Every verdict within 10 s on an idle machine of 2 cores, whatever the code does:
    /// the groups run two at a time, a time limit stops the groups after it, so code
    /// that runs each group to just under its limit takes the longest, half the groups
    /// (rounded up) times the limit. That leaves room for the compile and the shrinking.
    #[test]
    fn every_exercise_runs_within_seconds_whatever_the_code_does() {
        const RUNS_WITHIN: std::time::Duration = std::time::Duration::from_secs(6);
        for tests in ALL {
            let groups = tests.plan(Seed::DEFAULT).groups().len() as u32;
            let worst = tests.time_limit() * groups.div_ceil(2);
            assert!(
                worst <= RUNS_WITHIN,
                "{}: {groups} groups of {:?} each take up to {worst:?}",
                tests.name(),
                tests.time_limit()
            );
        }
    }

    /// Every promise of every exercise is tested at its limit, with the learners' seed and
    /// with others: some case has the most heaps, the largest value, each bit width.
    #[test]
    #[cfg_attr(
        not(feature = "e2e"),
        ignore = "end-to-end tier (cargo e2e): every case of every exercise, twice"
    )]
    fn every_promise_is_reached_by_some_case() {
        for tests in ALL {
            assert!(
                !tests.promised().is_empty(),
                "{} promises nothing",
                tests.name()
            );
            for seed in [Seed::DEFAULT, Seed(1)] {
                let unreached = tests.plan(seed).unreached_promises();
                assert!(
                    unreached.is_empty(),
                    "{} (seed {seed}):\n{}",
                    tests.name(),
                    unreached.join("\n")
                );
            }
        }
    }

    /// Kattis's input validator: every generated case keeps the promises of its stub's
    /// doc comment, with the learners' seed and with others.
    #[test]
    #[cfg_attr(
        not(feature = "e2e"),
        ignore = "end-to-end tier (cargo e2e): every case of every exercise, thrice"
    )]
    fn every_case_keeps_the_promises_of_its_exercise() {
        for tests in ALL {
            for seed in [Seed::DEFAULT, Seed(1), Seed(0xdead_beef)] {
                let broken = tests.plan(seed).invalid_cases();
                assert!(
                    broken.is_empty(),
                    "{} (seed {seed}):\n{}",
                    tests.name(),
                    broken.join("\n")
                );
            }
        }
    }
}
