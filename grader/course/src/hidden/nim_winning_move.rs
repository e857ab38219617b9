//! Hidden tests for `nim_winning_move`. Any winning move is right, so the checker judges
//! the move by the rules instead of comparing it with one expected move.

use std::time::Duration;

use xorlings_derive::Arguments;

use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::nim::{
    Move, Positions, index_advice, legal_move, nim_sum, one_based, with_columns,
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
    const OPTIMISED: bool = true;

    fn rule(input: &Args, answer: &Option<Move>) -> Result<(), String> {
        let heaps = &input.heaps;
        let x = nim_sum(heaps);
        let wrong = |rule: String| with_columns(rule, heaps);
        let Some(m) = answer else {
            let Some(win) = a_winning_move(heaps) else {
                return Ok(());
            };
            return Err(wrong(format!(
                "{} is a winning position: its nim-sum is {x}, not 0, so a winning move exists, \
                 for example taking {} from heap {} to leave {}. You returned None.",
                list(heaps),
                win.remove,
                win.heap_index,
                win.new_size
            )));
        };
        if x == 0 {
            return Err(wrong(format!(
                "{} is a losing position: its nim-sum is 0, so every move leaves a nonzero \
                 nim-sum. The answer is None.",
                list(heaps)
            )));
        }
        let a = legal_move(heaps, m.heap_index, m.remove, m.new_size)
            .map_err(|(_, illegal)| illegal)?;
        let after = x ^ a ^ m.new_size;
        if after != 0 {
            return Err(wrong(format!(
                "After taking {} from heap {} ({a} -> {}), the nim-sum is {after}, not 0, so the \
                 opponent can win. A winning move makes the heap a ^ X = {}.",
                m.remove,
                m.heap_index,
                m.new_size,
                a ^ x
            )));
        }
        Ok(())
    }

    fn suspects(input: &Args, answer: &Option<Move>) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
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

/// Whether `answer` is the wrong move a heap chosen by `choose` (from the heaps and the
/// nim-sum X) gives: that heap made a ^ X, or None when `choose` finds no heap, where
/// that is wrong. Only the heap and the size left are compared: `remove` has rules of
/// its own.
fn moves_as(
    heaps: &[u64],
    answer: &Option<Move>,
    choose: fn(&[u64], u64) -> Option<usize>,
) -> bool {
    let x = nim_sum(heaps);
    if x == 0 {
        return false;
    }
    let chosen = choose(heaps, x).map(|i| (i, heaps[i] ^ x));
    let wrong = chosen.is_none_or(|(i, new_size)| new_size > heaps[i]);
    wrong && chosen == answer.as_ref().map(|m| (m.heap_index, m.new_size))
}

/// Whether the heap `choose` picks makes a wrong move: none found in a winning
/// position, or one that would grow.
fn chooses_wrongly(heaps: &[u64], choose: fn(&[u64], u64) -> Option<usize>) -> bool {
    let x = nim_sum(heaps);
    x != 0 && choose(heaps, x).is_none_or(|i| heaps[i] ^ x > heaps[i])
}

/// Whether `wrong`, the stones a mistaken `remove` says the lesson's move takes from heap
/// a, differs from a - (a ^ X).
fn removes_wrongly(heaps: &[u64], wrong: fn(u64, u64) -> u64) -> bool {
    let x = nim_sum(heaps);
    a_winning_move(heaps).is_some_and(|m| wrong(heaps[m.heap_index], x) != m.remove)
}

/// The heap chosen by "the first heap larger than X".
fn larger_than_x(heaps: &[u64], x: u64) -> Option<usize> {
    heaps.iter().position(|&a| a > x)
}

/// The heap chosen by "the largest heap", the first of them or the last.
fn first_largest(heaps: &[u64], _x: u64) -> Option<usize> {
    let largest = heaps.iter().max()?;
    heaps.iter().position(|a| a == largest)
}
fn last_largest(heaps: &[u64], _x: u64) -> Option<usize> {
    let largest = heaps.iter().max()?;
    heaps.iter().rposition(|a| a == largest)
}

/// The heap chosen by the nim-sum's lowest set bit.
fn with_lowest_bit(heaps: &[u64], x: u64) -> Option<usize> {
    heaps.iter().position(|&a| a & x & x.wrapping_neg() != 0)
}

/// Whether `answer` is what the lesson's move gives when the nim-sum is cut to 32 bits
/// (X32): None when X32 is 0 or no heap has a ^ X32 < a, else a heap made a ^ X32, on a
/// position whose nim-sum has bits above 31 (elsewhere 32 bits are enough).
fn in_32_bits(heaps: &[u64], answer: &Option<Move>) -> bool {
    let x = nim_sum(heaps);
    let x32 = u64::from(x as u32);
    if x >> 32 == 0 {
        return false;
    }
    // The heap made a ^ X32, its bits above 31 kept or lost.
    let moved_to =
        |a: u64, new_size: u64| new_size == a ^ x32 || new_size == u64::from(a as u32) ^ x32;
    match answer {
        None => x32 == 0 || !heaps.iter().any(|&a| a ^ x32 < a),
        Some(m) => heaps
            .get(m.heap_index)
            .is_some_and(|&a| x32 != 0 && moved_to(a, m.new_size)),
    }
}

/// The winning heap whose move `m` names with `remove` written wrong: `remove` as `wrong`
/// gives it from the heap and the nim-sum.
fn remove_as(heaps: &[u64], answer: &Option<Move>, wrong: fn(u64, u64) -> u64) -> bool {
    let x = nim_sum(heaps);
    let Some(m) = answer else { return false };
    heaps.get(m.heap_index).is_some_and(|&a| {
        a ^ x < a && m.new_size == a ^ x && m.remove == wrong(a, x) && m.remove != a - m.new_size
    })
}

/// A 1-based index on a right move, with its advice.
fn one_based_move(heaps: &[u64], answer: &Option<Move>) -> Option<(&'static str, String)> {
    let m = answer.as_ref()?;
    let x = nim_sum(heaps);
    one_based(m.heap_index, |i| {
        heaps
            .get(i)
            .is_some_and(|&a| a ^ x < a && m.new_size == a ^ x)
    })
}

/// The classic mistakes behind a wrong move, each as the code that makes it.
const MISTAKES: [Model<Args, Option<Move>>; 8] = [
    Model {
        name: "a move from a losing position",
        gives: |input, answer| answer.is_some() && nim_sum(&input.heaps) == 0,
        wrong_on: |input| nim_sum(&input.heaps) == 0 && input.heaps.iter().any(|&h| h > 0),
        advice: |_, _| "Compute the nim-sum first and return None when it is 0.".to_string(),
    },
    Model {
        name: "the first heap larger than X",
        gives: |input, answer| moves_as(&input.heaps, answer, larger_than_x),
        wrong_on: |input| chooses_wrongly(&input.heaps, larger_than_x),
        advice: chosen_by_size,
    },
    Model {
        name: "the largest heap",
        gives: |input, answer| {
            let heaps = &input.heaps;
            moves_as(heaps, answer, first_largest) || moves_as(heaps, answer, last_largest)
        },
        wrong_on: |input| {
            let heaps = &input.heaps;
            chooses_wrongly(heaps, first_largest) && chooses_wrongly(heaps, last_largest)
        },
        advice: chosen_by_size,
    },
    Model {
        name: "the lowest set bit",
        gives: |input, answer| moves_as(&input.heaps, answer, with_lowest_bit),
        wrong_on: |input| chooses_wrongly(&input.heaps, with_lowest_bit),
        advice: |input, answer| {
            let x = nim_sum(&input.heaps);
            let lowest = x & x.wrapping_neg();
            let highest = 1u64 << (63 - x.leading_zeros());
            let heap = answer.as_ref().map_or(0, |m| m.heap_index);
            format!(
                "Heap {heap} has the nim-sum's lowest set bit ({lowest}) but not its highest \
                 ({highest}): the heap to reduce must have the highest set bit of X = {x}. The \
                 test a ^ X < a finds the right heap."
            )
        },
    },
    Model {
        name: "32 bits",
        gives: |input, answer| in_32_bits(&input.heaps, answer),
        wrong_on: |input| nim_sum(&input.heaps) >> 32 != 0,
        advice: |input, _| high_bit_advice(nim_sum(&input.heaps)).unwrap_or_default(),
    },
    Model {
        name: "heaps counted from 1",
        gives: |input, answer| one_based_move(&input.heaps, answer).is_some(),
        // Heap i + 1 for heap i is wrong unless the two heaps are equal.
        wrong_on: |input| {
            let heaps = &input.heaps;
            a_winning_move(heaps)
                .is_some_and(|m| heaps.get(m.heap_index + 1) != Some(&heaps[m.heap_index]))
        },
        advice: |input, answer| {
            one_based_move(&input.heaps, answer).map_or_else(String::new, |(_, a)| a)
        },
    },
    Model {
        name: "remove written as the new size",
        gives: |input, answer| remove_as(&input.heaps, answer, |a, x| a ^ x),
        wrong_on: |input| removes_wrongly(&input.heaps, |a, x| a ^ x),
        advice: |_, _| {
            "remove is the number of stones taken, a - (a ^ X); the heap keeps new_size, \
             a ^ X: yours writes the size left in both."
                .to_string()
        },
    },
    Model {
        name: "remove written as X",
        gives: |input, answer| remove_as(&input.heaps, answer, |_, x| x),
        wrong_on: |input| removes_wrongly(&input.heaps, |_, x| x),
        advice: |_, _| {
            "remove is a - (a ^ X), the stones taken: it equals X only when the heap has none \
             of X's bits below its highest. Compute it from the heap and the size left."
                .to_string()
        },
    },
];

/// The advice for a heap chosen by its size (the first larger than X, the largest) that
/// is the wrong one, or for no heap found where a heap with X's highest bit was there.
fn chosen_by_size(input: &Args, answer: &Option<Move>) -> String {
    let heaps = &input.heaps;
    let x = nim_sum(heaps);
    match (answer, a_winning_move(heaps)) {
        (Some(m), _) => {
            let a = heaps[m.heap_index];
            format!(
                "Heap {} ({a}) does not have the nim-sum's highest set bit: choose the \
                     heap by that bit, not by its size. Here a ^ X = {} is larger than \
                     {a}. The test a ^ X < a finds the right heap.",
                m.heap_index,
                a ^ x
            )
        }
        (None, win) => {
            let win = win.unwrap_or(Move {
                heap_index: 0,
                remove: 0,
                new_size: 0,
            });
            format!(
                "Here no heap is larger than the nim-sum X = {x}, yet heap {} can go \
                     from {} to {}: the heap to reduce is one with X's highest set bit, \
                     whatever its size.",
                win.heap_index,
                win.new_size + win.remove,
                win.new_size
            )
        }
    }
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

    fn check(heaps: &[u64], answer: Option<Move>) -> Result<(), String> {
        NimWinningMove::rule(
            &Args {
                heaps: heaps.to_vec(),
            },
            &answer,
        )
    }

    fn rule(heaps: &[u64], answer: Option<Move>) -> String {
        check(heaps, answer).unwrap_err()
    }

    /// The mistakes whose models give `answer`, and the first one's advice.
    fn suspected(heaps: &[u64], answer: Option<Move>) -> (Vec<&'static str>, String) {
        assert!(check(heaps, answer.clone()).is_err());
        let suspects = NimWinningMove::suspects(
            &Args {
                heaps: heaps.to_vec(),
            },
            &answer,
        );
        let advice = suspects
            .first()
            .map(|s| s.advice.clone())
            .unwrap_or_default();
        (suspects.iter().map(|s| s.mistake).collect(), advice)
    }

    fn advice(heaps: &[u64], answer: Option<Move>) -> String {
        suspected(heaps, answer).1
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
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        // "First heap larger than X": 2 2 1 has X = 1, and heap 0 becomes 2 ^ 1 = 3.
        // It is also the largest heap.
        let (named, larger) = suspected(&[2, 2, 1], some(0, 0, 3));
        assert_eq!(named, ["the first heap larger than X", "the largest heap"]);
        assert!(larger.contains("not by its size"), "{larger}");
        // The last largest heap: 1 2 2 has X = 1, and heap 2 becomes 3.
        let (named, largest) = suspected(&[1, 2, 2], some(2, 0, 3));
        assert_eq!(named, ["the largest heap"]);
        assert!(largest.starts_with("Heap 2 (2) does not have"), "{largest}");
        // The lowest set bit: 2 1 has X = 3, and heap 1 (size 1) becomes 1 ^ 3 = 2.
        let (named, lowest) = suspected(&[2, 1], some(1, 0, 2));
        assert_eq!(named, ["the lowest set bit"]);
        assert!(
            lowest.contains("lowest set bit (1) but not its highest (2)"),
            "{lowest}"
        );
        // Heap 1 (1-based) for heap 0.
        assert!(advice(&[3, 4, 5], some(1, 2, 1)).contains("0-based"));
        let (named, _) = suspected(&[1 << 40], None);
        assert!(named.contains(&"32 bits"), "{named:?}");
        assert!(
            suspects_of(
                &MISTAKES,
                &Args {
                    heaps: vec![1 << 40]
                },
                &None
            )
            .iter()
            .any(|s| s.advice.contains("bit 40"))
        );
        assert!(advice(&[1, 1], some(0, 1, 0)).contains("return None"));
        let (named, none) = suspected(&[1, 2], None);
        assert_eq!(named, ["the first heap larger than X"]);
        assert!(
            none.contains("no heap is larger than the nim-sum X = 3"),
            "{none}"
        );
        assert_eq!(suspected(&[5, 1], None).0, Vec::<&str>::new());
        // A 32-bit nim-sum: the move leaves bits above 31.
        let heap = (1u64 << 40) | 7;
        assert_eq!(suspected(&[heap], some(0, 7, 1 << 40)).0, ["32 bits"]);
        assert_eq!(
            suspected(&[1], some(0, 0, 0)).0,
            ["remove written as the new size"]
        );
        assert_eq!(suspected(&[1, 2], some(1, 3, 1)).0, ["remove written as X"]);
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
