//! Right answers, quadratic time: for every index it XORs the whole rest of the
//! position again (each suffix's nim-sum, XOR-ed with the next suffix's, is one heap).
//! Fine on 20 heaps, about 10^12 steps on 1,000,000.
// expect: time limit
// expect: one pass over the heaps (O(n) for n heaps)
// expect: its time grows far faster than its input
fn suffix_nim_sum(heaps: &[u64], from: usize) -> u64 {
    heaps.iter().skip(from).fold(0, |acc, &heap| acc ^ heap)
}

pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = 0;
    for i in 0..heaps.len() {
        // suffix(i) ^ suffix(i + 1) is heaps[i].
        nim_sum ^= suffix_nim_sum(heaps, i) ^ suffix_nim_sum(heaps, i + 1);
    }
    nim_sum
}
