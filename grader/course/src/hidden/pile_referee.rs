//! Hidden tests for `pile_referee`, a whole program: input files of Nim positions, the
//! input validator of the statement's format and limits, and a checker that accepts any
//! winning move (`first i k`, heaps counted from 1) and names the line of every mistake.

use std::time::Duration;

use rand::Rng;
use xorlings_core::verdict::Mistake;

use crate::model::cases::{make_losing, random_heaps_of_bits};
use crate::model::diagnosis::{CHECKED_PASSES, Evidence, Wrong};
use crate::model::nim::{nim_sum, with_columns};
use crate::model::overflow;
use crate::model::program::{Contest, ContestTests, InputFile, Rejection};
use crate::model::promise::{self, Promise};
use crate::model::show::{
    Measure, ParseValue, count, diff_of_at_most, list, thousands, visible,
};
use crate::model::{HiddenTests, Seed};

pub const TESTS: &dyn HiddenTests = &ContestTests::<Referee>::new();

/// Most positions in one input.
const MAX_POSITIONS: usize = 10_000;
/// Most heaps in all the positions of one input.
const MAX_HEAPS: usize = 200_000;
/// The largest heap.
const MAX_SIZE: u64 = 1_000_000_000;
/// Heaps of positions made lost stay below 2^29, so their XOR stays below `MAX_SIZE`.
const LOSING_BITS: u32 = 29;
/// Bytes per line of a right output: at most `first 200000 1000000000\n`, 24.
const LINE_BYTES: u64 = 32;
/// Characters of the learner's line quoted in a message.
const QUOTED_CHARS: usize = 60;
/// Lines of a diff shown in a message: the first lines that differ, and some context.
const DIFF_LINES: usize = 12;

/// The statement's sample.
const SAMPLE: &str = "3\n3\n3 4 5\n2\n2 2\n4\n0 0 0 6\n";

const ZERO_BASED: &str = "The output counts heaps from 1: heap i in the output is `heaps[i - 1]` \
in your Vec, so print `index + 1` (3 4 5 -> `first 1 2`).";
const EXTRA_WORDS: &str = "Print exactly `first i k` or `second`, nothing more on the line: the \
checker reads every word, and an extra number answers nothing. Notes and debugging go to \
standard error (`eprintln!`), which the checker never reads.";
const DEBUG_OUTPUT: &str = "Standard output holds the answers and nothing else: print debugging \
messages with `eprintln!` (standard error), which the checker never reads.";
const ONE_LINE_EACH: &str = "Print exactly one line per position, in order, `second` when the \
nim-sum is 0: the checker reads line i as the answer to position i, so one missing line \
shifts every answer after it.";
const LAYOUT: &str = "Your answers fit this input read as one line \"n a1 ... an\" per \
position, but the statement puts n on one line and the n sizes on the next. Reading tokens \
(`split_ascii_whitespace` on all of the input) makes line breaks irrelevant.";
const SUM_OVERFLOW: &str = "Sizes up to 10^9 fit in an i32, but sums of them do not (three \
heaps of 10^9 make 3,000,000,000). You do not need the total at all (an all-zero position \
has nim-sum 0), and u64 sizes are safest.";
const NOTHING_TO_UNWRAP: &str = "An `unwrap()` found nothing. If it was the next number of \
the input, read exactly T positions of n sizes each; if it was the search for a heap with \
`a ^ X < a`, there is none when the nim-sum is 0: print `second` before searching.";
const NOT_A_NUMBER: &str = "A word did not parse as a number: split the input with \
`split_ascii_whitespace` (spaces and line breaks, `\\r` included, all separate numbers), and \
parse each word alone.";
/// A single `read` of a buffer this size, or less, cannot hold the larger input files.
const ONE_READ_BYTES: usize = 64 << 10;
const TYPE_A_POSITION: &str =
    "type the heap sizes of one position, for example `cargo grader try pile_referee 3 4 5`";

/// The problem of the pile referee, as a contest judge runs it.
pub struct Referee;

/// An input file: its positions, each a list of heap sizes.
type Positions = Vec<Vec<u64>>;

impl Contest for Referee {
    type Input = Positions;
    const NAME: &'static str = "pile_referee";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "reading the input once and one pass over each \
         position's heaps: the other heaps XOR to X ^ a, so there is no need to recompute them \
         for every heap (O(n) per position of n heaps)";

    fn files(seed: Seed) -> Vec<InputFile> {
        let file = |name: &str, positions: &[Vec<u64>]| InputFile {
            name: name.to_string(),
            text: write(positions),
        };
        vec![
            InputFile {
                name: "the sample".to_string(),
                text: SAMPLE.to_string(),
            },
            file(
                "edge cases: single heaps of 0, 1 and 1,000,000,000, zeros only, sums beyond \
                 32 bits, several winning moves, and each 2^k and 2^k - 1 up to 10^9",
                &edge_positions(),
            ),
            file(
                "2,000 random positions of 1 to 30 heaps, half of them lost",
                &random_positions(seed),
            ),
            file(
                "the most positions: T = 10,000, with 200,000 heaps in all",
                &most_positions(seed),
            ),
            file(
                "the largest position: 200,000 heaps, won only by a move on heap 150,001",
                &[largest_won_position(seed)],
            ),
        ]
    }

    fn read(text: &str) -> Result<Positions, String> {
        read_positions(text)
    }

    fn promises() -> Vec<Promise<Positions>> {
        let t = |positions: &Positions| positions.len() as u64;
        vec![
            Promise::at_least("1 <= T <= 10,000", "positions", 1, t),
            Promise::at_most("1 <= T <= 10,000", "positions", MAX_POSITIONS as u64, t),
            Promise::at_least(
                "every position has n >= 1 heaps",
                "heaps in the smallest position",
                1,
                |positions| {
                    positions
                        .iter()
                        .map(|heaps| heaps.len() as u64)
                        .min()
                        .unwrap_or(1)
                },
            ),
            Promise::at_most(
                "the total of n over all positions is at most 200,000",
                "heaps in all",
                MAX_HEAPS as u64,
                |positions| positions.iter().map(|heaps| heaps.len() as u64).sum(),
            ),
            Promise::every_value(
                "heap sizes from 0 to 1,000,000,000",
                "heap sizes",
                MAX_SIZE,
                |positions, seen| positions.iter().flatten().for_each(|&heap| seen(heap)),
            ),
        ]
    }

    const TYPED: &'static [&'static str] = &["heaps"];

    fn typed(words: &[String]) -> Result<String, String> {
        let heaps = Vec::<u64>::parse_value(&words.join(" "))
            .map_err(|error| format!("heap sizes: {error}"))?;
        if heaps.is_empty() {
            return Err(TYPE_A_POSITION.to_string());
        }
        Ok(write(&[heaps]))
    }

    fn cases(positions: &Positions) -> usize {
        positions.len()
    }

    fn output_bytes(positions: &Positions) -> u64 {
        LINE_BYTES * positions.len() as u64 + LINE_BYTES
    }

    fn check(positions: &Positions, output: &str) -> Result<(), Box<Rejection>> {
        let lines = answer_lines(output);
        let shifted = lines.len() != positions.len();
        // The first wrong line is shown; every wrong line is evidence for its advice.
        let mut evidence = Evidence::default();
        let mut first = None;
        let mut passes = Vec::new();
        for (p, heaps) in positions.iter().enumerate() {
            let Some(line) = lines.get(p) else {
                if first.is_none() {
                    return Err(Box::new(missing_line(positions, &lines, p + 1)));
                }
                break;
            };
            match check_line(heaps, p + 1, line) {
                Err(wrong) => {
                    evidence.weigh(&wrong);
                    first.get_or_insert((p, line, wrong));
                }
                Ok(()) if passes.len() < CHECKED_PASSES => passes.push((heaps, *line)),
                Ok(()) => {}
            }
        }
        // A right line the code with a mistake would get wrong clears the mistake.
        for mistake in evidence.explaining() {
            if passes
                .iter()
                .any(|(heaps, line)| wrong_under(heaps, line, mistake))
            {
                evidence.clear(mistake);
            }
        }
        if let Some((p, line, wrong)) = first {
            let number = p + 1;
            let mut mistake = wrong
                .decided(&evidence)
                .maybe_advice(layout_advice(positions, &lines))
                .maybe_advice(shifted.then(|| ONE_LINE_EACH.to_string()));
            if shifted || !well_formed(line) {
                mistake.rule = format!("{}\n{}", mistake.rule, diff(positions, &lines));
            }
            return Err(Box::new(Rejection {
                case: number,
                input: position_shown(positions, p),
                output: format!("line {number}: {}", quoted(line)),
                mistake,
                size: positions[p].measure(),
            }));
        }
        match lines.get(positions.len()) {
            None => Ok(()),
            Some(extra) => Err(Box::new(extra_line(positions, &lines, extra))),
        }
    }

    fn mistakes() -> Vec<&'static str> {
        vec![
            "words after the answer",
            "a negative count",
            "heaps counted from 0",
            "k as the size left",
        ]
    }

    fn show(positions: &Positions) -> String {
        let heaps: usize = positions.iter().map(Vec::len).sum();
        format!(
            "the whole input file, {} with {} in all: {}",
            count(positions.len(), "position", "positions"),
            count(heaps, "heap", "heaps"),
            list(positions)
        )
    }

    fn measure(positions: &Positions) -> u64 {
        positions.measure()
    }

    fn panic_advice(positions: &Positions, message: &str, bytes: usize) -> Option<String> {
        let advice = if overflow::is_add_overflow(message) {
            // What an i32 sum of one position's sizes would reach.
            let largest_sum = positions
                .iter()
                .map(|heaps| heaps.iter().map(|&heap| u128::from(heap)).sum())
                .max()
                .unwrap_or(0);
            let limit = i32::MAX as u128;
            return Some(overflow::add_overflow_advice(
                message,
                largest_sum,
                limit,
                SUM_OVERFLOW,
            ));
        } else if message.contains("on a `None` value") && bytes > ONE_READ_BYTES {
            return Some(format!(
                "An `unwrap()` found nothing. This input is {} bytes: one `read` call \
                 returns at most its buffer's length, and may return less, so a program that \
                 reads once runs out of numbers. Read all of standard input with \
                 `std::io::read_to_string(std::io::stdin())`. (If it was the search for a heap \
                 with `a ^ X < a`, there is none when the nim-sum is 0: print `second` before \
                 searching.)",
                thousands(bytes as u64)
            ));
        } else if message.contains("on a `None` value") {
            NOTHING_TO_UNWRAP
        } else if message.contains("PosOverflow") {
            return Some(too_large_advice(positions));
        } else if message.contains("ParseIntError") {
            NOT_A_NUMBER
        } else {
            return None;
        };
        Some(advice.to_string())
    }

    fn explain(positions: &Positions, output: &str) -> Option<String> {
        let heaps = positions.first()?;
        let line = *answer_lines(output).first()?;
        let printed = format!("Your program printed `{}`.", quoted(line));
        let Some((i, k)) = legal_move(heaps, line) else {
            let text = format!(
                "{printed} The position {} has nim-sum {}.",
                list(heaps),
                nim_sum(heaps)
            );
            return Some(with_columns(text, heaps));
        };
        let mut after = heaps.clone();
        after[i - 1] -= k;
        let text = format!(
            "{printed} After taking {k} from heap {i}, the position is {}, with nim-sum {}.",
            list(&after),
            nim_sum(&after)
        );
        Some(with_columns(text, &after))
    }
}

/// An input file holding `positions`, in the statement's format.
fn write(positions: &[Vec<u64>]) -> String {
    let mut text = format!("{}\n", positions.len());
    for heaps in positions {
        let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
        text.push_str(&format!("{}\n{}\n", heaps.len(), sizes.join(" ")));
    }
    text
}

/// The statement's format: T, then for each position a line with n and a line with
/// the n sizes separated by single spaces; every line ends with a newline; numbers are
/// written without signs or leading zeros. (Its limits are [`Referee::promises`].)
fn read_positions(text: &str) -> Result<Positions, String> {
    let body = text
        .strip_suffix('\n')
        .ok_or("the file does not end with a line break")?;
    let mut lines = body.split('\n').zip(1..);
    let mut next_line = |what: &str| {
        lines
            .next()
            .ok_or_else(|| format!("the file ends before {what}"))
    };
    let (line, at) = next_line("T")?;
    let t = number(line).map_err(|e| format!("line {at}: T {e}"))?;
    let mut positions = Vec::new();
    for p in 1..=t {
        let (line, at) = next_line(&format!("position {p} of {t}"))?;
        let n = number(line).map_err(|e| format!("line {at}: n {e}"))?;
        let (line, at) = next_line(&format!("the sizes of position {p}"))?;
        let words = line.split(' ').filter(|_| !line.is_empty());
        let sizes = words
            .map(number)
            .collect::<Result<Vec<u64>, String>>()
            .map_err(|e| format!("line {at}: a size {e}"))?;
        if sizes.len() as u64 != n {
            return Err(format!("line {at}: {} sizes where n is {n}", sizes.len()));
        }
        positions.push(sizes);
    }
    if let Some((_, at)) = lines.next() {
        return Err(format!("line {at}: more lines after the last position"));
    }
    Ok(positions)
}

/// A number written plainly: digits, and no leading zero.
fn number(word: &str) -> Result<u64, String> {
    let plain = !word.is_empty()
        && word.bytes().all(|b| b.is_ascii_digit())
        && (word == "0" || !word.starts_with('0'));
    match word.parse::<u64>() {
        Ok(value) if plain => Ok(value),
        _ => Err(format!("`{word}` is not a number written plainly")),
    }
}

fn edge_positions() -> Positions {
    let big = MAX_SIZE;
    let mut zeros_then_win = vec![0; 999];
    zeros_then_win.push(5);
    vec![
        vec![0],
        vec![1],
        vec![big],
        vec![0; 5],
        vec![2, 2, 1],
        vec![2, 1],
        vec![big, big, big],
        vec![big, big],
        vec![1, 1],
        vec![3, 5, 7],
        vec![1, 2, 3],
        vec![6, 10, 12, 1],
        vec![1, 2, 4, 7],
        vec![0, 0, 0, 6],
        vec![big, 1, big - 1],
        vec![1 << 29, (1 << 29) + 1, 1],
        vec![7; 30],
        vec![7; 31],
        zeros_then_win,
        promise::patterns(MAX_SIZE)
            .into_iter()
            .map(|pattern| pattern.value)
            .collect(),
    ]
}

/// Random positions of 1 to 30 heaps of every magnitude, every other one made lost.
fn random_positions(seed: Seed) -> Positions {
    let mut rng = seed.rng(81);
    (0..2000)
        .map(|p| {
            let n = rng.random_range(1..=30);
            let magnitude = rng.random_range(0..4);
            match p % 2 {
                0 => {
                    let bits = [3, 10, 20, LOSING_BITS][magnitude];
                    make_losing(random_heaps_of_bits(&mut rng, n, bits))
                }
                _ => {
                    let max = [7, 1000, 1_000_000, MAX_SIZE][magnitude];
                    (0..n).map(|_| rng.random_range(0..=max)).collect()
                }
            }
        })
        .collect()
}

/// T = 10,000 positions of 200,000 heaps in all, of random lengths, every other one lost.
fn most_positions(seed: Seed) -> Positions {
    let mut rng = seed.rng(82);
    let mut lengths = vec![1; MAX_POSITIONS];
    for _ in MAX_POSITIONS..MAX_HEAPS {
        lengths[rng.random_range(0..MAX_POSITIONS)] += 1;
    }
    lengths
        .into_iter()
        .enumerate()
        .map(|(p, n)| match p % 2 {
            0 => make_losing(random_heaps_of_bits(&mut rng, n, LOSING_BITS)),
            _ => (0..n).map(|_| rng.random_range(0..=MAX_SIZE)).collect(),
        })
        .collect()
}

/// The heap, counted from 0, of the one winning move of the largest position: its number
/// counted from 1, 150,001, does not fit in 16 bits, so a counter that narrow prints
/// another heap.
const ONLY_WINNING_HEAP: usize = 150_000;

/// A position of 200,000 heaps won only by a move on heap [`ONLY_WINNING_HEAP`]: every
/// heap before it must be looked at, and none of them qualifies. A lost position made
/// won: that heap alone gets the bit above all others' (its lower bits made few first,
/// their change made up on the first heap, so that it stays at most 10^9).
fn largest_won_position(seed: Seed) -> Vec<u64> {
    let mut rng = seed.rng(83);
    let mut heaps = make_losing(random_heaps_of_bits(&mut rng, MAX_HEAPS, LOSING_BITS));
    let low = heaps[ONLY_WINNING_HEAP] & ((1 << (LOSING_BITS - 1)) - 1);
    heaps[0] ^= heaps[ONLY_WINNING_HEAP] ^ low;
    heaps[ONLY_WINNING_HEAP] = low | 1 << LOSING_BITS;
    heaps
}

/// A number of an input file, as the statement names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Number {
    /// T, or a position's n.
    Count(u64),
    Size(u64),
}

/// The first number of `positions`, in the order a program reads them, above `limit`.
fn first_above(positions: &Positions, limit: u64) -> Option<Number> {
    let t = std::iter::once(Number::Count(positions.len() as u64));
    let each = positions.iter().flat_map(|heaps| {
        let n = std::iter::once(Number::Count(heaps.len() as u64));
        n.chain(heaps.iter().map(|&heap| Number::Size(heap)))
    });
    t.chain(each).find(|number| match *number {
        Number::Count(n) | Number::Size(n) => n > limit,
    })
}

/// The advice for a number too large for the type it was parsed into: the count or the
/// size that is the first of this input past every narrow type (8 or 16 bits, signed or
/// not), when it is the same kind of number for all of them.
fn too_large_advice(positions: &Positions) -> String {
    let limits = [i8::MAX as u64, u8::MAX as u64, i16::MAX as u64, u16::MAX as u64];
    let firsts: Vec<Number> = limits
        .iter()
        .filter_map(|&limit| first_above(positions, limit))
        .collect();
    let all_counts = firsts.iter().all(|n| matches!(n, Number::Count(_)));
    let all_sizes = firsts.iter().all(|n| matches!(n, Number::Size(_)));
    let what = match firsts.first() {
        Some(Number::Count(n)) if all_counts => format!(
            "the first number of this input too large for a narrow type is a count, {}: \
             parse T and each n as usize",
            thousands(*n)
        ),
        Some(Number::Size(n)) if all_sizes => format!(
            "the first number of this input too large for a narrow type is a heap size, {}: \
             parse sizes as u64 (they go up to 1,000,000,000)",
            thousands(*n)
        ),
        _ => "parse T and each n as usize, and sizes as u64".to_string(),
    };
    format!("A number did not fit the type it was parsed into: {what}.")
}

/// The output's lines, without the blank lines at its end.
fn answer_lines(output: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = output.lines().collect();
    while lines.last().is_some_and(|line| line.trim().is_empty()) {
        lines.pop();
    }
    lines
}

/// A line of the learner's output, safe to show and at most a line long.
fn quoted(line: &str) -> String {
    let line = line.trim_end();
    let shown: String = line.chars().take(QUOTED_CHARS).collect();
    let more = if shown.len() < line.len() { "..." } else { "" };
    format!("{}{more}", visible(&shown))
}

fn position_shown(positions: &Positions, p: usize) -> String {
    format!(
        "position {} of {}: heaps {}",
        p + 1,
        positions.len(),
        list(&positions[p])
    )
}

/// The grader's own answer: the first heap with the nim-sum's highest bit, from 1.
fn winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let x = nim_sum(heaps);
    let index = heaps.iter().position(|&a| x != 0 && a ^ x < a)?;
    Some((index + 1, heaps[index] - (heaps[index] ^ x)))
}

/// The grader's answer line for a position.
fn answer(heaps: &[u64]) -> String {
    match winning_move(heaps) {
        Some((i, k)) => format!("first {i} {k}"),
        None => "second".to_string(),
    }
}

/// Whether taking `k` from the heap at 0-based `index` leaves nim-sum 0.
fn wins(heaps: &[u64], index: usize, k: u64) -> bool {
    heaps
        .get(index)
        .is_some_and(|&a| (1..=a).contains(&k) && nim_sum(heaps) ^ a ^ (a - k) == 0)
}

/// The move `first i k` of a line, when it is a legal move on `heaps`.
fn legal_move(heaps: &[u64], line: &str) -> Option<(usize, u64)> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let ["first", i, k] = words.as_slice() else {
        return None;
    };
    let (i, k) = (i.parse::<usize>().ok()?, k.parse::<u64>().ok()?);
    let a = *heaps.get(i.checked_sub(1)?)?;
    (1..=a).contains(&k).then_some((i, k))
}

/// Whether a line has the shape of an answer: `second`, or `first` and two words.
fn well_formed(line: &str) -> bool {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    matches!(words.as_slice(), ["second"] | ["first", _, _])
}

/// Checks the answer on line `number` to the position `heaps`.
fn check_line(heaps: &[u64], number: usize, line: &str) -> Result<(), Wrong> {
    let x = nim_sum(heaps);
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    match words.as_slice() {
        ["second"] if x == 0 => Ok(()),
        ["second"] => {
            let rule = format!(
                "Position {number}, {}, is won by the first player: its nim-sum is {x}, not 0, \
                 so line {number} must be `first i k`, for example `{}`. You printed `second`.",
                list(heaps),
                answer(heaps)
            );
            Err(Wrong::new(with_columns(rule, heaps)))
        }
        ["first", _, _] if x == 0 => {
            let rule = format!(
                "Position {number}, {}, is lost for the first player: its nim-sum is 0, so every \
                 move leaves a nonzero nim-sum. Line {number} must be `second`.",
                list(heaps)
            );
            Err(Wrong::new(with_columns(rule, heaps)))
        }
        ["first", i, k] => check_move(heaps, number, i, k),
        [] => Err(Wrong::new(format!(
            "Line {number} is empty: each line answers one position, with `second` or \
             `first i k`."
        ))),
        ["first" | "second", ..] => Err(Wrong::new(format!(
            "Line {number} is `{}`: an answer is `second` alone, or `first i k`, three words; \
             this line has {}.",
            quoted(line),
            count(words.len(), "word", "words")
        ))
        .suspect("words after the answer", EXTRA_WORDS)),
        _ => Err(Wrong::new(format!(
            "Line {number} is `{}`, which is no answer: each line is `second` or `first i k`, \
             in lowercase as the statement writes them.",
            quoted(line)
        ))),
    }
}

/// Checks `first i k` on line `number`, for a position the first player wins.
fn check_move(heaps: &[u64], number: usize, i: &str, k: &str) -> Result<(), Wrong> {
    let (n, x) = (heaps.len(), nim_sum(heaps));
    let Ok(i) = i.parse::<usize>() else {
        return Err(Wrong::new(format!(
            "In line {number}, `{}` is not a heap number: position {number} has heaps 1 to {n}.",
            quoted(i)
        )));
    };
    let k = match (k.parse::<u64>(), k.parse::<i64>()) {
        (Ok(k), _) => k,
        (_, Ok(negative)) => {
            return Err(Wrong::new(format!(
                "In line {number}, k is {negative}: k counts the stones taken, so it is at \
                 least 1."
            ))
            .suspect("a negative count", grow_advice(heaps, i, x)));
        }
        _ => {
            return Err(Wrong::new(format!(
                "In line {number}, `{}` is not a whole number of stones.",
                quoted(k)
            )));
        }
    };
    if i == 0 {
        return Err(Wrong::new(format!(
            "Line {number} names heap 0, but heaps are numbered from 1: position {number} has \
             {}.",
            numbered_heaps(n)
        ))
        .maybe_suspect(zero_based(heaps, 0, k)));
    }
    let Some(&a) = heaps.get(i - 1) else {
        return Err(Wrong::new(format!(
            "Line {number} names heap {i}, but position {number} has {}.",
            numbered_heaps(n)
        )));
    };
    let size_left = (a ^ x < a && k == a ^ x).then(|| {
        let advice = format!(
            "k is the number of stones taken, a - (a ^ X) = {}, not the size left, a ^ X = \
             {k}.",
            a - k
        );
        ("k as the size left", advice)
    });
    let rule = if k == 0 {
        format!("Line {number}, `first {i} 0`, takes no stone: k is at least 1.")
    } else if k > a {
        format!("Line {number} takes {k} stones from heap {i}, which holds only {a}.")
    } else if x ^ a ^ (a - k) != 0 {
        with_columns(
            format!(
                "Taking {k} from heap {i} ({a} -> {}) leaves nim-sum {}, not 0, so the second \
                 player wins from there.",
                a - k,
                x ^ a ^ (a - k)
            ),
            heaps,
        )
    } else {
        return Ok(());
    };
    Err(Wrong::new(rule)
        .maybe_suspect(size_left)
        .maybe_suspect(zero_based(heaps, i, k)))
}

/// Whether code that makes `mistake` would have written something else than `line`, a
/// right answer to `heaps`: a right line read as counting heaps from 0 does not win, or
/// its k is not the size it leaves.
fn wrong_under(heaps: &[u64], line: &str, mistake: &str) -> bool {
    let Some((i, k)) = legal_move(heaps, line) else {
        return false;
    };
    let (a, x) = (heaps[i - 1], nim_sum(heaps));
    match mistake {
        "heaps counted from 0" => !wins(heaps, i, k),
        "k as the size left" => k != a ^ x,
        _ => false,
    }
}

/// The mistake of counting heaps from 0, when `first i k` would win with heap `i`
/// counted from 0 (it is heap i + 1 counted from 1).
fn zero_based(heaps: &[u64], i: usize, k: u64) -> Option<(&'static str, String)> {
    wins(heaps, i, k).then(|| ("heaps counted from 0", ZERO_BASED.to_string()))
}

/// "1 heap, heap 1", "3 heaps, numbered 1 to 3": heaps as the output counts them.
fn numbered_heaps(n: usize) -> String {
    match n {
        1 => "1 heap, heap 1".to_string(),
        _ => format!("{}, numbered 1 to {n}", count(n, "heap", "heaps")),
    }
}

/// Advice for a negative k: the heap was chosen by its size, and would have to grow.
fn grow_advice(heaps: &[u64], i: usize, x: u64) -> String {
    let grows = i
        .checked_sub(1)
        .and_then(|index| heaps.get(index))
        .filter(|&&a| a ^ x > a)
        .map(|&a| {
            format!(
                "Heap {i} ({a}) would have to grow to a ^ X = {} to leave nim-sum 0. ",
                a ^ x
            )
        });
    format!(
        "{}Take from a heap `a` with `a ^ X < a` (it has the nim-sum's highest set bit), \
         whatever its size: k = a - (a ^ X) is then at least 1.",
        grows.unwrap_or_default()
    )
}

/// The rejection of an output that stops before the answer to position `number`.
fn missing_line(positions: &Positions, lines: &[&str], number: usize) -> Rejection {
    let positions_count = count(positions.len(), "position", "positions");
    let rule = if lines.is_empty() {
        format!("Your output is empty, but the input has {positions_count}: one line each.")
    } else {
        format!(
            "Your output ends after line {}, but the input has {positions_count}: the answer \
             to position {number} is missing.\n{}",
            lines.len(),
            diff(positions, lines)
        )
    };
    Rejection {
        case: number,
        input: position_shown(positions, number - 1),
        output: format!("line {number}: (missing)"),
        mistake: Mistake::new(rule).advice(ONE_LINE_EACH),
        size: positions[number - 1].measure(),
    }
}

/// The rejection of an output with a line after the last answer.
fn extra_line(positions: &Positions, lines: &[&str], extra: &str) -> Rejection {
    let number = positions.len() + 1;
    let rule = format!(
        "Your output has {} lines, but the input has only {}: line {number} (`{}`) answers no \
         position.\n{}",
        lines.len(),
        count(positions.len(), "position", "positions"),
        quoted(extra),
        diff(positions, lines)
    );
    Rejection {
        case: positions.len(),
        input: Referee::show(positions),
        output: format!("line {number}: {}", quoted(extra)),
        mistake: Mistake::new(rule).advice(DEBUG_OUTPUT),
        size: positions.measure(),
    }
}

/// A short diff to the learner's output from the accepted output closest to it: their
/// right lines, and the grader's answer where a line is wrong or missing.
fn diff(positions: &Positions, lines: &[&str]) -> String {
    let accepted: String = positions
        .iter()
        .enumerate()
        .map(|(p, heaps)| match lines.get(p) {
            Some(line) if check_line(heaps, p + 1, line).is_ok() => quoted(line) + "\n",
            _ => answer(heaps) + "\n",
        })
        .collect();
    let yours: String = lines.iter().map(|line| quoted(line) + "\n").collect();
    diff_of_at_most(
        DIFF_LINES,
        "an accepted output",
        &accepted,
        "your output",
        &yours,
    )
}

/// Advice when every line answers the input misread as one line "n a1 ... an" per position.
fn layout_advice(positions: &Positions, lines: &[&str]) -> Option<String> {
    let text = write(positions);
    let misread: Positions = text
        .lines()
        .skip(1)
        .take(positions.len())
        .map(|line| {
            let mut numbers = line.split(' ').map(|word| word.parse::<u64>().unwrap_or(0));
            let n = numbers.next().unwrap_or(0) as usize;
            numbers.take(n).collect()
        })
        .collect();
    let fits = lines.len() == misread.len()
        && lines
            .iter()
            .zip(&misread)
            .zip(1..)
            .all(|((line, heaps), number)| check_line(heaps, number, line).is_ok());
    fits.then(|| LAYOUT.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Positions {
        read_positions(SAMPLE).unwrap()
    }

    fn rejection(output: &str) -> Box<Rejection> {
        Referee::check(&sample(), output).unwrap_err()
    }

    /// The mistakes suspected on one line, with their advice.
    fn suspected(heaps: &[u64], line: &str) -> Vec<(&'static str, String)> {
        let wrong = check_line(heaps, 1, line).unwrap_err();
        wrong
            .suspects
            .into_iter()
            .map(|s| (s.mistake, s.advice))
            .collect()
    }

    fn rejection_on(heaps: &[u64], output: &str) -> Box<Rejection> {
        Referee::check(&vec![heaps.to_vec()], output).unwrap_err()
    }

    #[test]
    fn the_sample_reads_and_writes_back() {
        assert_eq!(sample(), vec![vec![3, 4, 5], vec![2, 2], vec![0, 0, 0, 6]]);
        assert_eq!(write(&sample()), SAMPLE);
        let answers: Vec<String> = sample().iter().map(|heaps| answer(heaps)).collect();
        assert_eq!(answers, ["first 1 2", "second", "first 4 6"]);
    }

    #[test]
    fn the_validator_names_every_broken_promise() {
        let validated = |text: &str| {
            read_positions(text).and_then(|positions| {
                promise::validate(&Referee::promises(), &positions).map(|()| positions)
            })
        };
        let broken = [
            ("0\n", "0 positions, fewer than the 1 promised"),
            (
                &*write(&vec![vec![1]; 10_001]),
                "10,001 positions, more than the 10,000 promised",
            ),
            (
                "1\n0\n\n",
                "0 heaps in the smallest position, fewer than the 1 promised",
            ),
            ("1\n1\n1000000001\n", "1,000,000,001 among the heap sizes"),
            ("1\n1\n-1\n", "`-1` is not a number written plainly"),
            ("1\n1\n07\n", "`07`"),
            ("1\n2\n1  2\n", "line 3: a size ``"),
            ("1\n2\n1 2 3\n", "line 3: 3 sizes where n is 2"),
            ("1\n1\n5", "does not end with a line break"),
            ("2\n1\n5\n", "ends before position 2 of 2"),
            ("1\n1\n5\n1\n", "line 4: more lines after the last position"),
            ("1\n1\r\n5\n", "not a number written plainly"),
        ];
        for (text, problem) in broken {
            let error = validated(text).unwrap_err();
            assert!(
                error.contains(problem),
                "{:?}: {error}",
                &text[..text.len().min(20)]
            );
        }
        let too_many = write(&[vec![0; 100_000], vec![0; 100_001]]);
        assert!(
            validated(&too_many)
                .unwrap_err()
                .contains("200,001 heaps in all, more than the 200,000 promised")
        );
        assert_eq!(
            validated("1\n2\n0 1000000000\n"),
            Ok(vec![vec![0, MAX_SIZE]])
        );
    }

    #[test]
    fn the_files_reach_the_limits_and_no_further() {
        let files = Referee::files(Seed::DEFAULT);
        assert_eq!(files.len(), 5);
        let inputs: Vec<Positions> = files
            .iter()
            .map(|file| read_positions(&file.text).unwrap())
            .collect();
        let heaps = |positions: &Positions| positions.iter().map(Vec::len).sum::<usize>();
        assert_eq!(inputs[3].len(), MAX_POSITIONS);
        assert_eq!(heaps(&inputs[3]), MAX_HEAPS);
        assert_eq!(inputs[4].len(), 1);
        assert_eq!(inputs[4][0], largest_won_position(Seed::DEFAULT));
        // Half the random positions are lost.
        let lost = inputs[2].iter().filter(|heaps| nim_sum(heaps) == 0).count();
        assert!((1000..1100).contains(&lost), "{lost}");
        // The 32-bit traps: three heaps of 10^9 add up past i32::MAX.
        assert!(inputs[1].contains(&vec![MAX_SIZE; 3]));
        assert!(3 * MAX_SIZE > i32::MAX as u64);
        assert_ne!(
            Referee::files(Seed(1))[2],
            files[2],
            "random files follow the seed"
        );
    }

    #[test]
    fn the_largest_position_is_won_only_on_a_heap_past_16_bits() {
        let heaps = largest_won_position(Seed::DEFAULT);
        assert_eq!(heaps.len(), MAX_HEAPS);
        assert!(heaps.iter().all(|&heap| heap <= MAX_SIZE));
        let x = nim_sum(&heaps);
        let winning: Vec<usize> = (0..heaps.len())
            .filter(|&i| heaps[i] ^ x < heaps[i])
            .collect();
        assert_eq!(winning, [ONLY_WINNING_HEAP]);
        assert!(ONLY_WINNING_HEAP + 1 > u16::MAX as usize);
    }

    /// As the lesson says: every word and line is read, but spaces around the words,
    /// Windows line ends and blank lines at the very end are not wrong answers.
    #[test]
    fn the_checker_reads_every_word_but_not_the_spacing() {
        let positions = sample();
        for spaced in [
            "first 1 2\nsecond\nfirst 4 6\n",
            " first  1 2 \r\nsecond\r\nfirst 4 6\r\n\n\n",
            "first 1 2\nsecond\nfirst 4 6",
        ] {
            assert!(Referee::check(&positions, spaced).is_ok(), "{spaced:?}");
        }
        for extra in [
            "first 1 2 1\nsecond\nfirst 4 6\n",
            "first 1 2\nsecond\nfirst 4 6\ndone\n",
            "first 1 2\n\nsecond\nfirst 4 6\n",
        ] {
            assert!(Referee::check(&positions, extra).is_err(), "{extra:?}");
        }
    }

    #[test]
    fn every_winning_move_is_accepted() {
        assert_eq!(
            Referee::check(&sample(), "first 1 2\nsecond\nfirst 4 6\n"),
            Ok(())
        );
        // No final line break, spaces around the words, Windows line ends, blank lines at the end.
        assert_eq!(
            Referee::check(&sample(), "first 1 2\r\n  second \nfirst 4 6\n\n\n"),
            Ok(())
        );
        let several = vec![vec![3, 5, 7]];
        for line in ["first 1 1", "first 2 1", "first 3 1"] {
            assert_eq!(Referee::check(&several, line), Ok(()));
        }
    }

    #[test]
    fn wrong_moves_are_named_with_their_line() {
        let zero_based = rejection("first 0 2\nsecond\nfirst 3 6\n");
        assert_eq!(zero_based.case, 1);
        assert_eq!(zero_based.output, "line 1: first 0 2");
        assert!(zero_based.mistake.rule.contains("Line 1 names heap 0"));
        assert_eq!(zero_based.mistake.advice.as_deref(), Some(ZERO_BASED));
        // 4 5 has nim-sum 1: heap 2 counted from 0 is heap 1 counted from 1.
        let shifted = rejection_on(&[4, 5], "first 1 1");
        assert!(
            shifted.mistake.rule.contains("leaves nim-sum 6"),
            "{}",
            shifted.mistake.rule
        );
        assert_eq!(
            shifted.mistake.advice, None,
            "one wrong line proves nothing"
        );
        assert_eq!(
            suspected(&[4, 5], "first 1 1"),
            [("heaps counted from 0", ZERO_BASED.to_string())]
        );

        let size_left = rejection("first 1 1\nsecond\nfirst 4 6\n");
        assert!(
            size_left
                .mistake
                .rule
                .contains("Taking 1 from heap 1 (3 -> 2) leaves nim-sum 3")
        );
        let advice = &suspected(&[3, 4, 5], "first 1 1")[0].1;
        assert!(
            advice.contains("a - (a ^ X) = 2, not the size left, a ^ X = 1"),
            "{advice}"
        );
        let takes_nothing = rejection_on(&[0, 0, 0, 6], "first 4 0");
        assert!(takes_nothing.mistake.rule.contains("takes no stone"));
        assert!(
            suspected(&[0, 0, 0, 6], "first 4 0")[0]
                .1
                .contains("not the size left")
        );

        let negative = rejection_on(&[2, 2, 1], "first 1 -1");
        assert!(negative.mistake.rule.contains("k is -1"));
        let advice = &suspected(&[2, 2, 1], "first 1 -1")[0].1;
        assert!(
            advice.contains("Heap 1 (2) would have to grow to a ^ X = 3"),
            "{advice}"
        );
        assert!(
            rejection_on(&[3], "first 1 4")
                .mistake
                .rule
                .contains("which holds only 3")
        );
        assert!(
            rejection_on(&[3], "first 2 3")
                .mistake
                .rule
                .contains("has 1 heap, heap 1.")
        );
        assert!(
            rejection_on(&[3, 1], "first 3 1")
                .mistake
                .rule
                .contains("has 2 heaps, numbered 1 to 2.")
        );
        assert!(
            rejection_on(&[3], "first one 3")
                .mistake
                .rule
                .contains("`one` is not a heap number")
        );
        assert!(
            rejection_on(&[3], "first 1 3x")
                .mistake
                .rule
                .contains("`3x` is not a whole number")
        );
        assert!(
            rejection_on(&[2, 2], "first 1 1")
                .mistake
                .rule
                .contains("must be `second`")
        );
        assert!(
            rejection_on(&[3], "second")
                .mistake
                .rule
                .contains("for example `first 1 3`")
        );
        assert!(
            rejection_on(&[3], "First 1 3")
                .mistake
                .rule
                .contains("which is no answer")
        );
    }

    #[test]
    fn a_mistake_is_named_only_when_every_wrong_line_and_no_right_one_shows_it() {
        let positions = vec![
            vec![3, 4, 5],
            vec![3, 4, 5],
            vec![0, 0, 0, 6],
            vec![0, 0, 0, 6],
        ];
        let zero_based = "first 0 2\nfirst 0 2\nfirst 3 6\nfirst 3 6\n";
        let named = Referee::check(&positions, zero_based).unwrap_err();
        assert_eq!(named.mistake.advice.as_deref(), Some(ZERO_BASED));
        // Right lines read as counting from 0 would not win: not the code's mistake.
        let right_first = "first 1 2\nfirst 1 2\nfirst 3 6\nfirst 3 6\n";
        let cleared = Referee::check(&positions, right_first).unwrap_err();
        assert_eq!(cleared.mistake.advice, None);
    }

    #[test]
    fn missing_and_extra_lines_get_a_diff() {
        let missing = rejection("first 1 2\nfirst 4 6\n");
        assert_eq!(missing.case, 2);
        assert!(missing.mistake.rule.contains("must be `second`"));
        assert!(
            missing.mistake.rule.contains("+++ your output"),
            "{}",
            missing.mistake.rule
        );
        assert!(
            missing.mistake.rule.contains("\n-second\n"),
            "{}",
            missing.mistake.rule
        );
        assert_eq!(missing.mistake.advice.as_deref(), Some(ONE_LINE_EACH));

        let short = rejection("first 1 2\nsecond\n");
        assert_eq!(short.output, "line 3: (missing)");
        assert!(
            short
                .mistake
                .rule
                .contains("ends after line 2, but the input has 3 positions")
        );
        assert!(rejection("").mistake.rule.contains("Your output is empty"));

        let extra = rejection("first 1 2\nsecond\nfirst 4 6\ndone: 3 positions\n");
        assert!(
            extra
                .mistake
                .rule
                .contains("line 4 (`done: 3 positions`) answers no position")
        );
        assert!(
            extra.mistake.rule.contains("+done: 3 positions"),
            "{}",
            extra.mistake.rule
        );
        assert_eq!(extra.mistake.advice.as_deref(), Some(DEBUG_OUTPUT));

        let words = rejection("first 1 2 1\nsecond\nfirst 4 6 0\n");
        assert!(words.mistake.rule.contains("this line has 4 words"));
        assert!(
            words.mistake.rule.contains("-first 1 2\n+first 1 2 1"),
            "{}",
            words.mistake.rule
        );
        assert_eq!(words.mistake.advice.as_deref(), Some(EXTRA_WORDS));
    }

    #[test]
    fn answers_to_the_input_misread_one_line_per_position_are_recognised() {
        // The sample read as "n a1 ... an" lines: "3", "3 4 5" (sizes 4 5), "2".
        let misread = rejection("second\nfirst 2 1\nsecond\n");
        assert_eq!(misread.mistake.advice.as_deref(), Some(LAYOUT));
    }

    #[test]
    fn panics_get_advice() {
        let advice =
            |message| Referee::panic_advice(&sample(), message, SAMPLE.len()).unwrap_or_default();
        // The sample's sums fit in an i32: what overflowed there was narrower.
        let overflow = "attempt to add with overflow\n  at src/main.rs:9:5";
        assert!(advice(overflow).contains("overflowed at line 9"));
        assert!(!advice(overflow).contains("i32, but sums"));
        let large = vec![vec![MAX_SIZE; 3]];
        let total = Referee::panic_advice(&large, overflow, 30).unwrap();
        assert!(total.contains("Sizes up to 10^9 fit in an i32"), "{total}");
        // A number too large for its type: the count or the size this input has first.
        let too_large = "called `Result::unwrap()` on an `Err` value: ParseIntError { kind: \
                         PosOverflow }";
        let many_heaps = vec![vec![1; MAX_HEAPS]];
        let said = Referee::panic_advice(&many_heaps, too_large, 0).unwrap();
        assert!(said.contains("is a count, 200,000: parse T and each n as usize"), "{said}");
        let large_heap = vec![vec![3, MAX_SIZE]];
        let said = Referee::panic_advice(&large_heap, too_large, 0).unwrap();
        assert!(said.contains("is a heap size, 1,000,000,000"), "{said}");
        assert!(advice("called `Option::unwrap()` on a `None` value").contains("print `second`"));
        assert!(
            advice(
                "called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }"
            )
            .contains("split_ascii_whitespace")
        );
        assert_eq!(advice("boom"), "");
    }

    #[test]
    fn a_typed_position_is_one_input_and_try_explains_the_move() {
        let words: Vec<String> = ["3", "4", "5"].map(String::from).to_vec();
        assert_eq!(Referee::typed(&words), Ok("1\n3\n3 4 5\n".to_string()));
        assert!(
            Referee::typed(&[])
                .unwrap_err()
                .contains("try pile_referee 3 4 5")
        );
        assert!(TESTS.plan_typed(&words).is_ok());
        let outside = TESTS.plan_typed(&["2000000000".to_string()]).err().unwrap();
        assert!(
            outside.contains("outside what the exercise promises"),
            "{outside}"
        );
        let text = Referee::explain(&vec![vec![3, 4, 5]], "first 1 2\n").unwrap();
        assert!(
            text.contains("After taking 2 from heap 1, the position is [1, 4, 5], with nim-sum 0."),
            "{text}"
        );
        let text = Referee::explain(&vec![vec![3, 4, 5]], "second\n").unwrap();
        assert!(
            text.contains("The position [3, 4, 5] has nim-sum 2."),
            "{text}"
        );
    }
}
