//! Hidden tests for `is_losing_position`: Bouton's theorem.

use std::time::Duration;

use xorlings_core::verdict::Mistake;
use xorlings_derive::Arguments;

use crate::model::function::FunctionTests;
use crate::model::nim::{Positions, index_advice, nim_sum, with_columns};
use crate::model::show::list;
use crate::model::{Function, HiddenTests};

/// The arguments of `is_losing_position(heaps: &[u64]) -> bool`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `is_losing_position`.
pub struct IsLosingPosition;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<IsLosingPosition>::new();

impl Function for IsLosingPosition {
    type Args = Args;
    type Answer = bool;
    type Cases = Positions;
    const NAME: &'static str = "is_losing_position";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one pass over the heaps (O(n) for n heaps)";

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        index_advice(&input.heaps, message)
    }

    fn check(input: &Args, &answer: &bool) -> Result<(), Mistake> {
        let heaps = &input.heaps;
        let x = nim_sum(heaps);
        let losing = x == 0;
        if answer == losing {
            return Ok(());
        }
        let rule = if losing {
            format!(
                "{} is a losing position: its nim-sum is 0, so every move leaves a nonzero \
                 nim-sum and the opponent can always answer. You said it is winning.",
                list(heaps)
            )
        } else {
            format!(
                "{} is a winning position: its nim-sum is {x}, not 0, so the player to move can \
                 reach nim-sum 0. You said it is losing.",
                list(heaps)
            )
        };
        Err(Mistake::new(with_columns(rule, heaps)).maybe_advice(advice(heaps, answer)))
    }

    fn explain(input: &Args, &answer: &bool) -> Option<String> {
        let verdict = if answer { "losing" } else { "winning" };
        let text = format!(
            "You say {} is {verdict} for the player to move.",
            list(&input.heaps)
        );
        Some(with_columns(text, &input.heaps))
    }
}

fn advice(heaps: &[u64], answer: bool) -> Option<String> {
    let total: u128 = heaps.iter().map(|&h| h as u128).sum();
    let x = nim_sum(heaps);
    if heaps.is_empty() {
        Some(
            "With no heaps the player to move cannot move, and so loses: the answer is true."
                .to_string(),
        )
    } else if x != 0 && x as u32 == 0 && answer {
        Some(
            "This nim-sum is 0 in the low 32 bits and not above them: code that cuts heaps \
             to 32 bits sees a losing position. Keep heaps in u64, never `as u32`."
                .to_string(),
        )
    } else if answer == total.is_multiple_of(2) {
        Some(format!(
            "The total number of stones ({total}) decides nothing: 3 4 5 has an even total \
             and is a win. Bouton's theorem looks at the nim-sum (XOR), not the sum."
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checker_follows_bouton() {
        assert_eq!(
            IsLosingPosition::check(&Args::from(vec![1, 2, 3]), &true),
            Ok(())
        );
        assert_eq!(
            IsLosingPosition::check(&Args::from(vec![3, 4, 5]), &false),
            Ok(())
        );
        assert_eq!(IsLosingPosition::check(&Args::from(vec![]), &true), Ok(()));
        assert!(IsLosingPosition::check(&Args::from(vec![1, 2, 3]), &false).is_err());
        assert!(IsLosingPosition::check(&Args::from(vec![]), &false).is_err());
    }

    #[test]
    fn the_sum_rule_and_truncation_are_recognised() {
        let sum_rule = IsLosingPosition::check(&Args::from(vec![3, 4, 5]), &true).unwrap_err();
        assert!(
            sum_rule
                .advice
                .unwrap()
                .contains("total number of stones (12)")
        );
        let truncated =
            IsLosingPosition::check(&Args::from(vec![(1 << 40) | 7, 7]), &true).unwrap_err();
        assert!(truncated.advice.unwrap().contains("32 bits"));
    }
}
