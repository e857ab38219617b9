//! Keeps n flags for n values, then unwraps the first unset one: when the values are
//! exactly 0..n every flag is set and there is none. `[]` and `[0]` panic on
//! `unwrap()` of `None`; the mex there is n (0 and 1).
// expect: panicked
// expect: called `Option::unwrap()` on a `None` value
// expect: n values can fill 0..n completely, and then the mex is n: keep n + 1 flags (or fall back to n).
pub fn mex(values: &[usize]) -> usize {
    let mut seen = vec![false; values.len()];
    for &value in values {
        if value < seen.len() {
            seen[value] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap()
}
