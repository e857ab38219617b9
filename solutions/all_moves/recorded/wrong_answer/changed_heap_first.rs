//! Reads a position as a bag of heaps, where order does not matter, and puts the heap it
//! changed first, then the others. On `[2, 1]` that happens to give each move sorted,
//! `[[0, 1], [1, 1], [0, 2]]`, but the code sorts nothing: on `[3, 1]` it gives `[2, 1]`
//! where a sorted position would be `[1, 2]`.
// expect: wrong answer
// expect: is not one move from
// expect-not: sort positions only where you want a canonical form
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let mut next = vec![new_size];
            for (other, &heap) in heaps.iter().enumerate() {
                if other != index {
                    next.push(heap);
                }
            }
            moves.push(next);
        }
    }
    moves
}
