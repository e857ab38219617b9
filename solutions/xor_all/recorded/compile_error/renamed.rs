//! Renames the function to `nim_sum`: the hidden tests call `xor_all`.
// expect: does not compile
// expect: cannot find function `xor_all`
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &heap| acc ^ heap)
}
