//! Hidden tests for `apply_move`: legal moves, and the reason for illegal ones.

use std::time::Duration;

use rand::Rng;

use xorlings_derive::{Arguments, Show, Wire};

use crate::model::cases::{self, MAX_HEAPS};
use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::nim::numbered_heaps;
use crate::model::promise::Promise;
use crate::model::show::{Show, count, list, thousands};
use crate::model::{Cases, Function, Group, HiddenTests, Seed};

/// The arguments of `apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError>`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
    pub heap_index: usize,
    pub new_size: u64,
}

/// Why a move is illegal.
#[derive(Debug, Clone, PartialEq, Eq, Wire, Show)]
pub enum MoveError {
    NoSuchHeap {
        heap_index: usize,
        heap_count: usize,
    },
    NotSmaller {
        heap_index: usize,
        size: u64,
        new_size: u64,
    },
}

/// The hidden tests of `apply_move`.
pub struct ApplyMove;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<ApplyMove>::new();

/// What `apply_move` returns.
type Answer = Result<Vec<u64>, MoveError>;

fn case(heaps: Vec<u64>, heap_index: usize, new_size: u64) -> Args {
    Args {
        heaps,
        heap_index,
        new_size,
    }
}

/// The right answer, by the rules of the lesson.
fn expected(input: &Args) -> Answer {
    let i = input.heap_index;
    match input.heaps.get(i) {
        None => Err(MoveError::NoSuchHeap {
            heap_index: i,
            heap_count: input.heaps.len(),
        }),
        Some(&size) if input.new_size >= size => Err(MoveError::NotSmaller {
            heap_index: i,
            size,
            new_size: input.new_size,
        }),
        Some(_) => Ok(moved(&input.heaps, i, input.new_size)),
    }
}

fn moved(heaps: &[u64], index: usize, new_size: u64) -> Vec<u64> {
    let mut after = heaps.to_vec();
    after[index] = new_size;
    after
}

/// Every move, legal or not, on every position of 0 to 3 heaps of 0 to 4.
fn every_small_move() -> Vec<Args> {
    std::iter::once(Vec::new())
        .chain(cases::all_positions(3, 4))
        .flat_map(|heaps| {
            (0..=heaps.len()).flat_map(move |index| {
                let heaps = heaps.clone();
                (0..=5).map(move |new_size| case(heaps.clone(), index, new_size))
            })
        })
        .collect()
}

/// Mostly legal moves, with some that keep or grow the heap, or name no heap.
fn random_moves(seed: Seed) -> Vec<Args> {
    let mut rng = seed.rng(31);
    cases::random_wide_positions(&mut seed.rng(32), 400, 20)
        .into_iter()
        .map(|heaps| {
            let index = rng.random_range(0..heaps.len() + 2);
            let size = heaps.get(index).copied().unwrap_or(0);
            let new_size = match rng.random_range(0..4) {
                0 => size,
                1 => size.saturating_add(rng.random_range(1..=3)),
                _ => rng.random_range(0..=size),
            };
            case(heaps, index, new_size)
        })
        .collect()
}

/// Moves on heaps of every bit pattern (2^k, 2^k - 1, the top bits set): each halved,
/// kept, and emptied beside a heap of 5.
fn bit_pattern_moves() -> Vec<Args> {
    cases::bit_patterns()
        .into_iter()
        .flat_map(|heap| {
            [
                case(vec![heap, 5], 0, heap / 2),
                case(vec![5, heap], 1, heap),
                case(vec![heap], 0, 0),
            ]
        })
        .collect()
}

fn wide_moves() -> Vec<Args> {
    let mut moves = vec![
        case(vec![u64::MAX, 5], 0, u64::MAX - 1),
        case(vec![u64::MAX, 5], 0, u64::MAX),
        case(vec![1 << 40, 3], 0, 1 << 32),
        case(vec![1 << 32, 3], 0, (1 << 33) + 1),
        case(vec![7, 1 << 35], 1, 1),
        case(vec![4, 4], usize::MAX, 0),
        case(vec![4, 4], 1 << 32, 1),
    ];
    moves.extend(bit_pattern_moves());
    moves
}

fn large_moves(seed: Seed) -> Vec<Args> {
    let large = cases::large_random(&mut seed.rng(33), MAX_HEAPS);
    let last = large.len() - 1;
    vec![
        case(large.clone(), last, large[last] / 2),
        case(large.clone(), last + 1, 0),
        case(large, 0, u64::MAX),
    ]
}

impl Cases<Args> for ApplyMove {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        vec![
            Group::new(
                "every move on every position of 0 to 3 heaps of 0 to 4",
                every_small_move(),
            ),
            Group::new(
                "random moves, legal and illegal, with 64-bit heaps",
                random_moves(seed),
            ),
            Group::new(
                "heaps and indices beyond 32 bits, and heaps of every 2^k, 2^k - 1 and top \
                 bits set",
                wide_moves(),
            ),
            Group::new("moves on 1,000,000 heaps", large_moves(seed)),
        ]
    }

    fn promises() -> Vec<Promise<Args>> {
        vec![
            Promise::at_most(
                "up to 1,000,000 heaps",
                "heaps",
                MAX_HEAPS as u64,
                |input| input.heaps.len() as u64,
            ),
            Promise::every_value(
                "full-range `u64` sizes",
                "heap sizes",
                u64::MAX,
                |input, seen| input.heaps.iter().for_each(|&heap| seen(heap)),
            ),
        ]
    }
}

impl Function for ApplyMove {
    type Args = Args;
    type Answer = Answer;
    type Cases = ApplyMove;
    const NAME: &'static str = "apply_move";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str =
        "one copy of the heaps per move (O(n) for n heaps), and no search";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, answer: &Answer) -> Result<(), String> {
        let expected = expected(input);
        if *answer == expected {
            return Ok(());
        }
        Err(rule(input, &expected, answer))
    }

    fn suspects(input: &Args, answer: &Answer) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        if message.contains("index out of bounds") && input.heap_index >= input.heaps.len() {
            Some(
                "Check `heap_index < heaps.len()` before you index the heaps, and return \
                 NoSuchHeap when it fails."
                    .to_string(),
            )
        } else if message.contains("subtract with overflow") && input.heaps.is_empty() {
            Some(
                "A subtraction went below zero on a position with no heaps: `heaps.len() - 1` \
                 underflows there. heap_count is heaps.len() itself, and an index is valid \
                 when it is below it: test `heap_index < heaps.len()`."
                    .to_string(),
            )
        } else if message.contains("subtract with overflow") {
            Some(
                "A subtraction went below zero: check that new_size is smaller than the heap \
                 before computing with them."
                    .to_string(),
            )
        } else {
            None
        }
    }

    fn explain(input: &Args, answer: &Answer) -> Option<String> {
        Some(match answer {
            Ok(after) => format!(
                "Before the move: {}\nAfter the move:  {}",
                list(&input.heaps),
                list(after)
            ),
            Err(MoveError::NoSuchHeap {
                heap_index,
                heap_count,
            }) => format!(
                "You say there is no heap {heap_index} among {}; the position has {}.",
                count(*heap_count, "heap", "heaps"),
                numbered_heaps(input.heaps.len() as u64)
            ),
            Err(MoveError::NotSmaller {
                heap_index,
                size,
                new_size,
            }) => format!(
                "You say heap {heap_index} holds {size}, so leaving {new_size} is no move: a \
                 move leaves the heap smaller."
            ),
        })
    }
}

/// The rule a wrong answer breaks, in the lesson's words.
fn rule(input: &Args, expected: &Answer, answer: &Answer) -> String {
    let (index, new_size, heaps) = (input.heap_index, input.new_size, input.heaps.len());
    let right = expected.show();
    match (expected, answer) {
        (
            Err(MoveError::NoSuchHeap { .. }),
            Err(MoveError::NoSuchHeap {
                heap_index,
                heap_count,
            }),
        ) if *heap_index == index => format!(
            "NoSuchHeap is right, but heap_count is the number of heaps: the position has \
             {heaps}, not {heap_count}. The answer is {right}."
        ),
        (Err(MoveError::NoSuchHeap { .. }), _) => format!(
            "There is no heap {index}: the position has {}. The answer is {right}.",
            numbered_heaps(heaps as u64)
        ),
        (Err(MoveError::NotSmaller { size, .. }), Ok(_)) if new_size > *size => format!(
            "Heap {index} would grow from {size} to {new_size}: a move only takes stones away. \
             The answer is {right}."
        ),
        (Err(MoveError::NotSmaller { size, .. }), Ok(_)) => format!(
            "This takes 0 stones: heap {index} stays at {size}, and a move takes at least one \
             stone. The answer is {right}."
        ),
        (
            Err(MoveError::NotSmaller { size, .. }),
            Err(MoveError::NotSmaller {
                heap_index,
                size: your_size,
                new_size: your_new_size,
            }),
        ) if *heap_index == index => format!(
            "NotSmaller is right, but its fields are not: size is the heap's size now ({size}) \
             and new_size the size asked for ({new_size}); yours has size {your_size} and \
             new_size {your_new_size}. The answer is {right}."
        ),
        (Err(MoveError::NotSmaller { .. }), _) => format!(
            "The move is illegal because the new size is not smaller; the answer is {right}."
        ),
        (Ok(_), Ok(after)) if after.len() != heaps => format!(
            "The position must keep its {} (an emptied heap stays, as 0); yours has {}.",
            count(heaps, "heap", "heaps"),
            count(after.len(), "heap", "heaps")
        ),
        (Ok(right), Ok(after)) => {
            let wrong = (0..heaps).find(|&i| right[i] != after[i]).unwrap_or(0);
            format!(
                "After the move, heap {wrong} should hold {}, but yours holds {}. Only heap \
                 {index} changes, to {new_size}.",
                stones(right[wrong]),
                stones(after[wrong])
            )
        }
        (Ok(_), _) => {
            let size = input.heaps[index];
            format!(
                "This move is legal: heap {index} goes from {size} to {new_size}, taking {}. \
                 The answer is Ok with the new position.",
                stones(size - new_size)
            )
        }
    }
}

/// A number of stones, in words: "1 stone", "3 stones" (a u64, which [`count`] is not).
fn stones(n: u64) -> String {
    match n {
        1 => "1 stone".to_string(),
        n => format!("{} stones", thousands(n)),
    }
}

/// What `apply_move` answers when it reads `heap_index` as 1-based (heap 1 is the first).
fn one_based(input: &Args) -> Answer {
    let (index, heaps) = (input.heap_index, &input.heaps);
    if index == 0 || index > heaps.len() {
        return Err(MoveError::NoSuchHeap {
            heap_index: index,
            heap_count: heaps.len(),
        });
    }
    let size = heaps[index - 1];
    if input.new_size >= size {
        Err(MoveError::NotSmaller {
            heap_index: index,
            size,
            new_size: input.new_size,
        })
    } else {
        Ok(moved(heaps, index - 1, input.new_size))
    }
}

/// The position after a legal move, tidied as code that sorts it or drops its empty
/// heaps does; `None` for an illegal move, or where tidying changes nothing.
fn tidied(input: &Args, sort: bool, drop_empty: bool) -> Option<Vec<u64>> {
    let right = expected(input).ok()?;
    let mut after: Vec<u64> = right
        .iter()
        .copied()
        .filter(|&h| !drop_empty || h > 0)
        .collect();
    if sort {
        after.sort_unstable();
    }
    (after != right).then_some(after)
}

/// Whether `answer` is the position after the move, tidied: sorted when `sort`, with
/// the empty heaps dropped when `drop_empty` (and sorted or not, when `sort` is false).
fn tidies(input: &Args, answer: &Answer, sort: bool, drop_empty: bool) -> bool {
    let Ok(after) = answer else {
        return false;
    };
    let tidy = |sort| tidied(input, sort, drop_empty).as_ref() == Some(after);
    tidy(sort) || (drop_empty && !sort && tidy(true))
}

/// The classic mistakes behind a wrong answer, each as the code that makes it.
const MISTAKES: [Model<Args, Answer>; 6] = [
    Model {
        name: "heaps counted from 1",
        gives: |input, answer| *answer == one_based(input),
        wrong_on: |input| one_based(input) != expected(input),
        advice: |input, _| match input.heap_index {
            0 => "heap_index 0 is the first heap: indices are 0-based, so the heaps of a \
                  position of n heaps are 0 to n - 1."
                .to_string(),
            index => format!(
                "You used heap {} instead of heap {index}: indices are 0-based, so heap_index \
                 0 is the first heap.",
                index - 1
            ),
        },
    },
    Model {
        name: "the size checked before the index",
        gives: |input, answer| {
            matches!(
                (expected(input), answer),
                (
                    Err(MoveError::NoSuchHeap { .. }),
                    Err(MoveError::NotSmaller { .. })
                )
            )
        },
        wrong_on: |input| input.heap_index >= input.heaps.len(),
        advice: |_, _| {
            "Check the index first: an index out of range is NoSuchHeap whatever new_size is, \
             and there is no size to compare with."
                .to_string()
        },
    },
    Model {
        name: "size and new_size swapped",
        gives: |input, answer| match (expected(input), answer) {
            (
                Err(MoveError::NotSmaller { size, new_size, .. }),
                Err(MoveError::NotSmaller {
                    size: your_size,
                    new_size: your_new_size,
                    ..
                }),
            ) => size != new_size && (*your_size, *your_new_size) == (new_size, size),
            _ => false,
        },
        wrong_on: |input| matches!(expected(input), Err(MoveError::NotSmaller { size, new_size, .. }) if size != new_size),
        advice: |_, _| {
            "You swapped size and new_size: size is what the heap holds now, new_size what the \
             move asked for."
                .to_string()
        },
    },
    Model {
        name: "the heaps unchanged",
        gives: |input, answer| {
            expected(input).is_ok() && matches!(answer, Ok(after) if *after == input.heaps)
        },
        wrong_on: |input| expected(input).is_ok(),
        advice: |_, _| {
            "You returned the heaps unchanged: set heaps[heap_index] to new_size in the copy."
                .to_string()
        },
    },
    Model {
        name: "the empty heaps dropped",
        gives: |input, answer| tidies(input, answer, false, true),
        wrong_on: |input| tidied(input, false, true).is_some(),
        advice: |input, _| {
            let right = expected(input).unwrap_or_default();
            format!(
                "You dropped the empty heaps: after the move the position is {}, with its {}. \
                 An emptied heap stays in its place, as 0, so that every other heap keeps \
                 its index.",
                list(&right),
                count(right.len(), "heap", "heaps")
            )
        },
    },
    Model {
        name: "the position sorted",
        gives: |input, answer| tidies(input, answer, true, false),
        wrong_on: |input| tidied(input, true, false).is_some(),
        advice: |input, _| {
            format!(
                "You sorted the position: after the move it is {}, in that order. Heap i \
                 stays heap i (moves name heaps by index), so change the one heap in place \
                 and sort only where you want a canonical form, such as a memo key.",
                list(&expected(input).unwrap_or_default())
            )
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::diagnosis::Wrong;

    #[test]
    fn try_explains_the_answer_in_words() {
        let input = case(vec![3, 4, 5], 0, 1);
        let moved = ApplyMove::explain(&input, &Ok(vec![1, 4, 5])).unwrap();
        assert_eq!(
            moved,
            "Before the move: [3, 4, 5]\nAfter the move:  [1, 4, 5]"
        );
        let none = ApplyMove::explain(
            &input,
            &Err(MoveError::NoSuchHeap {
                heap_index: 0,
                heap_count: 3,
            }),
        )
        .unwrap();
        assert!(
            none.contains("no heap 0 among 3 heaps; the position has 3 heaps, numbered 0 to 2"),
            "{none}"
        );
        let same = ApplyMove::explain(
            &input,
            &Err(MoveError::NotSmaller {
                heap_index: 0,
                size: 3,
                new_size: 1,
            }),
        )
        .unwrap();
        assert!(
            same.contains("heap 0 holds 3, so leaving 1 is no move"),
            "{same}"
        );
    }

    /// The checker's rule, with the mistakes whose models give the answer.
    fn check(heaps: &[u64], index: usize, new_size: u64, answer: Answer) -> Result<(), Wrong> {
        let input = case(heaps.to_vec(), index, new_size);
        ApplyMove::rule(&input, &answer).map_err(|rule| Wrong {
            rule,
            suspects: ApplyMove::suspects(&input, &answer),
        })
    }

    fn not_smaller(heap_index: usize, size: u64, new_size: u64) -> Answer {
        Err(MoveError::NotSmaller {
            heap_index,
            size,
            new_size,
        })
    }

    fn no_heap(heap_index: usize, heap_count: usize) -> Answer {
        Err(MoveError::NoSuchHeap {
            heap_index,
            heap_count,
        })
    }

    /// The worked examples of lessons/moves.md, as the grader's rules decide them.
    #[test]
    fn the_lessons_worked_examples_hold() {
        let examples = [
            (case(vec![3, 4, 5], 0, 1), Ok(vec![1, 4, 5])),
            (case(vec![3, 4, 5], 2, 0), Ok(vec![3, 4, 0])),
            (case(vec![3, 4, 5], 2, 5), not_smaller(2, 5, 5)),
            (case(vec![3, 4, 5], 1, 9), not_smaller(1, 4, 9)),
            (case(vec![3, 4, 5], 3, 0), no_heap(3, 3)),
            (case(vec![3, 4, 5], 7, 99), no_heap(7, 3)),
            (case(vec![0, 2], 0, 0), not_smaller(0, 0, 0)),
            (case(vec![], 0, 0), no_heap(0, 0)),
        ];
        let lesson = include_str!("../../../../lessons/moves.md");
        for (input, answer) in examples {
            assert_eq!(expected(&input), answer);
            let call = format!(
                "apply_move(&{:?}, {}, {})",
                input.heaps, input.heap_index, input.new_size
            );
            assert!(lesson.contains(&call), "the lesson shows {call}");
        }
    }

    #[test]
    fn the_checker_accepts_exactly_the_rules() {
        assert_eq!(check(&[3, 4, 5], 0, 1, Ok(vec![1, 4, 5])), Ok(()));
        assert_eq!(check(&[3, 4, 5], 3, 0, no_heap(3, 3)), Ok(()));
        assert_eq!(check(&[3, 4, 5], 1, 4, not_smaller(1, 4, 4)), Ok(()));
        // An index out of range wins over a bad size.
        assert_eq!(check(&[1, 1], 5, 9, no_heap(5, 2)), Ok(()));
        for junk in [
            Ok(vec![1, 4]),
            Ok(vec![3, 4, 5]),
            Ok(vec![1, 4, 5, 0]),
            no_heap(0, 3),
            not_smaller(0, 3, 1),
        ] {
            assert!(
                check(&[3, 4, 5], 0, 1, junk.clone()).is_err(),
                "{junk:?} was accepted"
            );
        }
    }

    #[test]
    fn the_right_error_with_wrong_fields_is_named() {
        let count = check(&[3, 4, 5], 3, 0, no_heap(3, 2)).unwrap_err();
        assert!(
            count.rule.contains("the position has 3, not 2"),
            "{}",
            count.rule
        );
        let swapped = check(&[3, 4, 5], 1, 9, not_smaller(1, 9, 4)).unwrap_err();
        assert!(
            swapped
                .rule
                .contains("NotSmaller is right, but its fields are not"),
            "{}",
            swapped.rule
        );
        assert!(
            swapped.suspects[0]
                .advice
                .contains("swapped size and new_size")
        );
    }

    #[test]
    fn growing_heaps_and_empty_moves_are_named() {
        let grow = check(&[2, 2, 1], 0, 3, Ok(vec![3, 2, 1])).unwrap_err();
        assert!(
            grow.rule.contains("Heap 0 would grow from 2 to 3"),
            "{}",
            grow.rule
        );
        let zero = check(&[2, 2], 1, 2, Ok(vec![2, 2])).unwrap_err();
        assert!(zero.rule.contains("takes 0 stones"), "{}", zero.rule);
        assert_eq!(
            zero.suspects,
            [],
            "an empty move is not called an unchanged copy"
        );
        let unchanged = check(&[2, 2], 1, 1, Ok(vec![2, 2])).unwrap_err();
        assert!(unchanged.suspects[0].advice.contains("unchanged"));
    }

    #[test]
    fn one_based_indices_are_recognised() {
        let mistake = check(&[3, 4, 5], 1, 2, Ok(vec![2, 4, 5])).unwrap_err();
        assert!(mistake.suspects[0].advice.contains("0-based"));
        let refused = check(&[0], 0, 0, no_heap(0, 1)).unwrap_err();
        assert!(refused.suspects[0].advice.contains("0-based"));
        let shifted = check(&[1, 5], 1, 3, not_smaller(1, 1, 3)).unwrap_err();
        assert!(
            shifted.suspects[0]
                .advice
                .contains("heap 0 instead of heap 1")
        );
        let outside = check(&[7], 1, 0, Ok(vec![7])).unwrap_err();
        assert!(
            outside
                .rule
                .contains("There is no heap 1: the position has 1 heap, numbered 0.")
        );
    }

    #[test]
    fn a_size_checked_before_the_index_is_recognised() {
        let mistake = check(&[], 0, 0, not_smaller(0, 0, 0)).unwrap_err();
        assert!(
            mistake.rule.contains("has no heaps at all"),
            "{}",
            mistake.rule
        );
        assert!(mistake.suspects[0].advice.contains("Check the index first"));
    }

    #[test]
    fn panics_get_advice() {
        let advice = |heaps: &[u64], index, new_size, message| {
            ApplyMove::panic_advice(&case(heaps.to_vec(), index, new_size), message).unwrap()
        };
        let underflow = "attempt to subtract with overflow";
        assert!(advice(&[], 0, 0, underflow).contains("heaps.len() - 1"));
        assert!(advice(&[0], 0, 1, underflow).contains("new_size is smaller"));
        let out = "index out of bounds: the len is 1 but the index is 1";
        assert!(advice(&[1], 1, 0, out).contains("heap_index < heaps.len()"));
    }
}
