//! Sizes its table of flags by the largest value instead of by the number of values:
//! fine while values are small, but `[1 << 40]` asks for a terabyte of flags. (With
//! `[usize::MAX]`, `largest + 1` overflows and panics instead.)
// expect: memory limit
// expect: input: values = [1099511627776]
// expect: Your code ran out of memory
// expect: a table as long as the largest value (1099511627776)
pub fn mex(values: &[usize]) -> usize {
    let largest = values.iter().copied().max().unwrap_or(0);
    let mut seen = vec![false; largest + 1];
    for &value in values {
        seen[value] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(largest + 1)
}
