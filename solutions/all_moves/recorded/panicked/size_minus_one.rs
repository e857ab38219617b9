//! Writes the new sizes as `0..=size - 1`: the same as `0..size` for a heap with
//! stones, but for an empty heap `0 - 1` underflows. `[0]` panics ("attempt to
//! subtract with overflow") instead of returning no moves.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: An empty heap has no moves, and `size - 1` underflows when size is 0
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..=size - 1 {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves
}
