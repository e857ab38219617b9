//! Correct: grows the table and keeps every window of `largest` values in a HashMap,
//! with the heap it started at; the first window seen twice proves the period.
use std::collections::HashMap;

pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    let largest = moves.iter().copied().max().unwrap_or(0);
    if largest == 0 {
        return 0;
    }
    let mut g: Vec<usize> = Vec::new();
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
    while (g.len() as u64) <= n {
        let heap = g.len();
        let mut value = 0;
        while moves
            .iter()
            .any(|&m| m >= 1 && m <= heap && g[heap - m] == value)
        {
            value += 1;
        }
        g.push(value);
        if g.len() >= largest {
            let start = g.len() - largest;
            if let Some(&s) = seen.get(&g[start..]) {
                let p = (start - s) as u64;
                return g[s + ((n - s as u64) % p) as usize];
            }
            seen.insert(g[start..].to_vec(), start);
        }
    }
    g[n as usize]
}
