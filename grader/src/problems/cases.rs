//! Building blocks for the hidden cases: exhaustive small positions, seeded random
//! ones and adversarial large ones. Every generator is deterministic, so a failure
//! seen once is seen again.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest positions the Nim exercises promise to handle.
pub const MAX_HEAPS: usize = 1_000_000;
/// The largest heap the Grundy exercises promise to handle.
pub const MAX_GRUNDY_N: usize = 100_000;

/// A random source fixed by `seed`.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

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

/// Random positions: `count` of them, 1 to `max_heaps` heaps, each heap a random
/// `bits`-bit number.
pub fn random_positions(seed: u64, count: usize, max_heaps: usize, bits: u32) -> Vec<Vec<u64>> {
    let mut rng = rng(seed);
    (0..count)
        .map(|_| {
            let heaps = rng.random_range(1..=max_heaps);
            (0..heaps).map(|_| random_bits(&mut rng, bits)).collect()
        })
        .collect()
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

/// Positions whose heaps agree on the low 32 bits and differ above them: code that
/// truncates to 32 bits sees equal heaps and gets them wrong.
pub fn high_bit_positions(seed: u64, count: usize) -> Vec<Vec<u64>> {
    let mut rng = rng(seed);
    (0..count)
        .map(|_| {
            let low = random_bits(&mut rng, 32);
            let heaps = rng.random_range(2..=5);
            (0..heaps)
                .map(|_| (random_bits(&mut rng, 32) << 32) | low)
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

/// A position turned losing: its last heap becomes the XOR of the others.
pub fn make_losing(mut heaps: Vec<u64>) -> Vec<u64> {
    if let Some((last, others)) = heaps.split_last_mut() {
        *last = others.iter().fold(0, |x, &h| x ^ h);
    }
    heaps
}

/// A million random heaps.
pub fn large_random(seed: u64) -> Vec<u64> {
    let mut rng = rng(seed);
    (0..MAX_HEAPS).map(|_| rng.random()).collect()
}

/// A million heaps where only the last one can be reduced to win: the others are small
/// and the last carries the nim-sum's highest bit.
pub fn large_last_heap_wins(seed: u64) -> Vec<u64> {
    let mut rng = rng(seed);
    let mut heaps: Vec<u64> = (0..MAX_HEAPS - 1)
        .map(|_| random_bits(&mut rng, 20))
        .collect();
    heaps.push(u64::MAX - 5);
    heaps
}

/// Random move sets for the subtraction games: 1 to `max_moves` amounts in
/// `0..=max_amount`, unsorted, possibly repeated, possibly containing 0.
pub fn random_move_sets(
    seed: u64,
    count: usize,
    max_moves: usize,
    max_amount: usize,
) -> Vec<Vec<usize>> {
    let mut rng = rng(seed);
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

/// Move sets that break careless code: 0 amounts, repeats, unsorted, too large.
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn generators_are_reproducible() {
        assert_eq!(
            random_positions(7, 20, 5, 64),
            random_positions(7, 20, 5, 64)
        );
        assert_ne!(
            random_positions(7, 20, 5, 64),
            random_positions(8, 20, 5, 64)
        );
        assert!(
            random_positions(1, 100, 3, 4)
                .iter()
                .flatten()
                .all(|&h| h < 16)
        );
    }

    #[test]
    fn high_bit_positions_agree_below_bit_32() {
        for heaps in high_bit_positions(3, 50) {
            assert!(
                heaps
                    .iter()
                    .all(|h| h & 0xFFFF_FFFF == heaps[0] & 0xFFFF_FFFF)
            );
        }
    }

    #[test]
    fn make_losing_gives_nim_sum_zero() {
        for heaps in random_positions(5, 50, 6, 64) {
            assert_eq!(make_losing(heaps).iter().fold(0, |x, &h| x ^ h), 0);
        }
    }

    #[test]
    fn in_the_large_adversarial_position_only_the_last_heap_wins() {
        let heaps = large_last_heap_wins(1);
        let x = heaps.iter().fold(0, |x, &h| x ^ h);
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
