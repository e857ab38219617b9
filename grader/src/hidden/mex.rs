//! Hidden tests for `mex`: the smallest non-negative integer missing from a list.

use std::time::Duration;

use rand::Rng;
use rand::seq::SliceRandom;

use xorlings_core::verdict::Mistake;
use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::function::FunctionTests;
use crate::model::grundy::mex;
use crate::model::show::list;
use crate::model::{Cases, Function, Group, HiddenTests, Seed, inputs};

/// The arguments of `mex(values: &[usize]) -> usize`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub values: Vec<usize>,
}

/// The hidden tests of `mex`.
pub struct Mex;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<Mex>::new();

/// The most values in one call.
const MAX_VALUES: usize = 1_000_000;

const STARTS_AT_ZERO: &str = "The mex starts at 0: when 0 is not among the values, the mex is 0.";
const LARGEST_PLUS_ONE: &str = "The largest value plus one is not the mex: the mex is the \
smallest number missing, so look for the first gap, starting at 0.";
const NOT_A_GAP_AFTER: &str = "The largest value plus one is not the mex, and neither is a gap \
found after the smallest value: the mex starts at 0, and when 0 is not among the values, the mex \
is 0.";
const REPEATS: &str = "Values may repeat: after sorting, index i need not hold i. Skip repeats \
(or dedup) before comparing values with positions.";
const FULL_TABLE: &str = "n values can fill 0..n completely, and then the mex is n: keep n + 1 \
flags (or fall back to n).";
const EMPTY: &str = "`values` may be empty, and its mex is then 0: do not index before checking \
the length.";
const ANY_SIZE: &str = "Values can be any usize; only the number of values is bounded. A mex of \
n values is at most n, so size the table n + 1 and skip the larger values.";
const SIZE_BY_COUNT: &str = "A value can be as large as usize::MAX, where `+ 1` overflows: \
compute nothing from the largest value. A mex of n values is at most n, so size things by the \
number of values instead: n + 1 flags suffice, and larger values are skipped.";

/// Every list of 0 to 4 values from 0 to 4, shorter lists first.
fn every_small_list() -> Vec<Vec<usize>> {
    cases::every_position_from_empty(4, 4)
        .into_iter()
        .map(|values| values.into_iter().map(|v| v as usize).collect())
        .collect()
}

/// Lists of up to 1,000 values around a gap: the numbers below some m, a few of them
/// taken out, some repeated, sometimes with large values, shuffled.
fn repeats_and_gaps(seed: Seed) -> Vec<Vec<usize>> {
    let mut rng = seed.rng(61);
    std::iter::repeat_with(|| around_a_gap(&mut rng))
        .take(300)
        .collect()
}

/// The numbers below a random m up to 700, with 0 to 2 of them taken out, up to 250
/// repeats, sometimes a value of m or more, shuffled.
fn around_a_gap(rng: &mut impl Rng) -> Vec<usize> {
    let m = rng.random_range(0..=700);
    let mut values: Vec<usize> = (0..m).collect();
    for _ in 0..rng.random_range(0..=2) {
        if !values.is_empty() {
            let at = rng.random_range(0..values.len());
            values.swap_remove(at);
        }
    }
    for _ in 0..rng.random_range(0..=m.min(250)) {
        if let Some(&v) = values.get(rng.random_range(0..=m)) {
            values.push(v);
        }
    }
    if rng.random_bool(0.25) {
        values.push(rng.random_range(m..=usize::MAX));
    }
    values.shuffle(rng);
    values
}

/// Random lists of up to 300 values, each list's values drawn from its own range: below
/// its length, around it, or anywhere up to usize::MAX.
fn random_lists(seed: Seed) -> Vec<Vec<usize>> {
    let mut rng = seed.rng(62);
    (0..400)
        .map(|_| {
            let len = rng.random_range(0..=300);
            let top = match rng.random_range(0..3) {
                0 => len.max(1),
                1 => 2 * len + 2,
                _ => usize::MAX,
            };
            (0..len).map(|_| rng.random_range(0..=top)).collect()
        })
        .collect()
}

/// Values far above the number of values. 1 << 40 comes before any usize::MAX: a table
/// sized by the largest value meets a terabyte (a memory limit) before an overflow.
fn far_above() -> Vec<Vec<usize>> {
    let huge = 1 << 40;
    vec![
        vec![1_000_001],
        vec![1_000_000],
        vec![0, 1_000_001, 1],
        vec![huge],
        vec![0, huge],
        vec![2, 1, huge, 0],
        vec![1 << 32, 0, 1 << 33],
        vec![usize::MAX],
        vec![usize::MAX, 0],
        vec![0, usize::MAX, 1, usize::MAX],
        vec![usize::MAX - 1, 1, 0, 3],
    ]
}

/// A handful of calls with a million values, the first with a mex of a million.
fn a_million_values(seed: Seed) -> Vec<Vec<usize>> {
    let mut rng = seed.rng(63);
    let mut shuffled = |mut values: Vec<usize>| {
        values.shuffle(&mut rng);
        values
    };
    let every = shuffled((0..MAX_VALUES).collect());
    let mut gap_in_the_middle = every.clone();
    let at = gap_in_the_middle
        .iter()
        .position(|&v| v == 500_000)
        .unwrap_or(0);
    gap_in_the_middle[at] = usize::MAX;
    vec![
        every,
        gap_in_the_middle,
        shuffled((1..=MAX_VALUES).collect()),
        vec![0; MAX_VALUES],
    ]
}

impl Cases<Args> for Mex {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        inputs(vec![
            Group::new(
                "every list of 0 to 4 values from 0 to 4",
                every_small_list(),
            ),
            Group::new(
                "up to 1,000 values around a gap, with repeats, shuffled",
                repeats_and_gaps(seed),
            ),
            Group::new(
                "random lists of up to 300 values, small to usize::MAX",
                random_lists(seed),
            ),
            Group::new(
                "values far above the number of values: 1,000,001, 2^40, usize::MAX",
                far_above(),
            ),
            Group::new(
                "1,000,000 values: every number below 1,000,000, shuffled, and others",
                a_million_values(seed),
            ),
        ])
    }

    fn validate(input: &Args) -> Result<(), String> {
        cases::at_most(input.values.len(), MAX_VALUES, "values")
    }
}

impl Function for Mex {
    type Args = Args;
    type Answer = usize;
    type Cases = Mex;
    const NAME: &'static str = "mex";
    const TIME_LIMIT: Duration = Duration::from_secs(4);
    const EXPECTED_COST: &'static str = "one pass over the values with n + 1 flags (O(n)), or a sort \
         (O(n log n)). Calling `contains` on the slice for every candidate, or for every \
         value, is O(n^2)";
    const OPTIMISED: bool = true;

    fn check(input: &Args, &answer: &usize) -> Result<(), Mistake> {
        match mex(&input.values) {
            expected if expected == answer => Ok(()),
            expected => Err(wrong(&input.values, expected, answer)),
        }
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        let values = &input.values;
        let above_count = values.iter().any(|&v| v >= values.len());
        let advice = if message.contains("on a `None` value") && mex(values) == values.len() {
            FULL_TABLE
        } else if message.contains("index out of bounds") && values.is_empty() {
            EMPTY
        } else if message.contains("index out of bounds") && above_count {
            ANY_SIZE
        } else if (message.contains("add with overflow") || message.contains("capacity overflow"))
            && above_count
        {
            SIZE_BY_COUNT
        } else {
            return None;
        };
        Some(advice.to_string())
    }
}

/// Why `answer` is not the mex of `values`, which is `expected`.
fn wrong(values: &[usize], expected: usize, answer: usize) -> Mistake {
    let why = match expected {
        0 => "0 itself is not among the values".to_string(),
        1 => "0 is among the values, and 1 is not".to_string(),
        2 => "0 and 1 are among the values, and 2 is not".to_string(),
        _ => format!(
            "0 to {} are all among the values, and {expected} is the first number missing",
            expected - 1
        ),
    };
    let yours = if answer < expected {
        format!("{answer}, which is among the values: the mex never is")
    } else {
        format!("{answer}, but {expected} is missing too, and it is smaller")
    };
    Mistake::new(format!(
        "The mex of {} is {expected}: {why}. You returned {yours}.",
        list(values)
    ))
    .maybe_advice(advice(values, expected, answer))
}

/// Recognises the classic mistakes behind a wrong mex.
fn advice(values: &[usize], expected: usize, answer: usize) -> Option<String> {
    let largest_plus_one = values.iter().max().and_then(|m| m.checked_add(1));
    let looks_like_largest = largest_plus_one == Some(answer);
    if expected == 0 && looks_like_largest {
        Some(NOT_A_GAP_AFTER.to_string())
    } else if expected == 0 {
        Some(STARTS_AT_ZERO.to_string())
    } else if looks_like_largest {
        Some(LARGEST_PLUS_ONE.to_string())
    } else if answer == first_index_off(values) {
        Some(REPEATS.to_string())
    } else {
        None
    }
}

/// What a search that expects the sorted values to hold 0, 1, 2, ... in place answers:
/// the mex when no value repeats, too small after a repeat.
fn first_index_off(values: &[usize]) -> usize {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    (0..sorted.len())
        .find(|&i| sorted[i] != i)
        .unwrap_or(sorted.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(values: &[usize], answer: usize) -> Result<(), Mistake> {
        Mex::check(&Args::from(values.to_vec()), &answer)
    }

    fn rule(values: &[usize], answer: usize) -> String {
        check(values, answer).unwrap_err().rule
    }

    fn advice(values: &[usize], answer: usize) -> String {
        check(values, answer)
            .unwrap_err()
            .advice
            .unwrap_or_default()
    }

    fn panic_advice(values: &[usize], message: &str) -> String {
        Mex::panic_advice(&Args::from(values.to_vec()), message).unwrap_or_default()
    }

    #[test]
    fn the_lessons_examples_are_accepted() {
        assert_eq!(check(&[0, 1, 3], 2), Ok(()));
        assert_eq!(check(&[1, 2, 3], 0), Ok(()));
        assert_eq!(check(&[], 0), Ok(()));
        assert_eq!(check(&[2, 0, 2, 1], 3), Ok(()));
        assert_eq!(check(&[0, 1, 1000], 2), Ok(()));
        assert_eq!(check(&[usize::MAX, 0], 1), Ok(()));
    }

    #[test]
    fn wrong_answers_are_rejected_with_the_rule() {
        let present = rule(&[0, 1, 3], 1);
        assert!(present.contains("The mex of [0, 1, 3] is 2"), "{present}");
        assert!(
            present.contains("0 and 1 are among the values, and 2 is not"),
            "{present}"
        );
        assert!(
            present.contains("1, which is among the values"),
            "{present}"
        );
        let larger = rule(&[0, 5], 7);
        assert!(
            larger.contains("0 is among the values, and 1 is not"),
            "{larger}"
        );
        assert!(
            larger.contains("1 is missing too, and it is smaller"),
            "{larger}"
        );
        assert!(rule(&[], 1).contains("0 itself is not among the values"));
        let longer = rule(&[3, 0, 2, 1], 3);
        assert!(
            longer.contains("0 to 3 are all among the values, and 4 is the first"),
            "{longer}"
        );
        assert!(check(&[0, 1, 2], usize::MAX).is_err());
    }

    #[test]
    fn classic_mistakes_get_advice() {
        // Largest plus one, and a gap looked for after the smallest value: [1] gives 2.
        assert_eq!(advice(&[1], 2), NOT_A_GAP_AFTER);
        assert_eq!(advice(&[0, 2], 3), LARGEST_PLUS_ONE);
        // "First missing positive": [] gives 1.
        assert_eq!(advice(&[], 1), STARTS_AT_ZERO);
        assert_eq!(advice(&[2, 3, 5], 4), STARTS_AT_ZERO);
        // Index i of the sorted values expected to hold i: [0, 0, 1] gives 1.
        assert_eq!(advice(&[0, 0, 1], 1), REPEATS);
        assert_eq!(
            advice(&[0, 1, 3], 1),
            "",
            "a wrong answer that matches no mistake"
        );
    }

    #[test]
    fn panics_get_advice() {
        let unwrap = "called `Option::unwrap()` on a `None` value";
        assert_eq!(panic_advice(&[], unwrap), FULL_TABLE);
        assert_eq!(panic_advice(&[1, 0], unwrap), FULL_TABLE);
        assert_eq!(panic_advice(&[1, 2], unwrap), "");
        let empty = "index out of bounds: the len is 0 but the index is 0";
        assert_eq!(panic_advice(&[], empty), EMPTY);
        let past = "index out of bounds: the len is 1000001 but the index is 1000001";
        assert_eq!(panic_advice(&[1_000_001], past), ANY_SIZE);
        let overflow = "attempt to add with overflow";
        assert_eq!(panic_advice(&[usize::MAX], overflow), SIZE_BY_COUNT);
        assert_eq!(
            panic_advice(&[usize::MAX], "capacity overflow"),
            SIZE_BY_COUNT
        );
        assert_eq!(panic_advice(&[0, 1], "boom"), "");
    }

    #[test]
    fn the_groups_hold_what_their_names_promise() {
        let groups = Mex::groups(Seed::DEFAULT);
        assert_eq!(groups[0].cases.len(), 1 + 5 + 25 + 125 + 625);
        // [1] is the first list whose mex is not its largest value plus one.
        let first = groups[0]
            .cases
            .iter()
            .find(|case| {
                let values = &case.values;
                values.iter().max().map_or(0, |m| m + 1) != mex(values)
            })
            .unwrap();
        assert_eq!(first.values, [1]);
        let far = &groups[3].cases;
        let first_huge = far.iter().position(|c| c.values.contains(&(1 << 40)));
        let first_max = far.iter().position(|c| c.values.contains(&usize::MAX));
        assert!(first_huge < first_max, "2^40 comes before usize::MAX");
        let million = &groups[4].cases;
        assert!(million.iter().all(|c| c.values.len() == MAX_VALUES));
        let mexes: Vec<usize> = million.iter().map(|c| mex(&c.values)).collect();
        assert_eq!(mexes, [MAX_VALUES, 500_000, 0, 1]);
        assert_ne!(
            Mex::groups(Seed(1))[1].cases,
            groups[1].cases,
            "the random groups follow the seed"
        );
    }
}
