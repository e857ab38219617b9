//! Every piece of advice that is a proven diagnosis (each classic mistake an exercise's
//! hidden tests name in `mistakes`) is recorded both ways: shown on a recorded solution
//! that makes the mistake, with an `// expect:` line quoting it; and held back on one
//! whose wrong answers the mistake's model sometimes gives though its mistake is
//! another, with an `// expect-not:` line quoting it. Otherwise a new rule could name a
//! mistake the code did not make, or never fire, and no recording would say so.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use xorlings_core::verdict::{Failure, GroupResult, Problem};

use super::recorded::{EXPECT_NOT_PREFIX, EXPECT_PREFIX};
use crate::text::words;

const SHOW_IT: &str = "record a solution that makes this mistake, with an `// expect:` line \
taken from the advice";
const HOLD_IT_BACK: &str = "record a solution whose wrong answers this mistake's model \
sometimes gives though its mistake is another (so the rule alone is shown, or another \
mistake's advice), with an `// expect-not:` line taken from the advice";

/// How one recorded solution's grade treats one mistake's advice: `Some` when it does,
/// holding whether one of the solution's lines quotes the advice.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Seen {
    /// Shown, as a proven diagnosis; quoted by an `// expect:` line?
    pub shown: Option<bool>,
    /// Suspected on a wrong answer but not proven; quoted by an `// expect-not:` line?
    pub held_back: Option<bool>,
}

/// What one recorded solution's grade shows and holds back of its exercise's advice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Recording {
    pub file: PathBuf,
    pub seen: BTreeMap<&'static str, Seen>,
}

/// `Some(quoted)` once any group has it, quoted when any group's is.
fn either(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (None, b) => b,
        (a, None) => a,
        (Some(a), Some(b)) => Some(a || b),
    }
}

/// What the groups of a recorded solution's grade, `file` with its `expect` and
/// `expect_not` lines, show and hold back of the advice.
pub(crate) fn recording(
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
        seen: BTreeMap::new(),
    };
    let mut see = |mistake, seen: Seen| {
        let was = recording.seen.entry(mistake).or_default();
        was.shown = either(was.shown, seen.shown);
        was.held_back = either(was.held_back, seen.held_back);
    };
    for group in groups {
        let suspected = group.suspected();
        for suspect in suspected {
            let held_back = (!suspect.proven).then(|| quotes(expect_not, &suspect.advice));
            let seen = Seen {
                shown: None,
                held_back,
            };
            see(suspect.mistake, seen);
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
        // The advice as shown (on the shrunk case), or on the case as it first failed.
        let first = suspected.iter().filter(|s| s.mistake == mistake);
        let mut advice_texts = std::iter::once(advice).chain(first.map(|s| &s.advice));
        let seen = Seen {
            shown: Some(advice_texts.any(|text| quotes(expect, text))),
            held_back: None,
        };
        see(mistake, seen);
    }
    // Advice shown in one group is not held back by the code, whatever another group says.
    for seen in recording.seen.values_mut() {
        if seen.shown.is_some() {
            seen.held_back = None;
        }
    }
    recording
}

/// One of the two ways a piece of advice must be recorded.
struct Side {
    /// Whether a recording has it this way, and quoted.
    of: fn(Seen) -> Option<bool>,
    /// The way, in words: "shown".
    done: &'static str,
    /// The line that quotes advice this way.
    line: &'static str,
    /// What to do when no recording has it.
    what_to_do: &'static str,
}

const SIDES: [Side; 2] = [
    Side {
        of: |seen| seen.shown,
        done: "shown",
        line: EXPECT_PREFIX,
        what_to_do: SHOW_IT,
    },
    Side {
        of: |seen| seen.held_back,
        done: "held back",
        line: EXPECT_NOT_PREFIX,
        what_to_do: HOLD_IT_BACK,
    },
];

/// What is missing from `recordings`, the recorded solutions of `exercise` whose hidden
/// tests name `mistakes`: each mistake whose advice no recording both shows and quotes,
/// or both holds back and quotes, and each mistake suspected that `mistakes` does not
/// name.
pub(crate) fn problems(exercise: &str, mistakes: &[&str], recordings: &[Recording]) -> Vec<String> {
    let mut problems = Vec::new();
    for &mistake in mistakes {
        let seen: Vec<(&Path, Seen)> = recordings
            .iter()
            .filter_map(|r| Some((r.file.as_path(), *r.seen.get(mistake)?)))
            .collect();
        for side in SIDES {
            if seen.iter().any(|&(_, s)| (side.of)(s) == Some(true)) {
                continue;
            }
            let unquoted: Vec<String> = seen
                .iter()
                .filter(|&&(_, s)| (side.of)(s) == Some(false))
                .map(|(file, _)| file.display().to_string())
                .collect();
            let (done, line) = (side.done, side.line.trim());
            let what_to_do = match unquoted.is_empty() {
                true => side.what_to_do.to_string(),
                false => format!(
                    "it is {done} on {}, where no `{line}` line quotes it: add one there",
                    unquoted.join(", ")
                ),
            };
            problems.push(format!(
                "{exercise}: the advice for the mistake `{mistake}` is {done} on no recorded \
                 solution with a `{line}` line quoting it: {what_to_do}."
            ));
        }
    }
    let mut unlisted = BTreeSet::new();
    for recording in recordings {
        for &mistake in recording.seen.keys() {
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

    fn seen(shown: Option<bool>, held_back: Option<bool>) -> Seen {
        Seen { shown, held_back }
    }

    #[test]
    fn advice_counts_as_quoted_only_where_a_line_of_the_file_quotes_it() {
        let file = Path::new("uses_or.rs");
        let quoted = recording(
            file,
            &[uses_or()],
            &lines(&["wrong answer", "You used OR:"]),
            &lines(&["You used AND"]),
        );
        let both = BTreeMap::from([
            ("OR", seen(Some(true), None)),
            ("AND", seen(None, Some(true))),
        ]);
        assert_eq!(quoted.seen, both);
        // Lines that quote something else prove nothing; a proven mistake is not held
        // back, even when shown under another.
        let unquoted = recording(
            file,
            &[uses_or()],
            &lines(&["wrong answer"]),
            &lines(&["You used OR"]),
        );
        let neither = BTreeMap::from([
            ("OR", seen(Some(false), None)),
            ("AND", seen(None, Some(false))),
        ]);
        assert_eq!(unquoted.seen, neither);
        // After shrinking, the shrunk case's advice is shown, and the case as it first
        // failed keeps the evidence.
        let mut shrunk = uses_or();
        shrunk.shrunk_from = shrunk.failure.clone();
        if let Some(Failure {
            problem: Problem::WrongAnswer(shown),
            ..
        }) = shrunk.failure.as_mut()
        {
            shown.suspected.clear();
            shown.advice = Some("You used OR, on [1].".to_string());
        }
        let after_shrinking = recording(
            file,
            &[shrunk],
            &lines(&["You used OR, on [1]"]),
            &lines(&["You used AND"]),
        );
        assert_eq!(after_shrinking.seen, both);
        // Another group that quotes nothing takes nothing away.
        let two_groups = recording(
            file,
            &[
                uses_or(),
                GroupResult::ran("more".to_string(), 1, Duration::ZERO),
            ],
            &lines(&["You used OR:"]),
            &lines(&["You used AND"]),
        );
        assert_eq!(two_groups.seen, both);
        // Shown in one group, suspected but not proven in another: not held back.
        let mut unproven = uses_or();
        if let Some(Failure {
            problem: Problem::WrongAnswer(mistake),
            ..
        }) = unproven.failure.as_mut()
        {
            (mistake.advice, mistake.diagnosis) = (None, None);
            mistake.suspected[0].proven = false;
        }
        let shown_and_not = recording(
            file,
            &[uses_or(), unproven],
            &lines(&["You used OR:"]),
            &lines(&["You used OR", "You used AND"]),
        );
        assert_eq!(shown_and_not.seen, both);
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
        assert!(one_way[0].contains(HOLD_IT_BACK), "{}", one_way[0]);
        assert!(one_way[1].contains("`AND` is shown on no recorded solution"));
        assert!(one_way[1].contains(SHOW_IT), "{}", one_way[1]);
        // A second recording that shows AND and holds OR back completes both.
        let mut uses_and = Mistake::new("The nim-sum is 2.").advice(AND_ADVICE);
        uses_and.diagnosis = Some("AND");
        uses_and.suspected = vec![
            suspected("AND", AND_ADVICE, true),
            suspected("OR", OR_ADVICE, false),
        ];
        let and_lines = |expect: &str| {
            recording(
                Path::new("uses_and.rs"),
                &[failed(uses_and.clone())],
                &lines(&[expect]),
                &lines(&["You used OR"]),
            )
        };
        let both_ways = [shows_or.clone(), and_lines("You used AND")];
        assert_eq!(
            problems("xor_all", &mistakes, &both_ways),
            Vec::<String>::new()
        );
        // Shown without a line quoting it: the file is named, to quote it there.
        let unquoted = [shows_or.clone(), and_lines("wrong answer")];
        let unquoted = problems("xor_all", &mistakes, &unquoted);
        assert_eq!(unquoted.len(), 1, "{unquoted:#?}");
        assert!(
            unquoted[0]
                .contains("it is shown on uses_and.rs, where no `// expect:` line quotes it"),
            "{}",
            unquoted[0]
        );
        // A mistake the hidden tests suspect but do not list is named.
        let unlisted = problems("xor_all", &["OR"], &[shows_or]);
        assert_eq!(unlisted.len(), 2, "{unlisted:#?}");
        assert!(
            unlisted[1].contains("`AND` (on uses_or.rs)"),
            "{unlisted:?}"
        );
    }
}
