//! Hidden tests for `grundy_number`: the Grundy number of one heap of a subtraction game.

use std::time::Duration;

use xorlings_core::verdict::Mistake;
use xorlings_derive::Arguments;

use crate::model::function::FunctionTests;
use crate::model::grundy::{self, explain, game_groups, grundy_values, validate_game};
use crate::model::show::list;
use crate::model::{Cases, Function, Group, HiddenTests, Seed};

/// The arguments of `grundy_number(n: usize, moves: &[usize]) -> usize`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub n: usize,
    pub moves: Vec<usize>,
}

/// The hidden tests of `grundy_number`.
pub struct GrundyNumber;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<GrundyNumber>::new();

impl Cases<Args> for GrundyNumber {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        game_groups(seed, 20, "heaps", |(n, moves)| Args { n, moves })
    }

    fn validate(input: &Args) -> Result<(), String> {
        validate_game(input.n, &input.moves)
    }
}

impl Function for GrundyNumber {
    type Args = Args;
    type Answer = usize;
    type Cases = GrundyNumber;
    const NAME: &'static str = "grundy_number";
    const TIME_LIMIT: Duration = Duration::from_secs(3);
    const EXPECTED_COST: &'static str = "each Grundy number computed once: a table or a memo, \
         O(n * k) for a heap of n and k moves. Recursion without a memo is exponential";
    const OPTIMISED: bool = true;

    fn check(input: &Args, &answer: &usize) -> Result<(), Mistake> {
        let (n, moves) = (input.n, &input.moves);
        let values = grundy_values(n, moves);
        let expected = values[n];
        if answer == expected {
            return Ok(());
        }
        Err(Mistake::new(format!(
            "With moves {}, the Grundy number of a heap of {n} is {expected}, but you returned \
             {answer}. {}",
            list(moves),
            explain(n, moves, &values)
        ))
        .maybe_advice(grundy::advice(n, moves, &values, answer)))
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        grundy::panic_advice(&input.moves, message)
    }

    fn stack_overflow_advice(input: &Args) -> Option<String> {
        grundy::stack_overflow_advice(&input.moves)
    }

    fn explain(input: &Args, &answer: &usize) -> Option<String> {
        let values = grundy_values(input.n, &input.moves);
        (answer == values[input.n]).then(|| explain(input.n, &input.moves, &values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(n: usize, moves: &[usize], answer: usize) -> Result<(), Mistake> {
        GrundyNumber::check(
            &Args {
                n,
                moves: moves.to_vec(),
            },
            &answer,
        )
    }

    #[test]
    fn the_checker_follows_the_mex_rule() {
        assert_eq!(check(5, &[1, 2, 3], 1), Ok(()));
        assert!(check(5, &[1, 2, 3], 0).is_err());
        let mistake = check(4, &[2, 3], 1).unwrap_err();
        assert!(mistake.rule.contains("mex"), "{}", mistake.rule);
        assert!(mistake.advice.unwrap().contains("not just 0"));
        // A table that counts 0 as a move sees its own entry, still 0, from a heap of 0.
        let with_zero = check(0, &[0, 1], 1).unwrap_err();
        assert!(with_zero.advice.unwrap().contains("contains 0"));
        // Another mistake on a move set with 0 is not blamed on the 0.
        let other = check(2, &[0, 1], 5).unwrap_err();
        assert!(!other.advice.unwrap_or_default().contains("contains 0"));
    }

    #[test]
    fn a_move_of_zero_is_named_on_a_stack_overflow() {
        let input = Args {
            n: 5,
            moves: vec![0],
        };
        let advice = GrundyNumber::stack_overflow_advice(&input).unwrap();
        assert!(advice.contains("0 is not a move"), "{advice}");
        let fine = Args {
            n: 5,
            moves: vec![1],
        };
        assert_eq!(GrundyNumber::stack_overflow_advice(&fine), None);
    }
}
