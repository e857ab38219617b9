//! The largest reachable value plus one instead of the mex: with moves 1, heap 2 reaches
//! only heap 1 (value 1), so the mex is 0 but max + 1 is 2.
// expect: wrong answer
// expect: With moves [1], the Grundy number of a heap of 2 is 0, but you returned 2.
// expect: The largest reachable value plus one is not the mex
// expect-not: keep looking at the others
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = vec![0; n + 1];
    for size in 1..=n {
        grundy[size] = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= size)
            .map(|&m| grundy[size - m] + 1)
            .max()
            .unwrap_or(0);
    }
    grundy[n]
}
