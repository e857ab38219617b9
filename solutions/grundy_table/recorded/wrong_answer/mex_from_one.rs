//! Takes as each Grundy number the smallest number from 1 up that no move reaches, as
//! if a mex could not be 0: heap 0 gets 1. It skips amounts of 0, but with a 0 among the
//! amounts its table is the one code that counts 0 as a move builds (that code always
//! sees its own heap's 0 among the values reached); with moves [] it is just as wrong.
// expect: wrong answer
// expect-not: This move set contains 0, which is not a move
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table = Vec::with_capacity(max_n + 1);
    for k in 0..=max_n {
        let reached: Vec<usize> = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= k)
            .map(|&m| table[k - m])
            .collect();
        table.push((1..).find(|g| !reached.contains(g)).unwrap_or(0));
    }
    table
}
