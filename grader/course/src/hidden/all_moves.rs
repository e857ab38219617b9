//! Hidden tests for `all_moves`: every position one move away, in the exercise's order.

use std::collections::HashMap;
use std::time::Duration;

use rand::Rng;

use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::nim::{empty_heap_advice, small_position_promises};
use crate::model::promise::Promise;
use crate::model::show::{count, list};
use crate::model::{Cases, Function, Group, HiddenTests, Seed, inputs};

/// The arguments of `all_moves(heaps: &[u64]) -> Vec<Vec<u64>>`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `all_moves`.
pub struct AllMoves;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<AllMoves>::new();

/// The most heaps in a position.
const MAX_HEAPS: usize = 8;
/// The most stones in a heap.
const MAX_SIZE: u64 = 50;
/// Lists of at most this many moves are shown whole, the expected one above the answer.
const SHOWN_SIDE_BY_SIDE: usize = 10;

const TAKES_ZERO: &str = "A move takes at least one stone: the new sizes of a heap of a are \
0..a (a - 1 at most), so the position itself is never in the list.";
const GROWS: &str = "A move only takes stones away: the new size must be smaller than the heap \
(new_size < size), not just different.";
const ONE_HEAP: &str = "Each move changes exactly one heap of the original position: copy the \
original for every move (or restore the heap you changed before moving on).";
const KEEP_EMPTY: &str = "Keep every heap in its place, empty ones included: a position after a \
move has as many heaps as before, and only one of them changed.";
const UNSORTED: &str = "Keep every heap in its place: sort positions only where you want a \
canonical form (a memo key), not in the list of moves.";
const HEAP_ORDER: &str = "The moves are all there but in the wrong order: all of heap 0's moves \
come first, then heap 1's; loop over the heaps outside and the new sizes inside.";
const SIZE_ORDER: &str = "The moves are all there but in the wrong order: within a heap, list \
the new sizes from 0 upwards (taking the whole heap first).";

/// Every move from `heaps`, in the exercise's order.
fn every_move(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (i, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let mut next = heaps.to_vec();
            next[i] = new_size;
            moves.push(next);
        }
    }
    moves
}

/// `count` random positions, each of a number of heaps drawn from `heaps`, each heap
/// empty with probability `empty` and otherwise of a size drawn from `sizes`.
fn drawn_positions(
    rng: &mut impl Rng,
    count: usize,
    heaps: std::ops::RangeInclusive<usize>,
    sizes: std::ops::RangeInclusive<u64>,
    empty: f64,
) -> Vec<Vec<u64>> {
    (0..count)
        .map(|_| {
            let n = rng.random_range(heaps.clone());
            (0..n)
                .map(|_| match rng.random_bool(empty) {
                    true => 0,
                    false => rng.random_range(sizes.clone()),
                })
                .collect()
        })
        .collect()
}

fn with_empty_heaps(seed: Seed) -> Vec<Vec<u64>> {
    let only_empty = (1..=MAX_HEAPS).map(|n| vec![0; n]);
    let mut some_empty = vec![
        vec![0, 5, 0],
        vec![7, 0, 0, 0, 0, 0, 0, 1],
        vec![0, 0, 0, 0, 0, 0, 0, MAX_SIZE],
        vec![MAX_SIZE, 0, 0, 0, 0, 0, 0, 0],
    ];
    some_empty.extend(drawn_positions(
        &mut seed.rng(71),
        200,
        1..=MAX_HEAPS,
        1..=MAX_SIZE,
        0.5,
    ));
    only_empty.chain(some_empty).collect()
}

fn eight_heaps(seed: Seed) -> Vec<Vec<u64>> {
    let mut positions = vec![
        vec![MAX_SIZE; MAX_HEAPS],
        (43..=MAX_SIZE).rev().collect(),
        vec![0, MAX_SIZE, 0, MAX_SIZE, 0, MAX_SIZE, 0, MAX_SIZE],
    ];
    positions.extend(drawn_positions(
        &mut seed.rng(73),
        200,
        MAX_HEAPS..=MAX_HEAPS,
        30..=MAX_SIZE,
        0.0,
    ));
    positions
}

impl Cases<Args> for AllMoves {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        inputs(vec![
            Group::new(
                "no heaps, and every position of 1 to 4 heaps of 0 to 3",
                cases::every_position_from_empty(4, 3),
            ),
            Group::new(
                "empty heaps: positions of empty heaps only, and empty heaps among others",
                with_empty_heaps(seed),
            ),
            Group::new(
                "random positions of 1 to 8 heaps of 0 to 50",
                drawn_positions(&mut seed.rng(72), 2000, 1..=MAX_HEAPS, 0..=MAX_SIZE, 0.0),
            ),
            Group::new(
                "8 heaps of up to 50 stones: up to 400 moves",
                eight_heaps(seed),
            ),
        ])
    }

    fn promises() -> Vec<Promise<Args>> {
        small_position_promises(
            "0 to 8 heaps",
            MAX_HEAPS,
            "each of 0 to 50 stones",
            MAX_SIZE,
        )
    }
}

impl Function for AllMoves {
    type Args = Args;
    type Answer = Vec<Vec<u64>>;
    type Cases = AllMoves;
    const NAME: &'static str = "all_moves";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one copy of the position per move, and as many moves as stones (at most \
         400 here). Filtering every smaller position instead costs the product of (size + 1) \
         over the heaps";

    fn answer_words(input: &Args, _input_words: usize) -> usize {
        // One list of n heaps per move, and room for a move per heap too many.
        let n = input.heaps.len();
        let stones: u64 = input.heaps.iter().sum();
        (stones as usize + n) * (n + 1) + 8
    }

    fn rule(input: &Args, answer: &Vec<Vec<u64>>) -> Result<(), String> {
        let heaps = &input.heaps;
        let expected = every_move(heaps);
        if *answer == expected {
            return Ok(());
        }
        let (mut rule, _) = rule(heaps, &expected, answer);
        if expected.len().max(answer.len()) <= SHOWN_SIDE_BY_SIDE {
            rule += &format!(
                "\n  expected: {}\n  yours:    {}",
                list(&expected),
                list(answer)
            );
        }
        Err(rule)
    }

    fn suspects(input: &Args, answer: &Vec<Vec<u64>>) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        empty_heap_advice(&input.heaps, message)
    }
}

/// The first rule a wrong list breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Broken {
    HeapCount,
    Itself,
    Grows,
    TwoHeaps,
    Repeated,
    Missing,
    /// Every move once, in another order.
    Order,
}

/// The rule a wrong list breaks, in the lesson's words, and which rule it is.
fn rule(heaps: &[u64], expected: &[Vec<u64>], answer: &[Vec<u64>]) -> (String, Broken) {
    let from = list(heaps);
    for (k, position) in answer.iter().enumerate() {
        let shown = list(position);
        let changed: Vec<usize> = (0..heaps.len())
            .filter(|&i| position.get(i) != heaps.get(i))
            .collect();
        let not_a_move = |why: String, broken| {
            let rule = format!(
                "The position at index {k} of your list, {shown}, is not one move from \
                 {from}: {why}"
            );
            (rule, broken)
        };
        if position.len() != heaps.len() {
            return not_a_move(
                format!(
                    "it has {} where {from} has {}, and a move keeps every heap in its place, \
                     empty ones included.",
                    count(position.len(), "heap", "heaps"),
                    count(heaps.len(), "heap", "heaps")
                ),
                Broken::HeapCount,
            );
        }
        if changed.is_empty() {
            return not_a_move(
                "it is the position itself, which takes 0 stones, and a move takes at least \
                 one stone."
                    .to_string(),
                Broken::Itself,
            );
        }
        if let Some(&i) = changed.iter().find(|&&i| position[i] > heaps[i]) {
            return not_a_move(
                format!(
                    "heap {i} grows from {} to {}, and a move only takes stones away.",
                    heaps[i], position[i]
                ),
                Broken::Grows,
            );
        }
        if changed.len() > 1 {
            let (i, j) = (changed[0], changed[1]);
            return not_a_move(
                format!(
                    "it changes heap {i} ({} to {}) and heap {j} ({} to {}), and a move changes \
                     exactly one heap.",
                    heaps[i], position[i], heaps[j], position[j]
                ),
                Broken::TwoHeaps,
            );
        }
    }
    let total = expected.len();
    let moves = format!(
        "from {from} there are {} (one per stone)",
        count(total, "move", "moves")
    );
    let mut seen = HashMap::new();
    for (k, position) in answer.iter().enumerate() {
        if let Some(first) = seen.insert(position, k) {
            let rule = format!(
                "{} is in your list twice, at indices {first} and {k}, but each move leads to a \
                 different list: {moves}, each once.",
                list(position)
            );
            return (rule, Broken::Repeated);
        }
    }
    if let Some(missing) = expected.iter().find(|m| !seen.contains_key(m)) {
        let i = (0..heaps.len())
            .find(|&i| missing[i] != heaps[i])
            .unwrap_or(0);
        let rule = format!(
            "Your list lacks {}, the move that takes heap {i} from {} to {}: {moves}, and your \
             list has {}.",
            list(missing),
            heaps[i],
            missing[i],
            count(answer.len(), "position", "positions")
        );
        return (rule, Broken::Missing);
    }
    let k = (0..total).find(|&k| answer[k] != expected[k]).unwrap_or(0);
    let rule = format!(
        "Every move is there, but not in the exercise's order: index {k} should hold {}, and \
         yours holds {}. The moves go by heap (heap 0's first), then by new size, smallest \
         first.",
        list(&expected[k]),
        list(&answer[k])
    );
    (rule, Broken::Order)
}

/// The moves of `heaps` each made tidier by `tidy`.
fn tidied(heaps: &[u64], tidy: fn(&mut Vec<u64>)) -> Vec<Vec<u64>> {
    every_move(heaps)
        .into_iter()
        .map(|mut position| {
            tidy(&mut position);
            position
        })
        .collect()
}

/// The moves listed with the new sizes in the outer loop and the heaps inside.
fn sizes_then_heaps(heaps: &[u64]) -> Vec<Vec<u64>> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    (0..largest)
        .flat_map(|size| {
            (0..heaps.len())
                .filter(move |&i| size < heaps[i])
                .map(move |i| {
                    let mut next = heaps.to_vec();
                    next[i] = size;
                    next
                })
        })
        .collect()
}

/// How many heaps have stones.
fn nonempty(heaps: &[u64]) -> usize {
    heaps.iter().filter(|&&h| h > 0).count()
}

/// The first rule `answer` breaks.
fn broken(heaps: &[u64], answer: &[Vec<u64>]) -> Broken {
    rule(heaps, &every_move(heaps), answer).1
}

/// The classic mistakes behind a wrong list, each as what its code lists: the whole
/// list tidied up (sorted positions, empty heaps dropped), or positions that break one
/// rule of a move.
const MISTAKES: [Model<Args, Vec<Vec<u64>>>; 7] = [
    Model {
        name: "sorted positions",
        gives: |input, answer| *answer == tidied(&input.heaps, |p| p.sort_unstable()),
        wrong_on: |input| tidied(&input.heaps, |p| p.sort_unstable()) != every_move(&input.heaps),
        advice: |_, _| UNSORTED.to_string(),
    },
    Model {
        name: "empty heaps dropped",
        gives: |input, answer| empty_heaps_dropped(&input.heaps, answer),
        wrong_on: |input| {
            tidied(&input.heaps, |p| p.retain(|&h| h > 0)) != every_move(&input.heaps)
        },
        advice: |_, _| KEEP_EMPTY.to_string(),
    },
    Model {
        name: "the position itself",
        gives: |input, answer| broken(&input.heaps, answer) == Broken::Itself,
        // Code that lists new sizes up to the heap's own lists the position itself.
        wrong_on: |input| !input.heaps.is_empty(),
        advice: |_, _| TAKES_ZERO.to_string(),
    },
    Model {
        name: "a heap that grows",
        gives: |input, answer| broken(&input.heaps, answer) == Broken::Grows,
        // How far a heap grows depends on the code: no case it passes clears it.
        wrong_on: |_| false,
        advice: |_, _| GROWS.to_string(),
    },
    Model {
        name: "two heaps changed",
        gives: |input, answer| broken(&input.heaps, answer) == Broken::TwoHeaps,
        // A heap left changed shows once a later heap has moves of its own.
        wrong_on: |input| nonempty(&input.heaps) >= 2,
        advice: |_, _| ONE_HEAP.to_string(),
    },
    Model {
        name: "the heaps out of order",
        gives: |input, answer| {
            broken(&input.heaps, answer) == Broken::Order
                && heaps_out_of_order(&input.heaps, answer)
        },
        wrong_on: |input| sizes_then_heaps(&input.heaps) != every_move(&input.heaps),
        advice: |_, _| HEAP_ORDER.to_string(),
    },
    Model {
        name: "the sizes out of order",
        gives: |input, answer| {
            broken(&input.heaps, answer) == Broken::Order
                && !heaps_out_of_order(&input.heaps, answer)
        },
        wrong_on: |input| input.heaps.iter().any(|&h| h >= 2),
        advice: |_, _| SIZE_ORDER.to_string(),
    },
];

/// Whether `answer` is the list of moves with empty heaps left out of some positions:
/// what code gives that drops every empty heap, or only the one it emptied. A position
/// short of a heap that is not empty (code that forgets the heaps after the one it
/// changed, say) is another mistake.
fn empty_heaps_dropped(heaps: &[u64], answer: &[Vec<u64>]) -> bool {
    let moves = every_move(heaps);
    moves.len() == answer.len()
        && moves
            .iter()
            .zip(answer)
            .all(|(position, shown)| empties_left_out(position, shown))
}

/// Whether `shown` is `position` with some of its empty heaps left out.
fn empties_left_out(position: &[u64], shown: &[u64]) -> bool {
    let mut rest = shown.iter().peekable();
    for heap in position {
        if rest.peek() == Some(&heap) {
            rest.next();
        } else if *heap != 0 {
            return false;
        }
    }
    rest.next().is_none()
}

/// Whether a later move in `answer` changes an earlier heap than some move before it.
fn heaps_out_of_order(heaps: &[u64], answer: &[Vec<u64>]) -> bool {
    let changed_heap = |position: &Vec<u64>| (0..heaps.len()).find(|&i| position[i] != heaps[i]);
    let order: Vec<Option<usize>> = answer.iter().map(changed_heap).collect();
    order.windows(2).any(|pair| pair[1] < pair[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(heaps: &[u64], answer: &[&[u64]]) -> Result<(), String> {
        let answer: Vec<Vec<u64>> = answer.iter().map(|p| p.to_vec()).collect();
        AllMoves::rule(&Args::from(heaps.to_vec()), &answer)
    }

    fn rule(heaps: &[u64], answer: &[&[u64]]) -> String {
        check(heaps, answer).unwrap_err()
    }

    /// The advice of the first mistake whose model gives `answer`, a wrong answer.
    fn advice(heaps: &[u64], answer: &[&[u64]]) -> String {
        assert!(check(heaps, answer).is_err());
        let answer: Vec<Vec<u64>> = answer.iter().map(|p| p.to_vec()).collect();
        let suspects = AllMoves::suspects(&Args::from(heaps.to_vec()), &answer);
        suspects
            .first()
            .map(|s| s.advice.clone())
            .unwrap_or_default()
    }

    #[test]
    fn the_stubs_examples_are_accepted() {
        assert_eq!(check(&[1, 2], &[&[0, 2], &[1, 0], &[1, 1]]), Ok(()));
        assert_eq!(check(&[0, 3], &[&[0, 0], &[0, 1], &[0, 2]]), Ok(()));
        assert_eq!(check(&[], &[]), Ok(()));
        assert_eq!(check(&[0, 0], &[]), Ok(()));
        assert_eq!(every_move(&[3, 4, 5]).len(), 12);
        assert_eq!(every_move(&[3, 4, 5])[4], [3, 1, 5]);
    }

    #[test]
    fn junk_lists_are_rejected_with_their_rule() {
        assert!(rule(&[1], &[&[0], &[1]]).contains("it is the position itself"));
        assert!(rule(&[0, 1], &[&[1, 1], &[0, 0]]).contains("heap 0 grows from 0 to 1"));
        let two = rule(&[1, 1], &[&[0, 1], &[0, 0]]);
        assert!(two.contains("index 1 of your list, [0, 0]"), "{two}");
        assert!(
            two.contains("changes heap 0 (1 to 0) and heap 1 (1 to 0)"),
            "{two}"
        );
        let dropped = rule(&[1], &[&[]]);
        assert!(
            dropped.contains("it has 0 heaps where [1] has 1 heap, and a move keeps"),
            "{dropped}"
        );
        let long = rule(&[3, 4, 5], &[]);
        assert!(
            !long.contains("expected:"),
            "12 moves are not shown side by side: {long}"
        );
        let twice = rule(&[2], &[&[0], &[0]]);
        assert!(
            twice.contains("[0] is in your list twice, at indices 0 and 1"),
            "{twice}"
        );
        let lacks = rule(&[3, 4, 5], &[]);
        assert!(lacks.contains("lacks [0, 4, 5], the move that takes heap 0 from 3 to 0"));
        assert!(lacks.contains("there are 12 moves (one per stone), and your list has 0"));
        let order = rule(&[2], &[&[1], &[0]]);
        assert!(
            order.contains("index 0 should hold [0], and yours holds [1]"),
            "{order}"
        );
        assert!(order.contains("expected: [[0], [1]]"), "{order}");
        assert!(check(&[], &[&[]]).is_err());
    }

    #[test]
    fn classic_mistakes_get_advice() {
        // Each example is what a recorded solution answers.
        assert_eq!(advice(&[0], &[&[0]]), TAKES_ZERO);
        assert_eq!(advice(&[1], &[&[0], &[1]]), TAKES_ZERO);
        assert_eq!(advice(&[0, 1], &[&[1, 1], &[0, 0]]), GROWS);
        assert_eq!(advice(&[2], &[&[1], &[0]]), SIZE_ORDER);
        assert_eq!(advice(&[2, 1], &[&[0, 1], &[2, 0], &[1, 1]]), HEAP_ORDER);
        assert_eq!(advice(&[1], &[&[]]), KEEP_EMPTY);
        // Code that removes the heap it empties: each position keeps its other heaps.
        let emptied_removed: [&[u64]; 5] = [&[3], &[1, 3], &[2], &[2, 1], &[2, 2]];
        assert_eq!(advice(&[2, 3], &emptied_removed), KEEP_EMPTY);
        // Code that forgets the heaps after the one it changes is another mistake, though
        // where only empty heaps come after, its list looks the same.
        let rest_forgotten: [&[u64]; 5] = [&[0], &[1], &[2, 0], &[2, 1], &[2, 2]];
        assert_eq!(advice(&[2, 3], &rest_forgotten), "");
        assert_eq!(advice(&[1, 0], &[&[0]]), KEEP_EMPTY);
        assert_eq!(advice(&[1, 1], &[&[0, 1], &[0, 0]]), ONE_HEAP);
        assert_eq!(advice(&[1, 1], &[&[0, 1], &[0, 1]]), UNSORTED);
        // A move left out matches no classic mistake.
        assert_eq!(advice(&[1, 1], &[&[0, 1]]), "");
    }

    #[test]
    fn an_empty_heap_underflow_gets_advice() {
        let advice = |heaps: Vec<u64>| {
            AllMoves::panic_advice(&Args::from(heaps), "attempt to subtract with overflow")
        };
        assert!(advice(vec![0]).unwrap().contains("`size - 1` underflows"));
        assert_eq!(advice(vec![3, 1]), None);
    }

    #[test]
    fn every_case_fits_the_promises_and_the_answer_bound() {
        let groups = AllMoves::groups(Seed::DEFAULT);
        assert_eq!(groups[0].cases.len(), 1 + 4 + 16 + 64 + 256);
        let cases: usize = groups.iter().map(|g| g.cases.len()).sum();
        assert!(
            (2000..5000).contains(&cases),
            "a few thousand positions: {cases}"
        );
        for input in groups.iter().flat_map(|g| &g.cases) {
            let mut words = Vec::new();
            xorlings_core::wire::Wire::put(&every_move(&input.heaps), &mut words);
            assert!(words.len() <= AllMoves::answer_words(input, 0));
        }
        assert_eq!(every_move(&[MAX_SIZE; MAX_HEAPS]).len(), 400);
    }
}
