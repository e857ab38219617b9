//! The largest reachable value plus one instead of the mex: with moves 1 the table
//! becomes 0 1 2 3... instead of 0 1 0 1...
// expect: wrong answer
// expect: With moves [1], entry 2 should be 0, but yours is 2.
// expect: The largest reachable value plus one is not the mex
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table = vec![0; max_n + 1];
    for k in 1..=max_n {
        table[k] = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= k)
            .map(|&m| table[k - m] + 1)
            .max()
            .unwrap_or(0);
    }
    table
}
