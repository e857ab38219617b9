//! Sorts, removes repeats, and returns the first gap after the smallest value: it
//! looks for a gap between values but never checks that 0 itself is there. `[1]`
//! gives 2 instead of 0, and `[2, 3, 5]` gives 4 instead of 0.
// expect: wrong answer
// expect: input: values = [1]
// expect: A gap found after the smallest value is not the mex
// expect: when 0 is not among the values, the mex is 0.
// expect-not: The mex starts at 0:
// expect-not: The largest value plus one is not the mex
pub fn mex(values: &[usize]) -> usize {
    let mut distinct = values.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let Some(&smallest) = distinct.first() else {
        return 0;
    };
    let mut expected = smallest;
    for &value in &distinct {
        if value != expected {
            return expected;
        }
        expected += 1;
    }
    expected
}
