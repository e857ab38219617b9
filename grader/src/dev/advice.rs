//! Every piece of advice that is a proven diagnosis (each classic mistake an exercise's
//! hidden tests name in `mistakes`) is recorded both ways: shown on a recorded solution
//! that makes the mistake, with an `// expect:` line quoting it; and held back on one
//! whose wrong answers the mistake's model sometimes gives though its mistake is
//! another, with an `// expect-not:` line quoting it. Otherwise a new rule could name a
//! mistake the code did not make, or never fire, and no recording would say so.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use xorlings_core::verdict::{Failure, GroupResult, Problem};

use super::check::words;
use super::recorded::{EXPECT_NOT_PREFIX, EXPECT_PREFIX};

const SHOW_IT: &str = "record a solution that makes this mistake, with an `// expect:` line \
taken from the advice";
const HOLD_IT_BACK: &str = "record a solution whose wrong answers this mistake's model \
sometimes gives though its mistake is another (so the rule alone is shown, or another \
mistake's advice), with an `// expect-not:` line taken from the advice";

/// What one recorded solution's grade shows of the advice of its exercise's mistakes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recording {
    pub file: PathBuf,
    /// The mistakes whose advice was shown, quoted by one of its `// expect:` lines.
    pub shown: BTreeSet<&'static str>,
    /// The mistakes suspected on a wrong answer but not proven, quoted by one of its
    /// `// expect-not:` lines.
    pub held_back: BTreeSet<&'static str>,
    /// Every mistake suspected or shown, quoted or not.
    pub named: BTreeSet<&'static str>,
}

/// What the groups of a recorded solution's grade, `file` with its `expect` and
/// `expect_not` lines, show of the advice.
pub fn recording(
    file: &Path,
    groups: &[GroupResult],
    expect: &[String],
    expect_not: &[String],
) -> Recording {
    let quotes = |lines: &[String], advice: &str| {
        let advice = words(advice);
        lines.iter().any(|line| advice.contains(&words(line)))
    };
    let mut recording = Recording {
        file: file.to_path_buf(),
        ..Recording::default()
    };
    for group in groups {
        let suspected = group.suspected();
        for suspect in suspected {
            recording.named.insert(suspect.mistake);
            if !suspect.proven && quotes(expect_not, &suspect.advice) {
                recording.held_back.insert(suspect.mistake);
            }
        }
        let Some(Failure {
            problem: Problem::WrongAnswer(shown),
            ..
        }) = &group.failure
        else {
            continue;
        };
        let (Some(mistake), Some(advice)) = (shown.diagnosis, &shown.advice) else {
            continue;
        };
        recording.named.insert(mistake);
        // The advice as shown (on the shrunk case), or on the case as it first failed.
        let first = suspected.iter().filter(|s| s.mistake == mistake);
        let advice_texts = std::iter::once(advice).chain(first.map(|s| &s.advice));
        if advice_texts.into_iter().any(|text| quotes(expect, text)) {
            recording.shown.insert(mistake);
        }
    }
    recording
}

/// What is missing from `recordings`, the recorded solutions of `exercise` whose hidden
/// tests name `mistakes`: each mistake whose advice no recording shows or none holds
/// back, and each mistake suspected that `mistakes` does not name.
pub fn problems(exercise: &str, mistakes: &[&str], recordings: &[Recording]) -> Vec<String> {
    let mut problems = Vec::new();
    for &mistake in mistakes {
        let recorded = |side: fn(&Recording) -> &BTreeSet<&'static str>| {
            recordings.iter().any(|r| side(r).contains(mistake))
        };
        if !recorded(|r| &r.shown) {
            problems.push(format!(
                "{exercise}: the advice for the mistake `{mistake}` is shown on no recorded \
                 solution with an `{}` line quoting it: {SHOW_IT}.",
                EXPECT_PREFIX.trim()
            ));
        }
        if !recorded(|r| &r.held_back) {
            problems.push(format!(
                "{exercise}: the advice for the mistake `{mistake}` is held back on no \
                 recorded solution with an `{}` line quoting it: {HOLD_IT_BACK}.",
                EXPECT_NOT_PREFIX.trim()
            ));
        }
    }
    let mut unlisted = BTreeSet::new();
    for recording in recordings {
        for &mistake in &recording.named {
            if !mistakes.contains(&mistake) && unlisted.insert(mistake) {
                problems.push(format!(
                    "{exercise}: its hidden tests suspect the mistake `{mistake}` (on {}), \
                     which their `mistakes()` does not name: add it there.",
                    recording.file.display()
                ));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use xorlings_core::run::Printed;
    use xorlings_core::verdict::{Mistake, Suspected};

    use super::*;

    const OR_ADVICE: &str = "You used OR: use XOR (`^`) to combine heaps.";
    const AND_ADVICE: &str = "You used AND: use XOR (`^`) to combine heaps.";

    fn suspected(mistake: &'static str, advice: &str, proven: bool) -> Suspected {
        Suspected {
            mistake,
            advice: advice.to_string(),
            proven,
        }
    }

    /// A group that failed with `mistake`, whose evidence suspected `suspected`.
    fn failed(mistake: Mistake) -> GroupResult {
        let mut group = GroupResult::ran("heaps".to_string(), 4, Duration::ZERO);
        group.failure = Some(Failure {
            group: "heaps".to_string(),
            case_number: 1,
            input: "heaps = [1, 1]".to_string(),
            answer: Some("1".to_string()),
            problem: Problem::WrongAnswer(mistake),
            printed: Printed::default(),
            size: 2,
        });
        group
    }

    fn lines(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    /// Code that uses OR: OR is proven and shown; AND gave one of its answers too.
    fn uses_or() -> GroupResult {
        let mut mistake = Mistake::new("The nim-sum is 0.").advice(OR_ADVICE);
        mistake.diagnosis = Some("OR");
        mistake.suspected = vec![
            suspected("OR", OR_ADVICE, true),
            suspected("AND", AND_ADVICE, false),
        ];
        failed(mistake)
    }

    #[test]
    fn advice_counts_as_shown_or_held_back_only_where_a_line_quotes_it() {
        let file = Path::new("uses_or.rs");
        let quoted = recording(
            file,
            &[uses_or()],
            &lines(&["wrong answer", "You used OR:"]),
            &lines(&["You used AND"]),
        );
        assert_eq!(quoted.shown, BTreeSet::from(["OR"]));
        assert_eq!(quoted.held_back, BTreeSet::from(["AND"]));
        assert_eq!(quoted.named, BTreeSet::from(["AND", "OR"]));
        // Lines that quote something else prove nothing about the advice.
        let unquoted = recording(
            file,
            &[uses_or()],
            &lines(&["wrong answer"]),
            &lines(&["You used OR"]),
        );
        assert!(unquoted.shown.is_empty(), "{unquoted:?}");
        assert!(
            unquoted.held_back.is_empty(),
            "a proven mistake is not held back"
        );
        // The shrunk case's advice is shown, the first case's kept in the evidence.
        let mut shrunk = uses_or();
        shrunk.shrunk_from = shrunk.failure.clone();
        let Some(Failure {
            problem: Problem::WrongAnswer(shown),
            ..
        }) = shrunk.failure.as_mut()
        else {
            unreachable!()
        };
        shown.suspected.clear();
        let after_shrinking = recording(file, &[shrunk], &[], &lines(&["You used AND"]));
        assert_eq!(after_shrinking.held_back, BTreeSet::from(["AND"]));
    }

    #[test]
    fn a_mistake_recorded_one_way_only_is_named_with_the_way_missing() {
        let mistakes = ["OR", "AND"];
        let shows_or = recording(
            Path::new("uses_or.rs"),
            &[uses_or()],
            &lines(&["You used OR:"]),
            &lines(&["You used AND"]),
        );
        let one_way = problems("xor_all", &mistakes, std::slice::from_ref(&shows_or));
        assert_eq!(one_way.len(), 2, "{one_way:#?}");
        assert!(one_way[0].contains("`OR` is held back on no recorded solution"));
        assert!(one_way[1].contains("`AND` is shown on no recorded solution"));
        // A second recording that shows AND and holds OR back completes both.
        let mut uses_and = Mistake::new("The nim-sum is 2.").advice(AND_ADVICE);
        uses_and.diagnosis = Some("AND");
        uses_and.suspected = vec![
            suspected("AND", AND_ADVICE, true),
            suspected("OR", OR_ADVICE, false),
        ];
        let shows_and = recording(
            Path::new("uses_and.rs"),
            &[failed(uses_and)],
            &lines(&["You used AND"]),
            &lines(&["You used OR"]),
        );
        assert_eq!(
            problems("xor_all", &mistakes, &[shows_or.clone(), shows_and]),
            Vec::<String>::new()
        );
        // A mistake the hidden tests suspect but do not list is named.
        let unlisted = problems("xor_all", &["OR"], &[shows_or]);
        assert_eq!(unlisted.len(), 2, "{unlisted:#?}");
        assert!(unlisted[1].contains("`AND` (on uses_or.rs)"), "{unlisted:?}");
    }
}
