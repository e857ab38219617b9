//! Sorts, then checks the smallest value with `sorted[0]` before anything else: it
//! panics on the empty slice, whose mex is 0.
// expect: panicked
// expect: index out of bounds: the len is 0 but the index is 0
// expect: `values` may be empty, and its mex is then 0: do not index before checking the length.
pub fn mex(values: &[usize]) -> usize {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    if sorted[0] != 0 {
        return 0;
    }
    let mut expected = 0;
    for &value in &sorted {
        if value == expected {
            expected += 1;
        } else if value > expected {
            break;
        }
    }
    expected
}
