//! Hidden tests for `kayles_grundy`: the Grundy number of a row of pins in Kayles, where
//! a move knocks down one pin or two side by side and may split the row in two.

use std::sync::OnceLock;
use std::time::Duration;

use rand::Rng;
use xorlings_derive::Arguments;

use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::grundy::mex;
use crate::model::promise::{self, Promise};
use crate::model::show::{list, thousands};
use crate::model::{Cases, Function, Group, HiddenTests, Seed};

/// The arguments of `kayles_grundy(n: usize) -> usize`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub n: usize,
}

/// The hidden tests of `kayles_grundy`.
pub struct KaylesGrundy;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<KaylesGrundy>::new();

/// The longest row the stub promises.
const MAX_PINS: usize = 2_000;
/// The rows of every length up to this are all tested, past the last value that breaks
/// the period of 12 (at 70).
const EVERY_ROW_UP_TO: usize = 300;

/// The positions a move leaves in a row of `row` pins, given by the lengths of the two
/// rows left (either may be 0), each once: (left, right) and (right, left) are the same.
fn splits(row: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=row.min(2)).flat_map(move |knocked| {
        let left_over = row - knocked;
        (0..=left_over / 2).map(move |left| (left, left_over - left))
    })
}

/// The table of rows 0 to `max` in which row r is worth `rule(the table below r, r)`.
fn table_by(max: usize, rule: impl Fn(&[usize], usize) -> usize) -> Vec<usize> {
    let mut table = Vec::with_capacity(max + 1);
    for row in 0..=max {
        let value = rule(&table, row);
        table.push(value);
    }
    table
}

/// The Grundy number of row `row` from those below it, by the definition: the mex of
/// what each move leaves, two rows worth the XOR of theirs.
fn by_definition(below: &[usize], row: usize) -> usize {
    let reached: Vec<usize> = splits(row).map(|(a, b)| below[a] ^ below[b]).collect();
    mex(&reached)
}

/// The grader's Grundy numbers of rows 0 to [`MAX_PINS`], once per process.
fn values() -> &'static [usize] {
    static VALUES: OnceLock<Vec<usize>> = OnceLock::new();
    VALUES.get_or_init(|| table_by(MAX_PINS, by_definition))
}

/// The Grundy number of a row of `n` pins, from the grader's own table (`None` past the
/// longest row it promises): `play` checks the engine's Kayles moves with it.
pub fn grundy_number(n: usize) -> Option<usize> {
    values().get(n).copied()
}

/// What code that takes each row left as a Nim heap of its length answers: the mex of
/// `a ^ b` over the moves.
fn lengths_as_heaps() -> &'static [usize] {
    static LENGTHS: OnceLock<Vec<usize>> = OnceLock::new();
    LENGTHS.get_or_init(|| {
        table_by(MAX_PINS, |_, row| {
            let reached: Vec<usize> = splits(row).map(|(a, b)| a ^ b).collect();
            mex(&reached)
        })
    })
}

const ENDS_ONLY: &str = "Your values are n mod 3 (0 1 2 0 1 2...): those of a row whose pins \
can only be knocked down at its ends. Either the moves that split the row are missing (knock \
down a pin anywhere: the row of r leaves rows a and b for every a + b = r - 1, and r - 2 for \
two pins), or the two rows are added: two rows are worth the XOR of their Grundy numbers, \
not the sum.";
const ROW_AS_HEAP: &str = "Your value for a row of n pins is n, as if the row were a Nim heap. \
The mex is taken over the Grundy numbers of the positions a move leaves, each one number: the \
XOR of its two rows' values, not each row's value on its own. (A reached-flag table that is \
not cleared for each row, or the largest value plus one, give n as well.)";
const ONE_PIN: &str = "Your values are n mod 2 (0 1 0 1...): those of a game where a move \
knocks down a single pin. Kayles also knocks down two pins side by side: from a row of r, \
rows a and b with a + b = r - 2 as well.";
const LENGTHS: &str = "Your values are those of a position whose rows are Nim heaps of their \
lengths: a row of n pins is worth its Grundy number from the table, not n. Two rows a and b \
are worth table[a] ^ table[b], not a ^ b.";
const TWO_FROM_TOO_FEW: &str = "A subtraction went below zero: knock down two pins only in a \
row of at least 2, and one only in a row of at least 1 (a row of 0 pins has no move).";

/// The classic mistakes of a Kayles table, each as the values its code gives. Several
/// wrong codes give the same table (see the tests): each advice names them all.
const MISTAKES: [Model<Args, usize>; 4] = [
    Model {
        name: "only the ends",
        gives: |input, &answer| answer == input.n % 3,
        wrong_on: |input| input.n % 3 != values()[input.n],
        advice: |_, _| ENDS_ONLY.to_string(),
    },
    Model {
        name: "the row as a Nim heap",
        gives: |input, &answer| answer == input.n,
        wrong_on: |input| input.n != values()[input.n],
        advice: |_, _| ROW_AS_HEAP.to_string(),
    },
    Model {
        name: "one pin at a time",
        gives: |input, &answer| answer == input.n % 2,
        wrong_on: |input| input.n % 2 != values()[input.n],
        advice: |_, _| ONE_PIN.to_string(),
    },
    Model {
        name: "lengths instead of Grundy numbers",
        gives: |input, &answer| answer == lengths_as_heaps()[input.n],
        wrong_on: |input| lengths_as_heaps()[input.n] != values()[input.n],
        advice: |_, _| LENGTHS.to_string(),
    },
];

/// Random rows longer than those tested one by one, up to 2,000 pins.
fn random_rows(seed: Seed) -> Vec<usize> {
    let mut rng = seed.rng(71);
    (0..12)
        .map(|_| rng.random_range(EVERY_ROW_UP_TO + 1..=2_000))
        .collect()
}

/// A row of each width up to the longest: 2^k and 2^k - 1 pins, and [`MAX_PINS`].
fn every_width() -> Vec<usize> {
    promise::patterns(MAX_PINS as u64)
        .into_iter()
        .map(|pattern| pattern.value as usize)
        .collect()
}

impl Cases<Args> for KaylesGrundy {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        let rows = |rows: Vec<usize>| rows.into_iter().map(|n| Args { n }).collect();
        vec![
            Group::new("every row of 0 to 40 pins", rows((0..=40).collect())),
            Group::new(
                "every row of 41 to 300 pins, past the last value (at 70) that breaks the \
                 period of 12",
                rows((41..=EVERY_ROW_UP_TO).collect()),
            ),
            Group::new(
                "random rows of 301 to 2,000 pins",
                rows(random_rows(seed)),
            ),
            Group::new(
                "rows of each width: 2^k and 2^k - 1 pins up to 1,024, and 2,000",
                rows(every_width()),
            ),
        ]
    }

    fn promises() -> Vec<Promise<Args>> {
        vec![Promise::every_value(
            "a row of 0 to 2,000 pins",
            "rows of pins",
            MAX_PINS as u64,
            |input, seen| seen(input.n as u64),
        )]
    }
}

impl Function for KaylesGrundy {
    type Args = Args;
    type Answer = usize;
    type Cases = KaylesGrundy;
    const NAME: &'static str = "kayles_grundy";
    const TIME_LIMIT: Duration = Duration::from_secs(3);
    const EXPECTED_COST: &'static str = "a table of the Grundy numbers of every shorter row, \
         bottom-up or with a memo: O(n^2) for a row of n pins, which has about 2n moves. A \
         recursion without a memo takes exponential time";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, &answer: &usize) -> Result<(), String> {
        let n = input.n;
        let expected = values()[n];
        if answer == expected {
            return Ok(());
        }
        Err(format!(
            "A row of {} has Grundy number {expected}, but you returned {answer}. {}",
            pins(n),
            explain(n)
        ))
    }

    fn suspects(input: &Args, answer: &usize) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
    }

    fn size(input: &Args) -> u64 {
        let n = input.n as u64 + 1;
        n * n
    }

    fn panic_advice(_input: &Args, message: &str) -> Option<String> {
        message
            .contains("subtract with overflow")
            .then(|| TWO_FROM_TOO_FEW.to_string())
    }

    fn explain(input: &Args, &answer: &usize) -> Option<String> {
        let n = input.n;
        let verdict = match answer == values()[n] {
            true => "That is its Grundy number.",
            false => "That is not its Grundy number.",
        };
        Some(format!("{verdict} {}", explain(n)))
    }
}

/// "1 pin", "12 pins".
fn pins(n: usize) -> String {
    match n {
        1 => "1 pin".to_string(),
        _ => format!("{} pins", thousands(n as u64)),
    }
}

/// The rows up to this long are explained move by move; longer ones by the values their
/// moves reach.
const EXPLAINED_MOVE_BY_MOVE: usize = 8;

/// Why row `n` has the Grundy number it has, in the lesson's words.
fn explain(n: usize) -> String {
    let values = values();
    if n == 0 {
        return "A row of 0 pins has no move, so its Grundy number is the mex of nothing: 0."
            .to_string();
    }
    let mut reached: Vec<usize> = splits(n).map(|(a, b)| values[a] ^ values[b]).collect();
    let moves = match n <= EXPLAINED_MOVE_BY_MOVE {
        true => {
            let each: Vec<String> = splits(n)
                .map(|(a, b)| match (a, b) {
                    (0, b) => format!("{b} (worth {})", values[b]),
                    (a, b) => format!(
                        "{a} + {b} (worth {} ^ {} = {})",
                        values[a],
                        values[b],
                        values[a] ^ values[b]
                    ),
                })
                .collect();
            format!("the moves leave the rows {}", each.join(", "))
        }
        false => "the moves leave positions".to_string(),
    };
    reached.sort_unstable();
    reached.dedup();
    format!(
        "From a row of {}, {moves}; the Grundy numbers reached are {}, and the smallest \
         number missing is {}.",
        pins(n),
        list(&reached),
        values[n]
    )
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// The Grundy number of a position of several rows, by a search over every move of
    /// every row (a row split in two, or shortened, or gone), without the XOR rule.
    fn searched(rows: &[usize], memo: &mut HashMap<Vec<usize>, usize>) -> usize {
        let mut key: Vec<usize> = rows.iter().copied().filter(|&r| r > 0).collect();
        key.sort_unstable();
        if let Some(&value) = memo.get(&key) {
            return value;
        }
        let mut reached = Vec::new();
        for (i, &row) in key.iter().enumerate() {
            for knocked in 1..=row.min(2) {
                for left in 0..=row - knocked {
                    let mut next = key.clone();
                    next[i] = left;
                    next.push(row - knocked - left);
                    reached.push(searched(&next, memo));
                }
            }
        }
        let value = mex(&reached);
        memo.insert(key, value);
        value
    }

    #[test]
    fn a_search_of_every_position_agrees_with_the_table_and_the_xor_of_its_rows() {
        let mut memo = HashMap::new();
        let values = values();
        for (n, &value) in values.iter().enumerate().take(15) {
            assert_eq!(searched(&[n], &mut memo), value, "a row of {n}");
        }
        for a in 0..=7 {
            for b in 0..=7 {
                for c in 0..=4 {
                    let xor = values[a] ^ values[b] ^ values[c];
                    assert_eq!(searched(&[a, b, c], &mut memo), xor, "rows {a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn the_values_are_the_lessons_and_repeat_with_period_12_from_71() {
        let values = values();
        assert_eq!(values[..13], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
        assert_ne!(values[70], values[82], "70 is the last value off the period");
        assert!((71..=MAX_PINS - 12).all(|n| values[n] == values[n + 12]));
        assert_eq!(values.iter().max(), Some(&8));
    }

    /// Each model's values are those of the codes its advice names, on every row tested
    /// one by one.
    #[test]
    fn each_mistake_gives_the_values_of_the_code_its_advice_names() {
        let max = EVERY_ROW_UP_TO;
        let reached = |below: &[usize], row: usize, value: &dyn Fn(usize, usize) -> usize| {
            splits(row)
                .map(|(a, b)| value(below[a], below[b]))
                .collect::<Vec<usize>>()
        };
        let ends_only = table_by(max, |below, row| {
            let shortened = (1..=row.min(2)).map(|k| below[row - k]);
            mex(&shortened.collect::<Vec<_>>())
        });
        let summed = table_by(max, |below, row| mex(&reached(below, row, &|a, b| a + b)));
        let parts = table_by(max, |below, row| {
            let both: Vec<usize> = splits(row).flat_map(|(a, b)| [below[a], below[b]]).collect();
            mex(&both)
        });
        let largest_plus_one = table_by(max, |below, row| {
            let values = reached(below, row, &|a, b| a ^ b);
            values.iter().max().map_or(0, |m| m + 1)
        });
        let one_pin = table_by(max, |below, row| {
            let left_over = row.saturating_sub(1);
            let reached: Vec<usize> = match row {
                0 => Vec::new(),
                _ => (0..=left_over).map(|a| below[a] ^ below[left_over - a]).collect(),
            };
            mex(&reached)
        });
        for n in 0..=max {
            assert_eq!((ends_only[n], summed[n]), (n % 3, n % 3), "row {n}");
            assert_eq!((parts[n], largest_plus_one[n]), (n, n), "row {n}");
            assert_eq!(one_pin[n], n % 2, "row {n}");
        }
        // A reached-flag table never cleared collects every row's values: it gives n.
        let mut flags = vec![false; 2 * max + 2];
        let mut uncleared = Vec::new();
        for row in 0..=max {
            for (a, b) in splits(row) {
                flags[uncleared[a] ^ uncleared[b]] = true;
            }
            uncleared.push(flags.iter().position(|&f| !f).unwrap());
        }
        assert_eq!(uncleared, (0..=max).collect::<Vec<_>>());
        assert_eq!(lengths_as_heaps()[..8], [0, 1, 2, 3, 1, 1, 3, 2]);
    }

    fn suspected(n: usize, answer: usize) -> Vec<&'static str> {
        let input = Args { n };
        assert!(KaylesGrundy::rule(&input, &answer).is_err());
        KaylesGrundy::suspects(&input, &answer)
            .iter()
            .map(|s| s.mistake)
            .collect()
    }

    #[test]
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        assert_eq!(suspected(3, 0), ["only the ends"]);
        assert_eq!(suspected(4, 4), ["the row as a Nim heap"]);
        assert_eq!(suspected(4, 0), ["one pin at a time"]);
        assert_eq!(suspected(5, 1), ["one pin at a time", "lengths instead of Grundy numbers"]);
        assert_eq!(suspected(5, 7), Vec::<&str>::new());
    }

    #[test]
    fn the_checker_explains_the_moves_of_short_rows() {
        assert_eq!(KaylesGrundy::rule(&Args { n: 4 }, &1), Ok(()));
        let wrong = KaylesGrundy::rule(&Args { n: 4 }, &3).unwrap_err();
        assert_eq!(
            wrong,
            "A row of 4 pins has Grundy number 1, but you returned 3. From a row of 4 pins, \
             the moves leave the rows 3 (worth 3), 1 + 2 (worth 1 ^ 2 = 3), 2 (worth 2), \
             1 + 1 (worth 1 ^ 1 = 0); the Grundy numbers reached are [0, 2, 3], and the \
             smallest number missing is 1."
        );
        let zero = KaylesGrundy::rule(&Args { n: 0 }, &1).unwrap_err();
        assert!(zero.contains("mex of nothing: 0"), "{zero}");
        let long = KaylesGrundy::rule(&Args { n: 2_000 }, &0).unwrap_err();
        assert!(long.starts_with("A row of 2,000 pins has Grundy number"), "{long}");
        assert!(long.contains("the moves leave positions; the Grundy numbers reached are"));
        let right = KaylesGrundy::explain(&Args { n: 1 }, &1).unwrap();
        assert!(right.starts_with("That is its Grundy number. From a row of 1 pin"));
    }

    #[test]
    fn the_groups_reach_past_the_irregular_start_and_follow_the_seed() {
        let groups = KaylesGrundy::groups(Seed::DEFAULT);
        let rows: Vec<Vec<usize>> = groups
            .iter()
            .map(|g| g.cases.iter().map(|c| c.n).collect())
            .collect();
        assert_eq!(rows[0], (0..=40).collect::<Vec<_>>());
        assert_eq!(rows[1], (41..=300).collect::<Vec<_>>());
        assert!(rows[2].iter().all(|&n| (301..=2_000).contains(&n)));
        assert!(rows[3].contains(&1_024) && rows[3].contains(&1_023));
        assert_eq!(rows[3].last(), Some(&MAX_PINS));
        assert_ne!(KaylesGrundy::groups(Seed(1))[2].cases, groups[2].cases);
        assert_eq!(
            KaylesGrundy::panic_advice(&Args { n: 1 }, "attempt to subtract with overflow"),
            Some(TWO_FROM_TOO_FEW.to_string())
        );
    }
}
