//! Correct: finds the nim-sum's highest set bit with `63 - leading_zeros()`, only once
//! the nim-sum is known to be nonzero, and reduces the first heap with that bit.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    // nim_sum != 0, so leading_zeros is at most 63 and this cannot underflow.
    let high_bit = 63 - nim_sum.leading_zeros();
    let heap_index = heaps.iter().position(|&heap| heap >> high_bit & 1 == 1)?;
    let heap = heaps[heap_index];
    let new_size = heap ^ nim_sum;
    Some(Move {
        heap_index,
        remove: heap - new_size,
        new_size,
    })
}
