//! Tries every new size below the largest heap and keeps those that fit, with `<=`
//! where `<` is meant: a smaller heap gets its own size as a "move", the position
//! itself. The largest heap's moves come out right, so a position of equal heaps
//! passes, which code that loops to each heap's own size (`0..=size`) gets wrong.
// expect: wrong answer
// expect: it is the position itself, which takes 0 stones
// expect-not: the new sizes of a heap of a are 0..a (a - 1 at most)
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..largest {
            if new_size <= size {
                let mut next = heaps.to_vec();
                next[index] = new_size;
                moves.push(next);
            }
        }
    }
    moves
}
