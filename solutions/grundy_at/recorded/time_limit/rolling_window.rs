//! Keeps only the last `largest` values and walks up to n: no memory problem, but
//! 10^18 steps.
// expect: time limit
// expect: A loop up to n takes 10^18 steps
use std::collections::VecDeque;

pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    let largest = moves.iter().copied().max().unwrap_or(0);
    if largest == 0 {
        return 0;
    }
    // last[i] is the value of heap (heap - largest + i).
    let mut last: VecDeque<usize> = std::iter::repeat_n(usize::MAX, largest).collect();
    let mut heap: u64 = 0;
    loop {
        let reached: Vec<usize> = moves
            .iter()
            .filter(|&&m| m >= 1 && m as u64 <= heap)
            .map(|&m| last[largest - m])
            .collect();
        let value = (0..).find(|v| !reached.contains(v)).unwrap();
        if heap == n {
            return value;
        }
        last.pop_front();
        last.push_back(value);
        heap += 1;
    }
}
