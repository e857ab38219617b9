//! OR (`|`) instead of XOR (`^`): a bit that two heaps share stays set, so 1 1 gives 1
//! instead of 0.
// expect: wrong answer
// expect: The nim-sum of [1, 1] is 0, but your function returned 1.
// expect: You used OR (`|`)
// expect-not: You added the heaps
// expect-not: 32 bits
pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &heap| acc | heap)
}
