//! Hidden tests for `grundy_at`: the Grundy number of a heap of up to 10^18 stones in a
//! subtraction game, found through the period of its values.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use rand::Rng;
use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::grundy::{SHORT_WINDOW_SCAN, first_repeat, mex};
use crate::model::promise::{self, Promise};
use crate::model::show::{list, thousands};
use crate::model::{Cases, Function, Group, HiddenTests, Seed};

/// The arguments of `grundy_at(n: u64, moves: &[usize]) -> usize`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub n: u64,
    pub moves: Vec<usize>,
}

/// The hidden tests of `grundy_at`.
pub struct GrundyAt;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<GrundyAt>::new();

/// The largest heap.
const MAX_N: u64 = 1_000_000_000_000_000_000;
/// The most amounts, and the largest amount.
const MAX_AMOUNTS: usize = 100;
const MAX_AMOUNT: usize = 100;
/// The move set whose preperiod plus period is the longest of the tests, and that sum.
const LONGEST: [usize; 4] = [4, 29, 81, 85];
const MAX_PREPERIOD_AND_PERIOD: usize = 10_984;
/// The most heaps searched for a repeated window: past the longest game of the tests.
const SEARCH_LIMIT: usize = 50_000;

/// The values of a subtraction game, up to the proof of their period: every value from
/// `start` on repeats with `period`, because the window of `largest` values at `start`
/// appears again at `start + period`.
#[derive(Debug)]
struct Periodic {
    /// Heaps 0 to `start + period + largest - 1`: both windows.
    values: Vec<usize>,
    start: usize,
    period: usize,
    /// The largest amount (0 when there is none).
    largest: usize,
}

impl Periodic {
    /// The values of the game `moves`, up to the first window that repeats; `None` when
    /// no window repeats within [`SEARCH_LIMIT`] heaps (no game the tests promise).
    fn of(moves: &[usize]) -> Option<Periodic> {
        let mut amounts: Vec<usize> = moves.iter().copied().filter(|&m| m > 0).collect();
        amounts.sort_unstable();
        amounts.dedup();
        let Some(&largest) = amounts.last() else {
            // No move: every heap is worth 0, a period of 1 from heap 0.
            return Some(Periodic {
                values: vec![0],
                start: 0,
                period: 1,
                largest: 0,
            });
        };
        let mut values = Vec::new();
        // The starts of the windows seen, by the hash of their values.
        let mut starts: HashMap<u64, Vec<usize>> = HashMap::new();
        while values.len() < SEARCH_LIMIT {
            let heap = values.len();
            let reached: Vec<usize> = amounts
                .iter()
                .filter(|&&m| m <= heap)
                .map(|&m| values[heap - m])
                .collect();
            values.push(mex(&reached));
            let Some(start) = values.len().checked_sub(largest) else {
                continue;
            };
            let window = &values[start..];
            let mut hasher = DefaultHasher::new();
            window.hash(&mut hasher);
            let same_hash = starts.entry(hasher.finish()).or_default();
            let first = same_hash
                .iter()
                .copied()
                .find(|&first| values[first..first + largest] == *window);
            if let Some(first) = first {
                return Some(Periodic {
                    values,
                    start: first,
                    period: start - first,
                    largest,
                });
            }
            same_hash.push(start);
        }
        None
    }

    /// The value of heap `n`.
    fn at(&self, n: u64) -> usize {
        self.values[self.index_of(n)]
    }

    /// The heap of the table whose value heap `n` has.
    fn index_of(&self, n: u64) -> usize {
        match usize::try_from(n) {
            Ok(n) if n < self.values.len() => n,
            _ => self.start + ((n - self.start as u64) % self.period as u64) as usize,
        }
    }

    /// What code that reads a heap past the table as heap n mod p answers.
    fn preperiod_ignored(&self, n: u64) -> usize {
        match usize::try_from(n) {
            Ok(n) if n < self.values.len() => self.values[n],
            _ => self.values[(n % self.period as u64) as usize],
        }
    }

    /// What code that takes the first repeat of p values after p values for a period
    /// of p answers, when that p is shorter than the largest amount (a longer one is a
    /// proof): the table up to that repeat, then that period. `None` when its first
    /// repeat proves its period, or comes late.
    fn short_window(&self) -> Option<Periodic> {
        let values = &self.values[..self.values.len().min(SHORT_WINDOW_SCAN)];
        let (start, period) = first_repeat(values)?;
        (period < self.largest).then(|| Periodic {
            values: values[..start + 2 * period].to_vec(),
            start,
            period,
            largest: self.largest,
        })
    }
}

/// The values of the game `moves`, computed once per move set and process; `None` for a
/// game the tests never promise (see [`Periodic::of`]).
fn game(moves: &[usize]) -> Option<Arc<Periodic>> {
    type Games = Mutex<HashMap<Vec<usize>, Option<Arc<Periodic>>>>;
    static GAMES: OnceLock<Games> = OnceLock::new();
    let games = GAMES.get_or_init(Mutex::default);
    let mut games = games.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    games
        .entry(moves.to_vec())
        .or_insert_with(|| Periodic::of(moves).map(Arc::new))
        .clone()
}

/// The values of `moves`, a game of a case that keeps the promises (checked before any
/// checker or model sees the case), so that its period was found.
fn promised(moves: &[usize]) -> Arc<Periodic> {
    game(moves).expect("a case that keeps the promises has a period within the search")
}

/// The value of the heap `n` cut to its low 32 bits.
fn low_32_bits(n: u64) -> u64 {
    n & u64::from(u32::MAX)
}

const PREPERIOD_IGNORED: &str = "Your answers are the values of heap n mod p, as if the values \
repeated from heap 0. Here they repeat only from a later heap s (the preperiod): for n past \
the table, read the value of heap s + (n - s) mod p.";
const SHORT_WINDOW: &str = "Your answers follow a period guessed when p values repeated after \
p values, with p shorter than the largest amount. That proves nothing: a value depends on the \
largest-amount values before it, so only a repeated window as long as the largest amount \
proves a period.";
const TRUNCATED: &str = "Your answers are those of n cut to its low 32 bits. n goes up to \
10^18: keep it in a u64 (or compute in u64) until the remainder by the period, which is \
small.";
const HUGE_TABLE: &str = "A table up to n cannot be built: n goes up to 10^18. Build the table \
only until a window as long as the largest amount appears a second time, then read n's value \
from the period.";
const OVERFLOW: &str = "An overflow with n: n goes up to 10^18, so compute with it only in u64 \
and only what stays below it, such as n - s and (n - s) % p.";

/// The classic mistakes of a value read from a period, each as the value its code
/// gives.
const MISTAKES: [Model<Args, usize>; 3] = [
    Model {
        name: "the preperiod ignored",
        gives: |input, &answer| answer == promised(&input.moves).preperiod_ignored(input.n),
        wrong_on: |input| {
            let game = promised(&input.moves);
            game.preperiod_ignored(input.n) != game.at(input.n)
        },
        advice: |_, _| PREPERIOD_IGNORED.to_string(),
    },
    Model {
        name: "a period from a short window",
        gives: |input, &answer| {
            let guessed = promised(&input.moves).short_window();
            guessed.is_some_and(|guessed| guessed.at(input.n) == answer)
        },
        wrong_on: |input| {
            let game = promised(&input.moves);
            let guessed = game.short_window();
            guessed.is_some_and(|guessed| guessed.at(input.n) != game.at(input.n))
        },
        advice: |_, _| SHORT_WINDOW.to_string(),
    },
    Model {
        name: "n cut to 32 bits",
        gives: |input, &answer| answer == promised(&input.moves).at(low_32_bits(input.n)),
        wrong_on: |input| {
            let game = promised(&input.moves);
            game.at(low_32_bits(input.n)) != game.at(input.n)
        },
        advice: |_, _| TRUNCATED.to_string(),
    },
];

/// Every subtraction game of three amounts from 1 to 15 whose values repeat only after
/// a preperiod.
fn with_a_preperiod() -> Vec<Vec<usize>> {
    let mut games = Vec::new();
    for a in 1..=15 {
        for b in a + 1..=15 {
            for c in b + 1..=15 {
                if game(&[a, b, c]).is_some_and(|game| game.start > 0) {
                    games.push(vec![a, b, c]);
                }
            }
        }
    }
    games
}

/// Heaps around the preperiod and period of each game, and far past them.
fn around_the_preperiod(seed: Seed) -> Vec<Args> {
    let mut rng = seed.rng(81);
    with_a_preperiod()
        .into_iter()
        .flat_map(|moves| {
            let game = promised(&moves);
            let (s, p) = (game.start as u64, game.period as u64);
            let far = rng.random_range(u64::from(u32::MAX)..=MAX_N);
            let heaps = [s - 1, s, s + p - 1, s + p, s + 2 * p + 1, far, MAX_N];
            heaps.map(|n| Args {
                n,
                moves: moves.clone(),
            })
        })
        .collect()
}

/// Every heap of 0 to 40 with every move set drawn from 1 to 4, and the awkward move
/// sets (empty, repeated, unsorted, with 0).
fn small_games() -> Vec<Args> {
    let awkward = cases::awkward_move_sets()
        .into_iter()
        .filter(|moves| moves.iter().all(|&m| m <= MAX_AMOUNT));
    let sets = cases::all_move_sets(4).into_iter().chain(awkward);
    sets.into_iter()
        .flat_map(|moves| (0..=40).map(move |n| Args { n, moves: moves.clone() }))
        .collect()
}

/// Random move sets of amounts up to 100 that keep the promise on their period, with
/// heaps of every size up to 10^18.
fn random_games(seed: Seed) -> Vec<Args> {
    let mut rng = seed.rng(82);
    let mut games = Vec::new();
    while games.len() < 150 {
        let count = rng.random_range(1..=8);
        let moves: Vec<usize> = (0..count)
            .map(|_| rng.random_range(1..=MAX_AMOUNT))
            .collect();
        let promised = game(&moves).is_some_and(|game| {
            game.start + game.period <= MAX_PREPERIOD_AND_PERIOD
        });
        if !promised {
            continue;
        }
        let bits = rng.random_range(1..=60);
        let n = cases::random_bits(&mut rng, bits).min(MAX_N);
        games.push(Args { n, moves });
    }
    games
}

/// A heap of each width up to 10^18 (2^k, 2^k - 1, 10^18), each with a game of its own
/// in turn; the longest preperiod and period; every amount from 1 to 100.
fn every_width() -> Vec<Args> {
    let sets: [Vec<usize>; 4] = [vec![2, 4, 7], vec![3, 5, 9, 11], vec![1, 6, 14], vec![73, 98]];
    let mut cases: Vec<Args> = promise::patterns(MAX_N)
        .into_iter()
        .enumerate()
        .map(|(i, pattern)| Args {
            n: pattern.value,
            moves: sets[i % sets.len()].clone(),
        })
        .collect();
    let every_amount: Vec<usize> = (1..=MAX_AMOUNTS).collect();
    for n in [MAX_N, MAX_N - 1, 5_185, 5_186] {
        cases.push(Args {
            n,
            moves: LONGEST.to_vec(),
        });
    }
    cases.push(Args {
        n: MAX_N,
        moves: every_amount.into_iter().rev().collect(),
    });
    cases
}

impl Cases<Args> for GrundyAt {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        vec![
            Group::new(
                "heaps of 0 to 40 with every move set drawn from 1 to 4, and with empty, \
                 repeated, unsorted and 0 moves",
                small_games(),
            ),
            Group::new(
                "games of three amounts up to 15 whose values repeat only after a \
                 preperiod: heaps before, at and far past it",
                around_the_preperiod(seed),
            ),
            Group::new(
                "random move sets of amounts up to 100, heaps up to 10^18",
                random_games(seed),
            ),
            Group::new(
                "heaps of each width up to 10^18, the longest preperiod and period, and \
                 100 amounts",
                every_width(),
            ),
        ]
    }

    fn promises() -> Vec<Promise<Args>> {
        vec![
            Promise::every_value("a heap `n` of 0 to 10^18", "heaps", MAX_N, |input, seen| {
                seen(input.n)
            }),
            Promise::at_most(
                "up to 100 amounts",
                "amounts in `moves`",
                MAX_AMOUNTS as u64,
                |input| input.moves.len() as u64,
            ),
            Promise::at_most(
                "amounts from 0 to 100",
                "as the largest amount",
                MAX_AMOUNT as u64,
                |input| input.moves.iter().copied().max().unwrap_or(0) as u64,
            ),
            Promise::at_most(
                "preperiod plus period is at most 10,984",
                "heaps of preperiod and period",
                MAX_PREPERIOD_AND_PERIOD as u64,
                // A game with no period within the search breaks it too.
                |input| {
                    game(&input.moves).map_or(u64::MAX, |game| (game.start + game.period) as u64)
                },
            ),
        ]
    }
}

impl Function for GrundyAt {
    type Args = Args;
    type Answer = usize;
    type Cases = GrundyAt;
    const NAME: &'static str = "grundy_at";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "a table only until a window as long as the largest \
         amount repeats (the preperiod plus the period plus the largest amount), then one \
         remainder. A loop up to n takes 10^18 steps";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, &answer: &usize) -> Result<(), String> {
        let game = promised(&input.moves);
        let expected = game.at(input.n);
        if answer == expected {
            return Ok(());
        }
        Err(format!(
            "With moves {}, a heap of {} has Grundy number {expected}, but you returned \
             {answer}. {}",
            list(&input.moves),
            thousands(input.n),
            explain(&game, input.n)
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
        let game = promised(&input.moves);
        (game.values.len() * (game.largest + 1)) as u64
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        let large = input.n > u64::from(u32::MAX);
        if message.contains("capacity overflow") {
            Some(HUGE_TABLE.to_string())
        } else if message.contains("with overflow") && large {
            Some(OVERFLOW.to_string())
        } else {
            None
        }
    }

    fn memory_advice(input: &Args, bytes: Option<u64>) -> Option<String> {
        let game = promised(&input.moves);
        let table_bytes = 8 * (game.values.len() as u64) * (game.largest as u64 + 1);
        (bytes? > table_bytes.max(1 << 30)).then(|| HUGE_TABLE.to_string())
    }

    fn explain(input: &Args, &answer: &usize) -> Option<String> {
        let game = promised(&input.moves);
        let verdict = match answer == game.at(input.n) {
            true => "That is its Grundy number.",
            false => "That is not its Grundy number.",
        };
        Some(format!("{verdict} {}", explain(&game, input.n)))
    }
}

/// Why heap `n` has the value it has: its place in the period, in the lesson's words.
fn explain(game: &Periodic, n: u64) -> String {
    let (s, p) = (game.start, game.period);
    let proof = match game.largest {
        0 => "With no amount at all, every heap is worth 0.".to_string(),
        w => format!(
            "The values repeat from heap {} with period {}: the {w} values from heap {} \
             (a window as long as the largest amount, {w}) appear again from heap {}.",
            thousands(s as u64),
            thousands(p as u64),
            thousands(s as u64),
            thousands((s + p) as u64)
        ),
    };
    let index = game.index_of(n);
    let place = match index as u64 == n {
        true => format!("Heap {} is in the table itself", thousands(n)),
        false => format!(
            "Heap {} is worth what heap {s} + ({} - {s}) mod {p} = {} is",
            thousands(n),
            thousands(n),
            thousands(index as u64)
        ),
    };
    format!("{proof} {place}: {}.", game.values[index])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grundy::grundy_values;

    #[test]
    fn the_detected_period_agrees_with_a_long_table_and_is_the_first() {
        let games: Vec<Vec<usize>> = [
            vec![1, 2, 3],
            vec![2, 3],
            vec![1, 3, 4],
            vec![2, 5],
            vec![2, 4, 7],
            vec![0, 7, 2, 4, 4],
            vec![73, 98],
            vec![1, 6, 14],
            vec![],
            (1..=MAX_AMOUNTS).collect(),
        ]
        .into_iter()
        .chain(with_a_preperiod().into_iter().take(10))
        .collect();
        for moves in games {
            let game = promised(&moves);
            let table = grundy_values(30_000, &moves);
            for (n, &value) in table.iter().enumerate() {
                assert_eq!(game.at(n as u64), value, "moves {moves:?}, heap {n}");
            }
            let (s, p) = (game.start, game.period);
            // Nothing shorter repeats, and nothing starts earlier.
            assert!(s == 0 || table[s - 1] != table[s - 1 + p], "{moves:?}");
            assert!(
                (1..p).all(|q| (s..s + 2 * p).any(|n| table[n] != table[n + q])),
                "{moves:?}"
            );
        }
    }

    #[test]
    fn the_stubs_and_lessons_examples_and_the_longest_game() {
        assert_eq!(promised(&[1, 2, 3]).at(MAX_N), 0);
        let preperiodic = promised(&[2, 4, 7]);
        assert_eq!((preperiodic.start, preperiodic.period), (8, 3));
        assert_eq!(preperiodic.values[..11], [0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2]);
        assert_eq!((preperiodic.at(8), preperiodic.at(1_000_000)), (1, 2));
        assert_eq!(promised(&[]).at(5), 0);
        let longest = promised(&LONGEST);
        assert_eq!((longest.start, longest.period), (5_186, 5_798));
        assert_eq!(longest.start + longest.period, MAX_PREPERIOD_AND_PERIOD);
        let every_amount: Vec<usize> = (1..=MAX_AMOUNTS).collect();
        assert_eq!(promised(&every_amount).period, 101);
        assert_eq!(low_32_bits(MAX_N), 2_808_348_672);
    }

    fn suspected(n: u64, moves: &[usize], answer: usize) -> Vec<&'static str> {
        let input = Args {
            n,
            moves: moves.to_vec(),
        };
        assert!(GrundyAt::rule(&input, &answer).is_err());
        GrundyAt::suspects(&input, &answer)
            .iter()
            .map(|s| s.mistake)
            .collect()
    }

    #[test]
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        // [1, 4, 10] repeats from heap 16 with period 11, proven by heap 37: heap 43
        // is worth 0, heap 43 mod 11 = 10 is worth 3. Inside the table, no one errs.
        assert_eq!(promised(&[1, 4, 10]).values.len(), 37);
        assert_eq!(suspected(43, &[1, 4, 10], 3), ["the preperiod ignored"]);
        assert_eq!(promised(&[1, 4, 10]).preperiod_ignored(21), 0);
        // [2, 5] starts 0 0: a period of 1 guessed at once, every heap worth 0.
        assert_eq!(promised(&[2, 5]).short_window().unwrap().period, 1);
        assert_eq!(suspected(2, &[2, 5], 0), ["a period from a short window"]);
        // 10^18 cut to 32 bits is 2,808,348,672: with [1, 2] (period 3 from heap 0)
        // it is worth 0, and 10^18 is worth 1.
        let cut = low_32_bits(MAX_N);
        assert_ne!(cut % 3, MAX_N % 3);
        let answer = (cut % 3) as usize;
        assert_eq!(suspected(MAX_N, &[1, 2], answer), ["n cut to 32 bits"]);
    }

    #[test]
    fn the_checker_explains_the_period() {
        let wrong = GrundyAt::rule(
            &Args {
                n: 1_000_000,
                moves: vec![2, 4, 7],
            },
            &0,
        )
        .unwrap_err();
        assert_eq!(
            wrong,
            "With moves [2, 4, 7], a heap of 1,000,000 has Grundy number 2, but you \
             returned 0. The values repeat from heap 8 with period 3: the 7 values from \
             heap 8 (a window as long as the largest amount, 7) appear again from heap 11. \
             Heap 1,000,000 is worth what heap 8 + (1,000,000 - 8) mod 3 = 10 is: 2."
        );
        let small = GrundyAt::rule(
            &Args {
                n: 3,
                moves: vec![2, 4, 7],
            },
            &0,
        )
        .unwrap_err();
        assert!(small.ends_with("Heap 3 is in the table itself: 1."), "{small}");
        let none = GrundyAt::explain(
            &Args {
                n: 9,
                moves: vec![0],
            },
            &0,
        )
        .unwrap();
        assert!(none.starts_with("That is its Grundy number. With no amount at all"));
    }

    #[test]
    fn a_game_past_the_promises_is_refused_without_a_search_that_never_ends() {
        for moves in [vec![1_000_000, 2], vec![usize::MAX, 1], vec![101]] {
            let input = Args { n: 5, moves };
            let broken = promise::validate(&GrundyAt::promises(), &input).unwrap_err();
            assert!(broken.contains("above") || broken.contains("more than"), "{broken}");
        }
        assert!(game(&[usize::MAX, 1]).is_none());
        let groups = GrundyAt::groups(Seed::DEFAULT);
        let cases = groups.iter().flat_map(|group| &group.cases);
        assert!(cases.clone().all(|c| promise::validate(&GrundyAt::promises(), c).is_ok()));
    }

    #[test]
    fn the_groups_hold_what_their_names_say() {
        let groups = GrundyAt::groups(Seed::DEFAULT);
        assert!(groups[1].cases.iter().all(|c| promised(&c.moves).start > 0));
        assert!(groups[2].cases.iter().any(|c| c.n > u64::from(u32::MAX)));
        assert!(groups[3].cases.iter().any(|c| c.moves == LONGEST && c.n == MAX_N));
        assert_ne!(GrundyAt::groups(Seed(1))[2].cases, groups[2].cases);
        assert_eq!(
            GrundyAt::panic_advice(
                &Args {
                    n: MAX_N,
                    moves: vec![1]
                },
                "capacity overflow"
            ),
            Some(HUGE_TABLE.to_string())
        );
    }
}
