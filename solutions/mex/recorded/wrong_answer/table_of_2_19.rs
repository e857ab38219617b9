//! A fixed table of 2^19 flags (524,288, "enough for most lists"), values past it
//! skipped, and the length when every flag is set: right until a mex reaches 2^19 in a
//! list longer than that.
// expect: wrong answer
// expect: The mex of
// expect-not: Values may repeat
pub fn mex(values: &[usize]) -> usize {
    let mut seen = vec![false; 1 << 19];
    for &value in values {
        if value < seen.len() {
            seen[value] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len())
}
