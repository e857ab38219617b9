//! Correct: the mex of n values is at most n, so only values below n matter. Marks
//! them in a `Vec<bool>` of n flags; if all n are set, the mex is n itself.
pub fn mex(values: &[usize]) -> usize {
    let n = values.len();
    let mut seen = vec![false; n];
    for &value in values.iter().filter(|&&value| value < n) {
        seen[value] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(n)
}
