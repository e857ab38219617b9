//! Adds the heaps instead of XOR-ing them: the carries make 3 + 4 + 5 = 12, not 2.
// expect: wrong answer
// expect: You added the heaps
// expect-not: You used OR
pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0u64, |sum, &heap| sum.wrapping_add(heap))
}
