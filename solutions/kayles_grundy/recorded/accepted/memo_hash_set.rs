//! Correct: a recursion with a memo, each row's options gathered in a `HashSet` over
//! every split (left and right both ways), the mex found by counting up from 0. The
//! slowest way this exercise expects: O(n^2) set insertions.
use std::collections::{HashMap, HashSet};

fn grundy(row: usize, memo: &mut HashMap<usize, usize>) -> usize {
    if let Some(&known) = memo.get(&row) {
        return known;
    }
    let mut reached = HashSet::new();
    for knocked in 1..=row.min(2) {
        let rest = row - knocked;
        for left in 0..=rest {
            let value = grundy(left, memo) ^ grundy(rest - left, memo);
            reached.insert(value);
        }
    }
    let mut mex = 0;
    while reached.contains(&mex) {
        mex += 1;
    }
    memo.insert(row, mex);
    mex
}

pub fn kayles_grundy(n: usize) -> usize {
    let mut memo = HashMap::new();
    // Shorter rows first, so that the recursion never goes deeper than one level.
    for row in 0..n {
        grundy(row, &mut memo);
    }
    grundy(n, &mut memo)
}
