//! Keeps the reachable Grundy numbers in a fixed array of 8 flags, skipping larger
//! ones: right while a heap reaches at most 7 amounts' worth, wrong from 8 amounts on,
//! where a Grundy number can be 8 or more (up to 20 with 20 amounts).
// expect: wrong answer
// expect: the Grundy number of a heap of 9 is 9, but you returned 8.
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = vec![0; n + 1];
    for size in 0..=n {
        let mut seen = [false; 8];
        for &m in moves {
            if m >= 1 && m <= size && grundy[size - m] < 8 {
                seen[grundy[size - m]] = true;
            }
        }
        grundy[size] = seen.iter().position(|&s| !s).unwrap_or(8);
    }
    grundy[n]
}
