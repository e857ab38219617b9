//! Hidden tests for `misere_winning_move`: misère Nim, where taking the last stone loses.
//! Every small position is judged by a game search that knows no theory; larger ones by
//! the lesson's rule, with a move's effect on the counts worked out in O(1).

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use rand::Rng;

use xorlings_derive::Arguments;

use crate::model::cases::{self, EVERY_LENGTH_UP_TO, MAX_HEAPS};
use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::overflow;
use crate::model::nim::{
    Move, index_advice, legal_move, one_based, position_promises, with_columns,
};
use crate::model::promise::Promise;
use crate::model::show::list;
use crate::model::{Cases, Function, Group, HiddenTests, Seed};

/// The arguments of `misere_winning_move(heaps: &[u64]) -> Option<Move>`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `misere_winning_move`.
pub struct MisereWinningMove;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<MisereWinningMove>::new();

/// The game search decides every position of up to this many heaps...
const SEARCHED_HEAPS: usize = 4;
/// ...of up to this many stones.
const SEARCHED_SIZE: u64 = 8;

const TOO_EARLY: &str = "The endgame starts only when at most one heap holds more than one \
stone. With two or more big heaps, as in 2 2 or 2 3, play normal Nim: 2 2 is lost, and \
2 3 -> 2 2 wins.";
const MOVE_FROM_LOST: &str = "From a lost position every move loses, so there is no winning \
move: return None (1, 1 1 1, 2 2 and 1 2 3 are lost in misère Nim).";
const OPPOSITE_OF_NORMAL: &str = "Misère is not normal play reversed: it agrees with normal \
play while two heaps hold more than one stone (2 3 is won and 2 2 lost in both games) and \
differs only in the endgame; a single heap of 2 is won by taking 1.";
const EVEN_ONES_WIN: &str = "With only 0s and 1s, an even number of 1s (nim-sum 0) is won in \
misère Nim: take a 1 and leave an odd number. This endgame is where misère reverses normal \
play.";
const NO_STONE: &str = "With no stone left (no heaps, or only 0s) there is no move at all: \
return None. An even count of 1s needs a 1 to take only when the count is not 0.";
const TOTAL_OVERFLOW: &str = "Heaps go up to u64::MAX, so their total does not fit in a u64: \
count the heaps above 1 instead of adding stones up.";
const NOTHING_FOUND: &str = "In a lost position no move wins, so a search for one finds \
nothing: return None there instead of unwrapping.";

/// What decides a misère position: its big heaps (more than one stone), its heaps of 1
/// and its nim-sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counts {
    big: usize,
    ones: usize,
    nim_sum: u64,
}

impl Counts {
    fn of(heaps: &[u64]) -> Counts {
        let none = Counts {
            big: 0,
            ones: 0,
            nim_sum: 0,
        };
        heaps
            .iter()
            .fold(none, |counts, &heap| counts.after(0, heap))
    }

    /// The counts once a heap of `from` stones holds `to`.
    fn after(self, from: u64, to: u64) -> Counts {
        Counts {
            big: self.big - usize::from(from > 1) + usize::from(to > 1),
            ones: self.ones - usize::from(from == 1) + usize::from(to == 1),
            nim_sum: self.nim_sum ^ from ^ to,
        }
    }

    /// The lesson's rule: whether the player to move loses.
    fn lost(self) -> bool {
        match self.big {
            0 => self.ones % 2 == 1,
            _ => self.nim_sum == 0,
        }
    }

    fn no_stone(self) -> bool {
        self.big == 0 && self.ones == 0
    }

    /// Why the player to move wins or loses, in the lesson's words.
    fn why(self) -> String {
        let ones = self.ones;
        match (self.big, self.lost()) {
            (0, _) if self.no_stone() => {
                "no stone is left, so whoever took the last one lost".into()
            }
            (0, true) => format!(
                "only heaps of 0 and 1 are left, an odd number ({ones}) of 1s, so the players \
                 take them one by one and the player to move takes the last"
            ),
            (0, false) => format!(
                "only heaps of 0 and 1 are left, an even number ({ones}) of 1s, so the player to \
                 move takes one and leaves an odd number"
            ),
            (1, _) => "exactly one heap holds more than one stone, so the player to move shrinks \
                       it to 0 or 1 and leaves an odd number of 1s"
                .into(),
            (big, true) => format!(
                "{big} heaps hold more than one stone and the nim-sum is 0, which loses as in \
                 normal Nim"
            ),
            (big, false) => format!(
                "{big} heaps hold more than one stone and the nim-sum is {}, not 0, so the \
                 normal Nim move wins",
                self.nim_sum
            ),
        }
    }
}

/// A position as the search knows it: its nonempty heaps, sorted.
fn key(heaps: &[u64]) -> Vec<u64> {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    key
}

/// Whether the player to move wins misère Nim: some move leaves the opponent a position
/// they lose. With no stone left the opponent took the last one: the player to move won.
fn search(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let key = key(heaps);
    if let Some(&wins) = memo.get(&key) {
        return wins;
    }
    let wins = key.is_empty()
        || (0..key.len()).any(|i| {
            (0..key[i]).any(|smaller| {
                let mut next = key.clone();
                next[i] = smaller;
                !search(&next, memo)
            })
        });
    memo.insert(key, wins);
    wins
}

/// Whether the player to move loses, by the game search, for a position small enough.
fn lost_by_search(heaps: &[u64]) -> Option<bool> {
    static WINS: OnceLock<HashMap<Vec<u64>, bool>> = OnceLock::new();
    let searched = heaps.len() <= SEARCHED_HEAPS && heaps.iter().all(|&h| h <= SEARCHED_SIZE);
    searched.then(|| {
        let wins = WINS.get_or_init(|| {
            let mut memo = HashMap::new();
            for heaps in cases::all_positions(SEARCHED_HEAPS, SEARCHED_SIZE) {
                search(&heaps, &mut memo);
            }
            memo
        });
        !wins[&key(heaps)]
    })
}

/// Whether the player to move loses: by the search when it decides, else by the rule.
fn is_lost(heaps: &[u64], counts: Counts) -> bool {
    lost_by_search(heaps).unwrap_or_else(|| counts.lost())
}

/// Whether the position left by making heap `index` hold `to` stones is lost.
fn lost_after(heaps: &[u64], counts: Counts, index: usize, to: u64) -> bool {
    let by_rule = || counts.after(heaps[index], to).lost();
    if heaps.len() > SEARCHED_HEAPS {
        return by_rule();
    }
    let mut after = heaps.to_vec();
    after[index] = to;
    lost_by_search(&after).unwrap_or_else(by_rule)
}

/// The lesson's winning move (on the first heap that qualifies), if there is one.
fn a_winning_move(heaps: &[u64], counts: Counts) -> Option<Move> {
    let x = counts.nim_sum;
    let (index, to) = match counts.big {
        0 if counts.ones.is_multiple_of(2) => (heaps.iter().position(|&h| h == 1)?, 0),
        0 => return None,
        1 => (
            heaps.iter().position(|&h| h > 1)?,
            u64::from(counts.ones.is_multiple_of(2)),
        ),
        _ => {
            let index = heaps.iter().position(|&h| h ^ x < h)?;
            (index, heaps[index] ^ x)
        }
    };
    Some(Move {
        heap_index: index,
        remove: heaps[index] - to,
        new_size: to,
    })
}

impl Cases<Args> for MisereWinningMove {
    fn groups(seed: Seed) -> Vec<Group<Args>> {
        let mut small = vec![Vec::new()];
        small.extend(cases::all_positions(SEARCHED_HEAPS, SEARCHED_SIZE));
        let group = |name: &str, positions: Vec<Vec<u64>>| {
            Group::new(name, positions.into_iter().map(Args::from).collect())
        };
        vec![
            group(
                "no heaps, and every position of 1 to 4 heaps of 0 to 8, judged by a game search",
                small,
            ),
            group(
                "a position of every length up to 300 made of 0s and 1s with up to three bigger \
                 heaps, and random positions of up to 20 heaps below 1,024, half of them lost",
                endgames(seed),
            ),
            group(
                "full 64-bit heaps: totals beyond u64::MAX, heaps near u64::MAX, every 2^k, 2^k - 1 \
                 and top bits set as heaps and nim-sums, one huge heap among 0s and 1s, random \
                 positions and lost ones (nim-sum 0)",
                wide_positions(seed),
            ),
            group(
                "1,000,000 heaps: 999,999 heaps of 1 and a 0, a million 1s, one huge heap among \
                 an odd and an even number of 1s, two huge heaps, and random 64-bit heaps",
                large_positions(seed),
            ),
        ]
    }

    fn promises() -> Vec<Promise<Args>> {
        position_promises()
    }
}

/// `len` heaps of 0 or 1, `big` of them then made heaps of 2 to `max_big` stones.
fn ones_with_big_heaps(rng: &mut impl Rng, len: usize, big: usize, max_big: u64) -> Vec<u64> {
    let mut heaps: Vec<u64> = (0..len).map(|_| rng.random_range(0..=1)).collect();
    for _ in 0..big {
        let index = rng.random_range(0..len);
        heaps[index] = rng.random_range(2..=max_big);
    }
    heaps
}

/// Endgames of every length, with 0 to 3 big heaps (every third one made lost when it
/// can be), and random positions of up to 20 heaps, every other one lost.
fn endgames(seed: Seed) -> Vec<Vec<u64>> {
    let mut rng = seed.rng(61);
    let endgames = (1..=EVERY_LENGTH_UP_TO).map(|len| {
        let heaps = ones_with_big_heaps(&mut rng, len, len % 4, 1000);
        match len % 3 {
            0 => cases::make_losing(heaps),
            _ => heaps,
        }
    });
    let random = cases::random_positions(&mut seed.rng(62), 300, 20, 1024)
        .into_iter()
        .enumerate()
        .map(|(i, heaps)| match i % 2 {
            0 => cases::make_losing(heaps),
            _ => heaps,
        });
    endgames.chain(random).collect()
}

fn wide_positions(seed: Seed) -> Vec<Vec<u64>> {
    let lost = cases::random_wide_positions(&mut seed.rng(64), 100, 20)
        .into_iter()
        .map(cases::make_losing)
        .collect();
    let mut rng = seed.rng(65);
    let huge_among_ones = (0..50)
        .map(|_| {
            let len = rng.random_range(1..=30);
            ones_with_big_heaps(&mut rng, len, 1, u64::MAX)
        })
        .collect();
    let totals_beyond_u64 = vec![
        vec![1 << 63, 1 << 63],
        vec![u64::MAX, 1],
        vec![u64::MAX, 1, 1],
        vec![1, u64::MAX, 0, 1],
        vec![u64::MAX, u64::MAX, 1],
    ];
    // The small ones first: a group shows its first failure.
    [
        totals_beyond_u64,
        cases::near_max_positions(),
        cases::bit_pattern_positions(),
        huge_among_ones,
        cases::random_wide_positions(&mut seed.rng(63), 200, 20),
        lost,
    ]
    .concat()
}

fn large_positions(seed: Seed) -> Vec<Vec<u64>> {
    let mut rng = seed.rng(66);
    let mut odd_ones = vec![1; MAX_HEAPS - 1];
    odd_ones.push(0);
    // One huge heap among an odd number of 1s (empty it), and among an even number
    // (shrink it to 1): each wrong endgame rule fails one of the two.
    let one_huge = ones_with_big_heaps(&mut rng, MAX_HEAPS, 1, u64::MAX);
    let mut other_parity = one_huge.clone();
    if let Some(small) = other_parity.iter_mut().find(|heap| **heap <= 1) {
        *small ^= 1;
    }
    // The last heap becomes the XOR of the others: a second huge heap, and nim-sum 0.
    let two_huge_lost = cases::make_losing(ones_with_big_heaps(&mut rng, MAX_HEAPS, 1, u64::MAX));
    vec![
        odd_ones,
        vec![1; MAX_HEAPS],
        one_huge,
        other_parity,
        two_huge_lost,
        cases::large_random(&mut rng, MAX_HEAPS),
    ]
}

impl Function for MisereWinningMove {
    type Args = Args;
    type Answer = Option<Move>;
    type Cases = MisereWinningMove;
    const NAME: &'static str = "misere_winning_move";
    const TIME_LIMIT: Duration = Duration::from_secs(3);
    const EXPECTED_COST: &'static str = "one pass that counts the heaps above 1, the heaps of 1 and the nim-sum. \
         A candidate move changes those counts by at most one, so checking it costs O(1), not \
         another pass: O(n) in all for n heaps";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, answer: &Option<Move>) -> Result<(), String> {
        let heaps = &input.heaps;
        let counts = Counts::of(heaps);
        let lost = is_lost(heaps, counts);
        let wrong = |rule: String| shown(rule, heaps, counts);
        let Some(m) = answer else {
            if lost || counts.no_stone() {
                return Ok(());
            }
            let example = a_winning_move(heaps, counts)
                .map(|win| {
                    format!(
                        ", for example taking {} from heap {} to leave {}",
                        win.remove, win.heap_index, win.new_size
                    )
                })
                .unwrap_or_default();
            return Err(wrong(format!(
                "{} is won for the player to move in misère Nim: {}. A winning move \
                 exists{example}. You returned None.",
                list(heaps),
                counts.why()
            )));
        };
        if counts.no_stone() {
            return Err(wrong(format!(
                "No stone is left in {}: the opponent took the last one, so the player to move \
                 has already won, but there is no move to make. The answer is None.",
                list(heaps)
            )));
        }
        if lost {
            return Err(wrong(format!(
                "{} is lost for the player to move in misère Nim: {}. Every move leaves the \
                 opponent a won position, so the answer is None.",
                list(heaps),
                counts.why()
            )));
        }
        let a = legal_move(heaps, m.heap_index, m.remove, m.new_size)
            .map_err(|(_, illegal)| illegal)?;
        if lost_after(heaps, counts, m.heap_index, m.new_size) {
            return Ok(());
        }
        Err(wrong(format!(
            "After taking {} from heap {} ({a} -> {}), the opponent wins misère Nim: {}.",
            m.remove,
            m.heap_index,
            m.new_size,
            counts.after(a, m.new_size).why()
        )))
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
        let counts = Counts::of(&input.heaps);
        let nothing_found = message.contains("on a `None` value");
        let advice =
            if counts.no_stone() && (nothing_found || message.contains("index out of bounds")) {
                NO_STONE
            } else if overflow::is_add_overflow(message) {
                let total = input.heaps.iter().map(|&heap| u128::from(heap)).sum();
                let limit = u128::from(u64::MAX);
                return Some(overflow::add_overflow_advice(
                    message,
                    total,
                    limit,
                    TOTAL_OVERFLOW,
                ));
            } else if nothing_found && is_lost(&input.heaps, counts) {
                NOTHING_FOUND
            } else {
                return index_advice(&input.heaps, message);
            };
        Some(advice.to_string())
    }

    fn explain(input: &Args, answer: &Option<Move>) -> Option<String> {
        let m = answer.as_ref()?;
        let mut after = input.heaps.clone();
        *after.get_mut(m.heap_index)? = m.new_size;
        let counts = Counts::of(&after);
        let outcome = if counts.lost() { "lost" } else { "won" };
        Some(format!(
            "After the move: {}, {outcome} for the opponent: {}.",
            list(&after),
            counts.why()
        ))
    }
}

/// The rule, with binary columns while normal Nim decides.
fn shown(rule: String, heaps: &[u64], counts: Counts) -> String {
    match counts.big {
        0 | 1 => rule,
        _ => with_columns(rule, heaps),
    }
}

/// A move that shrinks heap `m.heap_index` of the one big heap (with every other heap
/// 0 or 1) to `to`, on a position whose 1s elsewhere are `odd_ones` in number.
fn one_big_heap_to(heaps: &[u64], answer: &Option<Move>, to: u64, odd_ones: bool) -> bool {
    let counts = Counts::of(heaps);
    let Some(m) = answer else { return false };
    counts.big == 1
        && heaps.get(m.heap_index).is_some_and(|&a| a > 1)
        && m.new_size == to
        && (counts.ones % 2 == 1) == odd_ones
}

/// Whether `answer` is normal Nim's: None when the nim-sum is 0, else a heap made a ^ X.
fn normal_play(heaps: &[u64], answer: &Option<Move>) -> bool {
    let x = Counts::of(heaps).nim_sum;
    match answer {
        None => x == 0,
        Some(m) => heaps
            .get(m.heap_index)
            .is_some_and(|&a| x != 0 && m.new_size == a ^ x),
    }
}

/// Whether taking heap `index` to `to` loses, or is no move: what a strategy that plays
/// it gets wrong.
fn loses_by(heaps: &[u64], index: Option<usize>, to: u64) -> bool {
    let counts = Counts::of(heaps);
    !index.is_some_and(|i| to < heaps[i] && lost_after(heaps, counts, i, to))
}

/// Normal Nim's answer: None when the nim-sum is 0, else the first heap made a ^ X.
fn normal_move(heaps: &[u64]) -> Option<Move> {
    let x = Counts::of(heaps).nim_sum;
    let index = heaps.iter().position(|&a| x != 0 && a ^ x < a)?;
    let a = heaps[index];
    Some(Move {
        heap_index: index,
        remove: a - (a ^ x),
        new_size: a ^ x,
    })
}

/// A 1-based index on a right move, with its advice.
fn one_based_move(heaps: &[u64], answer: &Option<Move>) -> Option<(&'static str, String)> {
    let m = answer.as_ref()?;
    let counts = Counts::of(heaps);
    one_based(m.heap_index, |i| {
        heaps.get(i).is_some_and(|&a| {
            m.new_size < a && m.remove == a - m.new_size && lost_after(heaps, counts, i, m.new_size)
        })
    })
}

/// The advice for the normal Nim move on the one big heap: it leaves an even number of 1s.
fn too_late(heaps: &[u64], answer: &Option<Move>) -> String {
    let counts = Counts::of(heaps);
    let ones_left = answer.as_ref().map_or(counts.ones, |m| {
        counts.after(heaps[m.heap_index], m.new_size).ones
    });
    format!(
        "Once only one heap holds more than one stone, the normal Nim move leaves an even \
         number of heaps of 1 (here {ones_left}): shrink that heap to 0 or 1 so that the \
         number of 1s left is odd. On a single heap of 2, take 1 and leave 1."
    )
}

/// The advice for an endgame move on the one big heap that ignores the other 1s.
fn count_the_ones(heaps: &[u64]) -> String {
    format!(
        "With one big heap, count the heaps of 1 among the others ({} here): odd, empty the \
         big heap; even, shrink it to 1. The aim is an odd number of 1s (1 2 -> 1 0).",
        Counts::of(heaps).ones
    )
}

/// The classic mistakes behind a wrong misère move, each as the code that makes it, the
/// likeliest first.
const MISTAKES: [Model<Args, Option<Move>>; 9] = [
    Model {
        name: "a move with no stone left",
        gives: |input, answer| answer.is_some() && Counts::of(&input.heaps).no_stone(),
        wrong_on: |input| Counts::of(&input.heaps).no_stone(),
        advice: |_, _| NO_STONE.to_string(),
    },
    Model {
        name: "the endgame too early",
        gives: |input, answer| {
            let (heaps, counts) = (&input.heaps, Counts::of(&input.heaps));
            answer.as_ref().is_some_and(|m| {
                heaps.get(m.heap_index).is_some_and(|&a| {
                    counts.big >= 2 && a > 1 && m.new_size <= 1 && m.new_size != a ^ counts.nim_sum
                })
            })
        },
        // The endgame rule with two big heaps: the first shrunk to 0 or 1, for an odd
        // number of 1s.
        wrong_on: |input| {
            let (heaps, counts) = (&input.heaps, Counts::of(&input.heaps));
            let to = u64::from(counts.ones.is_multiple_of(2));
            counts.big == 2 && loses_by(heaps, heaps.iter().position(|&h| h > 1), to)
        },
        advice: |_, _| TOO_EARLY.to_string(),
    },
    Model {
        name: "always 1 left in the big heap",
        gives: |input, answer| one_big_heap_to(&input.heaps, answer, 1, true),
        wrong_on: |input| {
            let counts = Counts::of(&input.heaps);
            counts.big == 1 && counts.ones % 2 == 1
        },
        advice: |input, _| count_the_ones(&input.heaps),
    },
    Model {
        name: "always 0 left in the big heap",
        gives: |input, answer| one_big_heap_to(&input.heaps, answer, 0, false),
        wrong_on: |input| {
            let counts = Counts::of(&input.heaps);
            counts.big == 1 && counts.ones.is_multiple_of(2)
        },
        advice: |input, _| count_the_ones(&input.heaps),
    },
    Model {
        name: "the endgame too late",
        gives: |input, answer| {
            Counts::of(&input.heaps).big == 1 && normal_play(&input.heaps, answer)
        },
        // Normal Nim's move on the one big heap always leaves an even number of 1s.
        wrong_on: |input| Counts::of(&input.heaps).big == 1,
        advice: |input, answer| too_late(&input.heaps, answer),
    },
    Model {
        name: "normal play reversed",
        gives: |input, answer| answer.is_none() == (Counts::of(&input.heaps).nim_sum != 0),
        // None for a nonzero nim-sum, else one stone from the first heap that has any.
        wrong_on: |input| {
            let (heaps, counts) = (&input.heaps, Counts::of(&input.heaps));
            match counts.nim_sum {
                0 => {
                    let first = heaps.iter().position(|&h| h > 0);
                    first.is_some() && loses_by(heaps, first, first.map_or(0, |i| heaps[i] - 1))
                }
                _ => !counts.no_stone() && !is_lost(heaps, counts),
            }
        },
        advice: |_, _| OPPOSITE_OF_NORMAL.to_string(),
    },
    Model {
        name: "normal play everywhere",
        gives: |input, answer| normal_play(&input.heaps, answer),
        wrong_on: |input| MisereWinningMove::rule(input, &normal_move(&input.heaps)).is_err(),
        advice: |input, answer| match Counts::of(&input.heaps).big {
            0 => EVEN_ONES_WIN.to_string(),
            _ => too_late(&input.heaps, answer),
        },
    },
    Model {
        name: "a move from a lost position",
        gives: |input, answer| {
            let (heaps, counts) = (&input.heaps, Counts::of(&input.heaps));
            answer.is_some() && !counts.no_stone() && is_lost(heaps, counts)
        },
        wrong_on: |input| {
            let (heaps, counts) = (&input.heaps, Counts::of(&input.heaps));
            !counts.no_stone() && is_lost(heaps, counts)
        },
        advice: |_, _| MOVE_FROM_LOST.to_string(),
    },
    Model {
        name: "heaps counted from 1",
        gives: |input, answer| one_based_move(&input.heaps, answer).is_some(),
        // No case the code passes clears it: heap i + 1 may win by chance.
        wrong_on: |_| false,
        advice: |input, answer| {
            one_based_move(&input.heaps, answer).map_or_else(String::new, |(_, advice)| advice)
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The move that leaves `new_size` stones in heap `heap_index` (or takes 1 from a heap
    /// that is not there).
    fn leaving(heaps: &[u64], heap_index: usize, new_size: u64) -> Option<Move> {
        let remove = heaps
            .get(heap_index)
            .map_or(1, |&a| a.saturating_sub(new_size));
        Some(Move {
            heap_index,
            remove,
            new_size,
        })
    }

    fn check(heaps: &[u64], answer: Option<Move>) -> Result<(), String> {
        MisereWinningMove::rule(&Args::from(heaps.to_vec()), &answer)
    }

    /// The rule a wrong answer breaks.
    fn rule(heaps: &[u64], answer: Option<Move>) -> String {
        check(heaps, answer).unwrap_err()
    }

    /// The mistakes whose models give `answer`, a wrong answer.
    fn suspects(heaps: &[u64], answer: Option<Move>) -> Vec<Suspect> {
        assert!(check(heaps, answer.clone()).is_err());
        MisereWinningMove::suspects(&Args::from(heaps.to_vec()), &answer)
    }

    fn suspected(heaps: &[u64], answer: Option<Move>) -> Vec<&'static str> {
        suspects(heaps, answer).iter().map(|s| s.mistake).collect()
    }

    /// The advice of `named` on this answer.
    fn advice_of(heaps: &[u64], answer: Option<Move>, named: &str) -> String {
        let suspects = suspects(heaps, answer);
        let suspect = suspects.iter().find(|s| s.mistake == named);
        suspect.map(|s| s.advice.clone()).unwrap_or_default()
    }

    #[test]
    fn the_search_agrees_with_the_rule_on_every_small_position() {
        let mut small = vec![Vec::new()];
        small.extend(cases::all_positions(SEARCHED_HEAPS, SEARCHED_SIZE));
        for heaps in &small {
            assert_eq!(
                lost_by_search(heaps),
                Some(Counts::of(heaps).lost()),
                "{heaps:?}"
            );
        }
        // The lesson's count: positions of up to 4 heaps of 0 to 6 stones.
        let up_to_six: Vec<&Vec<u64>> =
            small.iter().filter(|h| h.iter().all(|&s| s <= 6)).collect();
        let lost = up_to_six
            .iter()
            .filter(|h| lost_by_search(h) == Some(true))
            .count();
        assert_eq!((up_to_six.len(), lost), (2801, 352));
        assert_eq!(lost_by_search(&[9]), None);
        assert_eq!(lost_by_search(&[1; 5]), None);
    }

    #[test]
    fn counts_follow_a_move() {
        let counts = Counts::of(&[1, 5, 0, 1]);
        assert_eq!(
            counts,
            Counts {
                big: 1,
                ones: 2,
                nim_sum: 5
            }
        );
        assert_eq!(counts.after(5, 1), Counts::of(&[1, 1, 0, 1]));
        assert_eq!(counts.after(1, 0), Counts::of(&[0, 5, 0, 1]));
    }

    #[test]
    fn every_winning_move_is_accepted() {
        assert_eq!(check(&[3, 4, 5], leaving(&[3, 4, 5], 0, 1)), Ok(()));
        assert_eq!(check(&[1, 1, 4], leaving(&[1, 1, 4], 2, 1)), Ok(()));
        assert_eq!(check(&[2], leaving(&[2], 0, 1)), Ok(()));
        // 1 1 1 1: any of the four 1s.
        for i in 0..4 {
            assert_eq!(check(&[1, 1, 1, 1], leaving(&[1, 1, 1, 1], i, 0)), Ok(()));
        }
        for lost_or_empty in [&[][..], &[0, 0], &[1], &[1, 1, 1], &[2, 2], &[1, 2, 3]] {
            assert_eq!(check(lost_or_empty, None), Ok(()), "{lost_or_empty:?}");
        }
        // Large positions, by the rule.
        let mut ones = vec![1; 1000];
        assert_eq!(check(&ones, leaving(&ones, 999, 0)), Ok(()));
        ones.push(7);
        assert_eq!(check(&ones, leaving(&ones, 1000, 1)), Ok(()));
        assert_eq!(
            check(
                &[u64::MAX, u64::MAX - 1, 0, 0, 0],
                leaving(&[u64::MAX, u64::MAX - 1, 0, 0, 0], 0, u64::MAX - 1)
            ),
            Ok(())
        );
    }

    #[test]
    fn wrong_answers_are_named_by_their_rule() {
        assert!(rule(&[2], None).contains("[2] is won for the player to move"));
        assert!(rule(&[1], leaving(&[1], 0, 0)).contains("[1] is lost"));
        assert!(rule(&[0, 0], leaving(&[0, 0], 0, 0)).contains("No stone is left in [0, 0]"));
        assert!(
            rule(&[2], leaving(&[2], 0, 0))
                .contains("no stone is left, so whoever took the last one lost")
        );
        assert!(
            rule(
                &[3, 4, 5],
                Some(Move {
                    heap_index: 0,
                    remove: 3,
                    new_size: 1
                })
            )
            .contains("remove and new_size disagree")
        );
        let huge = rule(
            &[u64::MAX, 3, 1, 0, 0],
            leaving(&[u64::MAX, 3, 1, 0, 0], 1, 0),
        );
        assert!(
            huge.contains("exactly one heap holds more than one stone"),
            "{huge}"
        );
    }

    #[test]
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        // Too early: 2 2 is lost, and shrinking a big heap hands over the endgame.
        let early = suspected(&[2, 2], leaving(&[2, 2], 0, 1));
        assert_eq!(early[0], "the endgame too early", "{early:?}");
        assert_eq!(
            suspected(&[2, 3], leaving(&[2, 3], 1, 1)),
            ["the endgame too early"]
        );
        // Too late: normal Nim on one big heap leaves an even number of 1s.
        let late = suspected(&[2], leaving(&[2], 0, 0));
        assert!(late.contains(&"the endgame too late"), "{late:?}");
        assert!(late.contains(&"always 0 left in the big heap"), "{late:?}");
        let advice = advice_of(&[2], leaving(&[2], 0, 0), "the endgame too late");
        assert!(advice.contains("normal Nim move leaves an even number of heaps of 1 (here 0)"));
        let advice = advice_of(
            &[1, 1, 3],
            leaving(&[1, 1, 3], 2, 0),
            "the endgame too late",
        );
        assert!(advice.contains("(here 2)"), "{advice}");
        // Always shrinking the big heap to 1.
        let one = advice_of(
            &[1, 2],
            leaving(&[1, 2], 1, 1),
            "always 1 left in the big heap",
        );
        assert!(
            one.contains("count the heaps of 1 among the others (1 here)"),
            "{one}"
        );
        assert_eq!(suspected(&[2], None), ["normal play reversed"]);
        assert_eq!(suspected(&[1, 1], None), ["normal play everywhere"]);
        assert_eq!(
            advice_of(&[1, 1], None, "normal play everywhere"),
            EVEN_ONES_WIN
        );
        assert_eq!(
            suspected(&[2], leaving(&[2], 1, 1)),
            ["heaps counted from 1"]
        );
        assert!(rule(&[2], leaving(&[2], 1, 1)).contains("There is no heap 1"));
        assert!(suspected(&[1], leaving(&[1], 0, 0)).contains(&"a move from a lost position"));
        assert_eq!(
            suspected(&[0, 0], leaving(&[0, 0], 0, 0))[0],
            "a move with no stone left"
        );
    }

    #[test]
    fn panics_get_advice() {
        let advice = |heaps: &[u64], message| {
            MisereWinningMove::panic_advice(&Args::from(heaps.to_vec()), message)
                .unwrap_or_default()
        };
        let unwrap = "called `Option::unwrap()` on a `None` value";
        assert_eq!(advice(&[], unwrap), NO_STONE);
        assert_eq!(advice(&[0, 0], unwrap), NO_STONE);
        assert_eq!(
            advice(&[1 << 63, 1 << 63], "attempt to add with overflow"),
            TOTAL_OVERFLOW
        );
        // A total that fits: what overflowed was narrower (a count of 1s in a u8, say).
        let narrow = advice(&[1; 300], "attempt to add with overflow\n  at src/lib.rs:6:9");
        assert!(narrow.contains("overflowed at line 6"), "{narrow}");
        assert_ne!(narrow, TOTAL_OVERFLOW);
        assert_eq!(advice(&[1, 1, 1], unwrap), NOTHING_FOUND);
        assert_eq!(advice(&[1, 2], unwrap), "");
    }

    #[test]
    fn the_large_positions_are_as_named() {
        let large = large_positions(Seed::DEFAULT);
        let counts: Vec<Counts> = large.iter().map(|heaps| Counts::of(heaps)).collect();
        assert!(large.iter().all(|heaps| heaps.len() == MAX_HEAPS));
        assert_eq!(
            (counts[0].big, counts[0].ones, counts[0].lost()),
            (0, MAX_HEAPS - 1, true)
        );
        assert_eq!((counts[2].big, counts[2].lost()), (1, false));
        assert_eq!((counts[3].big, counts[3].lost()), (1, false));
        assert_ne!(counts[2].ones % 2, counts[3].ones % 2);
        assert_eq!((counts[4].big, counts[4].lost()), (2, true));
        assert!(wide_positions(Seed::DEFAULT).contains(&vec![1 << 63, 1 << 63]));
    }

    #[test]
    fn try_says_who_wins_after_the_move() {
        let text =
            MisereWinningMove::explain(&Args::from(vec![1, 1, 4]), &leaving(&[1, 1, 4], 2, 1))
                .unwrap();
        assert!(
            text.contains("After the move: [1, 1, 1], lost for the opponent"),
            "{text}"
        );
    }
}
