//! A `while` loop over the new sizes that never moves on to the next size: the first
//! heap with a stone pushes the same position forever. `[1]` never returns (here it
//! runs about 10 seconds before the 6 GB of memory are full: the time limit is first).
// expect: time limit
// expect: input: heaps = [1]
// expect: or a loop that never ends
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for index in 0..heaps.len() {
        let mut new_size = 0;
        while new_size < heaps[index] {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves
}
