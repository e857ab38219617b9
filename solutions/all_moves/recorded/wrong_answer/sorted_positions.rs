//! Sorts each new position, as a game search does to share its memo between
//! positions that differ only in order: here it puts heaps in the wrong places.
//! `[1, 1]` gives `[[0, 1], [0, 1]]` instead of `[[0, 1], [1, 0]]`.
// expect: wrong answer
// expect: input: heaps = [1, 1]
// expect: Keep every heap in its place: sort positions only where you want a canonical form (a memo key), not in the list of moves.
// expect-not: Keep every heap in its place, empty ones included
// expect-not: the new size must be smaller than the heap
// expect-not: copy the original for every move
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            next.sort_unstable();
            moves.push(next);
        }
    }
    moves
}
