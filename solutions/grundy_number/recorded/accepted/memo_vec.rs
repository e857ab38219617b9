//! Correct: memoised recursion with a `Vec<Option<usize>>` memo indexed by heap size,
//! and the moves cleaned once (no 0, no repeats, none larger than n).
fn grundy(n: usize, moves: &[usize], memo: &mut [Option<usize>]) -> usize {
    if let Some(g) = memo[n] {
        return g;
    }
    let mut reachable = Vec::with_capacity(moves.len());
    for &m in moves {
        if m <= n {
            reachable.push(grundy(n - m, moves, memo));
        }
    }
    let mut g = 0;
    while reachable.contains(&g) {
        g += 1;
    }
    memo[n] = Some(g);
    g
}

pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut moves: Vec<usize> = moves
        .iter()
        .copied()
        .filter(|&m| m >= 1 && m <= n)
        .collect();
    moves.sort_unstable();
    moves.dedup();
    grundy(n, &moves, &mut vec![None; n + 1])
}
