//! Hidden tests for `brute_force_is_losing`: P or N by a memoised game search. The
//! learner's search uses no theory; the grader judges its answers with Bouton's rule
//! (nim-sum 0), which a test here checks against a search on every small position.

use std::time::Duration;

use xorlings_core::verdict::Mistake;
use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::function::FunctionTests;
use crate::model::nim::{empty_heap_advice, nim_sum, validate_small_position};
use crate::model::show::{count, list};
use crate::model::{Cases, Function, Group, HiddenTests, Seed, inputs};

/// The arguments of `brute_force_is_losing(heaps: &[u64]) -> bool`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `brute_force_is_losing`.
pub struct BruteForceIsLosing;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<BruteForceIsLosing>::new();

/// The most heaps in a position.
const MAX_HEAPS: usize = 5;
/// The most stones in a heap.
const MAX_SIZE: u64 = 15;

/// Losing positions of 5 large heaps, heaps in no particular order: a search must try
/// every move of a losing position. A memo keyed on unsorted heaps, which solves every
/// order of the heaps separately, is ten to twenty times slower on such positions, and
/// must still pass: a constant factor that small is no job for a time limit, which must
/// never fail a right search by chance. So the group is a handful of them, not dozens.
const HARD_LOSING: [[u64; 5]; 5] = [
    [10, 14, 13, 7, 14],
    [8, 7, 9, 11, 13],
    [6, 11, 12, 13, 12],
    [7, 12, 11, 14, 14],
    [9, 8, 12, 7, 10],
];

const NO_STONES: &str = "A position with no stones has no moves: the player to move cannot \
move and loses, so it is losing (true). With that base case flipped, a search plays misère Nim, \
where taking the last stone loses.";
const MISERE: &str = "This answer is right for misère Nim, where taking the last stone loses, \
but not for Nim: check your base case. A position with no stones is losing (true): the player \
to move cannot move.";
const TURNED_AROUND: &str = "A position is losing when no move reaches a losing position (every \
move reaches a winning one): a move to a losing position wins.";
const STACK_OVERFLOW: &str = "A search here is never deeper than the number of stones (at most \
75), so the recursion never ends. A move takes at least one stone: new sizes go up to size - 1 \
(`0..size`). Taking 0 stones makes a position its own child.";

/// Positions of up to 5 heaps where many heaps are equal or empty: a memo key must keep
/// how many heaps have each size.
fn equal_and_empty() -> Vec<Vec<u64>> {
    vec![
        vec![0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 15],
        vec![15, 0, 0, 0, 0],
        vec![15, 15],
        vec![15, 15, 0],
        vec![0, 15, 0, 15, 0],
        vec![1, 1, 1, 1, 1],
        vec![1, 1, 1, 1],
        vec![0, 1, 1, 1, 1],
        vec![2, 2, 1, 1, 0],
        vec![3, 3, 3, 0, 3],
        vec![7, 7, 7, 7, 7],
        vec![8, 8, 8, 8],
        vec![9, 0, 9, 9, 9],
        vec![12, 12, 12, 12, 12],
        vec![14, 14, 0, 14, 14],
        vec![13, 13, 1, 1, 0],
        vec![15, 15, 14, 14, 0],
        vec![15, 15, 15, 15, 0],
        vec![15, 15, 15, 15, 15],
    ]
}

impl Cases<Args> for BruteForceIsLosing {
    fn validate(input: &Args) -> Result<(), String> {
        validate_small_position(&input.heaps, MAX_HEAPS, MAX_SIZE)
    }

    fn groups(seed: Seed) -> Vec<Group<Args>> {
        let small = cases::every_position_from_empty(4, 8);
        inputs(vec![
            Group::new(
                "no heaps, and every position of 1 to 4 heaps of 0 to 8",
                small,
            ),
            Group::new(
                "random positions of 1 to 5 heaps of 0 to 15, in any order",
                cases::random_positions(&mut seed.rng(81), 200, MAX_HEAPS, MAX_SIZE + 1),
            ),
            Group::new(
                "up to 5 heaps of up to 15, many of them equal or empty",
                equal_and_empty(),
            ),
            Group::new(
                "losing positions of 5 large heaps",
                HARD_LOSING.iter().map(|heaps| heaps.to_vec()).collect(),
            ),
        ])
    }
}

impl Function for BruteForceIsLosing {
    type Args = Args;
    type Answer = bool;
    type Cases = BruteForceIsLosing;
    const NAME: &'static str = "brute_force_is_losing";
    const TIME_LIMIT: Duration = Duration::from_secs(8);
    const EXPECTED_COST: &'static str = "a memoised search: one memo, created once and passed down the recursion, \
         keyed on the sorted heaps, so that each position (up to the order of its heaps) is \
         solved once. Without a memo, or with a new memo in every call, the search is \
         exponential";
    const OPTIMISED: bool = true;

    fn check(input: &Args, &answer: &bool) -> Result<(), Mistake> {
        let heaps = &input.heaps;
        let losing = nim_sum(heaps) == 0;
        if answer == losing {
            return Ok(());
        }
        let shown = list(heaps);
        let rule = match winning_move(heaps) {
            None if heaps.iter().all(|&h| h == 0) => format!(
                "{shown} has no stones, so the player to move has no move at all: they are \
                 stuck, and lose. It is a losing (P) position, so the answer is true; you said \
                 false."
            ),
            None => {
                let (i, new_size) = first_move(heaps);
                let after = moved(heaps, i, new_size);
                let (j, reply) = winning_move(&after).unwrap_or((i, new_size));
                format!(
                    "{shown} is a losing (P) position: each of its {} reaches a winning (N) \
                     position, from which the other player moves back to a losing one. For \
                     example, taking heap {i} to {new_size} leaves {}, and the reply taking heap \
                     {j} to {reply} leaves {}. The answer is true; you said false.",
                    count(heaps.iter().sum::<u64>() as usize, "move", "moves"),
                    list(&after),
                    list(&moved(&after, j, reply))
                )
            }
            Some((i, new_size)) => format!(
                "{shown} is a winning (N) position: the move taking heap {i} from {} to \
                 {new_size} reaches {}, a losing (P) position for the other player. The answer \
                 is false; you said true.",
                heaps[i],
                list(&moved(heaps, i, new_size))
            ),
        };
        Err(Mistake::new(rule).maybe_advice(advice(heaps, answer)))
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        empty_heap_advice(&input.heaps, message)
    }

    fn stack_overflow_advice(_input: &Args) -> Option<String> {
        Some(STACK_OVERFLOW.to_string())
    }
}

/// Every move to a losing position (nim-sum 0), as `(heap, new size)`: one for each heap
/// with the nim-sum's highest bit, and none from a losing position.
fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = nim_sum(heaps);
    (0..heaps.len())
        .filter(|&i| heaps[i] ^ x < heaps[i])
        .map(|i| (i, heaps[i] ^ x))
        .collect()
}

/// The first winning move, if any.
fn winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    winning_moves(heaps).first().copied()
}

/// The first move of a position with stones: its first nonempty heap, emptied.
fn first_move(heaps: &[u64]) -> (usize, u64) {
    (heaps.iter().position(|&h| h > 0).unwrap_or(0), 0)
}

fn moved(heaps: &[u64], i: usize, new_size: u64) -> Vec<u64> {
    let mut after = heaps.to_vec();
    after[i] = new_size;
    after
}

/// Misère Nim's answer: losing with every heap at most 1 and an odd number of them 1,
/// or with a larger heap and nim-sum 0.
fn misere_losing(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        nim_sum(heaps) == 0
    }
}

/// Whether `heaps` has some size above 0 at least twice.
fn has_repeated_size(heaps: &[u64]) -> bool {
    let mut sizes: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sizes.sort_unstable();
    sizes.windows(2).any(|pair| pair[0] == pair[1])
}

/// Recognises the classic mistakes behind a wrong answer (`answer` is wrong).
fn advice(heaps: &[u64], answer: bool) -> Option<String> {
    let total: u64 = heaps.iter().sum();
    let after_wins: Vec<Vec<u64>> = winning_moves(heaps)
        .into_iter()
        .map(|(i, new_size)| moved(heaps, i, new_size))
        .collect();
    if total == 0 {
        Some(NO_STONES.to_string())
    } else if !answer {
        (misere_losing(heaps) == answer).then(|| MISERE.to_string())
    } else if total.is_multiple_of(2) {
        let (i, new_size) = winning_move(heaps)?;
        Some(format!(
            "The total number of stones does not decide the game: {} has an even total, yet \
             taking {} from heap {i} wins. A move may take any number of stones from one heap, \
             not just one: search every smaller size of every heap instead of guessing a rule.",
            list(heaps),
            count((heaps[i] - new_size) as usize, "stone", "stones")
        ))
    } else if let Some(after) = after_wins.first()
        && after_wins.iter().all(|after| has_repeated_size(after))
    {
        Some(format!(
            "Every winning move from here reaches a position with a repeated size, like {}. \
             A memo key that loses information, as a set of sizes does by forgetting repeats, \
             lets different positions share an answer, and such a move is missed. Sort the \
             heaps and keep the whole list as the key.",
            list(after)
        ))
    } else {
        Some(TURNED_AROUND.to_string())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn check(heaps: &[u64], answer: bool) -> Result<(), Mistake> {
        BruteForceIsLosing::check(&Args::from(heaps.to_vec()), &answer)
    }

    /// The rule and the advice (empty when there is none) for a wrong answer.
    fn judged(heaps: &[u64], answer: bool) -> (String, String) {
        let mistake = check(heaps, answer).expect_err("a wrong answer");
        (mistake.rule, mistake.advice.unwrap_or_default())
    }

    fn rule(heaps: &[u64], answer: bool) -> String {
        judged(heaps, answer).0
    }

    fn advice(heaps: &[u64], answer: bool) -> String {
        judged(heaps, answer).1
    }

    /// The lesson's search: P when no move reaches a P position, memoised on sorted heaps.
    fn searched_losing(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let losing =
            !(0..key.len()).any(|i| (0..key[i]).any(|b| searched_losing(&moved(&key, i, b), memo)));
        memo.insert(key, losing);
        losing
    }

    #[test]
    fn bouton_agrees_with_a_search_on_every_small_position() {
        let groups = BruteForceIsLosing::groups(Seed::DEFAULT);
        let small = &groups[0].cases;
        assert_eq!(small.len(), 1 + 7_380);
        let mut memo = HashMap::new();
        let mut losing = 0;
        for input in small {
            let searched = searched_losing(&input.heaps, &mut memo);
            assert_eq!(searched, nim_sum(&input.heaps) == 0, "{:?}", input.heaps);
            assert_eq!(check(&input.heaps, searched), Ok(()));
            losing += usize::from(searched && !input.heaps.is_empty());
        }
        assert_eq!((7_380 - losing, losing), (6_742, 638));
        for heaps in HARD_LOSING {
            assert!(searched_losing(&heaps, &mut memo), "{heaps:?} is losing");
        }
    }

    #[test]
    fn the_stubs_examples_are_accepted_and_junk_rejected() {
        assert_eq!(check(&[], true), Ok(()));
        assert_eq!(check(&[0, 0], true), Ok(()));
        assert_eq!(check(&[1, 1], true), Ok(()));
        assert_eq!(check(&[1, 2], false), Ok(()));
        let empty = rule(&[], false);
        assert!(
            empty.contains("[] has no stones, so the player to move has no move"),
            "{empty}"
        );
        let losing = rule(&[1, 1], false);
        assert!(
            losing.contains("[1, 1] is a losing (P) position: each of its 2 moves"),
            "{losing}"
        );
        assert!(
            losing.contains(
                "taking heap 0 to 0 leaves [0, 1], and the reply taking heap 1 to 0 leaves [0, 0]"
            ),
            "{losing}"
        );
        let winning = rule(&[1, 2], true);
        assert!(
            winning.contains("taking heap 1 from 2 to 1 reaches [1, 1]"),
            "{winning}"
        );
    }

    #[test]
    fn classic_mistakes_get_advice() {
        // Each example is the first failure of a recorded solution.
        assert_eq!(advice(&[], false), NO_STONES);
        assert_eq!(advice(&[0], false), NO_STONES);
        assert_eq!(advice(&[1, 1], false), MISERE);
        assert_eq!(
            advice(&[1, 2, 3], false),
            "",
            "misère Nim also says [1, 2, 3] is losing"
        );
        let parity = advice(&[2], true);
        assert!(
            parity.contains("[2] has an even total, yet taking 2 stones from heap 0 wins"),
            "{parity}"
        );
        assert!(parity.contains("not just one"), "{parity}");
        let set = advice(&[0, 1, 2], true);
        assert!(set.contains("a repeated size, like [0, 1, 1]"), "{set}");
        assert!(
            set.contains("a set of sizes does by forgetting repeats"),
            "{set}"
        );
        assert_eq!(advice(&[1], true), TURNED_AROUND);
        assert_eq!(advice(&[1, 2, 4], true), TURNED_AROUND);
    }

    #[test]
    fn crashes_get_advice() {
        let input = Args::from(vec![0, 3]);
        let underflow =
            BruteForceIsLosing::panic_advice(&input, "attempt to subtract with overflow");
        assert!(underflow.unwrap().contains("`size - 1` underflows"));
        assert_eq!(
            BruteForceIsLosing::panic_advice(&Args::from(vec![3]), "boom"),
            None
        );
        let overflow = BruteForceIsLosing::stack_overflow_advice(&input).unwrap();
        assert!(
            overflow.contains("A move takes at least one stone"),
            "{overflow}"
        );
    }
}
