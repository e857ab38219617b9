//! What the hidden tests of the Nim exercises share: their case groups, how they show a
//! position, and the advice every exercise on positions needs.

use xorlings_derive::{Show, Wire};

use super::cases::{self, MAX_HEAPS};
use super::promise::Promise;
use super::show::count;
use super::{Cases, Group, Seed};

pub use cases::nim_sum;

/// A move, as `nim_winning_move` and `misere_winning_move` return it: take `remove`
/// stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, PartialEq, Eq, Wire, Show)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// The groups of the exercises whose input is one position of up to a million heaps,
/// each position made an input by `make`.
pub fn position_groups<I>(seed: Seed, make: impl Fn(Vec<u64>) -> I) -> Vec<Group<I>> {
    let mut small = vec![Vec::new()];
    small.extend(cases::all_positions(4, 8));
    let mut losing: Vec<Vec<u64>> = cases::random_wide_positions(&mut seed.rng(14), 200, 12)
        .into_iter()
        .map(cases::make_losing)
        .collect();
    losing.push(vec![0; 1000]);
    let mut large = seed.rng(15);
    let mut last_heap_wins = seed.rng(17);
    let groups = vec![
        Group::new(
            "no heaps, and every position of 1 to 4 heaps of 0 to 8",
            small,
        ),
        Group::new(
            "a random position of every length up to 300 and of lengths like 65,537, \
             and random positions of up to 20 heaps, with heaps below 1,000",
            [
                cases::every_length(&mut seed.rng(16), MAX_HEAPS, 1000),
                cases::random_positions(&mut seed.rng(11), 300, 20, 1000),
            ]
            .concat(),
        ),
        Group::new(
            "full 64-bit heaps: random ones, ones that differ only above bit 31, ones near \
             u64::MAX, and every 2^k, 2^k - 1 and top bits set, as heaps and as nim-sums",
            [
                cases::near_max_positions(),
                cases::bit_pattern_positions(),
                cases::random_wide_positions(&mut seed.rng(12), 300, 20),
                cases::high_bit_positions(&mut seed.rng(13), 100),
            ]
            .concat(),
        ),
        Group::new(
            "random losing positions (nim-sum 0), and 1,000 empty heaps",
            losing,
        ),
        Group::new(
            "1,000,000 heaps: random, losing, and one where only the last heap can be \
             reduced to win",
            vec![
                cases::large_random(&mut large, MAX_HEAPS),
                cases::make_losing(cases::large_random(&mut large, MAX_HEAPS)),
                cases::large_last_heap_wins(&mut last_heap_wins),
            ],
        ),
    ];
    groups
        .into_iter()
        .map(|group| Group::new(group.name, group.cases.into_iter().map(&make).collect()))
        .collect()
}

/// The cases of the exercises whose input is one position of up to a million heaps:
/// [`position_groups`], and [`position_promises`].
pub struct Positions;

impl<I: From<Vec<u64>> + AsRef<Vec<u64>>> Cases<I> for Positions {
    fn groups(seed: Seed) -> Vec<Group<I>> {
        position_groups(seed, I::from)
    }

    fn promises() -> Vec<Promise<I>> {
        position_promises()
    }
}

/// The promises of the exercises on one position of full-range heaps, as their doc
/// comments word them: up to a million heaps, of any size (every bit width), and so
/// nim-sums of any size.
pub fn position_promises<I: AsRef<Vec<u64>>>() -> Vec<Promise<I>> {
    vec![
        Promise::at_most(
            "up to 1,000,000 heaps",
            "heaps",
            MAX_HEAPS as u64,
            |input| input.as_ref().len() as u64,
        ),
        Promise::every_value("full-range `u64`", "heap sizes", u64::MAX, |input, seen| {
            input.as_ref().iter().for_each(|&heap| seen(heap))
        }),
        Promise::every_value("full-range `u64`", "nim-sums", u64::MAX, |input, seen| {
            seen(nim_sum(input.as_ref()))
        }),
    ]
}

/// The promises of the exercises on small positions, as their doc comments word them:
/// "0 to `max_heaps` heaps, each of 0 to `max_size` stones".
pub fn small_position_promises<I: AsRef<Vec<u64>>>(
    heaps: &'static str,
    max_heaps: usize,
    sizes: &'static str,
    max_size: u64,
) -> Vec<Promise<I>> {
    vec![
        Promise::at_most(heaps, "heaps", max_heaps as u64, |input| {
            input.as_ref().len() as u64
        }),
        Promise::at_most(sizes, "stones in the largest heap", max_size, |input| {
            input.as_ref().iter().copied().max().unwrap_or(0)
        }),
    ]
}

/// "no heaps at all", "1 heap, numbered 0", "3 heaps, numbered 0 to 2".
pub fn numbered_heaps(heaps: u64) -> String {
    match heaps {
        0 => "no heaps at all".to_string(),
        1 => "1 heap, numbered 0".to_string(),
        _ => format!(
            "{}, numbered 0 to {}",
            count(heaps as usize, "heap", "heaps"),
            heaps - 1
        ),
    }
}

/// The heaps and their nim-sum in binary columns, as in the lessons, when the position
/// is small enough to read that way.
pub fn binary_columns(heaps: &[u64]) -> Option<String> {
    if heaps.is_empty() || heaps.len() > 6 || heaps.iter().any(|&h| h >= 1 << 16) {
        return None;
    }
    Some(labelled_columns(heaps, &[], 0))
}

/// Each heap and the nim-sum in binary, one line each with the bits in columns; the line
/// of heap `i` starts with `labels[i]` (lines without a label start with blanks). The
/// columns are at least as wide as `widest` needs, so a board keeps its layout while
/// its heaps shrink.
pub fn labelled_columns(heaps: &[u64], labels: &[String], widest: u64) -> String {
    let x = nim_sum(heaps);
    let width = heaps
        .iter()
        .chain([&x, &widest])
        .map(|h| 64 - h.leading_zeros() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    let label = heaps
        .iter()
        .chain([&x, &widest])
        .map(|h| h.to_string().len())
        .max()
        .unwrap_or(1);
    let names = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let name = |i: usize| {
        let text = labels.get(i).map_or("", String::as_str);
        match names {
            0 => String::new(),
            _ => format!("{text:<names$}  "),
        }
    };
    let mut out = String::new();
    for (i, h) in heaps.iter().enumerate() {
        out.push_str(&format!("  {}{h:>label$} = {}\n", name(i), bits(*h, width)));
    }
    let blank = name(usize::MAX);
    let rule = bits(0, width).replace('0', "-");
    out.push_str(&format!("  {blank}{:>label$}   {rule}\n", ""));
    out.push_str(&format!(
        "  {blank}{x:>label$} = {}   (nim-sum)\n",
        bits(x, width)
    ));
    out
}

/// `value` in `width` binary digits; past 8 digits, in groups of 4 from the right, which
/// the eye can count.
fn bits(value: u64, width: usize) -> String {
    let digits = format!("{value:0width$b}");
    if width <= 8 {
        return digits;
    }
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (width - i).is_multiple_of(4) {
            grouped.push(' ');
        }
        grouped.push(digit);
    }
    grouped
}

/// `text`, then the binary columns of `heaps` when they help.
pub fn with_columns(text: String, heaps: &[u64]) -> String {
    match binary_columns(heaps) {
        Some(columns) => format!("{text}\n{columns}"),
        None => text,
    }
}

/// Advice for indexing past the end of the heaps.
pub fn index_advice(heaps: &[u64], message: &str) -> Option<String> {
    if !message.contains("index out of bounds") {
        None
    } else if heaps.is_empty() {
        Some(
            "An empty position has no heaps[0]: start from 0, the nim-sum of no heaps, and \
             loop over the heaps themselves (`for &heap in heaps`) or over `0..heaps.len()`."
                .to_string(),
        )
    } else {
        Some(
            "An index went past the last heap: the heaps are numbered 0 to heaps.len() - 1, \
             so loop over `0..heaps.len()`, or over the heaps themselves (`for &heap in heaps`)."
                .to_string(),
        )
    }
}

/// Advice for `0..=size - 1` (or any `size - 1`) on an empty heap, which underflows.
pub fn empty_heap_advice(heaps: &[u64], message: &str) -> Option<String> {
    (message.contains("subtract with overflow") && heaps.contains(&0)).then(|| {
        "An empty heap has no moves, and `size - 1` underflows when size is 0: loop over \
         the new sizes `0..size`, which is empty for an empty heap."
            .to_string()
    })
}

/// How a proposed move breaks the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    NoSuchHeap,
    Grows,
    TakesNothing,
    RemovesNothing,
    Disagrees,
}

/// Checks a move `heap_index, remove, new_size` on `heaps` against the rules of a move;
/// returns the heap's size, or how the move breaks them, with the rule in words.
pub fn legal_move(
    heaps: &[u64],
    heap_index: usize,
    remove: u64,
    new_size: u64,
) -> Result<u64, (Illegal, String)> {
    let Some(&size) = heaps.get(heap_index) else {
        return Err((
            Illegal::NoSuchHeap,
            format!(
                "There is no heap {heap_index}: the position has {}.",
                numbered_heaps(heaps.len() as u64)
            ),
        ));
    };
    let i = heap_index;
    let broken = if new_size > size {
        Some((
            Illegal::Grows,
            format!(
                "Heap {i} would grow from {size} to {new_size} (take -{}): a move only takes \
                 stones away.",
                new_size - size
            ),
        ))
    } else if new_size == size {
        Some((
            Illegal::TakesNothing,
            format!("This move takes 0 stones from heap {i}: a move takes at least one stone."),
        ))
    } else if remove == 0 {
        Some((
            Illegal::RemovesNothing,
            format!(
                "remove is 0, but a move takes at least one stone: heap {i} holds {size}, so \
                 leaving {new_size} means removing {}.",
                size - new_size
            ),
        ))
    } else if remove != size - new_size {
        Some((
            Illegal::Disagrees,
            format!(
                "remove and new_size disagree: heap {i} holds {size}, so leaving {new_size} \
                 means removing {}, but remove is {remove}.",
                size - new_size
            ),
        ))
    } else {
        None
    };
    match broken {
        Some((illegal, rule)) => Err((illegal, with_columns(rule, heaps))),
        None => Ok(size),
    }
}

/// The mistake of counting heaps from 1, when a move's heap index is one too high and
/// `right` says a move on the heap before would have been right.
pub fn one_based(
    heap_index: usize,
    right: impl Fn(usize) -> bool,
) -> Option<(&'static str, String)> {
    let previous = heap_index.checked_sub(1)?;
    right(previous).then(|| {
        let advice = format!(
            "Heap {previous} is the one to reduce: indices are 0-based, so heap_index 0 is \
             the first heap."
        );
        ("heaps counted from 1", advice)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_columns_line_up() {
        assert_eq!(
            binary_columns(&[3, 4, 5]).unwrap(),
            "  3 = 011\n  4 = 100\n  5 = 101\n      ---\n  2 = 010   (nim-sum)\n"
        );
        assert_eq!(binary_columns(&[1 << 20]), None);
        let labels = ["heap 1".to_string(), "heap 10".to_string()];
        assert_eq!(
            labelled_columns(&[3, 12], &labels, 0),
            "  heap 1    3 = 0011\n  heap 10  12 = 1100\n                ----\n           15 = 1111   (nim-sum)\n"
        );
        assert_eq!(
            labelled_columns(&[60000, 2], &[], 0),
            "  60000 = 1110 1010 0110 0000\n      2 = 0000 0000 0000 0010\n          \
             ---- ---- ---- ----\n  60002 = 1110 1010 0110 0010   (nim-sum)\n"
        );
        assert_eq!(bits(0b1_0000_0001, 9), "1 0000 0001");
        assert_eq!(
            labelled_columns(&[1], &[], 100),
            "    1 = 0000001\n        -------\n    1 = 0000001   (nim-sum)\n"
        );
    }

    #[test]
    fn heaps_are_counted_in_words() {
        assert_eq!(numbered_heaps(0), "no heaps at all");
        assert_eq!(numbered_heaps(1), "1 heap, numbered 0");
        assert_eq!(numbered_heaps(3), "3 heaps, numbered 0 to 2");
        assert_eq!(
            numbered_heaps(1_000_000),
            "1,000,000 heaps, numbered 0 to 999999"
        );
    }

    #[test]
    fn the_random_groups_follow_the_seed_and_the_fixed_ones_do_not() {
        let a = position_groups(Seed(1), |heaps| heaps);
        let b = position_groups(Seed(2), |heaps| heaps);
        assert_eq!(
            a[0].cases, b[0].cases,
            "every small position, whatever the seed"
        );
        assert_ne!(a[1].cases, b[1].cases);
        assert!(a[1].cases.iter().flatten().all(|&h| h < 1000));
    }
}
