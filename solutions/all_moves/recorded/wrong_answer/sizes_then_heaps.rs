//! Loops over the new sizes outside and the heaps inside: every move is there, but
//! ordered by new size first. `[2, 1]` gives `[[0, 1], [2, 0], [1, 1]]` instead of
//! `[[0, 1], [1, 1], [2, 0]]`.
// expect: wrong answer
// expect: input: heaps = [2, 1]
// expect: all of heap 0's moves come first, then heap 1's; loop over the heaps outside and the new sizes inside.
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut moves = Vec::new();
    for new_size in 0..largest {
        for (index, &size) in heaps.iter().enumerate() {
            if new_size < size {
                let mut next = heaps.to_vec();
                next[index] = new_size;
                moves.push(next);
            }
        }
    }
    moves
}
