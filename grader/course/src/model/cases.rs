//! Building blocks for the hidden cases: exhaustive small positions, random ones from a
//! [`Seed`](super::Seed)'s generators, and adversarial large ones.

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::promise;

/// The largest positions the Nim exercises promise to handle.
pub const MAX_HEAPS: usize = 1_000_000;
/// Every length up to this one gets a random position of its own.
pub const EVERY_LENGTH_UP_TO: usize = 300;
/// Large lengths that are not round numbers (nor multiples of 2, 4, 8 or 16): code that
/// works in blocks, or unrolls a loop, gets its tail wrong on these.
pub const AWKWARD_LENGTHS: [usize; 4] = [1_001, 65_537, 131_071, 999_983];

/// Every ordered position of 1 to `max_heaps` heaps with sizes `0..=max_size`, fewer
/// heaps first, then in counting order.
pub fn all_positions(max_heaps: usize, max_size: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..max_heaps {
        layer = layer
            .iter()
            .flat_map(|heaps| {
                (0..=max_size).map(move |size| {
                    let mut longer = heaps.clone();
                    longer.push(size);
                    longer
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// The empty position, then [`all_positions`].
pub fn every_position_from_empty(max_heaps: usize, max_size: u64) -> Vec<Vec<u64>> {
    let mut every = vec![Vec::new()];
    every.extend(all_positions(max_heaps, max_size));
    every
}

/// A uniformly random number below `2^bits`.
pub fn random_bits(rng: &mut impl Rng, bits: u32) -> u64 {
    let value: u64 = rng.random();
    if bits >= 64 {
        value
    } else {
        value & ((1 << bits) - 1)
    }
}

/// `count` random heaps below `2^bits`: the same numbers as `count` calls of
/// [`random_bits`], made by the optimised bulk code.
pub fn random_heaps_of_bits(rng: &mut Xoshiro256PlusPlus, count: usize, bits: u32) -> Vec<u64> {
    let mut heaps = vec![0; count];
    xorlings_bulk::fill_bits(rng, &mut heaps, bits);
    heaps
}

/// `count` random positions of 1 to `max_heaps` heaps, each heap below `max_size`.
pub fn random_positions(
    rng: &mut impl Rng,
    count: usize,
    max_heaps: usize,
    max_size: u64,
) -> Vec<Vec<u64>> {
    (0..count)
        .map(|_| {
            let heaps = rng.random_range(1..=max_heaps);
            (0..heaps).map(|_| rng.random_range(0..max_size)).collect()
        })
        .collect()
}

/// `count` random positions of 1 to `max_heaps` heaps of full 64-bit sizes.
pub fn random_wide_positions(rng: &mut impl Rng, count: usize, max_heaps: usize) -> Vec<Vec<u64>> {
    (0..count)
        .map(|_| {
            let heaps = rng.random_range(1..=max_heaps);
            (0..heaps).map(|_| rng.random()).collect()
        })
        .collect()
}

/// One random position of each length from 0 to [`EVERY_LENGTH_UP_TO`], and of each
/// of the [`AWKWARD_LENGTHS`] up to `max_len`, with sizes below `max_size`.
pub fn every_length(rng: &mut Xoshiro256PlusPlus, max_len: usize, max_size: u64) -> Vec<Vec<u64>> {
    (0..=EVERY_LENGTH_UP_TO.min(max_len))
        .chain(AWKWARD_LENGTHS.into_iter().filter(|&n| n <= max_len))
        .map(|len| {
            let mut heaps = vec![0; len];
            xorlings_bulk::fill_below(rng, &mut heaps, max_size);
            heaps
        })
        .collect()
}

/// Positions whose heaps agree on the low 32 bits and differ above them: code that
/// truncates to 32 bits sees equal heaps and gets them wrong.
pub fn high_bit_positions(rng: &mut impl Rng, count: usize) -> Vec<Vec<u64>> {
    (0..count)
        .map(|_| {
            let low = random_bits(rng, 32);
            let heaps = rng.random_range(2..=5);
            (0..heaps)
                .map(|_| (random_bits(rng, 32) << 32) | low)
                .collect()
        })
        .collect()
}

/// Heaps at the top of the `u64` range.
pub fn near_max_positions() -> Vec<Vec<u64>> {
    vec![
        vec![u64::MAX],
        vec![u64::MAX, u64::MAX],
        vec![u64::MAX, u64::MAX - 1],
        vec![u64::MAX, 1 << 63, 1],
        vec![1 << 63, 1 << 62, 3 << 62],
        vec![u64::MAX - 1, 1, u64::MAX],
        vec![1 << 40, 1 << 40, 1],
        vec![1 << 32, 1],
    ]
}

/// Each value a promise of full 64-bit values must reach (see [`promise::patterns`]):
/// every 2^k, every 2^k - 1, and the top bits all ones.
pub fn bit_patterns() -> Vec<u64> {
    promise::patterns(u64::MAX)
        .into_iter()
        .map(|pattern| pattern.value)
        .collect()
}

/// Positions made of the bit patterns: each one alone (a heap that is its own nim-sum),
/// twice (nim-sum 0), and as the nim-sum of two heaps that are no pattern. Code that
/// finds a highest bit with floating point, or looks at 32 bits, fails on some of them.
pub fn bit_pattern_positions() -> Vec<Vec<u64>> {
    /// A heap with no pattern to its bits (the golden ratio's).
    const NO_PATTERN: u64 = 0x9E37_79B9_7F4A_7C15;
    bit_patterns()
        .into_iter()
        .flat_map(|pattern| {
            [
                vec![pattern],
                vec![pattern, pattern],
                vec![pattern ^ NO_PATTERN, NO_PATTERN],
            ]
        })
        .collect()
}

/// The nim-sum of a position.
pub fn nim_sum(heaps: &[u64]) -> u64 {
    xorlings_bulk::xor_of(heaps)
}

/// A position turned losing: its last heap becomes the XOR of the others.
pub fn make_losing(mut heaps: Vec<u64>) -> Vec<u64> {
    if let Some((last, others)) = heaps.split_last_mut() {
        *last = nim_sum(others);
    }
    heaps
}

/// `count` random full 64-bit heaps.
pub fn large_random(rng: &mut Xoshiro256PlusPlus, count: usize) -> Vec<u64> {
    let mut heaps = vec![0; count];
    xorlings_bulk::fill_random(rng, &mut heaps);
    heaps
}

/// A million heaps where only the last one can be reduced to win: the others are below
/// 2^20 and the last carries the nim-sum's highest bit. The last heap's low 20 bits are
/// 0, so the nim-sum is larger than every heap: no heap is "larger than the nim-sum".
pub fn large_last_heap_wins(rng: &mut Xoshiro256PlusPlus) -> Vec<u64> {
    let mut heaps = random_heaps_of_bits(rng, MAX_HEAPS - 1, 20);
    if nim_sum(&heaps) == 0 {
        heaps[0] ^= 1;
    }
    heaps.push(u64::MAX << 20);
    heaps
}

/// Random move sets for the subtraction games: 1 to `max_moves` amounts in
/// `0..=max_amount`, unsorted, possibly repeated, possibly containing 0.
pub fn random_move_sets(
    rng: &mut impl Rng,
    count: usize,
    max_moves: usize,
    max_amount: usize,
) -> Vec<Vec<usize>> {
    (0..count)
        .map(|_| {
            let moves = rng.random_range(1..=max_moves);
            (0..moves)
                .map(|_| rng.random_range(0..=max_amount))
                .collect()
        })
        .collect()
}

/// Every subset of `1..=max_amount`, as a move set, in counting order (empty first).
pub fn all_move_sets(max_amount: usize) -> Vec<Vec<usize>> {
    (0..1u32 << max_amount)
        .map(|mask| {
            (1..=max_amount)
                .filter(|m| mask >> (m - 1) & 1 == 1)
                .collect()
        })
        .collect()
}

/// Move sets that break careless code: no amounts, 0 amounts, repeats, unsorted, and
/// amounts larger than any heap.
pub fn awkward_move_sets() -> Vec<Vec<usize>> {
    vec![
        vec![],
        vec![0],
        vec![0, 1],
        vec![2, 0, 3],
        vec![3, 1, 2],
        vec![1, 1, 1],
        vec![4, 3, 1, 3],
        vec![2, 3],
        vec![1, 3, 4],
        vec![7, 1000],
        vec![1_000_000, 2],
        vec![usize::MAX, 1],
    ]
}

/// `sample` asked again in orders that show state kept from one call to the next (a
/// `static`, a cache never cleared, a buffer kept at its largest): largest first, then
/// smallest first (each input again, after the others), then small and large in turn.
/// Code whose answers depend on its input alone passes all three as it passes one.
pub fn asked_again<A: Clone>(mut sample: Vec<A>, size: impl Fn(&A) -> u64) -> Vec<A> {
    sample.sort_by_key(|input| std::cmp::Reverse(size(input)));
    let (large, small) = sample.split_at(sample.len() / 2);
    let in_turn: Vec<A> = small
        .iter()
        .zip(large)
        .flat_map(|(small, large)| [small.clone(), large.clone()])
        .collect();
    let smallest_first = sample.iter().rev().cloned();
    [sample.clone(), smallest_first.collect(), in_turn].concat()
}

/// Games to ask again ([`asked_again`]): each of `move_sets` with each of `sizes`, so
/// that each move set comes back at other sizes, after the others.
pub fn games_to_ask_again(move_sets: &[Vec<usize>], sizes: &[usize]) -> Vec<(usize, Vec<usize>)> {
    sizes
        .iter()
        .flat_map(|&size| move_sets.iter().map(move |moves| (size, moves.clone())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::Seed;
    use super::*;

    #[test]
    fn inputs_are_asked_again_largest_first_smallest_first_and_in_turn() {
        let again = asked_again(vec![2u64, 5, 1, 9], |&n| n);
        assert_eq!(again, [9, 5, 2, 1, 1, 2, 5, 9, 2, 9, 1, 5]);
        let games = games_to_ask_again(&[vec![1], vec![2, 3]], &[7, 0]);
        assert_eq!(
            games,
            [(7, vec![1]), (7, vec![2, 3]), (0, vec![1]), (0, vec![2, 3])]
        );
    }

    #[test]
    fn only_the_last_heap_wins_and_no_heap_is_larger_than_the_nim_sum() {
        for seed in [Seed::DEFAULT, Seed(1), Seed(0xdead_beef)] {
            let heaps = large_last_heap_wins(&mut seed.rng(17));
            let x = nim_sum(&heaps);
            assert!(heaps.iter().all(|&heap| heap < x), "seed {seed}");
            let winning: Vec<usize> = (0..heaps.len())
                .filter(|&i| heaps[i] ^ x < heaps[i])
                .collect();
            assert_eq!(winning, [heaps.len() - 1], "seed {seed}");
        }
    }

    /// The optimised bulk generators give what the generator gives number by number, and
    /// the random heaps below a bound take every value below it, and no other.
    #[test]
    fn the_bulk_generators_keep_to_the_generator_and_the_bound() {
        let mut one_by_one = Seed(5).rng(1);
        let expected: Vec<u64> = (0..1000).map(|_| one_by_one.random()).collect();
        assert_eq!(large_random(&mut Seed(5).rng(1), 1000), expected);
        let mut one_by_one = Seed(5).rng(1);
        let masked: Vec<u64> = (0..1000)
            .map(|_| random_bits(&mut one_by_one, 20))
            .collect();
        assert_eq!(random_heaps_of_bits(&mut Seed(5).rng(1), 1000, 20), masked);
        assert!(masked.iter().all(|&heap| heap < 1 << 20));
        let mut below = vec![0; 10_000];
        xorlings_bulk::fill_below(&mut Seed(5).rng(2), &mut below, 7);
        let seen: std::collections::BTreeSet<u64> = below.iter().copied().collect();
        assert_eq!(seen, (0..7).collect());
        assert_eq!(nim_sum(&expected), expected.iter().fold(0, |x, &h| x ^ h));
    }

    #[test]
    fn all_positions_counts_every_ordered_position() {
        // 9 + 81 + 729 + 6561 positions of 1 to 4 heaps of 0..=8.
        assert_eq!(all_positions(4, 8).len(), 7_380);
        assert_eq!(
            all_positions(2, 1),
            vec![
                vec![0],
                vec![1],
                vec![0, 0],
                vec![0, 1],
                vec![1, 0],
                vec![1, 1]
            ]
        );
    }

    #[test]
    fn generators_follow_the_seed() {
        let positions = |seed: u64| random_positions(&mut Seed(seed).rng(1), 20, 5, 1000);
        assert_eq!(positions(7), positions(7));
        assert_ne!(positions(7), positions(8));
        assert_ne!(
            random_positions(&mut Seed(7).rng(1), 20, 5, 1000),
            random_positions(&mut Seed(7).rng(2), 20, 5, 1000),
            "each stream is its own"
        );
        assert!(positions(1).iter().flatten().all(|&h| h < 1000));
    }

    #[test]
    fn every_length_is_covered_once() {
        let lengths: Vec<usize> = every_length(&mut Seed(3).rng(1), MAX_HEAPS, 10)
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(
            lengths[..=EVERY_LENGTH_UP_TO],
            (0..=EVERY_LENGTH_UP_TO).collect::<Vec<_>>()
        );
        assert!(lengths.contains(&999_983));
        assert!(AWKWARD_LENGTHS.iter().all(|n| n % 2 == 1));
        let short = every_length(&mut Seed(3).rng(1), 8, 10);
        assert_eq!(short.len(), 9, "a promise of at most 8 items is kept");
    }

    #[test]
    fn high_bit_positions_agree_below_bit_32() {
        for heaps in high_bit_positions(&mut Seed(3).rng(1), 50) {
            assert!(
                heaps
                    .iter()
                    .all(|h| h & 0xFFFF_FFFF == heaps[0] & 0xFFFF_FFFF)
            );
        }
    }

    #[test]
    fn the_bit_patterns_are_heaps_and_nim_sums() {
        let positions = bit_pattern_positions();
        for value in [(1u64 << 54) - 1, 1 << 63, u64::MAX << 11, 0, u64::MAX] {
            assert!(positions.contains(&vec![value]), "{value}");
            assert!(
                positions
                    .iter()
                    .any(|heaps| heaps.len() == 2 && nim_sum(heaps) == value),
                "{value} as a nim-sum"
            );
        }
    }

    #[test]
    fn make_losing_gives_nim_sum_zero() {
        for heaps in random_wide_positions(&mut Seed(5).rng(1), 50, 6) {
            assert_eq!(nim_sum(&make_losing(heaps)), 0);
        }
    }

    #[test]
    fn in_the_large_adversarial_position_only_the_last_heap_wins() {
        let heaps = large_last_heap_wins(&mut Seed(1).rng(1));
        let x = nim_sum(&heaps);
        let winners: Vec<usize> = (0..heaps.len())
            .filter(|&i| heaps[i] ^ x < heaps[i])
            .collect();
        assert_eq!(winners, vec![MAX_HEAPS - 1]);
    }

    #[test]
    fn all_move_sets_are_the_subsets() {
        let sets = all_move_sets(3);
        assert_eq!(sets.len(), 8);
        assert_eq!(sets[0], Vec::<usize>::new());
        assert_eq!(sets[7], vec![1, 2, 3]);
    }
}
