//! Hidden tests for `xor_all`: the nim-sum of a position.

use std::time::Duration;

use xorlings_core::verdict::Mistake;
use xorlings_derive::Arguments;

use crate::model::function::FunctionTests;
use crate::model::nim::{Positions, index_advice, nim_sum, with_columns};
use crate::model::show::list;
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

    fn check(input: &Args, &answer: &u64) -> Result<(), Mistake> {
        let heaps = &input.heaps;
        let expected = nim_sum(heaps);
        if answer == expected {
            return Ok(());
        }
        let rule = format!(
            "The nim-sum of {} is {expected}, but your function returned {answer}.",
            list(heaps)
        );
        Err(Mistake::new(with_columns(rule, heaps)).maybe_advice(advice(heaps, expected, answer)))
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        index_advice(&input.heaps, message)
    }

    fn explain(input: &Args, &answer: &u64) -> Option<String> {
        with_columns(
            format!("xor_all({}) = {answer}", list(&input.heaps)),
            &input.heaps,
        )
        .into()
    }
}

/// Recognises the classic mistakes behind a wrong nim-sum.
fn advice(heaps: &[u64], expected: u64, answer: u64) -> Option<String> {
    let sum = heaps.iter().fold(0u64, |s, &h| s.wrapping_add(h));
    let or = heaps.iter().fold(0, |s, &h| s | h);
    let and = heaps.iter().fold(u64::MAX, |s, &h| s & h);
    if heaps.is_empty() {
        Some("With no heaps the nim-sum is 0: start from 0, since x ^ 0 = x.".to_string())
    } else if answer == sum {
        Some(
            "You added the heaps. The nim-sum adds each binary column without carrying: \
             that is XOR (`^`), not `+`."
                .to_string(),
        )
    } else if answer == or {
        Some(
            "You used OR (`|`), which keeps a bit that any heap has. XOR (`^`) keeps a bit \
             only when an odd number of heaps have it."
                .to_string(),
        )
    } else if answer == and && heaps.len() > 1 {
        Some("You used AND (`&`); the nim-sum is XOR (`^`).".to_string())
    } else if answer as u32 == expected as u32 {
        Some(
            "Your answer matches the nim-sum in the low 32 bits only. Heaps use all 64 bits: \
             keep them in u64, never `as u32`."
                .to_string(),
        )
    } else if heaps.len() == 1 && answer == 0 {
        Some(
            "The nim-sum of a single heap is that heap (0 ^ a = a), yet you returned 0: your \
             code leaves the heap out. Combine every heap, the first and the last included."
                .to_string(),
        )
    } else if heaps.len() > 1
        && (answer == nim_sum(&heaps[1..]) || answer == nim_sum(&heaps[..heaps.len() - 1]))
    {
        Some("Your answer leaves out the first or the last heap: combine every heap.".to_string())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checker_accepts_the_nim_sum_only() {
        assert_eq!(XorAll::check(&Args::from(vec![3, 4, 5]), &2), Ok(()));
        assert_eq!(XorAll::check(&Args::from(vec![]), &0), Ok(()));
        assert!(XorAll::check(&Args::from(vec![3, 4, 5]), &12).is_err());
        assert!(XorAll::check(&Args::from(vec![]), &1).is_err());
        assert!(XorAll::check(&Args::from(vec![u64::MAX, 1]), &0).is_err());
    }

    #[test]
    fn classic_mistakes_get_targeted_advice() {
        let advice_for = |h: &[u64], answer| {
            XorAll::check(&Args::from(h.to_vec()), &answer)
                .unwrap_err()
                .advice
                .unwrap()
        };
        assert!(advice_for(&[3, 4, 5], 12).contains("added"));
        assert!(advice_for(&[3, 4, 5], 7).contains("OR"));
        assert!(advice_for(&[(1 << 40) | 3, 5], 6).contains("32 bits"));
        assert!(advice_for(&[], 7).contains("start from 0"));
        // Skipping the first heap (or the last) shows on a single heap.
        assert!(advice_for(&[5], 0).contains("leaves the heap out"));
        assert!(advice_for(&[3, 4, 5], 4 ^ 5).contains("leaves out the first"));
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
        // 3 matches no classic mistake (1 would: it is 4 ^ 5, the first heap left out).
        let mistake = XorAll::check(&Args::from(vec![3, 4, 5]), &3).unwrap_err();
        assert!(mistake.rule.contains("is 2, but your function returned 3"));
        assert!(mistake.rule.contains("3 = 011"));
        assert_eq!(mistake.advice, None);
    }
}
