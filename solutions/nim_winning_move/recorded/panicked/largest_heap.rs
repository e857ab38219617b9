//! Chooses the heap by size (the largest) instead of by the nim-sum's highest bit: on
//! 2 2 1 (X = 1) the largest heap would grow from 2 to 3, and `heap - new_size`
//! underflows (a panic in a debug build; "take -1" in a language that wraps).
// expect: panicked
// expect: attempt to subtract with overflow
// expect: a ^ X < a

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    // The largest heap is surely big enough to reduce... not always.
    let (heap_index, &heap) = heaps.iter().enumerate().max_by_key(|&(_, &heap)| heap)?;
    if nim_sum == 0 {
        return None;
    }
    let new_size = heap ^ nim_sum;
    Some(Move {
        heap_index,
        remove: heap - new_size,
        new_size,
    })
}
