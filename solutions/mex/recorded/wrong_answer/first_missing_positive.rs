//! Starts looking at 1, as in the puzzle "first missing positive": it forgets that 0
//! is a candidate too. `[]` gives 1 instead of 0, and `[1, 2, 3]` gives 4 instead of 0.
// expect: wrong answer
// expect: input: values = []
// expect: The mex starts at 0: when 0 is not among the values, the mex is 0.
// expect-not: The largest value plus one is not the mex
pub fn mex(values: &[usize]) -> usize {
    let mut present = vec![false; values.len() + 2];
    for &value in values {
        if value < present.len() {
            present[value] = true;
        }
    }
    (1..present.len()).find(|&k| !present[k]).unwrap()
}
