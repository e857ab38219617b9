//! Treats an amount of 0 as a move in a table built with `push`: the "move" from heap k
//! to heap k reads the entry being computed, which does not exist yet.
// expect: panicked
// expect: index out of bounds: the len is 0 but the index is 0
// expect: 0 is not a move
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let reachable: Vec<usize> = moves
            .iter()
            .filter(|&&m| m <= k)
            .map(|&m| table[k - m])
            .collect();
        table.push((0..).find(|v| !reachable.contains(v)).unwrap_or(0));
    }
    table
}
