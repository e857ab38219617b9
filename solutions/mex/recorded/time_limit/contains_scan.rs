//! Right answers, quadratic time: tries 0, 1, 2, ... and scans the whole slice with
//! `contains` for each. Instant on 10 values; on every number below 1,000,000,
//! shuffled, the mex is 1,000,000 and that is about 5 * 10^11 comparisons.
// expect: time limit
// expect: Calling `contains` on the slice for every candidate
pub fn mex(values: &[usize]) -> usize {
    (0..).find(|candidate| !values.contains(candidate)).unwrap()
}
