//! The grader's work on big data: the hidden cases' arithmetic on millions of heaps
//! (random heaps, and XOR sums), and the fingerprint of its runner library.
//!
//! A crate of its own so that it is compiled with full optimisation even in a debug
//! build (the workspace's `Cargo.toml` says so), while the grader is built unoptimised
//! for a quick first start. Unoptimised, or even at opt-level 1, a loop calls the
//! standard library's shared generic code (`Range::next`, `rotate_left`...) for every
//! number: at opt-level 1 the grader took 50 ms to make the million-heap cases of one
//! grading, longer than rustc took to compile the learner's file. Every function here is
//! generic over nothing and never inlined (rustc would otherwise copy small functions
//! into the grader, to be compiled there), so that its code, the generator's included,
//! is compiled here.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::RngCore;

/// Fills `numbers` with the generator's next numbers, in order: what as many calls of
/// `rng.next_u64()` return.
#[inline(never)]
pub fn fill_random(rng: &mut Xoshiro256PlusPlus, numbers: &mut [u64]) {
    for number in numbers {
        *number = rng.next_u64();
    }
}

/// Fills `numbers` with random numbers below `2^bits`: the generator's next numbers,
/// their high bits cleared.
#[inline(never)]
pub fn fill_bits(rng: &mut Xoshiro256PlusPlus, numbers: &mut [u64], bits: u32) {
    let mask = u64::MAX.checked_shr(64 - bits.min(64)).unwrap_or(0);
    for number in numbers {
        *number = rng.next_u64() & mask;
    }
}

/// Fills `numbers` with random numbers below `bound` (at least 1), nearly uniform: each
/// is the high word of a random number times `bound`, which favours some values by at
/// most `bound / 2^64`.
#[inline(never)]
pub fn fill_below(rng: &mut Xoshiro256PlusPlus, numbers: &mut [u64], bound: u64) {
    for number in numbers {
        *number = ((u128::from(rng.next_u64()) * u128::from(bound)) >> 64) as u64;
    }
}

/// The XOR of all the numbers (the nim-sum of a position).
#[inline(never)]
pub fn xor_of(numbers: &[u64]) -> u64 {
    numbers.iter().fold(0, |sum, &number| sum ^ number)
}

/// A fingerprint of `bytes` (std's SipHash): the runner library's, checked before each
/// compile that links it (at opt-level 0 in the grader, hashing its 370 KB took 4 ms).
#[inline(never)]
pub fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{DefaultHasher, Hasher};
    let mut hasher = DefaultHasher::new();
    hasher.write(bytes);
    hasher.finish()
}
