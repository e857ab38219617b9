//! Correct: one working copy of the position; each move changes one heap, pushes a
//! clone, and the heap gets its size back before the next heap's moves.
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let total: u64 = heaps.iter().sum();
    let mut moves = Vec::with_capacity(total as usize);
    let mut position = heaps.to_vec();
    for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            position[index] = new_size;
            moves.push(position.clone());
        }
        position[index] = heaps[index];
    }
    moves
}
