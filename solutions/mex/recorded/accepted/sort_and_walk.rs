//! Correct: sorts a copy of the values, then walks it with the number it hopes to see
//! next. A repeat is smaller than that number and is skipped; a value larger than it
//! means the number is missing. O(n log n) for the sort, fast enough for 1,000,000.
pub fn mex(values: &[usize]) -> usize {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let mut next = 0;
    for &value in &sorted {
        if value == next {
            next += 1;
        } else if value > next {
            break;
        }
    }
    next
}
