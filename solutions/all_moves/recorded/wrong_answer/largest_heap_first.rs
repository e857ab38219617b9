//! Starts with the largest heap's moves, then the next largest, as if that were the
//! order asked for. Positions whose heaps already go from largest to smallest come out
//! right, `[2, 1]` among them, which code that loops over new sizes outside and heaps
//! inside gets wrong: that is not this code's mistake.
// expect: wrong answer
// expect: Every move is there, but not in the exercise's order
// expect-not: all of heap 0's moves come first
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut order: Vec<usize> = (0..heaps.len()).collect();
    order.sort_by_key(|&index| std::cmp::Reverse(heaps[index]));
    let mut moves = Vec::new();
    for index in order {
        for new_size in 0..heaps[index] {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves
}
