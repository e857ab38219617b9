//! Reference solution: n values can cover at most n of the n + 1 numbers 0..=n, so
//! the mex is one of them. One flag per number in 0..=n, set in a single pass over
//! the values, finds it in O(n) time.

/// Returns the smallest non-negative integer that is not in `values`.
pub fn mex(values: &[usize]) -> usize {
    // present[k] says whether k is in `values`, for k in 0..=n.
    let mut present = vec![false; values.len() + 1];
    for &value in values {
        // A value above n can never be the mex: `get_mut` skips it.
        if let Some(flag) = present.get_mut(value) {
            *flag = true;
        }
    }
    present
        .iter()
        .position(|&is_present| !is_present)
        .expect("n values leave one of the n + 1 numbers 0..=n missing")
}
