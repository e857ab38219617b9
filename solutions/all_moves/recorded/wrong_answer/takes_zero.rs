//! Loops over `0..=size`, one size too many: the last "move" of each heap leaves it
//! as it was, taking no stones. `[0]` gives `[[0]]` instead of no moves, and `[1]`
//! gives `[[0], [1]]` instead of `[[0]]`.
// expect: wrong answer
// expect: input: heaps = [0]
// expect: A move takes at least one stone: the new sizes of a heap of a are 0..a (a - 1 at most), so the position itself is never in the list.
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..=size {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves
}
