//! Keeps the nim-sum in an i64 and clears its sign bit "to keep it positive": every
//! answer is right but for bit 63. That is no 32-bit truncation, and the grader does not
//! say it is one; the case shown is shrunk to a single heap of 2^63.
// expect: wrong answer
// expect: input: heaps = [9223372036854775808]
// expect-not: as u32
// expect-not: 32 bits
pub fn xor_all(heaps: &[u64]) -> u64 {
    let nim_sum = heaps.iter().fold(0i64, |x, &h| x ^ h as i64);
    (nim_sum & i64::MAX) as u64
}
