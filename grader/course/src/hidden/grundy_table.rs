//! Hidden tests for `grundy_table`: the Grundy numbers of every heap up to `max_n`.

use std::time::Duration;

use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::diagnosis::Suspect;
use crate::model::function::FunctionTests;
use crate::model::grundy::{
    self, explain, first_repeat, game_groups, game_promises, grundy_values, short_window_table,
};
use crate::model::promise::Promise;
use crate::model::show::{count, list};
use crate::model::{Cases, Function, Group, HiddenTests, Seed};

/// The arguments of `grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize>`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub max_n: usize,
    pub moves: Vec<usize>,
}

/// The hidden tests of `grundy_table`.
pub struct GrundyTable;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<GrundyTable>::new();

impl Cases<Args> for GrundyTable {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        let mut groups = game_groups(seed, 12, "tables for max_n", |(max_n, moves)| Args {
            max_n,
            moves,
        });
        // Tables of every length catch an off-by-one that one length would hide.
        let mut rng = seed.rng(53);
        let every_length = (0..=100)
            .map(|max_n| Args {
                max_n,
                moves: cases::random_move_sets(&mut rng, 1, 5, 12).remove(0),
            })
            .collect();
        groups.push(Group::new(
            "a table for every max_n from 0 to 100, with random moves",
            every_length,
        ));
        groups
    }

    fn promises() -> Vec<Promise<Args>> {
        game_promises(
            "`max_n` goes up to 100,000",
            |input| input.max_n as u64,
            |input| input.moves.len() as u64,
            |input, seen| {
                let table = grundy_values(input.max_n, &input.moves);
                table.iter().for_each(|&value| seen(value as u64))
            },
        )
    }
}

impl Function for GrundyTable {
    type Args = Args;
    type Answer = Vec<usize>;
    type Cases = GrundyTable;
    const NAME: &'static str = "grundy_table";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one pass that fills the table bottom-up, O(max_n * k) \
         for k moves. Rebuilding the table (or recursing) for every entry is quadratic or worse";

    const OPTIMISED: bool = true;
    /// Memoised recursion 100,000 deep, as the stub promises.
    const STACK_MIB: usize = 256;

    fn answer_words(input: &Args, _input_words: usize) -> usize {
        // The table, and room for a table one entry too long.
        input.max_n + 8
    }

    fn rule(input: &Args, answer: &Vec<usize>) -> Result<(), String> {
        let (max_n, moves) = (input.max_n, &input.moves);
        let values = grundy_values(max_n, moves);
        if *answer == values {
            return Ok(());
        }
        if answer.len() != values.len() {
            return Err(format!(
                "The table for max_n = {max_n} has max_n + 1 = {} (heaps 0 to {max_n}); \
                 yours has {}.",
                count(values.len(), "entry", "entries"),
                count(answer.len(), "entry", "entries")
            ));
        }
        let k = first_wrong(&values, answer);
        let shown = (k + 4).min(values.len());
        Err(format!(
            "With moves {}, entry {k} should be {}, but yours is {}. {}\n  expected: {}\n  yours:    {}",
            list(moves),
            values[k],
            answer[k],
            explain(k, moves, &values),
            list(&values[..shown]),
            list(&answer[..shown]),
        ))
    }

    fn suspects(input: &Args, answer: &Vec<usize>) -> Vec<Suspect> {
        let (max_n, moves) = (input.max_n, &input.moves);
        let values = grundy_values(max_n, moves);
        if answer.len() != values.len() {
            let one_short = answer.as_slice() == &values[..max_n];
            let one_long = *answer == grundy_values(max_n + 1, moves);
            return match one_short || one_long {
                true => vec![Suspect {
                    mistake: ONE_ENTRY_OFF,
                    advice: OFF_BY_ONE.to_string(),
                }],
                false => Vec::new(),
            };
        }
        let k = first_wrong(&values, answer);
        let mut suspects = grundy::suspects(max_n, moves, k, |table| table == answer.as_slice());
        if short_window_table(max_n, moves).is_some_and(|table| table == *answer) {
            suspects.push(Suspect {
                mistake: PERIOD_GUESSED,
                advice: period_guessed(moves, &values, k),
            });
        }
        suspects
    }

    fn mistakes() -> Vec<&'static str> {
        let table_rules = grundy::MISTAKES.iter().map(|mistake| mistake.name);
        table_rules.chain([ONE_ENTRY_OFF, PERIOD_GUESSED]).collect()
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        match mistake {
            ONE_ENTRY_OFF => true,
            PERIOD_GUESSED => short_window_table(input.max_n, &input.moves)
                .is_some_and(|table| table != grundy_values(input.max_n, &input.moves)),
            _ => grundy::wrong_under(input.max_n, &input.moves, mistake, |table, right| {
                table != right
            }),
        }
    }

    fn size(input: &Args) -> u64 {
        (input.max_n as u64 + 1) * (input.moves.len() as u64 + 1)
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        grundy::panic_advice(input.max_n, &input.moves, message)
    }

    fn stack_overflow_advice(input: &Args) -> Option<String> {
        grundy::stack_overflow_advice(&input.moves)
    }

    fn explain(input: &Args, answer: &Vec<usize>) -> Option<String> {
        let table = format!(
            "Your table has {}: {}.",
            count(answer.len(), "entry", "entries"),
            list(answer)
        );
        let values = grundy_values(input.max_n, &input.moves);
        if *answer != values {
            return Some(table);
        }
        Some(format!(
            "{table}\nIts last entry: {}",
            explain(input.max_n, &input.moves, &values)
        ))
    }
}

/// The mistake of a table with one entry too few or too many.
const ONE_ENTRY_OFF: &str = "a table one entry off";
const OFF_BY_ONE: &str =
    "An off-by-one: count the entries for 0 and for max_n, e.g. `for k in 0..=max_n`.";

/// The mistake of a table that repeats a period guessed from too short a window.
const PERIOD_GUESSED: &str = "a period guessed too early";

/// The advice for a table that repeats the first short window that repeated, `values`
/// being the right table and `k` its first wrong entry.
fn period_guessed(moves: &[usize], values: &[usize], k: usize) -> String {
    let largest = moves.iter().copied().max().unwrap_or(0);
    let (start, period) = first_repeat(values).unwrap_or_default();
    let window = &values[start..start + period];
    format!(
        "Your table repeats a period guessed too early: {} at heap {start} comes again at \
         heap {}, a window of {} where the largest move is {largest}. That proves nothing: \
         each entry depends on the {largest} entries below it, so only a repeated window as \
         long as the largest move proves a period, and here entry {k} breaks it. This \
         exercise asks for the plain table: compute every entry from the definition.",
        list(window),
        start + period,
        count(period, "value", "values"),
    )
}

/// The first entry where `answer`, a table as long as `values`, is wrong.
fn first_wrong(values: &[usize], answer: &[usize]) -> usize {
    (0..values.len())
        .find(|&k| answer[k] != values[k])
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(max_n: usize, moves: &[usize], answer: Vec<usize>) -> Result<(), String> {
        GrundyTable::rule(
            &Args {
                max_n,
                moves: moves.to_vec(),
            },
            &answer,
        )
    }

    #[test]
    fn try_shows_the_table_and_explains_its_last_entry() {
        let input = Args {
            max_n: 4,
            moves: vec![1, 2],
        };
        let right = GrundyTable::explain(&input, &vec![0, 1, 2, 0, 1]).unwrap();
        assert!(
            right.starts_with(
                "Your table has 5 entries: [0, 1, 2, 0, 1].\nIts last entry: From a heap of 4"
            ),
            "{right}"
        );
        let short = GrundyTable::explain(&input, &vec![0, 1]).unwrap();
        assert_eq!(short, "Your table has 2 entries: [0, 1].");
    }

    #[test]
    fn the_checker_rejects_junk_tables() {
        assert_eq!(
            check(8, &[1, 2, 3], vec![0, 1, 2, 3, 0, 1, 2, 3, 0]),
            Ok(())
        );
        let short = check(8, &[1, 2, 3], vec![0, 1, 2, 3, 0, 1, 2, 3]).unwrap_err();
        assert!(short.contains("9 entries"), "{short}");
        let one = check(0, &[1], vec![]).unwrap_err();
        assert!(
            one.contains("has max_n + 1 = 1 entry (heaps 0 to 0)"),
            "{one}"
        );
        let wrong = check(8, &[1, 2, 3], vec![0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap_err();
        assert!(wrong.contains("entry 4 should be 0"), "{wrong}");
    }

    #[test]
    fn each_mistake_is_suspected_where_its_code_gives_the_table() {
        let suspected = |max_n, moves: &[usize], answer: Vec<usize>| -> Vec<&'static str> {
            let input = Args {
                max_n,
                moves: moves.to_vec(),
            };
            let suspects = GrundyTable::suspects(&input, &answer);
            suspects.iter().map(|s| s.mistake).collect()
        };
        assert_eq!(
            suspected(8, &[1, 2, 3], vec![0, 1, 2, 3, 0, 1, 2, 3]),
            ["a table one entry off"]
        );
        assert_eq!(suspected(8, &[1, 2, 3], vec![0, 1, 2]), Vec::<&str>::new());
        // With moves [1], the largest reachable plus one gives 0 1 2 3...
        assert_eq!(
            suspected(3, &[1], vec![0, 1, 2, 3]),
            ["the largest plus one"]
        );
        assert_eq!(
            suspected(2, &[1, 2], vec![0, 1, 1]),
            ["winning or losing only"]
        );
        // Moves {2, 5} start 0 0 1 1 0 2: the first repeat, 0 after 0, is no period.
        assert_eq!(suspected(6, &[2, 5], vec![0; 7]), ["a period guessed too early"]);
        let advice = GrundyTable::suspects(
            &Args {
                max_n: 6,
                moves: vec![2, 5],
            },
            &vec![0; 7],
        )
        .remove(0)
        .advice;
        assert!(
            advice.contains("[0] at heap 0 comes again at heap 1, a window of 1 value where the largest move is 5"),
            "{advice}"
        );
        assert!(advice.contains("entry 2 breaks it"), "{advice}");
    }
}
