//! Reads "up to 1,000,000 values" as "values up to 1,000,000" and uses a fixed table
//! of 1,000,001 flags indexed by value: any larger value, like `[1_000_001]` or
//! `[usize::MAX]`, indexes past its end.
// expect: panicked
// expect: index out of bounds
// expect: input: values = [1000001]
// expect: Values can be any usize; only the number of values is bounded. A mex of n values is at most n, so size the table n + 1 and skip the larger values.
pub fn mex(values: &[usize]) -> usize {
    let mut seen = vec![false; 1_000_001];
    for &value in values {
        seen[value] = true;
    }
    seen.iter().position(|&s| !s).unwrap()
}
