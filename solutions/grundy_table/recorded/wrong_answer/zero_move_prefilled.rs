//! Treats an amount of 0 as a move in a table filled with zeros in advance: the "move"
//! to the heap itself reads its own not-yet-computed 0, so no entry is ever 0.
// expect: wrong answer
// expect: With moves [0], entry 0 should be 0, but yours is 1.
// expect: This move set contains 0, which is not a move
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table = vec![0; max_n + 1];
    for k in 0..=max_n {
        let reachable: Vec<usize> = moves
            .iter()
            .filter(|&&m| m <= k)
            .map(|&m| table[k - m])
            .collect();
        table[k] = (0..).find(|v| !reachable.contains(v)).unwrap_or(0);
    }
    table
}
