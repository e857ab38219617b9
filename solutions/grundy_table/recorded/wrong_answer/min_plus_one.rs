//! Reads "the smallest number missing" as "the smallest number reached, plus one". Some
//! tables come out as the largest plus one would make them, some as "winning or losing
//! only" would, but the rule is neither: with moves [1, 2], heap 3 reaches 1 and 2,
//! whose mex is 0, and this gives 2.
// expect: wrong answer
// expect-not: The largest reachable value plus one is not the mex
// expect-not: Grundy numbers are not just 0 (lose) and 1 (win)
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let smallest = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= k)
            .map(|&m| table[k - m])
            .min();
        table.push(smallest.map_or(0, |g| g + 1));
    }
    table
}
