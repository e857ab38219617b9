//! Correct: memoised recursion with the memo checked before each recursive call, and
//! the mex found with a small `seen` array (a Grundy value is at most the number of
//! moves).
fn grundy(n: usize, moves: &[usize], memo: &mut [Option<usize>]) -> usize {
    let mut seen = vec![false; moves.len() + 1];
    for &m in moves {
        if m == 0 || m > n {
            continue;
        }
        let g = match memo[n - m] {
            Some(g) => g,
            None => grundy(n - m, moves, memo),
        };
        seen[g] = true;
    }
    let g = seen.iter().position(|&s| !s).unwrap_or(seen.len());
    memo[n] = Some(g);
    g
}

pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut memo = vec![None; n + 1];
    grundy(n, moves, &mut memo)
}
