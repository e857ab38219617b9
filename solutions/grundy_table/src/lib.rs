//! Reference solution: the table bottom-up, each entry the mex of earlier entries.

/// Returns `[g(0), g(1), ..., g(max_n)]`, the Grundy numbers of heaps of 0 to `max_n`.
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n + 1);
    // A Grundy value is at most the number of moves, so the mex fits in moves.len() + 1.
    let mut seen = vec![false; moves.len() + 1];
    for size in 0..=max_n {
        seen.fill(false);
        for &amount in moves {
            if (1..=size).contains(&amount) {
                seen[table[size - amount]] = true;
            }
        }
        table.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    table
}
