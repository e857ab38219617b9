//! Recursion on the definition without a memo: the same heaps are solved again and
//! again, exponentially often (moves 1 2 on a heap of 300 is a Fibonacci-sized tree).
// expect: time limit
// expect: Recursion without a memo is exponential
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let reachable: Vec<usize> = moves
        .iter()
        .filter(|&&m| m >= 1 && m <= n)
        .map(|&m| grundy_number(n - m, moves))
        .collect();
    (0..).find(|v| !reachable.contains(v)).unwrap_or(0)
}
