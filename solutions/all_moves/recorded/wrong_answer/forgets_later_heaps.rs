//! Builds each new position from the heaps before the one it changes and the new size,
//! and forgets the heaps after it: only the last heap's moves come out whole. Where
//! only empty heaps follow (`[1, 0]` gives `[[0]]`), the list looks like one that drops
//! empty heaps, but this code drops heaps with stones too.
// expect: wrong answer
// expect: is not one move from
// expect-not: a position after a move has as many heaps as before
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let mut next = heaps[..index].to_vec();
            next.push(new_size);
            moves.push(next);
        }
    }
    moves
}
