//! Takes a period as soon as the last p values repeat the p values before them, for the
//! smallest such p, even when p is shorter than the largest amount: with moves [2]
//! (or [2, 5]) the values start 0 0, and it answers 0 for every heap past them.
// expect: wrong answer
// expect: With moves [2], a heap of 2 has Grundy number 1, but you returned 0.
// expect: only a repeated window as long as the largest amount proves a period
pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    let mut g: Vec<usize> = Vec::new();
    loop {
        let heap = g.len();
        if heap as u64 > n {
            return g[n as usize];
        }
        let reached: Vec<usize> = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= heap)
            .map(|&m| g[heap - m])
            .collect();
        g.push((0..).find(|v| !reached.contains(v)).unwrap());
        let end = g.len();
        for p in 1..=end / 2 {
            if g[end - 2 * p..end - p] == g[end - p..] {
                let s = (end - 2 * p) as u64;
                if n < end as u64 {
                    return g[n as usize];
                }
                return g[(s + (n - s) % p as u64) as usize];
            }
        }
    }
}
