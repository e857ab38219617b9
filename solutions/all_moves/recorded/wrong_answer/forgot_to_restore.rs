//! Edits one working copy and never puts a heap back: after heap 0's moves it keeps
//! its last new size, so heap 1's moves also change heap 0. `[1, 1]` gives
//! `[[0, 1], [0, 0]]` instead of `[[0, 1], [1, 0]]`.
// expect: wrong answer
// expect: input: heaps = [1, 1]
// expect: Each move changes exactly one heap of the original position: copy the original for every move (or restore the heap you changed before moving on).
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    let mut position = heaps.to_vec();
    for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            position[index] = new_size;
            moves.push(position.clone());
        }
    }
    moves
}
