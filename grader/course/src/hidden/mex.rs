//! Hidden tests for `mex`: the smallest non-negative integer missing from a list.

use std::time::Duration;

use rand::Rng;
use rand::seq::SliceRandom;

use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::decide::sized_by_largest;
use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::grundy::{first_index_off, mex};
use crate::model::overflow;
use crate::model::promise::{self, Promise};
use crate::model::show::{list, thousands};
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
const GAP_AFTER_SMALLEST: &str = "A gap found after the smallest value is not the mex: the \
mex starts at 0, and when 0 is not among the values, the mex is 0.";
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
    let mut lists: Vec<Vec<usize>> = std::iter::repeat_with(|| around_a_gap(&mut rng))
        .take(300)
        .collect();
    let mut gaps = seed.rng(65);
    lists.extend(mexes_of_every_width().map(|m| around(&mut gaps, m)));
    lists
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

/// A handful of calls with a million values, the first with a mex of a million, one
/// with a gap between 2^19 and the length (past a table of 2^19 flags).
fn a_million_values(seed: Seed) -> Vec<Vec<usize>> {
    let mut rng = seed.rng(63);
    let every: Vec<usize> = shuffled(&mut rng, (0..MAX_VALUES).collect());
    let with_gap_at = |gap: usize| -> Vec<usize> {
        every
            .iter()
            .map(|&v| if v == gap { usize::MAX } else { v })
            .collect()
    };
    let past_a_table = rng.random_range((1 << 19) + 1..MAX_VALUES);
    let lists = vec![
        every.clone(),
        with_gap_at(past_a_table),
        shuffled(&mut rng, (1..=MAX_VALUES).collect()),
        vec![0; MAX_VALUES],
    ];
    lists
}

/// Lists of many lengths, with a mex of their length and of 0, asked again in orders that
/// show a table of values seen kept from one call to the next ([`cases::asked_again`]).
fn lists_asked_again() -> Vec<Vec<usize>> {
    let lists = [1_000, 300, 64, 7, 2, 1, 0]
        .into_iter()
        .flat_map(|len| [(0..len).collect(), (1..=len).collect()])
        .collect();
    cases::asked_again(lists, |list: &Vec<usize>| list.len() as u64)
}

fn shuffled(rng: &mut impl Rng, mut values: Vec<usize>) -> Vec<usize> {
    values.shuffle(rng);
    values
}

/// Each 2^k and 2^k - 1 up to a mex of a million: a table or a bitset of a fixed width
/// gets one of them wrong.
fn mexes_of_every_width() -> impl Iterator<Item = usize> {
    promise::patterns(MAX_VALUES as u64)
        .into_iter()
        .map(|pattern| pattern.value as usize)
        .filter(|&m| m < MAX_VALUES)
}

/// The numbers below `mex`, with a few more values (a repeat, values above the mex),
/// shuffled: a list longer than its mex.
fn around(rng: &mut impl Rng, mex: usize) -> Vec<usize> {
    let mut values: Vec<usize> = (0..mex).collect();
    values.push(rng.random_range(mex + 1..=usize::MAX));
    if mex > 0 {
        values.push(rng.random_range(0..mex));
    }
    shuffled(rng, values)
}

/// Small lists of each bit pattern as a value: alone, and above 0 and 1.
fn every_width_as_a_value() -> Vec<Vec<usize>> {
    cases::bit_patterns()
        .into_iter()
        .flat_map(|value| [vec![value as usize], vec![1, value as usize, 0]])
        .collect()
}

impl Cases<Args> for Mex {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        inputs(vec![
            Group::new(
                "every list of 0 to 4 values from 0 to 4",
                every_small_list(),
            ),
            Group::new(
                "values around a gap, with repeats, shuffled: up to 1,000 of them, and a mex of \
                 each 2^k and 2^k - 1 up to 2^19",
                repeats_and_gaps(seed),
            ),
            Group::new(
                "random lists of up to 300 values, small to usize::MAX; then lists of up to \
                 1,000 values again and again, longest first, then shortest first, then in turn",
                [random_lists(seed), lists_asked_again()].concat(),
            ),
            Group::new(
                "values far above the number of values: 1,000,001, 2^40, usize::MAX, and each \
                 2^k, 2^k - 1 and top bits set",
                [far_above(), every_width_as_a_value()].concat(),
            ),
            Group::new(
                "1,000,000 values: every number below 1,000,000, shuffled, with a gap past 2^19, \
                 and others",
                a_million_values(seed),
            ),
        ])
    }

    fn promises() -> Vec<Promise<Args>> {
        vec![
            Promise::at_most(
                "up to 1,000,000 values",
                "values",
                MAX_VALUES as u64,
                |input| input.values.len() as u64,
            ),
            Promise::every_value(
                "from 0 up to `usize::MAX`",
                "values",
                usize::MAX as u64,
                |input, seen| input.values.iter().for_each(|&value| seen(value as u64)),
            ),
            Promise::every_value(
                "a mex up to 1,000,000",
                "mexes",
                MAX_VALUES as u64,
                |input, seen| seen(mex(&input.values) as u64),
            ),
        ]
    }
}

impl Function for Mex {
    type Args = Args;
    type Answer = usize;
    type Cases = Mex;
    const NAME: &'static str = "mex";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one pass over the values with n + 1 flags (O(n)), or a sort \
         (O(n log n)). Calling `contains` on the slice for every candidate, or for every \
         value, is O(n^2)";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, &answer: &usize) -> Result<(), String> {
        match mex(&input.values) {
            expected if expected == answer => Ok(()),
            expected => Err(wrong(&input.values, expected, answer)),
        }
    }

    fn suspects(input: &Args, answer: &usize) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
    }

    fn memory_advice(input: &Args, bytes: Option<u64>) -> Option<String> {
        let (bytes, values) = (bytes?, &input.values);
        let largest = *values.iter().max()?;
        sized_by_largest(bytes, largest as u64, values.len() as u64).then(|| {
            format!(
                "Your code asked for {} bytes at once: a table as long as the largest value \
                 ({largest}). {ANY_SIZE}",
                thousands(bytes)
            )
        })
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
        } else if message.contains("capacity overflow") && above_count {
            SIZE_BY_COUNT
        } else if overflow::is_add_overflow(message) {
            // `+ 1` on the largest value overflows only at usize::MAX.
            let largest = values.iter().max().map_or(0, |&v| v as u128);
            let limit = usize::MAX as u128 - 1;
            return Some(overflow::add_overflow_advice(
                message,
                largest,
                limit,
                SIZE_BY_COUNT,
            ));
        } else {
            return None;
        };
        Some(advice.to_string())
    }
}

/// Why `answer` is not the mex of `values`, which is `expected`.
fn wrong(values: &[usize], expected: usize, answer: usize) -> String {
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
    format!(
        "The mex of {} is {expected}: {why}. You returned {yours}.",
        list(values)
    )
}

/// Which numbers from `from` to `from + len` are among `values` (len + 1 flags).
fn present(values: &[usize], from: usize) -> Vec<bool> {
    let mut flags = vec![false; values.len() + 2];
    for &v in values {
        if let Some(flag) = v.checked_sub(from).and_then(|i| flags.get_mut(i)) {
            *flag = true;
        }
    }
    flags
}

/// The first number from `from` up that is not among `values` (none past usize::MAX).
fn first_missing_from(values: &[usize], from: usize) -> Option<usize> {
    let flags = present(values, from);
    from.checked_add(flags.iter().position(|&seen| !seen).unwrap_or(flags.len()))
}

/// The largest value plus one (0 for no values); none where `+ 1` overflows.
fn largest_plus_one(values: &[usize]) -> Option<usize> {
    values.iter().max().map_or(Some(0), |m| m.checked_add(1))
}

/// The first number missing after the smallest value; none for no values.
fn gap_after_smallest(values: &[usize]) -> Option<usize> {
    first_missing_from(values, *values.iter().min()?)
}

/// The classic mistakes behind a wrong mex, each as the code that makes it (in linear
/// time: a list may hold a million values).
const MISTAKES: [Model<Args, usize>; 4] = [
    Model {
        name: "the smallest missing from 1",
        gives: |input, &answer| Some(answer) == first_missing_from(&input.values, 1),
        wrong_on: |input| first_missing_from(&input.values, 1) != Some(mex(&input.values)),
        advice: |_, _| STARTS_AT_ZERO.to_string(),
    },
    Model {
        name: "the largest plus one",
        gives: |input, &answer| Some(answer) == largest_plus_one(&input.values),
        wrong_on: |input| {
            largest_plus_one(&input.values).is_some_and(|answer| answer != mex(&input.values))
        },
        advice: |_, _| LARGEST_PLUS_ONE.to_string(),
    },
    Model {
        name: "a gap after the smallest value",
        gives: |input, &answer| Some(answer) == gap_after_smallest(&input.values),
        wrong_on: |input| {
            gap_after_smallest(&input.values).is_some_and(|answer| answer != mex(&input.values))
        },
        advice: |_, _| GAP_AFTER_SMALLEST.to_string(),
    },
    Model {
        name: "repeats counted",
        gives: |input, &answer| answer == first_index_off(&input.values),
        wrong_on: |input| first_index_off(&input.values) != mex(&input.values),
        advice: |_, _| REPEATS.to_string(),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn check(values: &[usize], answer: usize) -> Result<(), String> {
        Mex::rule(&Args::from(values.to_vec()), &answer)
    }

    fn rule(values: &[usize], answer: usize) -> String {
        check(values, answer).unwrap_err()
    }

    /// The mistakes whose models give `answer`, a wrong answer.
    fn suspected(values: &[usize], answer: usize) -> Vec<&'static str> {
        assert!(check(values, answer).is_err());
        let suspects = Mex::suspects(&Args::from(values.to_vec()), &answer);
        suspects.iter().map(|s| s.mistake).collect()
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
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        // Largest plus one, and a gap looked for after the smallest value: [1] gives 2.
        assert_eq!(
            suspected(&[1], 2),
            [
                "the smallest missing from 1",
                "the largest plus one",
                "a gap after the smallest value"
            ]
        );
        assert_eq!(suspected(&[0, 2], 3), ["the largest plus one"]);
        assert_eq!(
            suspected(&[1, 3], 2),
            [
                "the smallest missing from 1",
                "a gap after the smallest value"
            ]
        );
        assert_eq!(suspected(&[], 1), ["the smallest missing from 1"]);
        assert_eq!(suspected(&[2, 3, 5], 4), ["a gap after the smallest value"]);
        // Index i of the sorted values expected to hold i: [0, 0, 1] gives 1.
        assert_eq!(suspected(&[0, 0, 1], 1), ["repeats counted"]);
        assert_eq!(suspected(&[0, 1, 3], 1), Vec::<&str>::new());
        assert_eq!(first_index_off(&[2, 0, 1, 1, 5]), 2);
    }

    #[test]
    fn a_table_as_long_as_the_largest_value_is_named() {
        let input = Args::from(vec![1 << 40]);
        let advice = Mex::memory_advice(&input, Some((1 << 40) + 1)).unwrap();
        assert!(advice.contains("a table as long as the largest value (1099511627776)"));
        assert_eq!(Mex::memory_advice(&input, Some(4096)), None);
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
        assert_eq!((mexes[0], mexes[2], mexes[3]), (MAX_VALUES, 0, 1));
        assert!(
            ((1 << 19) + 1..MAX_VALUES).contains(&mexes[1]),
            "past a table of 2^19"
        );
        // The lists of every width are longer than their mex: a fall-back to the length
        // is wrong there.
        let widths = &groups[1].cases[300..];
        let width_mexes: Vec<usize> = widths.iter().map(|c| mex(&c.values)).collect();
        assert!(
            widths
                .iter()
                .zip(&width_mexes)
                .all(|(c, &m)| c.values.len() > m)
        );
        assert!(width_mexes.contains(&(1 << 19)) && width_mexes.contains(&((1 << 19) - 1)));
        assert_ne!(
            Mex::groups(Seed(1))[1].cases,
            groups[1].cases,
            "the random groups follow the seed"
        );
    }
}
