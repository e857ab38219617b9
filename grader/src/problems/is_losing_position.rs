//! Hidden tests for `is_losing_position`: Bouton's theorem.

use std::time::Duration;

use super::show::{binary_columns, list, nim_sum};
use super::xor_all::{XorAll, position_groups};
use crate::judge::{Exercise, Group, Mistake};

pub struct IsLosingPosition;

impl Exercise for IsLosingPosition {
    type Input = Vec<u64>;
    type Answer = bool;
    const NAME: &'static str = "is_losing_position";
    const ADAPTER: &'static str = "fn solve(heaps: &[u64]) -> Vec<u64> {\n    vec![learner::is_losing_position(heaps) as u64]\n}";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one pass over the heaps (O(n) for n heaps)";

    fn groups() -> Vec<Group<Vec<u64>>> {
        position_groups()
    }

    fn encode(heaps: &Vec<u64>, words: &mut Vec<u64>) {
        words.extend_from_slice(heaps);
    }

    fn decode(words: &[u64]) -> Option<bool> {
        match words {
            [0] => Some(false),
            [1] => Some(true),
            _ => None,
        }
    }

    fn check(heaps: &Vec<u64>, &answer: &bool) -> Result<(), Mistake> {
        let x = nim_sum(heaps);
        let losing = x == 0;
        if answer == losing {
            return Ok(());
        }
        let mut rule = if losing {
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
        if let Some(columns) = binary_columns(heaps) {
            rule.push_str(&format!("\n{columns}"));
        }
        Err(Mistake::new(rule).maybe_advice(advice(heaps, answer)))
    }

    fn show_input(heaps: &Vec<u64>) -> String {
        XorAll::show_input(heaps)
    }

    fn show_answer(answer: &bool) -> String {
        answer.to_string()
    }

    fn size(heaps: &Vec<u64>) -> u64 {
        XorAll::size(heaps)
    }

    fn panic_advice(heaps: &Vec<u64>, message: &str) -> Option<String> {
        XorAll::panic_advice(heaps, message)
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
        assert_eq!(IsLosingPosition::check(&vec![1, 2, 3], &true), Ok(()));
        assert_eq!(IsLosingPosition::check(&vec![3, 4, 5], &false), Ok(()));
        assert_eq!(IsLosingPosition::check(&vec![], &true), Ok(()));
        assert!(IsLosingPosition::check(&vec![1, 2, 3], &false).is_err());
        assert!(IsLosingPosition::check(&vec![], &false).is_err());
    }

    #[test]
    fn the_sum_rule_and_truncation_are_recognised() {
        let sum_rule = IsLosingPosition::check(&vec![3, 4, 5], &true).unwrap_err();
        assert!(
            sum_rule
                .advice
                .unwrap()
                .contains("total number of stones (12)")
        );
        let truncated = IsLosingPosition::check(&vec![(1 << 40) | 7, 7], &true).unwrap_err();
        assert!(truncated.advice.unwrap().contains("32 bits"));
    }

    #[test]
    fn decoding_rejects_anything_but_a_bool() {
        assert_eq!(IsLosingPosition::decode(&[1]), Some(true));
        assert_eq!(IsLosingPosition::decode(&[2]), None);
        assert_eq!(IsLosingPosition::decode(&[]), None);
    }
}
