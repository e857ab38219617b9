//! Hidden tests for `grundy_number`: the Grundy number of one heap of a subtraction game.

use std::time::Duration;

use xorlings_derive::Arguments;

use crate::model::diagnosis::Suspect;
use crate::model::function::FunctionTests;
use crate::model::grundy::{self, explain, game_groups, game_promises, grundy_values};
use crate::model::promise::Promise;
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

    fn promises() -> Vec<Promise<Args>> {
        game_promises(
            "`n` goes up to 100,000",
            |input| input.n as u64,
            |input| input.moves.len() as u64,
            |input, seen| seen(grundy_values(input.n, &input.moves)[input.n] as u64),
        )
    }
}

impl Function for GrundyNumber {
    type Args = Args;
    type Answer = usize;
    type Cases = GrundyNumber;
    const NAME: &'static str = "grundy_number";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "each Grundy number computed once: a table or a memo, \
         O(n * k) for a heap of n and k moves. Recursion without a memo is exponential";
    const OPTIMISED: bool = true;
    /// Memoised recursion 100,000 deep, as the stub promises.
    const STACK_MIB: usize = 256;

    fn rule(input: &Args, &answer: &usize) -> Result<(), String> {
        let (n, moves) = (input.n, &input.moves);
        let values = grundy_values(n, moves);
        let expected = values[n];
        if answer == expected {
            return Ok(());
        }
        Err(format!(
            "With moves {}, the Grundy number of a heap of {n} is {expected}, but you returned \
             {answer}. {}",
            list(moves),
            explain(n, moves, &values)
        ))
    }

    fn suspects(input: &Args, &answer: &usize) -> Vec<Suspect> {
        let n = input.n;
        grundy::suspects(n, &input.moves, n, |table| table[n] == answer)
    }

    fn mistakes() -> Vec<&'static str> {
        grundy::MISTAKES.iter().map(|mistake| mistake.name).collect()
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        let n = input.n;
        grundy::wrong_under(n, &input.moves, mistake, |table, right| {
            table[n] != right[n]
        })
    }

    fn size(input: &Args) -> u64 {
        (input.n as u64 + 1) * (input.moves.len() as u64 + 1)
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        grundy::panic_advice(input.n, &input.moves, message)
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

    fn check(n: usize, moves: &[usize], answer: usize) -> Result<(), String> {
        let input = Args {
            n,
            moves: moves.to_vec(),
        };
        GrundyNumber::rule(&input, &answer)
    }

    fn suspected(n: usize, moves: &[usize], answer: usize) -> Vec<&'static str> {
        assert!(check(n, moves, answer).is_err());
        let input = Args {
            n,
            moves: moves.to_vec(),
        };
        let suspects = GrundyNumber::suspects(&input, &answer);
        suspects.iter().map(|s| s.mistake).collect()
    }

    #[test]
    fn the_checker_follows_the_mex_rule() {
        assert_eq!(check(5, &[1, 2, 3], 1), Ok(()));
        assert!(check(5, &[1, 2, 3], 0).is_err());
        let rule = check(4, &[2, 3], 1).unwrap_err();
        assert!(rule.contains("mex"), "{rule}");
        assert_eq!(suspected(4, &[2, 3], 1), ["winning or losing only"]);
        // A table that counts 0 as a move sees its own entry, still 0, from a heap of 0.
        assert_eq!(suspected(0, &[0, 1], 1), ["a move of 0"]);
        // Another mistake on a move set with 0 is not blamed on the 0.
        assert_eq!(suspected(2, &[0, 1], 5), Vec::<&str>::new());
    }

    #[test]
    fn an_input_shrinks_one_argument_at_a_time() {
        use crate::model::shrink::Shrink;
        let input = Args {
            n: 4,
            moves: vec![2, 3],
        };
        let simpler = input.shrunk();
        for expected in [
            (3, vec![2, 3]),
            (0, vec![2, 3]),
            (4, vec![2]),
            (4, vec![2, 1]),
        ] {
            let expected = Args {
                n: expected.0,
                moves: expected.1,
            };
            assert!(simpler.contains(&expected), "{expected:?} in {simpler:?}");
        }
        assert!(
            simpler.iter().all(|s| s.n == 4 || s.moves == [2, 3]),
            "one at a time"
        );
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
