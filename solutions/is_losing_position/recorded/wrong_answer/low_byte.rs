//! The nim-sum in a byte (`as u8`): a winning position whose nim-sum is a multiple of
//! 256 looks lost. Such a nim-sum is even, and so is the total, but the code does not
//! look at the total, nor at 32 bits.
// expect: wrong answer
// expect: input: heaps = [256]
// expect-not: total number of stones
// expect-not: cut to 32 bits
pub fn is_losing_position(heaps: &[u64]) -> bool {
    heaps.iter().fold(0u8, |x, &h| x ^ h as u8) == 0
}
