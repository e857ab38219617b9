//! Treats an amount of 0 as a move. With a table filled with zeros in advance, the
//! "move" to the heap itself reads its not-yet-computed value 0, so every heap seems
//! to reach a 0 and none has Grundy number 0.
// expect: wrong answer
// expect: With moves [0], the Grundy number of a heap of 0 is 0, but you returned 1.
// expect: This move set contains 0, which is not a move
// expect-not: are larger than the heap of
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = vec![0; n + 1];
    for size in 0..=n {
        let mut seen = vec![false; moves.len() + 1];
        for &m in moves {
            if m <= size {
                seen[grundy[size - m]] = true;
            }
        }
        grundy[size] = seen.iter().position(|&s| !s).unwrap_or(seen.len());
    }
    grundy[n]
}
