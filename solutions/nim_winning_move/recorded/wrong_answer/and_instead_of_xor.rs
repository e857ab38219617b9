//! Combines the heaps with `&` where `^` is meant. On [1, 1] the AND is 1, so it
//! takes a heap from a losing position; but on [1, 2, 3], also losing, the AND is 0 and
//! it rightly answers None, which code that moves from every losing position would
//! not: the mistake is the AND, not a missing check for a nim-sum of 0.
// expect: wrong answer
// expect: [0, 1] is a winning position: its nim-sum is 1
// expect-not: Compute the nim-sum first and return None when it is 0.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps
        .iter()
        .copied()
        .reduce(|acc, heap| acc & heap)
        .unwrap_or(0);
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[heap_index];
    Some(Move {
        heap_index,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
