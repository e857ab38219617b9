//! Takes each mex by sorting the values reached and looking for the first index that
//! does not hold its own number, without skipping repeats: two moves that reach the
//! same number make every later index one off, and the entry comes out too small.
// expect: wrong answer
// expect: Two moves can reach the same Grundy number
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let mut reached: Vec<usize> = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= k)
            .map(|&m| table[k - m])
            .collect();
        reached.sort_unstable();
        let mex = (0..reached.len())
            .find(|&i| reached[i] != i)
            .unwrap_or(reached.len());
        table.push(mex);
    }
    table
}
