//! Puts the values of both rows a move leaves into the set, each on its own, instead
//! of their XOR: the mex of the parts. Every shorter row's value is then reached, and
//! a row of n pins gets n, as a Nim heap would.
// expect: wrong answer
// expect: A row of 4 pins has Grundy number 1, but you returned 4.
// expect: Your value for a row of n pins is n, as if the row were a Nim heap.
use std::collections::BTreeSet;

pub fn kayles_grundy(n: usize) -> usize {
    let mut table: Vec<usize> = Vec::with_capacity(n + 1);
    for row in 0..=n {
        let mut reached = BTreeSet::new();
        for knocked in 1..=row.min(2) {
            let rest = row - knocked;
            for left in 0..=rest {
                reached.insert(table[left]);
                reached.insert(table[rest - left]);
            }
        }
        table.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    table[n]
}
