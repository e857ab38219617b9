//! `0..max_n` instead of `0..=max_n`: the table misses its last entry, the heap of
//! max_n itself.
// expect: wrong answer
// expect: The table for max_n = 0 has max_n + 1 = 1 entry (heaps 0 to 0); yours has 0 entries.
// expect: An off-by-one
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n);
    for k in 0..max_n {
        let reachable: Vec<usize> = moves
            .iter()
            .filter(|&&m| m != 0 && m <= k)
            .map(|&m| table[k - m])
            .collect();
        table.push((0..).find(|v| !reachable.contains(v)).unwrap_or(0));
    }
    table
}
