//! Chooses the heap by size, "the first heap larger than X", instead of a heap with
//! X's highest bit. The smallest failure: a single heap of 1 has X = 1 and no heap
//! larger than 1, so it gives up on a winning position. (On 2 2 1 it would pick a heap
//! that grows, 2 -> 3; in a debug build that subtraction panics, see panicked/.)
// expect: wrong answer
// expect: [1] is a winning position: its nim-sum is 1
// expect: You returned None.
// expect: no heap is larger than the nim-sum
// expect-not: lowest set bit

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
    // The heap must be big enough to give up the nim-sum... or so it seems.
    let heap_index = heaps.iter().position(|&heap| heap > nim_sum)?;
    let heap = heaps[heap_index];
    let new_size = heap ^ nim_sum;
    Some(Move {
        heap_index,
        remove: heap - new_size,
        new_size,
    })
}
