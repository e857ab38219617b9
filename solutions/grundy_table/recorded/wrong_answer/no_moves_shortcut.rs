//! Gets every table right but one kind: with no amounts at all it takes a shortcut,
//! "every heap is worth 0", and writes `vec![0; max_n]`, one entry short. The general
//! case counts entries 0 to max_n, so the length is not this code's habit.
// expect: wrong answer
// expect: The table for max_n = 0 has max_n + 1 = 1 entry (heaps 0 to 0); yours has 0
// expect-not: count the entries for 0 and for max_n
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    if moves.is_empty() {
        return vec![0; max_n];
    }
    let mut table = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let mut seen = vec![false; moves.len() + 1];
        for &m in moves {
            if m >= 1 && m <= k {
                seen[table[k - m]] = true;
            }
        }
        table.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    table
}
