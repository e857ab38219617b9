//! Proves a period with a window of 3 values whatever the amounts: right when the
//! largest amount is at most 3, a guess otherwise. Its wrong answers are sometimes what
//! the values of n mod p, a period from an even shorter repeat, or n cut to 32 bits
//! would give, but its mistake is none of those: the grader names none.
// expect: wrong answer
// expect-not: Your answers are the values of heap n mod p
// expect-not: only a repeated window as long as the largest amount proves a period
// expect-not: Your answers are those of n cut to its low 32 bits.
use std::collections::HashMap;

pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    const WINDOW: usize = 3;
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
        if g.len() >= WINDOW {
            let start = g.len() - WINDOW;
            if let Some(&s) = seen.get(&g[start..]) {
                let p = (start - s) as u64;
                return g[s + ((n - s as u64) % p) as usize];
            }
            seen.insert(g[start..].to_vec(), start);
        }
    }
    g[n as usize]
}
