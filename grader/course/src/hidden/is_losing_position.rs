//! Hidden tests for `is_losing_position`: Bouton's theorem.

use std::time::Duration;

use xorlings_derive::Arguments;

use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
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
    const OPTIMISED: bool = true;

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        index_advice(&input.heaps, message)
    }

    fn rule(input: &Args, &answer: &bool) -> Result<(), String> {
        let heaps = &input.heaps;
        let x = nim_sum(heaps);
        let losing = x == 0;
        if answer == losing {
            return Ok(());
        }
        let rule = if heaps.is_empty() {
            "[] is a losing position: its nim-sum is 0, and with no heaps the player to move \
             cannot move, and so loses: the answer is true. You said it is winning."
                .to_string()
        } else if losing {
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
        Err(with_columns(rule, heaps))
    }

    fn suspects(input: &Args, answer: &bool) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
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

fn losing(heaps: &[u64]) -> bool {
    nim_sum(heaps) == 0
}

/// Whether the nim-sum of the heaps cut to 32 bits is 0.
fn losing_in_32_bits(heaps: &[u64]) -> bool {
    heaps.iter().fold(0u32, |x, &h| x ^ h as u32) == 0
}

fn even_total(heaps: &[u64]) -> bool {
    total(heaps).is_multiple_of(2)
}

fn total(heaps: &[u64]) -> u128 {
    heaps.iter().map(|&h| u128::from(h)).sum()
}

fn no_stones(heaps: &[u64]) -> bool {
    heaps.iter().all(|&h| h == 0)
}

/// The classic mistakes behind a wrong verdict, each as the code that makes it.
const MISTAKES: [Model<Args, bool>; 4] = [
    Model {
        name: "the opposite question",
        gives: |input, &answer| answer != losing(&input.heaps),
        // Wrong everywhere, but where it special-cases the empty position.
        wrong_on: |input| !input.heaps.is_empty(),
        advice: |_, _| {
            "Your answers are the opposite of Bouton's: you answer whether the player to move \
             wins. The function asks whether they lose, which is when the nim-sum is 0 \
             (the empty position included): return `nim_sum == 0`."
                .to_string()
        },
    },
    Model {
        name: "32 bits",
        gives: |input, &answer| answer == losing_in_32_bits(&input.heaps),
        wrong_on: |input| losing_in_32_bits(&input.heaps) != losing(&input.heaps),
        advice: |_, _| {
            "Your answers are those of a nim-sum cut to 32 bits: heaps that agree in their \
             low 32 bits look equal to it. Keep heaps in u64, never `as u32`."
                .to_string()
        },
    },
    Model {
        name: "an even total",
        gives: |input, &answer| answer == even_total(&input.heaps),
        wrong_on: |input| even_total(&input.heaps) != losing(&input.heaps),
        advice: |input, _| {
            format!(
                "The total number of stones ({}) decides nothing: 3 4 5 has an even total and \
                 is a win. Bouton's theorem looks at the nim-sum (XOR), not the sum.",
                total(&input.heaps)
            )
        },
    },
    Model {
        name: "no stones only",
        gives: |input, &answer| answer == no_stones(&input.heaps),
        wrong_on: |input| no_stones(&input.heaps) != losing(&input.heaps),
        advice: |_, _| {
            "Not only the position without stones is losing: 1 1 is too (whatever you take, \
             the opponent takes the last stone). A position is losing exactly when its \
             nim-sum is 0."
                .to_string()
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn check(heaps: &[u64], answer: bool) -> Result<(), String> {
        IsLosingPosition::rule(&Args::from(heaps.to_vec()), &answer)
    }

    fn suspected(heaps: &[u64], answer: bool) -> Vec<&'static str> {
        assert!(check(heaps, answer).is_err());
        let suspects = IsLosingPosition::suspects(&Args::from(heaps.to_vec()), &answer);
        suspects.iter().map(|s| s.mistake).collect()
    }

    #[test]
    fn the_checker_follows_bouton() {
        assert_eq!(check(&[1, 2, 3], true), Ok(()));
        assert_eq!(check(&[3, 4, 5], false), Ok(()));
        assert_eq!(check(&[], true), Ok(()));
        assert!(check(&[1, 2, 3], false).is_err());
        assert!(
            check(&[], false)
                .unwrap_err()
                .contains("cannot move, and so loses")
        );
    }

    #[test]
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        assert_eq!(
            suspected(&[3, 4, 5], true),
            ["the opposite question", "an even total"]
        );
        assert_eq!(
            suspected(&[(1 << 40) | 7, 7], true),
            ["the opposite question", "32 bits", "an even total"]
        );
        // The opposite question, on a position where the total is odd.
        assert_eq!(suspected(&[1, 2], true), ["the opposite question"]);
        assert_eq!(
            suspected(&[1, 1], false),
            ["the opposite question", "no stones only"]
        );
        assert_eq!(
            suspected(&[6, 2], true),
            ["the opposite question", "an even total"]
        );
        let total = IsLosingPosition::suspects(&Args::from(vec![6, 2]), &true);
        assert!(total[1].advice.contains("total number of stones (8)"));
    }
}
