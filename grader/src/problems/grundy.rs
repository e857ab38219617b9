//! Hidden tests for the subtraction-game exercises, `grundy_number` and `grundy_table`,
//! and the grader's own Grundy numbers to check them against.

use std::time::Duration;

use super::cases;
use super::show::list;
use crate::judge::{Exercise, Group, Mistake};

/// A subtraction game and a heap size: `n` is the heap (or the table's last index).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameCase {
    pub n: usize,
    pub moves: Vec<usize>,
}

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
fn reachable_values(k: usize, moves: &[usize], below: &[usize]) -> Vec<usize> {
    moves
        .iter()
        .filter(|&&m| (1..=k).contains(&m))
        .map(|&m| below[k - m])
        .collect()
}

/// The smallest non-negative integer not in `values`.
pub fn mex(values: &[usize]) -> usize {
    (0..)
        .find(|v| !values.contains(v))
        .expect("a finite set misses some number")
}

/// Why heap `k` has the Grundy number it has, in the lesson's words.
fn explain(k: usize, moves: &[usize], values: &[usize]) -> String {
    let mut steps: Vec<usize> = moves
        .iter()
        .copied()
        .filter(|m| (1..=k).contains(m))
        .collect();
    steps.sort_unstable();
    steps.dedup();
    if steps.is_empty() {
        return format!(
            "From a heap of {k} no move is possible, so its Grundy number is the mex of nothing: 0."
        );
    }
    let reached: Vec<String> = steps.iter().map(|m| format!("{}", k - m)).collect();
    let reached_values: Vec<usize> = steps.iter().map(|m| values[k - m]).collect();
    format!(
        "From a heap of {k} the moves reach heaps {} with Grundy numbers {}; the mex of those \
         (the smallest number missing) is {}.",
        reached.join(", "),
        list(&reached_values),
        values[k]
    )
}

/// Advice for a wrong Grundy number at heap `k`, from the shape of the case and answer.
fn advice(k: usize, moves: &[usize], values: &[usize], answer: usize) -> Option<String> {
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

/// Every heap from 0 to `max_n`, with each of the move sets.
fn every_heap_up_to(max_n: usize, move_sets: Vec<Vec<usize>>) -> Vec<GameCase> {
    move_sets
        .into_iter()
        .flat_map(|moves| {
            (0..=max_n).map(move |n| GameCase {
                n,
                moves: moves.clone(),
            })
        })
        .collect()
}

fn cases_random() -> Vec<GameCase> {
    let mut rng = cases::rng(51);
    cases::random_move_sets(52, 200, 6, 40)
        .into_iter()
        .map(|moves| GameCase {
            n: rand::Rng::random_range(&mut rng, 0..=300),
            moves,
        })
        .collect()
}

fn cases_large() -> Vec<GameCase> {
    let n = cases::MAX_GRUNDY_N;
    vec![
        GameCase {
            n,
            moves: vec![1, 3, 4],
        },
        GameCase {
            n,
            moves: vec![2, 3, 7, 11, 50],
        },
        GameCase {
            n: n - 1,
            moves: vec![1, 2, 4, 8, 16, 32],
        },
    ]
}

fn show_case(case: &GameCase, n_name: &str) -> String {
    format!("{n_name} = {}, moves = {}", case.n, list(&case.moves))
}

fn size(case: &GameCase) -> u64 {
    (case.n as u64) * 8 + case.moves.len() as u64
}

pub struct GrundyNumber;

impl Exercise for GrundyNumber {
    type Input = GameCase;
    type Answer = usize;
    const NAME: &'static str = "grundy_number";
    const ADAPTER: &'static str = r#"fn solve(case: &[u64]) -> Vec<u64> {
    let moves: Vec<usize> = case[1..].iter().map(|&m| m as usize).collect();
    vec![learner::grundy_number(case[0] as usize, &moves) as u64]
}"#;
    const TIME_LIMIT: Duration = Duration::from_secs(3);
    const EXPECTED_COST: &'static str = "each Grundy number computed once: a table or a memo, \
         O(n * k) for a heap of n and k moves. Recursion without a memo is exponential";

    fn groups() -> Vec<Group<GameCase>> {
        vec![
            Group {
                name: "heaps of 0 to 20 with every move set drawn from 1 to 4",
                cases: every_heap_up_to(20, cases::all_move_sets(4)),
            },
            Group {
                name: "heaps of 0 to 20 with empty, repeated, unsorted, 0 and oversized moves",
                cases: every_heap_up_to(20, cases::awkward_move_sets()),
            },
            Group {
                name: "random move sets and heaps up to 300",
                cases: cases_random(),
            },
            Group {
                name: "heaps of 100,000",
                cases: cases_large(),
            },
        ]
    }

    fn encode(case: &GameCase, words: &mut Vec<u64>) {
        words.push(case.n as u64);
        words.extend(case.moves.iter().map(|&m| m as u64));
    }

    fn decode(words: &[u64]) -> Option<usize> {
        match words {
            &[g] => usize::try_from(g).ok(),
            _ => None,
        }
    }

    fn check(case: &GameCase, &answer: &usize) -> Result<(), Mistake> {
        let values = grundy_values(case.n, &case.moves);
        let expected = values[case.n];
        if answer == expected {
            return Ok(());
        }
        Err(Mistake::new(format!(
            "With moves {}, the Grundy number of a heap of {} is {expected}, but you returned \
             {answer}. {}",
            list(&case.moves),
            case.n,
            explain(case.n, &case.moves, &values)
        ))
        .maybe_advice(advice(case.n, &case.moves, &values, answer)))
    }

    fn show_input(case: &GameCase) -> String {
        show_case(case, "n")
    }

    fn show_answer(answer: &usize) -> String {
        answer.to_string()
    }

    fn size(case: &GameCase) -> u64 {
        size(case)
    }

    fn panic_advice(case: &GameCase, message: &str) -> Option<String> {
        if message.contains("subtract with overflow") {
            Some(
                "A subtraction went below zero: a move larger than the heap cannot be taken, \
                 so skip it before computing n - m."
                    .to_string(),
            )
        } else if message.contains("index out of bounds") && case.moves.contains(&0) {
            Some(
                "This move set contains 0, and 0 is not a move: from a heap of k it would \
                 \"reach\" heap k itself, whose value is not computed yet. Skip amounts of 0."
                    .to_string(),
            )
        } else {
            None
        }
    }
}

pub struct GrundyTable;

impl Exercise for GrundyTable {
    type Input = GameCase;
    type Answer = Vec<usize>;
    const NAME: &'static str = "grundy_table";
    const ADAPTER: &'static str = r#"fn solve(case: &[u64]) -> Vec<u64> {
    let moves: Vec<usize> = case[1..].iter().map(|&m| m as usize).collect();
    learner::grundy_table(case[0] as usize, &moves).iter().map(|&g| g as u64).collect()
}"#;
    const TIME_LIMIT: Duration = Duration::from_secs(3);
    const EXPECTED_COST: &'static str = "one pass that fills the table bottom-up, O(max_n * k) \
         for k moves. Rebuilding the table (or recursing) for every entry is quadratic or worse";

    fn groups() -> Vec<Group<GameCase>> {
        vec![
            Group {
                name: "tables up to 0 to 12 with every move set drawn from 1 to 4",
                cases: every_heap_up_to(12, cases::all_move_sets(4)),
            },
            Group {
                name: "tables up to 0 to 12 with empty, repeated, unsorted, 0 and oversized moves",
                cases: every_heap_up_to(12, cases::awkward_move_sets()),
            },
            Group {
                name: "random move sets and tables up to 300",
                cases: cases_random(),
            },
            Group {
                name: "tables up to 100,000",
                cases: cases_large(),
            },
        ]
    }

    fn encode(case: &GameCase, words: &mut Vec<u64>) {
        GrundyNumber::encode(case, words);
    }

    fn decode(words: &[u64]) -> Option<Vec<usize>> {
        words.iter().map(|&g| usize::try_from(g).ok()).collect()
    }

    fn check(case: &GameCase, answer: &Vec<usize>) -> Result<(), Mistake> {
        let values = grundy_values(case.n, &case.moves);
        if *answer == values {
            return Ok(());
        }
        let (max_n, moves) = (case.n, &case.moves);
        if answer.len() != values.len() {
            let off_by_one = answer.len() == max_n || answer.len() == max_n + 2;
            return Err(Mistake::new(format!(
                "The table for max_n = {max_n} has max_n + 1 = {} entries (heaps 0 to {max_n}); \
                 yours has {}.",
                values.len(),
                answer.len()
            ))
            .maybe_advice(off_by_one.then(|| {
                "An off-by-one: count the entries for 0 and for max_n, e.g. `for k in 0..=max_n`."
                    .to_string()
            })));
        }
        let k = (0..values.len())
            .find(|&k| answer[k] != values[k])
            .unwrap_or(0);
        let shown = (k + 4).min(values.len());
        Err(Mistake::new(format!(
            "With moves {}, entry {k} should be {}, but yours is {}. {}\n  expected: {}\n  yours:    {}",
            list(moves),
            values[k],
            answer[k],
            explain(k, moves, &values),
            list(&values[..shown]),
            list(&answer[..shown]),
        ))
        .maybe_advice(advice(k, moves, &values, answer[k])))
    }

    fn show_input(case: &GameCase) -> String {
        show_case(case, "max_n")
    }

    fn show_answer(answer: &Vec<usize>) -> String {
        list(answer)
    }

    fn size(case: &GameCase) -> u64 {
        size(case)
    }

    fn panic_advice(case: &GameCase, message: &str) -> Option<String> {
        GrundyNumber::panic_advice(case, message)
    }
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
    }

    #[test]
    fn a_nim_heap_has_its_size_as_grundy_number() {
        let every_amount: Vec<usize> = (1..=30).collect();
        assert_eq!(
            grundy_values(30, &every_amount),
            (0..=30).collect::<Vec<_>>()
        );
    }

    fn case(n: usize, moves: &[usize]) -> GameCase {
        GameCase {
            n,
            moves: moves.to_vec(),
        }
    }

    #[test]
    fn grundy_number_checker() {
        assert_eq!(GrundyNumber::check(&case(5, &[1, 2, 3]), &1), Ok(()));
        assert!(GrundyNumber::check(&case(5, &[1, 2, 3]), &0).is_err());
        let mistake = GrundyNumber::check(&case(4, &[2, 3]), &1).unwrap_err();
        assert!(mistake.rule.contains("mex"), "{}", mistake.rule);
        assert!(mistake.advice.unwrap().contains("not just 0"));
        // A table that counts 0 as a move sees its own entry, still 0, from a heap of 0.
        let with_zero = GrundyNumber::check(&case(0, &[0, 1]), &1).unwrap_err();
        assert!(with_zero.advice.unwrap().contains("contains 0"));
        // Another mistake on a move set with 0 is not blamed on the 0.
        let other = GrundyNumber::check(&case(2, &[0, 1]), &5).unwrap_err();
        assert!(!other.advice.unwrap_or_default().contains("contains 0"));
    }

    #[test]
    fn panics_get_advice() {
        let underflow = "attempt to subtract with overflow";
        let advice = GrundyNumber::panic_advice(&case(0, &[1]), underflow).unwrap();
        assert!(advice.contains("larger than the heap"), "{advice}");
        let index = "index out of bounds: the len is 0 but the index is 0";
        let advice = GrundyTable::panic_advice(&case(0, &[0]), index).unwrap();
        assert!(advice.contains("0 is not a move"), "{advice}");
        assert_eq!(GrundyNumber::panic_advice(&case(3, &[1]), index), None);
    }

    #[test]
    fn grundy_table_checker_rejects_junk() {
        let c = case(8, &[1, 2, 3]);
        assert_eq!(
            GrundyTable::check(&c, &vec![0, 1, 2, 3, 0, 1, 2, 3, 0]),
            Ok(())
        );
        let short = GrundyTable::check(&c, &vec![0, 1, 2, 3, 0, 1, 2, 3]).unwrap_err();
        assert!(short.rule.contains("9 entries"), "{}", short.rule);
        assert!(short.advice.unwrap().contains("off-by-one"));
        assert!(GrundyTable::check(&c, &vec![]).is_err());
        let wrong = GrundyTable::check(&c, &vec![0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap_err();
        assert!(wrong.rule.contains("entry 4 should be 0"), "{}", wrong.rule);
    }

    #[test]
    fn decoding_rejects_values_too_large_for_usize() {
        assert_eq!(GrundyTable::decode(&[0, 1, 2]), Some(vec![0, 1, 2]));
        assert_eq!(GrundyNumber::decode(&[]), None);
        assert_eq!(GrundyNumber::decode(&[1, 2]), None);
    }
}
