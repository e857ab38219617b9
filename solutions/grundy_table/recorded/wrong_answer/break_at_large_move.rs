//! Stops at the first amount larger than the heap (`break`), as if the moves were
//! sorted: with an unsorted move set, smaller amounts after a large one are never tried.
// expect: wrong answer
// expect: should be 1, but yours is 0
// expect: keep looking at the others, since the moves may be unsorted
// expect-not: Your table repeats a period guessed too early
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let mut reachable = Vec::new();
        for &m in moves {
            if m == 0 {
                continue;
            }
            if m > k {
                break;
            }
            reachable.push(table[k - m]);
        }
        table.push((0..).find(|v| !reachable.contains(v)).unwrap_or(0));
    }
    table
}
