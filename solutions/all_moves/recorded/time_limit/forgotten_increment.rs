//! A `while` loop over the heaps that never moves on to the next heap: it lists the
//! moves of heap 0 again and again. `[0]` has no moves to list, so the loop spins
//! without end (and without using memory, so the time limit is what stops it).
// expect: time limit
// expect: input: heaps = [0]
// expect: or a loop that never ends
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    let mut index = 0;
    while index < heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves
}
