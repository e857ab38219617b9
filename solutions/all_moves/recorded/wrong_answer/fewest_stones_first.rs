//! Lists every move, then sorts the list by the stones each move takes, fewest first,
//! as if the order were "small moves first" over the whole position. On `[2]` that
//! lists the new sizes from the top down, as code that counts the stones taken would,
//! but on `[2, 1]` it puts a move of heap 1 between two of heap 0: the order is by
//! stones taken, not new sizes listed backwards.
// expect: wrong answer
// expect: Every move is there, but not in the exercise's order
// expect-not: list the new sizes from 0 upwards
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let stones: u64 = heaps.iter().sum();
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves.sort_by_key(|next| stones - next.iter().sum::<u64>());
    moves
}
