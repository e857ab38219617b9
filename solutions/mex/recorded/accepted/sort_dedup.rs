//! Correct: sorts and removes repeats, then the mex is the first index whose value is
//! not the index itself (0, 1, 2, ... in place), or the length if there is no gap.
pub fn mex(values: &[usize]) -> usize {
    let mut distinct = values.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
        .iter()
        .enumerate()
        .find(|&(index, &value)| index != value)
        .map_or(distinct.len(), |(index, _)| index)
}
