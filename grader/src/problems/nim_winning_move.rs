//! Hidden tests for `nim_winning_move`. Any winning move is right, so a checker judges
//! the move instead of comparing it with one expected move.

use std::time::Duration;

use super::apply_move::numbered_heaps;
use super::cases;
use super::show::{binary_columns, list, nim_sum};
use super::xor_all::{XorAll, index_advice, position_groups};
use crate::judge::{Exercise, Group, Mistake};

pub struct NimWinningMove;

/// A move as the learner's `Move` struct holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: u64,
    pub remove: u64,
    pub new_size: u64,
}

/// The first winning move (the heaps with the nim-sum's highest bit), to show as an example.
fn a_winning_move(heaps: &[u64]) -> Option<Move> {
    let x = nim_sum(heaps);
    let (index, &a) = heaps
        .iter()
        .enumerate()
        .find(|&(_, &a)| x != 0 && a ^ x < a)?;
    Some(Move {
        heap_index: index as u64,
        remove: a - (a ^ x),
        new_size: a ^ x,
    })
}

impl Exercise for NimWinningMove {
    type Input = Vec<u64>;
    type Answer = Option<Move>;
    const NAME: &'static str = "nim_winning_move";
    const ADAPTER: &'static str = r#"fn solve(heaps: &[u64]) -> Vec<u64> {
    match learner::nim_winning_move(heaps) {
        None => vec![0],
        Some(learner::Move { heap_index, remove, new_size }) => {
            vec![1, heap_index as u64, remove, new_size]
        }
    }
}"#;
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str =
        "one pass to compute the nim-sum and one to find the heap (O(n) for n heaps)";

    fn groups() -> Vec<Group<Vec<u64>>> {
        let mut groups = position_groups();
        groups.push(Group {
            name: "1,000,000 heaps where only the last heap can be reduced to win",
            cases: vec![cases::large_last_heap_wins(41)],
        });
        groups
    }

    fn encode(heaps: &Vec<u64>, words: &mut Vec<u64>) {
        words.extend_from_slice(heaps);
    }

    fn decode(words: &[u64]) -> Option<Option<Move>> {
        match words {
            [0] => Some(None),
            &[1, heap_index, remove, new_size] => Some(Some(Move {
                heap_index,
                remove,
                new_size,
            })),
            _ => None,
        }
    }

    fn check(heaps: &Vec<u64>, answer: &Option<Move>) -> Result<(), Mistake> {
        let x = nim_sum(heaps);
        let columns = binary_columns(heaps)
            .map(|c| format!("\n{c}"))
            .unwrap_or_default();
        let example = a_winning_move(heaps);
        let Some(m) = *answer else {
            return match example {
                None => Ok(()),
                Some(win) => Err(Mistake::new(format!(
                    "{} is a winning position: its nim-sum is {x}, not 0, so a winning move \
                     exists, for example taking {} from heap {} to leave {}. You returned None.{columns}",
                    list(heaps),
                    win.remove,
                    win.heap_index,
                    win.new_size
                ))
                .maybe_advice(none_advice(heaps, x, win))),
            };
        };
        if x == 0 {
            return Err(Mistake::new(format!(
                "{} is a losing position: its nim-sum is 0, so every move leaves a nonzero \
                 nim-sum. The answer is None.{columns}",
                list(heaps)
            ))
            .advice("Compute the nim-sum first and return None when it is 0."));
        }
        let count = heaps.len() as u64;
        let one_based_advice = || {
            let previous = m.heap_index.checked_sub(1)?;
            let a = *heaps.get(previous as usize)?;
            (a ^ x < a && m.new_size == a ^ x).then(|| {
                format!(
                    "Heap {previous} is the one to reduce: indices are 0-based, so heap_index 0 \
                     is the first heap."
                )
            })
        };
        if m.heap_index >= count {
            return Err(Mistake::new(format!(
                "There is no heap {}: the position has {}.",
                m.heap_index,
                numbered_heaps(count)
            ))
            .maybe_advice(one_based_advice()));
        }
        let a = heaps[m.heap_index as usize];
        let i = m.heap_index;
        if m.new_size > a {
            let by_size = m.new_size == a ^ x;
            return Err(Mistake::new(format!(
                "Heap {i} would grow from {a} to {} (take -{}): a move only takes stones away.{columns}",
                m.new_size,
                m.new_size - a
            ))
            .maybe_advice(by_size.then(|| {
                format!(
                    "Heap {i} ({a}) does not have the nim-sum's highest set bit, so a ^ X = {} is \
                     larger than {a}. Choose a heap that has that bit (a ^ X < a), not a heap by its size.",
                    a ^ x
                )
            })))
            .map_err(|mistake| mistake.maybe_advice(one_based_advice()));
        }
        if m.new_size == a {
            return Err(Mistake::new(format!(
                "This move takes 0 stones from heap {i}: a move takes at least one stone."
            ))
            .maybe_advice(one_based_advice()));
        }
        if m.remove == 0 {
            return Err(Mistake::new(format!(
                "remove is 0, but a move takes at least one stone: heap {i} holds {a}, so \
                 leaving {} means removing {}.",
                m.new_size,
                a - m.new_size
            ))
            .maybe_advice(one_based_advice()));
        }
        if m.remove != a - m.new_size {
            return Err(Mistake::new(format!(
                "remove and new_size disagree: heap {i} holds {a}, so leaving {} means removing {}, \
                 but remove is {}.",
                m.new_size,
                a - m.new_size,
                m.remove
            ))
            .maybe_advice(one_based_advice()));
        }
        let after = x ^ a ^ m.new_size;
        if after != 0 {
            return Err(Mistake::new(format!(
                "After taking {} from heap {i} ({a} -> {}), the nim-sum is {after}, not 0, so the \
                 opponent can win. A winning move makes the heap a ^ X = {}.{columns}",
                m.remove,
                m.new_size,
                a ^ x
            ))
            .maybe_advice(thirty_two_bit_advice(x, after))
            .maybe_advice(one_based_advice()));
        }
        Ok(())
    }

    fn show_input(heaps: &Vec<u64>) -> String {
        XorAll::show_input(heaps)
    }

    fn show_answer(answer: &Option<Move>) -> String {
        match answer {
            None => "None".to_string(),
            Some(m) => format!(
                "Some(Move {{ heap_index: {}, remove: {}, new_size: {} }})",
                m.heap_index, m.remove, m.new_size
            ),
        }
    }

    fn size(heaps: &Vec<u64>) -> u64 {
        XorAll::size(heaps)
    }

    fn panic_advice(heaps: &Vec<u64>, message: &str) -> Option<String> {
        let x = nim_sum(heaps);
        if message.contains("subtract with overflow") && x == 0 {
            Some(
                "A subtraction went below zero in a losing position (nim-sum 0). \
                 `63 - x.leading_zeros()` underflows when x is 0 (leading_zeros(0) is 64): \
                 return None when the nim-sum is 0, before looking for its highest bit."
                    .to_string(),
            )
        } else if message.contains("subtract with overflow") {
            let bits = high_bit_advice(x)
                .map(|a| format!(" {a}"))
                .unwrap_or_default();
            Some(format!(
                "A subtraction went below zero: `a - (a ^ X)` underflows for a heap whose \
                 a ^ X is larger than a. Take it only from a heap with a ^ X < a, that is, a heap \
                 with the nim-sum's highest set bit, whatever its size.{bits}"
            ))
        } else if message.contains("on a `None` value") && x == 0 {
            Some(
                "In a losing position (nim-sum 0) no heap can be reduced to win, so a search \
                 for one finds nothing: return None when the nim-sum is 0 instead of unwrapping."
                    .to_string(),
            )
        } else {
            index_advice(heaps, message)
        }
    }
}

/// Advice for None from a winning position when no heap is larger than the nim-sum:
/// the mistake of choosing the heap by its size.
fn none_advice(heaps: &[u64], x: u64, win: Move) -> Option<String> {
    high_bit_advice(x).or_else(|| {
        heaps.iter().all(|&a| a <= x).then(|| {
            format!(
                "Here no heap is larger than the nim-sum X = {x}, yet heap {} can go from {} to \
                 {}: the heap to reduce is one with X's highest set bit, whatever its size.",
                win.heap_index,
                win.new_size + win.remove,
                win.new_size
            )
        })
    })
}

/// Advice when the nim-sum left is nonzero only above bit 31: the work was done in 32 bits.
fn thirty_two_bit_advice(x: u64, after: u64) -> Option<String> {
    (after as u32 == 0).then(|| high_bit_advice(x)).flatten()
}

/// Advice when the nim-sum's highest bit is above bit 31, where 32-bit code is blind.
fn high_bit_advice(x: u64) -> Option<String> {
    (x >> 32 != 0).then(|| {
        format!(
            "This nim-sum's highest set bit is bit {}. Code that looks at 32 bits (u32, \
             `1 << 31`, or a cast) misses it: keep heaps in u64.",
            63 - x.leading_zeros()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some(heap_index: u64, remove: u64, new_size: u64) -> Option<Move> {
        Some(Move {
            heap_index,
            remove,
            new_size,
        })
    }

    fn rule(heaps: &[u64], answer: Option<Move>) -> String {
        NimWinningMove::check(&heaps.to_vec(), &answer)
            .unwrap_err()
            .rule
    }

    #[test]
    fn every_winning_move_is_accepted() {
        assert_eq!(
            NimWinningMove::check(&vec![3, 4, 5], &some(0, 2, 1)),
            Ok(())
        );
        // 3 5 7 has three winning moves; each is right.
        for answer in [some(0, 1, 2), some(1, 1, 4), some(2, 1, 6)] {
            assert_eq!(NimWinningMove::check(&vec![3, 5, 7], &answer), Ok(()));
        }
        assert_eq!(NimWinningMove::check(&vec![1, 2, 3], &None), Ok(()));
        assert_eq!(NimWinningMove::check(&vec![], &None), Ok(()));
        assert_eq!(
            NimWinningMove::check(&vec![0, 0, 0, 6], &some(3, 6, 0)),
            Ok(())
        );
    }

    #[test]
    fn junk_moves_are_rejected_with_their_rule() {
        assert!(rule(&[3, 4, 5], some(3, 1, 0)).contains("There is no heap 3"));
        assert!(rule(&[3, 4, 5], some(u64::MAX, 1, 0)).contains("There is no heap"));
        assert!(
            rule(&[2, 2, 1], some(0, 0, 3)).contains("Heap 0 would grow from 2 to 3 (take -1)")
        );
        assert!(rule(&[3, 4, 5], some(0, 0, 3)).contains("takes 0 stones"));
        assert!(rule(&[3, 4, 5], some(0, 3, 1)).contains("remove and new_size disagree"));
        assert!(rule(&[3, 4, 5], some(1, 1, 3)).contains("the nim-sum is"));
        assert!(rule(&[1, 2, 3], some(0, 1, 0)).contains("losing position"));
        assert!(rule(&[3, 4, 5], None).contains("winning position"));
    }

    #[test]
    fn classic_mistakes_get_advice() {
        let advice = |heaps: &[u64], answer| {
            NimWinningMove::check(&heaps.to_vec(), &answer)
                .unwrap_err()
                .advice
                .unwrap_or_default()
        };
        // "First heap larger than X": 2 2 1 has X = 1, and heap 0 becomes 2 ^ 1 = 3.
        assert!(advice(&[2, 2, 1], some(0, 0, 3)).contains("highest set bit"));
        // Heap 1 (1-based) for heap 0.
        assert!(advice(&[3, 4, 5], some(1, 2, 1)).contains("0-based"));
        assert!(advice(&[1 << 40, 1], None).contains("bit 40"));
        assert!(advice(&[1, 1], some(0, 1, 0)).contains("return None"));
        // 1-based with remove and new_size computed for the heap before.
        assert!(advice(&[3, 4, 5], some(1, 2, 1)).contains("0-based"));
        // "First heap larger than X" finds none in 1 2 3 ^ ... e.g. [1] or [1, 2].
        assert!(advice(&[1, 2], None).contains("no heap is larger than the nim-sum X = 3"));
        assert_eq!(advice(&[5, 1], None), "");
        // A 32-bit nim-sum: the move leaves bits above 31.
        let heap = (1u64 << 40) | 7;
        assert!(advice(&[heap], some(0, 7, 1 << 40)).contains("bit 40"));
    }

    #[test]
    fn zero_removals_are_named() {
        assert!(rule(&[1], some(0, 0, 0)).contains("remove is 0, but a move takes at least one"));
    }

    #[test]
    fn panics_get_advice() {
        let advice = |heaps: &[u64], message| {
            NimWinningMove::panic_advice(&heaps.to_vec(), message).unwrap_or_default()
        };
        let underflow = "attempt to subtract with overflow";
        assert!(advice(&[], underflow).contains("leading_zeros(0) is 64"));
        assert!(advice(&[2, 2, 1], underflow).contains("a ^ X < a"));
        assert!(advice(&[1 << 32, 1], underflow).contains("bit 32"));
        let unwrap = "called `Option::unwrap()` on a `None` value";
        assert!(advice(&[1, 1], unwrap).contains("return None"));
        assert_eq!(advice(&[1, 2], unwrap), "");
        let index = "index out of bounds: the len is 0 but the index is 0";
        assert!(advice(&[], index).contains("heaps[0]"));
    }

    #[test]
    fn decoding_rejects_malformed_answers() {
        assert_eq!(NimWinningMove::decode(&[0]), Some(None));
        assert_eq!(NimWinningMove::decode(&[1, 0, 2, 1]), Some(some(0, 2, 1)));
        assert_eq!(NimWinningMove::decode(&[1, 0, 2]), None);
        assert_eq!(NimWinningMove::decode(&[2]), None);
    }
}
