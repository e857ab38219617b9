//! Tries both kinds of move on every row, a row of 1 pin included: `row - 2`
//! underflows there (a panic in a debug build).
// expect: panicked
// expect: attempt to subtract with overflow
// expect: knock down two pins only in a row of at least 2
pub fn kayles_grundy(n: usize) -> usize {
    let mut table: Vec<usize> = vec![0];
    for row in 1..=n {
        let mut reached = vec![false; 2 * row + 2];
        for knocked in 1..=2 {
            let rest = row - knocked;
            for left in 0..=rest {
                reached[table[left] ^ table[rest - left]] = true;
            }
        }
        table.push(reached.iter().position(|&r| !r).unwrap());
    }
    table[n]
}
