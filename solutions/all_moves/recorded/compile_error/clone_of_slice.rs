//! Copies the position with `heaps.clone()`: on a `&[u64]` that copies the reference,
//! not the heaps, so `next` is still a shared slice that cannot be changed (and is
//! not a `Vec`). `heaps.to_vec()` makes the copy.
// expect: does not compile
// expect: error[E0594]: cannot assign to `next[_]`, which is behind a `&` reference
// expect-not: [grader]
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let next = heaps.clone();
            next[index] = new_size;
            moves.push(next.to_vec());
        }
    }
    moves
}
