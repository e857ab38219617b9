//! Counts the heaps of each size in a bit table as long as the largest heap, then
//! XORs the sizes seen an odd number of times. Fine for heaps below 1,000; a 64-bit
//! heap asks for exabytes.
// expect: memory limit
// expect: Your code ran out of memory
pub fn xor_all(heaps: &[u64]) -> u64 {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    // One bit per size 0..=largest: bit `size` is set when an odd number of heaps have it.
    let mut odd = vec![0u64; (largest / 64) as usize + 1];
    for &heap in heaps {
        odd[(heap / 64) as usize] ^= 1 << (heap % 64);
    }
    let mut nim_sum = 0;
    for (word, &bits) in odd.iter().enumerate() {
        for bit in 0..64 {
            if bits >> bit & 1 == 1 {
                nim_sum ^= word as u64 * 64 + bit;
            }
        }
    }
    nim_sum
}
