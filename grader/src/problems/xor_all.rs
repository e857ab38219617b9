//! Hidden tests for `xor_all`: the nim-sum of a position.

use std::time::Duration;

use super::cases;
use super::show::{binary_columns, list, nim_sum};
use crate::judge::{Exercise, Group, Mistake};

pub struct XorAll;

/// The groups shared by the two exercises whose input is just a position.
pub fn position_groups() -> Vec<Group<Vec<u64>>> {
    let mut small = vec![Vec::new()];
    small.extend(cases::all_positions(4, 8));
    let mut losing = cases::random_positions(14, 200, 12, 64);
    losing = losing.into_iter().map(cases::make_losing).collect();
    losing.push(vec![0; 1000]);
    vec![
        Group {
            name: "no heaps, and every position of 1 to 4 heaps of 0 to 8",
            cases: small,
        },
        Group {
            name: "random positions of up to 20 heaps below 1,000",
            cases: cases::random_positions(11, 300, 20, 10),
        },
        Group {
            name: "random positions with full 64-bit heaps",
            cases: cases::random_positions(12, 300, 20, 64),
        },
        Group {
            name: "heaps that differ only above bit 31, and heaps near u64::MAX",
            cases: [
                cases::high_bit_positions(13, 100),
                cases::near_max_positions(),
            ]
            .concat(),
        },
        Group {
            name: "random losing positions (nim-sum 0), and 1,000 empty heaps",
            cases: losing,
        },
        Group {
            name: "1,000,000 heaps",
            cases: vec![
                cases::large_random(15),
                cases::make_losing(cases::large_random(16)),
            ],
        },
    ]
}

impl Exercise for XorAll {
    type Input = Vec<u64>;
    type Answer = u64;
    const NAME: &'static str = "xor_all";
    const ADAPTER: &'static str =
        "fn solve(heaps: &[u64]) -> Vec<u64> {\n    vec![learner::xor_all(heaps)]\n}";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one pass over the heaps (O(n) for n heaps)";

    fn groups() -> Vec<Group<Vec<u64>>> {
        position_groups()
    }

    fn encode(heaps: &Vec<u64>, words: &mut Vec<u64>) {
        words.extend_from_slice(heaps);
    }

    fn decode(words: &[u64]) -> Option<u64> {
        match words {
            &[x] => Some(x),
            _ => None,
        }
    }

    fn check(heaps: &Vec<u64>, &answer: &u64) -> Result<(), Mistake> {
        let expected = nim_sum(heaps);
        if answer == expected {
            return Ok(());
        }
        let mut rule = format!(
            "The nim-sum of {} is {expected}, but your function returned {answer}.",
            list(heaps)
        );
        if let Some(columns) = binary_columns(heaps) {
            rule.push_str(&format!("\n{columns}"));
        }
        Err(Mistake::new(rule).maybe_advice(advice(heaps, expected, answer)))
    }

    fn show_input(heaps: &Vec<u64>) -> String {
        format!("heaps = {}", list(heaps))
    }

    fn show_answer(answer: &u64) -> String {
        answer.to_string()
    }

    fn size(heaps: &Vec<u64>) -> u64 {
        heaps.len() as u64 * 64
            + heaps
                .iter()
                .map(|h| 64 - h.leading_zeros() as u64)
                .sum::<u64>()
    }

    fn panic_advice(heaps: &Vec<u64>, message: &str) -> Option<String> {
        index_advice(heaps, message)
    }
}

/// Advice for indexing past the end of the heaps, shared by the exercises whose input
/// is a position.
pub fn index_advice(heaps: &[u64], message: &str) -> Option<String> {
    if !message.contains("index out of bounds") {
        None
    } else if heaps.is_empty() {
        Some(
            "An empty position has no heaps[0]: start from 0, the nim-sum of no heaps, and \
             loop over the heaps themselves (`for &heap in heaps`) or over `0..heaps.len()`."
                .to_string(),
        )
    } else {
        Some(
            "An index went past the last heap: the heaps are numbered 0 to heaps.len() - 1, \
             so loop over `0..heaps.len()`, or over the heaps themselves (`for &heap in heaps`)."
                .to_string(),
        )
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
    } else if answer == expected & 0xFFFF_FFFF || answer as u32 == expected as u32 {
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
        assert_eq!(XorAll::check(&vec![3, 4, 5], &2), Ok(()));
        assert_eq!(XorAll::check(&vec![], &0), Ok(()));
        assert!(XorAll::check(&vec![3, 4, 5], &12).is_err());
        assert!(XorAll::check(&vec![], &1).is_err());
        assert!(XorAll::check(&vec![u64::MAX, 1], &0).is_err());
    }

    #[test]
    fn classic_mistakes_get_targeted_advice() {
        let advice_for =
            |heaps: Vec<u64>, answer| XorAll::check(&heaps, &answer).unwrap_err().advice.unwrap();
        assert!(advice_for(vec![3, 4, 5], 12).contains("added"));
        assert!(advice_for(vec![3, 4, 5], 7).contains("OR"));
        assert!(advice_for(vec![(1 << 40) | 3, 5], 6).contains("32 bits"));
        assert!(advice_for(vec![], 7).contains("start from 0"));
        // Skipping the first heap (or the last) shows on a single heap.
        assert!(advice_for(vec![5], 0).contains("leaves the heap out"));
        assert!(advice_for(vec![3, 4, 5], 4 ^ 5).contains("leaves out the first"));
    }

    #[test]
    fn indexing_past_the_end_gets_advice() {
        let empty = "index out of bounds: the len is 0 but the index is 0";
        let advice = XorAll::panic_advice(&vec![], empty).unwrap();
        assert!(advice.contains("start from 0"), "{advice}");
        assert!(advice.contains("0..heaps.len()"), "{advice}");
        let past = "index out of bounds: the len is 3 but the index is 3";
        assert!(
            XorAll::panic_advice(&vec![3, 4, 5], past)
                .unwrap()
                .contains("0..heaps.len()")
        );
        assert_eq!(XorAll::panic_advice(&vec![3], "boom"), None);
    }

    #[test]
    fn the_rule_shows_binary_columns_for_small_positions() {
        // 3 matches no classic mistake (1 would: it is 4 ^ 5, the first heap left out).
        let mistake = XorAll::check(&vec![3, 4, 5], &3).unwrap_err();
        assert!(mistake.rule.contains("is 2, but your function returned 3"));
        assert!(mistake.rule.contains("3 = 011"));
        assert_eq!(mistake.advice, None);
    }

    #[test]
    fn decoding_rejects_malformed_answers() {
        assert_eq!(XorAll::decode(&[5]), Some(5));
        assert_eq!(XorAll::decode(&[]), None);
        assert_eq!(XorAll::decode(&[1, 2]), None);
    }
}
