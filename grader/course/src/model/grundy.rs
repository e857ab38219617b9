//! What the hidden tests of the Grundy exercises share: the grader's own Grundy numbers,
//! the lesson's explanation of one, the case groups and the classic mistakes' advice.

use rand::Rng;

use super::cases;
use super::diagnosis::Suspect;
use super::promise::Promise;
use super::show::{count, list};
use super::{Group, Seed};

/// The largest heap the Grundy exercises promise to handle.
pub const MAX_N: usize = 100_000;
/// The most amounts in a move set.
pub const MAX_MOVES: usize = 20;

/// The grader's Grundy numbers of heaps `0..=max_n`, straight from the definition.
pub fn grundy_values(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut values: Vec<usize> = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let reachable = reachable_values(k, moves, &values);
        values.push(mex(&reachable));
    }
    values
}

/// The Grundy numbers one move away from a heap of `k`, given the values below `k`.
pub fn reachable_values(k: usize, moves: &[usize], below: &[usize]) -> Vec<usize> {
    moves
        .iter()
        .filter(|&&m| (1..=k).contains(&m))
        .map(|&m| below[k - m])
        .collect()
}

/// The smallest non-negative integer not in `values`.
pub fn mex(values: &[usize]) -> usize {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if v < seen.len() {
            seen[v] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len())
}

/// Where code that takes the first repeat of p values after the p values before them for
/// a period finds one, looking after each value of `values` as it is computed, the
/// smallest p first: the repeat's start and p.
pub fn first_repeat(values: &[usize]) -> Option<(usize, usize)> {
    (2..=values.len()).find_map(|end| {
        (1..=end / 2).find_map(|period| {
            let start = end - 2 * period;
            let repeated = values[start..start + period] == values[start + period..end];
            repeated.then_some((start, period))
        })
    })
}

/// How far the models of a period guessed from a short window look for their repeat.
pub const SHORT_WINDOW_SCAN: usize = 2_000;

/// The table up to `max_n` of code that takes its first repeat (see [`first_repeat`])
/// for the period and fills the rest of the table from it. `None` when that repeat is
/// a proof (p is at least the largest move) or comes late.
pub fn short_window_table(max_n: usize, moves: &[usize]) -> Option<Vec<usize>> {
    let largest = moves.iter().copied().max().unwrap_or(0);
    let values = grundy_values(max_n.min(SHORT_WINDOW_SCAN), moves);
    let (start, period) = first_repeat(&values).filter(|&(_, period)| period < largest)?;
    let end = start + 2 * period;
    let table = (0..=max_n).map(|k| match k < end {
        true => values[k],
        false => values[start + (k - start) % period],
    });
    Some(table.collect())
}

/// Why heap `k` has the Grundy number it has, in the lesson's words.
pub fn explain(k: usize, moves: &[usize], values: &[usize]) -> String {
    let mut steps: Vec<usize> = moves
        .iter()
        .copied()
        .filter(|m| (1..=k).contains(m))
        .collect();
    steps.sort_unstable();
    steps.dedup();
    let reached: Vec<usize> = steps.iter().rev().map(|m| k - m).collect();
    match reached.as_slice() {
        [] => format!(
            "From a heap of {k} no move is possible, so its Grundy number is the mex of \
             nothing: 0."
        ),
        [heap] => format!(
            "From a heap of {k} the only move reaches heap {heap}, with Grundy number {}; \
             the mex of {{{}}} is {}.",
            values[*heap], values[*heap], values[k]
        ),
        _ => {
            let reached_values: Vec<usize> = reached.iter().map(|&h| values[h]).collect();
            format!(
                "From a heap of {k} the moves reach heaps {} with Grundy numbers {}; the \
                 mex of those (the smallest number missing) is {}.",
                list(&reached),
                list(&reached_values),
                values[k]
            )
        }
    }
}

/// How code computes one Grundy number from those below it: the mex, or a classic
/// mistake's stand-in for it.
type Rule = fn(k: usize, moves: &[usize], below: &[usize]) -> usize;

/// A classic mistake of a Grundy table, run as code: the rule it fills each entry by.
pub struct GrundyMistake {
    pub name: &'static str,
    rule: Rule,
    /// Its advice, for a wrong entry `k` with `moves`.
    advice: fn(k: usize, moves: &[usize]) -> String,
}

/// The classic mistakes of a Grundy table, the likeliest first.
pub const MISTAKES: [GrundyMistake; 5] = [
    GrundyMistake {
        name: "a move of 0",
        // Taking 0 stones "reaches" the heap itself, whose entry is still 0 in a table.
        rule: |k, moves, below| {
            let itself = moves.contains(&0).then_some(0);
            mex(&[
                reachable_values(k, moves, below),
                itself.into_iter().collect(),
            ]
            .concat())
        },
        advice: |_, _| {
            "This move set contains 0, which is not a move (it takes no stones): skip it."
                .to_string()
        },
    },
    GrundyMistake {
        name: "a break at an amount too large",
        rule: |k, moves, below| {
            let before_too_large = moves.iter().take_while(|&&m| m <= k);
            let reached: Vec<usize> = before_too_large
                .filter(|&&m| m >= 1)
                .map(|&m| below[k - m])
                .collect();
            mex(&reached)
        },
        advice: |k, moves| {
            format!(
                "Some amounts in {} are larger than the heap of {k}: they cannot be taken, so \
                 skip them (and keep looking at the others, since the moves may be unsorted).",
                list(moves)
            )
        },
    },
    GrundyMistake {
        name: "winning or losing only",
        rule: |k, moves, below| usize::from(reachable_values(k, moves, below).contains(&0)),
        advice: |_, _| {
            "Grundy numbers are not just 0 (lose) and 1 (win): take the mex of the reachable \
             Grundy numbers, which can be 2 or more."
                .to_string()
        },
    },
    GrundyMistake {
        name: "the largest plus one",
        rule: |k, moves, below| {
            reachable_values(k, moves, below)
                .iter()
                .max()
                .map_or(0, |m| m + 1)
        },
        advice: |_, _| {
            "The largest reachable value plus one is not the mex: the mex is the smallest \
             number missing from the reachable values."
                .to_string()
        },
    },
    GrundyMistake {
        name: "a mex that counts repeats",
        rule: |k, moves, below| first_index_off(&reachable_values(k, moves, below)),
        advice: |_, _| {
            "Two moves can reach the same Grundy number: once the reachable numbers are \
             sorted, index i need not hold i. Skip repeats before comparing them with \
             positions, or mark them in a table of flags."
                .to_string()
        },
    },
];

/// What a search that expects the sorted values to hold 0, 1, 2, ... in place answers:
/// the mex when no value repeats, too small after a repeat (the first number that is
/// there twice, plus one).
pub fn first_index_off(values: &[usize]) -> usize {
    let mut count = vec![0usize; values.len() + 1];
    for &v in values {
        if let Some(c) = count.get_mut(v) {
            *c += 1;
        }
    }
    match (0..count.len()).find(|&i| count[i] != 1) {
        Some(i) if count[i] > 1 => i + 1,
        Some(i) => i,
        None => count.len(),
    }
}

/// The table of heaps `0..=max_n` filled by `rule`.
fn table_by(max_n: usize, moves: &[usize], rule: Rule) -> Vec<usize> {
    let mut table = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let value = rule(k, moves, &table);
        table.push(value);
    }
    table
}

/// The table of code that counts 0 as a move (the first of [`MISTAKES`]).
pub fn zero_move_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    table_by(max_n, moves, MISTAKES[0].rule)
}

/// Whether the table up to `max_n` of `mistake` (a name of [`MISTAKES`]) is `wrong`,
/// given the right one.
pub fn wrong_under(
    max_n: usize,
    moves: &[usize],
    mistake: &str,
    wrong: impl Fn(&[usize], &[usize]) -> bool,
) -> bool {
    let right = grundy_values(max_n, moves);
    MISTAKES
        .iter()
        .filter(|m| m.name == mistake)
        .any(|m| wrong(&table_by(max_n, moves, m.rule), &right))
}

/// The classic mistakes whose tables up to `max_n` pass `gives` (the learner's answer
/// is what they give), with their advice for a wrong entry `k`.
pub fn suspects(
    max_n: usize,
    moves: &[usize],
    k: usize,
    gives: impl Fn(&[usize]) -> bool,
) -> Vec<Suspect> {
    MISTAKES
        .iter()
        .filter(|mistake| gives(&table_by(max_n, moves, mistake.rule)))
        .map(|mistake| Suspect {
            mistake: mistake.name,
            advice: (mistake.advice)(k, moves),
        })
        .collect()
}

/// Advice for a panic while computing Grundy numbers of heaps up to `largest`: a
/// subtraction below zero, a 0 among the moves, or a mex buffer one flag short.
pub fn panic_advice(largest: usize, moves: &[usize], message: &str) -> Option<String> {
    if message.contains("subtract with overflow") {
        Some(
            "A subtraction went below zero: a move larger than the heap cannot be taken, so \
             skip it before computing n - m."
                .to_string(),
        )
    } else if message.contains("index out of bounds") && moves.contains(&0) {
        Some(ZERO_IS_NO_MOVE.to_string())
    } else {
        mex_buffer_advice(largest, moves, message)
    }
}

/// Advice for an index one past a mex buffer of at most as many flags as amounts: a mex
/// of k values can be k itself. Only where the values bear it out: some heap up to
/// `largest` has that Grundy number, which a buffer that short cannot flag.
fn mex_buffer_advice(largest: usize, moves: &[usize], message: &str) -> Option<String> {
    let rest = message.split("the len is ").nth(1)?;
    let (len, rest) = rest.split_once(" but the index is ")?;
    let index: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let (len, index): (usize, usize) = (len.parse().ok()?, index.parse().ok()?);
    let mut amounts: Vec<usize> = moves.iter().copied().filter(|&m| m > 0).collect();
    amounts.sort_unstable();
    amounts.dedup();
    if index != len || len == 0 || len > amounts.len() {
        return None;
    }
    let heap = grundy_values(largest, moves)
        .iter()
        .position(|&value| value == index)?;
    let k = amounts.len();
    Some(format!(
        "Your flags have {}, but a mex over {} can be {k} itself: they need {} (one more than \
         the amounts). With these moves, heap {heap} has Grundy number {index}.",
        count(len, "slot", "slots"),
        count(k, "value", "values"),
        k + 1,
    ))
}

/// Advice for a stack overflow: with a move of 0, a recursion calls itself forever.
pub fn stack_overflow_advice(moves: &[usize]) -> Option<String> {
    moves.contains(&0).then(|| ZERO_IS_NO_MOVE.to_string())
}

const ZERO_IS_NO_MOVE: &str = "This move set contains 0, and 0 is not a move: from a heap of k \
it would \"reach\" heap k itself, which is not computed yet (a recursion on it never ends). \
Skip amounts of 0.";

/// A subtraction game and a heap size: every heap from 0 to `max_n` with each move set.
pub fn every_heap_up_to(max_n: usize, move_sets: Vec<Vec<usize>>) -> Vec<(usize, Vec<usize>)> {
    move_sets
        .into_iter()
        .flat_map(|moves| (0..=max_n).map(move |n| (n, moves.clone())))
        .collect()
}

/// Every amount from 1 to [`MAX_MOVES`]: the most amounts, and heaps worth up to 20.
pub fn every_amount() -> Vec<usize> {
    (1..=MAX_MOVES).collect()
}

/// Random move sets of up to [`MAX_MOVES`] amounts with random heaps up to 300.
pub fn random_games(seed: Seed) -> Vec<(usize, Vec<usize>)> {
    let mut rng = seed.rng(51);
    cases::random_move_sets(&mut seed.rng(52), 200, MAX_MOVES, 40)
        .into_iter()
        .map(|moves| (rng.random_range(0..=300), moves))
        .collect()
}

/// Heaps of 100,000 with a few move sets, the last two of the most amounts.
pub fn large_games() -> Vec<(usize, Vec<usize>)> {
    let spread: Vec<usize> = (1..=MAX_MOVES).map(|m| m * 5 - 2).collect();
    vec![
        (MAX_N, vec![1, 3, 4]),
        (MAX_N, vec![2, 3, 7, 11, 50]),
        (MAX_N - 1, vec![1, 2, 4, 8, 16, 32]),
        (MAX_N, every_amount()),
        (MAX_N - 7, spread),
    ]
}

/// A few move sets, each at heaps of many sizes, asked again in orders that show a
/// table or a cache kept from one call to the next ([`cases::asked_again`]).
pub fn games_asked_again() -> Vec<(usize, Vec<usize>)> {
    const SIZES: [usize; 8] = [300, 120, 37, 12, 5, 1, 0, 64];
    let move_sets = [vec![1, 3, 4], vec![2, 5], vec![1, 2, 4, 8]];
    cases::asked_again(cases::games_to_ask_again(&move_sets, &SIZES), |game| {
        game.0 as u64
    })
}

/// The groups of the Grundy exercises; `n` names the heap (`n`, or `max_n` for a table).
pub fn game_groups<I>(
    seed: Seed,
    small_n: usize,
    what: &str,
    make: impl Fn((usize, Vec<usize>)) -> I,
) -> Vec<Group<I>> {
    let groups = [
        (
            format!("{what} of 0 to {small_n} with every move set drawn from 1 to 4"),
            every_heap_up_to(small_n, cases::all_move_sets(4)),
        ),
        (
            format!(
                "{what} of 0 to {small_n} with empty, repeated, unsorted, 0 and oversized moves, \
                 and with the amounts 1 to 20"
            ),
            every_heap_up_to(
                small_n,
                [cases::awkward_move_sets(), vec![every_amount()]].concat(),
            ),
        ),
        (
            format!(
                "random move sets and {what} up to 300; then the same move sets again and \
                 again, {what} largest first, then smallest first, then in turn"
            ),
            [random_games(seed), games_asked_again()].concat(),
        ),
        (
            format!("{what} of 100,000, with up to 20 amounts"),
            large_games(),
        ),
    ];
    groups
        .into_iter()
        .map(|(name, games)| Group::new(name, games.into_iter().map(&make).collect()))
        .collect()
}

/// The promises of the Grundy exercises' doc comments, on `I`, a heap and its moves: the
/// heap (`n_stated`, up to [`MAX_N`]), the number of amounts (up to [`MAX_MOVES`]), and so
/// the Grundy numbers `values` gives (a mex of at most 20 values is at most 20).
pub fn game_promises<I>(
    n_stated: &'static str,
    n: fn(&I) -> u64,
    amounts: fn(&I) -> u64,
    values: fn(&I, &mut dyn FnMut(u64)),
) -> Vec<Promise<I>> {
    vec![
        Promise::at_most(n_stated, "stones in a heap", MAX_N as u64, n),
        Promise::at_most(
            "up to 20 amounts",
            "amounts in `moves`",
            MAX_MOVES as u64,
            amounts,
        ),
        Promise::every_value(
            "a Grundy number is at most 20",
            "Grundy numbers",
            MAX_MOVES as u64,
            values,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grundy_values_match_the_lessons() {
        assert_eq!(
            grundy_values(8, &[1, 2, 3]),
            vec![0, 1, 2, 3, 0, 1, 2, 3, 0]
        );
        assert_eq!(
            grundy_values(12, &[2, 3]),
            vec![0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1]
        );
        assert_eq!(
            grundy_values(12, &[1, 3, 4]),
            vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3]
        );
        assert_eq!(grundy_values(3, &[]), vec![0, 0, 0, 0]);
        assert_eq!(
            grundy_values(4, &[0, 3, 1, 1, 99]),
            grundy_values(4, &[1, 3])
        );
        assert_eq!(mex(&[0, 1, 3]), 2);
        assert_eq!(mex(&[1, 2, 3]), 0);
        assert_eq!(mex(&[]), 0);
        assert_eq!(mex(&[0, 0, 1, 7]), 2);
    }

    #[test]
    fn a_nim_heap_has_its_size_as_grundy_number() {
        let every_amount: Vec<usize> = (1..=30).collect();
        assert_eq!(
            grundy_values(30, &every_amount),
            (0..=30).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_mistakes_fill_their_tables_as_the_code_behind_them_does() {
        let named = |max_n, moves: &[usize], answer: usize| -> Vec<&str> {
            suspects(max_n, moves, max_n, |table| table[max_n] == answer)
                .into_iter()
                .map(|suspect| suspect.mistake)
                .collect()
        };
        // With moves [1, 2], heap 2 is worth 2: win or lose says 1, the largest plus one 2.
        assert_eq!(named(2, &[1, 2], 1), ["winning or losing only"]);
        assert!(named(2, &[1, 2], 2).contains(&"the largest plus one"));
        // With moves [1], heap 2 is worth 0, and the largest plus one gives 2.
        assert_eq!(named(2, &[1], 2), ["the largest plus one"]);
        // A 0 in the moves "reaches" the heap itself: [0] makes heap 0 worth 1.
        assert_eq!(named(0, &[0], 1), ["a move of 0"]);
        // Moves [3, 1]: a break at 3 leaves heap 1 no move, worth 0.
        assert_eq!(named(1, &[3, 1], 0), ["a break at an amount too large"]);
        // A mex that counts repeats goes wrong on some small game.
        let repeats = &MISTAKES[4];
        assert!(
            cases::all_move_sets(4)
                .iter()
                .any(|moves| { table_by(12, moves, repeats.rule) != grundy_values(12, moves) })
        );
        assert_eq!(first_index_off(&[0, 0, 1]), 1);
        // Moves {2, 5} start 0 0 1 1 0 2: 0 0 repeats at once, a period of 1 < 5.
        assert_eq!(first_repeat(&[0, 0, 1, 1, 0, 2]), Some((0, 1)));
        assert_eq!(first_repeat(&[0, 1, 2, 0, 1, 2]), Some((0, 3)));
        assert_eq!(first_repeat(&[0, 1, 2]), None);
        assert_eq!(short_window_table(6, &[2, 5]), Some(vec![0; 7]));
        // With moves [1, 2, 3], 0 1 2 3 0 1 2 3 repeats with p = 4: a proof.
        assert_eq!(short_window_table(20, &[1, 2, 3]), None);
        assert_eq!(first_index_off(&[0, 1, 1, 2, 5]), 2);
    }

    #[test]
    fn panics_get_advice() {
        let underflow = "attempt to subtract with overflow";
        assert!(
            panic_advice(3, &[1], underflow)
                .unwrap()
                .contains("larger than the heap")
        );
        let index = "index out of bounds: the len is 0 but the index is 0";
        assert!(
            panic_advice(3, &[0], index)
                .unwrap()
                .contains("0 is not a move")
        );
        assert_eq!(panic_advice(3, &[1], index), None);
        // Flags for as many values as amounts: one short, once a heap's number is that
        // many, and not before.
        let one_short = "index out of bounds: the len is 2 but the index is 2";
        assert!(
            panic_advice(5, &[1, 2], one_short)
                .unwrap()
                .contains("Your flags have 2 slots")
        );
        assert_eq!(panic_advice(1, &[1, 2], one_short), None);
    }

    #[test]
    fn explanations_read_well_for_one_move_and_many() {
        let values = grundy_values(5, &[1, 2, 3]);
        assert_eq!(
            explain(1, &[1, 2, 3], &values),
            "From a heap of 1 the only move reaches heap 0, with Grundy number 0; the mex of {0} is 1."
        );
        assert!(explain(5, &[1, 2, 3], &values).contains("reach heaps [2, 3, 4]"));
        assert!(explain(0, &[1], &values).contains("no move is possible"));
    }
}
