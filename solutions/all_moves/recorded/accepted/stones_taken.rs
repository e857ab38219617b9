//! Correct: counts the stones taken instead of the new size. Taking the whole heap
//! first (new size 0) and one stone last keeps the new sizes in increasing order.
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for taken in (1..=size).rev() {
            let mut next = heaps.to_vec();
            next[index] = size - taken;
            moves.push(next);
        }
    }
    moves
}
