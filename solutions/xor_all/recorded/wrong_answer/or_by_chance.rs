//! Sets the lowest bit of every nim-sum ("a nim-sum is odd"): on 1 1 it answers 1,
//! which happens to be 1 | 1, but the code uses XOR, and no other wrong answer is OR's.
// expect: wrong answer
// expect: The nim-sum of no heaps is 0 (x ^ 0 = x, so a nim-sum starts from 0), but your function returned 1.
// expect-not: You used OR
pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ h) | 1
}
