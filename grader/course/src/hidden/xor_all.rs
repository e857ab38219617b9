//! Hidden tests for `xor_all`: the nim-sum of a position.

use std::time::Duration;

use xorlings_derive::Arguments;

use crate::model::decide::sized_by_largest;
use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::nim::{Positions, index_advice, nim_sum, with_columns};
use crate::model::show::{list, thousands};
use crate::model::{Function, HiddenTests};

/// The arguments of `xor_all(heaps: &[u64]) -> u64`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `xor_all`.
pub struct XorAll;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<XorAll>::new();

impl Function for XorAll {
    type Args = Args;
    type Answer = u64;
    type Cases = Positions;
    const NAME: &'static str = "xor_all";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one pass over the heaps (O(n) for n heaps)";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, &answer: &u64) -> Result<(), String> {
        let heaps = &input.heaps;
        let expected = nim_sum(heaps);
        if answer == expected {
            return Ok(());
        }
        let rule = match heaps.is_empty() {
            true => format!(
                "The nim-sum of no heaps is 0 (x ^ 0 = x, so a nim-sum starts from 0), but \
                 your function returned {answer}."
            ),
            false => format!(
                "The nim-sum of {} is {expected}, but your function returned {answer}.",
                list(heaps)
            ),
        };
        Err(with_columns(rule, heaps))
    }

    fn suspects(input: &Args, answer: &u64) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        index_advice(&input.heaps, message)
    }

    fn memory_advice(input: &Args, bytes: Option<u64>) -> Option<String> {
        let largest = input.heaps.iter().copied().max()?;
        sized_by_largest(bytes?, largest, input.heaps.len() as u64).then(|| {
            format!(
                "Your code asked for {} bytes at once: a table as long as the largest heap \
                 ({largest}). Heaps go up to u64::MAX, so no table of sizes fits: combine the \
                 heaps themselves with `^`.",
                thousands(bytes.unwrap_or(0))
            )
        })
    }

    fn explain(input: &Args, &answer: &u64) -> Option<String> {
        with_columns(
            format!("xor_all({}) = {answer}", list(&input.heaps)),
            &input.heaps,
        )
        .into()
    }
}

fn sum_of(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |s, &h| s.wrapping_add(h))
}

fn or_of(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |s, &h| s | h)
}

fn and_of(heaps: &[u64]) -> u64 {
    heaps.iter().fold(u64::MAX, |s, &h| s & h)
}

/// The nim-sum of the heaps cut to their low 32 bits.
fn in_32_bits(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ u64::from(h as u32))
}

fn without_first(heaps: &[u64]) -> Option<u64> {
    heaps.get(1..).map(nim_sum)
}

fn without_last(heaps: &[u64]) -> Option<u64> {
    heaps.split_last().map(|(_, rest)| nim_sum(rest))
}

/// The classic mistakes behind a wrong nim-sum, each as the code that makes it.
const MISTAKES: [Model<Args, u64>; 6] = [
    Model {
        name: "a sum",
        gives: |input, &answer| answer == sum_of(&input.heaps),
        wrong_on: |input| sum_of(&input.heaps) != nim_sum(&input.heaps),
        advice: |_, _| {
            "You added the heaps. The nim-sum adds each binary column without carrying: that \
             is XOR (`^`), not `+`."
                .to_string()
        },
    },
    Model {
        name: "OR",
        gives: |input, &answer| answer == or_of(&input.heaps),
        wrong_on: |input| or_of(&input.heaps) != nim_sum(&input.heaps),
        advice: |_, _| {
            "You used OR (`|`), which keeps a bit that any heap has. XOR (`^`) keeps a bit \
             only when an odd number of heaps have it."
                .to_string()
        },
    },
    Model {
        name: "AND",
        gives: |input, &answer| answer == and_of(&input.heaps),
        wrong_on: |input| and_of(&input.heaps) != nim_sum(&input.heaps),
        advice: |_, _| "You used AND (`&`); the nim-sum is XOR (`^`).".to_string(),
    },
    Model {
        name: "32 bits",
        gives: |input, &answer| answer == in_32_bits(&input.heaps),
        wrong_on: |input| in_32_bits(&input.heaps) != nim_sum(&input.heaps),
        advice: |_, _| {
            "Your answers are the nim-sum of the heaps cut to 32 bits. Heaps use all 64 \
             bits: keep them in u64, never `as u32`."
                .to_string()
        },
    },
    Model {
        name: "the first heap left out",
        gives: |input, &answer| without_first(&input.heaps) == Some(answer),
        wrong_on: |input| without_first(&input.heaps).is_some_and(|x| x != nim_sum(&input.heaps)),
        advice: |input, _| match input.heaps.len() {
            1 => "The nim-sum of a single heap is that heap (0 ^ a = a), yet you returned 0: \
                  your code leaves the first heap out. Combine every heap, the first included."
                .to_string(),
            _ => "Your answers leave out the first heap: combine every heap.".to_string(),
        },
    },
    Model {
        name: "the last heap left out",
        gives: |input, &answer| without_last(&input.heaps) == Some(answer),
        wrong_on: |input| without_last(&input.heaps).is_some_and(|x| x != nim_sum(&input.heaps)),
        advice: |_, _| "Your answers leave out the last heap: combine every heap.".to_string(),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn check(heaps: &[u64], answer: u64) -> Result<(), String> {
        XorAll::rule(&Args::from(heaps.to_vec()), &answer)
    }

    /// The mistakes whose models give `answer`.
    fn suspected(heaps: &[u64], answer: u64) -> Vec<&'static str> {
        assert!(check(heaps, answer).is_err());
        let suspects = XorAll::suspects(&Args::from(heaps.to_vec()), &answer);
        suspects.iter().map(|s| s.mistake).collect()
    }

    #[test]
    fn the_checker_accepts_the_nim_sum_only() {
        assert_eq!(check(&[3, 4, 5], 2), Ok(()));
        assert_eq!(check(&[], 0), Ok(()));
        assert!(check(&[3, 4, 5], 12).is_err());
        assert!(
            check(&[], 1)
                .unwrap_err()
                .contains("nim-sum of no heaps is 0")
        );
        assert!(check(&[u64::MAX, 1], 0).is_err());
    }

    #[test]
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        assert_eq!(suspected(&[3, 4, 5], 12), ["a sum"]);
        assert_eq!(suspected(&[3, 5, 6], 7), ["OR"]);
        assert_eq!(suspected(&[(1 << 40) | 3, 5], 6), ["32 bits"]);
        assert_eq!(
            suspected(&[5], 0),
            ["the first heap left out", "the last heap left out"]
        );
        assert_eq!(suspected(&[3, 4, 5], 4 ^ 5), ["the first heap left out"]);
        assert_eq!(suspected(&[2, 4, 5], 2 ^ 4), ["the last heap left out"]);
        // A wrong 0 on a position with an empty heap is what AND gives, and no more.
        assert_eq!(suspected(&[0, 6, 3], 0), ["AND"]);
        // An answer missing only bit 63 is not the 32-bit mistake.
        let heaps = [1 << 63 | 1 << 40 | 5, 3];
        assert_eq!(
            suspected(&heaps, nim_sum(&heaps) & !(1 << 63)),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn one_case_alone_is_judged_with_its_likeliest_mistake() {
        let mistake = XorAll::check(&Args::from(vec![1, 1]), &2).unwrap_err();
        assert!(mistake.rule.contains("The nim-sum of [1, 1] is 0"));
        assert!(mistake.advice.unwrap().starts_with("You added the heaps."));
        assert_eq!(mistake.diagnosis, Some("a sum"));
        assert_eq!(XorAll::check(&Args::from(vec![1, 1]), &0), Ok(()));
    }

    #[test]
    fn a_table_as_long_as_the_largest_heap_is_named() {
        let input = Args::from(vec![3, 1 << 50]);
        let advice = XorAll::memory_advice(&input, Some(1 << 47)).unwrap();
        assert!(
            advice.contains("a table as long as the largest heap"),
            "{advice}"
        );
        assert_eq!(XorAll::memory_advice(&input, Some(1 << 20)), None);
        assert_eq!(XorAll::memory_advice(&input, None), None);
    }

    #[test]
    fn indexing_past_the_end_gets_advice() {
        let empty = "index out of bounds: the len is 0 but the index is 0";
        let advice = XorAll::panic_advice(&Args::from(vec![]), empty).unwrap();
        assert!(advice.contains("0..heaps.len()"), "{advice}");
        let past = "index out of bounds: the len is 3 but the index is 3";
        assert!(
            XorAll::panic_advice(&Args::from(vec![3, 4, 5]), past)
                .unwrap()
                .contains("0..heaps.len()")
        );
        assert_eq!(XorAll::panic_advice(&Args::from(vec![3]), "boom"), None);
    }

    #[test]
    fn the_rule_shows_binary_columns_for_small_positions() {
        let rule = check(&[3, 4, 5], 3).unwrap_err();
        assert!(rule.contains("is 2, but your function returned 3"));
        assert!(rule.contains("3 = 011"));
        assert_eq!(suspected(&[3, 4, 5], 3), Vec::<&str>::new());
    }
}
