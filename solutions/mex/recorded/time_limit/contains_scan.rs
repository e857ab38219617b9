//! Right answers, quadratic time: tries 0, 1, 2, ... and scans the whole slice with
//! `contains` for each. Instant on 10 values; on every number below 1,000,000,
//! shuffled, the mex is 1,000,000 and that is about 5 * 10^11 comparisons.
// expect: time limit
// mistake: `contains` scans the whole slice for every candidate: O(n^2). Mark the values once in a Vec<bool> of n + 1 flags (values above n cannot be the mex), or sort them.
pub fn mex(values: &[usize]) -> usize {
    (0..).find(|candidate| !values.contains(candidate)).unwrap()
}
