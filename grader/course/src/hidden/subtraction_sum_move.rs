//! Hidden tests for `subtraction_sum_move`: a sum of subtraction games, where a heap
//! counts as its Grundy number (Sprague-Grundy). Any winning move is right: the checker
//! looks the Grundy numbers up in its own table and judges the move by the rules.

use std::time::Duration;

use rand::Rng;

use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::diagnosis::Suspect;
use crate::model::function::FunctionTests;
use crate::model::grundy::{self, MAX_MOVES, MAX_N, grundy_values, zero_move_table};
use crate::model::nim::{numbered_heaps, one_based};
use crate::model::promise::Promise;
use crate::model::show::{count, list};
use crate::model::{Cases, Function, Group, HiddenTests, Seed};

/// The arguments of `subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)>`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<usize>,
    pub moves: Vec<usize>,
}

/// The hidden tests of `subtraction_sum_move`.
pub struct SubtractionSumMove;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<SubtractionSumMove>::new();

/// Most heaps in a position.
const MAX_HEAPS: usize = 10_000;
/// The largest amount in a move set.
const MAX_AMOUNT: usize = 100;

const PLAIN_NIM: &str = "In a subtraction game a heap of n does not count as n: XOR the heaps' \
Grundy numbers (one table up to the largest heap) and look for a heap whose Grundy number g \
can move to g ^ X. With moves [1, 2, 3], a heap of 4 is worth 0.";
const ZERO_IS_NO_MOVE: &str = "An amount of 0 is not a move (a move takes at least one \
stone): skip 0 when filling the table and when looking for the move. With moves [0, 1], \
heaps are worth 0 1 0 1 ..., as with moves [1] alone.";
const NOT_IN_MOVES: &str = "Only the amounts in `moves` may be taken: search the amounts m \
with `grundy[heap - m] == target`, not every smaller size. The mex guarantees that one of \
them reaches any smaller Grundy number.";
const OVER_HEAP: &str = "An amount larger than the heap is not a move, not a way to empty it: \
skip it (from a heap of 2 with moves [3, 2], only 2 can be taken).";
const SEARCH_OVER_HEAP: &str = "A move never takes more stones than the heap holds: check \
`1 <= amount && amount <= heap` everywhere you compute `heap - amount`, in the search for the \
move as well as in the table.";
const XOR_FIRST: &str =
    "Compute the XOR of the heaps' Grundy numbers first, and return None when it is 0.";

/// A position, with the grader's Grundy numbers.
struct Sum<'a> {
    heaps: &'a [usize],
    moves: &'a [usize],
    /// The Grundy numbers of heaps 0 to the largest.
    table: Vec<usize>,
    /// The XOR of the heaps' Grundy numbers.
    total: usize,
}

impl<'a> Sum<'a> {
    fn new(input: &'a Args) -> Self {
        let largest = input.heaps.iter().copied().max().unwrap_or(0);
        let table = grundy_values(largest, &input.moves);
        let total = input.heaps.iter().fold(0, |x, &heap| x ^ table[heap]);
        Sum {
            heaps: &input.heaps,
            moves: &input.moves,
            table,
            total,
        }
    }

    /// The XOR after taking `amount` from heap `index`, a legal move.
    fn total_after(&self, index: usize, amount: usize) -> usize {
        let heap = self.heaps[index];
        self.total ^ self.table[heap] ^ self.table[heap - amount]
    }

    /// Whether taking `amount` from heap `index` is a move, and wins.
    fn wins(&self, index: usize, amount: usize) -> bool {
        self.heaps.get(index).is_some_and(|&heap| {
            (1..=heap).contains(&amount)
                && self.moves.contains(&amount)
                && self.total_after(index, amount) == 0
        })
    }

    /// Whether any amount of `moves` fits any heap.
    fn can_move(&self) -> bool {
        let fits = |heap: usize| self.moves.iter().any(|&m| (1..=heap).contains(&m));
        self.heaps.iter().any(|&heap| fits(heap))
    }

    /// The first winning move, if there is one.
    fn a_winning_move(&self) -> Option<(usize, usize)> {
        (0..self.heaps.len()).find_map(|index| {
            let amount = self.moves.iter().find(|&&m| self.wins(index, m))?;
            Some((index, *amount))
        })
    }

    /// "With moves [1, 3, 4], the heaps [2, 5, 9] have Grundy numbers [0, 3, 0], which XOR
    /// to 3".
    fn described(&self) -> String {
        let values: Vec<usize> = self.heaps.iter().map(|&heap| self.table[heap]).collect();
        format!(
            "With moves {}, the heaps {} have Grundy numbers {}, which XOR to {}",
            list(self.moves),
            list(self.heaps),
            list(&values),
            self.total
        )
    }

    /// "taking 3 from heap 1 (5 -> 2, Grundy number 3 -> 0)".
    fn move_shown(&self, index: usize, amount: usize) -> String {
        let heap = self.heaps[index];
        format!(
            "taking {amount} from heap {index} ({heap} -> {}, Grundy number {} -> {})",
            heap - amount,
            self.table[heap],
            self.table[heap - amount]
        )
    }
}

impl Cases<Args> for SubtractionSumMove {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        vec![
            Group::new(
                "every position of up to 3 heaps of 0 to 8, with every move set drawn from 1 to 4",
                every_small_position(),
            ),
            Group::new(
                "up to 2 heaps of 0 to 12 with amounts that are 0, repeated, unsorted or larger \
                 than the heaps; up to 2 heaps of 0 to 45 with the amounts 1 to 20",
                awkward_positions(),
            ),
            Group::new(
                "random move sets, and positions of up to 100 heaps of up to 1,000, half of them \
                 lost",
                random_positions(seed),
            ),
            Group::new(
                "10,000 heaps of up to 100,000 stones",
                large_positions(seed),
            ),
            Group::new(
                "the same move sets again and again, heaps largest first, then smallest first, \
                 then in turn",
                positions_asked_again(),
            ),
        ]
    }

    fn promises() -> Vec<Promise<Args>> {
        let amounts = |input: &Args| input.moves.len() as u64;
        vec![
            Promise::at_least("`moves` holds 1 to 20 amounts", "amounts", 1, amounts),
            Promise::at_most(
                "`moves` holds 1 to 20 amounts",
                "amounts",
                MAX_MOVES as u64,
                amounts,
            ),
            Promise::at_most(
                "amounts from 0 to 100",
                "as the largest amount",
                MAX_AMOUNT as u64,
                |input| input.moves.iter().copied().max().unwrap_or(0) as u64,
            ),
            Promise::at_most("up to 10,000 heaps", "heaps", MAX_HEAPS as u64, |input| {
                input.heaps.len() as u64
            }),
            Promise::at_most(
                "of up to 100,000 stones",
                "stones in the largest heap",
                MAX_N as u64,
                |input| input.heaps.iter().copied().max().unwrap_or(0) as u64,
            ),
            Promise::every_value(
                "a Grundy number is at most 20",
                "Grundy numbers",
                MAX_MOVES as u64,
                |input, seen| {
                    let sum = Sum::new(input);
                    sum.heaps
                        .iter()
                        .for_each(|&heap| seen(sum.table[heap] as u64))
                },
            ),
        ]
    }
}

/// Whether `moves` keeps the promises on amounts of this exercise beyond the Grundy
/// exercises': at least one, none above 100.
fn keeps_amount_promises(moves: &[usize]) -> bool {
    !moves.is_empty() && moves.iter().all(|&m| m <= MAX_AMOUNT)
}

/// Every position of up to `max_heaps` heaps of 0 to `max_size`, the empty one first.
fn positions_up_to(max_heaps: usize, max_size: u64) -> Vec<Vec<usize>> {
    std::iter::once(Vec::new())
        .chain(cases::all_positions(max_heaps, max_size))
        .map(|heaps| heaps.into_iter().map(|h| h as usize).collect())
        .collect()
}

/// Every position of `positions` with every move set of `move_sets`.
fn combined(positions: &[Vec<usize>], move_sets: Vec<Vec<usize>>) -> Vec<Args> {
    move_sets
        .into_iter()
        .flat_map(|moves| {
            positions.iter().map(move |heaps| Args {
                heaps: heaps.clone(),
                moves: moves.clone(),
            })
        })
        .collect()
}

fn every_small_position() -> Vec<Args> {
    let move_sets = cases::all_move_sets(4)
        .into_iter()
        .filter(|moves| !moves.is_empty())
        .collect();
    combined(&positions_up_to(3, 8), move_sets)
}

fn awkward_positions() -> Vec<Args> {
    // The shared awkward move sets that keep this exercise's promises, and more with
    // amounts above the heaps in every order.
    let move_sets = cases::awkward_move_sets()
        .into_iter()
        .chain([vec![3, 2], vec![7, 100], vec![100, 2, 0, 2]])
        .filter(|moves| keeps_amount_promises(moves))
        .collect();
    let every_amount = (1..=MAX_MOVES).collect();
    [
        combined(&positions_up_to(2, 12), move_sets),
        combined(&positions_up_to(2, 45), vec![every_amount]),
    ]
    .concat()
}

/// `heaps` made lost: the last heap becomes the size nearest to it whose Grundy number
/// is the XOR of the others', when there is one up to `max`.
fn make_lost(mut heaps: Vec<usize>, moves: &[usize], max: usize) -> Vec<usize> {
    let table = grundy_values(max, moves);
    if let Some((last, others)) = heaps.split_last_mut() {
        let x = others.iter().fold(0, |x, &heap| x ^ table[heap]);
        let mut nearest = (0..=*last).rev().chain(*last + 1..=max);
        if let Some(size) = nearest.find(|&size| table[size] == x) {
            *last = size;
        }
    }
    heaps
}

/// Positions of two heaps, a third of each other, with the Grundy games' move sets
/// asked again ([`grundy::games_asked_again`]).
fn positions_asked_again() -> Vec<Args> {
    grundy::games_asked_again()
        .into_iter()
        .map(|(size, moves)| Args {
            heaps: vec![size, size / 3],
            moves,
        })
        .collect()
}

fn random_positions(seed: Seed) -> Vec<Args> {
    let mut rng = seed.rng(71);
    cases::random_move_sets(&mut seed.rng(72), 300, MAX_MOVES, 40)
        .into_iter()
        .enumerate()
        .map(|(i, moves)| {
            let len = rng.random_range(0..=100);
            let heaps: Vec<usize> = (0..len).map(|_| rng.random_range(0..=1000)).collect();
            let heaps = match i % 2 {
                0 => make_lost(heaps, &moves, 1000),
                _ => heaps,
            };
            Args { heaps, moves }
        })
        .collect()
}

fn large_positions(seed: Seed) -> Vec<Args> {
    let mut rng = seed.rng(73);
    let mut random_heaps = || -> Vec<usize> {
        (0..MAX_HEAPS)
            .map(|_| rng.random_range(0..=MAX_N))
            .collect()
    };
    let every_amount: Vec<usize> = (1..=MAX_MOVES).collect();
    let mut amounts = seed.rng(74);
    let awkward: Vec<usize> = (0..MAX_MOVES)
        .map(|_| amounts.random_range(0..=MAX_AMOUNT))
        .collect();
    let (first, second) = (random_heaps(), random_heaps());
    // With moves 1 2 3 multiples of 4 are worth 0: the last heap (worth 3) is the only one
    // whose value the recipe lowers, so a search that stops early misses it.
    let mut last_wins: Vec<usize> = first.iter().map(|&heap| heap / 4 * 4).collect();
    last_wins[MAX_HEAPS - 1] = MAX_N - 1;
    vec![
        Args {
            heaps: first,
            moves: every_amount,
        },
        Args {
            heaps: make_lost(second, &awkward, MAX_N),
            moves: awkward,
        },
        Args {
            heaps: last_wins,
            moves: vec![1, 2, 3],
        },
        Args {
            heaps: vec![MAX_N; MAX_HEAPS],
            moves: vec![0, 7, 7, 100, 3, 0, 50],
        },
    ]
}

impl Function for SubtractionSumMove {
    type Args = Args;
    type Answer = Option<(usize, usize)>;
    type Cases = SubtractionSumMove;
    const NAME: &'static str = "subtraction_sum_move";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one Grundy table up to the largest heap, O(largest heap * k) for k \
         amounts, then one pass over the heaps. A table per heap does that work again for \
         every heap";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, answer: &Option<(usize, usize)>) -> Result<(), String> {
        let sum = Sum::new(input);
        let Some((index, amount)) = *answer else {
            if sum.total == 0 {
                return Ok(());
            }
            let example = sum
                .a_winning_move()
                .map(|(i, m)| format!(", for example {}", sum.move_shown(i, m)))
                .unwrap_or_default();
            return Err(format!(
                "{}, not 0: a winning move exists{example}. You returned None.",
                sum.described()
            ));
        };
        if sum.total == 0 {
            let why = match sum.can_move() {
                true => {
                    "every move changes one heap's Grundy number and leaves a nonzero XOR, \
                     so the opponent wins"
                }
                false => "no amount in moves fits any heap, so no move is possible at all",
            };
            return Err(format!("{}: {why}. The answer is None.", sum.described()));
        }
        let Some(&heap) = sum.heaps.get(index) else {
            return Err(format!(
                "There is no heap {index}: the position has {}.",
                numbered_heaps(sum.heaps.len() as u64)
            ));
        };
        if amount == 0 {
            Err("An amount of 0 takes no stone: a move takes at least one.".to_string())
        } else if !sum.moves.contains(&amount) {
            Err(format!(
                "{amount} is not one of the amounts in moves {}: only those may be taken.",
                list(sum.moves)
            ))
        } else if amount > heap {
            Err(format!(
                "Heap {index} holds {}, so taking {amount} is not a move.",
                count(heap, "stone", "stones")
            ))
        } else if sum.total_after(index, amount) != 0 {
            Err(format!(
                "{}. After {}, they XOR to {}, not 0, so the opponent can win.",
                sum.described(),
                sum.move_shown(index, amount),
                sum.total_after(index, amount)
            ))
        } else {
            Ok(())
        }
    }

    fn suspects(input: &Args, answer: &Option<(usize, usize)>) -> Vec<Suspect> {
        let sum = Sum::new(input);
        let suspect = |mistake, advice: String| Suspect { mistake, advice };
        let mut suspects = Vec::new();
        if let Some((index, amount)) = *answer {
            if let Some(advice) = size_left_advice(&sum, index, amount) {
                suspects.push(suspect("the size left", advice));
            }
            let heap = sum.heaps.get(index).copied().unwrap_or(0);
            let reaches_target = amount <= heap
                && sum.total != 0
                && sum.table[heap - amount] == sum.table[heap] ^ sum.total;
            if !sum.moves.contains(&amount) && reaches_target {
                suspects.push(suspect("an amount not in moves", NOT_IN_MOVES.to_string()));
            }
            if sum.moves.contains(&amount) && amount > heap && index < sum.heaps.len() {
                suspects.push(suspect(
                    "an amount larger than the heap",
                    OVER_HEAP.to_string(),
                ));
            }
        }
        if zero_counted(&sum, answer) {
            suspects.push(suspect("a move of 0", ZERO_IS_NO_MOVE.to_string()));
        }
        if plain_nim(&sum, answer) {
            suspects.push(suspect("plain Nim", PLAIN_NIM.to_string()));
        }
        if sum.total == 0 && answer.is_some() {
            suspects.push(suspect(
                "a move from a lost position",
                XOR_FIRST.to_string(),
            ));
        }
        if let Some((index, amount)) = *answer
            && let Some((mistake, advice)) = one_based(index, |i| sum.wins(i, amount))
        {
            suspects.push(suspect(mistake, advice));
        }
        suspects
    }

    fn mistakes() -> Vec<&'static str> {
        vec![
            "the size left",
            "an amount not in moves",
            "an amount larger than the heap",
            "a move of 0",
            "plain Nim",
            "a move from a lost position",
            "heaps counted from 1",
        ]
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        let sum = Sum::new(input);
        let wrong = |answer: Option<(usize, usize)>| Self::rule(input, &answer).is_err();
        match mistake {
            "the size left" => sum
                .a_winning_move()
                .is_some_and(|(i, amount)| sum.heaps[i] - amount != amount),
            "a move of 0" => sum.moves.contains(&0) && wrong(ZeroCounted::new(&sum).answer()),
            "plain Nim" => wrong(plain_nim_answer(&sum)),
            "a move from a lost position" => sum.total == 0 && sum.can_move(),
            // Which wrong amount code takes depends on it: no case it passes clears it.
            _ => false,
        }
    }

    fn size(input: &Args) -> u64 {
        let largest = input.heaps.iter().copied().max().unwrap_or(0) as u64;
        (largest + 1) * (input.moves.len() as u64 + 1) + input.heaps.len() as u64
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        if message.contains("subtract with overflow") {
            return Some(SEARCH_OVER_HEAP.to_string());
        }
        // A 0 in the moves reads the table's next entry, one past its end, like a short buffer.
        let largest = input.heaps.iter().copied().max().unwrap_or(0);
        grundy::panic_advice(largest, &input.moves, message)
    }

    fn stack_overflow_advice(input: &Args) -> Option<String> {
        grundy::stack_overflow_advice(&input.moves)
    }

    fn explain(input: &Args, answer: &Option<(usize, usize)>) -> Option<String> {
        let sum = Sum::new(input);
        let described = format!("{}.", sum.described());
        let Some((index, amount)) = *answer else {
            return Some(described);
        };
        let legal = sum
            .heaps
            .get(index)
            .is_some_and(|&heap| (1..=heap).contains(&amount));
        Some(match legal {
            true => format!(
                "{described} Your move is {}, and leaves an XOR of {}.",
                sum.move_shown(index, amount),
                sum.total_after(index, amount)
            ),
            false => described,
        })
    }
}

/// Advice when the answer names the size left where the amount taken is asked.
fn size_left_advice(sum: &Sum, index: usize, amount: usize) -> Option<String> {
    let heap = *sum.heaps.get(index)?;
    let taken = heap.checked_sub(amount)?;
    sum.wins(index, taken).then(|| {
        format!(
            "The answer is (heap_index, amount taken), not the size left: from heap {index} \
             ({}) take {taken}, leaving {amount}, and answer ({index}, {taken}).",
            count(heap, "stone", "stones")
        )
    })
}

/// What code that counts 0 as a move computes: its Grundy numbers are those of a table
/// where 0 "reaches" the heap itself, and their XOR.
struct ZeroCounted<'a> {
    sum: &'a Sum<'a>,
    table: Vec<usize>,
    total: usize,
}

impl<'a> ZeroCounted<'a> {
    fn new(sum: &'a Sum<'a>) -> Self {
        let largest = sum.heaps.iter().copied().max().unwrap_or(0);
        let table = zero_move_table(largest, sum.moves);
        let total = sum.heaps.iter().fold(0, |x, &heap| x ^ table[heap]);
        ZeroCounted { sum, table, total }
    }

    /// Whether taking `amount` from heap `index` wins by this table.
    fn wins(&self, index: usize, amount: usize) -> bool {
        self.sum.heaps.get(index).is_some_and(|&heap| {
            self.total != 0
                && self.sum.moves.contains(&amount)
                && amount <= heap
                && self.table[heap - amount] == self.table[heap] ^ self.total
        })
    }

    /// Its answer: the first move that wins by this table, or None.
    fn answer(&self) -> Option<(usize, usize)> {
        (0..self.sum.heaps.len())
            .find_map(|i| Some((i, *self.sum.moves.iter().find(|&&m| self.wins(i, m))?)))
    }
}

/// Whether `answer` is what code that counts 0 as a move answers: a move that wins by
/// its table, or None when none does.
fn zero_counted(sum: &Sum, answer: &Option<(usize, usize)>) -> bool {
    if !sum.moves.contains(&0) {
        return false;
    }
    let code = ZeroCounted::new(sum);
    match *answer {
        None => code.answer().is_none(),
        Some((index, amount)) => code.wins(index, amount),
    }
}

/// Plain Nim's answer on the heap sizes: the first heap brought to a ^ X, or None.
fn plain_nim_answer(sum: &Sum) -> Option<(usize, usize)> {
    let x = sum.heaps.iter().fold(0, |x, &heap| x ^ heap);
    let i = sum.heaps.iter().position(|&heap| heap ^ x < heap)?;
    Some((i, sum.heaps[i] - (sum.heaps[i] ^ x)))
}

/// Whether the answer is plain Nim's on the heap sizes.
fn plain_nim(sum: &Sum, answer: &Option<(usize, usize)>) -> bool {
    let x = sum.heaps.iter().fold(0, |x, &heap| x ^ heap);
    match *answer {
        None => x == 0,
        Some((index, amount)) => sum
            .heaps
            .get(index)
            .is_some_and(|&heap| heap ^ x < heap && amount == heap - (heap ^ x)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::diagnosis::Wrong;

    fn validate(input: &Args) -> Result<(), String> {
        crate::model::promise::validate(&SubtractionSumMove::promises(), input)
    }

    /// The checker's rule, with the mistakes whose models give the answer.
    fn check(
        heaps: &[usize],
        moves: &[usize],
        answer: Option<(usize, usize)>,
    ) -> Result<(), Wrong> {
        let input = Args {
            heaps: heaps.to_vec(),
            moves: moves.to_vec(),
        };
        SubtractionSumMove::rule(&input, &answer).map_err(|rule| Wrong {
            rule,
            suspects: SubtractionSumMove::suspects(&input, &answer),
        })
    }

    fn mistake(heaps: &[usize], moves: &[usize], answer: Option<(usize, usize)>) -> Wrong {
        check(heaps, moves, answer).unwrap_err()
    }

    /// Whether `mistake` is suspected, with its advice.
    fn advice(heaps: &[usize], moves: &[usize], answer: Option<(usize, usize)>) -> Vec<String> {
        let suspects = mistake(heaps, moves, answer).suspects;
        suspects.into_iter().map(|s| s.advice).collect()
    }

    /// The examples of the exercise's doc comment.
    #[test]
    fn the_stubs_examples_hold() {
        assert_eq!(check(&[2, 5, 9], &[1, 3, 4], Some((1, 3))), Ok(()));
        assert_eq!(check(&[4, 6], &[1, 3, 4], None), Ok(()));
        assert_eq!(check(&[4], &[1, 2, 3], None), Ok(()));
        let stub = include_str!("../../../stubs/subtraction_sum_move.rs");
        for call in [
            "subtraction_sum_move(&[2, 5, 9], &[1, 3, 4])",
            "subtraction_sum_move(&[4, 6], &[1, 3, 4])",
            "subtraction_sum_move(&[4], &[1, 2, 3])",
        ] {
            assert!(stub.contains(call), "the stub shows {call}");
        }
    }

    #[test]
    fn every_winning_move_is_accepted() {
        // With moves 2 3, heaps 4 7 have two winning moves (the lesson's practice).
        assert_eq!(check(&[4, 7], &[2, 3], Some((0, 2))), Ok(()));
        assert_eq!(check(&[4, 7], &[2, 3], Some((1, 3))), Ok(()));
        // A move may raise a heap's Grundy number: 9 2 5 with moves 1 3 4 are worth 0 0 3.
        assert_eq!(check(&[9, 2, 5], &[1, 3, 4], Some((0, 4))), Ok(()));
        assert_eq!(check(&[], &[1], None), Ok(()));
        assert_eq!(check(&[5, 5], &[0], None), Ok(()));
        assert_eq!(check(&[1], &[0, 1, 1], Some((0, 1))), Ok(()));
    }

    #[test]
    fn wrong_moves_are_named_by_their_rule() {
        assert!(
            mistake(&[1], &[1], None)
                .rule
                .contains("which XOR to 1, not 0")
        );
        assert!(
            mistake(&[4], &[1, 2, 3], Some((0, 1)))
                .rule
                .contains("every move changes")
        );
        let no_move = mistake(&[1, 2], &[0, 5], Some((1, 2))).rule;
        assert!(
            no_move.contains("no move is possible at all. The answer is None."),
            "{no_move}"
        );
        assert!(
            mistake(&[3], &[1], Some((1, 1)))
                .rule
                .contains("There is no heap 1")
        );
        assert!(
            mistake(&[3], &[1], Some((0, 0)))
                .rule
                .contains("An amount of 0")
        );
        assert!(
            mistake(&[3], &[1], Some((0, 2)))
                .rule
                .contains("2 is not one of the amounts in moves [1]")
        );
        assert!(
            mistake(&[2], &[3, 2], Some((0, 3)))
                .rule
                .contains("Heap 0 holds 2 stones, so taking 3")
        );
        let wrong = mistake(&[3, 4], &[1, 2, 3], Some((1, 2))).rule;
        assert!(
            wrong.contains("taking 2 from heap 1 (4 -> 2, Grundy number 0 -> 2), they XOR to 1"),
            "{wrong}"
        );
    }

    #[test]
    fn classic_mistakes_get_advice() {
        assert_eq!(
            advice(&[4], &[1, 2, 3], Some((0, 4))),
            [PLAIN_NIM, XOR_FIRST]
        );
        assert_eq!(advice(&[1], &[0], Some((0, 1))), [PLAIN_NIM, XOR_FIRST]);
        assert_eq!(advice(&[1], &[0, 1], None), [ZERO_IS_NO_MOVE]);
        assert_eq!(
            advice(&[4], &[2, 3], Some((0, 4))),
            [NOT_IN_MOVES, PLAIN_NIM]
        );
        assert_eq!(advice(&[3], &[2], Some((0, 3))), [NOT_IN_MOVES, PLAIN_NIM]);
        assert_eq!(advice(&[2], &[3, 2], Some((0, 3))), [OVER_HEAP]);
        assert!(
            advice(&[3], &[1, 2, 3], Some((0, 0)))[0]
                .contains("not the size left: from heap 0 (3 stones) take 3")
        );
        assert!(advice(&[0, 3], &[1, 2, 3], Some((2, 3)))[0].contains("0-based"));
        assert_eq!(advice(&[1, 1], &[1], Some((0, 1))), [XOR_FIRST]);
    }

    #[test]
    fn panics_get_advice() {
        let every_amount: Vec<usize> = (1..=20).collect();
        let advice = |moves: &[usize], message| {
            let input = Args {
                heaps: vec![21],
                moves: moves.to_vec(),
            };
            SubtractionSumMove::panic_advice(&input, message).unwrap_or_default()
        };
        let past_the_end = "index out of bounds: the len is 20 but the index is 20";
        assert!(advice(&every_amount, past_the_end).contains("need 21"));
        assert_eq!(advice(&[1, 2], past_the_end), "");
        assert_eq!(
            advice(&[3, 2], "attempt to subtract with overflow"),
            SEARCH_OVER_HEAP
        );
        assert!(
            advice(
                &[0, 1],
                "index out of bounds: the len is 0 but the index is 0"
            )
            .contains("0 is not a move")
        );
    }

    #[test]
    fn cases_keep_their_promises_and_lost_ones_are_lost() {
        for group in SubtractionSumMove::groups(Seed::DEFAULT) {
            for input in &group.cases {
                assert_eq!(validate(input), Ok(()), "{}", group.name);
            }
        }
        let large = large_positions(Seed::DEFAULT);
        assert_eq!(Sum::new(&large[1]).total, 0, "made lost");
        assert_eq!(
            Sum::new(&large[3]).total,
            0,
            "an even number of equal heaps"
        );
        let last_wins = Sum::new(&large[2]);
        let lowered: Vec<usize> = (0..MAX_HEAPS)
            .filter(|&i| {
                let value = last_wins.table[last_wins.heaps[i]];
                value ^ last_wins.total < value
            })
            .collect();
        assert_eq!(lowered, [MAX_HEAPS - 1]);
        let made_lost = random_positions(Seed::DEFAULT);
        let lost = made_lost
            .iter()
            .filter(|input| Sum::new(input).total == 0)
            .count();
        assert!(lost >= 150, "{lost} of 300");
        assert!(
            validate(&Args {
                heaps: vec![1],
                moves: vec![]
            })
            .is_err()
        );
        assert!(
            validate(&Args {
                heaps: vec![1],
                moves: vec![101]
            })
            .is_err()
        );
        assert!(
            validate(&Args {
                heaps: vec![100_001],
                moves: vec![1]
            })
            .is_err()
        );
        assert!(
            validate(&Args {
                heaps: vec![0; 10_001],
                moves: vec![1]
            })
            .is_err()
        );
    }
}
