//! Unwraps the search for a heap to reduce without handling a losing position: with a
//! nim-sum of 0 no heap has a ^ X < a, and `unwrap()` panics on None.
// expect: panicked
// expect: called `Option::unwrap()` on a `None` value
// expect: return None when the nim-sum is 0

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    // No check for a zero nim-sum: from a losing position no heap qualifies.
    let heap_index = heaps
        .iter()
        .position(|&heap| heap ^ nim_sum < heap)
        .unwrap();
    let heap = heaps[heap_index];
    Some(Move {
        heap_index,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
