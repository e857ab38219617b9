//! Every split is there, but two rows are worth the sum of their Grundy numbers
//! instead of their XOR. The table that gives is n mod 3, just as if the splits were
//! missing: the advice names both.
// expect: wrong answer
// expect: or the two rows are added: two rows are worth the XOR of their Grundy numbers
pub fn kayles_grundy(n: usize) -> usize {
    let mut table: Vec<usize> = Vec::with_capacity(n + 1);
    for row in 0..=n {
        let mut reached = vec![false; 4 * row + 2];
        for knocked in 1..=row.min(2) {
            let rest = row - knocked;
            for left in 0..=rest {
                reached[table[left] + table[rest - left]] = true;
            }
        }
        table.push(reached.iter().position(|&r| !r).unwrap());
    }
    table[n]
}
