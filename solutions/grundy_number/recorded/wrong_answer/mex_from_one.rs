//! Takes as a heap's Grundy number the smallest number from 1 up that no move reaches,
//! as if a mex could not be 0: a heap with no move gets 1. It skips amounts of 0, but
//! with a 0 among the amounts its answers are those of code that counts 0 as a move
//! (which always sees its own heap's 0 among the values reached); with moves [] or [1]
//! it is just as wrong.
// expect: wrong answer
// expect: With moves [], the Grundy number of a heap of 0 is 0, but you returned 1.
// expect-not: This move set contains 0, which is not a move
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = Vec::with_capacity(n + 1);
    for size in 0..=n {
        let reached: Vec<usize> = moves
            .iter()
            .filter(|&&m| m >= 1 && m <= size)
            .map(|&m| grundy[size - m])
            .collect();
        let missing = (1..).find(|g| !reached.contains(g)).unwrap_or(0);
        grundy.push(missing);
    }
    grundy[n]
}
