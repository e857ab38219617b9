//! Gives each heap every size from 0 to the largest heap, except its own size: it
//! checks `new_size != size` instead of `new_size < size`, so small heaps grow.
//! `[0, 1]` gives `[[1, 1], [0, 0]]` instead of `[[0, 0]]`: heap 0 grew from 0 to 1.
// expect: wrong answer
// expect: heap 0 grows from 0 to 1
// expect: A move only takes stones away: the new size must be smaller than the heap (new_size < size), not just different.
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..=largest {
            if new_size != size {
                let mut next = heaps.to_vec();
                next[index] = new_size;
                moves.push(next);
            }
        }
    }
    moves
}
