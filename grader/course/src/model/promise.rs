//! The promises an exercise's doc comment makes about its inputs, declared once as data:
//! the words of the doc comment, what is measured on an input, and its bound. Both of the
//! instructor's proofs come from the same declaration: every case keeps every promise
//! (the input validator), and some case reaches each promise's boundary (the most heaps,
//! the largest value, each bit width), so that code which breaks only at the edge of
//! what was promised cannot pass.

use std::collections::BTreeSet;

use super::show::thousands;

/// One promise of a stub's doc comment about the inputs `I` of its exercise.
pub struct Promise<I> {
    /// The words of the stub's doc comment that make the promise, e.g. "up to 1,000,000
    /// heaps": `dev check` proves the doc comment says them.
    pub stated: &'static str,
    /// What is measured, as a number of them reads: "heaps", "amounts in `moves`".
    pub what: &'static str,
    pub bound: Bound<I>,
}

/// How a promise measures an input, and what it allows.
pub enum Bound<I> {
    /// The measure (the largest count or value the input has) is at most this.
    AtMost(u64, fn(&I) -> u64),
    /// The measure (the smallest count the input has) is at least this.
    AtLeast(u64, fn(&I) -> u64),
    /// Every value the input has (each given to the callback) is at most the bound, and
    /// any may be: some case must have each bit pattern up to it ([`patterns`]).
    EveryValue(u64, fn(&I, &mut dyn FnMut(u64))),
}

impl<I> Promise<I> {
    pub fn at_most(stated: &'static str, what: &'static str, max: u64, of: fn(&I) -> u64) -> Self {
        Promise {
            stated,
            what,
            bound: Bound::AtMost(max, of),
        }
    }

    pub fn at_least(stated: &'static str, what: &'static str, min: u64, of: fn(&I) -> u64) -> Self {
        Promise {
            stated,
            what,
            bound: Bound::AtLeast(min, of),
        }
    }

    pub fn every_value(
        stated: &'static str,
        what: &'static str,
        max: u64,
        values: fn(&I, &mut dyn FnMut(u64)),
    ) -> Self {
        Promise {
            stated,
            what,
            bound: Bound::EveryValue(max, values),
        }
    }

    /// Whether `input` keeps this promise; `Err` says how it breaks it.
    fn kept_by(&self, input: &I) -> Result<(), String> {
        let what = self.what;
        match &self.bound {
            Bound::AtMost(max, of) => match of(input) {
                n if n > *max => Err(format!(
                    "{} {what}, more than the {} promised",
                    thousands(n),
                    thousands(*max)
                )),
                _ => Ok(()),
            },
            Bound::AtLeast(min, of) => match of(input) {
                n if n < *min => Err(format!(
                    "{} {what}, fewer than the {} promised",
                    thousands(n),
                    thousands(*min)
                )),
                _ => Ok(()),
            },
            Bound::EveryValue(max, values) => {
                let mut above = None;
                values(input, &mut |value| {
                    if value > *max {
                        above.get_or_insert(value);
                    }
                });
                match above {
                    Some(value) => Err(format!(
                        "{} among the {what}, above the {} promised",
                        thousands(value),
                        thousands(*max)
                    )),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The input validator: `Err` names the first promise `input` breaks.
pub fn validate<I>(promises: &[Promise<I>], input: &I) -> Result<(), String> {
    promises
        .iter()
        .try_for_each(|promise| promise.kept_by(input))
}

/// A bit pattern some case must reach: its value and how it is written.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pattern {
    pub value: u64,
    pub name: String,
}

/// The values every promise of "any value up to `max`" must reach: each power of two
/// and each power of two less one up to `max`, `max` itself, and, when `max` is all ones
/// (`u64::MAX`, `2^20 - 1`...), `max` with its low k bits cleared (the top bits all
/// ones). Code that finds a highest bit with floating point, works in 32 bits, or keeps
/// a table of a fixed width fails on one of them. In increasing order of value.
pub fn patterns(max: u64) -> Vec<Pattern> {
    let mut patterns = BTreeSet::new();
    let mut add = |value: u64, name: String| {
        if value <= max {
            patterns.insert(Pattern { value, name });
        }
    };
    for k in 0..=64u32 {
        if k < 64 {
            add(1 << k, format!("2^{k}"));
        }
        let below = 1u64.checked_shl(k).map_or(u64::MAX, |power| power - 1);
        add(below, format!("2^{k} - 1"));
    }
    let all_ones = max.wrapping_add(1).is_power_of_two() || max == u64::MAX;
    if all_ones {
        let width = 64 - max.leading_zeros();
        for k in 1..width {
            add(
                max & !((1 << k) - 1),
                format!("the top {} of {width} bits set", width - k),
            );
        }
    }
    add(max, thousands(max));
    let mut patterns: Vec<Pattern> = patterns.into_iter().collect();
    // One value may have two names (2^1 - 1 is 2^0): keep the first.
    patterns.dedup_by_key(|pattern| pattern.value);
    patterns
}

/// Whether the one bits of `value` are side by side (0 has none): the shape of every
/// pattern but `max` itself (2^k, 2^k - 1, the top bits set).
fn one_run_of_ones(value: u64) -> bool {
    let shifted = value >> value.trailing_zeros().min(63);
    shifted & shifted.wrapping_add(1) == 0
}

/// Each promise that no case of `cases` reaches at its boundary, in words.
pub fn unreached<'a, I: 'a>(
    promises: &[Promise<I>],
    cases: impl Iterator<Item = &'a I> + Clone,
) -> Vec<String> {
    promises
        .iter()
        .filter_map(|promise| {
            let what = promise.what;
            let missing = match &promise.bound {
                Bound::AtMost(max, of) => (!cases.clone().any(|case| of(case) == *max))
                    .then(|| format!("{} {what}", thousands(*max))),
                Bound::AtLeast(min, of) => (!cases.clone().any(|case| of(case) == *min))
                    .then(|| format!("{} {what}", thousands(*min))),
                Bound::EveryValue(max, values) => {
                    // Millions of values: each is looked up among the patterns (sorted
                    // by value) only if it has a pattern's shape, which takes two
                    // instructions to tell where a search takes dozens.
                    let wanted = patterns(*max);
                    let mut reached = vec![false; wanted.len()];
                    for case in cases.clone() {
                        values(case, &mut |value| {
                            if (value == *max || one_run_of_ones(value))
                                && let Ok(at) = wanted.binary_search_by_key(&value, |p| p.value)
                            {
                                reached[at] = true;
                            }
                        });
                    }
                    let missing: Vec<String> = wanted
                        .into_iter()
                        .zip(reached)
                        .filter(|(_, reached)| !reached)
                        .map(|(pattern, _)| pattern.name)
                        .collect();
                    (!missing.is_empty()).then(|| format!("{what} of {}", shortened_list(&missing)))
                }
            }?;
            Some(format!(
                "the promise \"{}\" is never tested at its limit: no case has {missing}",
                promise.stated
            ))
        })
        .collect()
}

/// At most a few items, and how many more.
fn shortened_list(items: &[String]) -> String {
    const SHOWN: usize = 6;
    match items.len() {
        n if n <= SHOWN => items.join(", "),
        n => format!("{} and {} more", items[..SHOWN].join(", "), n - SHOWN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn promises() -> Vec<Promise<Vec<u64>>> {
        vec![
            Promise::at_most("up to 3 heaps", "heaps", 3, |heaps| heaps.len() as u64),
            Promise::at_least("at least 1 heap", "heaps", 1, |heaps| heaps.len() as u64),
            Promise::every_value("heaps of up to 15", "heaps", 15, |heaps, seen| {
                heaps.iter().for_each(|&heap| seen(heap))
            }),
        ]
    }

    #[test]
    fn the_validator_names_the_broken_promise() {
        let promises = promises();
        assert_eq!(validate(&promises, &vec![1, 2, 3]), Ok(()));
        assert_eq!(
            validate(&promises, &vec![1, 2, 3, 4]),
            Err("4 heaps, more than the 3 promised".to_string())
        );
        assert_eq!(
            validate(&promises, &vec![]),
            Err("0 heaps, fewer than the 1 promised".to_string())
        );
        assert_eq!(
            validate(&promises, &vec![16]),
            Err("16 among the heaps, above the 15 promised".to_string())
        );
    }

    #[test]
    fn the_patterns_are_every_width() {
        let values: Vec<u64> = patterns(15).iter().map(|p| p.value).collect();
        assert_eq!(values, [0, 1, 2, 3, 4, 7, 8, 12, 14, 15]);
        let names: Vec<String> = patterns(15).into_iter().map(|p| p.name).collect();
        assert!(
            names.contains(&"the top 2 of 4 bits set".to_string()),
            "{names:?}"
        );
        assert_eq!(
            patterns(10).iter().map(|p| p.value).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 7, 8, 10]
        );
        let full = patterns(u64::MAX);
        assert_eq!(
            full.len(),
            64 + 64 + 62,
            "2^k, 2^k - 1 and the top bits set"
        );
        assert!(
            full.iter()
                .any(|p| p.value == (1 << 54) - 1 && p.name == "2^54 - 1")
        );
        assert!(full.iter().any(|p| p.value == u64::MAX << 11));
    }

    #[test]
    fn every_pattern_but_the_maximum_is_one_run_of_ones() {
        for max in [
            0,
            1,
            10,
            15,
            1000,
            (1 << 20) - 1,
            1 << 40,
            u64::MAX - 1,
            u64::MAX,
        ] {
            for pattern in patterns(max) {
                assert!(
                    pattern.value == max || one_run_of_ones(pattern.value),
                    "{} ({}) of {max}",
                    pattern.value,
                    pattern.name
                );
            }
        }
        for not_a_run in [5, 0b1011, u64::MAX - 2, 1 << 63 | 1] {
            assert!(!one_run_of_ones(not_a_run), "{not_a_run:b}");
        }
    }

    #[test]
    fn a_boundary_no_case_reaches_is_named() {
        let promises = promises();
        let cases = [vec![1, 2], vec![15, 8]];
        let missed = unreached(&promises, cases.iter());
        assert_eq!(missed.len(), 3, "{missed:?}");
        assert!(
            missed[0]
                .contains("\"up to 3 heaps\" is never tested at its limit: no case has 3 heaps"),
            "{}",
            missed[0]
        );
        assert!(
            missed[2].contains("no case has heaps of 2^0 - 1, 2^2 - 1, 2^2, 2^3 - 1, the top 2"),
            "{}",
            missed[2]
        );
        assert!(missed[1].contains("\"at least 1 heap\""), "{}", missed[1]);
        let every = [vec![0, 1, 2], vec![3], vec![4, 7, 8], vec![12, 14, 15]];
        assert_eq!(unreached(&promises, every.iter()), Vec::<String>::new());
    }
}
