//! Right in every other way, but keeps the heap in a u32 ("heaps are small"): 10^18
//! becomes another heap.
// expect: wrong answer
// expect: Your answers are those of n cut to its low 32 bits.
use std::collections::HashMap;

pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    let n = n as u32;
    let largest = moves.iter().copied().max().unwrap_or(0);
    if largest == 0 {
        return 0;
    }
    let mut g: Vec<usize> = Vec::new();
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
    while g.len() <= n as usize {
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
                let p = start - s;
                return g[s + (n as usize - s) % p];
            }
            seen.insert(g[start..].to_vec(), start);
        }
    }
    g[n as usize]
}
