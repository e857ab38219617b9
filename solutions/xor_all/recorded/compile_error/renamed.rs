//! Renames the function to `nim_sum`: the hidden tests call `xor_all`.
// expect: does not compile
// expect: The hidden tests call `xor_all(heaps: &[u64]) -> u64`: the signature must stay as the stub declares it.
// expect-not: [grader]
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &heap| acc ^ heap)
}
