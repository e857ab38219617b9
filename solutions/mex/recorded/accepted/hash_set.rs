//! Correct: puts the values in a `HashSet`, then tries 0, 1, 2, ... with a set
//! look-up each time, which costs O(1) instead of a scan of the whole slice. At most
//! n + 1 tries, so O(n) expected time.
use std::collections::HashSet;

pub fn mex(values: &[usize]) -> usize {
    let present: HashSet<usize> = values.iter().copied().collect();
    (0..)
        .find(|candidate| !present.contains(candidate))
        .unwrap()
}
