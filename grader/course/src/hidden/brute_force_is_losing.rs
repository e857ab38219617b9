//! Hidden tests for `brute_force_is_losing`: P or N by a memoised game search. The
//! learner's search uses no theory; the grader judges its answers with Bouton's rule
//! (nim-sum 0), which a test here checks against a search on every small position.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;

use xorlings_derive::Arguments;

use crate::model::cases;
use crate::model::diagnosis::{Model, Suspect, names, suspects_of, wrong_under};
use crate::model::function::FunctionTests;
use crate::model::nim::{empty_heap_advice, nim_sum, small_position_promises};
use crate::model::promise::Promise;
use crate::model::show::{count, list};
use crate::model::{Cases, Function, Group, HiddenTests, Seed, inputs};

/// The arguments of `brute_force_is_losing(heaps: &[u64]) -> bool`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `brute_force_is_losing`.
pub struct BruteForceIsLosing;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<BruteForceIsLosing>::new();

/// The most heaps in a position.
const MAX_HEAPS: usize = 5;
/// The most stones in a heap.
const MAX_SIZE: u64 = 15;

/// Losing positions of 5 large heaps, heaps in no particular order: a search must try
/// every move of a losing position. A memo keyed on unsorted heaps, which solves every
/// order of the heaps separately, is ten to twenty times slower on such positions, and
/// must still pass: a constant factor that small is no job for a time limit, which must
/// never fail a right search by chance. So the group is a handful of them, not dozens.
const HARD_LOSING: [[u64; 5]; 5] = [
    [10, 14, 13, 7, 14],
    [8, 7, 9, 11, 13],
    [6, 11, 12, 13, 12],
    [7, 12, 11, 14, 14],
    [9, 8, 12, 7, 10],
];

const NO_STONES: &str = "A position with no stones has no moves: the player to move cannot \
move and loses, so it is losing (true). With that base case flipped, a search plays misère Nim, \
where taking the last stone loses.";
const MISERE: &str = "This answer is right for misère Nim, where taking the last stone loses, \
but not for Nim: check your base case. A position with no stones is losing (true): the player \
to move cannot move.";
const TURNED_AROUND: &str = "A position is losing when no move reaches a losing position (every \
move reaches a winning one): a move to a losing position wins.";
const STACK_OVERFLOW: &str = "A search here is never deeper than the number of stones (at most \
75), so the recursion never ends. A move takes at least one stone: new sizes go up to size - 1 \
(`0..size`). Taking 0 stones makes a position its own child.";

/// Positions of up to 5 heaps where many heaps are equal or empty: a memo key must keep
/// how many heaps have each size.
fn equal_and_empty() -> Vec<Vec<u64>> {
    vec![
        vec![0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 15],
        vec![15, 0, 0, 0, 0],
        vec![15, 15],
        vec![15, 15, 0],
        vec![0, 15, 0, 15, 0],
        vec![1, 1, 1, 1, 1],
        vec![1, 1, 1, 1],
        vec![0, 1, 1, 1, 1],
        vec![2, 2, 1, 1, 0],
        vec![3, 3, 3, 0, 3],
        vec![7, 7, 7, 7, 7],
        vec![8, 8, 8, 8],
        vec![9, 0, 9, 9, 9],
        vec![12, 12, 12, 12, 12],
        vec![14, 14, 0, 14, 14],
        vec![13, 13, 1, 1, 0],
        vec![15, 15, 14, 14, 0],
        vec![15, 15, 15, 15, 0],
        vec![15, 15, 15, 15, 15],
    ]
}

impl Cases<Args> for BruteForceIsLosing {
    fn promises() -> Vec<Promise<Args>> {
        small_position_promises(
            "0 to 5 heaps",
            MAX_HEAPS,
            "each of 0 to 15 stones",
            MAX_SIZE,
        )
    }

    fn groups(seed: Seed) -> Vec<Group<Args>> {
        let small = cases::every_position_from_empty(4, 8);
        inputs(vec![
            Group::new(
                "no heaps, and every position of 1 to 4 heaps of 0 to 8",
                small,
            ),
            Group::new(
                "random positions of 1 to 5 heaps of 0 to 15, in any order",
                cases::random_positions(&mut seed.rng(81), 200, MAX_HEAPS, MAX_SIZE + 1),
            ),
            Group::new(
                "up to 5 heaps of up to 15, many of them equal or empty",
                equal_and_empty(),
            ),
            Group::new(
                "losing positions of 5 large heaps",
                HARD_LOSING.iter().map(|heaps| heaps.to_vec()).collect(),
            ),
        ])
    }
}

impl Function for BruteForceIsLosing {
    type Args = Args;
    type Answer = bool;
    type Cases = BruteForceIsLosing;
    const NAME: &'static str = "brute_force_is_losing";
    const TIME_LIMIT: Duration = Duration::from_secs(3);
    const EXPECTED_COST: &'static str = "a memoised search: one memo, created once and passed down the recursion, \
         keyed on the sorted heaps, so that each position (up to the order of its heaps) is \
         solved once. Without a memo, or with a new memo in every call, the search is \
         exponential";
    const OPTIMISED: bool = true;

    fn rule(input: &Args, &answer: &bool) -> Result<(), String> {
        let heaps = &input.heaps;
        let losing = nim_sum(heaps) == 0;
        if answer == losing {
            return Ok(());
        }
        let shown = list(heaps);
        let rule = match winning_move(heaps) {
            None if heaps.iter().all(|&h| h == 0) => format!(
                "{shown} has no stones, so the player to move has no move at all: they are \
                 stuck, and lose. It is a losing (P) position, so the answer is true; you said \
                 false."
            ),
            None => {
                let (i, new_size) = first_move(heaps);
                let after = moved(heaps, i, new_size);
                let (j, reply) = winning_move(&after).unwrap_or((i, new_size));
                format!(
                    "{shown} is a losing (P) position: each of its {} reaches a winning (N) \
                     position, from which the other player moves back to a losing one. For \
                     example, taking heap {i} to {new_size} leaves {}, and the reply taking heap \
                     {j} to {reply} leaves {}. The answer is true; you said false.",
                    count(heaps.iter().sum::<u64>() as usize, "move", "moves"),
                    list(&after),
                    list(&moved(&after, j, reply))
                )
            }
            Some((i, new_size)) => format!(
                "{shown} is a winning (N) position: the move taking heap {i} from {} to \
                 {new_size} reaches {}, a losing (P) position for the other player. The answer \
                 is false; you said true.",
                heaps[i],
                list(&moved(heaps, i, new_size))
            ),
        };
        Err(rule)
    }

    fn suspects(input: &Args, answer: &bool) -> Vec<Suspect> {
        suspects_of(&MISTAKES, input, answer)
    }

    fn mistakes() -> Vec<&'static str> {
        names(&MISTAKES)
    }

    fn wrong_under(input: &Args, mistake: &str) -> bool {
        wrong_under(&MISTAKES, input, mistake)
    }

    fn size(input: &Args) -> u64 {
        // A memoised search solves each sorted position below this one once, and tries
        // each of its moves: the positions times the stones bound its work.
        let positions: u64 = input.heaps.iter().map(|&h| h + 1).product();
        positions * (1 + input.heaps.iter().sum::<u64>())
    }

    fn panic_advice(input: &Args, message: &str) -> Option<String> {
        empty_heap_advice(&input.heaps, message)
    }

    fn stack_overflow_advice(_input: &Args) -> Option<String> {
        Some(STACK_OVERFLOW.to_string())
    }
}

/// Every move to a losing position (nim-sum 0), as `(heap, new size)`: one for each heap
/// with the nim-sum's highest bit, and none from a losing position.
fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = nim_sum(heaps);
    (0..heaps.len())
        .filter(|&i| heaps[i] ^ x < heaps[i])
        .map(|i| (i, heaps[i] ^ x))
        .collect()
}

/// The first winning move, if any.
fn winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    winning_moves(heaps).first().copied()
}

/// The first move of a position with stones: its first nonempty heap, emptied.
fn first_move(heaps: &[u64]) -> (usize, u64) {
    (heaps.iter().position(|&h| h > 0).unwrap_or(0), 0)
}

fn moved(heaps: &[u64], i: usize, new_size: u64) -> Vec<u64> {
    let mut after = heaps.to_vec();
    after[i] = new_size;
    after
}

/// Misère Nim's answer: losing with every heap at most 1 and an odd number of them 1,
/// or with a larger heap and nim-sum 0.
fn misere_losing(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        nim_sum(heaps) == 0
    }
}

/// Whether a position is losing, by a search whose rule for a position is `rule` (given
/// the answers for the positions one move away, in `children`), memoised on the sorted
/// heaps in `memo`.
fn searched(
    heaps: &[u64],
    memo: &mut HashMap<Vec<u64>, bool>,
    children: fn(&[u64]) -> Vec<Vec<u64>>,
    rule: fn(&[bool]) -> bool,
) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let answers: Vec<bool> = children(&key)
        .iter()
        .map(|child| searched(child, memo, children, rule))
        .collect();
    let losing = rule(&answers);
    memo.insert(key, losing);
    losing
}

/// Every position one move away.
fn every_move(heaps: &[u64]) -> Vec<Vec<u64>> {
    (0..heaps.len())
        .flat_map(|i| (0..heaps[i]).map(move |size| moved(heaps, i, size)))
        .collect()
}

/// The positions one move of the largest heap away.
fn largest_heap_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let largest = (0..heaps.len()).max_by_key(|&i| heaps[i]);
    largest.map_or_else(Vec::new, |i| {
        (0..heaps[i]).map(|size| moved(heaps, i, size)).collect()
    })
}

thread_local! {
    /// The searches' answers, kept from one case to the next: they depend on the sorted
    /// position alone.
    static TURNED_AROUND_MEMO: RefCell<HashMap<Vec<u64>, bool>> = RefCell::default();
    static LARGEST_HEAP_MEMO: RefCell<HashMap<Vec<u64>, bool>> = RefCell::default();
}

/// The search with its rule turned around: losing when every move reaches a losing
/// position.
fn turned_around(heaps: &[u64]) -> bool {
    TURNED_AROUND_MEMO.with_borrow_mut(|memo| {
        searched(heaps, memo, every_move, |children| {
            children.iter().all(|&l| l)
        })
    })
}

/// The search that tries the moves of the largest heap only.
fn largest_heap_only(heaps: &[u64]) -> bool {
    LARGEST_HEAP_MEMO.with_borrow_mut(|memo| {
        searched(heaps, memo, largest_heap_moves, |children| {
            !children.contains(&true)
        })
    })
}

/// A memo key that forgets something of the position, as learners' code makes one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LossyKey {
    /// The set of sizes, with 0 among them when `zeros`: repeats forgotten.
    Set { zeros: bool },
    /// The total, the largest heap and the number of heaps: which heaps forgotten.
    SumLargestCount,
    /// The sizes' digits side by side, sorted, with no separator, and without the
    /// empty heaps unless `zeros`: where one size ends forgotten.
    Digits { zeros: bool },
}

impl LossyKey {
    /// How many keys there are, where few enough for a table (sizes are at most 15,
    /// heaps at most 5).
    fn count(self) -> Option<usize> {
        match self {
            LossyKey::Set { .. } => Some(1 << (MAX_SIZE + 1)),
            LossyKey::SumLargestCount => {
                let sums = MAX_SIZE as usize * MAX_HEAPS + 1;
                Some(sums * (MAX_SIZE as usize + 1) * (MAX_HEAPS + 1))
            }
            LossyKey::Digits { .. } => None,
        }
    }

    /// The key of `heaps`, as a number (two keys are the same exactly when their
    /// numbers are).
    fn index(self, heaps: &[u64]) -> u64 {
        match self {
            LossyKey::Set { zeros } => heaps
                .iter()
                .filter(|&&h| zeros || h > 0)
                .fold(0, |key, &h| key | 1 << h),
            LossyKey::SumLargestCount => {
                let sum = heaps.iter().sum::<u64>();
                let largest = heaps.iter().copied().max().unwrap_or(0);
                let heaps = heaps.len() as u64;
                (sum * (MAX_SIZE + 1) + largest) * (MAX_HEAPS as u64 + 1) + heaps
            }
            // At most 5 sizes of 2 digits: the digits' count, then their value (made
            // without a string: this runs for every position searched).
            LossyKey::Digits { zeros } => {
                let mut kept = [0; MAX_HEAPS];
                let mut len = 0;
                for &heap in heaps.iter().filter(|&&h| zeros || h > 0) {
                    kept[len] = heap;
                    len += 1;
                }
                kept[..len].sort_unstable();
                let (mut digits, mut value) = (0, 0);
                for &heap in &kept[..len] {
                    let width = if heap >= 10 { 2 } else { 1 };
                    digits += width;
                    value = value * 10u64.pow(width) + heap;
                }
                u64::from(digits) << 40 | value
            }
        }
    }

    /// The key of `heaps` as the advice shows it: `{0, 1}`, `(total 3, largest 2, 2
    /// heaps)`.
    fn shown(self, heaps: &[u64]) -> String {
        match self {
            LossyKey::Set { zeros } => {
                let kept: Vec<u64> = heaps.iter().copied().filter(|&h| zeros || h > 0).collect();
                size_set(&kept)
            }
            LossyKey::SumLargestCount => format!(
                "(total {}, largest {}, {})",
                heaps.iter().sum::<u64>(),
                heaps.iter().copied().max().unwrap_or(0),
                count(heaps.len(), "heap", "heaps")
            ),
            LossyKey::Digits { zeros } => format!("\"{}\"", digits(heaps, zeros)),
        }
    }
}

/// The sizes' digits side by side (sorted, empty heaps dropped unless `zeros`), as a
/// string key without separators writes them.
fn digits(heaps: &[u64], zeros: bool) -> String {
    let mut kept: Vec<u64> = heaps.iter().copied().filter(|&h| zeros || h > 0).collect();
    kept.sort_unstable();
    kept.iter().map(u64::to_string).collect()
}

/// A search whose memo is keyed on `key`, as code that makes that mistake runs it: a
/// new memo for the call, the heaps in the order given (sorted first when `sorted`),
/// new sizes from 0 up, the first winning move found ends the search.
fn lossy(heaps: &[u64], sorted: bool, key: LossyKey) -> bool {
    LossySearch::of(heaps, sorted, key).answer
}

/// What a search with a lossy key did on one position: its answer, and the first
/// collision that misled it, when one did: a position answered from the memo with the
/// answer of another position of the same key, one of them losing and the other not.
struct LossySearch {
    answer: bool,
    collision: Option<Collision>,
}

/// Two positions of the same key, the first in the memo, and the key as shown.
type Collision = (Vec<u64>, Vec<u64>, String);

impl LossySearch {
    fn of(heaps: &[u64], sorted: bool, key: LossyKey) -> LossySearch {
        let mut heaps = heaps.to_vec();
        if sorted {
            heaps.sort_unstable();
        }
        let mut search = Search {
            key,
            memo: Memo::for_keys(key.count()),
            collision: None,
        };
        let answer = search.run(&mut heaps);
        LossySearch {
            answer,
            collision: search.collision,
        }
    }
}

/// A lossy search's memo: each key with its answer and the position that set it.
struct Search {
    key: LossyKey,
    memo: Memo,
    collision: Option<Collision>,
}

/// Each key's answer and the position that set it: in a table where the keys are few
/// (the searches run on every position of a group, so speed matters), else in a map.
enum Memo {
    Table(Vec<Option<(bool, Vec<u64>)>>),
    Map(HashMap<u64, (bool, Vec<u64>)>),
}

impl Memo {
    fn for_keys(count: Option<usize>) -> Memo {
        match count {
            Some(count) => Memo::Table(vec![None; count]),
            None => Memo::Map(HashMap::new()),
        }
    }

    fn get(&self, key: u64) -> Option<&(bool, Vec<u64>)> {
        match self {
            Memo::Table(table) => table[key as usize].as_ref(),
            Memo::Map(map) => map.get(&key),
        }
    }

    fn insert(&mut self, key: u64, entry: (bool, Vec<u64>)) {
        match self {
            Memo::Table(table) => table[key as usize] = Some(entry),
            Memo::Map(map) => {
                map.insert(key, entry);
            }
        }
    }
}

impl Search {
    fn run(&mut self, heaps: &mut [u64]) -> bool {
        let k = self.key.index(heaps);
        if let Some((known, owner)) = self.memo.get(k) {
            if self.collision.is_none() && losing(owner) != losing(heaps) {
                let shown = self.key.shown(heaps);
                self.collision = Some((owner.clone(), heaps.to_vec(), shown));
            }
            return *known;
        }
        let mut answer = true;
        'moves: for i in 0..heaps.len() {
            let size = heaps[i];
            for smaller in 0..size {
                heaps[i] = smaller;
                let reaches_losing = self.run(heaps);
                heaps[i] = size;
                if reaches_losing {
                    answer = false;
                    break 'moves;
                }
            }
        }
        self.memo.insert(k, (answer, heaps.to_vec()));
        answer
    }
}

/// The ways code with each lossy key runs its search: the key, and whether it sorts
/// the heaps first.
const SET_KEYS: [(bool, LossyKey); 2] = [
    (false, LossyKey::Set { zeros: true }),
    (true, LossyKey::Set { zeros: false }),
];
const SUM_KEYS: [(bool, LossyKey); 2] = [
    (false, LossyKey::SumLargestCount),
    (true, LossyKey::SumLargestCount),
];
/// Digits of tidied heaps (sorted, the empty ones dropped), searched in the order given
/// or sorted first: a key of sorted heaps that keeps every heap never meets another of
/// the same digits in one search (every position of it has as many heaps).
const DIGIT_KEYS: [(bool, LossyKey); 2] = [
    (false, LossyKey::Digits { zeros: false }),
    (true, LossyKey::Digits { zeros: false }),
];

/// Whether code with one of `keys` gives `answer` to `heaps`.
fn lossy_gives(keys: &[(bool, LossyKey)], heaps: &[u64], answer: bool) -> bool {
    keys.iter()
        .any(|&(sorted, key)| lossy(heaps, sorted, key) == answer)
}

/// Whether code with any of `keys` answers `heaps` wrongly.
fn lossy_wrong_on(keys: &[(bool, LossyKey)], heaps: &[u64]) -> bool {
    keys.iter()
        .all(|&(sorted, key)| lossy(heaps, sorted, key) != losing(heaps))
}

/// The advice for a memo key that forgets `what`, naming the collision that misled the
/// search of `heaps` to `answer`, as a search with that key reproduces it.
fn lossy_key_advice(keys: &[(bool, LossyKey)], heaps: &[u64], answer: bool, what: &str) -> String {
    let collision = keys
        .iter()
        .map(|&(sorted, key)| LossySearch::of(heaps, sorted, key))
        .filter(|search| search.answer == answer)
        .find_map(|search| search.collision);
    let shown = |position: &[u64]| {
        let kind = if losing(position) { "P" } else { "N" };
        format!("{} ({kind})", list(position))
    };
    let named = collision.map_or_else(String::new, |(first, second, key)| {
        format!(
            " Searching {}, it reaches {} after {}: both have the key {key}, so the memo \
             answers the second with the first's answer.",
            list(heaps),
            shown(&second),
            shown(&first),
        )
    });
    format!(
        "Your answer is that of a search whose memo key is {what}.{named} A memo key that \
         loses information lets different positions share an answer. Sort the heaps and \
         keep the whole list as the key."
    )
}

/// A position's sizes as a set: `{0, 1}`.
fn size_set(heaps: &[u64]) -> String {
    let mut sizes = heaps.to_vec();
    sizes.sort_unstable();
    sizes.dedup();
    let sizes: Vec<String> = sizes.iter().map(u64::to_string).collect();
    format!("{{{}}}", sizes.join(", "))
}

/// The classic mistakes behind a wrong answer, each as the code that makes it.
const MISTAKES: [Model<Args, bool>; 8] = [
    Model {
        name: "misère Nim",
        gives: |input, &answer| answer == misere_losing(&input.heaps),
        wrong_on: |input| misere_losing(&input.heaps) != losing(&input.heaps),
        advice: |input, _| match input.heaps.iter().all(|&h| h == 0) {
            true => NO_STONES.to_string(),
            false => MISERE.to_string(),
        },
    },
    Model {
        name: "one stone per move",
        gives: |input, &answer| answer == even_total(&input.heaps),
        wrong_on: |input| even_total(&input.heaps) != losing(&input.heaps),
        advice: |input, _| {
            let heaps = &input.heaps;
            let (i, new_size) = winning_move(heaps).unwrap_or((0, 0));
            format!(
                "The total number of stones does not decide the game: {} has an even total, \
                 yet taking {} from heap {i} wins. A move may take any number of stones from \
                 one heap, not just one: search every smaller size of every heap instead of \
                 guessing a rule.",
                list(heaps),
                count((heaps[i] - new_size) as usize, "stone", "stones")
            )
        },
    },
    Model {
        name: "a few stones per move",
        gives: |input, &answer| capped(&input.heaps, answer).is_some(),
        wrong_on: |input| capped(&input.heaps, losing(&input.heaps)).is_none(),
        advice: |input, &answer| {
            let most = capped(&input.heaps, answer).unwrap_or(2);
            format!(
                "Your answer is that of a game where a move takes at most {most} stones. A move \
                 may take any number of stones from one heap: search every smaller size of \
                 every heap (`0..size`)."
            )
        },
    },
    Model {
        name: "the rule turned around",
        gives: |input, &answer| answer == turned_around(&input.heaps),
        wrong_on: |input| turned_around(&input.heaps) != losing(&input.heaps),
        advice: |_, _| TURNED_AROUND.to_string(),
    },
    Model {
        name: "the largest heap only",
        gives: |input, &answer| answer == largest_heap_only(&input.heaps),
        wrong_on: |input| largest_heap_only(&input.heaps) != losing(&input.heaps),
        advice: |_, _| {
            "Your answer is that of a search that moves only the largest heap. A move may take \
             from any heap: try every smaller size of every heap."
                .to_string()
        },
    },
    Model {
        name: "a set of sizes as the key",
        gives: |input, &answer| lossy_gives(&SET_KEYS, &input.heaps, answer),
        wrong_on: |input| lossy_wrong_on(&SET_KEYS, &input.heaps),
        advice: |input, &answer| {
            lossy_key_advice(
                &SET_KEYS,
                &input.heaps,
                answer,
                "the set of heap sizes, which forgets repeats",
            )
        },
    },
    Model {
        name: "the total, the largest heap and the count as the key",
        gives: |input, &answer| lossy_gives(&SUM_KEYS, &input.heaps, answer),
        wrong_on: |input| lossy_wrong_on(&SUM_KEYS, &input.heaps),
        advice: |input, &answer| {
            lossy_key_advice(
                &SUM_KEYS,
                &input.heaps,
                answer,
                "the total, the largest heap and the number of heaps, which forget the other \
                 heaps' sizes",
            )
        },
    },
    Model {
        name: "digits without a separator as the key",
        gives: |input, &answer| lossy_gives(&DIGIT_KEYS, &input.heaps, answer),
        wrong_on: |input| lossy_wrong_on(&DIGIT_KEYS, &input.heaps),
        advice: |input, &answer| {
            lossy_key_advice(
                &DIGIT_KEYS,
                &input.heaps,
                answer,
                "the sizes' digits written side by side, which forget where one size ends \
                 (1 12 and 1 1 2 both give \"112\"; put a separator between them)",
            )
        },
    },
];

fn losing(heaps: &[u64]) -> bool {
    nim_sum(heaps) == 0
}

fn even_total(heaps: &[u64]) -> bool {
    heaps.iter().sum::<u64>().is_multiple_of(2)
}

/// The most stones a move may take, from 2 up, in a game whose answer (losing when the
/// heaps' sizes modulo that plus one XOR to 0) is `answer`.
fn capped(heaps: &[u64], answer: bool) -> Option<u64> {
    (2..=MAX_SIZE).find(|most| {
        let x = heaps.iter().fold(0, |x, &h| x ^ (h % (most + 1)));
        (x == 0) == answer
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(heaps: &[u64], answer: bool) -> Result<(), String> {
        BruteForceIsLosing::rule(&Args::from(heaps.to_vec()), &answer)
    }

    fn rule(heaps: &[u64], answer: bool) -> String {
        check(heaps, answer).expect_err("a wrong answer")
    }

    /// The mistakes whose models give `answer`, a wrong answer, with their advice.
    fn suspects(heaps: &[u64], answer: bool) -> Vec<Suspect> {
        assert!(check(heaps, answer).is_err());
        BruteForceIsLosing::suspects(&Args::from(heaps.to_vec()), &answer)
    }

    fn suspected(heaps: &[u64], answer: bool) -> Vec<&'static str> {
        suspects(heaps, answer).iter().map(|s| s.mistake).collect()
    }

    /// The lesson's search: P when no move reaches a P position, memoised on sorted heaps.
    fn searched_losing(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let losing =
            !(0..key.len()).any(|i| (0..key[i]).any(|b| searched_losing(&moved(&key, i, b), memo)));
        memo.insert(key, losing);
        losing
    }

    #[test]
    fn bouton_agrees_with_a_search_on_every_small_position() {
        let groups = BruteForceIsLosing::groups(Seed::DEFAULT);
        let small = &groups[0].cases;
        assert_eq!(small.len(), 1 + 7_380);
        let mut memo = HashMap::new();
        let mut losing = 0;
        for input in small {
            let searched = searched_losing(&input.heaps, &mut memo);
            assert_eq!(searched, nim_sum(&input.heaps) == 0, "{:?}", input.heaps);
            assert_eq!(check(&input.heaps, searched), Ok(()));
            losing += usize::from(searched && !input.heaps.is_empty());
        }
        assert_eq!((7_380 - losing, losing), (6_742, 638));
        for heaps in HARD_LOSING {
            assert!(searched_losing(&heaps, &mut memo), "{heaps:?} is losing");
        }
    }

    #[test]
    fn the_stubs_examples_are_accepted_and_junk_rejected() {
        assert_eq!(check(&[], true), Ok(()));
        assert_eq!(check(&[0, 0], true), Ok(()));
        assert_eq!(check(&[1, 1], true), Ok(()));
        assert_eq!(check(&[1, 2], false), Ok(()));
        let empty = rule(&[], false);
        assert!(
            empty.contains("[] has no stones, so the player to move has no move"),
            "{empty}"
        );
        let losing = rule(&[1, 1], false);
        assert!(
            losing.contains("[1, 1] is a losing (P) position: each of its 2 moves"),
            "{losing}"
        );
        assert!(
            losing.contains(
                "taking heap 0 to 0 leaves [0, 1], and the reply taking heap 1 to 0 leaves [0, 0]"
            ),
            "{losing}"
        );
        let winning = rule(&[1, 2], true);
        assert!(
            winning.contains("taking heap 1 from 2 to 1 reaches [1, 1]"),
            "{winning}"
        );
    }

    #[test]
    fn each_mistake_is_suspected_where_its_code_gives_the_answer() {
        // Each example is a failure of a recorded solution.
        assert_eq!(suspected(&[], false), ["misère Nim"]);
        assert_eq!(suspects(&[0], false)[0].advice, NO_STONES);
        assert_eq!(suspects(&[1, 1], false)[0].advice, MISERE);
        let parity = suspects(&[2], true);
        assert_eq!(parity[0].mistake, "one stone per move");
        assert!(
            parity[0]
                .advice
                .contains("[2] has an even total, yet taking 2 stones from heap 0 wins")
        );
        assert!(suspected(&[0, 1, 2], true).contains(&"a set of sizes as the key"));
        assert!(suspected(&[1], true).contains(&"the rule turned around"));
        // At most 3 stones a move: [4] is then losing.
        assert!(suspected(&[4], true).contains(&"a few stones per move"));
        assert_eq!(capped(&[4], true), Some(3));
        // Only the largest heap moves: wrong on some small position.
        let small = cases::all_positions(3, 4);
        let wrong = small
            .iter()
            .find(|heaps| largest_heap_only(heaps) != (nim_sum(heaps) == 0))
            .unwrap();
        assert!(suspected(wrong, largest_heap_only(wrong)).contains(&"the largest heap only"));
    }

    #[test]
    fn the_searches_of_the_mistakes_are_searches() {
        // Turned around, every position is losing: the empty one, and so on up.
        assert!(
            cases::all_positions(3, 3)
                .iter()
                .all(|heaps| turned_around(heaps))
        );
        assert!(largest_heap_only(&[]) && !largest_heap_only(&[3, 0]));
        // The recorded solution's own failure: [0, 1, 2] is called losing.
        let set = LossyKey::Set { zeros: true };
        assert!(lossy(&[0, 1, 2], false, set));
        // Where no position can repeat a size, a set of sizes loses nothing; nor does
        // the total of a single heap.
        for heap in 0..=MAX_SIZE {
            assert_eq!(lossy(&[heap], false, set), heap == 0);
            assert_eq!(lossy(&[heap], false, LossyKey::SumLargestCount), heap == 0);
        }
        // [1, 2, 3] (P) and [0, 3, 3] (P) share a total, a largest heap and a count with
        // [2, 1, 3]; but [1, 1, 3] (N) and [0, 2, 3] (N) collide too: a key so lossy
        // answers some position wrongly, and says which collision misled it.
        let wrong = (0..=4)
            .flat_map(|a| (0..=4).map(move |b| vec![a, b, 3]))
            .find(|heaps| lossy(heaps, false, LossyKey::SumLargestCount) != losing(heaps))
            .expect("some position of a lossy key is answered wrongly");
        let answer = lossy(&wrong, false, LossyKey::SumLargestCount);
        let advice = lossy_key_advice(&SUM_KEYS, &wrong, answer, "the total");
        assert!(advice.contains("both have the key (total"), "{advice}");

        // Digits without a separator: [1, 12, 13] (P) and [1, 1, 2, 13] (N), tidied, are
        // both "11213". A search reaches keys of fewer heaps as heaps empty, so some
        // position is answered wrongly, and the advice names the collision.
        let digits = LossyKey::Digits { zeros: false };
        assert_eq!(digits.index(&[1, 12, 13]), digits.index(&[0, 13, 2, 1, 1]));
        assert_ne!(digits.index(&[1, 12]), digits.index(&[11, 2]));
        assert_ne!(digits.index(&[1]), digits.index(&[10]));
        assert_eq!(digits.shown(&[0, 13, 2, 1, 1]), "\"11213\"");
        let sizes = [1, 2, 11, 12, 13];
        let wrong = sizes
            .iter()
            .flat_map(|&a| sizes.iter().flat_map(move |&b| sizes.map(|c| vec![a, b, c, 13])))
            .find(|heaps| lossy(heaps, false, digits) != losing(heaps))
            .expect("some position is answered wrongly with digits as the key");
        let answer = lossy(&wrong, false, digits);
        let advice = lossy_key_advice(&DIGIT_KEYS, &wrong, answer, "digits");
        assert!(advice.contains("both have the key \""), "{advice}");
    }

    #[test]
    fn crashes_get_advice() {
        let input = Args::from(vec![0, 3]);
        let underflow =
            BruteForceIsLosing::panic_advice(&input, "attempt to subtract with overflow");
        assert!(underflow.unwrap().contains("`size - 1` underflows"));
        assert_eq!(
            BruteForceIsLosing::panic_advice(&Args::from(vec![3]), "boom"),
            None
        );
        let overflow = BruteForceIsLosing::stack_overflow_advice(&input).unwrap();
        assert!(
            overflow.contains("A move takes at least one stone"),
            "{overflow}"
        );
    }
}
