//! Right values in quadratic time: every entry is computed by a function that builds
//! the whole table up to that entry again, O(max_n^2 * k) in all.
// expect: time limit
// expect: Rebuilding the table (or recursing) for every entry is quadratic or worse
fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut values: Vec<usize> = Vec::with_capacity(n + 1);
    for k in 0..=n {
        let reachable: Vec<usize> = moves
            .iter()
            .filter(|&&m| m != 0 && m <= k)
            .map(|&m| values[k - m])
            .collect();
        values.push((0..).find(|v| !reachable.contains(v)).unwrap_or(0));
    }
    values[n]
}

pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    (0..=max_n).map(|k| grundy_number(k, moves)).collect()
}
