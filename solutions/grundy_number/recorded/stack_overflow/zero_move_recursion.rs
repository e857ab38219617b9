//! Treats an amount of 0 as a move in a memoised recursion: the heap calls itself
//! before its value is in the memo, forever.
// expect: stack overflow
// expect: 0 is not a move: from a heap of k it would
use std::collections::HashMap;

fn grundy(n: usize, moves: &[usize], memo: &mut HashMap<usize, usize>) -> usize {
    if let Some(&g) = memo.get(&n) {
        return g;
    }
    let mut reachable = Vec::new();
    for &m in moves {
        if m <= n {
            reachable.push(grundy(n - m, moves, memo));
        }
    }
    let g = (0..).find(|v| !reachable.contains(v)).unwrap_or(0);
    memo.insert(n, g);
    g
}

pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    grundy(n, moves, &mut HashMap::new())
}
