//! Correct: a `BTreeSet` holds the distinct values in increasing order; the mex is
//! the first place where the k-th smallest value is not k.
use std::collections::BTreeSet;

pub fn mex(values: &[usize]) -> usize {
    let distinct: BTreeSet<usize> = values.iter().copied().collect();
    let mut expected = 0;
    for value in distinct {
        if value != expected {
            break;
        }
        expected += 1;
    }
    expected
}
