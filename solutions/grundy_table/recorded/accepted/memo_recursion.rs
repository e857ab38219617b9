//! Correct: the table filled by memoised recursion from the top (a heap of `max_n`
//! recurses down to 0 and fills the entries on the way back), not by a bottom-up loop.
fn fill(k: usize, moves: &[usize], memo: &mut [Option<usize>]) -> usize {
    if let Some(g) = memo[k] {
        return g;
    }
    let mut reachable = Vec::with_capacity(moves.len());
    for &m in moves {
        if m >= 1 && m <= k {
            reachable.push(fill(k - m, moves, memo));
        }
    }
    let mut g = 0;
    while reachable.contains(&g) {
        g += 1;
    }
    memo[k] = Some(g);
    g
}

pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut memo = vec![None; max_n + 1];
    // The first call recurses from max_n down; the later ones fill the entries it never
    // reached (with moves [2], an even max_n never reaches the odd heaps).
    for k in (0..=max_n).rev() {
        fill(k, moves, &mut memo);
    }
    memo.into_iter().map(|g| g.unwrap_or(0)).collect()
}
