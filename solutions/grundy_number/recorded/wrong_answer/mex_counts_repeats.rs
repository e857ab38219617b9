//! Takes the mex of the reachable Grundy numbers by sorting them and looking for the
//! first index that does not hold its own number, without skipping repeats: two moves
//! that reach the same number make every later index one off. The answers are too small
//! there, sometimes 0 or 1, but the code does know Grundy numbers above 1.
// expect: wrong answer
// expect: Two moves can reach the same Grundy number
// expect-not: not just 0
fn mex(mut values: Vec<usize>) -> usize {
    values.sort_unstable();
    (0..values.len())
        .find(|&i| values[i] != i)
        .unwrap_or(values.len())
}

pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = Vec::with_capacity(n + 1);
    for size in 0..=n {
        let reached: Vec<usize> = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= size)
            .map(|&m| grundy[size - m])
            .collect();
        grundy.push(mex(reached));
    }
    grundy[n]
}
