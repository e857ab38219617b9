//! Hidden tests for `nim_winning_move`. Any winning move is right, so the checker judges
//! the move by the rules instead of comparing it with one expected move.

use std::time::Duration;

use xorlings_core::verdict::Mistake;
use xorlings_derive::Arguments;

use crate::model::function::FunctionTests;
use crate::model::nim::{
    Illegal, Move, Positions, index_advice, legal_move, nim_sum, one_based_advice, with_columns,
};
use crate::model::show::list;
use crate::model::{Function, HiddenTests};

/// The arguments of `nim_winning_move(heaps: &[u64]) -> Option<Move>`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `nim_winning_move`.
pub struct NimWinningMove;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<NimWinningMove>::new();

/// The first winning move (on the first heap with the nim-sum's highest bit).
fn a_winning_move(heaps: &[u64]) -> Option<Move> {
    let x = nim_sum(heaps);
    let (heap_index, &a) = heaps
        .iter()
        .enumerate()
        .find(|&(_, &a)| x != 0 && a ^ x < a)?;
    Some(Move {
        heap_index,
        remove: a - (a ^ x),
        new_size: a ^ x,
    })
}

impl Function for NimWinningMove {
    type Args = Args;
    type Answer = Option<Move>;
    type Cases = Positions;
    const NAME: &'static str = "nim_winning_move";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str =
        "one pass to compute the nim-sum and one to find the heap (O(n) for n heaps)";

    fn check(input: &Args, answer: &Option<Move>) -> Result<(), Mistake> {
        let heaps = &input.heaps;
        let x = nim_sum(heaps);
        let Some(m) = answer else {
            let Some(win) = a_winning_move(heaps) else {
                return Ok(());
            };
            let rule = format!(
                "{} is a winning position: its nim-sum is {x}, not 0, so a winning move exists, \
                 for example taking {} from heap {} to leave {}. You returned None.",
                list(heaps),
                win.remove,
                win.heap_index,
                win.new_size
            );
            return Err(
                Mistake::new(with_columns(rule, heaps)).maybe_advice(none_advice(heaps, x, &win))
            );
        };
        if x == 0 {
            let rule = format!(
                "{} is a losing position: its nim-sum is 0, so every move leaves a nonzero \
                 nim-sum. The answer is None.",
                list(heaps)
            );
            return Err(Mistake::new(with_columns(rule, heaps))
                .advice("Compute the nim-sum first and return None when it is 0."));
        }
        let winning_heap = |i: usize| {
            heaps
                .get(i)
                .is_some_and(|&a| a ^ x < a && m.new_size == a ^ x)
        };
        let one_based = || one_based_advice(m.heap_index, winning_heap);
        let a = match legal_move(heaps, m.heap_index, m.remove, m.new_size) {
            Ok(a) => a,
            Err((Illegal::Grows, mistake)) => {
                let a = heaps[m.heap_index];
                return Err(mistake
                    .maybe_advice(grow_advice(m.heap_index, a, x, m.new_size))
                    .maybe_advice(one_based()));
            }
            Err((_, mistake)) => return Err(mistake.maybe_advice(one_based())),
        };
        let after = x ^ a ^ m.new_size;
        if after != 0 {
            let rule = format!(
                "After taking {} from heap {} ({a} -> {}), the nim-sum is {after}, not 0, so the \
                 opponent can win. A winning move makes the heap a ^ X = {}.",
                m.remove,
                m.heap_index,
                m.new_size,
                a ^ x
            );
            return Err(Mistake::new(with_columns(rule, heaps))
                .maybe_advice(thirty_two_bit_advice(x, after))
                .maybe_advice(one_based()));
        }
        Ok(())
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        let x = nim_sum(&input.heaps);
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
            index_advice(&input.heaps, message)
        }
    }

    fn explain(input: &Args, answer: &Option<Move>) -> Option<String> {
        let m = answer.as_ref()?;
        let mut after = input.heaps.clone();
        *after.get_mut(m.heap_index)? = m.new_size;
        let text = format!(
            "After the move: {}, nim-sum {}.",
            list(&after),
            nim_sum(&after)
        );
        Some(with_columns(text, &after))
    }
}

/// Advice for a move that grows its heap: the heap was chosen by its size, or by the
/// nim-sum's lowest set bit, instead of by its highest.
fn grow_advice(i: usize, a: u64, x: u64, new_size: u64) -> Option<String> {
    if new_size != a ^ x {
        return None;
    }
    let lowest = x & x.wrapping_neg();
    let highest = 1 << (63 - x.leading_zeros());
    let reason = if lowest != highest && a & lowest != 0 {
        format!(
            "Heap {i} ({a}) has the nim-sum's lowest set bit ({lowest}) but not its highest \
             ({highest}): the heap to reduce must have the highest set bit of X = {x}."
        )
    } else {
        format!(
            "Heap {i} ({a}) does not have the nim-sum's highest set bit: choose the heap by \
             that bit, not by its size."
        )
    };
    Some(format!(
        "{reason} Here a ^ X = {} is larger than {a}. The test a ^ X < a finds the right heap.",
        a ^ x
    ))
}

/// Advice for None from a winning position when no heap is larger than the nim-sum:
/// the mistake of choosing the heap by its size.
fn none_advice(heaps: &[u64], x: u64, win: &Move) -> Option<String> {
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

    fn some(heap_index: usize, remove: u64, new_size: u64) -> Option<Move> {
        Some(Move {
            heap_index,
            remove,
            new_size,
        })
    }

    fn check(heaps: &[u64], answer: Option<Move>) -> Result<(), Mistake> {
        NimWinningMove::check(
            &Args {
                heaps: heaps.to_vec(),
            },
            &answer,
        )
    }

    fn rule(heaps: &[u64], answer: Option<Move>) -> String {
        check(heaps, answer).unwrap_err().rule
    }

    fn advice(heaps: &[u64], answer: Option<Move>) -> String {
        check(heaps, answer).unwrap_err().advice.unwrap_or_default()
    }

    #[test]
    fn every_winning_move_is_accepted() {
        assert_eq!(check(&[3, 4, 5], some(0, 2, 1)), Ok(()));
        // 3 5 7 has three winning moves; each is right.
        for answer in [some(0, 1, 2), some(1, 1, 4), some(2, 1, 6)] {
            assert_eq!(check(&[3, 5, 7], answer), Ok(()));
        }
        assert_eq!(check(&[1, 2, 3], None), Ok(()));
        assert_eq!(check(&[], None), Ok(()));
        assert_eq!(check(&[0, 0, 0, 6], some(3, 6, 0)), Ok(()));
    }

    #[test]
    fn junk_moves_are_rejected_with_their_rule() {
        assert!(rule(&[3, 4, 5], some(3, 1, 0)).contains("There is no heap 3"));
        assert!(rule(&[3, 4, 5], some(usize::MAX, 1, 0)).contains("There is no heap"));
        assert!(
            rule(&[2, 2, 1], some(0, 0, 3)).contains("Heap 0 would grow from 2 to 3 (take -1)")
        );
        assert!(rule(&[3, 4, 5], some(0, 0, 3)).contains("takes 0 stones"));
        assert!(rule(&[1], some(0, 0, 0)).contains("remove is 0, but a move takes at least one"));
        assert!(rule(&[3, 4, 5], some(0, 3, 1)).contains("remove and new_size disagree"));
        assert!(rule(&[3, 4, 5], some(1, 1, 3)).contains("the nim-sum is"));
        assert!(rule(&[1, 2, 3], some(0, 1, 0)).contains("losing position"));
        assert!(rule(&[3, 4, 5], None).contains("winning position"));
    }

    #[test]
    fn classic_mistakes_get_advice() {
        // "First heap larger than X": 2 2 1 has X = 1, and heap 0 becomes 2 ^ 1 = 3.
        assert!(advice(&[2, 2, 1], some(0, 0, 3)).contains("not by its size"));
        // The lowest set bit: 2 1 has X = 3, and heap 1 (size 1) becomes 1 ^ 3 = 2.
        let lowest = advice(&[2, 1], some(1, 0, 2));
        assert!(
            lowest.contains("lowest set bit (1) but not its highest (2)"),
            "{lowest}"
        );
        assert!(!lowest.contains("size"), "{lowest}");
        // Heap 1 (1-based) for heap 0.
        assert!(advice(&[3, 4, 5], some(1, 2, 1)).contains("0-based"));
        assert!(advice(&[1 << 40, 1], None).contains("bit 40"));
        assert!(advice(&[1, 1], some(0, 1, 0)).contains("return None"));
        assert!(advice(&[1, 2], None).contains("no heap is larger than the nim-sum X = 3"));
        assert_eq!(advice(&[5, 1], None), "");
        // A 32-bit nim-sum: the move leaves bits above 31.
        let heap = (1u64 << 40) | 7;
        assert!(advice(&[heap], some(0, 7, 1 << 40)).contains("bit 40"));
    }

    #[test]
    fn panics_get_advice() {
        let advice = |heaps: &[u64], message| {
            NimWinningMove::panic_advice(
                &Args {
                    heaps: heaps.to_vec(),
                },
                message,
            )
            .unwrap_or_default()
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
    fn try_shows_the_position_after_the_move() {
        let input = Args {
            heaps: vec![3, 4, 5],
        };
        let text = NimWinningMove::explain(&input, &some(0, 2, 1)).unwrap();
        assert!(
            text.contains("After the move: [1, 4, 5], nim-sum 0."),
            "{text}"
        );
        assert!(text.contains("1 = 001"), "{text}");
    }
}
