//! Counts the heaps with each bit set, column by column, for bits `0..63`: one column
//! short, so bit 63 is never looked at. A position whose nim-sum is 2^63 looks lost.
//! Such a nim-sum is 0 in its low 32 bits too, but this code reads bits 32 to 62, and
//! gets right the positions that differ only there.
// expect: wrong answer
// expect: is a winning position: its nim-sum is 9223372036854775808
// expect-not: cut to 32 bits
pub fn is_losing_position(heaps: &[u64]) -> bool {
    for bit in 0..63 {
        let with_bit = heaps.iter().filter(|&&heap| heap >> bit & 1 == 1).count();
        if with_bit % 2 == 1 {
            return false;
        }
    }
    true
}
