//! Returns the moves as `(heap_index, new_size)` pairs, as the moves lesson's sketch
//! does, instead of the positions they lead to: not the type the tests expect.
// expect: does not compile
// expect: The hidden tests call `all_moves(heaps: &[u64]) -> Vec<Vec<u64>>`: the signature must stay as the stub declares it.
// expect-not: [grader]
pub fn all_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            moves.push((index, new_size));
        }
    }
    moves
}
