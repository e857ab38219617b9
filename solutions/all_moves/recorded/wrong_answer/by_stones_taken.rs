//! Counts the stones taken from 1 upwards: every move is there, but the new sizes
//! come out largest first. `[2]` gives `[[1], [0]]` instead of `[[0], [1]]`.
// expect: wrong answer
// expect: input: heaps = [2]
// expect: within a heap, list the new sizes from 0 upwards (taking the whole heap first).
// expect-not: loop over the heaps outside
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for taken in 1..=size {
            let mut next = heaps.to_vec();
            next[index] = size - taken;
            moves.push(next);
        }
    }
    moves
}
