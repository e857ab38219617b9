//! Correct: bottom-up, with another mex: sort and dedup the reachable values, then the
//! mex is the first position whose value is not its own index.
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n + 1);
    let mut reachable: Vec<usize> = Vec::with_capacity(moves.len());
    for k in 0..=max_n {
        reachable.clear();
        reachable.extend(
            moves
                .iter()
                .filter(|&&m| m != 0 && m <= k)
                .map(|&m| table[k - m]),
        );
        reachable.sort_unstable();
        reachable.dedup();
        let mex = reachable
            .iter()
            .enumerate()
            .find(|&(i, &v)| i != v)
            .map_or(reachable.len(), |(i, _)| i);
        table.push(mex);
    }
    table
}
