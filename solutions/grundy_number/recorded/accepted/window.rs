//! Correct, in O(largest move) memory: a heap only reads the Grundy numbers of the
//! last `largest move` heaps below it, so a ring buffer of that many values replaces
//! the full table.
use std::collections::VecDeque;

pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let moves: Vec<usize> = moves
        .iter()
        .copied()
        .filter(|&m| m >= 1 && m <= n)
        .collect();
    let window = moves.iter().copied().max().unwrap_or(0);
    // last[i] is the Grundy number of heap (size - 1 - i): the newest value first.
    let mut last: VecDeque<usize> = VecDeque::with_capacity(window + 1);
    let mut seen = vec![false; moves.len() + 1];
    let mut g = 0;
    for size in 0..=n {
        seen.fill(false);
        for &m in &moves {
            if m <= size {
                seen[last[m - 1]] = true;
            }
        }
        g = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        last.push_front(g);
        last.truncate(window);
    }
    g
}
