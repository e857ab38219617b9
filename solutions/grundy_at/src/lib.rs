//! Reference solution: the table grows until a window as long as the largest amount
//! appears a second time, which proves the period; then n's value is read from it.

use std::collections::HashMap;

/// Returns the Grundy number of a heap of `n` in the subtraction game `moves`.
pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    let mut amounts: Vec<usize> = moves.iter().copied().filter(|&m| m > 0).collect();
    amounts.sort_unstable();
    amounts.dedup();
    let Some(&largest) = amounts.last() else {
        return 0;
    };
    let mut values: Vec<usize> = Vec::new();
    // Where each window of `largest` values first started.
    let mut first_start: HashMap<Vec<usize>, usize> = HashMap::new();
    // A Grundy number is at most the number of amounts.
    let mut reached = vec![false; amounts.len() + 1];
    loop {
        let heap = values.len();
        if heap as u64 > n {
            return values[n as usize];
        }
        reached.fill(false);
        for &m in amounts.iter().take_while(|&&m| m <= heap) {
            reached[values[heap - m]] = true;
        }
        values.push(reached.iter().position(|&r| !r).unwrap_or(amounts.len()));
        // The first window is complete once `largest` values are in.
        let Some(start) = values.len().checked_sub(largest) else {
            continue;
        };
        let window = values[start..].to_vec();
        if let Some(&first) = first_start.get(&window) {
            // n >= values.len() > first here, so n - first does not underflow.
            let period = (start - first) as u64;
            let offset = (n - first as u64) % period;
            return values[first + offset as usize];
        }
        first_start.insert(window, start);
    }
}
