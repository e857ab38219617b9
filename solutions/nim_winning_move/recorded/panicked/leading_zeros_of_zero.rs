//! Computes the highest bit as `63 - nim_sum.leading_zeros()` before checking for a
//! zero nim-sum: `leading_zeros(0)` is 64, and 63 - 64 underflows (a panic in a debug
//! build) on every losing position, starting with the empty one.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: `63 - x.leading_zeros()` underflows when x is 0

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    // Underflows when nim_sum is 0: leading_zeros(0) is 64.
    let high_bit = 63 - nim_sum.leading_zeros();
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap >> high_bit & 1 == 1)?;
    let heap = heaps[heap_index];
    Some(Move {
        heap_index,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
