//! Correct: the table bottom-up, each mex found in a `BTreeSet` of the reachable values
//! (one set, cleared for every heap).
use std::collections::BTreeSet;

pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy: Vec<usize> = Vec::with_capacity(n + 1);
    let mut reachable = BTreeSet::new();
    for size in 0..=n {
        reachable.clear();
        for &m in moves {
            if m != 0 && m <= size {
                reachable.insert(grundy[size - m]);
            }
        }
        let mut mex = 0;
        while reachable.contains(&mex) {
            mex += 1;
        }
        grundy.push(mex);
    }
    grundy[n]
}
