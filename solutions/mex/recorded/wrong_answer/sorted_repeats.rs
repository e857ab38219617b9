//! Sorts, then expects the value at index i to be i. Right for distinct values, but
//! a repeat shifts every later value one place: `[0, 0, 1]` sorts to 0 0 1, index 1
//! holds 0, and it answers 1 instead of 2.
// expect: wrong answer
// expect: input: values = [0, 0, 1]
// expect: Values may repeat: after sorting, index i need not hold i. Skip repeats (or dedup) before comparing values with positions.
pub fn mex(values: &[usize]) -> usize {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    for (index, &value) in sorted.iter().enumerate() {
        if value != index {
            return index;
        }
    }
    sorted.len()
}
