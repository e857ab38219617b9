//! Reads "the smallest number missing" as "the smallest number reached, plus one". That
//! is the mex when the values reached are 0 or 0 and 1, and sometimes what the largest
//! plus one gives, but it is neither: with moves [1, 2], heap 3 reaches 1 and 2, whose
//! mex is 0, and this answers 2.
// expect: wrong answer
// expect: With moves [1], the Grundy number of a heap of 2 is 0, but you returned 2.
// expect-not: The largest reachable value plus one is not the mex
// expect-not: Grundy numbers are not just 0 (lose) and 1 (win)
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = Vec::with_capacity(n + 1);
    for size in 0..=n {
        let smallest = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= size)
            .map(|&m| grundy[size - m])
            .min();
        grundy.push(smallest.map_or(0, |g| g + 1));
    }
    grundy[n]
}
