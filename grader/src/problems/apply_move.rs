//! Hidden tests for `apply_move`: legal moves, and the reason for illegal ones.

use std::time::Duration;

use rand::Rng;

use super::cases;
use super::show::{list, thousands};
use crate::judge::{Exercise, Group, Mistake};

pub struct ApplyMove;

/// A position and a proposed move on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCase {
    pub heaps: Vec<u64>,
    pub heap_index: u64,
    pub new_size: u64,
}

/// What `apply_move` returns, in the grader's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Moved {
    Ok(Vec<u64>),
    NoSuchHeap {
        heap_index: u64,
        heap_count: u64,
    },
    NotSmaller {
        heap_index: u64,
        size: u64,
        new_size: u64,
    },
}

/// The right answer, by the rules of the lesson.
fn expected(case: &MoveCase) -> Moved {
    let index = case.heap_index;
    match usize::try_from(index).ok().and_then(|i| case.heaps.get(i)) {
        None => Moved::NoSuchHeap {
            heap_index: index,
            heap_count: case.heaps.len() as u64,
        },
        Some(&size) if case.new_size >= size => Moved::NotSmaller {
            heap_index: index,
            size,
            new_size: case.new_size,
        },
        Some(_) => Moved::Ok(moved(&case.heaps, index as usize, case.new_size)),
    }
}

fn moved(heaps: &[u64], index: usize, new_size: u64) -> Vec<u64> {
    let mut after = heaps.to_vec();
    after[index] = new_size;
    after
}

impl Exercise for ApplyMove {
    type Input = MoveCase;
    type Answer = Moved;
    const NAME: &'static str = "apply_move";
    const ADAPTER: &'static str = r#"fn solve(case: &[u64]) -> Vec<u64> {
    let (heap_index, new_size, heaps) = (case[0] as usize, case[1], &case[2..]);
    match learner::apply_move(heaps, heap_index, new_size) {
        Ok(after) => [&[0], &after[..]].concat(),
        Err(learner::MoveError::NoSuchHeap { heap_index, heap_count }) => {
            vec![1, heap_index as u64, heap_count as u64]
        }
        Err(learner::MoveError::NotSmaller { heap_index, size, new_size }) => {
            vec![2, heap_index as u64, size, new_size]
        }
    }
}"#;
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str =
        "one copy of the heaps per move (O(n) for n heaps), and no search";

    fn groups() -> Vec<Group<MoveCase>> {
        // Every move, legal or not, on every position of 0 to 3 heaps of 0 to 4.
        let mut small = Vec::new();
        for heaps in std::iter::once(Vec::new()).chain(cases::all_positions(3, 4)) {
            for heap_index in 0..=heaps.len() as u64 {
                for new_size in 0..=5 {
                    small.push(MoveCase {
                        heaps: heaps.clone(),
                        heap_index,
                        new_size,
                    });
                }
            }
        }
        let mut rng = cases::rng(31);
        let random = cases::random_positions(32, 400, 20, 64)
            .into_iter()
            .map(|heaps| {
                let heap_index = rng.random_range(0..heaps.len() + 2) as u64;
                let size = heaps.get(heap_index as usize).copied().unwrap_or(0);
                // Mostly legal moves, with some that keep or grow the heap.
                let new_size = match rng.random_range(0..4) {
                    0 => size,
                    1 => size.saturating_add(rng.random_range(1..=3)),
                    _ => rng.random_range(0..=size),
                };
                MoveCase {
                    heaps,
                    heap_index,
                    new_size,
                }
            })
            .collect();
        let wide = vec![
            MoveCase {
                heaps: vec![u64::MAX, 5],
                heap_index: 0,
                new_size: u64::MAX - 1,
            },
            MoveCase {
                heaps: vec![u64::MAX, 5],
                heap_index: 0,
                new_size: u64::MAX,
            },
            MoveCase {
                heaps: vec![1 << 40, 3],
                heap_index: 0,
                new_size: 1 << 32,
            },
            MoveCase {
                heaps: vec![1 << 32, 3],
                heap_index: 0,
                new_size: (1 << 33) + 1,
            },
            MoveCase {
                heaps: vec![7, 1 << 35],
                heap_index: 1,
                new_size: 1,
            },
            MoveCase {
                heaps: vec![4, 4],
                heap_index: u64::MAX,
                new_size: 0,
            },
            MoveCase {
                heaps: vec![4, 4],
                heap_index: 1 << 32,
                new_size: 1,
            },
        ];
        let large = cases::large_random(33);
        let last = large.len() as u64 - 1;
        let large_moves = vec![
            MoveCase {
                heaps: large.clone(),
                heap_index: last,
                new_size: large[last as usize] / 2,
            },
            MoveCase {
                heaps: large.clone(),
                heap_index: last + 1,
                new_size: 0,
            },
            MoveCase {
                heaps: large.clone(),
                heap_index: 0,
                new_size: u64::MAX,
            },
        ];
        vec![
            Group {
                name: "every move on every position of 0 to 3 heaps of 0 to 4",
                cases: small,
            },
            Group {
                name: "random moves, legal and illegal, with 64-bit heaps",
                cases: random,
            },
            Group {
                name: "heaps and indices beyond 32 bits",
                cases: wide,
            },
            Group {
                name: "moves on 1,000,000 heaps",
                cases: large_moves,
            },
        ]
    }

    fn encode(case: &MoveCase, words: &mut Vec<u64>) {
        words.push(case.heap_index);
        words.push(case.new_size);
        words.extend_from_slice(&case.heaps);
    }

    fn decode(words: &[u64]) -> Option<Moved> {
        match words {
            [0, after @ ..] => Some(Moved::Ok(after.to_vec())),
            &[1, heap_index, heap_count] => Some(Moved::NoSuchHeap {
                heap_index,
                heap_count,
            }),
            &[2, heap_index, size, new_size] => Some(Moved::NotSmaller {
                heap_index,
                size,
                new_size,
            }),
            _ => None,
        }
    }

    fn check(case: &MoveCase, answer: &Moved) -> Result<(), Mistake> {
        let expected = expected(case);
        if *answer == expected {
            return Ok(());
        }
        let (index, new_size, count) = (case.heap_index, case.new_size, case.heaps.len());
        let mistake = match (&expected, answer) {
            (
                Moved::NoSuchHeap { .. },
                Moved::NoSuchHeap {
                    heap_index,
                    heap_count,
                },
            ) if *heap_index == index => Mistake::new(format!(
                "NoSuchHeap is right, but heap_count is the number of heaps: the position has \
                 {count}, not {heap_count}. The answer is {}.",
                show(&expected)
            )),
            (Moved::NoSuchHeap { .. }, _) => Mistake::new(format!(
                "There is no heap {index}: the position has {}. The answer is {}.",
                numbered_heaps(count as u64),
                show(&expected)
            )),
            (Moved::NotSmaller { size, .. }, Moved::Ok(_)) if new_size > *size => {
                Mistake::new(format!(
                    "Heap {index} would grow from {size} to {new_size}: a move only takes stones \
                 away. The answer is {}.",
                    show(&expected)
                ))
            }
            (Moved::NotSmaller { size, .. }, Moved::Ok(_)) => Mistake::new(format!(
                "This takes 0 stones: heap {index} stays at {size}, and a move takes at least one \
                 stone. The answer is {}.",
                show(&expected)
            )),
            (Moved::NotSmaller { .. }, _) => Mistake::new(format!(
                "The move is illegal because the new size is not smaller; the answer is {}.",
                show(&expected)
            )),
            (Moved::Ok(_), Moved::Ok(after)) if after.len() != count => Mistake::new(format!(
                "The position must keep its {} heaps (an emptied heap stays, as 0); yours has {}.",
                thousands(count as u64),
                thousands(after.len() as u64)
            )),
            (Moved::Ok(right), Moved::Ok(after)) => {
                let wrong = (0..count).find(|&i| right[i] != after[i]).unwrap_or(0);
                Mistake::new(format!(
                    "After the move, heap {wrong} should hold {} stones, but yours holds {}. \
                     Only heap {index} changes, to {new_size}.",
                    right[wrong], after[wrong]
                ))
            }
            (Moved::Ok(_), _) => Mistake::new(format!(
                "This move is legal: heap {index} goes from {} to {new_size}, taking {} stones. \
                 The answer is Ok with the new position.",
                case.heaps[index as usize],
                case.heaps[index as usize] - new_size
            )),
        };
        Err(mistake.maybe_advice(advice(case, &expected, answer)))
    }

    fn show_input(case: &MoveCase) -> String {
        format!(
            "heaps = {}, heap_index = {}, new_size = {}",
            list(&case.heaps),
            case.heap_index,
            case.new_size
        )
    }

    fn show_answer(answer: &Moved) -> String {
        show(answer)
    }

    fn size(case: &MoveCase) -> u64 {
        case.heaps.len() as u64 * 64
            + case
                .heaps
                .iter()
                .chain([&case.new_size])
                .map(|h| 64 - h.leading_zeros() as u64)
                .sum::<u64>()
    }

    fn panic_advice(case: &MoveCase, message: &str) -> Option<String> {
        if message.contains("index out of bounds") && case.heap_index as usize >= case.heaps.len() {
            Some(
                "Check `heap_index < heaps.len()` before you index the heaps, and return \
                  NoSuchHeap when it fails."
                    .to_string(),
            )
        } else if message.contains("subtract with overflow") && case.heaps.is_empty() {
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
}

/// "no heaps at all", "1 heap, numbered 0", "3 heaps, numbered 0 to 2".
pub fn numbered_heaps(count: u64) -> String {
    match count {
        0 => "no heaps at all".to_string(),
        1 => "1 heap, numbered 0".to_string(),
        _ => format!("{} heaps, numbered 0 to {}", thousands(count), count - 1),
    }
}

fn show(answer: &Moved) -> String {
    match answer {
        Moved::Ok(after) => format!("Ok({})", list(after)),
        Moved::NoSuchHeap {
            heap_index,
            heap_count,
        } => {
            format!("Err(NoSuchHeap {{ heap_index: {heap_index}, heap_count: {heap_count} }})")
        }
        Moved::NotSmaller {
            heap_index,
            size,
            new_size,
        } => format!(
            "Err(NotSmaller {{ heap_index: {heap_index}, size: {size}, new_size: {new_size} }})"
        ),
    }
}

/// What `apply_move` answers when it reads `heap_index` as 1-based (heap 1 is the first).
fn one_based(case: &MoveCase) -> Moved {
    let (index, count) = (case.heap_index, case.heaps.len() as u64);
    if index == 0 || index > count {
        return Moved::NoSuchHeap {
            heap_index: index,
            heap_count: count,
        };
    }
    let size = case.heaps[index as usize - 1];
    if case.new_size >= size {
        Moved::NotSmaller {
            heap_index: index,
            size,
            new_size: case.new_size,
        }
    } else {
        Moved::Ok(moved(&case.heaps, index as usize - 1, case.new_size))
    }
}

/// Recognises 1-based indices, a size checked before the index, and unchanged positions.
fn advice(case: &MoveCase, expected: &Moved, answer: &Moved) -> Option<String> {
    let index = case.heap_index;
    if *answer == one_based(case) {
        return Some(if index == 0 {
            "heap_index 0 is the first heap: indices are 0-based, so the heaps of a position \
             of n heaps are 0 to n - 1."
                .to_string()
        } else {
            format!(
                "You used heap {} instead of heap {index}: indices are 0-based, so heap_index 0 \
                 is the first heap.",
                index - 1
            )
        });
    }
    match (expected, answer) {
        (Moved::NoSuchHeap { .. }, Moved::NotSmaller { .. }) => Some(
            "Check the index first: an index out of range is NoSuchHeap whatever new_size is, \
             and there is no size to compare with."
                .to_string(),
        ),
        (Moved::Ok(_), Moved::Ok(after)) if *after == case.heaps => Some(
            "You returned the heaps unchanged: set heaps[heap_index] to new_size in the copy."
                .to_string(),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(heaps: &[u64], heap_index: u64, new_size: u64) -> MoveCase {
        MoveCase {
            heaps: heaps.to_vec(),
            heap_index,
            new_size,
        }
    }

    /// The worked examples of lessons/moves.md, as the grader's rules decide them.
    #[test]
    fn the_lessons_worked_examples_hold() {
        let ok = |heaps: &[u64]| Moved::Ok(heaps.to_vec());
        let not_smaller = |heap_index, size, new_size| Moved::NotSmaller {
            heap_index,
            size,
            new_size,
        };
        let no_heap = |heap_index, heap_count| Moved::NoSuchHeap {
            heap_index,
            heap_count,
        };
        let examples = [
            (case(&[3, 4, 5], 0, 1), ok(&[1, 4, 5])),
            (case(&[3, 4, 5], 2, 0), ok(&[3, 4, 0])),
            (case(&[3, 4, 5], 2, 5), not_smaller(2, 5, 5)),
            (case(&[3, 4, 5], 1, 9), not_smaller(1, 4, 9)),
            (case(&[3, 4, 5], 3, 0), no_heap(3, 3)),
            (case(&[3, 4, 5], 7, 99), no_heap(7, 3)),
            (case(&[0, 2], 0, 0), not_smaller(0, 0, 0)),
            (case(&[], 0, 0), no_heap(0, 0)),
            (case(&[u64::MAX], 0, u64::MAX - 1), ok(&[u64::MAX - 1])),
        ];
        let lesson = include_str!("../../../lessons/moves.md");
        for (case, answer) in examples {
            assert_eq!(expected(&case), answer);
            let call = format!(
                "apply_move(&{:?}, {}, {})",
                case.heaps, case.heap_index, case.new_size
            );
            assert!(
                lesson.contains(&call) || case.heaps == [u64::MAX],
                "the lesson shows {call}"
            );
        }
    }

    #[test]
    fn the_checker_accepts_exactly_the_rules() {
        assert_eq!(
            ApplyMove::check(&case(&[3, 4, 5], 0, 1), &Moved::Ok(vec![1, 4, 5])),
            Ok(())
        );
        let no_heap = Moved::NoSuchHeap {
            heap_index: 3,
            heap_count: 3,
        };
        assert_eq!(ApplyMove::check(&case(&[3, 4, 5], 3, 0), &no_heap), Ok(()));
        let not_smaller = Moved::NotSmaller {
            heap_index: 1,
            size: 4,
            new_size: 4,
        };
        assert_eq!(
            ApplyMove::check(&case(&[3, 4, 5], 1, 4), &not_smaller),
            Ok(())
        );
        // An index out of range wins over a bad size.
        let bad_both = Moved::NoSuchHeap {
            heap_index: 5,
            heap_count: 2,
        };
        assert_eq!(ApplyMove::check(&case(&[1, 1], 5, 9), &bad_both), Ok(()));
    }

    #[test]
    fn junk_answers_are_rejected() {
        let c = case(&[3, 4, 5], 0, 1);
        for junk in [
            Moved::Ok(vec![1, 4]),
            Moved::Ok(vec![3, 4, 5]),
            Moved::Ok(vec![1, 4, 5, 0]),
            Moved::NoSuchHeap {
                heap_index: 0,
                heap_count: 3,
            },
            Moved::NotSmaller {
                heap_index: 0,
                size: 3,
                new_size: 1,
            },
        ] {
            assert!(
                ApplyMove::check(&c, &junk).is_err(),
                "{junk:?} was accepted"
            );
        }
        // The right error with wrong details is still wrong.
        let wrong_count = Moved::NoSuchHeap {
            heap_index: 3,
            heap_count: 2,
        };
        let mistake = ApplyMove::check(&case(&[3, 4, 5], 3, 0), &wrong_count).unwrap_err();
        assert!(
            mistake.rule.contains("the position has 3, not 2"),
            "{}",
            mistake.rule
        );
    }

    #[test]
    fn growing_heaps_and_empty_moves_are_named() {
        let grow =
            ApplyMove::check(&case(&[2, 2, 1], 0, 3), &Moved::Ok(vec![3, 2, 1])).unwrap_err();
        assert!(
            grow.rule.contains("Heap 0 would grow from 2 to 3"),
            "{}",
            grow.rule
        );
        let zero = ApplyMove::check(&case(&[2, 2], 1, 2), &Moved::Ok(vec![2, 2])).unwrap_err();
        assert!(zero.rule.contains("takes 0 stones"), "{}", zero.rule);
    }

    #[test]
    fn one_based_indices_are_recognised() {
        let mistake =
            ApplyMove::check(&case(&[3, 4, 5], 1, 2), &Moved::Ok(vec![2, 4, 5])).unwrap_err();
        assert!(mistake.advice.unwrap().contains("0-based"));
        // Refusing heap 0, and judging the size of the heap before the one asked for.
        let refused = Moved::NoSuchHeap {
            heap_index: 0,
            heap_count: 1,
        };
        let mistake = ApplyMove::check(&case(&[0], 0, 0), &refused).unwrap_err();
        assert!(mistake.advice.unwrap().contains("0-based"));
        let shifted = Moved::NotSmaller {
            heap_index: 1,
            size: 1,
            new_size: 3,
        };
        let mistake = ApplyMove::check(&case(&[1, 5], 1, 3), &shifted).unwrap_err();
        assert!(mistake.advice.unwrap().contains("heap 0 instead of heap 1"));
    }

    #[test]
    fn heaps_are_counted_in_words() {
        assert_eq!(numbered_heaps(0), "no heaps at all");
        assert_eq!(numbered_heaps(1), "1 heap, numbered 0");
        assert_eq!(numbered_heaps(3), "3 heaps, numbered 0 to 2");
        let mistake = ApplyMove::check(&case(&[7], 1, 0), &Moved::Ok(vec![7])).unwrap_err();
        assert!(
            mistake
                .rule
                .contains("There is no heap 1: the position has 1 heap, numbered 0.")
        );
    }

    #[test]
    fn a_size_checked_before_the_index_is_recognised() {
        let size_first = Moved::NotSmaller {
            heap_index: 0,
            size: 0,
            new_size: 0,
        };
        let mistake = ApplyMove::check(&case(&[], 0, 0), &size_first).unwrap_err();
        assert!(
            mistake.rule.contains("has no heaps at all"),
            "{}",
            mistake.rule
        );
        assert!(mistake.advice.unwrap().contains("Check the index first"));
    }

    #[test]
    fn an_empty_move_is_not_called_an_unchanged_copy() {
        let zero = ApplyMove::check(&case(&[2, 2], 1, 2), &Moved::Ok(vec![2, 2])).unwrap_err();
        assert_eq!(zero.advice, None);
        let unchanged = ApplyMove::check(&case(&[2, 2], 1, 1), &Moved::Ok(vec![2, 2])).unwrap_err();
        assert!(unchanged.advice.unwrap().contains("unchanged"));
    }

    #[test]
    fn panics_get_advice() {
        let empty = case(&[], 0, 0);
        let advice = ApplyMove::panic_advice(&empty, "attempt to subtract with overflow").unwrap();
        assert!(advice.contains("heaps.len() - 1"), "{advice}");
        let grow = case(&[0], 0, 1);
        let advice = ApplyMove::panic_advice(&grow, "attempt to subtract with overflow").unwrap();
        assert!(advice.contains("new_size is smaller"), "{advice}");
        let out = case(&[1], 1, 0);
        let message = "index out of bounds: the len is 1 but the index is 1";
        assert!(
            ApplyMove::panic_advice(&out, message)
                .unwrap()
                .contains("heap_index < heaps.len()")
        );
    }

    #[test]
    fn decoding_rejects_malformed_answers() {
        assert_eq!(ApplyMove::decode(&[0, 1, 2]), Some(Moved::Ok(vec![1, 2])));
        assert_eq!(ApplyMove::decode(&[1, 2]), None);
        assert_eq!(ApplyMove::decode(&[3]), None);
        assert_eq!(ApplyMove::decode(&[]), None);
    }
}
