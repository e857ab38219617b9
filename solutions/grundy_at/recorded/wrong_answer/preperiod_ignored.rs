//! Proves the period as it should (a repeated window as long as the largest amount),
//! then answers the value of heap n mod p, as if the values repeated from heap 0.
// expect: wrong answer
// expect: Your answers are the values of heap n mod p
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
        let reached: Vec<usize> = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= heap)
            .map(|&m| g[heap - m])
            .collect();
        g.push((0..).find(|v| !reached.contains(v)).unwrap());
        if g.len() >= largest {
            let start = g.len() - largest;
            if let Some(&s) = seen.get(&g[start..]) {
                let p = (start - s) as u64;
                return g[(n % p) as usize];
            }
            seen.insert(g[start..].to_vec(), start);
        }
    }
    g[n as usize]
}
