//! Tidies each new position by dropping its empty heaps: the same game, but not the
//! same list, and heaps change places. `[1]` gives `[[]]` instead of `[[0]]`.
// expect: wrong answer
// expect: input: heaps = [1]
// expect: Keep every heap in its place, empty ones included: a position after a move has as many heaps as before, and only one of them changed.
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            next.retain(|&heap| heap > 0);
            moves.push(next);
        }
    }
    moves
}
