//! Correct: a helper makes one move, as `apply_move` did, and a `while` loop walks
//! the new sizes of each heap from 0 upwards.
fn moved(heaps: &[u64], index: usize, new_size: u64) -> Vec<u64> {
    let mut next = heaps.to_vec();
    next[index] = new_size;
    next
}

pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for index in 0..heaps.len() {
        let mut new_size = 0;
        while new_size < heaps[index] {
            moves.push(moved(heaps, index, new_size));
            new_size += 1;
        }
    }
    moves
}
