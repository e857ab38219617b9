//! Reference solution: build the Grundy numbers bottom-up up to `n`.

/// Returns the Grundy number of a heap of `n` stones when a move removes an amount in
/// `moves`.
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy: Vec<usize> = Vec::with_capacity(n + 1);
    // A Grundy value is at most the number of moves, so the mex fits in moves.len() + 1.
    let mut seen = vec![false; moves.len() + 1];
    for size in 0..=n {
        seen.fill(false);
        for &amount in moves {
            if (1..=size).contains(&amount) {
                seen[grundy[size - amount]] = true;
            }
        }
        grundy.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    grundy[n]
}
