//! Returns the largest value plus one: right whenever the values have no gap, as in
//! 0 1 2, but the mex is the smallest number missing, not one past the largest.
//! `[1]` gives 2 instead of 0, and `[0, 2]` gives 3 instead of 1.
// expect: wrong answer
// expect: input: values = [1]
// expect: The largest value plus one is not the mex
// expect-not: A gap found after the smallest value
pub fn mex(values: &[usize]) -> usize {
    match values.iter().max() {
        Some(largest) => largest + 1,
        None => 0,
    }
}
