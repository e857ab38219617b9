//! Reference solution: for each heap in order, each smaller size from 0 upwards, a
//! copy of the position with that one heap changed.

/// Returns every position one move away from `heaps`, ordered by heap, then by new
/// size (smallest first).
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        // An empty heap has no smaller size: `0..0` is empty.
        for new_size in 0..size {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves
}
