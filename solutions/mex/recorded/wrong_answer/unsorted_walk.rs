//! Looks for the first index that does not hold its own number, but forgets to sort
//! first. On a sorted list with a repeat, `[0, 0, 1]`, it answers 1 as code that sorts
//! and does not skip repeats would; but `[1, 0]` already gets 0, where a sort would
//! have found 2: the missing step is the sort, not skipping repeats.
// expect: wrong answer
// expect: The mex of [1, 0] is 2
// expect-not: Skip repeats (or dedup) before comparing values with positions.
pub fn mex(values: &[usize]) -> usize {
    for (index, &value) in values.iter().enumerate() {
        if value != index {
            return index;
        }
    }
    values.len()
}
