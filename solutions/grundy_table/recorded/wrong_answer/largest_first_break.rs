//! Sorts the amounts from the largest down, then stops at the first one too large for
//! the heap, as if the rest were larger still: sorted the other way, that `break` would
//! be right. When the largest amount comes first anyway ([3, 1, 2]) the table is what
//! breaking on unsorted amounts gives, but the code does sort: with moves [1, 2] it
//! finds no move from heap 1.
// expect: wrong answer
// expect-not: keep looking at the others, since the moves may be unsorted
// expect-not: Your table repeats a period guessed too early
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut amounts = moves.to_vec();
    amounts.sort_unstable_by(|a, b| b.cmp(a));
    let mut table = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let mut seen = vec![false; amounts.len() + 1];
        for &m in &amounts {
            if m > k {
                break;
            }
            if m >= 1 {
                seen[table[k - m]] = true;
            }
        }
        table.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    table
}
