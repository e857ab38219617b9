//! What the hidden tests of the Grundy exercises share: the grader's own Grundy numbers,
//! the lesson's explanation of one, the case groups and the classic mistakes' advice.

use rand::Rng;

use super::cases;
use super::show::list;
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

/// Advice for a wrong Grundy number at heap `k`, from the shape of the case and answer.
pub fn advice(k: usize, moves: &[usize], values: &[usize], answer: usize) -> Option<String> {
    let reachable = reachable_values(k, moves, values);
    let max_plus_one = reachable.iter().max().map_or(0, |m| m + 1);
    // Taking 0 stones "reaches" the heap itself, whose entry is still 0 in a table.
    let with_zero_move = mex(&[reachable.as_slice(), &[0]].concat());
    if moves.contains(&0) && answer == with_zero_move {
        Some("This move set contains 0, which is not a move (it takes no stones): skip it.".into())
    } else if moves.iter().any(|&m| m > k) && moves.iter().any(|&m| m <= k) {
        Some(format!(
            "Some amounts in {} are larger than the heap of {k}: they cannot be taken, so skip \
             them (and keep looking at the others, since the moves may be unsorted).",
            list(moves)
        ))
    } else if answer <= 1 && values[k] > 1 {
        Some(
            "Grundy numbers are not just 0 (lose) and 1 (win): take the mex of the reachable \
             Grundy numbers, which can be 2 or more."
                .into(),
        )
    } else if answer == max_plus_one && answer != values[k] {
        Some(
            "The largest reachable value plus one is not the mex: the mex is the smallest \
             number missing from the reachable values."
                .into(),
        )
    } else {
        None
    }
}

/// Advice for a panic while computing Grundy numbers.
pub fn panic_advice(moves: &[usize], message: &str) -> Option<String> {
    if message.contains("subtract with overflow") {
        Some(
            "A subtraction went below zero: a move larger than the heap cannot be taken, so \
             skip it before computing n - m."
                .to_string(),
        )
    } else if message.contains("index out of bounds") && moves.contains(&0) {
        Some(ZERO_IS_NO_MOVE.to_string())
    } else {
        None
    }
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

/// Random move sets with random heaps up to 300.
pub fn random_games(seed: Seed) -> Vec<(usize, Vec<usize>)> {
    let mut rng = seed.rng(51);
    cases::random_move_sets(&mut seed.rng(52), 200, 6, 40)
        .into_iter()
        .map(|moves| (rng.random_range(0..=300), moves))
        .collect()
}

/// Heaps of 100,000 with a few move sets.
pub fn large_games() -> Vec<(usize, Vec<usize>)> {
    vec![
        (MAX_N, vec![1, 3, 4]),
        (MAX_N, vec![2, 3, 7, 11, 50]),
        (MAX_N - 1, vec![1, 2, 4, 8, 16, 32]),
    ]
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
                "{what} of 0 to {small_n} with empty, repeated, unsorted, 0 and oversized moves"
            ),
            every_heap_up_to(small_n, cases::awkward_move_sets()),
        ),
        (
            format!("random move sets and {what} up to 300"),
            random_games(seed),
        ),
        (format!("{what} of 100,000"), large_games()),
    ];
    groups
        .into_iter()
        .map(|(name, games)| Group::new(name, games.into_iter().map(&make).collect()))
        .collect()
}

/// The promises of the Grundy exercises' doc comments.
pub fn validate_game(n: usize, moves: &[usize]) -> Result<(), String> {
    if n > MAX_N {
        return Err(format!("a heap of {n}, above the {MAX_N} promised"));
    }
    if moves.len() > MAX_MOVES {
        return Err(format!("{} amounts, more than {MAX_MOVES}", moves.len()));
    }
    Ok(())
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
    fn panics_get_advice() {
        let underflow = "attempt to subtract with overflow";
        assert!(
            panic_advice(&[1], underflow)
                .unwrap()
                .contains("larger than the heap")
        );
        let index = "index out of bounds: the len is 0 but the index is 0";
        assert!(
            panic_advice(&[0], index)
                .unwrap()
                .contains("0 is not a move")
        );
        assert_eq!(panic_advice(&[1], index), None);
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
