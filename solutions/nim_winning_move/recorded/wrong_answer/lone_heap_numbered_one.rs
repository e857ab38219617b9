//! Handles a position of one heap on its own ("take all of heap 1") and numbers that
//! heap from 1 there, while the general case counts heaps from 0 and gets them right:
//! every wrong answer names heap 1 of a single heap, but the code does count from 0.
// expect: wrong answer
// expect: There is no heap 1: the position has 1 heap, numbered 0.
// expect-not: indices are 0-based, so heap_index 0 is the first heap

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    if let [only] = heaps {
        // A single heap: the winning move takes all of it.
        return (*only > 0).then_some(Move {
            heap_index: 1,
            remove: *only,
            new_size: 0,
        });
    }
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
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
