//! Does not skip amounts larger than the heap: `k - m` underflows (a panic in a debug
//! build) for the first move bigger than the heap, e.g. moves [1] at heap 0.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: a move larger than the heap cannot be taken
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let reachable: Vec<usize> = moves
            .iter()
            .filter(|&&m| m != 0)
            .map(|&m| table[k - m])
            .collect();
        table.push((0..).find(|v| !reachable.contains(v)).unwrap_or(0));
    }
    table
}
