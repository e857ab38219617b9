//! Sizes its mex flags by the number of amounts, forgetting that a mex over k values
//! can be k itself: with moves [1], heap 1 has Grundy number 1, one past the single
//! flag, and the flag for it is out of bounds.
// expect: panicked
// expect: index out of bounds
// expect: Your flags have 1 slot, but a mex over 1 value can be 1 itself: they need 2
// expect: With these moves, heap 1 has Grundy number 1.
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy: Vec<usize> = Vec::with_capacity(n + 1);
    for size in 0..=n {
        let mut seen = vec![false; moves.len()];
        for &amount in moves {
            if (1..=size).contains(&amount) {
                seen[grundy[size - amount]] = true;
            }
        }
        grundy.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    grundy[n]
}
