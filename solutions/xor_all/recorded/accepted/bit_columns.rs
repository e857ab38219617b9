//! The lesson's picture in code: each of the 64 binary columns votes, and a column with
//! an odd number of ones gives a 1 in the nim-sum. Linear, with 64 passes over the
//! heaps: a constant factor, which the time limit must not punish.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = 0;
    for bit in 0..64 {
        let ones = heaps.iter().filter(|&&heap| heap >> bit & 1 == 1).count();
        if ones % 2 == 1 {
            nim_sum |= 1 << bit;
        }
    }
    nim_sum
}
