//! Reference solution: reduce a heap that has the nim-sum's highest set bit.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Returns a move that leaves a nim-sum of 0, or `None` when there is none.
pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |sum, &heap| sum ^ heap);
    if nim_sum == 0 {
        return None;
    }
    // `heap ^ nim_sum < heap` holds exactly for the heaps with nim_sum's highest bit.
    heaps
        .iter()
        .enumerate()
        .find(|&(_, &heap)| heap ^ nim_sum < heap)
        .map(|(heap_index, &heap)| Move {
            heap_index,
            remove: heap - (heap ^ nim_sum),
            new_size: heap ^ nim_sum,
        })
}
